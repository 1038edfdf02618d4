#!/usr/bin/env python3
"""Write two stages of an N-function module, before and after elementwise
fusion, for irdiff's scale test: each function chains 4 linalg.generic ops
(model.py line 10*f+k+1); the second stage fuses them pairwise into the
consumer (consumer's location, producer's inputs), as upstream
linalg-fuse-elementwise-ops does. Every generic carries a 64-byte dense
constant, hashed by the parser and never kept.

usage: gen-scale.py N before.mlir after.mlir
"""
import sys

MAP = "#map = affine_map<(d0) -> (d0)>\n"


def generic(w, name, ins, out, L, body):
    types = ", ".join(["tensor<16xf32>"] * len(ins))
    maps = ", ".join(["#map"] * (len(ins) + 1))
    w('    %%%s = linalg.generic {indexing_maps = [%s], iterator_types = '
      '["parallel"]} ins(%s : %s) outs(%%%s : tensor<16xf32>) {\n'
      % (name, maps, ", ".join(ins), types, out))
    args = ", ".join('%%in%d: f32 loc("model.py":%d:%d)' % (i, L, 7 + i)
                     for i in range(len(ins)))
    w('    ^bb0(%s, %%out: f32 loc("model.py":%d:20)):\n' % (args, L))
    for line in body:
        w(line)
    w('    } -> tensor<16xf32> loc("model.py":%d:5)\n' % L)


def stage(path, n, fused):
    with open(path, "w") as f:
        w = f.write
        w(MAP + "module {\n")
        for fn in range(n):
            w('  func.func @f%d(%%arg0: tensor<16xf32> loc("m.py":%d:1), '
              '%%arg1: tensor<16xf32> loc("m.py":%d:2)) -> tensor<16xf32> {\n'
              % (fn, fn, fn))
            prev = "%arg0"
            for k in range(4):
                L = fn * 10 + k + 1
                w('    %%c%d = arith.constant dense<"0x%s"> : tensor<16xf32> '
                  'loc("model.py":%d:3)\n' % (k, "AB" * 64, L))
                if fused and k % 2 == 0:
                    continue  # the producer disappears into the consumer
                w('    %%e%d = tensor.empty() : tensor<16xf32> '
                  'loc("model.py":%d:5)\n' % (k, L))
                if fused:
                    P = L - 1
                    generic(w, "g%d" % k, [prev, "%arg1", "%arg1"], "e%d" % k,
                            L, ['      %%s = arith.addf %%in0, %%in1 : f32 '
                                'loc("model.py":%d:9)\n' % P,
                                '      %%t = arith.mulf %%s, %%in2 : f32 '
                                'loc("model.py":%d:9)\n' % L,
                                '      linalg.yield %%t : f32 '
                                'loc("model.py":%d:5)\n' % L])
                else:
                    op = "addf" if k % 2 == 0 else "mulf"
                    generic(w, "g%d" % k, [prev, "%arg1"], "e%d" % k, L,
                            ['      %%s = arith.%s %%in0, %%in1 : f32 '
                             'loc("model.py":%d:9)\n' % (op, L),
                             '      linalg.yield %%s : f32 '
                             'loc("model.py":%d:5)\n' % L])
                prev = "%%g%d" % k
            w('    return %s : tensor<16xf32> loc("m.py":%d:3)\n' % (prev, fn))
            w('  } loc("m.py":%d:1)\n' % fn)
        w("}\n")


if __name__ == "__main__":
    n = int(sys.argv[1])
    stage(sys.argv[2], n, False)
    stage(sys.argv[3], n, True)
