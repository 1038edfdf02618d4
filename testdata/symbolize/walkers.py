#!/usr/bin/env python3
"""Check maxtriage's own DIE walker against its libdw walk.

usage: walkers.py MAXTRIAGE N_PER_LIB LIB [LIB...]

For every LIB, N addresses spread over .text (evenly spaced plus a
fixed-seed random set) are symbolized twice with --inlines: once with
MAXTRIAGE_DIE_WALK=raw (lib/symbols/die_walk.c only, no fallback: a CU it
refuses loses its functions) and once with MAXTRIAGE_DIE_WALK=libdw (the
libdw walk only). The two outputs must be byte-identical; the first
differences are printed. Extra arguments after the libraries are passed
to `maxtriage symbolize` when given as `-- ARGS...`. Exit 0 or 1.
"""
import os
import random
import subprocess
import sys

from compare import text_range


def run(mt, walk, lib, args, inp):
    env = dict(os.environ, MAXTRIAGE_DIE_WALK=walk)
    p = subprocess.run([mt, 'symbolize', '--inlines', '-e', lib] + args,
                       input=inp, capture_output=True, text=True, env=env)
    return p.returncode, p.stdout


def main():
    argv = sys.argv[1:]
    extra = []
    if '--' in argv:
        extra = argv[argv.index('--') + 1:]
        argv = argv[:argv.index('--')]
    if len(argv) < 3:
        sys.exit(__doc__)
    mt, n, libs = argv[0], int(argv[1]), argv[2:]
    ok = True
    for lib in libs:
        rng = text_range(lib)
        if not rng:
            print(f'{lib}: no .text')
            ok = False
            continue
        start, size = rng
        rnd = random.Random(os.path.basename(lib))
        addrs = sorted({start + (i * size) // (n // 2) for i in range(n // 2)}
                       | {start + rnd.randrange(size) for _ in range(n // 2)})
        inp = ''.join(f'0x{a:x}\n' for a in addrs)
        rc_raw, raw = run(mt, 'raw', lib, extra, inp)
        rc_dw, dw = run(mt, 'libdw', lib, extra, inp)
        if rc_raw != rc_dw:
            print(f'{lib}: exit status raw {rc_raw}, libdw {rc_dw}')
            ok = False
            continue
        a, b = raw.split('\n\n'), dw.split('\n\n')
        diff = [(x, y) for x, y in zip(a, b) if x != y]
        if len(a) != len(b):
            diff.append(('(%d blocks)' % len(a), '(%d blocks)' % len(b)))
        # Inline chains come only from DWARF: a walk that gave up on its
        # CUs shows as a difference here.
        chains = sum(1 for x in b if len(x.strip('\n').split('\n')) > 2)
        print(f'{lib}: {len(addrs)} addresses, {len(diff)} differ, '
              f'{chains} with inlined frames')
        for x, y in diff[:5]:
            print('  raw:   ' + x.replace('\n', '\n         ') +
                  '\n  libdw: ' + y.replace('\n', '\n         '))
        if diff:
            ok = False
    return 0 if ok else 1


if __name__ == '__main__':
    sys.exit(main())
