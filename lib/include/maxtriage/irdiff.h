/*
 * irdiff.h - `maxtriage irdiff` as computed by lib/ir: every graph, every
 * stage and every transition of an input, with their counts and findings
 * (copies: they outlive the modules they were read from); the stage
 * texts for embedding; the unified diff of two stages.
 *
 * mt_irdiff_run parses the stages of each graph in order, keeping only
 * two modules alive at a time. Renderers (irdiff_output.h) read the
 * result and compute nothing.
 */
#ifndef MAXTRIAGE_IRDIFF_H
#define MAXTRIAGE_IRDIFF_H

#include "maxtriage/buf.h"
#include "maxtriage/ir.h"

typedef struct mt_irdiff_stage {
	const mt_ir_stage *stage; /* borrowed from the input */
	size_t index; /* position in the graph's stage list */
	mt_ir_stats stats;
	size_t nproblems; /* unreadable parts skipped, see problem */
	char *problem;
	int unreadable; /* could not be read at all */
} mt_irdiff_stage;

/* Findings of one transition that are the same but for their locations
 * (one rewrite in 80 layers), folded into one row for people: the
 * indices of its instances in the transition's array of kind, in order
 * (items[0] is the first). Computed by mt_irdiff_run; the renderers
 * print rows, the JSON every finding. */
typedef struct mt_irdiff_fold {
	mt_ir_finding_kind kind;
	uint64_t key; /* what the row says, hashed (equal: the same) */
	size_t *items;
	size_t n, cap;
} mt_irdiff_fold;

typedef struct mt_irdiff_step {
	size_t from, to; /* indices into the graph's stages */
	mt_ir_transition t;
	/* the findings as rows: fusions first, then placements,
	 * transfers, kernels, lowerings, each kind by first appearance */
	mt_irdiff_fold *folds;
	size_t nfolds, cap_folds;
	char *ir_diff; /* --show-ir: unified diff, or NULL */
	/* Dumps of other scopes written between from and to (tree and
	 * after-all inputs): "graph: stage", their changes are folded into
	 * this transition when they are nested in it. */
	char **between;
	size_t nbetween;
} mt_irdiff_step;

/* Transitions of one graph into stages of the same pass run on other
 * ops (a function pass, once per function of an after-all capture) that
 * found the same rows: folded into one for people. steps: indices into
 * the graph's steps, in order; counts: per row of the first step's
 * folds, its instances over the group; total: the counts added up. */
typedef struct mt_irdiff_stepgroup {
	size_t *steps;
	size_t n, cap;
	size_t *counts;
	mt_ir_counts total;
} mt_irdiff_stepgroup;

/* The stages of one graph that are one pass run on several ops
 * ("cse on func.func @f0", "cse on func.func @f1", ...): pass is the
 * stage name before " on ", stages indices into the graph's stages. */
typedef struct mt_irdiff_passgroup {
	char *pass;
	size_t *stages;
	size_t n, cap;
} mt_irdiff_passgroup;

typedef struct mt_irdiff_graph {
	const mt_ir_graph *graph; /* borrowed */
	mt_irdiff_stage *stages;
	size_t nstages;
	mt_irdiff_step *steps;
	size_t nsteps;
	/* For people (text, markdown, HTML; the JSON lists each): the
	 * graph's transitions in groups (step_group[i]: the group of step
	 * i; a group of one is a transition of its own), and its stages by
	 * pass when there are many (npassgroups 0: list every stage). */
	mt_irdiff_stepgroup *groups;
	size_t ngroups;
	size_t *step_group;
	mt_irdiff_passgroup *passgroups;
	size_t npassgroups;
	/* Graphs of a tree (one per function scope) that went through the
	 * same stages with the same findings are shown once: like_of is the
	 * index of the first such graph of the report (this one's own index
	 * when it is the first), nlike how many graphs are like the first
	 * one (set on the first). */
	size_t like_of, nlike;
} mt_irdiff_graph;

/* Where mt_irdiff_run is, for a progress line. */
typedef struct mt_irdiff_progress {
	const char *graph; /* borrowed, valid during the call */
	const char *stage;
	size_t index,
	        count; /* 1-based stage of the graph's range, range size */
	size_t done, total; /* bytes of this stage read, its size */
} mt_irdiff_progress;

typedef void (*mt_irdiff_progress_fn)(void *payload,
                                      const mt_irdiff_progress *p);

struct mt_irdiff_report;

/*
 * A report written as it is made (mt_irdiff_opts.sink), for a writer
 * that needs nothing across stages (the JSON): each graph is begun, each
 * of its stages and transitions is given once complete (a stage's
 * transition may come before the stage itself; each comes in order among
 * its kind), and the graph is ended. What is given is valid only during
 * the call and freed after it, so memory stays that of the two stages
 * being compared whatever the number of stages and graphs. Every
 * callback is optional; none may call back into irdiff.
 */
typedef struct mt_irdiff_sink {
	void *payload;
	void (*graph_begin)(void *payload,
	                    const struct mt_irdiff_report *r,
	                    const mt_irdiff_graph *g);
	void (*stage)(void *payload,
	              const struct mt_irdiff_report *r,
	              const mt_irdiff_graph *g,
	              const mt_irdiff_stage *st);
	void (*step)(void *payload,
	             const struct mt_irdiff_report *r,
	             const mt_irdiff_graph *g,
	             const mt_irdiff_step *sp);
	void (*graph_end)(void *payload,
	                  const struct mt_irdiff_report *r,
	                  const mt_irdiff_graph *g);
} mt_irdiff_sink;

typedef struct mt_irdiff_opts {
	const char *graph; /* only this graph (NULL: all) */
	const char *from, *to; /* stage name or index bounds, or NULL */
	const mt_ir_trace *trace; /* NULL: no tracing */
	const char *trace_spec; /* as the user wrote it */
	int show_ir;
	/* Optional (NULL: none), called on the caller's thread when a stage
	 * starts and ends being parsed (done == total) and, in stages over
	 * 64 MB, about every 16 MB read; it must not call back into irdiff. */
	mt_irdiff_progress_fn progress;
	void *progress_payload;
	/* Optional (NULL: the report keeps every stage and transition, for
	 * the writers that fold across them): the report streamed to sink.
	 * Its graphs then hold no stages or transitions and are not folded
	 * (like_of is a graph's own index); r->notes and r->unreadable are
	 * complete when mt_irdiff_run returns. */
	const mt_irdiff_sink *sink;
} mt_irdiff_opts;

typedef struct mt_irdiff_report {
	const mt_ir_input *input; /* borrowed */
	const mt_irdiff_opts *opts;
	mt_irdiff_graph *graphs;
	size_t ngraphs;
	size_t unreadable; /* stages that could not be read */
	/* what the reader of the findings should know, one line each
	 * (a capture without source locations), besides the input's */
	char **notes;
	size_t nnotes, cap_notes;
} mt_irdiff_report;

/*
 * Compare the stages of in. Returns 0; MT_ENOTFOUND when --graph, --from
 * or --to name nothing (err says which). Stages that cannot be read are
 * marked unreadable (counted in r->unreadable) and skipped.
 */
int mt_irdiff_run(mt_irdiff_report *r,
                  const mt_ir_input *in,
                  const mt_irdiff_opts *opts,
                  mt_error *err);
void mt_irdiff_report_release(mt_irdiff_report *r);

/* The text of one stage for a side-by-side view: its first bytes (a
 * copy; NULs inside are kept) and how many were cut. */
typedef struct mt_irdiff_excerpt {
	char *text; /* shown bytes, NUL-terminated; NULL when unreadable */
	size_t shown; /* bytes of text */
	size_t len; /* bytes of the whole stage (len - shown were cut) */
	int unreadable; /* the stage could not be read */
} mt_irdiff_excerpt;

typedef struct mt_irdiff_excerpts {
	mt_irdiff_excerpt **graphs; /* [graph][stage], as in the report */
	size_t *nstages; /* per graph */
	size_t ngraphs;
} mt_irdiff_excerpts;

/*
 * Map the text of every stage of r for embedding: up to per_stage bytes
 * of each, up to total in all, stages taken in order. Unreadable stages
 * are marked, not fatal. The excerpts are copies: they outlive r and
 * its input. Release with mt_irdiff_excerpts_release.
 */
void mt_irdiff_excerpts_load(mt_irdiff_excerpts *out,
                             const mt_irdiff_report *r,
                             size_t per_stage,
                             size_t total);
void mt_irdiff_excerpts_release(mt_irdiff_excerpts *x);

/* Unified diff of two stages with SSA names normalised (append to out). */
int mt_ir_show_diff(mt_buf *out,
                    const mt_ir_stage *a,
                    const mt_ir_stage *b,
                    mt_error *err);

#endif
