/*
 * textdiff.c - libgit2's git_diff_buffers as a unified diff into an
 * mt_buf. libgit2 is opened with dlopen on first use (lazylib.c), as
 * for blame (triage/blame.c): a run that diffs no text pays nothing.
 */
#include "maxtriage/textdiff.h"

#include <git2.h>
#include <string.h>

#include "maxtriage/lazylib.h"

static struct {
	int (*init)(void);
	int (*options_init)(git_diff_options *, unsigned int);
	int (*diff_buffers)(const void *,
	                    size_t,
	                    const char *,
	                    const void *,
	                    size_t,
	                    const char *,
	                    const git_diff_options *,
	                    git_diff_file_cb,
	                    git_diff_binary_cb,
	                    git_diff_hunk_cb,
	                    git_diff_line_cb,
	                    void *);
	const git_error *(*error_last)(void);
} git;

/* the soname of the libgit2 we were built against, then any */
static const char *const sonames[] = { "libgit2.so.1.5", "libgit2.so.1.6",
	                               "libgit2.so.1.7", "libgit2.so.1.8",
	                               "libgit2.so.1.9", "libgit2.so" };
static const mt_lazysym syms[] = {
	{ "git_libgit2_init", (void **)&git.init },
	{ "git_diff_options_init", (void **)&git.options_init },
	{ "git_diff_buffers", (void **)&git.diff_buffers },
	{ "git_error_last", (void **)&git.error_last },
};
static mt_lazylib libgit2 = MT_LAZYLIB_INIT(sonames, syms);

static int
on_hunk(const git_diff_delta *delta, const git_diff_hunk *h, void *payload)
{
	(void)delta;
	mt_buf_printf(payload, "@@ -%d,%d +%d,%d @@\n", h->old_start,
	              h->old_lines, h->new_start, h->new_lines);
	return 0;
}

static int on_line(const git_diff_delta *delta,
                   const git_diff_hunk *h,
                   const git_diff_line *l,
                   void *payload)
{
	mt_buf *out = payload;

	(void)delta;
	(void)h;
	switch (l->origin) {
	case GIT_DIFF_LINE_CONTEXT:
	case GIT_DIFF_LINE_ADDITION:
	case GIT_DIFF_LINE_DELETION:
		mt_buf_putc(out, l->origin);
		mt_buf_put(out, l->content, l->content_len);
		if (!l->content_len || l->content[l->content_len - 1] != '\n')
			mt_buf_putc(out, '\n');
		break;
	default: /* the "no newline at end of file" markers */
		break;
	}
	return 0;
}

int mt_textdiff(mt_buf *out,
                const char *a,
                size_t alen,
                const char *b,
                size_t blen,
                unsigned context,
                mt_error *err)
{
	git_diff_options o;
	const git_error *e;

	if (mt_lazylib_load(&libgit2, err) != 0)
		return MT_EUNSUPPORTED;
	git.init();
	if (git.options_init(&o, GIT_DIFF_OPTIONS_VERSION) < 0)
		goto fail;
	o.flags |= GIT_DIFF_PATIENCE | GIT_DIFF_FORCE_TEXT;
	o.context_lines = context;
	if (git.diff_buffers(a, alen, "a", b, blen, "b", &o, NULL, NULL,
	                     on_hunk, on_line, out) < 0)
		goto fail;
	return 0;
fail:
	e = git.error_last();
	return mt_error_set(err, MT_EFORMAT, "git_diff_buffers: %s",
	                    e && e->message ? e->message : "unknown error");
}
