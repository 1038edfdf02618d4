/*
 * test_dump.c - the minidump reader and the crash database, on public
 * minidumps from other projects' test data (testdata/dump/SOURCES.md).
 * Expected values come from those projects' own tests and expected
 * output (rust-minidump's test_minidump.rs and its linux_human snapshot,
 * Breakpad's minidump_unittest.cc and exploitability_unittest.cc), never
 * from this reader. Hostile input: every prefix of a real dump, and
 * headers that lie, give warnings and whatever could be read.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "maxtriage/buf.h"
#include "maxtriage/crashdb.h"
#include "maxtriage/minidump.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define DIR "testdata/dump/"

static mt_buf load(const char *name)
{
	mt_buf b = MT_BUF_INIT;

	assert_int_equal(mt_buf_read_file(&b, name), 0);
	return b;
}

static int has_warning(const mt_minidump *md, const char *part)
{
	size_t i;

	for (i = 0; i < md->nwarnings; i++)
		if (strstr(md->warnings[i], part))
			return 1;
	return 0;
}

/* rust-minidump testdata/linux-mini.dmp: the values its
 * minidump-stackwalk prints (tests/snapshots/..._linux_human.snap) and
 * test_linux_os_version asserts. */
static void test_linux_mini(void **state)
{
	mt_buf b = load(DIR "rust-minidump-linux-mini.dmp");
	mt_minidump md;
	mt_error err;
	const mt_md_thread *t;
	const mt_md_context *c;
	uint64_t word;
	size_t i, lines = 0;

	(void)state;
	assert_int_equal(mt_minidump_parse(&md, b.ptr, b.len, &err), 0);
	assert_int_equal(md.cpu, MT_CPU_X86_64);
	assert_string_equal(md.os, "Linux");
	assert_int_equal(md.ncpus, 4);
	assert_non_null(strstr(
	        md.os_version,
	        "4.9.60-linuxkit-aufs #1 SMP Mon Nov 6 16:00:12 UTC 2017"));
	assert_true(md.has_exception);
	assert_int_equal(md.exception_code, 11); /* Crash reason: SIGSEGV */
	assert_int_equal(md.exception_address, 0x45);
	t = mt_minidump_crashed_thread(&md);
	assert_non_null(t);
	assert_int_equal(t->tid, 1304);
	assert_true(md.has_exception_context);
	c = &md.exception_ctx;
	/* DWARF numbering: 0 rax 1 rdx 2 rcx 3 rbx 4 rsi 5 rdi 6 rbp 7 rsp */
	assert_int_equal(c->regs[0], 0xffffffffffffffffull);
	assert_int_equal(c->regs[1], 0x00007f5140efc000ull);
	assert_int_equal(c->regs[2], 0x00007f5140521b20ull);
	assert_int_equal(c->regs[3], 0x00007fff5ae4aa20ull);
	assert_int_equal(c->regs[4], 0);
	assert_int_equal(c->regs[5], 0x00007fff5ae4aab0ull);
	assert_int_equal(c->regs[6], 0x00007fff5ae4abb0ull);
	assert_int_equal(c->regs[7], 0x00007fff5ae4aa20ull);
	assert_int_equal(c->regs[10], 0x131);
	assert_int_equal(c->regs[11], 0x00007f5140aca4c0ull);
	assert_int_equal(c->regs[12], 0x401dc0);
	assert_int_equal(c->regs[13], 0x00007fff5ae4ac90ull);
	assert_int_equal(c->regs[14], 0x00007fff5ae4aab0ull);
	assert_int_equal(c->pc, 0x401d72);
	assert_int_equal(c->valid & 0x1ffff, 0x1ffff);
	/* Loaded modules: 8, the first 0x00400000 - 0x00419fff crash */
	assert_int_equal(md.nmodules, 8);
	assert_int_equal(md.modules[0].base, 0x400000);
	assert_int_equal(md.modules[0].base + md.modules[0].size - 1, 0x419fff);
	assert_non_null(strstr(md.modules[0].name, "/crash"));
	assert_non_null(md.modules[0].build_id);
	assert_non_null(mt_minidump_module_at(&md, 0x7f514017d830ull));
	assert_non_null(
	        strstr(mt_minidump_module_at(&md, 0x7f514017d830ull)->name,
	               "libc-2.23.so"));
	assert_int_equal(
	        mt_minidump_module_at(&md, 0x7f514015d000ull)->base +
	                mt_minidump_module_at(&md, 0x7f514015d000ull)->size - 1,
	        0x7f514031cfffull);
	/* Linux memory map count: 35 */
	assert_non_null(md.maps);
	for (i = 0; md.maps[i]; i++)
		lines += md.maps[i] == '\n';
	assert_int_equal(lines, 35);
	assert_int_equal(md.pid, 1304);
	/* the stack is dumped: frame 6's return address is at rsp 0x...abb8 */
	assert_int_equal(mt_minidump_read(&md, 0x7fff5ae4abb8ull, &word, 8), 8);
	assert_int_equal(word, 0x00007f514017d830ull);
	assert_int_equal(mt_minidump_read(&md, 0x10, &word, 8), 0);
	assert_int_equal(md.nwarnings, 0);
	mt_minidump_release(&md);
	mt_buf_release(&b);
}

static const mt_md_annotation *find_annotation(const mt_minidump *md,
                                               const char *key)
{
	size_t i;

	for (i = 0; i < md->nannotations; i++)
		if (!strcmp(md->annotations[i].key, key))
			return &md->annotations[i];
	return NULL;
}

/* rust-minidump testdata/simple-crashpad.dmp: test_crashpad_info. */
static void test_simple_crashpad(void **state)
{
	mt_buf b = load(DIR "rust-minidump-simple-crashpad.dmp");
	mt_minidump md;
	mt_error err;
	const mt_md_annotation *a;
	size_t i;
	int found = 0;

	(void)state;
	assert_int_equal(mt_minidump_parse(&md, b.ptr, b.len, &err), 0);
	assert_true(md.crashpad);
	assert_string_equal(md.report_id,
	                    "42f9de72-518a-43dd-97d7-8ddc328d3662");
	assert_string_equal(md.client_id,
	                    "6fd2b3b9-9833-4b2f-bbf7-0bcf501bad7e");
	a = find_annotation(&md, "hello");
	assert_non_null(a);
	assert_string_equal(a->scope, "process");
	assert_string_equal(a->value, "world");
	/* module 16's list annotation */
	for (i = 0; i < md.nannotations; i++)
		if (!strcmp(md.annotations[i].value, "abort() called")) {
			assert_string_equal(md.annotations[i].scope,
			                    md.modules[16].name);
			found = 1;
		}
	assert_true(found);
	mt_minidump_release(&md);
	mt_buf_release(&b);
}

/* Breakpad src/processor/testdata/minidump_crashpad_annotation.dmp:
 * TestMinidumpWithCrashpadAnnotations, the first module's annotation
 * objects in order. */
static void test_breakpad_annotations(void **state)
{
	mt_buf b = load(DIR "breakpad-minidump_crashpad_annotation.dmp");
	static const char *const names[] = { "exceptionReason", "exceptionName",
		                             "firstexception_bt",
		                             "firstexception",
		                             "CounterAnnotation" };
	mt_minidump md;
	mt_error err;
	const char *scope;
	size_t i, k = 0;

	(void)state;
	assert_int_equal(mt_minidump_parse(&md, b.ptr, b.len, &err), 0);
	assert_true(md.crashpad);
	for (i = 0;
	     i < md.nannotations && strcmp(md.annotations[i].key, names[0]);
	     i++)
		;
	assert_true(i < md.nannotations);
	scope = md.annotations[i].scope;
	for (; i < md.nannotations && k < 5; i++)
		if (!strcmp(md.annotations[i].scope, scope) &&
		    *md.annotations[i].key)
			assert_string_equal(md.annotations[i].key, names[k++]);
	assert_int_equal(k, 5);
	mt_minidump_release(&md);
	mt_buf_release(&b);
}

/* Breakpad's Linux dumps named for their crash (exploitability tests). */
static void test_breakpad_signals(void **state)
{
	mt_buf b = load(DIR "breakpad-linux_raise_sigabrt.dmp");
	mt_minidump md;
	mt_error err;

	(void)state;
	assert_int_equal(mt_minidump_parse(&md, b.ptr, b.len, &err), 0);
	assert_int_equal(md.exception_code, 6);
	assert_string_equal(md.os, "Linux");
	mt_minidump_release(&md);
	mt_buf_release(&b);
	b = load(DIR "breakpad-linux_null_dereference.dmp");
	assert_int_equal(mt_minidump_parse(&md, b.ptr, b.len, &err), 0);
	assert_int_equal(md.exception_code, 11);
	assert_int_equal(md.exception_address, 0);
	mt_minidump_release(&md);
	mt_buf_release(&b);
}

/* rust-minidump's fuzz-found files: the header parses. */
static void test_invalid_files(void **state)
{
	const char *files[] = { DIR "rust-minidump-invalid-range.dmp",
		                DIR "rust-minidump-invalid-record-count.dmp" };
	size_t i;

	(void)state;
	for (i = 0; i < 2; i++) {
		mt_buf b = load(files[i]);
		mt_minidump md;
		mt_error err;

		assert_int_equal(mt_minidump_parse(&md, b.ptr, b.len, &err), 0);
		assert_int_equal(md.nthreads, 0);
		mt_minidump_release(&md);
		mt_buf_release(&b);
	}
}

static void put32(mt_buf *b, size_t off, uint32_t v)
{
	b->ptr[off] = (char)v;
	b->ptr[off + 1] = (char)(v >> 8);
	b->ptr[off + 2] = (char)(v >> 16);
	b->ptr[off + 3] = (char)(v >> 24);
}

static uint32_t get32(const mt_buf *b, size_t off)
{
	const unsigned char *p = (const unsigned char *)b->ptr + off;

	return p[0] | p[1] << 8 | p[2] << 16 | (uint32_t)p[3] << 24;
}

/* The directory entry of stream type in b: its offset, or 0. */
static size_t entry_of(const mt_buf *b, uint32_t type)
{
	uint32_t n = get32(b, 8), rva = get32(b, 12), i;

	for (i = 0; i < n; i++)
		if (get32(b, rva + 12 * i) == type)
			return rva + 12 * i;
	return 0;
}

/* Headers that lie: each costs its stream, with a warning naming it;
 * the rest is read. */
static void test_lying_headers(void **state)
{
	mt_buf b = load(DIR "rust-minidump-linux-mini.dmp");
	mt_minidump md;
	mt_error err;
	size_t e;

	(void)state;
	/* a thread list whose count claims a million threads */
	e = entry_of(&b, 3);
	assert_true(e != 0);
	put32(&b, get32(&b, e + 8), 1000000);
	assert_int_equal(mt_minidump_parse(&md, b.ptr, b.len, &err), 0);
	assert_int_equal(md.nthreads, 0);
	assert_true(
	        has_warning(&md, "thread list stream claims 1000000 entries"));
	assert_int_equal(md.nmodules, 8); /* the rest is read */
	mt_minidump_release(&md);
	mt_buf_release(&b);

	/* a module list whose data lies past the end of the file */
	b = load(DIR "rust-minidump-linux-mini.dmp");
	e = entry_of(&b, 4);
	put32(&b, e + 8, (uint32_t)b.len - 8);
	assert_int_equal(mt_minidump_parse(&md, b.ptr, b.len, &err), 0);
	assert_int_equal(md.nmodules, 0);
	assert_true(has_warning(&md, "module list stream"));
	assert_int_equal(md.nthreads, 1);
	mt_minidump_release(&md);
	mt_buf_release(&b);

	/* a directory claiming more streams than the file holds */
	b = load(DIR "rust-minidump-linux-mini.dmp");
	put32(&b, 8, 4000);
	assert_int_equal(mt_minidump_parse(&md, b.ptr, b.len, &err), 0);
	assert_true(has_warning(&md, "stream directory claims 4000 entries"));
	mt_minidump_release(&md);
	/* a directory past the end: no minidump to read at all */
	put32(&b, 8, 14);
	put32(&b, 12, (uint32_t)b.len + 100);
	assert_int_equal(mt_minidump_parse(&md, b.ptr, b.len, &err),
	                 MT_EFORMAT);
	assert_non_null(strstr(err.msg, "past the end of the file"));
	mt_minidump_release(&md);
	mt_buf_release(&b);

	/* not a minidump */
	assert_int_equal(mt_minidump_parse(&md, "MDMZ", 4, &err), MT_EFORMAT);
	mt_minidump_release(&md);
}

/* Every prefix of a real dump parses without a crash (the sanitizer
 * builds run this) and never claims more memory than it holds. */
static void test_truncated(void **state)
{
	mt_buf b = load(DIR "rust-minidump-linux-mini.dmp");
	size_t n;

	(void)state;
	for (n = 0; n <= b.len; n += n < 512 ? 1 : 97) {
		char *copy = malloc(n ? n : 1);
		mt_minidump md;
		mt_error err;
		size_t i;

		memcpy(copy, b.ptr, n);
		if (mt_minidump_parse(&md, copy, n, &err) == 0)
			for (i = 0; i < md.nmemory; i++)
				assert_true(md.memory[i].data +
				                    md.memory[i].size <=
				            (const uint8_t *)copy + n);
		mt_minidump_release(&md);
		free(copy);
	}
	mt_buf_release(&b);
}

static void put64(mt_buf *b, size_t off, uint64_t v)
{
	put32(b, off, (uint32_t)v);
	put32(b, off + 4, (uint32_t)(v >> 32));
}

/* An arm64 Linux dump made from the published layouts (Breakpad's
 * minidump_format.h and minidump_cpu_arm64.h: system info with
 * processor_architecture 12, a thread whose MDRawContextARM64 holds
 * context_flags, cpsr, then x0..x28, fp, lr, sp, pc): no real arm64
 * minidump is at hand, so this checks the layout, not a writer. */
static void test_arm64_layout(void **state)
{
	mt_buf b = MT_BUF_INIT;
	mt_minidump md;
	mt_error err;
	size_t sys = 32 + 3 * 12, thr = sys + 56, ctx = thr + 4 + 48,
	       stack = ctx + 912, end = stack + 64, i;

	(void)state;
	mt_buf_grow(&b, end);
	memset(b.ptr, 0, end);
	b.len = end;
	memcpy(b.ptr, "MDMP", 4);
	put32(&b, 4, 0xa793);
	put32(&b, 8, 3);
	put32(&b, 12, 32);
	put32(&b, 32, 7); /* system info */
	put32(&b, 36, 56);
	put32(&b, 40, (uint32_t)sys);
	put32(&b, 44, 3); /* thread list */
	put32(&b, 48, 4 + 48);
	put32(&b, 52, (uint32_t)thr);
	put32(&b, 56, 5); /* memory list: none */
	put32(&b, 60, 4);
	put32(&b, 64, (uint32_t)(stack + 60));
	b.ptr[sys] = 12; /* PROCESSOR_ARCHITECTURE_ARM64 */
	put32(&b, sys + 20, 0x8201); /* Linux */
	put32(&b, thr, 1);
	put32(&b, thr + 4, 77); /* tid */
	put64(&b, thr + 4 + 24, 0x7ff000); /* stack start */
	put32(&b, thr + 4 + 32, 64);
	put32(&b, thr + 4 + 36, (uint32_t)stack);
	put32(&b, thr + 4 + 40, 912);
	put32(&b, thr + 4 + 44, (uint32_t)ctx);
	put32(&b, ctx, 0x00400007); /* MD_CONTEXT_ARM64_FULL */
	for (i = 0; i < 33; i++)
		put64(&b, ctx + 8 + 8 * i, 0x1000 + i);
	assert_int_equal(mt_minidump_parse(&md, b.ptr, b.len, &err), 0);
	assert_int_equal(md.cpu, MT_CPU_ARM64);
	assert_int_equal(md.nthreads, 1);
	assert_true(md.threads[0].has_context);
	assert_int_equal(md.threads[0].ctx.cpu, MT_CPU_ARM64);
	assert_int_equal(md.threads[0].ctx.regs[0], 0x1000);
	assert_int_equal(md.threads[0].ctx.regs[29], 0x1000 + 29); /* fp */
	assert_int_equal(md.threads[0].ctx.regs[30], 0x1000 + 30); /* lr */
	assert_int_equal(md.threads[0].ctx.sp, 0x1000 + 31);
	assert_int_equal(md.threads[0].ctx.pc, 0x1000 + 32);
	mt_minidump_release(&md);
	mt_buf_release(&b);
}

/* A Crashpad database laid out as crash_report_database_generic.cc
 * writes it. */
static void write_file(const char *path, const void *data, size_t n)
{
	FILE *f = fopen(path, "wb");

	assert_non_null(f);
	assert_int_equal(fwrite(data, 1, n, f), n);
	fclose(f);
}

static void test_crashdb(void **state)
{
	char dir[] = "/tmp/mt-crashdb-XXXXXX";
	unsigned char meta[32 + 6] = { 0 };
	mt_buf p = MT_BUF_INIT;
	mt_crashdb_entry *e, latest;
	mt_error err;
	size_t n;
	const char *a = "0b4a8d3c-0000-4000-8000-000000000001",
	           *bb = "0b4a8d3c-0000-4000-8000-000000000002";

	(void)state;
	assert_non_null(mkdtemp(dir));
	assert_false(mt_crashdb_is(dir));
	mt_buf_printf(&p, "%s/pending", dir);
	assert_int_equal(mkdir(p.ptr, 0700), 0);
	mt_buf_clear(&p);
	mt_buf_printf(&p, "%s/completed", dir);
	assert_int_equal(mkdir(p.ptr, 0700), 0);
	mt_buf_clear(&p);
	mt_buf_printf(&p, "%s/attachments", dir);
	assert_int_equal(mkdir(p.ptr, 0700), 0);
	mt_buf_printf(&p, "/%s", bb);
	assert_int_equal(mkdir(p.ptr, 0700), 0);
	assert_true(mt_crashdb_is(dir));
	/* version 1, 2 attempts, created at 2000000000, uploaded, id "srv-42"
	 */
	meta[0] = 1;
	meta[4] = 2;
	meta[16] = 0x00;
	meta[17] = 0x94;
	meta[18] = 0x35;
	meta[19] = 0x77; /* 0x77359400 = 2000000000 */
	meta[24] = 1;
	memcpy(meta + 32, "srv-42", 6);
	mt_buf_clear(&p);
	mt_buf_printf(&p, "%s/completed/%s.dmp", dir, bb);
	write_file(p.ptr, "MDMP", 4);
	mt_buf_clear(&p);
	mt_buf_printf(&p, "%s/completed/%s.meta", dir, bb);
	write_file(p.ptr, meta, sizeof(meta));
	/* an older one, pending, and the same UUID again in pending */
	meta[24] = 0;
	meta[19] = 0x70;
	mt_buf_clear(&p);
	mt_buf_printf(&p, "%s/pending/%s.dmp", dir, a);
	write_file(p.ptr, "MDMP", 4);
	mt_buf_clear(&p);
	mt_buf_printf(&p, "%s/pending/%s.meta", dir, a);
	write_file(p.ptr, meta, 32);
	mt_buf_clear(&p);
	mt_buf_printf(&p, "%s/pending/%s.dmp", dir, bb);
	write_file(p.ptr, "MDMP", 4);

	assert_int_equal(mt_crashdb_list(&e, &n, dir, &err), 0);
	assert_int_equal(n, 2);
	assert_string_equal(e[0].uuid, a);
	assert_string_equal(e[0].state, "pending");
	assert_false(e[0].uploaded);
	assert_string_equal(e[1].uuid, bb);
	assert_string_equal(e[1].state, "completed");
	assert_int_equal(e[1].creation_time, 2000000000);
	assert_int_equal(e[1].upload_attempts, 2);
	assert_true(e[1].uploaded);
	assert_string_equal(e[1].server_id, "srv-42");
	assert_non_null(e[1].attachments);
	mt_crashdb_entries_free(e, n);
	assert_int_equal(mt_crashdb_latest(&latest, dir, &err), 0);
	assert_string_equal(latest.uuid, bb);
	mt_crashdb_entry_release(&latest);
	mt_buf_clear(&p);
	mt_buf_printf(&p, "rm -rf '%s'", dir);
	assert_int_equal(system(p.ptr), 0);
	mt_buf_release(&p);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_linux_mini),
		cmocka_unit_test(test_simple_crashpad),
		cmocka_unit_test(test_breakpad_annotations),
		cmocka_unit_test(test_breakpad_signals),
		cmocka_unit_test(test_invalid_files),
		cmocka_unit_test(test_lying_headers),
		cmocka_unit_test(test_truncated),
		cmocka_unit_test(test_arm64_layout),
		cmocka_unit_test(test_crashdb),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
