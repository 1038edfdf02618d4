#!/usr/bin/env python3
"""Write the source module of the irdiff benchmark.

usage: gen_mlir.py N_FUNCS > model.mlir

N functions, each a chain of three elementwise linalg.generic ops (add,
mul, sub) over tensor<1024xf32>, each fed by its own tensor.empty; mlir-opt's
linalg-fuse-elementwise-ops fuses each chain into one generic (so N
fusions).  Every op has its own file:line:col location (model.py, line
10*i + k), as a traced model gives, so that the locations printed with
--mlir-print-debuginfo are distinct.  Deterministic.
"""
import sys

OPS = (('addf', 'add'), ('mulf', 'mul'), ('subf', 'sub'))


def func(i):
    t = 'tensor<1024xf32>'
    base = 10 * i + 2
    out = [f'  func.func @layer_{i}(%a: {t}, %b: {t}, %c: {t}, %d: {t}) -> {t} {{']
    prev = '%a'
    for k, (op, _) in enumerate(OPS):
        ln = base + 2 * k
        other = '%bcd'[k + 1]
        out.append(f'    %e{k} = tensor.empty() : {t} loc("model.py":{ln}:5)')
        out.append(
            f'    %{k} = linalg.generic {{indexing_maps = [#map, #map, #map], '
            f'iterator_types = ["parallel"]}} ins({prev}, %{other} : {t}, {t}) '
            f'outs(%e{k} : {t}) {{')
        out.append('    ^bb0(%x: f32, %y: f32, %o: f32):')
        out.append(f'      %r = arith.{op} %x, %y : f32 loc("model.py":{ln + 1}:9)')
        out.append(f'      linalg.yield %r : f32 loc("model.py":{ln + 1}:5)')
        out.append(f'    }} -> {t} loc("model.py":{ln + 1}:5)')
        prev = f'%{k}'
    out.append(f'    return {prev} : {t} loc("model.py":{base + 7}:5)')
    out.append(f'  }} loc("model.py":{base}:1)')
    return '\n'.join(out)


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    n = int(sys.argv[1])
    w = sys.stdout.write
    w('#map = affine_map<(d0) -> (d0)>\nmodule {\n')
    for i in range(n):
        w(func(i))
        w('\n')
    w('} loc("model.py":1:1)\n')


if __name__ == '__main__':
    main()
