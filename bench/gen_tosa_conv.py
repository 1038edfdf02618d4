#!/usr/bin/env python3
"""N functions, each a TOSA conv block, for the function-scope capture
benchmark (bench.py irfuncs) and tests/e2e/irdiff_fold.sh.

usage: gen_tosa_conv.py N [LAYERS] > convs.mlir

Function @convK runs LAYERS (default 1) conv blocks in a row; a block is
    conv2d(x, w, b) -> add(., x) -> clamp(., 0, 6)
on tensor<1x8x8x4xf32> (a residual block), the weights and bias the
function's arguments, every op with its own "convs.py":L:C location.
The functions are textually identical but for their names and
locations. The ops are those of llvm-project's
mlir/test/Conversion/TosaToLinalg tests (tosa-to-linalg-named.mlir
@conv2d_f32, tosa-to-linalg.mlir @test_add_1d_matching_static,
@test_clamp), in LLVM 19 syntax (tosa-to-linalg.mlir at
0063440eb5ca2743f7b56393e8b58493d9973d6d).
"""
import sys

T = 'tensor<1x8x8x4xf32>'
W = 'tensor<4x3x3x4xf32>'
B = 'tensor<4xf32>'


def main():
    n = int(sys.argv[1])
    layers = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    out = ['module {']
    line = 2
    for f in range(n):
        args = ', '.join(['%%x: %s' % T] +
                         ['%%w%d: %s, %%b%d: %s' % (k, W, k, B)
                          for k in range(layers)])
        out.append('  func.func @conv%d(%s) -> %s {' % (f, args, T))
        line += 1
        cur = '%x'
        for k in range(layers):
            def loc(c):
                return 'loc("convs.py":%d:%d)' % (line, c)
            out.append('    %%c%d = tosa.conv2d %s, %%w%d, %%b%d '
                       '{dilation = array<i64: 1, 1>, pad = array<i64: 1, '
                       '1, 1, 1>, stride = array<i64: 1, 1>} : (%s, %s, %s) '
                       '-> %s %s' % (k, cur, k, k, T, W, B, T, loc(5)))
            line += 1
            out.append('    %%a%d = tosa.add %%c%d, %s : (%s, %s) -> %s %s'
                       % (k, k, cur, T, T, T, loc(5)))
            line += 1
            out.append('    %%r%d = tosa.clamp %%a%d {min_int = 0 : i64, '
                       'max_int = 6 : i64, min_fp = 0.0 : f32, max_fp = '
                       '6.0 : f32} : (%s) -> %s %s' % (k, k, T, T, loc(5)))
            line += 1
            cur = '%%r%d' % k
        out.append('    return %s : %s' % (cur, T))
        out.append('  }')
        line += 2
    out.append('}')
    sys.stdout.write('\n'.join(out) + '\n')


if __name__ == '__main__':
    main()
