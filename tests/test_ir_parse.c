/* test_ir_parse.c - the MLIR reader against each pitfall of field notes
 * section 5, hostile input, and every real sample in testdata/samples/ir. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "maxtriage/buf.h"
#include "maxtriage/ir.h"
#include "ir/ir_int.h"

static mt_ir_module *parse(const char *text)
{
	mt_ir_module *m = NULL;

	assert_int_equal(mt_ir_parse(&m, text, strlen(text), NULL), 0);
	assert_non_null(m);
	return m;
}

/* Index of the n-th op (0-based) named name, or -1. */
static long find(const mt_ir_module *m, const char *name, int nth)
{
	size_t i;

	for (i = 0; i < mt_ir_nops(m); i++)
		if (!strcmp(mt_ir_str_get(m, mt_ir_ops(m)[i].name), name) &&
		    nth-- == 0)
			return (long)i;
	return -1;
}

static const char *loc_of(const mt_ir_module *m, long i)
{
	static char buf[512];

	mt_ir_loc_format(m, mt_ir_ops(m)[i].loc, buf, sizeof(buf));
	return buf;
}

static size_t problems(const mt_ir_module *m)
{
	return mt_ir_module_problems(m, NULL);
}

/* The op that produced operand k of op i (-1 for block arguments). */
static long producer(const mt_ir_module *m, long i, unsigned k, unsigned *idx)
{
	const mt_ir_op *op = &mt_ir_ops(m)[i];
	uint32_t v;
	const mt_ir_value *val;

	assert_true(k < op->noperands);
	v = mt_ir_operands(m)[op->first_operand + k];
	assert_true(v < mt_ir_nvalues(m));
	val = &mt_ir_values(m)[v];
	if (idx)
		*idx = val->idx;
	return (val->idx & MT_IR_ARG) ? -1 : (long)val->op;
}

static void generic_form_with_props_regions_attrs(void **state)
{
	mt_ir_module *m = parse(
	        "%c = \"test.c\"() : () -> i32\n"
	        "%r = \"d.op\"(%c) <{p = \"}>\"}> ({\n"
	        "^bb0(%a: i32 loc(\"x.py\":1:2)):\n"
	        "  \"d.y\"(%a) : (i32) -> ()\n"
	        "}, {\n"
	        "  \"d.z\"() : () -> ()\n"
	        "}) {attr = {n = [1, 2]}} : (i32) -> i32 loc(\"m.py\":3:4)\n"
	        "\"d.use\"(%r) : (i32) -> ()\n");
	long op = find(m, "d.op", 0), y = find(m, "d.y", 0);

	(void)state;
	assert_int_equal(problems(m), 0);
	assert_int_equal(mt_ir_nops(m), 5);
	assert_true(op >= 0 && y > op);
	assert_int_equal(mt_ir_ops(m)[op].nregions, 2);
	assert_int_equal(mt_ir_ops(m)[op].noperands, 1);
	assert_int_equal(mt_ir_ops(m)[y].parent, (uint32_t)op);
	assert_int_equal(mt_ir_ops(m)[find(m, "d.z", 0)].parent, (uint32_t)op);
	assert_string_equal(loc_of(m, op), "m.py:3:4");
	/* d.y uses the block argument, d.use the op's result */
	assert_int_equal(producer(m, y, 0, NULL), -1);
	assert_int_equal(producer(m, find(m, "d.use", 0), 0, NULL), op);
	mt_ir_module_free(m);
}

static void multi_results_and_hash_uses(void **state)
{
	mt_ir_module *m =
	        parse("%x:2 = \"d.two\"() : () -> (i32, i32)\n"
	              "%a, %b:2 = \"d.three\"() : () -> (i32, i32, i32)\n"
	              "\"d.use\"(%x#1, %b#1, %a) : (i32, i32, i32) -> ()\n");
	long u = find(m, "d.use", 0);
	unsigned idx;

	(void)state;
	assert_int_equal(problems(m), 0);
	assert_int_equal(mt_ir_ops(m)[0].nresults, 2);
	assert_int_equal(mt_ir_ops(m)[1].nresults, 3);
	assert_int_equal(producer(m, u, 0, &idx), 0);
	assert_int_equal(idx, 1);
	assert_int_equal(producer(m, u, 1, &idx), 1);
	assert_int_equal(idx, 2);
	assert_int_equal(producer(m, u, 2, &idx), 1);
	assert_int_equal(idx, 0);
	mt_ir_module_free(m);
}

static void names_with_dashes_and_digits(void **state)
{
	mt_ir_module *m = parse("%in-put_0 = arith.constant 1 : i32\n"
	                        "%9$x.y = arith.constant 2 : i32\n"
	                        "%s = arith.addi %in-put_0, %9$x.y : i32\n");

	(void)state;
	assert_int_equal(problems(m), 0);
	assert_int_equal(producer(m, 2, 0, NULL), 0);
	assert_int_equal(producer(m, 2, 1, NULL), 1);
	mt_ir_module_free(m);
}

static void quoted_and_nested_symbols(void **state)
{
	mt_ir_module *m = parse(
	        "lit.fn @\"main()\"() -> !kgen.none {\n"
	        "  %1 = lit.call @mymain::@\"f[::Int](::Int)\"<:!Int {73}>() : "
	        "!lit.generator<(\"x\": !Int) -> !kgen.none>\n"
	        "  lit.end_fn\n"
	        "}\n"
	        "func.func private @decl(i32)\n");
	long fn = find(m, "lit.fn", 0), call = find(m, "lit.call", 0);
	long decl = find(m, "func.func", 0);

	(void)state;
	assert_int_equal(problems(m), 0);
	assert_string_equal(mt_ir_str_get(m, mt_ir_ops(m)[fn].sym), "main()");
	assert_true(mt_ir_ops(m)[fn].flags & MT_IR_OP_SYMDEF);
	assert_string_equal(mt_ir_str_get(m, mt_ir_ops(m)[call].sym), "mymain");
	assert_false(mt_ir_ops(m)[call].flags & MT_IR_OP_SYMDEF);
	assert_true(mt_ir_ops(m)[decl].flags & MT_IR_OP_SYMDEF);
	assert_int_equal(mt_ir_ops(m)[find(m, "lit.end_fn", 0)].parent,
	                 (uint32_t)fn);
	mt_ir_module_free(m);
}

static void block_args_with_locations(void **state)
{
	mt_ir_module *m =
	        parse("\"foo.bbargs\"() ({\n"
	              " ^bb0(%x: i32,\n"
	              "// a comment with \"unbalanced quote and ) paren\n"
	              "      %y: i32 loc(\"cheetos\"),\n"
	              "      %z: i32 loc(\"out\":1:2)):\n"
	              "    %1 = arith.addi %x, %z : i32\n"
	              "    \"foo.yield\"(%1) : (i32) -> ()\n"
	              "  }) : () -> ()\n");
	long add = find(m, "arith.addi", 0);
	unsigned idx;

	(void)state;
	assert_int_equal(problems(m), 0);
	assert_int_equal(producer(m, add, 0, &idx), -1);
	assert_int_equal(idx, MT_IR_ARG | 0);
	producer(m, add, 1, &idx);
	assert_int_equal(idx, MT_IR_ARG | 2);
	mt_ir_module_free(m);
}

/* linalg.reduce and linalg.map print their region's arguments on a line
 * of their own after the op's attributes (mlir-opt-19 after
 * tosa-to-linalg): the line goes on with the op, its region nests the
 * body, and the body's operands are the region's arguments. */
static void region_arguments_on_their_own_line(void **state)
{
	mt_ir_module *m = parse(
	        "func.func @f(%a: tensor<1x8x8xf32>, %i: tensor<1x8xf32>) "
	        "-> tensor<1x8xf32> {\n"
	        "  %r = linalg.reduce ins(%a : tensor<1x8x8xf32>) outs(%i : "
	        "tensor<1x8xf32>) dimensions = [2] \n"
	        "    (%in: f32, %init: f32) {\n"
	        "      %0 = arith.maximumf %in, %init : f32\n"
	        "      linalg.yield %0 : f32\n"
	        "    }\n"
	        "  return %r : tensor<1x8xf32>\n"
	        "}\n");
	long red = find(m, "linalg.reduce", 0),
	     mx = find(m, "arith.maximumf", 0);
	long ret = find(m, "func.return", 0);
	unsigned idx;

	(void)state;
	assert_int_equal(problems(m), 0);
	assert_true(red >= 0 && mx >= 0);
	assert_int_equal(mt_ir_ops(m)[mx].parent, (uint32_t)red);
	assert_int_equal(producer(m, mx, 0, &idx), -1);
	assert_int_equal(idx, MT_IR_ARG | 0);
	producer(m, mx, 1, &idx);
	assert_int_equal(idx, MT_IR_ARG | 1);
	if (ret < 0)
		ret = find(m, "return", 0);
	assert_true(ret >= 0);
	assert_int_equal(producer(m, ret, 0, NULL), red);
	mt_ir_module_free(m);
}

static void text_after_closing_brace(void **state)
{
	mt_ir_module *m = parse(
	        "#l = loc(\"after.py\":9:9)\n"
	        "func.func @f(%c: i1) {\n"
	        "  scf.if %c {\n"
	        "    \"d.a\"() : () -> ()\n"
	        "  } else {\n"
	        "    \"d.b\"() : () -> ()\n"
	        "  } loc(#l)\n"
	        "  scf.parallel (%i) = (%c) to (%c) step (%c) {\n"
	        "    scf.reduce\n"
	        "  } {mapping = [#gpu.loop_dim_map<processor = block_x>]} "
	        "loc(\"p.py\":1:1)\n"
	        "  %r = linalg.generic {maps = []} ins(%c : i1) {\n"
	        "  ^bb0(%in: i1):\n"
	        "    linalg.yield %in : i1\n"
	        "  } -> tensor<4xf32> loc(\"g.py\":2:3)\n"
	        "  return\n"
	        "}\n");
	long ifop = find(m, "scf.if", 0), par = find(m, "scf.parallel", 0);
	long gen = find(m, "linalg.generic", 0);

	(void)state;
	assert_int_equal(problems(m), 0);
	assert_int_equal(mt_ir_ops(m)[ifop].nregions, 2);
	assert_string_equal(loc_of(m, ifop), "after.py:9:9");
	assert_int_equal(mt_ir_ops(m)[find(m, "d.b", 0)].parent,
	                 (uint32_t)ifop);
	assert_int_equal(mt_ir_ops(m)[par].nregions, 1);
	assert_string_equal(loc_of(m, par), "p.py:1:1");
	assert_string_equal(loc_of(m, gen), "g.py:2:3");
	assert_int_equal(mt_ir_ops(m)[gen].nresults, 1);
	/* return is func.return, a sibling of the others */
	assert_int_equal(mt_ir_ops(m)[find(m, "func.return", 0)].parent,
	                 mt_ir_ops(m)[gen].parent);
	mt_ir_module_free(m);
}

static void strings_with_escapes_and_brackets(void **state)
{
	mt_ir_module *m = parse(
	        "\"d.s\"() {s = \"a > b } \\\" { ) \\\\\", t = \"\\22\"} : () -> ()\n"
	        "lit.var.decl \"x\" var : !lit.ref<!Int, mut *\"x`\">\n"
	        "\"d.after\"() : () -> ()\n");

	(void)state;
	assert_int_equal(problems(m), 0);
	assert_int_equal(mt_ir_nops(m), 3);
	assert_int_equal(mt_ir_ops(m)[2].parent, MT_IR_NONE);
	mt_ir_module_free(m);
}

static void nested_angles_with_arrows(void **state)
{
	mt_ir_module *m = parse(
	        "kgen.generator @g<F: variant<() capturing -> !kgen.none, i1>>() "
	        "capturing -> !kgen.none no_inline {\n"
	        "  %0 = kgen.param.constant: struct<(array<1, i32>)> =\n"
	        "    <{ [1], { 2, 3 } }>\n"
	        "  %m = affine.apply affine_map<(d0)[s0] -> (d0 * s0)>(%0)[%0]\n"
	        "  kgen.return\n"
	        "}\n"
	        "\"d.next\"() : () -> ()\n");
	long g = find(m, "kgen.generator", 0);

	(void)state;
	assert_int_equal(problems(m), 0);
	assert_int_equal(mt_ir_nops(m), 5);
	assert_int_equal(mt_ir_ops(m)[g].nregions, 1);
	assert_int_equal(mt_ir_ops(m)[find(m, "kgen.return", 0)].parent,
	                 (uint32_t)g);
	assert_int_equal(mt_ir_ops(m)[find(m, "affine.apply", 0)].noperands, 2);
	assert_int_equal(mt_ir_ops(m)[find(m, "d.next", 0)].parent, MT_IR_NONE);
	mt_ir_module_free(m);
}

static void loc_aliases_defined_at_the_end(void **state)
{
	mt_ir_module *m = parse("\"d.a\"() : () -> () loc(#loc3)\n"
	                        "\"d.b\"() : () -> () loc(#loc4)\n"
	                        "#loc1 = loc(\"model.py\":42:7)\n"
	                        "#loc2 = loc(\"model.py\":43:1)\n"
	                        "#loc3 = loc(fused[#loc1, #loc2])\n"
	                        "#loc4 = loc(#loc1)\n");

	(void)state;
	assert_int_equal(problems(m), 0);
	assert_int_equal(mt_ir_nops(m), 2);
	assert_string_equal(loc_of(m, 0), "model.py:42:7, model.py:43:1");
	assert_string_equal(loc_of(m, 1), "model.py:42:7");
	mt_ir_module_free(m);
}

static void resource_blobs_are_skipped(void **state)
{
	mt_ir_module *m = parse(
	        "\"t.user\"() {attr = dense_resource<blob1> : tensor<3xi64>} : "
	        "() -> ()\n"
	        "{-#\n  dialect_resources: {\n    builtin: {\n"
	        "      blob1: \"0x0800\",\n"
	        "      \"blob\\\\-\\22one\\22\": \"0x0200\"\n"
	        "    }\n  }\n#-}\n"
	        "\"t.after\"() : () -> ()\n");

	(void)state;
	assert_int_equal(problems(m), 0);
	assert_int_equal(mt_ir_nops(m), 2);
	assert_true(find(m, "t.after", 0) == 1);
	mt_ir_module_free(m);
}

static void every_location_form(void **state)
{
	mt_ir_module *m = parse(
	        "\"a\"() : () -> () loc(unknown)\n"
	        "\"b\"() : () -> () loc(\"f.py\":3:4)\n"
	        "\"c\"() : () -> () loc(\"name\"(\"f.py\":5:6))\n"
	        "\"d\"() : () -> () loc(callsite(\"f.py\":7:8 at \"g.py\":1:1))\n"
	        "\"e\"() : () -> () loc(fused[\"f.py\":1:2, \"f.py\":3:4])\n"
	        "\"f\"() : () -> () loc(fused<#di>[\"f.py\":9:9])\n"
	        "\"g\"() : () -> () loc(\"justname\")\n"
	        "\"h\"() : () -> () loc(#x.custom<\"f\" * 3>)\n"
	        "\"i\"() : () -> () loc(callsite(\"n\"(\"f.py\":2:2) at "
	        "callsite(\"g.py\":1:1 at \"h.py\":1:1)))\n");

	(void)state;
	assert_int_equal(problems(m), 0);
	assert_int_equal(mt_ir_nops(m), 9);
	assert_string_equal(loc_of(m, 0), "");
	assert_string_equal(loc_of(m, 1), "f.py:3:4");
	assert_string_equal(loc_of(m, 2), "f.py:5:6");
	assert_string_equal(loc_of(m, 3), "f.py:7:8");
	assert_string_equal(loc_of(m, 4), "f.py:1:2, f.py:3:4");
	assert_string_equal(loc_of(m, 5), "f.py:9:9");
	assert_string_equal(loc_of(m, 6), "justname");
	assert_string_equal(loc_of(m, 7), "");
	assert_string_equal(loc_of(m, 8), "f.py:2:2");
	mt_ir_module_free(m);
}

static void huge_dense_constant_is_hashed(void **state)
{
	mt_buf a = MT_BUF_INIT, b = MT_BUF_INIT;
	mt_ir_module *ma, *mb;
	size_t i;

	(void)state;
	mt_buf_puts(&a, "%c = arith.constant dense<\"0x");
	for (i = 0; i < 4 * 1024 * 1024; i++)
		mt_buf_putc(&a, "0123456789ABCDEF"[i % 16]);
	mt_buf_put(&b, a.ptr, a.len);
	mt_buf_puts(&a, "00\"> : tensor<2097153xi8>\n");
	mt_buf_puts(&b, "01\"> : tensor<2097153xi8>\n");
	assert_int_equal(mt_ir_parse(&ma, a.ptr, a.len, NULL), 0);
	assert_int_equal(mt_ir_parse(&mb, b.ptr, b.len, NULL), 0);
	assert_int_equal(mt_ir_nops(ma), 1);
	assert_int_equal(problems(ma), 0);
	/* one byte apart at the end: different hashes, nothing kept */
	assert_true(mt_ir_ops(ma)[0].attr_hash != mt_ir_ops(mb)[0].attr_hash);
	mt_ir_module_free(ma);
	mt_ir_module_free(mb);
	mt_buf_release(&a);
	mt_buf_release(&b);
}

static void devices_and_transfers(void **state)
{
	mt_ir_module *m = parse(
	        "%w = mo.constant.external {device = #M.device_ref<\"gpu\", 0>, "
	        "name = \"w\"} : !mo.tensor<[4], f32>\n"
	        "%a = mo.add(%w, %w) : !mo.tensor<[4], f32, gpu:1>\n"
	        "%o = \"mo.old\"() : () -> !mo.tensor<[4], f32, "
	        "{device=#M.device_ref<\"cuda\", 2>}>\n"
	        "%t = mo.transfer %a : !mo.tensor<[4], f32, gpu:1> to <\"cpu\", 0>\n"
	        "%c = mo.buffer.transfer[%t](%a, %a) : !mo.buffer<[2], f32, "
	        "gpu:0>, !mo.buffer<[2], f32>\n"
	        "gpu.launch blocks(%bx) in (%sx = %w) {\n"
	        "  %x = arith.addf %w, %w : f32\n"
	        "  gpu.terminator\n"
	        "}\n"
	        "%h = arith.addf %w, %w : f32\n"
	        "gpu.memcpy %h, %h : memref<4xf32>, memref<4xf32>\n"
	        "%d = mgp.buffer.host_to_device(%h) : (f32) -> f32\n");
	const mt_ir_op *o = mt_ir_ops(m);
	long t = find(m, "mo.transfer", 0),
	     bt = find(m, "mo.buffer.transfer", 0);
	mt_ir_str from, to;

	(void)state;
	assert_int_equal(problems(m), 0);
	assert_string_equal(mt_ir_str_get(m, o[0].device), "gpu:0");
	assert_string_equal(mt_ir_str_get(m, o[1].device), "gpu:1");
	assert_string_equal(mt_ir_str_get(m, o[2].device), "gpu:2");
	assert_true(o[t].flags & MT_IR_OP_TRANSFER);
	mt_ir_op_xfer(m, (size_t)t, &from, &to);
	assert_string_equal(mt_ir_str_get(m, from), "gpu:1");
	assert_string_equal(mt_ir_str_get(m, to), "cpu");
	mt_ir_op_xfer(m, (size_t)bt, &from, &to);
	assert_string_equal(mt_ir_str_get(m, from), "gpu:0");
	assert_string_equal(mt_ir_str_get(m, to), "cpu");
	/* not a transfer: no devices */
	mt_ir_op_xfer(m, 0, &from, &to);
	assert_int_equal(from, 0);
	assert_int_equal(to, 0);
	assert_string_equal(
	        mt_ir_str_get(m, o[find(m, "gpu.launch", 0)].device), "cpu");
	assert_string_equal(
	        mt_ir_str_get(m, o[find(m, "arith.addf", 0)].device), "gpu");
	assert_string_equal(
	        mt_ir_str_get(m, o[find(m, "arith.addf", 1)].device), "cpu");
	/* copies between host and device are transfers, whatever their
	 * dialect */
	assert_true(o[find(m, "gpu.memcpy", 0)].flags & MT_IR_OP_TRANSFER);
	assert_true(o[find(m, "mgp.buffer.host_to_device", 0)].flags &
	            MT_IR_OP_TRANSFER);
	assert_false(o[find(m, "arith.addf", 1)].flags & MT_IR_OP_TRANSFER);
	mt_ir_module_free(m);
}

static void nesting_is_capped(void **state)
{
	mt_buf b = MT_BUF_INIT;
	mt_ir_module *m;
	const char *why;
	int i;

	(void)state;
	for (i = 0; i < 2000; i++)
		mt_buf_puts(&b, "\"d.r\"() ({\n");
	for (i = 0; i < 2000; i++)
		mt_buf_puts(&b, "}) : () -> ()\n");
	mt_buf_puts(&b, "\"d.after\"() : () -> ()\n");
	assert_int_equal(mt_ir_parse(&m, b.ptr, b.len, NULL), 0);
	assert_true(mt_ir_module_problems(m, &why) > 0);
	assert_non_null(strstr(why, "nested deeper"));
	assert_true(mt_ir_nops(m) >= MT_IR_MAX_DEPTH);
	mt_ir_module_free(m);
	mt_buf_release(&b);
}

static void hostile_input_never_crashes(void **state)
{
	static const char *const bad[] = {
		"",
		"}",
		"{",
		"%",
		"%x =",
		"%x = \"",
		"\"unterminated(\n",
		"loc(",
		"\"a\"() : () -> () loc(fused[",
		"#a = ",
		"#loc = loc(#loc)\n\"a\"() loc(#loc)",
		"^bb0(%a: i32",
		"d.op {{{{ <<<< (((( [[[[",
		"d.op ) ] } >",
		"{-# never closed",
		"%a:999999999999 = d.x",
		"@\"",
		"!x = !y<",
		"\"d.a\"(%a#99) : () -> ()",
		"%x#1 = d.y",
	};
	size_t i, cut;

	(void)state;
	for (i = 0; i < MT_ARRAY_SIZE(bad); i++) {
		mt_ir_module *m = NULL;

		assert_int_equal(mt_ir_parse(&m, bad[i], strlen(bad[i]), NULL),
		                 0);
		mt_ir_module_free(m);
	}
	/* every prefix of a real stage */
	{
		const char *text =
		        "module {\n  func.func @f(%a: f32 loc(\"x\":1:1)) {\n"
		        "    %0 = \"d.x\"(%a) <{p = 1}> ({^bb0(%b: f32):\n"
		        "      \"d.y\"(%b) : (f32) -> ()}) : (f32) -> f32 "
		        "loc(fused[#l1, \"q\"(\"r\":2:3)])\n    return\n  }\n}\n"
		        "#l1 = loc(\"z\":9:9)\n{-# r: {} #-}\n";

		for (cut = 0; cut <= strlen(text); cut++) {
			mt_ir_module *m = NULL;

			assert_int_equal(mt_ir_parse(&m, text, cut, NULL), 0);
			mt_ir_module_free(m);
		}
	}
}

static void shared_samples_parse(void **state)
{
	const char *dir = "testdata/samples/ir";
	DIR *d = opendir(dir);
	struct dirent *e;
	int n = 0;

	(void)state;
	/* the samples are part of the repository: missing data fails */
	if (!d)
		fail_msg("%s: %s (run the tests from the repository root)", dir,
		         strerror(errno));
	while ((e = readdir(d))) {
		mt_buf path = MT_BUF_INIT, text = MT_BUF_INIT;
		mt_ir_module *m = NULL;
		const char *why;
		size_t np;

		if (!strstr(e->d_name, ".mlir"))
			continue;
		mt_buf_printf(&path, "%s/%s", dir, e->d_name);
		assert_int_equal(mt_buf_read_file(&text, path.ptr), 0);
		assert_int_equal(mt_ir_parse(&m, text.ptr, text.len, NULL), 0);
		np = mt_ir_module_problems(m, &why);
		/* 14 is documentation fragments (a bare `%arg : T` line) */
		if (strncmp(e->d_name, "14_", 3) && np)
			fail_msg("%s: %zu problems: %s", e->d_name, np, why);
		if (!mt_ir_nops(m))
			fail_msg("%s: no ops", e->d_name);
		mt_ir_module_free(m);
		mt_buf_release(&path);
		mt_buf_release(&text);
		n++;
	}
	closedir(d);
	assert_true(n >= 18);
}

/* Op tails the reader's memo replayed, over every parse of
 * same_with_and_without_memo. */
static unsigned long memo_hits;

/* Parse text[0, len) with and without the reader's memo of repeated op
 * texts (tail.c, tail_memo): the modules must be the same. */
static void
same_with_and_without_memo(const char *name, const char *text, size_t len)
{
	mt_ir_module *a = NULL, *b = NULL;
	char why[64];

	assert_int_equal(ir_parse(&a, text, len, 0, NULL), 0);
	assert_int_equal(ir_parse(&b, text, len, IR_PARSE_NO_MEMO, NULL), 0);
	assert_int_equal(b->memo_hits, 0);
	memo_hits += a->memo_hits;
	if (!ir_module_same(a, b, why, sizeof(why)))
		fail_msg("%s (%zu bytes): %s", name, len, why);
	mt_ir_module_free(a);
	mt_ir_module_free(b);
}

/* Every text of dir (*.mlir, in subdirectories too), whole and cut short
 * at 40 places (mid-line, mid-token). Returns how many files. */
static int memo_dir(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	int n = 0;

	if (!d)
		fail_msg("%s: %s (run the tests from the repository root)", dir,
		         strerror(errno));
	while ((e = readdir(d))) {
		mt_buf path = MT_BUF_INIT, text = MT_BUF_INIT;
		size_t k;

		if (e->d_name[0] == '.')
			continue;
		mt_buf_printf(&path, "%s/%s", dir, e->d_name);
		if (e->d_type == DT_DIR) {
			n += memo_dir(path.ptr);
		} else if (strstr(e->d_name, ".mlir")) {
			assert_int_equal(mt_buf_read_file(&text, path.ptr), 0);
			same_with_and_without_memo(path.ptr, text.ptr,
			                           text.len);
			for (k = 1; k < 40; k++)
				same_with_and_without_memo(path.ptr, text.ptr,
				                           text.len * k / 40);
			n++;
		}
		mt_buf_release(&path);
		mt_buf_release(&text);
	}
	closedir(d);
	return n;
}

/* The memo replays what reading did only where that depends on nothing
 * but the bytes: these lines sit at each edge of that (a digit, a dash
 * or a sigil before "loc(", "xloc(" as one word, SSA names with dashes
 * and result numbers, names never defined, a bracket left open across
 * a line, devices, an alias defined after ops). Each is written twice,
 * so that the second is replayed when the memo takes it. */
static const char memo_edges[] =
        "func.func @f(%arg0: i32, %a-loc: i32) {\n"
        "  %0 = arith.addi %arg0, %arg0 : i32 loc(\"x.py\":1:2)\n"
        "  %1 = arith.addi %0, %0 : i32 loc(\"x.py\":1:2)\n"
        "  %2 = foo.bar %1 1loc(#loc1)\n"
        "  %3 = foo.bar %1 xloc(%2) : i32\n"
        "  %4 = foo.bar %a-loc(%1) : i32\n"
        "  %5 = foo.bar @loc(%1) : i32\n"
        "  %6 = foo.bar %1 -loc(#loc1)\n"
        "  %7 = foo.bar %1 .loc(#loc1)\n"
        "  %70 = foo.bar %1 x1loc(%2) : i32\n"
        "  %71 = foo.bar %1 a.loc(%2) a$loc(%2) : i32\n"
        "  %8:2 = foo.pair %1 : i32, i32\n"
        "  %9 = foo.use %8#1, %8#0, %8#7 : i32\n"
        "  %10 = foo.t %1 : !llvm.struct<(ptr, i64)> loc(#loc2)\n"
        "  %11 = foo.dev %1 to <\"gpu\", 1> : tensor<2xf32, gpu:0>\n"
        "  %12 = foo.unk %undefined : i32\n"
        "  %13 = foo.open %1 (\n"
        "     %2) : i32\n"
        "  %14 = foo.cmp %1 <= %2 -> i32\n"
        "  %15 = foo.arrow %1 -> (i32)\n"
        "  %16 = foo.typed %1 : !mo.tensor<[2], f32, gpu:1> to gpu:0\n"
        "  %17 = foo.close %1) : i32\n"
        "  %18 = foo.sym @callee(%1) : (i32) -> i32 loc(#loc3)\n"
        "  %19 = foo.map %1 {m = #map} : i32\n"
        "  %20 = foo.alias %1 : !t loc(#loc3)\n"
        "  %21 = foo.alias %1 : #map loc(#loc3)\n"
        "  %22 = foo.pct % 1, %1 : i32\n"
        "  %23 = foo.c %1 : i32 // a comment: %2 loc(#loc9)\n"
        "  %24 = foo.s \"a %2 loc(x) (\" %1 : i32\n"
        "  %25 = foo.arrow %1 : (i32) ->\n"
        "      i32\n"
        "  %26 = mo.transfer %1 : !mo.tensor<[2], f32> "
        "to !mo.tensor<[2], f32, gpu:0>\n"
        "  %27 = foo.memcpy %1 : !mo.buffer<[2], f32, gpu:1>\n"
        "}\n";

static void memo_reads_as_token_by_token(void **state)
{
	mt_buf text = MT_BUF_INIT;
	const char *body = strchr(memo_edges, '\n') + 1;
	size_t k, nbody = strlen(body) - 2; /* without the closing brace */
	unsigned long hits = memo_hits;

	(void)state;
	mt_buf_puts(&text, "!t = !llvm.ptr\n");
	mt_buf_put(&text, memo_edges, (size_t)(body - memo_edges));
	mt_buf_put(&text, body, nbody);
	mt_buf_put(&text, body, nbody);
	mt_buf_puts(&text, "}\n#map = affine_map<(d0) -> (d0)>\n");
	mt_buf_put(&text, memo_edges, (size_t)(body - memo_edges));
	mt_buf_put(&text, body, nbody);
	mt_buf_puts(&text, "}\n#loc1 = loc(\"a.py\":3:4)\n");
	same_with_and_without_memo("edges", text.ptr, text.len);
	for (k = 1; k < text.len; k++)
		same_with_and_without_memo("edges cut", text.ptr, k);
	/* the memo was used: these texts would pass vacuously otherwise */
	assert_true(memo_hits > hits + 20);
	assert_true(memo_dir("testdata/samples/ir") >= 18);
	assert_true(memo_dir("testdata/ir") >= 10);
	mt_buf_release(&text);
}

/* After a long stretch where nothing repeats (the memo rests, as its
 * scans cost more than they save there), ops that repeat are replayed
 * again, and the module is the same as read token by token. */
static void memo_rests_and_comes_back(void **state)
{
	mt_buf text = MT_BUF_INIT;
	unsigned long hits;
	size_t i;

	(void)state;
	mt_buf_puts(&text, "func.func @f(%a: i32) {\n");
	for (i = 0; i < 20000; i++)
		mt_buf_printf(&text, "  %%c%zu = arith.constant %zu : i32\n", i,
		              i * 7919);
	for (i = 0; i < 80000; i++)
		mt_buf_printf(&text, "  %%s%zu = arith.addi %%a, %%a : i32\n",
		              i);
	mt_buf_puts(&text, "  return\n}\n");
	hits = memo_hits;
	same_with_and_without_memo("rest", text.ptr, text.len);
	/* the rest ends 16 windows after it began: about 30,000 replays */
	assert_true(memo_hits - hits > 20000);
	mt_buf_release(&text);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(generic_form_with_props_regions_attrs),
		cmocka_unit_test(multi_results_and_hash_uses),
		cmocka_unit_test(names_with_dashes_and_digits),
		cmocka_unit_test(quoted_and_nested_symbols),
		cmocka_unit_test(block_args_with_locations),
		cmocka_unit_test(region_arguments_on_their_own_line),
		cmocka_unit_test(text_after_closing_brace),
		cmocka_unit_test(strings_with_escapes_and_brackets),
		cmocka_unit_test(nested_angles_with_arrows),
		cmocka_unit_test(loc_aliases_defined_at_the_end),
		cmocka_unit_test(resource_blobs_are_skipped),
		cmocka_unit_test(every_location_form),
		cmocka_unit_test(huge_dense_constant_is_hashed),
		cmocka_unit_test(devices_and_transfers),
		cmocka_unit_test(nesting_is_capped),
		cmocka_unit_test(hostile_input_never_crashes),
		cmocka_unit_test(shared_samples_parse),
		cmocka_unit_test(memo_reads_as_token_by_token),
		cmocka_unit_test(memo_rests_and_comes_back),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
