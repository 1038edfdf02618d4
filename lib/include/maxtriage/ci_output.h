/*
 * ci_output.h - crash buckets and reports on the CI systems' own
 * surfaces (docs/ci.md): SARIF 2.1.0 for code scanning, GitHub workflow
 * commands (annotations) and the job summary's markdown, JUnit XML.
 * Renderers read results; they compute nothing.
 */
#ifndef MAXTRIAGE_CI_OUTPUT_H
#define MAXTRIAGE_CI_OUTPUT_H

#include "maxtriage/bucket.h"
#include "maxtriage/buf.h"
#include "maxtriage/stack_output.h"

typedef struct mt_ci_opts {
	/* the model repository's work tree (--repo), or NULL: source files
	 * under it are written relative to it */
	const char *repo_root;
	const char *tool_version; /* maxtriage's, for SARIF */
	/* stack: mt_rules_signature_id of the rules (bucket sets hold
	 * their own) */
	const char *signature_rules;
} mt_ci_opts;

/* GitHub shows at most this many error annotations per step
 * (actions/toolkit#734): the rest are summed up in one warning. */
#define MT_GITHUB_MAX_ERRORS 10

/* SARIF 2.1.0, one run: a result per bucket (per report for stack),
 * ruleId and partialFingerprints the fingerprint, the location the crash
 * point's model or kernel frame, every frame in stacks and codeFlows. */
void mt_bucket_render_sarif(mt_buf *out,
                            const mt_bucket_set *s,
                            const mt_ci_opts *o);
void mt_stack_render_sarif(mt_buf *out,
                           const mt_stack_input *in,
                           size_t n,
                           const mt_ci_opts *o);
/* One ::error workflow command per new bucket (every bucket without a
 * baseline), at most MT_GITHUB_MAX_ERRORS, then one ::warning for the
 * rest; escaped as actions/toolkit's command.ts escapes. */
void mt_bucket_render_github(mt_buf *out,
                             const mt_bucket_set *s,
                             const mt_ci_opts *o);
/* GitHub-flavoured markdown: a table of buckets (a job summary). */
void mt_bucket_render_markdown(mt_buf *out,
                               const mt_bucket_set *s,
                               const mt_ci_opts *o);
/* JUnit XML: a testcase per bucket, failed when new (every bucket
 * without a baseline), an erroring one per input not triaged. */
void mt_bucket_render_junit(mt_buf *out,
                            const mt_bucket_set *s,
                            const mt_ci_opts *o);

#endif
