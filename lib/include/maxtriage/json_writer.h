/*
 * json_writer.h - the one streaming JSON writer every document goes through.
 *
 * A writer appends to an mt_buf or to a FILE* as values are given to it:
 * no tree is built, so a document costs its own size and composite
 * documents (report, run) nest their parts by calling the parts' writers
 * inside an open object. Nesting is tracked with a depth stack; every
 * value inside an object takes a key, every value inside an array or at
 * the top level takes NULL.
 *
 * Layout: MT_JSON_PRETTY writes jansson's JSON_INDENT(2) layout byte for
 * byte (2-space indent, ": " after a key, one member per line, "{}" and
 * "[]" when empty), so documents keep their shape whichever writer made
 * them; MT_JSON_COMPACT writes no whitespace at all.
 *
 * Strings: one UTF-8 policy. Valid UTF-8 (Unicode's well-formed byte
 * sequences, table 3-7) is copied; every maximal ill-formed subpart
 * (overlong forms, surrogates ED A0..BF, code points above U+10FFFF,
 * truncated sequences, stray continuation bytes) becomes one U+FFFD, the
 * practice Unicode recommends and Python's errors="replace" follows.
 * '"', '\\' and control characters below 0x20 are escaped (\b \f \n \r \t,
 * others \u00XX); nothing else is. Every document written is valid UTF-8
 * JSON whatever bytes the inputs held.
 *
 * Errors are sticky: a misuse (a key missing in an object, a key given in
 * an array, an end that does not match its begin, nesting deeper than
 * MT_JSON_MAXDEPTH) or a failed write is recorded and later calls do
 * nothing; mt_json_finish() reports it. Not thread-safe per writer.
 */
#ifndef MAXTRIAGE_JSON_WRITER_H
#define MAXTRIAGE_JSON_WRITER_H

#include "maxtriage/buf.h"

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define MT_JSON_MAXDEPTH 64

enum {
	MT_JSON_PRETTY = 0, /* jansson's JSON_INDENT(2) layout */
	MT_JSON_COMPACT = 1 /* no whitespace */
};

typedef struct mt_json {
	mt_buf *out; /* where text goes: the caller's buffer or &spill */
	mt_buf spill; /* the FILE* writer's staging buffer */
	FILE *fp; /* NULL when writing to a buffer */
	int flags;
	int err; /* first error, 0 while none */
	int depth; /* open containers; 0 at the top level */
	/* per depth: the container's closing byte, and whether it still
	 * holds no member ([0] is the top level) */
	char close[MT_JSON_MAXDEPTH + 1];
	unsigned char empty[MT_JSON_MAXDEPTH + 1];
} mt_json;

/* Start a writer appending to out (borrowed; it must outlive the writer).
 * flags: MT_JSON_PRETTY or MT_JSON_COMPACT. */
void mt_json_init_buf(mt_json *w, mt_buf *out, int flags);
/* Start a writer writing to fp (borrowed, not closed). Text is staged in
 * the writer and written in large pieces; mt_json_finish() writes the rest.
 */
void mt_json_init_file(mt_json *w, FILE *fp, int flags);

/* Open an object or array: key names it inside an object, NULL elsewhere. */
void mt_json_object_begin(mt_json *w, const char *key);
void mt_json_object_end(mt_json *w);
void mt_json_array_begin(mt_json *w, const char *key);
void mt_json_array_end(mt_json *w);

/* Scalars. A NULL s writes null; stringn takes <s, n> and may hold NULs
 * (written \u0000). Keys are cleaned like strings. */
void mt_json_string(mt_json *w, const char *key, const char *s);
void mt_json_stringn(mt_json *w, const char *key, const char *s, size_t n);
void mt_json_int(mt_json *w, const char *key, int64_t v);
void mt_json_uint64(mt_json *w, const char *key, uint64_t v);
/* jansson's real format: %.17g, ".0" added to integral values, exponent
 * without '+' or leading zeros. NaN and infinities, which JSON cannot
 * hold, are written null. */
void mt_json_double(mt_json *w, const char *key, double v);
void mt_json_bool(mt_json *w, const char *key, int v);
void mt_json_null(mt_json *w, const char *key);

/* End the document: every container must be closed. Writes a newline
 * after the document (as every command printed one), flushes a FILE*
 * writer and releases the writer's own memory (not fp, not out).
 * Returns 0, MT_EUSAGE on misuse, MT_ELIMIT past MT_JSON_MAXDEPTH, or
 * MT_EIO when a write failed (errno kept). */
int mt_json_finish(mt_json *w);

/* Give up the document: what a FILE* writer has not yet written is
 * dropped, and the writer's memory released. */
void mt_json_abandon(mt_json *w);

/*
 * A part of w's document written out of order: side starts where w is
 * now (same depth, same open containers, same members so far) and writes
 * to fp (a temporary file; NULL: side's own memory). Values given to
 * side are laid out as if given to w at this point; mt_json_join then
 * appends side's text to w and leaves w where side ended. It lets a
 * writer stream one array of an object while it is still writing an
 * earlier one (irdiff: a graph's transitions, known as its stages are).
 * side must end at the depth it started at.
 */
void mt_json_fork(mt_json *side, const mt_json *w, FILE *fp);
/* Append side's text to w (fp rewound and read to its end), take its
 * state, release side (not its fp). Returns w's error so far: side's
 * own, MT_EIO when fp could not be read back, MT_EUSAGE when side did
 * not end at w's depth. */
int mt_json_join(mt_json *w, mt_json *side);

/* Append s, cleaned to valid UTF-8 by the policy above but not quoted or
 * escaped, to out. For text renderers that want the same policy. */
void mt_json_utf8_clean(mt_buf *out, const char *s, size_t n);

#endif
