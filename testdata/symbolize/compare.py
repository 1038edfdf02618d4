#!/usr/bin/env python3
"""Compare `maxtriage symbolize` with llvm-symbolizer on sampled addresses.

usage: compare.py MAXTRIAGE LLVM_SYMBOLIZER FIXTURE_DIR [N_PER_LIB] [MODE]

MODE is "inlines" (default) or "no-inlines". For every library listed in
FIXTURE_DIR/variants.txt (written by gen.py), N addresses are sampled across
.text (evenly spaced, plus a fixed-seed random set); the expected answer is
llvm-symbolizer run on the UNSTRIPPED library, the tested one is maxtriage
run on the library as listed (possibly stripped, its debug info then found
through a build-id tree or .gnu_debuglink). Per-address blocks must be
identical for at least 99.9% of addresses in every library; mismatches are
printed. Exit 0 on success, 1 on failure.
"""
import os
import random
import subprocess
import sys

THRESHOLD = 0.999


def text_range(lib):
    """(start, size) of .text in lib, or None when it has none."""
    out = subprocess.run(['readelf', '-SW', lib], check=True,
                         capture_output=True, text=True).stdout
    for ln in out.splitlines():
        parts = ln.replace('[ ', '[').split()
        if len(parts) > 5 and parts[1] == '.text':
            return int(parts[3], 16), int(parts[5], 16)
    return None


def blocks(text):
    # One block per address: frames up to a blank line.
    out = text.split('\n\n')
    if out and out[-1].strip() == '':
        out.pop()
    return [b.strip('\n') for b in out]


def main():
    if len(sys.argv) < 4:
        sys.exit(__doc__)
    mt, llvm, fix = sys.argv[1:4]
    n = int(sys.argv[4]) if len(sys.argv) > 4 else 2000
    mode = sys.argv[5] if len(sys.argv) > 5 else 'inlines'
    inl = ['--inlines'] if mode == 'inlines' else ['--no-inlines']
    linl = ['--inlines'] if mode == 'inlines' else ['--no-inlines']
    ok = True
    total = bad_total = 0
    with open(os.path.join(fix, 'variants.txt')) as f:
        variants = [ln.split() for ln in f if ln.strip()]
    for name, stripped, lib in variants:
        target = lib if stripped == '-' else stripped
        rng = text_range(lib)
        if not rng:
            sys.exit(f'no .text in {lib}')
        start, size = rng
        rnd = random.Random(name)
        addrs = sorted({start + (i * size) // (n // 2) for i in range(n // 2)}
                       | {start + rnd.randrange(size) for _ in range(n // 2)})
        inp = ''.join(f'0x{a:x}\n' for a in addrs)
        exp = subprocess.run([llvm] + linl + ['--obj=' + lib], input=inp,
                             check=True, capture_output=True,
                             text=True).stdout
        got = subprocess.run([mt, 'symbolize'] + inl +
                             ['-e', target, '--no-system-debug',
                              '--debug-dir', os.path.join(fix, 'debug'),
                              '--debug-dir', os.path.join(fix, 'linkdebug')],
                             input=inp, capture_output=True, text=True)
        if got.returncode != 0:
            print(f'{name}: maxtriage exited {got.returncode}: '
                  f'{got.stderr.strip()}')
            ok = False
            continue
        eb, gb = blocks(exp), blocks(got.stdout)
        if len(eb) != len(addrs) or len(gb) != len(addrs):
            print(f'{name}: block count: expected {len(eb)}, '
                  f'got {len(gb)}, addresses {len(addrs)}')
            ok = False
            continue
        bad = [(a, e, g) for a, e, g in zip(addrs, eb, gb) if e != g]
        rate = 1 - len(bad) / len(addrs)
        total += len(addrs)
        bad_total += len(bad)
        print(f'{name}: {len(addrs) - len(bad)}/{len(addrs)} identical '
              f'({rate * 100:.2f}%)')
        for a, e, g in bad[:8]:
            print(f'  mismatch at 0x{a:x}:\n    llvm-symbolizer:\n      ' +
                  e.replace('\n', '\n      ') + '\n    maxtriage:\n      ' +
                  g.replace('\n', '\n      '))
        if rate < THRESHOLD:
            ok = False
    if total:
        print(f'total: {total - bad_total}/{total} identical '
              f'({(1 - bad_total / total) * 100:.3f}%)')
    return 0 if ok else 1


if __name__ == '__main__':
    sys.exit(main())
