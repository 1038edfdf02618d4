/* test_ir_diff.c - matching and findings between two hand-written stages:
 * every expectation follows from which op the input puts where. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "maxtriage/ir.h"

static void diff(mt_ir_transition *t, const char *a, const char *b)
{
	mt_ir_module *ma, *mb;

	assert_int_equal(mt_ir_parse(&ma, a, strlen(a), NULL), 0);
	assert_int_equal(mt_ir_parse(&mb, b, strlen(b), NULL), 0);
	assert_int_equal(mt_ir_diff(t, ma, mb, NULL, NULL), 0);
	mt_ir_module_free(ma);
	mt_ir_module_free(mb);
}

static void renamed_ssa_is_unchanged(void **state)
{
	mt_ir_transition t;

	(void)state;
	diff(&t,
	     "func.func @f(%arg0: f32) -> f32 {\n"
	     "  %0 = arith.addf %arg0, %arg0 : f32 loc(\"m.py\":1:1)\n"
	     "  %1 = arith.mulf %0, %arg0 : f32 loc(\"m.py\":2:1)\n"
	     "  return %1 : f32\n}\n",
	     "func.func @f(%x: f32) -> f32 {\n"
	     "  %sum = arith.addf %x, %x : f32 loc(#a)\n"
	     "  %prod = arith.mulf %sum, %x : f32 loc(#b)\n"
	     "  return %prod : f32\n}\n"
	     "#a = loc(\"m.py\":1:1)\n#b = loc(\"m.py\":2:1)\n");
	assert_false(t.changed);
	assert_int_equal(t.counts.unchanged, 4);
	assert_int_equal(t.counts.added + t.counts.removed + t.counts.modified +
	                         t.counts.moved,
	                 0);
	mt_ir_transition_release(&t);
}

static void composite_fusion_without_locations(void **state)
{
	mt_ir_transition t;

	(void)state;
	diff(&t,
	     "mo.graph @g(%a: !mo.tensor<[4, 8], f32>, %b: !mo.tensor<[8, 4], f32>,"
	     " %r: !mo.tensor<[4, 4], f32>) -> !mo.tensor<[4, 4], f32> {\n"
	     "  %0 = mo.matmul(%a, %b) : !mo.tensor<[4, 4], f32>\n"
	     "  %1 = mo.add(%0, %r) : !mo.tensor<[4, 4], f32>\n"
	     "  mo.output %1 : !mo.tensor<[4, 4], f32>\n}\n",
	     "mo.graph @g(%a: !mo.tensor<[4, 8], f32>, %b: !mo.tensor<[8, 4], f32>,"
	     " %r: !mo.tensor<[4, 4], f32>) -> !mo.tensor<[4, 4], f32> {\n"
	     "  %0 = mo.composite.matmul_add(%a, %b, %r) : "
	     "!mo.tensor<[4, 4], f32>\n"
	     "  mo.output %0 : !mo.tensor<[4, 4], f32>\n}\n");
	assert_true(t.changed);
	assert_int_equal(t.nfusions, 1);
	assert_string_equal(t.fusions[0].into.op, "mo.composite.matmul_add");
	assert_int_equal(t.fusions[0].nfrom, 2);
	assert_string_equal(t.fusions[0].from[0].op, "mo.matmul");
	assert_string_equal(t.fusions[0].from[1].op, "mo.add");
	assert_int_equal(t.counts.added, 1);
	assert_int_equal(t.counts.removed, 2);
	mt_ir_transition_release(&t);
}

static void fusion_named_by_fused_location(void **state)
{
	mt_ir_transition t;

	(void)state;
	diff(&t,
	     "%x = \"d.src\"() : () -> f32 loc(\"m.py\":1:1)\n"
	     "%0 = \"d.exp\"(%x) : (f32) -> f32 loc(\"m.py\":2:1)\n"
	     "%1 = \"d.neg\"(%0) : (f32) -> f32 loc(\"m.py\":3:1)\n"
	     "\"d.sink\"(%1) : (f32) -> () loc(\"m.py\":4:1)\n",
	     "%x = \"d.src\"() : () -> f32 loc(\"m.py\":1:1)\n"
	     "%0 = \"d.fused\"(%x) : (f32) -> f32 "
	     "loc(fused[\"m.py\":2:1, \"m.py\":3:1])\n"
	     "\"d.sink\"(%0) : (f32) -> () loc(\"m.py\":4:1)\n");
	assert_int_equal(t.nfusions, 1);
	assert_string_equal(t.fusions[0].into.op, "d.fused");
	assert_int_equal(t.fusions[0].into.nlocs, 2);
	assert_int_equal(t.fusions[0].nfrom, 2);
	assert_string_equal(t.fusions[0].from[0].locs[0], "m.py:2:1");
	assert_string_equal(t.fusions[0].from[1].locs[0], "m.py:3:1");
	mt_ir_transition_release(&t);
}

static void consumer_keeps_its_location(void **state)
{
	mt_ir_transition t;

	/* upstream linalg fusion: the fused op is the consumer, with the
	 * consumer's location and a new signature */
	(void)state;
	diff(&t,
	     "func.func @f(%a: f32, %b: f32, %c: f32) -> f32 {\n"
	     "  %0 = \"d.gen\"(%a, %b) {n = 2} : (f32, f32) -> f32 loc(\"m.py\":11:5)\n"
	     "  %1 = \"d.gen\"(%0, %c) {n = 2} : (f32, f32) -> f32 loc(\"m.py\":13:5)\n"
	     "  return %1 : f32\n}\n",
	     "func.func @f(%a: f32, %b: f32, %c: f32) -> f32 {\n"
	     "  %0 = \"d.gen\"(%a, %b, %c) {n = 3} : (f32, f32, f32) -> f32 "
	     "loc(\"m.py\":13:5)\n"
	     "  return %0 : f32\n}\n");
	assert_int_equal(t.nfusions, 1);
	assert_string_equal(t.fusions[0].into.locs[0], "m.py:13:5");
	assert_int_equal(t.fusions[0].nfrom, 2);
	assert_string_equal(t.fusions[0].from[0].locs[0], "m.py:11:5");
	assert_string_equal(t.fusions[0].from[1].locs[0], "m.py:13:5");
	mt_ir_transition_release(&t);
}

static void outlined_function_is_a_fusion(void **state)
{
	mt_ir_transition t;

	(void)state;
	diff(&t,
	     "func.func @f(%a: f32, %b: f32) -> f32 {\n"
	     "  %0 = arith.mulf %a, %b : f32 loc(\"m.py\":5:1)\n"
	     "  %1 = arith.addf %0, %a : f32 loc(\"m.py\":6:1)\n"
	     "  return %1 : f32 loc(\"m.py\":7:1)\n}\n",
	     "func.func @f(%a: f32, %b: f32) -> f32 {\n"
	     "  %0 = func.call @f_outlined(%a, %b) : (f32, f32) -> f32 "
	     "loc(\"m.py\":6:1)\n"
	     "  return %0 : f32 loc(\"m.py\":7:1)\n}\n"
	     "func.func private @f_outlined(%x: f32, %y: f32) -> f32 {\n"
	     "  %0 = arith.mulf %x, %y : f32 loc(\"m.py\":5:1)\n"
	     "  %1 = arith.addf %0, %x : f32 loc(\"m.py\":6:1)\n"
	     "  return %1 : f32 loc(\"m.py\":7:1)\n}\n");
	/* the arith ops moved into @f_outlined (matched across scopes);
	 * in @f the call took over their dataflow */
	assert_int_equal(t.counts.moved, 2);
	assert_int_equal(t.nfusions, 1);
	assert_string_equal(t.fusions[0].into.op, "func.call");
	assert_string_equal(t.fusions[0].into.sym, "f_outlined");
	assert_int_equal(t.fusions[0].nfrom, 2);
	assert_string_equal(t.fusions[0].from[0].op, "arith.mulf");
	mt_ir_transition_release(&t);
	diff(&t,
	     "func.func @f(%a: f32, %b: f32) -> f32 {\n"
	     "  %0 = arith.mulf %a, %b : f32\n"
	     "  %1 = arith.addf %0, %a : f32\n"
	     "  return %1 : f32\n}\n",
	     "func.func @f(%a: f32, %b: f32) -> f32 {\n"
	     "  %0 = func.call @f_outlined(%a, %b) : (f32, f32) -> f32\n"
	     "  return %0 : f32\n}\n");
	assert_int_equal(t.nfusions, 1);
	assert_string_equal(t.fusions[0].into.op, "func.call");
	assert_string_equal(t.fusions[0].into.sym, "f_outlined");
	assert_int_equal(t.fusions[0].nfrom, 2);
	mt_ir_transition_release(&t);
}

static void cse_is_not_fusion(void **state)
{
	mt_ir_transition t;

	(void)state;
	diff(&t,
	     "func.func @f(%a: f32) -> f32 {\n"
	     "  %0 = arith.negf %a : f32\n"
	     "  %1 = arith.negf %a : f32\n"
	     "  %2 = arith.addf %0, %1 : f32\n"
	     "  return %2 : f32\n}\n",
	     "func.func @f(%a: f32) -> f32 {\n"
	     "  %0 = arith.negf %a : f32\n"
	     "  %2 = arith.addf %0, %0 : f32\n"
	     "  return %2 : f32\n}\n");
	assert_int_equal(t.nfusions, 0);
	assert_int_equal(t.counts.removed, 1);
	mt_ir_transition_release(&t);
}

static void placement_and_transfers(void **state)
{
	mt_ir_transition t;

	(void)state;
	diff(&t,
	     "mo.graph @g() -> !mo.tensor<[4], f32, gpu:0> {\n"
	     "  %w = mo.constant.external {device = #M.device_ref<\"cpu\", 0>, "
	     "name = \"w\"} : !mo.tensor<[4], f32>\n"
	     "  %t = mo.transfer %w : !mo.tensor<[4], f32> to <\"gpu\", 0>\n"
	     "  mo.output %t : !mo.tensor<[4], f32, gpu:0>\n}\n",
	     "mo.graph @g() -> !mo.tensor<[4], f32, gpu:0> {\n"
	     "  %w = mo.constant.external {device = #M.device_ref<\"gpu\", 0>, "
	     "name = \"w\"} : !mo.tensor<[4], f32, gpu:0>\n"
	     "  mo.output %w : !mo.tensor<[4], f32, gpu:0>\n}\n");
	assert_int_equal(t.nplacements, 1);
	assert_string_equal(t.placements[0].op.op, "mo.constant.external");
	assert_string_equal(t.placements[0].from, "cpu");
	assert_string_equal(t.placements[0].to, "gpu:0");
	assert_int_equal(t.ntransfers, 1);
	assert_false(t.transfers[0].added);
	assert_string_equal(t.transfers[0].from, "cpu");
	assert_string_equal(t.transfers[0].to, "gpu:0");
	assert_int_equal(t.nfusions, 0);
	mt_ir_transition_release(&t);
}

static void moved_into_gpu_launch(void **state)
{
	mt_ir_transition t;

	(void)state;
	diff(&t,
	     "func.func @f(%a: f32) {\n"
	     "  scf.parallel (%i) = (%a) to (%a) step (%a) {\n"
	     "    %0 = arith.addf %a, %a : f32 loc(\"m.py\":7:3)\n"
	     "    scf.reduce loc(\"m.py\":7:1)\n"
	     "  } loc(\"m.py\":7:1)\n"
	     "  return\n}\n",
	     "func.func @f(%a: f32) {\n"
	     "  gpu.launch blocks(%bx, %by, %bz) in (%x = %a, %y = %a, %z = %a) {\n"
	     "    %0 = arith.addf %a, %a : f32 loc(\"m.py\":7:3)\n"
	     "    gpu.terminator loc(\"m.py\":7:1)\n"
	     "  } loc(\"m.py\":7:1)\n"
	     "  return\n}\n");
	assert_int_equal(t.counts.moved, 1);
	assert_int_equal(t.nplacements, 1);
	assert_string_equal(t.placements[0].op.op, "arith.addf");
	assert_string_equal(t.placements[0].from, "cpu");
	assert_string_equal(t.placements[0].to, "gpu");
	assert_int_equal(t.nlowerings, 1);
	assert_string_equal(t.lowerings[0].at.locs[0], "m.py:7:1");
	mt_ir_transition_release(&t);
}

static void repeated_layers_pair_in_order(void **state)
{
	char a[8192], b[8192];
	size_t na = 0, nb = 0;
	mt_ir_transition t;
	int i;

	(void)state;
	/* 20 identical layers (same locations, as one Python line builds
	 * every layer); each loses its own transfer */
	for (i = 0; i < 20; i++) {
		na += (size_t)snprintf(
		        a + na, sizeof(a) - na,
		        "%%t%d = mo.transfer %%x : !mo.tensor<[4], f32> to "
		        "<\"gpu\", 0> loc(\"l.py\":3:1)\n"
		        "%%r%d = mo.relu(%%t%d) : !mo.tensor<[4], f32, gpu:0> "
		        "loc(\"l.py\":4:1)\n",
		        i, i, i);
		nb += (size_t)snprintf(
		        b + nb, sizeof(b) - nb,
		        "%%r%d = mo.relu(%%x) : !mo.tensor<[4], f32, gpu:0> "
		        "loc(\"l.py\":4:1)\n",
		        i);
	}
	diff(&t, a, b);
	assert_int_equal(t.ntransfers, 20);
	assert_int_equal(t.counts.removed, 20);
	assert_int_equal(t.counts.added, 0);
	assert_int_equal(t.counts.modified, 20);
	mt_ir_transition_release(&t);
}

static void trace_follows_a_location(void **state)
{
	mt_ir_module *ma, *mb;
	mt_ir_trace tr;
	mt_ir_stats st;
	mt_ir_transition t;
	const char *a =
	        "%0 = \"d.a\"() : () -> f32 loc(\"/src/model.py\":42:7)\n"
	        "%1 = \"d.b\"() : () -> f32 loc(\"other.py\":42:7)\n";
	const char *b =
	        "%0 = \"d.c\"() : () -> f32 loc(\"/src/model.py\":42:7)\n";
	size_t i;
	int seen = 0;

	(void)state;
	assert_int_equal(mt_ir_trace_parse(&tr, "model.py:42", NULL), 0);
	assert_int_equal(tr.line, 42);
	assert_int_equal(tr.col, 0);
	assert_int_equal(tr.flen, 8);
	assert_true(mt_ir_trace_parse(&tr, "model.py", NULL) < 0);
	assert_int_equal(mt_ir_trace_parse(&tr, "model.py:42:7", NULL), 0);
	assert_int_equal(tr.col, 7);
	assert_int_equal(mt_ir_parse(&ma, a, strlen(a), NULL), 0);
	assert_int_equal(mt_ir_parse(&mb, b, strlen(b), NULL), 0);
	mt_ir_stats_compute(&st, ma, &tr);
	assert_int_equal(st.ntrace, 1);
	assert_string_equal(st.trace[0].name, "d.a@cpu");
	mt_ir_stats_release(&st);
	mt_ir_diff(&t, ma, mb, &tr, NULL);
	for (i = 0; i < t.ntrace; i++)
		if (!strcmp(t.trace[i].name, "d.a removed") ||
		    !strcmp(t.trace[i].name, "d.c added"))
			seen++;
	assert_int_equal(seen, 2);
	mt_ir_transition_release(&t);
	mt_ir_module_free(ma);
	mt_ir_module_free(mb);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(renamed_ssa_is_unchanged),
		cmocka_unit_test(composite_fusion_without_locations),
		cmocka_unit_test(fusion_named_by_fused_location),
		cmocka_unit_test(consumer_keeps_its_location),
		cmocka_unit_test(outlined_function_is_a_fusion),
		cmocka_unit_test(cse_is_not_fusion),
		cmocka_unit_test(placement_and_transfers),
		cmocka_unit_test(moved_into_gpu_launch),
		cmocka_unit_test(repeated_layers_pair_in_order),
		cmocka_unit_test(trace_follows_a_location),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
