#!/usr/bin/env python3
"""Fusions, loop fusions, tile-and-fuse and outlinings on real mlir-opt-19
pipelines, every capture in every layout (tests/e2e/irdiff_fusions.sh).

usage: irdiff_fusions.py MAXTRIAGE WORKDIR HALF_DIR...

Each HALF_DIR (testdata/ir/upstream/fusions/build, .../check) holds MLIR
files cut from llvm-project's tests and cases.py, a Python file setting
CASES: per case the file, the pass pipeline (the upstream RUN line's),
mlir-opt flags, and what must be found, read by hand from the CHECK lines
and the dumps (never from irdiff):
  groups = {NAME: dict(kind=ops|loops|tiled, function=, pass=,
                       members=[op names], count=N)}
    the ops marked "fuse:NAME" in the file (by the line of their
    location) are fused into one op by that pass, count times (once
    unless given); members names them where no location is printed
    (default: the op names on the marked lines);
  outlinings = [dict(name=, function=, into=, moved=[op names], pass=)]
    the op marked "outline:NAME" moves into a new function.

For every file with a RUN line, mlir-opt-19 runs it and FileCheck holds
the output to the CHECK lines first: the expectations are upstream's and
this mlir-opt still does what they say. Then each case is captured in
seven layouts (after-all with debug info, module scope, tree dir, tree
dir with module scope, after-change, local scope, no debug info) and
irdiff's JSON must hold every group, in the pass named, with exactly the
marked members (by location; without locations by function, kind and
member names), and nothing else: any other fusion is a false fusion.
Without locations the fusions must be the same as with them.

Prints per half the figures (groups x layouts found, false fusions,
outlinings) and exits 1 on any failure.
"""
import collections
import concurrent.futures
import json
import os
import re
import shlex
import subprocess
import sys

MLIR_OPT = os.environ.get('MLIR_OPT', '/usr/lib/llvm-19/bin/mlir-opt')
FILECHECK = os.environ.get('FILECHECK', '/usr/lib/llvm-19/bin/FileCheck')
LAYOUTS = ['aa', 'ms', 'tree', 'mstree', 'change', 'local', 'nodebug']


def first_pass(pipeline):
    """The first pass of a pipeline ('canonicalize' of
    'builtin.module(func.func(canonicalize,cse))')."""
    s = pipeline
    while True:
        m = re.match(r'\s*([a-z0-9_.]+)\(', s)
        if m and '.' in m.group(1):
            s = s[m.end():]
            continue
        break
    return re.split(r'[,({) ]', s)[0]


def capture(case, src, lay, work):
    """Run the case's pipeline on src in one layout; the capture's path."""
    base = ['--pass-pipeline=' + case['pipeline']] + case.get('flags', [])
    dbg = [] if lay == 'nodebug' else ['--mlir-print-debuginfo']
    dbg += ['--mlir-disable-threading']
    out = os.path.join(work, lay)
    if lay in ('tree', 'mstree'):
        os.makedirs(out, exist_ok=True)
        extra = ['--mlir-print-ir-before-all', '--mlir-print-ir-after-all',
                 '--mlir-print-ir-tree-dir=' + out]
        if lay == 'mstree':
            extra.append('--mlir-print-ir-module-scope')
        target, err = out, out + '.err'
    else:
        extra = ['--mlir-print-ir-before=' + first_pass(case['pipeline']),
                 '--mlir-print-ir-after-all']
        extra += {'change': ['--mlir-print-ir-after-change'],
                  'ms': ['--mlir-print-ir-module-scope'],
                  'local': ['--mlir-print-local-scope']}.get(lay, [])
        target = err = out + '.txt'
    with open(err, 'w') as f:
        r = subprocess.run([MLIR_OPT, src] + dbg + base + extra +
                           ['-o', os.devnull], stderr=f)
    if r.returncode:
        raise RuntimeError('mlir-opt failed: %s (%s)' % (src, lay))
    return target


def markers(path, tag):
    """line -> NAME of the "tag:NAME" comments, and NAME -> op names."""
    at, names = {}, collections.defaultdict(list)
    for n, line in enumerate(open(path), 1):
        for g in re.findall(tag + r':([\w-]+)', line):
            at[n] = g
            m = re.search(r'(?:=\s*|^\s*)"?([a-z_]+\.[a-z_.]+)', line)
            names[g].append(m.group(1) if m else '?')
    return at, names


def line_of(loc):
    if isinstance(loc, list):
        loc = loc[0] if loc else None
    m = re.match(r'.*:(\d+):(\d+)$', loc or '')
    return int(m.group(1)) if m else None


def stage_pass(name):
    name = name.split(' on ')[0]
    return name[7:] if name.startswith('before:') else name


def filecheck(src):
    """Run the file's RUN line (mlir-opt ... | FileCheck); None if it has
    none, else an error text or ''."""
    run = None
    for line in open(src):
        m = re.match(r'//\s*RUN:\s*mlir-opt (.*)\|\s*FileCheck %s', line)
        if m:
            run = m.group(1)
            break
    if run is None:
        return None
    args = [src if a == '%s' else a for a in shlex.split(run)]
    p = subprocess.run([MLIR_OPT] + args, capture_output=True, text=True)
    if p.returncode:
        return 'mlir-opt: ' + p.stderr.strip()[:300]
    c = subprocess.run([FILECHECK, src], input=p.stdout, capture_output=True,
                       text=True)
    return c.stderr.strip()[:300] if c.returncode else ''


def check_layout(case, src, lay, mt, work, fuse_at, fuse_names, out_at):
    """Hold one layout's irdiff to the case: (failures, groups found per
    name, false fusions, outlinings found, the fusions seen)."""
    fails, seen, false, outl = [], collections.Counter(), 0, 0
    target = capture(case, src, lay, work)
    r = subprocess.run([mt, 'irdiff', '--format', 'json', target],
                       capture_output=True, text=True)
    if r.returncode:
        return ['%s: irdiff exit %d %s' % (lay, r.returncode, r.stderr)], \
            seen, 0, 0, []
    doc = json.loads(r.stdout)
    groups = case['groups']
    fus = [(stage_pass(t['to_name']), f) for g in doc['graphs']
           for t in g['transitions'] for f in t['fusions']]
    shape = sorted((p, f['into']['function'], f['kind'], f['into']['op'],
                    tuple(sorted(m['op'] for m in f['from'])))
                   for p, f in fus)
    for p, f in fus:
        ml = [line_of(m['loc']) for m in f['from']]
        what = '%s at %s in @%s: %s <- %s' % (
            lay, p, f['into']['function'], f['into']['op'],
            [m['op'] for m in f['from']])
        if lay == 'nodebug' or None in ml:
            ops = sorted(m['op'] for m in f['from'])
            cand = [g for g, d in groups.items()
                    if d['function'] == f['into']['function'] and
                    d['kind'] == f['kind'] and d['pass'] == p and
                    sorted(d.get('members', fuse_names[g])) == ops]
            if not cand:
                fails.append('false fusion: ' + what)
                false += 1
                continue
            free = [g for g in cand if seen[g] < groups[g].get('count', 1)]
            seen[(free or cand)[0]] += 1
            continue
        gs = {fuse_at.get(n) for n in ml}
        if len(gs) != 1 or None in gs:
            fails.append('false fusion: %s lines %s' % (what, ml))
            false += 1
            continue
        g = gs.pop()
        d = groups[g]
        want = sorted(n for n, x in fuse_at.items() if x == g)
        bad = []
        if sorted(ml) != want:
            bad.append('members at lines %s, want %s' % (sorted(ml), want))
        if p != d['pass']:
            bad.append('found at %s, want %s' % (p, d['pass']))
        if f['kind'] != d['kind']:
            bad.append('kind %s, want %s' % (f['kind'], d['kind']))
        if bad:
            fails.append('%s: group %s %s' % (lay, g, '; '.join(bad)))
        else:
            seen[g] += 1
    got = sorted((stage_pass(t['to_name']), o['from']['symbol'],
                  o['to']['op'], tuple(sorted(m['op'] for m in o['moved'])))
                 for g in doc['graphs'] for t in g['transitions']
                 for o in t.get('outlinings', []))
    want = sorted((o['pass'], o['function'], o['into'],
                   tuple(sorted(o['moved'])))
                  for o in case.get('outlinings', []))
    if got != want:
        fails.append('%s: outlinings %s, want %s' % (lay, got, want))
    else:
        outl = len(got)
    # outlined ops named by location: the marked ones
    for g in doc['graphs']:
        for t in g['transitions']:
            for o in t.get('outlinings', []):
                ml = [line_of(m['loc']) for m in o['moved']]
                if None not in ml and lay != 'nodebug' and \
                        any(n not in out_at for n in ml):
                    fails.append('%s: outlining moved lines %s, marked %s'
                                 % (lay, ml, sorted(out_at)))
    for g, d in groups.items():
        if seen[g] != d.get('count', 1):
            fails.append('%s: group %s found %d times, want %d' %
                         (lay, g, seen[g], d.get('count', 1)))
    return fails, seen, false, outl, shape


def run_half(mt, work, half):
    ns = {}
    exec(open(os.path.join(half, 'cases.py')).read(), ns)
    cases = ns['CASES']
    name = os.path.basename(os.path.normpath(half))
    jobs, fails = [], []
    tot = dict(groups=0, found=0, false=0, outl=0, outl_found=0, fc=0,
               fc_ok=0)
    with concurrent.futures.ThreadPoolExecutor(os.cpu_count() or 2) as ex:
        fcs = {}
        for src in sorted({c['file'] for c in cases}):
            fcs[src] = ex.submit(filecheck, os.path.join(half, src))
        for case in cases:
            src = os.path.join(half, case['file'])
            fuse_at, fuse_names = markers(src, 'fuse')
            out_at, _ = markers(src, 'outline')
            for lay in LAYOUTS:
                w = os.path.join(work, name, case['name'])
                os.makedirs(w, exist_ok=True)
                jobs.append((case, lay, ex.submit(
                    check_layout, case, src, lay, mt, w, fuse_at,
                    fuse_names, out_at)))
        for src, f in sorted(fcs.items()):
            e = f.result()
            if e is None:
                continue
            tot['fc'] += 1
            if e:
                fails.append('%s: FileCheck of the RUN line: %s' % (src, e))
            else:
                tot['fc_ok'] += 1
        shapes = {}
        for case, lay, f in jobs:
            try:
                bad, seen, false, outl, shape = f.result()
            except RuntimeError as e:
                fails.append('%s: %s' % (case['name'], e))
                continue
            shapes[(case['name'], lay)] = shape
            fails += ['%s: %s' % (case['name'], b) for b in bad]
            for g, d in case['groups'].items():
                n = d.get('count', 1)
                tot['groups'] += n
                tot['found'] += min(seen[g], n)
            tot['false'] += false
            tot['outl'] += len(case.get('outlinings', []))
            tot['outl_found'] += outl
        for case in cases:
            a = shapes.get((case['name'], 'aa'))
            b = shapes.get((case['name'], 'nodebug'))
            if a is not None and b is not None and a != b:
                fails.append('%s: without locations other fusions than '
                             'with them:\n    %s\n    %s' %
                             (case['name'], a, b))
    print('%s half: %d cases x %d layouts; fusion groups found %d/%d, '
          'false fusions %d, outlinings %d/%d; FileCheck of the RUN lines '
          '%d/%d' % (name, len(cases), len(LAYOUTS), tot['found'],
                     tot['groups'], tot['false'], tot['outl_found'],
                     tot['outl'], tot['fc_ok'], tot['fc']))
    for f in fails:
        print('  FAIL ' + f)
    return not fails


def main():
    if len(sys.argv) < 4:
        sys.exit(__doc__)
    mt, work = sys.argv[1], sys.argv[2]
    ok = True
    for half in sys.argv[3:]:
        ok &= run_half(mt, work, half)
    sys.exit(0 if ok else 1)


if __name__ == '__main__':
    main()
