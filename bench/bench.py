#!/usr/bin/env python3
"""maxtriage benchmarks against the anchors, in one run (see bench/run.sh).

usage: bench.py MAXTRIAGE WORKDIR [symbolize|stack|sanitizer|irdiff|irstages|irfuncs|core|server|all]

Environment: BENCH_RUNS (runs per tool, default 5), BENCH_QUICK=1 (small
inputs, for smoke tests; the targets are then only indicative),
BENCH_IR_SIZES=5000,50000 (the irdiff series; the last size is the one
checked against the targets), BENCH_IR_STAGES=100,800 (layers of the
many-stage capture series, default 100,200,400,800; irstages alone runs
only that one), BENCH_IR_FUNCS=400,800 (functions of the function-scope
capture series, default 100,200,400,800; irfuncs alone runs only that one).

Every measured run is one process started by bench/runone.c (a small C
launcher, built into WORKDIR): wall time from just before fork to just
after wait4 on a monotonic clock, peak RSS (ru_maxrss, what GNU time's %M
reports) and user+sys time from wait4. (Until 2026-11-30 the wall time was
taken in Python around /usr/bin/time, which counted time's own start-up,
about 3.6 ms here, in every run: noise for the long runs, a bias toward 1
for the 30-address ratios. Python cannot take ru_maxrss itself: a child
inherits its parent's resident pages into ru_maxrss until it execs.)
Tools are run alternately (A B C A B C ...) so that load from other
processes on the machine falls on all of them alike; medians are reported,
and every target is a ratio maxtriage/anchor of medians from this run.
"""
import json
import math
import os
import random
import shutil
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
LLVM_SYMBOLIZER = '/usr/lib/llvm-19/bin/llvm-symbolizer'
MLIR_OPT = '/usr/lib/llvm-19/bin/mlir-opt'
GNU_TIME = '/usr/bin/time'
RUNONE = None  # bench/runone, built by main()
# maxtriage with a warm --index-cache (written by one run just before).
CACHED = 'maxtriage, cached'
RUNS = int(os.environ.get('BENCH_RUNS', '5'))
QUICK = os.environ.get('BENCH_QUICK', '') not in ('', '0')

if QUICK:
    LIB_SHAPE = (4, 250)          # files x functions
    N_ADDRS = 2000
    N_CRASH = 30
    N_FRAMES = 500
    IR_SIZES = [1000, 2000, 5000]
else:
    LIB_SHAPE = (40, 1000)
    N_ADDRS = 20000
    N_CRASH = 30
    N_FRAMES = 5000
    IR_SIZES = [5000, 10000, 20000, 50000]
IR_STAGE_SIZES = [100, 200, 400, 800]
if os.environ.get('BENCH_IR_STAGES'):
    IR_STAGE_SIZES = [int(x) for x in os.environ['BENCH_IR_STAGES'].split(',')]
if os.environ.get('BENCH_IR_SIZES'):
    IR_SIZES = [int(x) for x in os.environ['BENCH_IR_SIZES'].split(',')]

results = []      # (target, measured, limit, ok) for the summary


def log(msg):
    print(msg, flush=True)


def sh(cmd, **kw):
    return subprocess.run(cmd, check=True, **kw)


# ---------------------------------------------------------------- timing

def measure_once(cmd, stdin_path, stdout_path):
    """Run cmd once under bench/runone (built by main): wall time from
    fork to wait4 with a monotonic clock, peak RSS and user+sys time from
    wait4."""
    tf = stdout_path + '.time'
    with open(stdin_path or os.devnull, 'rb') as fin, \
            open(stdout_path, 'wb') as fout:
        p = subprocess.run([RUNONE, tf] + cmd, stdin=fin, stdout=fout,
                           stderr=subprocess.PIPE)
    with open(tf) as f:
        wall, rss_kib, cpu, rc = f.read().split()
    return (float(wall), int(rss_kib), float(cpu), int(rc),
            p.stderr.decode(errors='replace'))


def measure(tools, ok_rc=(0,)):
    """tools: list of (name, cmd, stdin_path, stdout_path[, ok_rc]).
    Runs them alternately RUNS times; returns {name: {wall, rss, walls}}."""
    walls = {t[0]: [] for t in tools}
    rsss = {t[0]: [] for t in tools}
    cpus = {t[0]: [] for t in tools}
    for _ in range(RUNS):
        for t in tools:
            name, cmd, inp, out = t[:4]
            oks = t[4] if len(t) > 4 else ok_rc
            w, r, c, rc, err = measure_once(cmd, inp, out)
            if rc not in oks:
                log(f'  !! {name} exited {rc}: {err.strip()[:500]}')
            walls[name].append(w)
            rsss[name].append(r)
            cpus[name].append(c)
    res = {}
    for t in tools:
        n = t[0]
        res[n] = {'wall': statistics.median(walls[n]),
                  'rss': statistics.median(rsss[n]) / 1024.0,
                  'cpu': statistics.median(cpus[n]),
                  'walls': walls[n]}
    return res


def table(res):
    log(f'  {"tool":<18} {"median wall":>12} {"peak RSS":>10} {"user+sys":>9}'
        f'   wall of each run (s)')
    for n, r in res.items():
        runs = ' '.join(f'{w:.3f}' for w in r['walls'])
        log(f'  {n:<18} {r["wall"]:>10.3f} s {r["rss"]:>7.1f} MB '
            f'{r["cpu"]:>7.2f} s   {runs}')


def check(target, value, limit, fmt='{:.3f}', le=True):
    ok = value <= limit if le else value >= limit
    results.append((target, fmt.format(value), fmt.format(limit), ok))
    log(f'  {"PASS" if ok else "FAIL"}  {target}: {fmt.format(value)} '
        f'(target {"<=" if le else ">="} {fmt.format(limit)})')


# ---------------------------------------------------------------- symbolizer text

def blocks(path):
    """llvm-symbolizer text: per address a block of (function, file:line:col)
    line pairs ended by a blank line. Returns [[(func, file, line)]]."""
    with open(path, errors='replace') as f:
        text = f.read()
    out = []
    for b in text.split('\n\n'):
        lines = [ln for ln in b.split('\n') if ln != '']
        if not lines:
            continue
        frames = []
        for i in range(0, len(lines) - 1, 2):
            fn = lines[i]
            loc = lines[i + 1]
            parts = loc.rsplit(':', 2)
            if len(parts) == 3:
                file, line = parts[0], parts[1]
            else:
                file, line = loc, '0'
            frames.append((fn, file, line))
        out.append(frames)
    return out


def agreement(exp, got):
    n = min(len(exp), len(got))
    same = sum(1 for i in range(n) if exp[i] == got[i])
    bad = [i for i in range(n) if exp[i] != got[i]]
    return same, max(len(exp), len(got)), bad


# ---------------------------------------------------------------- inputs

def text_range(lib):
    out = sh(['readelf', '-SW', lib], capture_output=True,
             text=True).stdout
    for ln in out.splitlines():
        parts = ln.replace('[ ', '[').split()
        if len(parts) > 5 and parts[1] == '.text':
            return int(parts[3], 16), int(parts[5], 16)
    raise SystemExit(f'no .text in {lib}')


def build_libs(work):
    nfiles, nfuncs = LIB_SHAPE
    t0 = time.time()
    sh(['sh', os.path.join(HERE, 'build_lib.sh'), work, str(nfiles),
        str(nfuncs)])
    libs = {}
    for cc in ('gcc', 'clang'):
        libs[cc] = os.path.join(work, 'lib', f'libbench-{cc}.so')
    dt = time.time() - t0
    if dt > 5:
        log(f'  (built the libraries in {dt:.0f} s)')
    return libs


def write_addrs(path, lib, n, seed):
    if os.path.exists(path):
        return
    start, size = text_range(lib)
    rnd = random.Random(seed)
    with open(path + '.tmp', 'w') as f:
        for _ in range(n):
            f.write(f'0x{start + rnd.randrange(size):x}\n')
    os.rename(path + '.tmp', path)


def lib_desc(lib):
    sz = os.path.getsize(lib) / 1e6
    secs = sh(['readelf', '-SW', lib], capture_output=True, text=True).stdout
    ar = 'with .debug_aranges' if '.debug_aranges' in secs \
        else 'no .debug_aranges'
    return f'{sz:.1f} MB, {ar}'


# ---------------------------------------------------------------- symbolize

def prime_cache(cache, cmd, stdin_path, out):
    """Empty the index cache and run cmd once to write it; log the cost."""
    shutil.rmtree(cache, ignore_errors=True)
    w, r, c, rc, err = measure_once(cmd, stdin_path, out)
    size = sum(os.path.getsize(os.path.join(cache, f))
               for f in os.listdir(cache)) if os.path.isdir(cache) else 0
    log(f'  index cache written by one run: {w:.3f} s wall, '
        f'{r / 1024:.1f} MB peak, {size / 1e6:.1f} MB on disk' +
        (f' (exit {rc}: {err.strip()[:200]})' if rc else ''))


def same_bytes(a, b):
    with open(a, 'rb') as f, open(b, 'rb') as g:
        return f.read() == g.read()


def bench_symbolize(mt, work, libs):
    d = os.path.join(work, 'sym')
    os.makedirs(d, exist_ok=True)
    cache = os.path.join(work, 'index-cache')
    for cc, lib in libs.items():
        log(f'\n== symbolize: {cc} library {lib} ({lib_desc(lib)})')
        for n, label in ((N_ADDRS, 'many'), (N_CRASH, 'crash')):
            addrs = os.path.join(d, f'{cc}-{n}.txt')
            write_addrs(addrs, lib, n, f'{cc}-{n}')
            o = lambda t: os.path.join(d, f'{cc}-{n}.{t}.out')  # noqa: E731
            cached = [mt, 'symbolize', '--inlines', '--index-cache', cache,
                      '-e', lib]
            prime_cache(cache, cached, addrs, o('cached'))
            tools = [
                ('maxtriage', [mt, 'symbolize', '--inlines', '-e', lib],
                 addrs, o('maxtriage')),
                (CACHED, cached, addrs, o('cached')),
                ('llvm-symbolizer', [LLVM_SYMBOLIZER, '--inlines',
                                     '--obj=' + lib], addrs, o('llvm')),
                ('addr2line', ['addr2line', '-f', '-i', '-C', '-e', lib],
                 addrs, o('addr2line')),
            ]
            if label == 'crash':
                tools.append(('eu-addr2line', ['eu-addr2line', '-f', '-i',
                                               '-C', '-e', lib],
                              addrs, o('eu-addr2line')))
            log(f'-- {n} addresses, --inlines, {RUNS} runs each, alternated')
            res = measure(tools)
            table(res)
            same, total, bad = agreement(blocks(o('llvm')),
                                         blocks(o('maxtriage')))
            pct = 100.0 * same / total if total else 0.0
            log(f'  agreement with llvm-symbolizer (function/file/line of '
                f'every frame): {same}/{total} = {pct:.2f}%')
            for i in bad[:3]:
                log(f'    differs at address #{i}: see {o("llvm")} / '
                    f'{o("maxtriage")}')
            check(f'symbolize {cc} {n}: agreement %', pct, 99.9, '{:.2f}',
                  le=False)
            check(f'symbolize {cc} {n}: same bytes with --index-cache',
                  1 if same_bytes(o('maxtriage'), o('cached')) else 0, 1,
                  '{:d}', le=False)
            anchors = ['llvm-symbolizer', 'addr2line'] + \
                (['eu-addr2line'] if label == 'crash' else [])
            fastest = min(anchors, key=lambda a: res[a]['wall'])
            for who in ('maxtriage', CACHED):
                mtw = res[who]['wall']
                ratio = mtw / res[fastest]['wall']
                log(f'  wall ratio {who}/{fastest} (fastest anchor): '
                    f'{ratio:.3f}')
                for a in anchors:
                    log(f'    {who}/{a}: wall {mtw / res[a]["wall"]:.3f}, peak '
                        f'RSS {res[who]["rss"] / res[a]["rss"]:.3f}')
                check(f'symbolize {cc} {n}: wall {who}/{fastest}', ratio, 0.5)
            mtw = res['maxtriage']['wall']
            if label == 'crash':
                # eu-addr2line maps addresses to CUs only through
                # .debug_aranges: on the clang library it prints ??:0
                # for everything, quickly. Say so beside the ratio.
                with open(o('eu-addr2line'), errors='replace') as f:
                    unk = sum(1 for ln in f if ln.startswith('??:'))
                log(f'  eu-addr2line gave no file:line (??:0) for {unk} of '
                    f'{n} addresses')
                if unk:
                    ans = min(('llvm-symbolizer', 'addr2line'),
                              key=lambda a: res[a]['wall'])
                    log(f'  (ratio to the fastest anchor that answers, {ans}: '
                        f'{mtw / res[ans]["wall"]:.3f})')
            if label == 'many':
                smallest = min(('llvm-symbolizer', 'addr2line'),
                               key=lambda a: res[a]['rss'])
                for who in ('maxtriage', CACHED):
                    check(f'symbolize {cc} {n}: peak RSS {who}/{smallest}',
                          res[who]['rss'] / res[smallest]['rss'], 1.0)


# ---------------------------------------------------------------- stack

def call_return_addresses(lib, cache):
    """File offsets of instructions right after a call (return addresses)."""
    if os.path.exists(cache):
        with open(cache) as f:
            return [int(x, 16) for x in f.read().split()]
    p = subprocess.Popen(['objdump', '-d', '--no-show-raw-insn', lib],
                         stdout=subprocess.PIPE, text=True)
    out = []
    prev_call = False
    for ln in p.stdout:
        parts = ln.split('\t')
        if len(parts) < 2 or not parts[0].strip().endswith(':'):
            continue
        addr = int(parts[0].strip()[:-1], 16)
        if prev_call:
            out.append(addr)
        prev_call = parts[1].startswith('call')
    p.wait()
    with open(cache, 'w') as f:
        f.write('\n'.join(f'{a:x}' for a in out))
    return out


def build_stack_input(work, libs):
    """One LLVM-style dump (PrintStackTrace shape) of N_FRAMES frames over
    four modules: the gcc and clang libraries and a copy of each under
    another name (so four modules are opened and indexed). Frame 0 is a
    random code address (the faulting pc); the others are return addresses
    (the instruction after a real call). Also writes llvm-symbolizer's
    input: 'MODULE 0xOFF' with OFF-1 for return addresses, which is what
    maxtriage looks up (docs/json-stack.md, lookup "call_site")."""
    d = os.path.join(work, 'stack')
    os.makedirs(os.path.join(d, 'mods'), exist_ok=True)
    dump = os.path.join(d, f'dump-{N_FRAMES}.txt')
    llin = os.path.join(d, f'llvm-{N_FRAMES}.txt')
    mods = []
    for cc, lib in libs.items():
        for k in (1, 2):
            m = os.path.join(d, 'mods', f'libmodel_{cc}_{k}.so')
            if not os.path.exists(m) or \
                    os.path.getmtime(m) < os.path.getmtime(lib):
                shutil.copyfile(lib, m)
                for f in (dump, llin):
                    if os.path.exists(f):
                        os.unlink(f)
            mods.append((m, call_return_addresses(
                lib, os.path.join(d, f'ret-{cc}.txt'))))
    if os.path.exists(dump) and os.path.exists(llin):
        return dump, llin
    rnd = random.Random('stack')
    start, size = text_range(libs['gcc'])
    lines = ['PLEASE submit a bug report to https://github.com/llvm/'
             'llvm-project/issues/ and include the crash backtrace.',
             'Stack dump:',
             '0.\tProgram arguments: ./bench_runner --model big']
    ll = []
    # LLVM right-justifies '#N' to log10(depth) + 2 columns.
    width = int(math.log10(N_FRAMES)) + 2
    for i in range(N_FRAMES):
        mi = rnd.randrange(len(mods))
        path, rets = mods[mi]
        base = 0x7f0000000000 + mi * 0x10000000
        if i == 0:
            off = start + rnd.randrange(size)
            look = off
        else:
            off = rets[rnd.randrange(len(rets))]
            look = off - 1
        num = f'#{i}'
        lines.append(f'{num:>{width}} 0x{base + off:016x} ({path}+0x{off:x})')
        ll.append(f'{path} 0x{look:x}')
    lines.append('Segmentation fault (core dumped)')
    with open(dump, 'w') as f:
        f.write('\n'.join(lines) + '\n')
    with open(llin, 'w') as f:
        f.write('\n'.join(ll) + '\n')
    return dump, llin


def stack_frames(path):
    """maxtriage stack JSON -> [[(func, file, line)]] per printed frame."""
    with open(path) as f:
        doc = json.load(f)
    groups = []
    last = None
    for rep in doc.get('reports', []):
        for fr in rep.get('frames', []):
            idx = fr.get('index')
            t = (fr.get('function') or '??', fr.get('file') or '??',
                 str(fr.get('line') or 0))
            if idx != last or not groups:
                groups.append([])
                last = idx
            groups[-1].append(t)
    return groups


def bench_stack(mt, work, libs):
    dump, llin = build_stack_input(work, libs)
    d = os.path.dirname(dump)
    log(f'\n== stack: one dump of {N_FRAMES} frames over 4 modules '
        f'({dump})')
    out_mt = os.path.join(d, 'maxtriage.json')
    out_ll = os.path.join(d, 'llvm.out')
    out_c = os.path.join(d, 'cached.json')
    cache = os.path.join(work, 'index-cache')
    cached = [mt, 'stack', '--format', 'json', '--no-repo', '--index-cache',
              cache, dump]
    prime_cache(cache, cached, None, out_c)
    res = measure([
        ('maxtriage stack', [mt, 'stack', '--format', 'json', '--no-repo',
                             dump], None, out_mt),
        (CACHED, cached, None, out_c),
        ('llvm-symbolizer', [LLVM_SYMBOLIZER, '--inlines'], llin, out_ll),
    ])
    table(res)
    try:
        got = stack_frames(out_mt)
    except (ValueError, OSError) as e:
        log(f'  !! cannot read maxtriage JSON: {e}')
        got = []
    same, total, bad = agreement(blocks(out_ll), got)
    pct = 100.0 * same / total if total else 0.0
    log(f'  agreement with llvm-symbolizer (function/file/line of every '
        f'frame): {same}/{total} = {pct:.2f}% '
        f'({len(got)} frames in the JSON)')
    check('stack: agreement %', pct, 99.9, '{:.2f}', le=False)
    ratio = res['maxtriage stack']['wall'] / res['llvm-symbolizer']['wall']
    log(f'  peak RSS ratio: '
        f'{res["maxtriage stack"]["rss"] / res["llvm-symbolizer"]["rss"]:.3f}')
    check('stack: wall maxtriage/llvm-symbolizer', ratio, 0.5)
    check('stack: same bytes with --index-cache',
          1 if same_bytes(out_mt, out_c) else 0, 1, '{:d}', le=False)
    check(f'stack: wall {CACHED}/llvm-symbolizer',
          res[CACHED]['wall'] / res['llvm-symbolizer']['wall'], 0.5)


# ---------------------------------------------------------------- sanitizer

def run_sanitizer_bench(mt, work):
    """The ASan report through a 100+ MB library (bench/sanreport.py)."""
    sys.path.insert(0, HERE)
    import sanreport
    sanreport.bench_sanitizer(mt, work, RUNONE, RUNS, sh, log, check)


# ---------------------------------------------------------------- irdiff

def build_ir(work, n):
    """bench/work/ir/N/{before,after}.mlir, both printed by mlir-opt with
    --mlir-print-debuginfo: before = the generated module parsed and
    printed, after = the same after func.func(linalg-fuse-elementwise-ops).
    The time and memory of mlir-opt producing 'before' (parse + print) are
    kept in before.time as an extra reference."""
    d = os.path.join(work, 'ir', str(n))
    before = os.path.join(d, 'before.mlir')
    after = os.path.join(d, 'after.mlir')
    if os.path.exists(after):
        return before, after
    os.makedirs(d, exist_ok=True)
    src = os.path.join(d, 'model.mlir')
    with open(src, 'w') as f:
        sh([sys.executable, os.path.join(HERE, 'gen_mlir.py'), str(n)],
           stdout=f)
    log(f'  generating {n}-function stages with mlir-opt ...')
    sh([GNU_TIME, '-f', '%e %M', '-o', 'before.time', MLIR_OPT,
        '--mlir-print-debuginfo', 'model.mlir', '-o', 'before.mlir.tmp'],
       cwd=d)
    sh([MLIR_OPT, '--mlir-print-debuginfo', '--pass-pipeline=builtin.module('
        'func.func(linalg-fuse-elementwise-ops))', 'before.mlir.tmp', '-o',
        'after.mlir.tmp'], cwd=d)
    os.rename(os.path.join(d, 'before.mlir.tmp'), before)
    os.rename(os.path.join(d, 'after.mlir.tmp'), after)
    os.unlink(src)
    return before, after


def count_fusions(path):
    try:
        with open(path) as f:
            doc = json.load(f)
    except (ValueError, OSError) as e:
        log(f'  !! cannot read maxtriage JSON: {e}')
        return 0, 0
    n = three = 0
    for g in doc.get('graphs', []):
        for t in g.get('transitions', []):
            for fu in t.get('fusions', []):
                n += 1
                if len(fu.get('from', [])) == 3:
                    three += 1
    return n, three


def bench_irdiff(mt, work):
    series = []
    for n in IR_SIZES:
        before, after = build_ir(work, n)
        d = os.path.dirname(before)
        mb = (os.path.getsize(before) / 1e6, os.path.getsize(after) / 1e6)
        log(f'\n== irdiff: {n} functions, before {mb[0]:.1f} MB, after '
            f'{mb[1]:.1f} MB ({d})')
        out_mt = os.path.join(d, 'maxtriage.json')
        res = measure([
            ('maxtriage irdiff', [mt, 'irdiff', '--format', 'json', before,
                                  after], None, out_mt),
            ('diff', ['diff', before, after], None,
             os.path.join(d, 'diff.out'), (0, 1)),
        ])
        table(res)
        with open(os.path.join(d, 'before.time')) as f:
            e, m = f.read().split()[-2:]
        log(f'  (reference, one run at generation: mlir-opt parse+print of '
            f'the first stage {float(e):.2f} s / {int(m) / 1024:.0f} MB)')
        fus, three = count_fusions(out_mt)
        log(f'  fusions reported: {fus} ({three} of three ops), expected {n}')
        mtr = res['maxtriage irdiff']
        df = res['diff']
        log(f'  maxtriage/diff: wall {mtr["wall"] / df["wall"]:.3f}, peak RSS '
            f'{mtr["rss"] / df["rss"]:.3f}')
        series.append((n, mtr['wall'], mtr['rss'], df['wall']))
        if n == IR_SIZES[-1]:
            check(f'irdiff {n}: fusions found', fus, n, '{:d}', le=False)
            check(f'irdiff {n}: wall maxtriage/diff', mtr['wall'] / df['wall'],
                  1.0)
            check(f'irdiff {n}: peak RSS maxtriage/diff',
                  mtr['rss'] / df['rss'], 1.0)
    if len(series) > 1:
        log('\n== irdiff scaling (maxtriage median wall time)')
        log(f'  {"functions":>9} {"wall s":>8} {"us/function":>12} '
            f'{"peak MB":>8} {"diff s":>8}')
        for n, w, r, dw in series:
            log(f'  {n:>9} {w:>8.3f} {1e6 * w / n:>12.1f} {r:>8.1f} '
                f'{dw:>8.3f}')
        (n0, w0, _, _), (n1, w1, _, _) = series[0], series[-1]
        k = math.log(w1 / w0) / math.log(n1 / n0)
        log(f'  growth exponent from {n0} to {n1} functions: time ~ n^{k:.2f} '
            f'(1 = linear, 2 = quadratic)')
        check(f'irdiff scaling exponent {n0}..{n1}', k, 1.2, '{:.2f}')


# ---------------------------------------------------------------- many stages

# The pass pipeline of the many-stage capture: the TOSA-to-Linalg pipeline
# written out (mlir-opt's tosa-to-linalg-pipeline adds tosa-validate, which
# rejects the 64x64 weights at its default level), elementwise fusion,
# bufferization, loops, and the lowering to the llvm dialect. 32 dumps.
TOSA_PIPELINE = (
    'builtin.module(func.func(tosa-optional-decompositions,canonicalize,'
    'tosa-infer-shapes,tosa-make-broadcastable,tosa-to-linalg-named,'
    'canonicalize,tosa-layerwise-constant-fold,tosa-make-broadcastable,'
    'tosa-to-linalg,tosa-to-arith,tosa-to-tensor),canonicalize,'
    'func.func(linalg-fuse-elementwise-ops),canonicalize,cse,'
    'one-shot-bufferize{bufferize-function-boundaries},canonicalize,'
    'func.func(convert-linalg-to-loops),lower-affine,convert-scf-to-cf,'
    'canonicalize,cse,expand-strided-metadata,finalize-memref-to-llvm,'
    'convert-math-to-llvm,convert-arith-to-llvm,convert-index-to-llvm,'
    'convert-cf-to-llvm,convert-func-to-llvm,reconcile-unrealized-casts,'
    'canonicalize,cse)')
DUMP_MARK = b'// -----// IR Dump '


def build_capture(work, n):
    """bench/work/irstages/N/capture.txt: the --mlir-print-ir-after-all
    capture (mlir-opt's stderr, --mlir-print-debuginfo) of an N-layer
    TOSA MLP (gen_tosa_mlp.py) through TOSA_PIPELINE, and dumps/NNN.mlir:
    the capture split at each dump header (the header line starts each
    file), for GNU diff."""
    d = os.path.join(work, 'irstages', str(n))
    cap = os.path.join(d, 'capture.txt')
    dd = os.path.join(d, 'dumps')
    if not os.path.exists(cap):
        os.makedirs(d, exist_ok=True)
        src = os.path.join(d, 'mlp.mlir')
        with open(src, 'w') as f:
            sh([sys.executable, os.path.join(HERE, 'gen_tosa_mlp.py'),
                str(n)], stdout=f)
        log(f'  generating the {n}-layer capture with mlir-opt ...')
        with open(cap + '.tmp', 'wb') as f:
            sh([MLIR_OPT, '--mlir-print-debuginfo', '--mlir-print-ir-after-all',
                '--pass-pipeline=' + TOSA_PIPELINE, 'mlp.mlir', '-o',
                os.devnull], cwd=d, stderr=f)
        os.rename(cap + '.tmp', cap)
        shutil.rmtree(dd, ignore_errors=True)
    return cap, split_dumps(cap, dd)


def bench_irstages(mt, work):
    """irdiff over a whole module-scope capture (an N-layer TOSA MLP)
    against GNU diff of each consecutive pair of its dumps: at 800 layers
    <= 0.9x diff's wall time (issue 19) and <= 1.0x its peak RSS."""
    sizes = [25, 50, 100] if QUICK else IR_STAGE_SIZES
    bench_capture_series(mt, work, 'irdiff stages', 'layers', sizes,
                         build_capture, (0.9, 1.0, 1.2))


# Lowering each function of a module on its own (func.func passes): the
# capture has one module dump, then a dump of one function per pass per
# function (the after-all op scope).
FUNCS_PIPELINE = (
    'builtin.module(canonicalize,func.func(tosa-to-linalg-named,'
    'tosa-to-linalg,linalg-fuse-elementwise-ops,canonicalize,cse,'
    'linalg-generalize-named-ops,convert-linalg-to-affine-loops,'
    'affine-loop-fusion))')
IR_FUNC_SIZES = [100, 200, 400, 800]
if os.environ.get('BENCH_IR_FUNCS'):
    IR_FUNC_SIZES = [int(x) for x in os.environ['BENCH_IR_FUNCS'].split(',')]


def split_dumps(cap, dd):
    """dd/NNNNN.mlir: the capture cap split at each dump header (the
    header line starts each file), for GNU diff."""
    if os.path.isdir(dd):
        return sorted(os.path.join(dd, x) for x in os.listdir(dd))
    os.makedirs(dd + '.tmp', exist_ok=True)
    with open(cap, 'rb') as f:
        data = f.read()
    starts = []
    i = data.find(DUMP_MARK)
    while i >= 0:
        starts.append(i)
        i = data.find(DUMP_MARK, i + 1)
    starts.append(len(data))
    for k in range(len(starts) - 1):
        with open(os.path.join(dd + '.tmp', f'{k + 1:05d}.mlir'), 'wb') as f:
            f.write(data[starts[k]:starts[k + 1]])
    os.rename(dd + '.tmp', dd)
    return sorted(os.path.join(dd, x) for x in os.listdir(dd))


def build_func_capture(work, n):
    """bench/work/irfuncs/N/capture.txt: the --mlir-print-ir-after-all
    capture (--mlir-print-debuginfo, --mlir-disable-threading) of N
    functions, each a TOSA conv block (gen_tosa_conv.py: conv2d, add,
    clamp, the ops of llvm-project's TosaToLinalg tests), through
    FUNCS_PIPELINE: a pass on each function in turn, each dump one
    function; and dumps/: the capture split at each dump header."""
    d = os.path.join(work, 'irfuncs', str(n))
    cap = os.path.join(d, 'capture.txt')
    if not os.path.exists(cap):
        os.makedirs(d, exist_ok=True)
        src = os.path.join(d, 'convs.mlir')
        with open(src, 'w') as f:
            sh([sys.executable, os.path.join(HERE, 'gen_tosa_conv.py'),
                str(n)], stdout=f)
        log(f'  generating the {n}-function capture with mlir-opt ...')
        with open(cap + '.tmp', 'wb') as f:
            sh([MLIR_OPT, '--mlir-print-debuginfo', '--mlir-disable-threading',
                '--mlir-print-ir-after-all', '--pass-pipeline=' + FUNCS_PIPELINE,
                'convs.mlir', '-o', os.devnull], cwd=d, stderr=f)
        os.rename(cap + '.tmp', cap)
        shutil.rmtree(os.path.join(d, 'dumps'), ignore_errors=True)
    return cap, split_dumps(cap, os.path.join(d, 'dumps'))


def bench_capture_series(mt, work, title, unit, sizes, build, checks):
    """irdiff over whole captures against GNU diff of each consecutive
    pair of their dumps: diff's wall and CPU time are the sums over the
    pairs, its peak RSS the largest of them. checks: (wall limit, RSS
    limit, exponent limit) for the last size."""
    series = []
    for n in sizes:
        cap, dumps = build(work, n)
        d = os.path.dirname(cap)
        mb = os.path.getsize(cap) / 1e6
        log(f'\n== {title}: {n} {unit}, {len(dumps)} dumps, {mb:.1f} MB '
            f'({d})')
        out_mt = os.path.join(d, 'maxtriage.json')
        mw, mr, mc, dw, dr, dc = [], [], [], [], [], []
        for _ in range(RUNS):
            w, r, c, rc, err = measure_once(
                [mt, 'irdiff', '--format', 'json', cap], None, out_mt)
            if rc != 0:
                log(f'  !! maxtriage exited {rc}: {err.strip()[:500]}')
            mw.append(w)
            mr.append(r / 1024.0)
            mc.append(c)
            tw = tc = 0.0
            tr = 0
            for a, b in zip(dumps, dumps[1:]):
                w, r, c, rc, err = measure_once(
                    ['diff', a, b], None, os.path.join(d, 'diff.out'))
                if rc not in (0, 1):
                    log(f'  !! diff exited {rc}: {err.strip()[:500]}')
                tw += w
                tc += c
                tr = max(tr, r)
            dw.append(tw)
            dr.append(tr / 1024.0)
            dc.append(tc)
        res = {'maxtriage irdiff': {'wall': statistics.median(mw),
                                    'rss': statistics.median(mr),
                                    'cpu': statistics.median(mc),
                                    'walls': mw},
               f'diff x {len(dumps) - 1}': {'wall': statistics.median(dw),
                                            'rss': statistics.median(dr),
                                            'cpu': statistics.median(dc),
                                            'walls': dw}}
        table(res)
        mtr = res['maxtriage irdiff']
        df = res[f'diff x {len(dumps) - 1}']
        log(f'  maxtriage/diff: wall {mtr["wall"] / df["wall"]:.3f}, peak RSS '
            f'{mtr["rss"] / df["rss"]:.3f}, user+sys '
            f'{mtr["cpu"] / df["cpu"]:.3f}')
        series.append((n, mtr['wall'], mtr['rss'], df['wall'], mtr['cpu']))
        if n == sizes[-1]:
            check(f'{title} {n}: wall maxtriage/diff',
                  mtr['wall'] / df['wall'], checks[0])
            check(f'{title} {n}: peak RSS maxtriage/diff',
                  mtr['rss'] / df['rss'], checks[1])
    if len(series) > 1:
        log(f'\n== {title}: scaling (maxtriage medians)')
        log(f'  {unit:>9} {"wall s":>8} {"user+sys":>9} {"peak MB":>8} '
            f'{"diff s":>8}')
        for n, w, r, dw, c in series:
            log(f'  {n:>9} {w:>8.3f} {c:>9.3f} {r:>8.1f} {dw:>8.3f}')
        (n0, w0, _, _, c0), (n1, w1, _, _, c1) = series[0], series[-1]
        k = math.log(w1 / w0) / math.log(n1 / n0)
        kc = math.log(c1 / c0) / math.log(n1 / n0)
        log(f'  growth exponent from {n0} to {n1} {unit}: wall ~ n^{k:.2f}, '
            f'user+sys ~ n^{kc:.2f} (1 = linear)')
        check(f'{title} scaling exponent {n0}..{n1}', k, checks[2], '{:.2f}')


def bench_irfuncs(mt, work):
    """A function-scope after-all capture (issue 19): 400 and 800
    functions at <= 1.0x diff's wall time and peak RSS, growing no worse
    than n^1.1."""
    sizes = [25, 50, 100] if QUICK else IR_FUNC_SIZES
    bench_capture_series(mt, work, 'irdiff functions', 'functions', sizes,
                         build_func_capture, (1.0, 1.0, 1.1))


# ---------------------------------------------------------------- main

# ---------------------------------------------------------------- cores

def bench_core(mt, work):
    """Unwinding every thread of a 51-thread core (testdata/dumps/threads.c
    with 50 workers, crashed under gdb, written by generate-core-file):
    maxtriage stack (unwind, symbolize with inline chains, classify,
    JSON) against eu-stack --core on the same file, plain (pcs and names,
    as eu-stack prints by default) and with -i -s (inline frames and
    source lines: the work maxtriage does)."""
    log('\n== core: every thread of a 51-thread core')
    d = os.path.join(work, 'core')
    os.makedirs(d, exist_ok=True)
    src = os.path.join(HERE, '..', 'testdata', 'dumps', 'threads.c')
    exe = os.path.join(d, 'threads')
    core = os.path.join(d, 'threads50.gcore')
    if not os.path.exists(core) or os.path.getmtime(src) > os.path.getmtime(core):
        sh(['gcc', '-O2', '-g', '-pthread', '-o', exe, src])
        subprocess.run(['gdb', '-batch', '-nx', '-ex', 'run', '-ex',
                        f'generate-core-file {core}', '--args', exe, '50', 'segv'],
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    if not os.path.exists(core):
        log('  !! gdb wrote no core: skipped')
        return
    log(f'  input: {core} ({os.path.getsize(core) / 1e6:.1f} MB)')
    out = {n: os.path.join(d, n + '.out') for n in ('mt', 'mtn', 'eu', 'eui')}
    res = measure([
        ('maxtriage', [mt, 'stack', '--no-repo', '--format', 'json', core], None, out['mt']),
        ('maxtriage -n', [mt, 'stack', '--no-repo', '--no-symbolize', '--format', 'json', core],
         None, out['mtn']),
        ('eu-stack', ['eu-stack', f'--core={core}', f'--executable={exe}'], None, out['eu']),
        ('eu-stack -i -s', ['eu-stack', '-i', '-s', f'--core={core}', f'--executable={exe}'],
         None, out['eui']),
    ])
    table(res)
    log('  maxtriage -n is --no-symbolize: unwinding and triage, no names')
    doc = json.load(open(out['mt']))
    r = doc['reports'][0]
    ours = 1 + len(r['threads'])
    theirs = sum(1 for line in open(out['eu']) if line.startswith('TID '))
    log(f'  threads: maxtriage {ours}, eu-stack {theirs}')
    check('core: same thread count as eu-stack', float(ours == theirs), 1.0,
          '{:.0f}', le=False)
    # the same work on each side: unwinding alone, then unwinding with
    # names, inline chains and source lines (both read libc's compressed
    # debug info, which is most of the time)
    check('core: unwinding, maxtriage --no-symbolize / eu-stack --core (wall)',
          res['maxtriage -n']['wall'] / res['eu-stack']['wall'], 1.0)
    check('core: with names and lines, maxtriage / eu-stack -i -s --core (wall)',
          res['maxtriage']['wall'] / res['eu-stack -i -s']['wall'], 1.0)
    log(f'  maxtriage (symbolized) / eu-stack plain: '
        f'{res["maxtriage"]["wall"] / res["eu-stack"]["wall"]:.3f}')


# ---------------------------------------------------------------- server

SERVER_NAMES = [10, 1000, 20000, 200000]
SERVER_REAL = [10, 1000, 5000]
if os.environ.get('BENCH_SERVER_NAMES'):
    SERVER_NAMES = [int(x) for x in os.environ['BENCH_SERVER_NAMES'].split(',')]
if os.environ.get('BENCH_SERVER_REAL'):
    SERVER_REAL = [int(x) for x in os.environ['BENCH_SERVER_REAL'].split(',')]


def server_input(path, names, addr, rounds):
    """Each name asked in turn, the cycle repeated rounds times."""
    with open(path, 'w') as f:
        for _ in range(rounds):
            for n in names:
                f.write(f'{n} {addr}\n')
    return rounds * len(names)


def bench_server(mt, work):
    """The symbolize server (stdin requests, llvm-symbolizer's protocol)
    with N distinct module names: names of files that do not exist (the
    module cache alone: every request after a name's first is answered
    from its negative entry, or, past --max-modules, found again), and
    hard links of one real module built with cc -g (loaded, answered,
    dropped by the LRU past its bound). For each N two inputs, A (each
    name asked r times in turn, r such that A has at least 20,000
    requests for missing names, 2,000 for real ones) and B (2r times):
    "all" is B's wall time per request, "more" the marginal cost of the
    r later rounds, (wall B - wall A) / (requests B - requests A), which
    is the cost of a request for a name already seen. Tools: maxtriage
    with its default bounds, with --max-modules=0 (no bound: every later
    request a hit), llvm-symbolizer 19 (the anchor; it keeps everything),
    and with BENCH_SERVER_BEFORE=MAXTRIAGE an older build. Targets: the
    unbounded marginal cost at the largest N against N = 10 (flat), and
    the answers equal to llvm-symbolizer's."""
    log('\n== server: per-request time against the number of modules')
    d = os.path.join(work, 'server')
    os.makedirs(os.path.join(d, 'mods'), exist_ok=True)
    before = os.environ.get('BENCH_SERVER_BEFORE')
    src = os.path.join(d, 't.c')
    so = os.path.join(d, 't.so')
    if not os.path.exists(so):
        with open(src, 'w') as f:
            f.write('static int helper(int x) { return x * 3 + 1; }\n'
                    '__attribute__((noinline)) int work(int x) '
                    '{ return helper(x) + 2; }\n')
        sh(['cc', '-g', '-O1', '-shared', '-fPIC', '-o', so, src])
    nm = subprocess.run(['nm', so], check=True, capture_output=True,
                        text=True).stdout
    addr = next('0x' + l.split()[0] for l in nm.splitlines()
                if l.endswith(' work'))
    more = {}
    rows = []
    for kind, sizes in (('missing', SERVER_NAMES), ('real', SERVER_REAL)):
        for n in sizes:
            if kind == 'missing':
                names = [os.path.join(d, 'nowhere', f'lib{i}.so')
                         for i in range(n)]
            else:
                names = []
                for i in range(n):
                    p = os.path.join(d, 'mods', f'm{i}.so')
                    if not os.path.exists(p):
                        os.link(so, p)
                    names.append(p)
            least = 20000 if kind == 'missing' else 2000
            r = max(1, -(-least // n))
            reqs = {}
            tools = []
            for part, k in (('A', r), ('B', 2 * r)):
                inp = os.path.join(d, f'{kind}{n}.{part}.in')
                reqs[part] = server_input(inp, names, addr, k)
                o = os.path.join(d, f'{kind}{n}.{part}')
                tools += [
                    (f'maxtriage {part}', [mt, 'symbolize'], inp, o + '.mt'),
                    (f'unbounded {part}', [mt, 'symbolize',
                                           '--max-modules=0'], inp,
                     o + '.mt0'),
                ]
                # llvm-symbolizer keeps every real module it loads (about
                # 0.2 MB each): the largest real case would need GBs
                if kind == 'missing' or n <= 1000:
                    tools.append((f'llvm-symbolizer {part}',
                                  [LLVM_SYMBOLIZER], inp, o + '.ll'))
                # 200,000 names took the old linear cache 420 s
                if before and n <= 20000:
                    tools.append((f'before {part}', [before, 'symbolize'],
                                  inp, o + '.before'))
            log(f'  {kind} modules: {n} names, {reqs["A"]} and {reqs["B"]} '
                f'requests')
            res = measure(tools)
            table(res)
            for who in ('maxtriage', 'unbounded', 'llvm-symbolizer',
                        'before'):
                if f'{who} A' not in res:
                    continue
                wa = res[f'{who} A']['wall']
                wb = res[f'{who} B']['wall']
                m = (wb - wa) / (reqs['B'] - reqs['A']) * 1e6
                al = wb / reqs['B'] * 1e6
                more[(kind, n, who)] = m
                rows.append((kind, n, who, al, m, res[f'{who} B']['rss']))
            ref = os.path.join(d, f'{kind}{n}.B.ll')
            if os.path.exists(ref) and any(t[3] == ref for t in tools):
                for ext in ('mt', 'mt0'):
                    same = same_bytes(ref, os.path.join(d, f'{kind}{n}.B.{ext}'))
                    check(f'server {kind} {n} ({ext}): same answers as '
                          f'llvm-symbolizer', float(same), 1.0, '{:.0f}',
                          le=False)
    log('\n  kind     names      tool              all us/req  more us/req  '
        'peak RSS (B)')
    for kind, n, who, al, m, rss in rows:
        log(f'  {kind:<8} {n:>7}  {who:<16} {al:>10.1f}  {m:>11.1f}  '
            f'{rss:>8.1f} MB')
    lo, hi = SERVER_NAMES[0], SERVER_NAMES[-1]
    check(f'server: us per later request, {hi} names / {lo} names '
          f'(no bound)', more[('missing', hi, 'unbounded')] /
          max(more[('missing', lo, 'unbounded')], 0.1), 2.0)


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    mt = os.path.abspath(sys.argv[1])
    work = os.path.abspath(sys.argv[2])
    what = sys.argv[3] if len(sys.argv) > 3 else 'all'
    if what not in ('symbolize', 'stack', 'sanitizer', 'irdiff', 'irstages',
                    'irfuncs', 'core', 'server', 'all'):
        sys.exit(__doc__)
    os.makedirs(work, exist_ok=True)
    global RUNONE
    RUNONE = os.path.join(work, 'runone')
    src = os.path.join(os.path.dirname(os.path.abspath(__file__)), 'runone.c')
    if not os.path.exists(RUNONE) or \
            os.path.getmtime(src) > os.path.getmtime(RUNONE):
        sh(['cc', '-O2', '-o', RUNONE, src])
    log(f'maxtriage benchmarks: {mt}, {RUNS} runs per tool'
        f'{", QUICK inputs" if QUICK else ""}, work dir {work}')
    log(f'started {time.strftime("%Y-%m-%d %H:%M:%S UTC", time.gmtime())}, '
        f'{os.cpu_count()} CPUs, load {os.getloadavg()[0]:.2f}')
    if what in ('symbolize', 'stack', 'sanitizer', 'all'):
        libs = build_libs(work)
        if what in ('symbolize', 'all'):
            bench_symbolize(mt, work, libs)
        if what in ('stack', 'all'):
            bench_stack(mt, work, libs)
        if what in ('sanitizer', 'all'):
            run_sanitizer_bench(mt, work)
    if what in ('core', 'all'):
        bench_core(mt, work)
    if what in ('server', 'all'):
        bench_server(mt, work)
    if what in ('irdiff', 'all'):
        bench_irdiff(mt, work)
    if what in ('irdiff', 'irstages', 'all'):
        bench_irstages(mt, work)
    if what in ('irdiff', 'irfuncs', 'all'):
        bench_irfuncs(mt, work)
    log('\n== summary')
    for target, val, lim, ok in results:
        log(f'  {"PASS" if ok else "FAIL"}  {target}: {val} (target {lim})')
    log(f'finished {time.strftime("%H:%M:%S UTC", time.gmtime())}, '
        f'load {os.getloadavg()[0]:.2f}')
    return 0


if __name__ == '__main__':
    sys.exit(main())
