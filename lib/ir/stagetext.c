/*
 * stagetext.c - the text of a stage, wherever it comes from: a file or
 * a byte range of one (mapped, never copied), an after-all snapshot put
 * together from the capture (compose.c), an op cut out of a tree file
 * (cut.c), or a tree scope's op rebuilt from nested dumps; mapped whole,
 * streamed, or parsed (ir_stage_parse_progress).
 */
#include "input_int.h"
#include "llvmir_int.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "maxtriage/buf.h"

/* Map the file of stage s: t->map is the whole file, t->ptr its range. */
static int text_map(mt_ir_text *t, const mt_ir_stage *s, mt_error *err)
{
	struct stat st;
	int fd;
	void *map;
	size_t off, len;

	memset(t, 0, sizeof(*t));
	fd = open(s->path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return mt_error_set(
		        err, errno == ENOENT ? MT_ENOTFOUND : MT_EIO,
		        "cannot open '%s': %s", s->path, strerror(errno));
	if (fstat(fd, &st) || !S_ISREG(st.st_mode)) {
		close(fd);
		return mt_error_set(err, MT_EIO, "cannot read '%s': %s",
		                    s->path,
		                    S_ISDIR(st.st_mode) ? "is a directory"
		                                        : strerror(errno));
	}
	off = s->off;
	len = s->len;
	if (off > (size_t)st.st_size)
		off = (size_t)st.st_size;
	if (len > (size_t)st.st_size - off)
		len = (size_t)st.st_size - off;
	if (!st.st_size) {
		close(fd);
		t->ptr = "";
		return 0;
	}
	/* One mapping of the whole file: the kernel pages it in as the
	 * parser walks it, and nothing is copied. */
	map = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
	close(fd);
	if (map == MAP_FAILED)
		return mt_error_set(err, MT_EIO, "cannot map '%s': %s", s->path,
		                    strerror(errno));
	t->map = map;
	t->maplen = (size_t)st.st_size;
	t->ptr = (const char *)map + off;
	t->len = len;
	return 0;
}

/* How a stage's text is wanted (text_open). */
enum {
	TEXT_PART = 1, /* a part of a rebuilt stage's, read again */
	TEXT_LEAN = 2 /* to be parsed: a cut op with only its aliases */
};

static int
text_open(mt_ir_text *t, const mt_ir_stage *s, int how, mt_error *err);

/* Append the text of stage f to *cat as a dump of a capture: with its
 * header line (a tree file starts with one; one is made if not). */
static int put_dump(mt_buf *cat, const mt_ir_stage *f, int how, mt_error *err)
{
	mt_ir_text t;
	int rc;

	rc = text_open(&t, f, how | TEXT_PART, err);
	if (rc)
		return rc;
	if (t.len < strlen(IR_DUMP_MARK) ||
	    memcmp(t.ptr, IR_DUMP_MARK, strlen(IR_DUMP_MARK)))
		mt_buf_puts(cat, IR_DUMP_MARK "After part //----- //\n");
	mt_buf_put(cat, t.ptr, t.len);
	if (t.len && t.ptr[t.len - 1] != '\n')
		mt_buf_putc(cat, '\n');
	mt_ir_text_release(&t);
	return 0;
}

/* The text of a rebuilt tree stage (s->parts): the files read one after
 * the other are an after-all capture, and the stage is its last
 * snapshot (capture.c). how: TEXT_PART when the text is a part of
 * another rebuilt stage's, read again by indentation; TEXT_LEAN. */
static int
rebuild_text(mt_buf *out, const mt_ir_stage *s, int how, mt_error *err)
{
	mt_buf cat = MT_BUF_INIT;
	mt_ir_capture *c = NULL;
	mt_ir_stage base;
	mt_ir_stage_src bsrc;
	size_t k, blen;
	int rc;

	memset(&base, 0, sizeof(base));
	memset(&bsrc, 0, sizeof(bsrc));
	base.path = s->path;
	base.len = SIZE_MAX;
	base.src = &bsrc;
	bsrc.cut = s->src->cut;
	bsrc.cutidx = s->src->cutidx;
	rc = put_dump(&cat, &base, how & TEXT_LEAN, err);
	blen = cat.len;
	for (k = 0; !rc && k < s->src->nparts; k++)
		rc = put_dump(&cat, &s->src->parts[k], how & TEXT_LEAN, err);
	if (rc)
		goto out;
	c = ir_capture_scan(cat.ptr, cat.len, 0);
	/* the parts go into the base's op, whatever op it is (a scope's
	 * own, not only a module), when the base has one */
	if (c && s->src->in_base && c->dumps[0].off < blen && c->n > 1) {
		for (k = 1; k < c->n; k++)
			c->dumps[k].base = 0;
		/* a part is read again, by indentation (a stage is parsed, as
		 * the after-all reader's snapshots are) */
		c->tree = 1;
		c->reindent = (how & TEXT_PART) != 0;
		ir_capture_compose(out, c, c->n - 1, cat.ptr);
		goto out;
	}
	if (!c || c->dumps[c->n - 1].module) {
		/* no op to put in (or the last dump is a module): as read */
		const ir_dump *d = c ? &c->dumps[c->n - 1] : NULL;

		if (d)
			mt_buf_put(out, cat.ptr + d->off, d->len);
		goto out;
	}
	ir_capture_compose(out, c, c->n - 1, cat.ptr);
out:
	ir_capture_free(c);
	mt_buf_release(&cat);
	return rc;
}

int mt_ir_text_open(mt_ir_text *t, const mt_ir_stage *s, mt_error *err)
{
	return text_open(t, s, 0, err);
}

/* t holds the text made into b instead of its file's mapping (b is
 * left empty). */
static void text_take(mt_ir_text *t, mt_buf *b)
{
	if (t->map)
		munmap(t->map, t->maplen);
	t->map = NULL;
	t->maplen = 0;
	t->len = b->len;
	t->own = mt_buf_detach(b);
	t->ptr = t->own;
}

static int
text_open(mt_ir_text *t, const mt_ir_stage *s, int how, mt_error *err)
{
	int rc;

	const mt_ir_stage_src *src = ir_src(s);

	if (src->nparts) {
		mt_buf b = MT_BUF_INIT;

		memset(t, 0, sizeof(*t));
		rc = rebuild_text(&b, s, how, err);
		if (rc) {
			mt_buf_release(&b);
			return rc;
		}
		t->len = b.len;
		t->own = mt_buf_detach(&b);
		t->ptr = t->own ? t->own : "";
		return 0;
	}
	rc = text_map(t, s, err);
	if (rc)
		return rc;
	if (src->llcap && t->map) {
		mt_buf b = MT_BUF_INIT;

		ir_llcap_compose(&b, src->llcap, src->dump, t->map);
		text_take(t, &b);
	} else if (src->capture && t->map) {
		mt_buf b = MT_BUF_INIT;

		ir_capture_compose(&b, src->capture, src->dump, t->map);
		text_take(t, &b);
	} else if (src->cut) {
		mt_buf b = MT_BUF_INIT;

		ir_capture_cut_at(&b, src->cutidx, t->ptr, t->len, src->cut,
		                  (how & TEXT_LEAN) != 0);
		text_take(t, &b);
	}
	return 0;
}

int ir_stage_text_stream(const mt_ir_stage *s,
                         void (*sink)(void *payload, const char *p, size_t n),
                         void *payload,
                         mt_error *err)
{
	mt_ir_text t;
	size_t off = 0;
	uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE);
	int rc;

	if (ir_src(s)->capture && !ir_src(s)->nparts) {
		rc = text_map(&t, s, err);
		if (rc)
			return rc;
		if (t.map)
			ir_capture_compose_stream(s->src->capture, s->src->dump,
			                          t.map, sink, payload);
		mt_ir_text_release(&t);
		return 0;
	}
	rc = mt_ir_text_open(&t, s, err);
	if (rc)
		return rc;
	/* a mapped file is read once: its pages are handed back behind */
	while (off < t.len) {
		size_t k = t.len - off < ((size_t)4 << 20) ? t.len - off
		                                           : (size_t)4 << 20;
		uintptr_t lo, hi;

		sink(payload, t.ptr + off, k);
		off += k;
		if (!t.map)
			continue;
		lo = (uintptr_t)t.map;
		hi = ((uintptr_t)t.ptr + off) & ~(page - 1);
		if (hi > lo)
			madvise((void *)lo, hi - lo, MADV_DONTNEED);
	}
	mt_ir_text_release(&t);
	return 0;
}

void mt_ir_text_release(mt_ir_text *t)
{
	if (t->map)
		munmap(t->map, t->maplen);
	free(t->own);
	memset(t, 0, sizeof(*t));
}

int ir_stage_delta(const mt_ir_stage *a,
                   const mt_ir_stage *b,
                   const mt_ir_capture *c,
                   int traced,
                   uint64_t **keys,
                   size_t *nkeys,
                   mt_error *err)
{
	mt_ir_text t;
	int rc;

	*keys = NULL;
	*nkeys = 0;
	if (!c || strcmp(a->path, b->path) || text_map(&t, b, err))
		return 0;
	rc = t.map ? ir_capture_delta(c, ir_src(a)->dump, ir_src(b)->dump,
	                              t.map, traced, keys, nkeys)
	           : 0;
	mt_ir_text_release(&t);
	return rc;
}

int ir_stage_same(const mt_ir_stage *a,
                  const mt_ir_stage *b,
                  const mt_ir_capture *c)
{
	mt_ir_text t;
	mt_error e;
	int rc;

	if (!c || strcmp(a->path, b->path) || text_map(&t, b, &e))
		return 0;
	rc = t.map ? ir_capture_same(c, ir_src(a)->dump, ir_src(b)->dump, t.map)
	           : 0;
	mt_ir_text_release(&t);
	return rc;
}

int ir_stage_parse_only(mt_ir_module **out,
                        const mt_ir_stage *s,
                        const mt_ir_capture *c,
                        const uint64_t *keys,
                        size_t nkeys,
                        mt_error *err)
{
	mt_ir_text t;
	mt_buf b = MT_BUF_INIT;
	int rc;

	*out = NULL;
	rc = text_map(&t, s, err);
	if (rc)
		return rc;
	if (t.map)
		ir_capture_compose_only(&b, c, ir_src(s)->dump, t.map, keys,
		                        nkeys);
	mt_ir_text_release(&t);
	rc = ir_parse(out, b.ptr ? b.ptr : "", b.len, 0, err);
	mt_buf_release(&b);
	return rc;
}

int mt_ir_stage_parse(mt_ir_module **out, const mt_ir_stage *s, mt_error *err)
{
	return ir_stage_parse_progress(out, s, NULL, NULL, NULL, err);
}

int ir_stage_parse_progress(mt_ir_module **out,
                            const mt_ir_stage *s,
                            ir_progress_fn progress,
                            void *payload,
                            mt_ir_module *spare,
                            mt_error *err)
{
	mt_ir_text t;
	int rc;

	*out = NULL;
	/* a cut op is parsed with the aliases it uses, not every alias of
	 * its file (the same ops, locations and attributes) */
	rc = text_open(&t, s, TEXT_LEAN, err);
	if (rc) {
		mt_ir_module_free(spare);
		return rc;
	}
	if (progress)
		progress(payload, 0, t.len);
	if (ir_src(s)->llvm)
		rc = ir_llvm_parse(out, t.ptr, t.len, spare, err);
	else
		rc = ir_parse_progress(out, t.ptr, t.len,
		                       t.map ? IR_PARSE_DROP : 0, progress,
		                       payload, spare, err);
	if (progress)
		progress(payload, t.len, t.len);
	mt_ir_text_release(&t);
	return rc;
}
