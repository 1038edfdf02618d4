/* test_ir_input.c - finding stages: MAX names and order, tree counters,
 * after-all captures. Each case writes its files into a fresh temporary
 * directory. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "maxtriage/buf.h"
#include "maxtriage/ir.h"
#include "maxtriage/irdiff_output.h"
/* white-box: the stages' private parts (what each layout made) */
#include "ir/input_int.h"
#include "maxtriage/textdiff.h"

static char root[256];

static void put(const char *rel, const char *text)
{
	mt_buf path = MT_BUF_INIT;
	char *slash;
	FILE *f;

	mt_buf_printf(&path, "%s/%s", root, rel);
	/* make the parent directories */
	for (slash = strchr(path.ptr + strlen(root) + 1, '/'); slash;
	     slash = strchr(slash + 1, '/')) {
		*slash = '\0';
		mkdir(path.ptr, 0700);
		*slash = '/';
	}
	f = fopen(path.ptr, "w");
	assert_non_null(f);
	fputs(text, f);
	fclose(f);
	mt_buf_release(&path);
}

static int setup(void **state)
{
	(void)state;
	snprintf(root, sizeof(root), "%s/mt-ir-input-XXXXXX",
	         getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp");
	return mkdtemp(root) ? 0 : -1;
}

static int teardown(void **state)
{
	mt_buf cmd = MT_BUF_INIT;
	int rc;

	(void)state;
	mt_buf_printf(&cmd, "rm -rf '%s'", root);
	rc = system(cmd.ptr);
	mt_buf_release(&cmd);
	return rc;
}

static const mt_ir_graph *graph(const mt_ir_input *in, const char *name)
{
	size_t i;

	for (i = 0; i < in->ngraphs; i++)
		if (!strcmp(in->graphs[i].name, name))
			return &in->graphs[i];
	fail_msg("no graph %s", name);
	return NULL;
}

static void max_stages_in_pipeline_order(void **state)
{
	const char *paths[] = { root };
	mt_ir_input *in;
	const mt_ir_graph *g;

	(void)state;
	/* alphabetical: mgp, mo, mo-pre-mogg, mo_1, mogg, mogg-pre-mgp */
	put("m.mgp.mlir", "\"mgp.buffer.alloc\"() : () -> ()\n");
	put("m.mogg.mlir", "\"mogg.kernel\"() : () -> ()\n");
	put("m.mo.mlir", "\"mo.add\"() : () -> ()\n");
	put("m.mo_1.mlir", "\"mo.add\"() : () -> ()\n");
	put("m.mogg-pre-mgp.mlir", "\"mogg.kernel\"() : () -> ()\n");
	put("m.mo-pre-mogg.mlir", "\"mo.add\"() : () -> ()\n");
	put("m.zz-custom.mlir",
	    "\"mgp.a\"() : () -> ()\n\"mgp.b\"() : () -> ()\n");
	put("m.kernels.mojo", "fn main(): pass\n");
	put("other.mo.mlir", "\"mo.add\"() : () -> ()\n");
	assert_int_equal(mt_ir_input_open(&in, paths, 1, NULL), 0);
	assert_int_equal(in->layout, MT_IR_LAYOUT_MAX);
	assert_int_equal(in->ngraphs, 2);
	g = graph(in, "m");
	assert_int_equal(g->nstages, 7);
	assert_string_equal(g->stages[0].name, "mo");
	assert_string_equal(g->stages[1].name, "mo_1");
	assert_string_equal(g->stages[2].name, "mo-pre-mogg");
	assert_string_equal(g->stages[3].name, "mogg");
	assert_string_equal(g->stages[4].name, "mogg-pre-mgp");
	assert_string_equal(g->stages[5].name, "mgp");
	/* unknown, MGP ops: after mgp, and said so */
	assert_string_equal(g->stages[6].name, "zz-custom");
	assert_true(g->stages[6].unknown);
	assert_int_equal(in->nnotes, 1);
	assert_non_null(strstr(in->notes[0], "zz-custom"));
	assert_int_equal(g->nmojo, 1);
	assert_int_equal(graph(in, "other")->nstages, 1);
	mt_ir_input_free(in);
}

static void tree_counters_are_numbers(void **state)
{
	const char *paths[] = { root };
	mt_ir_input *in;
	const mt_ir_graph *f, *m;

	(void)state;
	put("builtin_module_no-symbol-name/func_func_f/0_9_cse.mlir", "");
	put("builtin_module_no-symbol-name/func_func_f/0_10_canonicalize.mlir",
	    "");
	put("builtin_module_no-symbol-name/func_func_f/0_2_a.mlir",
	    "// -----// IR Dump Before A (a) //----- //\n");
	put("builtin_module_no-symbol-name/func_func_f/1_11_late.mlir", "");
	put("builtin_module_no-symbol-name/1_mod.mlir", "");
	put("builtin_module_no-symbol-name/2_last.mlir", "");
	assert_int_equal(mt_ir_input_open(&in, paths, 1, NULL), 0);
	assert_int_equal(in->layout, MT_IR_LAYOUT_TREE);
	f = graph(in, "builtin_module_no-symbol-name/func_func_f");
	assert_int_equal(f->nstages, 5);
	assert_string_equal(f->stages[0].name, "before:a");
	assert_string_equal(f->stages[1].name, "cse");
	assert_string_equal(f->stages[2].name, "canonicalize");
	/* the module pass ran between: f as 1_mod left it, then late */
	assert_string_equal(f->stages[3].name, "mod");
	assert_true(ir_src(&f->stages[3])->foreign &&
	            ir_src(&f->stages[3])->synthetic);
	assert_string_equal(ir_src(&f->stages[3])->cut, "func_func_f");
	assert_string_equal(f->stages[4].name, "late");
	assert_false(ir_src(&f->stages[4])->foreign);
	m = graph(in, "builtin_module_no-symbol-name");
	/* the module made of f's dumps before it (its input), 1_mod, the
	 * module as late left it (rebuilt), 2_last */
	assert_int_equal(m->nstages, 4);
	assert_string_equal(m->stages[0].name, "canonicalize");
	assert_true(ir_src(&m->stages[0])->foreign &&
	            ir_src(&m->stages[0])->synthetic);
	assert_string_equal(m->stages[1].name, "mod");
	assert_string_equal(m->stages[2].name, "late");
	assert_true(ir_src(&m->stages[2])->foreign &&
	            ir_src(&m->stages[2])->synthetic);
	assert_int_equal(ir_src(&m->stages[2])->nparts, 1);
	assert_string_equal(m->stages[2].path, m->stages[1].path);
	assert_string_equal(m->stages[3].name, "last");
	/* written order: 0_*, then 1_mod before 1_11_late, then 2_last */
	assert_true(ir_src(&f->stages[2])->order <
	            ir_src(&m->stages[1])->order);
	assert_true(ir_src(&m->stages[1])->order <
	            ir_src(&f->stages[4])->order);
	assert_true(ir_src(&f->stages[4])->order <
	            ir_src(&m->stages[3])->order);
	mt_ir_input_free(in);
}

/* Name and location of each op of stage s, one "name@loc" per line. */
static void stage_ops(const mt_ir_stage *s, mt_buf *out)
{
	mt_ir_module *m;
	size_t i;

	assert_int_equal(mt_ir_stage_parse(&m, s, NULL), 0);
	mt_buf_clear(out);
	for (i = 0; i < mt_ir_nops(m); i++) {
		char loc[200];

		mt_ir_loc_format(m, mt_ir_ops(m)[i].loc, loc, sizeof(loc));
		mt_buf_printf(out, "%s@%s\n",
		              mt_ir_str_get(m, mt_ir_ops(m)[i].name), loc);
	}
	mt_ir_module_free(m);
}

/* An after-all capture is one timeline of whole modules: a function
 * dump stands in the module it belongs to. */
static void after_all_capture_is_one_module_timeline(void **state)
{
	mt_buf path = MT_BUF_INIT;
	const char *paths[1];
	mt_ir_input *in;
	const mt_ir_graph *m;

	(void)state;
	put("cap.txt",
	    "noise before the first dump\n"
	    "// -----// IR Dump Before X (first-pass) //----- //\n"
	    "func.func @f() {\n  return\n}\n"
	    "// -----// IR Dump After X (first-pass) //----- //\n"
	    "func.func @f() {\n  return\n}\n"
	    "// -----// IR Dump Before Y (second) //----- //\n"
	    "func.func @f() {\n  return\n}\n"
	    "// -----// IR Dump After Y (second) //----- //\n"
	    "func.func @f() {\n  return\n}\n"
	    "// -----// IR Dump After Z (module-pass) ('builtin.module' "
	    "operation) //----- //\n"
	    "#loc = loc(\"a\":1:1)\nmodule {\n}\n");
	mt_buf_printf(&path, "%s/cap.txt", root);
	paths[0] = path.ptr;
	assert_int_equal(mt_ir_input_open(&in, paths, 1, NULL), 0);
	assert_int_equal(in->layout, MT_IR_LAYOUT_AFTERALL);
	assert_int_equal(in->ngraphs, 1);
	m = graph(in, "builtin.module");
	/* the first "before" is the input; later ones repeat an "after" */
	assert_int_equal(m->nstages, 4);
	assert_string_equal(m->stages[0].name,
	                    "before:first-pass on func.func @f");
	assert_string_equal(m->stages[1].name, "first-pass on func.func @f");
	assert_string_equal(m->stages[2].name, "second on func.func @f");
	assert_string_equal(m->stages[3].name, "module-pass");
	assert_true(ir_src(&m->stages[3])->order >
	            ir_src(&m->stages[2])->order);
	/* before any module dump, the function stands in a module */
	stage_ops(&m->stages[1], &path);
	assert_string_equal(path.ptr, "builtin.module@\nfunc.func@\n"
	                              "func.return@\n");
	mt_ir_input_free(in);
	mt_buf_release(&path);
}

/* A function dump replaces its function in the last module dump; each
 * dump numbers its own location aliases, so #loc1 of the function dump
 * is not #loc1 of the module dump. */
static void function_dump_replaces_its_function(void **state)
{
	mt_buf path = MT_BUF_INIT;
	const char *paths[1];
	mt_ir_input *in;
	const mt_ir_graph *m;

	(void)state;
	put("cap.txt",
	    "// -----// IR Dump After M (m) //----- //\n"
	    "#map = affine_map<(d0) -> (d0)>\n"
	    "module {\n"
	    "  func.func @f() {\n    return loc(#loc1)\n  } loc(#loc)\n"
	    "\n"
	    "  func.func private @g() {\n    return loc(#loc2)\n"
	    "  ^bb1:\n    return loc(#loc2)\n  } loc(#loc)\n"
	    "} loc(#loc)\n"
	    "#loc = loc(\"a.py\":1:1)\n#loc1 = loc(\"a.py\":2:1)\n"
	    "#loc2 = loc(\"a.py\":3:1)\n\n"
	    "// -----// IR Dump After P (p) //----- //\n"
	    "#map = affine_map<(d0) -> (d1)>\n"
	    "func.func private @g() {\n"
	    "  \"x.new\"() {m = #map} : () -> () loc(#loc1)\n"
	    "  return loc(\"#loc1\":7:7)\n} loc(#loc)\n"
	    "#loc = loc(\"b.py\":1:1)\n#loc1 = loc(\"b.py\":9:9)\n\n"
	    "// -----// IR Dump After P (p) //----- //\n"
	    "func.func @h() {\n  return loc(#loc)\n}\n"
	    "#loc = loc(\"c.py\":4:4)\n");
	mt_buf_printf(&path, "%s/cap.txt", root);
	paths[0] = path.ptr;
	assert_int_equal(mt_ir_input_open(&in, paths, 1, NULL), 0);
	m = graph(in, "builtin.module");
	assert_int_equal(m->nstages, 3);
	assert_string_equal(m->stages[1].name, "p on func.func @g");
	stage_ops(&m->stages[1], &path);
	assert_string_equal(path.ptr,
	                    "builtin.module@a.py:1:1\n"
	                    "func.func@a.py:1:1\nfunc.return@a.py:2:1\n"
	                    "func.func@b.py:1:1\nx.new@b.py:9:9\n"
	                    "func.return@#loc1:7:7\n");
	/* an op the module does not hold yet goes at its end */
	stage_ops(&m->stages[2], &path);
	assert_non_null(strstr(path.ptr,
	                       "x.new@b.py:9:9\nfunc.return@#loc1:7:7\n"
	                       "func.func@\nfunc.return@c.py:4:4\n"));
	mt_ir_input_free(in);
	mt_buf_release(&path);
}

/* Pass headers of every MLIR printer reduce to the pass argument, with
 * the op a nested pass ran on kept. The LLVM 19 forms are what
 * mlir-opt-19 prints (tests/e2e/irdiff_upstream.sh runs it); the newer
 * ones follow printIRHeader and Pass::printAsTextualPipeline in
 * llvm-project mlir/lib/Pass (IRPrinting.cpp at 02a580b0, Pass.cpp). */
static void dump_headers_of_every_printer(void **state)
{
	static const char *const want[] = {
		"before:convert-gpu-to-nvvm on gpu.module @k",
		"canonicalize",
		"canonicalize on func.func @f",
		"cse",
		"canonicalize on gpu.module @k",
		"ShapeInferencePass on func.func @main",
		"ShapeInferencePass",
		"Canonicalizer",
	};
	mt_buf path = MT_BUF_INIT;
	const char *paths[1];
	mt_ir_input *in;
	const mt_ir_graph *m;
	size_t i;

	(void)state;
	put("cap.txt",
	    "// -----// IR Dump Before ConvertGpuOpsToNVVMOps "
	    "(convert-gpu-to-nvvm) ('gpu.module' operation: @k) //----- //\n"
	    "module {\n}\n"
	    "// -----// IR Dump After Canonicalizer (canonicalize) //----- //\n"
	    "module {\n}\n"
	    "// -----// IR Dump After Canonicalizer (canonicalize) "
	    "('func.func' operation: @f) //----- //\n"
	    "module {\n}\n"
	    "// -----// IR Dump After CSEPass: cse{} ('builtin.module' "
	    "operation) //----- //\n"
	    "module {\n}\n"
	    "// -----// IR Dump After Canonicalizer Failed: canonicalize{  "
	    "max-iterations=10 region-simplify=normal top-down=true} "
	    "('gpu.module' operation: @k) //----- //\n"
	    "module {\n}\n"
	    "// -----// IR Dump After (anonymous namespace)::"
	    "ShapeInferencePass: unknown<(anonymous namespace)::"
	    "ShapeInferencePass> ('func.func' operation: @main) //----- //\n"
	    "module {\n}\n"
	    "// -----// IR Dump After (anonymous namespace)::"
	    "ShapeInferencePass () //----- //\n"
	    "module {\n}\n"
	    "// -----// IR Dump After Canonicalizer //----- //\n"
	    "module {\n}\n");
	mt_buf_printf(&path, "%s/cap.txt", root);
	paths[0] = path.ptr;
	assert_int_equal(mt_ir_input_open(&in, paths, 1, NULL), 0);
	assert_int_equal(in->ngraphs, 1);
	m = graph(in, "builtin.module");
	assert_int_equal(m->nstages, MT_ARRAY_SIZE(want));
	for (i = 0; i < MT_ARRAY_SIZE(want); i++)
		assert_string_equal(m->stages[i].name, want[i]);
	mt_ir_input_free(in);
	mt_buf_release(&path);
}

/* Text that quotes a header but holds no op (a comment, a log line) is
 * not a dump and makes no graph. */
static void dump_without_ops_is_no_graph(void **state)
{
	mt_buf path = MT_BUF_INIT;
	const char *paths[1];
	mt_ir_input *in;

	(void)state;
	put("cap.txt", "// -----// IR Dump After CSE (cse) //----- //\n"
	               "// a comment only\n\n"
	               "// -----// IR Dump After CSE (cse) //----- //\n"
	               "// leading comment\nfunc.func @f() {\n  return\n}\n");
	mt_buf_printf(&path, "%s/cap.txt", root);
	paths[0] = path.ptr;
	assert_int_equal(mt_ir_input_open(&in, paths, 1, NULL), 0);
	assert_int_equal(in->ngraphs, 1);
	assert_int_equal(graph(in, "builtin.module")->nstages, 1);
	assert_string_equal(graph(in, "builtin.module")->stages[0].name,
	                    "cse on func.func @f");
	mt_ir_input_free(in);
	mt_buf_release(&path);
}

/* A function pipeline prints Before/After per function: each function's
 * Before dump is its state until its pass runs, so no function's input is
 * lost, and the Before dumps make no stages of their own. */
static void before_dump_of_each_function(void **state)
{
	mt_buf path = MT_BUF_INIT;
	const char *paths[1];
	mt_ir_input *in;
	const mt_ir_graph *g;

	(void)state;
	put("cap.txt",
	    "// -----// IR Dump Before P (p) //----- //\n"
	    "func.func @f() {\n  return\n}\n"
	    "// -----// IR Dump After P (p) //----- //\n"
	    "func.func @f() {\n  return\n}\n"
	    "// -----// IR Dump Before P (p) //----- //\n"
	    "func.func @g() {\n  \"x.old\"() : () -> ()\n  return\n}\n"
	    "// -----// IR Dump After P (p) //----- //\n"
	    "func.func @g() {\n  return\n}\n");
	mt_buf_printf(&path, "%s/cap.txt", root);
	paths[0] = path.ptr;
	assert_int_equal(mt_ir_input_open(&in, paths, 1, NULL), 0);
	g = graph(in, "builtin.module");
	assert_int_equal(g->nstages, 3);
	assert_string_equal(g->stages[0].name, "before:p on func.func @f");
	assert_string_equal(g->stages[2].name, "p on func.func @g");
	stage_ops(&g->stages[1], &path);
	assert_non_null(strstr(path.ptr, "x.old"));
	stage_ops(&g->stages[2], &path);
	assert_null(strstr(path.ptr, "x.old"));
	mt_ir_input_free(in);
	mt_buf_release(&path);
}

/* Tree dirs: a "before:" file right after an "after" file of the same
 * scope repeats it and is dropped; after another scope's dump it is kept. */
/* The module of the nested-scope cases: gpu.func @k in two gpu.modules. */
static void put_nested(int whole)
{
	static const char *const mod =
	        "module {\n"
	        "  gpu.module @a {\n"
	        "    gpu.func @k() kernel {\n"
	        "      \"x.%s\"() : () -> () loc(#loc1)\n"
	        "      gpu.return\n"
	        "    }\n"
	        "  }\n"
	        "  gpu.module @b {\n"
	        "    gpu.func @k() kernel {\n"
	        "      \"x.%s\"() : () -> () loc(#loc1)\n"
	        "      gpu.return\n"
	        "    }\n"
	        "  }\n"
	        "}\n"
	        "#loc1 = loc(\"m.py\":1:1)\n";
	static const char *const func = "gpu.func @k() kernel {\n"
	                                "  \"x.%s\"() : () -> ()\n"
	                                "  gpu.return\n"
	                                "}\n";
	const char *d = "builtin_module_no-symbol-name";
	mt_buf t = MT_BUF_INIT, path = MT_BUF_INIT;
	/* file, its header's op, what a and b hold (whole: the module) */
	static const char *const files[][4] = {
		{ "0_out.mlir", "", "a0", "b0" },
		{ "gpu_module_a/gpu_func_k/0_0_0_p.mlir", "gpu.func", "a1",
		  "b0" },
		{ "gpu_module_b/gpu_func_k/0_0_0_p.mlir", "gpu.func", "a1",
		  "b1" },
		{ "gpu_module_a/0_1_q.mlir", "gpu.module", "a2", "b1" },
		{ "1_m.mlir", "", "a2", "b1" },
	};
	size_t i;

	for (i = 0; i < sizeof(files) / sizeof(files[0]); i++) {
		const char *op = files[i][1];
		const char *mine =
		        strstr(files[i][0], "_b/") ? files[i][3] : files[i][2];

		mt_buf_clear(&t);
		mt_buf_puts(&t, "// -----// IR Dump After X (x)");
		if (whole && *op)
			mt_buf_printf(&t, " ('%s' operation: @%s)", op,
			              strcmp(op, "gpu.func") ? "a" : "k");
		mt_buf_puts(&t, " //----- //\n");
		if (whole || !*op)
			mt_buf_printf(&t, mod, files[i][2], files[i][3]);
		else if (!strcmp(op, "gpu.func"))
			mt_buf_printf(&t, func, mine);
		else
			mt_buf_printf(&t, "gpu.module @a {\n  %s}\n",
			              "gpu.func @k() kernel {\n"
			              "    \"x.a2\"() : () -> ()\n"
			              "    gpu.return\n  }\n");
		mt_buf_clear(&path);
		mt_buf_printf(&path, "%s/%s", d, files[i][0]);
		put(path.ptr, t.ptr);
	}
	mt_buf_release(&t);
	mt_buf_release(&path);
}

/* Scopes nested in nested scopes: a gpu.module after its gpu.func's
 * pass, the module after both, each gpu.func cut by its path. */
static void tree_rebuilds_nested_scopes(void **state)
{
	const char *paths[] = { root };
	mt_buf ops = MT_BUF_INIT, want = MT_BUF_INIT;
	mt_ir_input *in;
	const mt_ir_graph *g;
	int whole;

	(void)state;
	for (whole = 0; whole < 2; whole++) {
		/* the op's own dump has no location, the module's has */
		const char *loc = whole ? "m.py:1:1" : "";

		if (whole) {
			teardown(NULL);
			assert_int_equal(setup(NULL), 0);
		}
		put_nested(whole);
		assert_int_equal(mt_ir_input_open(&in, paths, 1, NULL), 0);
		/* b's gpu.func @k: its input is b's, not a's */
		g = graph(in, "builtin_module_no-symbol-name/gpu_module_b/"
		              "gpu_func_k");
		assert_int_equal(g->nstages, 2);
		stage_ops(&g->stages[0], &ops);
		assert_non_null(strstr(ops.ptr, "x.b0@"));
		assert_null(strstr(ops.ptr, "x.a0@"));
		/* gpu.module @a before q: as p left its gpu.func */
		g = graph(in, "builtin_module_no-symbol-name/gpu_module_a");
		assert_int_equal(g->nstages, 2);
		assert_string_equal(g->stages[0].name, "p");
		assert_true(ir_src(&g->stages[0])->foreign);
		stage_ops(&g->stages[0], &ops);
		mt_buf_clear(&want);
		mt_buf_printf(&want,
		              "gpu.module@\ngpu.func@\nx.a1@%s\n"
		              "gpu.return@\n",
		              loc);
		assert_string_equal(ops.ptr, want.ptr);
		/* the module before m: a as q left it, b's gpu.func as p */
		g = graph(in, "builtin_module_no-symbol-name");
		assert_int_equal(g->nstages, 3);
		assert_true(ir_src(&g->stages[1])->foreign);
		stage_ops(&g->stages[1], &ops);
		mt_buf_clear(&want);
		mt_buf_printf(&want,
		              "builtin.module@\n"
		              "gpu.module@\ngpu.func@\nx.a2@%s\ngpu.return@\n"
		              "gpu.module@\ngpu.func@\nx.b1@%s\ngpu.return@\n",
		              loc, loc);
		assert_string_equal(ops.ptr, want.ptr);
		mt_ir_input_free(in);
	}
	mt_buf_release(&ops);
	mt_buf_release(&want);
}

/* An anonymous nested module (no symbol to find it by) is put back in
 * its place, once, as its own pass and then its function's left it. */
static void tree_rebuilds_anonymous_module(void **state)
{
	const char *paths[] = { root };
	static const char *const mod =
	        "// -----// IR Dump After A (a) //----- //\n"
	        "module {\n"
	        "  module {\n"
	        "    func.func @f() {\n"
	        "      \"x.old\"() : () -> ()\n"
	        "      return\n"
	        "    }\n"
	        "  }\n"
	        "}\n";
	const char *n = "builtin_module_no-symbol-name/"
	                "builtin_module_no-symbol-name";
	mt_buf ops = MT_BUF_INIT, path = MT_BUF_INIT;
	mt_ir_input *in;
	const mt_ir_graph *g;

	(void)state;
	put("builtin_module_no-symbol-name/0_a.mlir", mod);
	mt_buf_printf(&path, "%s/0_0_q.mlir", n);
	put(path.ptr, "// -----// IR Dump After Q (q) //----- //\n"
	              "module {\n"
	              "  \"x.mid\"() : () -> ()\n"
	              "  func.func @f() {\n"
	              "    \"x.old\"() : () -> ()\n"
	              "    return\n"
	              "  }\n"
	              "}\n");
	mt_buf_clear(&path);
	mt_buf_printf(&path, "%s/func_func_f/0_1_0_p.mlir", n);
	put(path.ptr, "// -----// IR Dump After P (p) //----- //\n"
	              "func.func @f() {\n"
	              "  \"x.new\"() : () -> ()\n"
	              "  return\n"
	              "}\n");
	put("builtin_module_no-symbol-name/1_m.mlir", mod);
	assert_int_equal(mt_ir_input_open(&in, paths, 1, NULL), 0);
	g = graph(in, "builtin_module_no-symbol-name");
	assert_int_equal(g->nstages, 3);
	assert_string_equal(g->stages[1].name, "p");
	stage_ops(&g->stages[1], &ops);
	assert_string_equal(ops.ptr, "builtin.module@\nbuiltin.module@\n"
	                             "x.mid@\nfunc.func@\nx.new@\n"
	                             "func.return@\n");
	mt_ir_input_free(in);
	mt_buf_release(&ops);
	mt_buf_release(&path);
}

/* Ops and locations of a parsed module, one "name@loc" per line. */
static void module_ops(const mt_ir_module *m, mt_buf *out)
{
	size_t i;

	mt_buf_clear(out);
	for (i = 0; i < mt_ir_nops(m); i++) {
		char loc[200];

		mt_ir_loc_format(m, mt_ir_ops(m)[i].loc, loc, sizeof(loc));
		mt_buf_printf(out, "%s@%s\n",
		              mt_ir_str_get(m, mt_ir_ops(m)[i].name), loc);
	}
}

/* A cut op is parsed with only the aliases it refers to (through fused
 * locations, defined in any order, a chain of them defined each after
 * its user: more passes than a cut reads without a table): the same ops
 * and locations as its whole text, whether the file is cut once or by
 * many stages. */
static void tree_cut_parses_with_its_aliases(void **state)
{
	const char *paths[] = { root };
	static const char *const mod =
	        "// -----// IR Dump After X (x) ('%s' operation%s) "
	        "//----- //\n"
	        "#map = affine_map<(d0) -> (d0)>\n"
	        "module {\n"
	        "  func.func @f() {\n"
	        "    \"x.f\"() {m = #map} : () -> () loc(#loc9)\n"
	        "    return loc(#loc2)\n"
	        "  }\n"
	        "  func.func @g() {\n"
	        "    \"x.g\"() : () -> () loc(#loc3)\n"
	        "    return\n"
	        "  }\n"
	        "  func.func @h() {\n"
	        "    \"x.h\"() : () -> () loc(#loc4)\n"
	        "    return\n"
	        "  }\n"
	        "}\n"
	        "#loc9 = loc(fused[#loc1, #loc5])\n"
	        "#loc1 = loc(\"a.py\":1:1)\n"
	        "#loc2 = loc(\"a.py\":2:2)\n"
	        "#loc3 = loc(\"a.py\":3:3)\n"
	        "#loc4 = loc(\"a.py\":4:4)\n"
	        "#loc5 = loc(\"n\"(#loc6))\n"
	        "#loc6 = loc(\"n2\"(#loc7))\n"
	        "#loc7 = loc(\"n3\"(#loc8))\n"
	        "#loc8 = loc(\"a.py\":6:6)\n";
	const char *fs[] = { "f", "g", "h" };
	mt_buf t = MT_BUF_INIT, a = MT_BUF_INIT, b = MT_BUF_INIT;
	mt_ir_input *in;
	size_t g, k;

	(void)state;
	mt_buf_printf(&t, mod, "builtin.module", "");
	put("builtin_module_no-symbol-name/0_x.mlir", t.ptr);
	for (k = 0; k < 3; k++) {
		mt_buf_clear(&t);
		mt_buf_printf(&a, ": @%s", fs[k]);
		mt_buf_printf(&t, mod, "func.func", a.ptr);
		mt_buf_clear(&a);
		mt_buf_printf(&a,
		              "builtin_module_no-symbol-name/func_func_%s/"
		              "0_0_y.mlir",
		              fs[k]);
		put(a.ptr, t.ptr);
		mt_buf_clear(&a);
	}
	assert_int_equal(mt_ir_input_open(&in, paths, 1, NULL), 0);
	for (g = 0; g < in->ngraphs; g++)
		for (k = 0; k < in->graphs[g].nstages; k++) {
			const mt_ir_stage *s = &in->graphs[g].stages[k];
			mt_ir_module *m;
			mt_ir_text x;

			stage_ops(s, &a);
			assert_int_equal(mt_ir_text_open(&x, s, NULL), 0);
			assert_int_equal(mt_ir_parse(&m, x.ptr, x.len, NULL),
			                 0);
			module_ops(m, &b);
			mt_ir_module_free(m);
			/* the whole text keeps every alias of the file */
			if (ir_src(s)->cut)
				assert_non_null(
				        memmem(x.ptr, x.len, "#loc4 =", 7));
			mt_ir_text_release(&x);
			assert_string_equal(a.ptr, b.ptr);
		}
	stage_ops(&graph(in, "builtin_module_no-symbol-name/func_func_f")
	                   ->stages[0],
	          &a);
	assert_non_null(strstr(a.ptr, "a.py:1:1"));
	assert_non_null(strstr(a.ptr, "a.py:6:6"));
	mt_ir_input_free(in);
	mt_buf_release(&t);
	mt_buf_release(&a);
	mt_buf_release(&b);
}

static void tree_drops_repeated_before(void **state)
{
	const char *paths[] = { root };
	mt_ir_input *in;
	const mt_ir_graph *f, *m;
	const char *b = "// -----// IR Dump Before X (x) //----- //\n";

	(void)state;
	put("builtin_module_no-symbol-name/func_func_f/0_0_a.mlir", b);
	put("builtin_module_no-symbol-name/func_func_f/0_1_a.mlir", "");
	put("builtin_module_no-symbol-name/func_func_f/0_2_b.mlir", b);
	put("builtin_module_no-symbol-name/func_func_f/0_3_b.mlir", "");
	put("builtin_module_no-symbol-name/1_m.mlir", b);
	put("builtin_module_no-symbol-name/2_m.mlir", "");
	put("builtin_module_no-symbol-name/func_func_f/2_4_c.mlir", b);
	put("builtin_module_no-symbol-name/func_func_f/2_5_c.mlir", "");
	assert_int_equal(mt_ir_input_open(&in, paths, 1, NULL), 0);
	f = graph(in, "builtin_module_no-symbol-name/func_func_f");
	assert_int_equal(f->nstages, 5);
	assert_string_equal(f->stages[0].name, "before:a");
	assert_string_equal(f->stages[1].name, "a");
	assert_string_equal(f->stages[2].name, "b");
	assert_string_equal(f->stages[3].name, "before:c");
	assert_string_equal(f->stages[4].name, "c");
	m = graph(in, "builtin_module_no-symbol-name");
	assert_int_equal(m->nstages, 2);
	assert_string_equal(m->stages[0].name, "before:m");
	mt_ir_input_free(in);
}

/* Tree dirs: a module pass after function passes is compared with the
 * module as they left it (its last dump, each function replaced by its
 * latest dump, aliases renamed), and a function pass after a module pass
 * with the function as the module pass left it; with module-scope
 * printing every file is the module and a scope's graph is its op. */
static void tree_rebuilds_the_module(void **state)
{
	const char *paths[] = { root };
	mt_ir_input *in;
	const mt_ir_graph *f, *g, *m;
	mt_buf ops = MT_BUF_INIT;
	const char *mod = "module {\n"
	                  "  func.func @f() {\n"
	                  "    \"x.old\"() : () -> () loc(#loc1)\n"
	                  "    return\n"
	                  "  }\n"
	                  "  func.func @g() {\n"
	                  "    \"x.g\"() : () -> () loc(#loc1)\n"
	                  "    return\n"
	                  "  }\n"
	                  "}\n"
	                  "#loc1 = loc(\"m.py\":1:1)\n";
	mt_buf a = MT_BUF_INIT;

	(void)state;
	mt_buf_printf(&a, "%s%s",
	              "// -----// IR Dump After CSE (cse) //----- //\n", mod);
	put("builtin_module_no-symbol-name/0_cse.mlir", a.ptr);
	put("builtin_module_no-symbol-name/func_func_f/0_0_p.mlir",
	    "// -----// IR Dump After P (p) //----- //\n"
	    "func.func @f() {\n"
	    "  \"x.new\"() : () -> () loc(#loc1)\n"
	    "  return\n"
	    "}\n"
	    "#loc1 = loc(\"f.py\":2:2)\n");
	put("builtin_module_no-symbol-name/1_m.mlir", a.ptr);
	put("builtin_module_no-symbol-name/func_func_g/1_0_q.mlir",
	    "// -----// IR Dump After Q (q) //----- //\n"
	    "func.func @g() {\n  return\n}\n");
	assert_int_equal(mt_ir_input_open(&in, paths, 1, NULL), 0);
	m = graph(in, "builtin_module_no-symbol-name");
	assert_int_equal(m->nstages, 3);
	assert_string_equal(m->stages[1].name, "p");
	assert_true(ir_src(&m->stages[1])->foreign);
	stage_ops(&m->stages[1], &ops);
	assert_string_equal(ops.ptr, "builtin.module@\n"
	                             "func.func@\n"
	                             "x.new@f.py:2:2\n"
	                             "func.return@\n"
	                             "func.func@\n"
	                             "x.g@m.py:1:1\n"
	                             "func.return@\n");
	f = graph(in, "builtin_module_no-symbol-name/func_func_f");
	assert_int_equal(f->nstages, 2);
	assert_string_equal(f->stages[0].name, "cse");
	assert_true(ir_src(&f->stages[0])->foreign);
	/* g: its input cut from 1_m (the latest enclosing dump), not 0_cse */
	g = graph(in, "builtin_module_no-symbol-name/func_func_g");
	assert_int_equal(g->nstages, 2);
	assert_string_equal(g->stages[0].name, "m");
	assert_string_equal(g->stages[0].path, m->stages[2].path);
	mt_ir_input_free(in);

	/* module scope: the same dumps, every file the whole module */
	teardown(NULL);
	assert_int_equal(setup(NULL), 0);
	mt_buf_clear(&a);
	mt_buf_printf(&a,
	              "// -----// IR Dump After CSE (cse) "
	              "('builtin.module' operation) //----- //\n%s",
	              mod);
	put("builtin_module_no-symbol-name/0_cse.mlir", a.ptr);
	put("builtin_module_no-symbol-name/func_func_f/0_0_p.mlir",
	    "// -----// IR Dump After P (p) ('func.func' operation: @f) "
	    "//----- //\n"
	    "module {\n"
	    "  func.func @f() {\n"
	    "    \"x.new\"() : () -> () loc(#loc1)\n"
	    "    return\n"
	    "  }\n"
	    "  func.func @g() {\n"
	    "    \"x.g\"() : () -> () loc(#loc2)\n"
	    "    return\n"
	    "  }\n"
	    "}\n"
	    "#loc1 = loc(\"f.py\":2:2)\n"
	    "#loc2 = loc(\"m.py\":1:1)\n");
	put("builtin_module_no-symbol-name/1_m.mlir", a.ptr);
	assert_int_equal(mt_ir_input_open(&in, paths, 1, NULL), 0);
	f = graph(in, "builtin_module_no-symbol-name/func_func_f");
	assert_int_equal(f->nstages, 2);
	stage_ops(&f->stages[1], &ops);
	assert_string_equal(ops.ptr,
	                    "func.func@\nx.new@f.py:2:2\nfunc.return@\n");
	m = graph(in, "builtin_module_no-symbol-name");
	assert_int_equal(m->nstages, 3);
	stage_ops(&m->stages[1], &ops);
	assert_non_null(strstr(ops.ptr, "x.new@f.py:2:2"));
	assert_null(strstr(ops.ptr, "x.old"));
	assert_non_null(strstr(ops.ptr, "x.g@m.py:1:1"));
	mt_ir_input_free(in);
	mt_buf_release(&ops);
	mt_buf_release(&a);
}

static void unreadable_inputs(void **state)
{
	mt_buf a = MT_BUF_INIT;
	const char *paths[2];
	mt_ir_input *in = NULL;
	mt_error err;

	(void)state;
	mt_buf_printf(&a, "%s/missing.mlir", root);
	paths[0] = a.ptr;
	assert_int_equal(mt_ir_input_open(&in, paths, 1, &err), MT_ENOTFOUND);
	assert_null(in);
	assert_non_null(strstr(err.msg, "missing.mlir"));
	paths[0] = root;
	assert_int_equal(mt_ir_input_open(&in, paths, 1, &err), MT_EFORMAT);
	put("x.mlir", "");
	paths[1] = a.ptr;
	mt_buf_clear(&a);
	mt_buf_printf(&a, "%s/x.mlir", root);
	paths[1] = a.ptr;
	assert_int_equal(mt_ir_input_open(&in, paths, 2, &err), MT_EUSAGE);
	mt_buf_release(&a);
}

typedef struct seen {
	char log[512];
} seen;

static void record(void *payload, const mt_irdiff_progress *p)
{
	seen *s = payload;
	size_t n = strlen(s->log);

	snprintf(s->log + n, sizeof(s->log) - n, "%s %zu/%zu %s %s;", p->graph,
	         p->index, p->count, p->stage,
	         p->done == p->total ? "done"
	         : p->done           ? "part"
	                             : "start");
}

/* The progress callback sees every stage start and end, in order, with
 * its place in the graph's range; small stages get no calls in between. */
static void progress_per_stage(void **state)
{
	const char *paths[] = { root };
	mt_ir_input *in;
	mt_irdiff_report rep;
	mt_irdiff_opts o;
	seen s;

	(void)state;
	put("m.mo.mlir", "\"mo.add\"() : () -> ()\n");
	put("m.mogg.mlir", "\"mogg.kernel\"() : () -> ()\n");
	put("m.mgp.mlir", "\"mgp.buffer.alloc\"() : () -> ()\n");
	assert_int_equal(mt_ir_input_open(&in, paths, 1, NULL), 0);
	memset(&o, 0, sizeof(o));
	memset(&s, 0, sizeof(s));
	o.from = "mogg";
	o.progress = record;
	o.progress_payload = &s;
	assert_int_equal(mt_irdiff_run(&rep, in, &o, NULL), 0);
	assert_string_equal(s.log, "m 1/2 mogg start;m 1/2 mogg done;"
	                           "m 2/2 mgp start;m 2/2 mgp done;");
	mt_irdiff_report_release(&rep);
	mt_ir_input_free(in);
}

/* The report of in with opts o, as text then JSON. whole != 0: every
 * stage read as the whole module (the input taken for explicit files,
 * so no delta between snapshots): the reference. */
static void
report_bytes(mt_buf *out, mt_ir_input *in, const mt_irdiff_opts *o, int whole)
{
	mt_ir_layout l = in->layout;
	mt_irdiff_report rep;

	if (whole)
		in->layout = MT_IR_LAYOUT_FILES;
	assert_int_equal(mt_irdiff_run(&rep, in, o, NULL), 0);
	mt_buf_clear(out);
	mt_irdiff_write_text(out, &rep);
	assert_int_equal(mt_irdiff_write_json(out, &rep), 0);
	mt_irdiff_report_release(&rep);
	in->layout = l;
}

/* --trace and --show-ir on a capture of many dumps read only the ops
 * dumped in between (and the top-level ops holding a traced op), and
 * print the same bytes as reading every snapshot whole. */
static void trace_and_show_ir_per_delta(void **state)
{
	const char *paths[1];
	const char *specs[] = { "m.py:2", "m.py:3:3", "m.py:1", "n.py:9" };
	mt_ir_input *in;
	mt_irdiff_opts o;
	mt_ir_trace tr;
	mt_buf path = MT_BUF_INIT, a = MT_BUF_INIT, b = MT_BUF_INIT;
	size_t i;
	const char *locs = "#loc1 = loc(\"m.py\":1:1)\n"
	                   "#loc2 = loc(\"m.py\":2:2)\n"
	                   "#loc3 = loc(\"m.py\":3:3)\n";
	const char *g = "func.func @g(%arg0: f32) -> f32 {\n"
	                "  %0 = arith.mulf %arg0, %arg0 : f32 loc(#loc2)\n"
	                "  return %0 : f32 loc(#loc3)\n"
	                "} loc(#loc3)\n";

	(void)state;
	mt_buf_printf(&a,
	              "// -----// IR Dump After CSE (cse) //----- //\n"
	              "module {\n"
	              "  func.func @f(%%arg0: f32) -> f32 {\n"
	              "    %%0 = arith.addf %%arg0, %%arg0 : f32 loc(#loc1)\n"
	              "    %%1 = arith.mulf %%0, %%0 : f32 loc(#loc2)\n"
	              "    return %%1 : f32 loc(#loc3)\n"
	              "  } loc(#loc3)\n"
	              "  func.func @g(%%arg0: f32) -> f32 {\n"
	              "    %%0 = arith.mulf %%arg0, %%arg0 : f32 loc(#loc2)\n"
	              "    return %%0 : f32 loc(#loc3)\n"
	              "  } loc(#loc3)\n"
	              "  func.func @h() {\n"
	              "    return loc(#loc3)\n"
	              "  } loc(#loc3)\n"
	              "}\n%s\n",
	              locs);
	/* f's multiply becomes an add of its own; g is dumped again as it
	 * was; h gets an op at m.py:2; then a module pass */
	mt_buf_printf(&a,
	              "// -----// IR Dump After P (p) //----- //\n"
	              "func.func @f(%%arg0: f32) -> f32 {\n"
	              "  %%0 = arith.addf %%arg0, %%arg0 : f32 loc(#loc1)\n"
	              "  %%1 = arith.addf %%0, %%0 : f32 loc(#loc2)\n"
	              "  return %%1 : f32 loc(#loc3)\n"
	              "} loc(#loc3)\n%s\n"
	              "// -----// IR Dump After P (p) //----- //\n%s%s\n"
	              "// -----// IR Dump After P (p) //----- //\n"
	              "func.func @h() {\n"
	              "  %%c = arith.constant 1.0 : f32 loc(#loc2)\n"
	              "  return loc(#loc3)\n"
	              "} loc(#loc3)\n%s\n",
	              locs, g, locs, locs);
	mt_buf_printf(&a,
	              "// -----// IR Dump After Q (q) //----- //\n"
	              "module {\n"
	              "  func.func @g(%%arg0: f32) -> f32 {\n"
	              "    return %%arg0 : f32 loc(#loc3)\n"
	              "  } loc(#loc3)\n"
	              "}\n%s\n"
	              "// -----// IR Dump After R (r) //----- //\n%s%s",
	              locs, g, locs);
	put("cap.txt", a.ptr);
	mt_buf_printf(&path, "%s/cap.txt", root);
	paths[0] = path.ptr;
	assert_int_equal(mt_ir_input_open(&in, paths, 1, NULL), 0);
	assert_int_equal(in->layout, MT_IR_LAYOUT_AFTERALL);
	assert_int_equal(in->graphs[0].nstages, 6);
	for (i = 0; i < MT_ARRAY_SIZE(specs) * 2; i++) {
		memset(&o, 0, sizeof(o));
		assert_int_equal(mt_ir_trace_parse(&tr, specs[i / 2], NULL), 0);
		o.trace = &tr;
		o.trace_spec = specs[i / 2];
		o.show_ir = i % 2;
		report_bytes(&a, in, &o, 0);
		report_bytes(&b, in, &o, 1);
		assert_string_equal(a.ptr, b.ptr);
	}
	/* what the trace must say (m.py:2: f's and g's multiplies) */
	memset(&o, 0, sizeof(o));
	assert_int_equal(mt_ir_trace_parse(&tr, "m.py:2", NULL), 0);
	o.trace = &tr;
	o.trace_spec = "m.py:2";
	o.show_ir = 1;
	report_bytes(&a, in, &o, 0);
	assert_non_null(strstr(a.ptr, "arith.mulf unchanged"));
	assert_non_null(strstr(a.ptr, "\"arith.constant added\""));
	assert_non_null(strstr(a.ptr, "+  %v1 = arith.addf %v0, %v0"));
	mt_ir_input_free(in);
	mt_buf_release(&path);
	mt_buf_release(&a);
	mt_buf_release(&b);
}

/* --show-ir reads each stage as a stream of lines: a newline a string
 * escapes ("a\<newline>b") is inside the line, SSA names are numbered by
 * first appearance across the lines, and the hunk counts lines so. */
static void show_ir_streams_lines(void **state)
{
	mt_ir_stage sa, sb;
	mt_buf a = MT_BUF_INIT, b = MT_BUF_INIT, out = MT_BUF_INIT;

	(void)state;
	put("a.mlir", "%x = foo \"a\\\nb\" %y\nkeep\n%z\n");
	put("b.mlir", "%q = foo \"a\\\nb\" %y\nkeep\n%w = bar\n");
	mt_buf_printf(&a, "%s/a.mlir", root);
	mt_buf_printf(&b, "%s/b.mlir", root);
	memset(&sa, 0, sizeof(sa));
	memset(&sb, 0, sizeof(sb));
	sa.name = "a";
	sa.path = a.ptr;
	sa.len = SIZE_MAX;
	sb.name = "b";
	sb.path = b.ptr;
	sb.len = SIZE_MAX;
	assert_int_equal(mt_ir_show_diff(&out, &sa, &sb, NULL), 0);
	mt_buf_clear(&a);
	if (mt_textdiff(&b, "x\n", 2, "y\n", 2, 3, NULL) == 0)
		/* libgit2: lines as diff -u sees them (the string's newline
		 * starts one) */
		mt_buf_printf(&a,
		              "--- a (%s/a.mlir)\n+++ b (%s/b.mlir)\n"
		              "@@ -1,4 +1,4 @@\n"
		              " %%v0 = foo \"a\\\n"
		              " b\" %%v1\n"
		              " keep\n"
		              "-%%v2\n"
		              "+%%v2 = bar\n",
		              root, root);
	else /* aligned by maxtriage: a line per op line, cut at the newline */
		mt_buf_printf(&a,
		              "--- a (%s/a.mlir)\n+++ b (%s/b.mlir)\n"
		              "@@ -1,3 +1,3 @@\n"
		              " %%v0 = foo \"a\\\n"
		              " keep\n"
		              "-%%v2\n"
		              "+%%v2 = bar\n",
		              root, root);
	assert_string_equal(out.ptr, a.ptr);
	mt_buf_release(&a);
	mt_buf_release(&b);
	mt_buf_release(&out);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(max_stages_in_pipeline_order,
		                                setup, teardown),
		cmocka_unit_test_setup_teardown(tree_counters_are_numbers,
		                                setup, teardown),
		cmocka_unit_test_setup_teardown(
		        after_all_capture_is_one_module_timeline, setup,
		        teardown),
		cmocka_unit_test_setup_teardown(
		        function_dump_replaces_its_function, setup, teardown),
		cmocka_unit_test_setup_teardown(dump_headers_of_every_printer,
		                                setup, teardown),
		cmocka_unit_test_setup_teardown(dump_without_ops_is_no_graph,
		                                setup, teardown),
		cmocka_unit_test_setup_teardown(before_dump_of_each_function,
		                                setup, teardown),
		cmocka_unit_test_setup_teardown(show_ir_streams_lines, setup,
		                                teardown),
		cmocka_unit_test_setup_teardown(trace_and_show_ir_per_delta,
		                                setup, teardown),
		cmocka_unit_test_setup_teardown(tree_rebuilds_the_module, setup,
		                                teardown),
		cmocka_unit_test_setup_teardown(tree_rebuilds_nested_scopes,
		                                setup, teardown),
		cmocka_unit_test_setup_teardown(tree_rebuilds_anonymous_module,
		                                setup, teardown),
		cmocka_unit_test_setup_teardown(
		        tree_cut_parses_with_its_aliases, setup, teardown),
		cmocka_unit_test_setup_teardown(tree_drops_repeated_before,
		                                setup, teardown),
		cmocka_unit_test_setup_teardown(unreadable_inputs, setup,
		                                teardown),
		cmocka_unit_test_setup_teardown(progress_per_stage, setup,
		                                teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
