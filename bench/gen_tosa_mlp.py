#!/usr/bin/env python3
"""An N-layer TOSA MLP for the many-stage irdiff benchmark (bench.py).

usage: gen_tosa_mlp.py N > mlp.mlir

One function, @mlp, chains N layers; layer K is
    fully_connected(x, W_K, b_K) -> add(., r_K) -> clamp(., 0, 6)
on tensor<1x64xf32>, with W_K, b_K and r_K splat tosa.const ops (distinct
values, so canonicalize/CSE cannot merge layers), each op with its own
"mlp.py":L:C location. The ops are those of llvm-project's
mlir/test/Conversion/TosaToLinalg tests (tosa-to-linalg-named.mlir,
tosa-to-linalg.mlir), in LLVM 19 syntax.
"""
import sys

W = 64


def main():
    n = int(sys.argv[1])
    t = 'tensor<1x%dxf32>' % W
    out = ['module {',
           '  func.func @mlp(%%x: %s) -> %s {' % (t, t)]
    cur = '%x'
    for k in range(n):
        line = 10 + 4 * k
        v = 0.001 * (k + 1)

        def loc(c):
            return 'loc("mlp.py":%d:%d)' % (line, c)
        out.append('    %%w%d = "tosa.const"() {value = dense<%g> : '
                   'tensor<%dx%dxf32>} : () -> tensor<%dx%dxf32> %s'
                   % (k, v, W, W, W, W, loc(5)))
        out.append('    %%b%d = "tosa.const"() {value = dense<%g> : '
                   'tensor<%dxf32>} : () -> tensor<%dxf32> %s'
                   % (k, v / 2, W, W, loc(9)))
        out.append('    %%r%d = "tosa.const"() {value = dense<%g> : '
                   '%s} : () -> %s %s' % (k, -v, t, t, loc(13)))
        out.append('    %%fc%d = tosa.fully_connected %s, %%w%d, %%b%d : '
                   '(%s, tensor<%dx%dxf32>, tensor<%dxf32>) -> %s %s'
                   % (k, cur, k, k, t, W, W, W, t, loc(17)))
        out.append('    %%a%d = tosa.add %%fc%d, %%r%d : (%s, %s) -> %s %s'
                   % (k, k, k, t, t, t, loc(21)))
        out.append('    %%c%d = tosa.clamp %%a%d {min_int = 0 : i64, '
                   'max_int = 6 : i64, min_fp = 0.0 : f32, max_fp = 6.0 : '
                   'f32} : (%s) -> %s %s' % (k, k, t, t, loc(25)))
        cur = '%%c%d' % k
    out.append('    return %s : %s' % (cur, t))
    out.append('  }')
    out.append('}')
    sys.stdout.write('\n'.join(out) + '\n')


if __name__ == '__main__':
    main()
