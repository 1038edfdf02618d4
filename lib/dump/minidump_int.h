/*
 * minidump_int.h - what the parts of the minidump reader share:
 * minidump.c (the directory, contexts, the core streams), md_read.c
 * (bounds-checked access and strings) and md_extensions.c (Crashpad's
 * and Breakpad's own streams, Linux maps).
 */
#ifndef MAXTRIAGE_MINIDUMP_INT_H
#define MAXTRIAGE_MINIDUMP_INT_H

#include "maxtriage/minidump.h"

#include "maxtriage/buf.h"

#include <stdint.h>

#define MD_SIGNATURE 0x504d444du /* "MDMP" */
#define MD_VERSION 0xa793u /* low 16 bits of the version word */

/* Bounds for hostile input: far above what real writers produce. */
#define MAX_STREAMS 4096
#define MAX_THREADS 65536
#define MAX_MODULES 65536
#define MAX_MEMORY 1048576
#define MAX_ANNOTATIONS 4096
#define MAX_NAME 65536 /* bytes of a string */
#define MAX_TEXT_STREAM (64u << 20)
#define MAX_WARNINGS 64

enum {
	STREAM_THREAD_LIST = 3,
	STREAM_MODULE_LIST = 4,
	STREAM_MEMORY_LIST = 5,
	STREAM_EXCEPTION = 6,
	STREAM_SYSTEM_INFO = 7,
	STREAM_MEMORY64_LIST = 9,
	STREAM_MISC_INFO = 15,
	STREAM_THREAD_NAMES = 24,
	STREAM_BREAKPAD_INFO = 0x47670001,
	STREAM_LINUX_CPU_INFO = 0x47670003,
	STREAM_LINUX_PROC_STATUS = 0x47670004,
	STREAM_LINUX_LSB_RELEASE = 0x47670005,
	STREAM_LINUX_CMD_LINE = 0x47670006,
	STREAM_LINUX_AUXV = 0x47670008,
	STREAM_LINUX_MAPS = 0x47670009,
	STREAM_CRASHPAD_INFO = 0x43500001
};

#define CTX_AMD64 0x00100000u
#define CTX_AMD64_CONTROL 0x1u
#define CTX_AMD64_INTEGER 0x2u
#define CTX_ARM64 0x00400000u
#define CTX_ARM64_OLD 0x80000000u
#define CTX_AMD64_SIZE 1232u

#define CV_PDB70 0x53445352u /* "RSDS" */
#define CV_ELF 0x4270454cu /* "BpEL" */

typedef struct rd {
	const uint8_t *p;
	size_t n;
	mt_minidump *md;
	size_t cap_memory;
} rd;

/* md_read.c: every read checks offset and length against the file */

static inline uint16_t u16_at(const uint8_t *p)
{
	return (uint16_t)(p[0] | p[1] << 8);
}

static inline uint32_t u32_at(const uint8_t *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
	       (uint32_t)p[3] << 24;
}

static inline uint64_t u64_at(const uint8_t *p)
{
	return (uint64_t)u32_at(p) | (uint64_t)u32_at(p + 4) << 32;
}

/* Whether len bytes at off are inside the file. */
int md_fits(const rd *r, uint64_t off, uint64_t len);
/* A warning kept with the dump (at most MAX_WARNINGS). */
void md_warn(rd *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* n bytes as lower-case hex, to free. */
char *md_hex_of(const uint8_t *p, size_t n);
/* The MINIDUMP_STRING (UTF-16LE) at rva as UTF-8, or NULL after a
 * warning naming what. */
char *md_utf16_string(rd *r, uint32_t rva, const char *what);
/* A byte array (u32 length, bytes) at rva, or NULL; *len its length. */
const uint8_t *md_byte_array(rd *r, uint32_t rva, uint32_t *len);
/* A Crashpad UTF-8 string (u32 length, bytes) at rva, or NULL. */
char *md_utf8_string(rd *r, uint32_t rva, const char *what);
/* A count-prefixed array: see md_read.c. */
uint64_t md_counted(rd *r,
                    const char *what,
                    uint64_t off,
                    uint64_t len,
                    size_t size,
                    size_t max,
                    uint32_t *count);

/* md_extensions.c */
void md_read_crashpad_info(rd *r, uint64_t off, uint32_t len);
void md_read_breakpad_info(rd *r, uint64_t off, uint32_t len);
/* The executable mappings of md->maps, for modules no list names. */
void md_read_maps(mt_minidump *md);
/* The Pid: of a /proc status text, or 0. */
long md_pid_from_status(const char *status);

#endif
