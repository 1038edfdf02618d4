#!/usr/bin/env python3
"""Compare `maxtriage symbolize --inlines` with llvm-symbolizer on system
libraries as installed (stripped, debug info from /usr/lib/debug when a
-dbg package provides it).

usage: compare_system.py MAXTRIAGE LLVM_SYMBOLIZER LIB...

Both tools run on the same stripped file. They differ by design in one
place: for the outermost frame's name llvm-symbolizer uses the stripped
file's .dynsym, maxtriage the .symtab kept in the debug file (what
llvm-symbolizer prints for the unstripped library). That line is masked
when the library has separate debug info; everything else (inline
chain, files, lines, columns) must be identical for >= 99.9% of 3000
sampled addresses. Exit 0 on success, 1 on failure, 77 when no library
could be tested.
"""
import random
import subprocess
import sys

from compare import text_range


def blocks(text):
    out = text.split('\n\n')
    if out and out[-1].strip() == '':
        out.pop()
    return [b.strip('\n') for b in out]


def mask(block):
    lines = block.split('\n')
    if len(lines) >= 2:
        lines[-2] = '<outermost name>'
    return '\n'.join(lines)


def main():
    mt, llvm = sys.argv[1:3]
    ok, tested = True, 0
    for lib in sys.argv[3:]:
        rng = text_range(lib)
        if not rng:
            continue
        start, size = rng
        r = random.Random(lib)
        addrs = [start + r.randrange(size) for _ in range(3000)]
        inp = ''.join(f'0x{a:x}\n' for a in addrs)
        exp = subprocess.run([llvm, '--inlines', '--obj=' + lib], input=inp,
                             capture_output=True, text=True).stdout
        got = subprocess.run([mt, 'symbolize', '--inlines', '-e', lib],
                             input=inp, capture_output=True, text=True)
        if got.returncode != 0:
            print(f'{lib}: maxtriage exited {got.returncode}: '
                  f'{got.stderr.strip()}')
            ok = False
            continue
        eb, gb = blocks(exp), blocks(got.stdout)
        if len(eb) != len(gb):
            print(f'{lib}: block counts differ: {len(eb)} vs {len(gb)}')
            ok = False
            continue
        bad = [(a, e, g) for a, e, g in zip(addrs, eb, gb)
               if e != g and mask(e) != mask(g)]
        tested += 1
        rate = 1 - len(bad) / len(eb)
        print(f'{lib}: {len(eb) - len(bad)}/{len(eb)} identical '
              f'({rate * 100:.2f}%, outermost name masked)')
        for a, e, g in bad[:5]:
            print(f'  0x{a:x}:\n    ' + e.replace('\n', '\n    ') +
                  '\n  vs\n    ' + g.replace('\n', '\n    '))
        if rate < 0.999:
            ok = False
    if not tested:
        print('skip: no system library to test')
        return 77
    return 0 if ok else 1


if __name__ == '__main__':
    sys.exit(main())
