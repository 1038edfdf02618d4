/*
 * sarif.c - SARIF 2.1.0 (OASIS; the schema is testdata/ci/) for GitHub
 * code scanning and other SARIF readers: a result per bucket, or per
 * report for `stack`.
 *
 * ruleId and partialFingerprints are the fingerprint, so code scanning
 * keeps one alert per crash across runs as a baseline does; the result's
 * location is the crash point's model or kernel frame; every frame is in
 * stacks (innermost first, as SARIF's stack object wants) and in a code
 * flow (outermost first: the order the calls happened), which is what
 * GitHub shows as a path. A result with no source location points at
 * the dump it came from.
 */
#include "ci_int.h"

#include "maxtriage/json_writer.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SARIF_SCHEMA                                               \
	"https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/" \
	"os/schemas/sarif-schema-2.1.0.json"
/* the key of partialFingerprints: its version follows the fingerprint
 * algorithm's (signatures of another version are other keys) */
#define FP_KEY "maxtriage/fingerprint/v2"

_Static_assert(MT_SIGNATURE_VERSION == 2, "FP_KEY names the signature version");

/* What one result is made of, from a bucket or a report. */
typedef struct sarif_item {
	const char *fingerprint, *signature, *category, *kind;
	int quality;
	const mt_bucket_frame *frames;
	size_t nframes;
	int crash_point;
	const char *input; /* the dump */
	unsigned input_line; /* 0: unknown */
	size_t count; /* reports (buckets) */
	const mt_bucket_file *files; /* buckets */
	size_t nfiles;
	int baseline, is_new; /* baseline: a state to say */
} sarif_item;

/* SARIF's strings are never null: an unknown one is left out. */
static void opt_string(mt_json *w, const char *key, const char *s)
{
	if (s)
		mt_json_string(w, key, s);
}

/* RFC 3986: everything but the unreserved characters and '/' is
 * percent-encoded, so any path is a valid URI reference. */
static void uri_path(mt_buf *b, const char *p)
{
	static const char hex[] = "0123456789ABCDEF";

	for (; *p; p++) {
		unsigned char c = (unsigned char)*p;

		if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
		    (c >= '0' && c <= '9') || strchr("-._~/", c))
			mt_buf_putc(b, (char)c);
		else
			mt_buf_printf(b, "%%%c%c", hex[c >> 4], hex[c & 15]);
	}
}

/* artifactLocation of a file: relative to SRCROOT inside the
 * repository, file:///... when absolute, as given when relative. */
static void artifact(mt_json *w, const char *path, const mt_ci_opts *o)
{
	const char *rel = ci_repo_relative(path, o->repo_root);
	mt_buf u = MT_BUF_INIT;

	mt_json_object_begin(w, "artifactLocation");
	if (rel) {
		uri_path(&u, rel);
		mt_json_string(w, "uri", u.ptr);
		mt_json_string(w, "uriBaseId", "SRCROOT");
	} else {
		if (path[0] == '/')
			mt_buf_puts(&u, "file://");
		uri_path(&u, path);
		mt_json_string(w, "uri", u.ptr);
	}
	mt_json_object_end(w);
	mt_buf_release(&u);
}

/* A location object for a frame: its file and line when known, its
 * function as a logical location, its name as the message. */
static void frame_location(mt_json *w,
                           const char *key,
                           const mt_bucket_frame *f,
                           const mt_ci_opts *o)
{
	mt_json_object_begin(w, key);
	if (f->file) {
		mt_json_object_begin(w, "physicalLocation");
		artifact(w, f->file, o);
		if (f->line) {
			mt_json_object_begin(w, "region");
			mt_json_int(w, "startLine", f->line);
			mt_json_object_end(w);
		}
		mt_json_object_end(w);
	}
	if (f->name) {
		mt_json_array_begin(w, "logicalLocations");
		mt_json_object_begin(w, NULL);
		mt_json_string(w, "fullyQualifiedName", f->name);
		mt_json_string(w, "kind", "function");
		mt_json_object_end(w);
		mt_json_array_end(w);
	}
	mt_json_object_begin(w, "message");
	mt_json_string(w, "text", f->name ? f->name : "??");
	mt_json_object_end(w);
	mt_json_object_end(w);
}

static void message(mt_json *w, const sarif_item *it)
{
	mt_buf m = MT_BUF_INIT;

	mt_buf_printf(&m, "%s in %s code: %s", it->kind ? it->kind : "unknown",
	              it->category ? it->category : "unknown",
	              it->signature ? it->signature : "");
	if (it->count > 1)
		mt_buf_printf(&m, " (%zu reports in %zu files)", it->count,
		              it->nfiles);
	mt_json_object_begin(w, "message");
	mt_json_string(w, "text", m.ptr);
	mt_json_object_end(w);
	mt_buf_release(&m);
}

static void stacks(mt_json *w, const sarif_item *it, const mt_ci_opts *o)
{
	size_t i;

	mt_json_array_begin(w, "stacks");
	mt_json_object_begin(w, NULL);
	mt_json_object_begin(w, "message");
	mt_json_string(w, "text",
	               it->files ? "the example report's stack"
	                         : "the report's stack");
	mt_json_object_end(w);
	mt_json_array_begin(w, "frames");
	for (i = 0; i < it->nframes; i++) {
		mt_json_object_begin(w, NULL);
		frame_location(w, "location", &it->frames[i], o);
		opt_string(w, "module", it->frames[i].module);
		mt_json_object_end(w);
	}
	mt_json_array_end(w);
	mt_json_object_end(w);
	mt_json_array_end(w);
	/* a code flow is the calls in the order they were made */
	mt_json_array_begin(w, "codeFlows");
	mt_json_object_begin(w, NULL);
	mt_json_array_begin(w, "threadFlows");
	mt_json_object_begin(w, NULL);
	mt_json_array_begin(w, "locations");
	for (i = it->nframes; i-- > 0;) {
		mt_json_object_begin(w, NULL);
		frame_location(w, "location", &it->frames[i], o);
		opt_string(w, "module", it->frames[i].module);
		mt_json_int(w, "nestingLevel", (int64_t)(it->nframes - 1 - i));
		mt_json_object_end(w);
	}
	mt_json_array_end(w);
	mt_json_object_end(w);
	mt_json_array_end(w);
	mt_json_object_end(w);
	mt_json_array_end(w);
}

static void
result(mt_json *w, const sarif_item *it, size_t rule, const mt_ci_opts *o)
{
	const mt_bucket_frame *at =
	        ci_location_frame(it->frames, it->nframes, it->crash_point);
	size_t i;

	mt_json_object_begin(w, NULL);
	mt_json_string(w, "ruleId", it->fingerprint);
	mt_json_uint64(w, "ruleIndex", rule);
	mt_json_string(w, "level", "error");
	message(w, it);
	mt_json_array_begin(w, "locations");
	if (at) {
		frame_location(w, NULL, at, o);
	} else if (it->input && strcmp(it->input, "-")) {
		/* no source location: the dump itself */
		mt_json_object_begin(w, NULL);
		mt_json_object_begin(w, "physicalLocation");
		artifact(w, it->input, o);
		if (it->input_line) {
			mt_json_object_begin(w, "region");
			mt_json_int(w, "startLine", it->input_line);
			mt_json_object_end(w);
		}
		mt_json_object_end(w);
		mt_json_object_begin(w, "message");
		mt_json_string(w, "text",
		               "the crash dump (no source location)");
		mt_json_object_end(w);
		mt_json_object_end(w);
	}
	mt_json_array_end(w);
	mt_json_object_begin(w, "partialFingerprints");
	mt_json_string(w, FP_KEY, it->fingerprint);
	mt_json_object_end(w);
	if (it->baseline)
		mt_json_string(w, "baselineState",
		               it->is_new ? "new" : "unchanged");
	if (it->nframes)
		stacks(w, it, o);
	mt_json_object_begin(w, "properties");
	opt_string(w, "signature", it->signature);
	opt_string(w, "class", it->category);
	opt_string(w, "kind", it->kind);
	mt_json_string(
	        w, "signatureQuality",
	        mt_signature_quality_name((mt_signature_quality)it->quality));
	if (it->files) {
		mt_json_uint64(w, "count", it->count);
		mt_json_array_begin(w, "files");
		for (i = 0; i < it->nfiles; i++)
			mt_json_string(w, NULL, it->files[i].path);
		mt_json_array_end(w);
	}
	opt_string(w, "input", it->input);
	mt_json_object_end(w);
	mt_json_object_end(w);
}

/* A reportingDescriptor per distinct fingerprint (results refer to it
 * by ruleIndex). */
static void rule(mt_json *w, const sarif_item *it)
{
	mt_json_object_begin(w, NULL);
	mt_json_string(w, "id", it->fingerprint);
	mt_json_string(w, "name", "crash");
	mt_json_object_begin(w, "shortDescription");
	mt_json_string(w, "text", it->signature ? it->signature : "");
	mt_json_object_end(w);
	mt_json_object_begin(w, "defaultConfiguration");
	mt_json_string(w, "level", "error");
	mt_json_object_end(w);
	mt_json_object_end(w);
}

static void run_begin(mt_json *w, const mt_ci_opts *o)
{
	mt_json_object_begin(w, NULL);
	mt_json_string(w, "$schema", SARIF_SCHEMA);
	mt_json_string(w, "version", "2.1.0");
	mt_json_array_begin(w, "runs");
	mt_json_object_begin(w, NULL);
	mt_json_object_begin(w, "tool");
	mt_json_object_begin(w, "driver");
	mt_json_string(w, "name", "maxtriage");
	opt_string(w, "version", o->tool_version);
	opt_string(w, "semanticVersion", o->tool_version);
}

/* After the rules: the base URI of relative paths, then results. */
static void run_results(mt_json *w, const mt_ci_opts *o)
{
	mt_json_object_end(w); /* driver */
	mt_json_object_end(w); /* tool */
	if (o->repo_root) {
		mt_buf u = MT_BUF_INIT;

		mt_buf_puts(&u, "file://");
		uri_path(&u, o->repo_root);
		if (u.ptr[u.len - 1] != '/')
			mt_buf_putc(&u, '/');
		mt_json_object_begin(w, "originalUriBaseIds");
		mt_json_object_begin(w, "SRCROOT");
		mt_json_string(w, "uri", u.ptr);
		mt_json_object_end(w);
		mt_json_object_end(w);
		mt_buf_release(&u);
	}
	mt_json_array_begin(w, "results");
}

static void run_end(mt_json *w, const char *rules_id)
{
	mt_json_array_end(w); /* results */
	mt_json_object_begin(w, "properties");
	mt_json_int(w, "signature_version", MT_SIGNATURE_VERSION);
	mt_json_string(w, "signature_rules", rules_id);
	mt_json_object_end(w);
	mt_json_object_end(w); /* run */
	mt_json_array_end(w);
	mt_json_object_end(w);
}

static sarif_item bucket_item(const mt_bucket_set *s, const mt_bucket *b)
{
	sarif_item it;

	memset(&it, 0, sizeof(it));
	it.fingerprint = b->fingerprint;
	it.signature = b->signature;
	it.category = b->category;
	it.kind = b->kind;
	it.quality = b->quality;
	it.frames = b->frames;
	it.nframes = b->nframes;
	it.crash_point = b->crash_point;
	it.input = b->example;
	it.count = b->count;
	it.files = b->files;
	it.nfiles = b->nfiles;
	it.baseline = s->has_baseline;
	it.is_new = b->is_new;
	return it;
}

void mt_bucket_render_sarif(mt_buf *out,
                            const mt_bucket_set *s,
                            const mt_ci_opts *o)
{
	mt_json w;
	size_t i;

	mt_json_init_buf(&w, out, MT_JSON_PRETTY);
	run_begin(&w, o);
	mt_json_array_begin(&w, "rules");
	for (i = 0; i < s->n; i++) {
		sarif_item it = bucket_item(s, &s->buckets[i]);

		rule(&w, &it);
	}
	mt_json_array_end(&w);
	run_results(&w, o);
	for (i = 0; i < s->n; i++) {
		sarif_item it = bucket_item(s, &s->buckets[i]);

		result(&w, &it, i, o);
	}
	run_end(&w, s->signature_rules);
	(void)mt_json_finish(&w);
}

/* The rule index of each report: one rule per distinct fingerprint, in
 * the order first seen. */
static size_t stack_rules(mt_json *w,
                          const mt_stack_input *in,
                          size_t n,
                          size_t *index,
                          const char **seen)
{
	size_t i, j, k, nr = 0, ri = 0;

	for (i = 0; i < n; i++)
		for (j = 0; !in[i].error && j < in[i].nreports; j++) {
			const mt_report *r = &in[i].reports[j];

			for (k = 0; k < nr && strcmp(seen[k], r->fingerprint);
			     k++)
				;
			index[ri++] = k;
			if (k < nr)
				continue;
			seen[nr++] = r->fingerprint;
			{
				sarif_item it;

				memset(&it, 0, sizeof(it));
				it.fingerprint = r->fingerprint;
				it.signature = r->signature;
				rule(w, &it);
			}
		}
	return nr;
}

void mt_stack_render_sarif(mt_buf *out,
                           const mt_stack_input *in,
                           size_t n,
                           const mt_ci_opts *o)
{
	size_t i, j, total = 0, ri = 0, *index;
	const char **seen;
	mt_json w;

	for (i = 0; i < n; i++)
		total += in[i].error ? 0 : in[i].nreports;
	index = mt_calloc(total + 1, sizeof(*index));
	seen = mt_calloc(total + 1, sizeof(*seen));
	mt_json_init_buf(&w, out, MT_JSON_PRETTY);
	run_begin(&w, o);
	mt_json_array_begin(&w, "rules");
	(void)stack_rules(&w, in, n, index, seen);
	mt_json_array_end(&w);
	run_results(&w, o);
	for (i = 0; i < n; i++)
		for (j = 0; !in[i].error && j < in[i].nreports; j++) {
			const mt_report *r = &in[i].reports[j];
			mt_bucket_frame *frames;
			sarif_item it;
			size_t nf;
			int crash;

			mt_bucket_frames_of(&frames, &nf, &crash, r);
			memset(&it, 0, sizeof(it));
			it.fingerprint = r->fingerprint;
			it.signature = r->signature;
			it.category = mt_category_name(r->category);
			it.kind = mt_kind_name(r->kind);
			it.quality = (int)r->signature_quality;
			it.frames = frames;
			it.nframes = nf;
			it.crash_point = crash;
			it.input = in[i].path;
			it.input_line = r->first_line;
			it.count = 1;
			result(&w, &it, index[ri++], o);
			mt_bucket_frames_free(frames, nf);
		}
	run_end(&w, o->signature_rules);
	(void)mt_json_finish(&w);
	free(index);
	free(seen);
}
