#!/usr/bin/python3
"""stack_real_check.py - hold `maxtriage stack` to llvm-symbolizer's answers.

usage:
  stack_real_check.py --fixtures DIR --symbolizer BIN --self-test
  stack_real_check.py --fixtures DIR --symbolizer BIN --maxtriage BIN \\
                      --rules FILE [--forms modoff,column,symbolized]
                      [--compilers gcc,clang] [--json-dir DIR]

DIR is the output of testdata/crashers/build.sh: DIR/<cc>/{bin,unstripped,
debug,dumps}. Every expected value is derived here, from the dumps' own text
and from `llvm-symbolizer --inlines --obj=<unstripped file> 0xOFF`, never
from maxtriage's output:

  * forms: modoff, column, symbolized (see docs/testdata.md) and late (the
    modoff form with LLVM's "Stack dump:" block after the frames);
  * physical frames: "#N 0xADDR ..." lines (consecutive lines with one
    address are one frame: a printed inline chain) or column lines
    "N module 0xADDR [sym + off]";
  * the signal trampoline is the first libc frame right after the crash
    handler's libLLVM frames; the frame after it holds the faulting PC and
    is looked up as is ("pc"), every later frame is a return address and is
    looked up at offset-1 ("call_site");
  * module offsets: printed in the modoff form; the column and symbolized
    forms of the same crash were captured with address randomisation off,
    so their addresses map to the modoff form's module+offset. A column-form
    module is resolvable only if one of its frames names a symbol
    ("sym + off"), which is what pins its base.

--self-test checks the fixtures themselves (no maxtriage needed).
Exit status: 0 all checks passed, 1 a check failed, 2 usage or setup error.
Uses only the Python standard library (json, subprocess, re).
"""

import argparse
import json
import os
import re
import subprocess
import sys

MODES = ["segv", "trap", "fpe", "assert", "exception", "thread"]
FORMS = ["modoff", "column", "symbolized", "late"]
COMPILERS = ["gcc", "clang"]

# Fixture files and the category the test's rules give them (None: the host,
# which no rule names; its frames are checked for symbols only).
FIXTURES = {"libmtkernels.so": "kernel", "libmtmodel.so": "model", "mtcrash": None}

# Per mode: (kind, signal, substring expected in the message or None).
EXPECT_KIND = {
    "segv": ("SIGSEGV", "SIGSEGV", None),
    "trap": ("SIGILL", "SIGILL", None),
    "fpe": ("SIGFPE", "SIGFPE", None),
    "assert": ("assertion", "SIGABRT", ("head count must be even",)),
    # The dump says "terminate called after throwing an instance of
    # 'std::runtime_error'" then "  what():  weights file not found: ...";
    # either line is a fair message.
    "exception": ("cpp_exception", "SIGABRT", ("std::runtime_error", "weights file not found")),
    "thread": ("SIGSEGV", "SIGSEGV", None),
}

# Modules below the crash point (never the crash point themselves).
SYSTEM_PREFIXES = ("libc.so", "libstdc++.so", "libgcc_s.so", "ld-linux",
                   "libpthread.so", "libm.so", "libLLVM")

HASH_RE = re.compile(r"^\s*#(\d+)\s+(0x[0-9a-fA-F]+)(?:\s+(.*?))?\s*$")
MODOFF_RE = re.compile(r"\(([^()]*)\+(0x[0-9a-fA-F]+)\)$")
SRCLOC_RE = re.compile(r"(?:^|\s)(\S+):(\d+):(\d+)$")
COLUMN_RE = re.compile(
    r"^(\d+)\s+(\S+)\s+(0x[0-9a-fA-F]+)(?:\s+(.+?)\s+\+\s+(\d+))?\s*$")


class Frame:
    """One physical frame of a dump (a printed inline chain is one)."""

    def __init__(self, index, address):
        self.index = index
        self.address = address
        self.module = None      # basename, or None when not printed
        self.offset = None      # printed module offset
        self.sym = None         # column form: "sym + off"
        self.printed = []       # [(function, file, line, col)] as printed
        self.printed_indices = []  # the "#N" of each printed line
        self.is_pc = False      # the faulting PC (right after the trampoline)
        self.handler = False    # crash handler or trampoline

    def where(self):
        return "frame #%d 0x%x" % (self.index, self.address)


def basename(path):
    return path.rsplit("/", 1)[-1] if path else path


def parse_dump(path):
    """Physical frames of the (single) dump in the file at path."""
    frames = []
    with open(path, encoding="utf-8", errors="replace") as fh:
        for line in fh:
            line = line.rstrip("\r\n")
            m = HASH_RE.match(line)
            if m:
                idx, addr, rest = int(m.group(1)), int(m.group(2), 16), m.group(3) or ""
                if frames and frames[-1].address == addr and frames[-1].printed:
                    f = frames[-1]          # next entry of a printed inline chain
                else:
                    f = Frame(idx, addr)
                    frames.append(f)
                f.printed_indices.append(idx)
                mo = MODOFF_RE.search(rest)
                if mo:
                    f.module = basename(mo.group(1))
                    f.offset = int(mo.group(2), 16)
                    continue
                sl = SRCLOC_RE.search(rest)
                if sl:
                    func = rest[:sl.start()].strip() or None
                    f.printed.append((func, sl.group(1), int(sl.group(2)), int(sl.group(3))))
                continue
            m = COLUMN_RE.match(line)
            if m:
                f = Frame(int(m.group(1)), int(m.group(3), 16))
                f.module = basename(m.group(2))
                if m.group(4):
                    f.sym = (m.group(4), int(m.group(5)))
                frames.append(f)
    return frames


def mark_trampoline(frames):
    """Mark handler frames and the faulting frame; returns the position of
    the faulting frame. Decided from the dump alone: the trampoline is the
    first libc frame right after a libLLVM (crash handler) frame."""
    for i in range(1, len(frames)):
        prev, cur = frames[i - 1].module or "", frames[i].module or ""
        if cur.startswith("libc.so") and prev.startswith("libLLVM"):
            for f in frames[:i + 1]:
                f.handler = True
            if i + 1 < len(frames):
                frames[i + 1].is_pc = True
                return i + 1
            break
    raise ValueError("no signal trampoline frame (libc after libLLVM)")


class Symbolizer:
    """Batched, cached llvm-symbolizer --inlines lookups."""

    def __init__(self, exe):
        self.exe = exe
        self.cache = {}

    def chains(self, obj, offsets):
        todo = sorted({o for o in offsets if (obj, o) not in self.cache})
        if todo:
            inp = "".join("0x%x\n" % o for o in todo)
            out = subprocess.run(
                [self.exe, "--inlines", "--obj=" + obj], input=inp,
                capture_output=True, text=True, check=True).stdout
            blocks = [b for b in out.split("\n\n") if b.strip()]
            if len(blocks) != len(todo):
                raise RuntimeError("llvm-symbolizer gave %d answers for %d addresses"
                                   % (len(blocks), len(todo)))
            for off, block in zip(todo, blocks):
                lines = block.strip("\n").split("\n")
                chain = []
                for func, loc in zip(lines[0::2], lines[1::2]):
                    file, line, col = loc.rsplit(":", 2)
                    chain.append((None if func == "??" else func,
                                  None if file == "??" else file, int(line), int(col)))
                self.cache[(obj, off)] = chain
        return [self.cache[(obj, o)] for o in offsets]


class Results:
    def __init__(self, verbose):
        self.ok = 0
        self.failed = []
        self.notes = []
        self.verbose = verbose

    def check(self, cond, what, detail=""):
        if cond:
            self.ok += 1
            if self.verbose:
                print("ok   " + what)
        else:
            msg = what + (": " + detail if detail else "")
            self.failed.append(msg)
            print("FAIL " + msg)
        return cond

    def note(self, msg):
        self.notes.append(msg)
        print("note " + msg)


class Crash:
    """One dump file with its frames and derived expectations."""

    def __init__(self, root, cc, mode, form):
        self.cc, self.mode, self.form = cc, mode, form
        self.name = "%s/%s.%s" % (cc, mode, form)
        self.path = os.path.join(root, cc, "dumps", "%s.%s.txt" % (mode, form))
        self.frames = parse_dump(self.path)
        self.fault = mark_trampoline(self.frames)
        self.pinned = {f.module for f in self.frames if f.sym}
        self.program = None
        with open(self.path, encoding="utf-8", errors="replace") as fh:
            m = re.search(r"^\d+\.\tProgram arguments: (.*)$", fh.read(), re.M)
            if m:
                self.program = m.group(1).strip()

    def fixture_frames(self):
        return [f for f in self.frames if not f.handler and f.module in FIXTURES]

    def crash_point(self):
        for f in self.frames[self.fault:]:
            if f.module and not f.module.startswith(SYSTEM_PREFIXES):
                return f
        return None

    def resolvable(self, f):
        """Can a tool resolve f from this dump (and the binaries) alone?"""
        if self.form == "column":
            return f.module in self.pinned
        return True


def attach_offsets(crashes):
    """Give the column and symbolized forms the modoff form's module and
    offset for each address (same addresses: randomisation was off)."""
    for (cc, mode), forms in crashes.items():
        ref = {f.address: (f.module, f.offset) for f in forms["modoff"].frames
               if f.offset is not None}
        for form in ("column", "symbolized"):
            c = forms.get(form)
            if not c:
                continue
            for f in c.frames:
                if f.address in ref:
                    mod, off = ref[f.address]
                    if f.module is None:
                        f.module = mod
                    if f.module == mod:
                        f.offset = off
            # The symbolized form names no module for fixture frames; the
            # trampoline is still found (libLLVM, libc stay unsymbolized).
            c.fault = mark_trampoline(c.frames)


def expected_chain(sym, root, cc, f):
    obj = os.path.join(root, cc, "unstripped", f.module)
    off = f.offset if f.is_pc else f.offset - 1
    return sym.chains(obj, [off])[0]


def fmt_chain(chain):
    return " <- ".join("%s %s:%s:%s" % (fn, fi, li, co) for fn, fi, li, co in chain) or "(none)"


DISPLAY_SUFFIX_RE = re.compile(r"(\.(cold|part|isra|constprop|lto_priv)(\.\d+)?)+$")


def display_name(name):
    """Short name for comparing gcc and clang: no return type, template or
    parameter lists, cv-qualifiers or compiler clone suffixes."""
    if not name:
        return None
    name = re.sub(r"\s*\[clone [^]]*\]", "", name)
    name = re.sub(r"\s*\((\.[a-z_]+(\.\d+)?)+\)$", "", name)  # "(.isra.0)"
    out, depth = [], 0
    for ch in name:
        if ch in "<(":
            depth += 1
        elif ch in ">)":
            depth -= 1
        elif depth == 0:
            out.append(ch)
    s = "".join(out)
    s = re.sub(r"\s+const$", "", s.strip())
    s = s.split(" ")[-1]  # drop a return type ("float mtmodel::f")
    return DISPLAY_SUFFIX_RE.sub("", s)


def self_test(root, sym, res, crashes):
    """Checks of the fixtures and of this checker's own reading of them."""
    for (cc, mode), forms in sorted(crashes.items()):
        mod = forms["modoff"]
        for form, c in forms.items():
            fr = c.fixture_frames()
            res.check(len(fr) > 0, "%s: has fixture frames" % c.name)
            cp = c.crash_point()
            res.check(cp is not None and cp.module in ("libmtkernels.so", "libmtmodel.so"),
                      "%s: crash point in a fixture library" % c.name,
                      "got %s" % (cp.module if cp else None))
            res.check(len(c.frames) == len(mod.frames),
                      "%s: same physical frames as the modoff form" % c.name,
                      "%d vs %d" % (len(c.frames), len(mod.frames)))
            for f in fr:
                res.check(f.offset is not None, "%s %s: module offset known" % (c.name, f.where()))
            if form == "column":
                # Pinning arithmetic: symbol value + off = module offset.
                for f in c.frames:
                    if f.sym and f.module in FIXTURES and f.offset is not None:
                        res.check(f.offset - f.sym[1] >= 0,
                                  "%s %s: symbol offset inside module" % (c.name, f.where()))
            if form == "symbolized":
                # The producer printed llvm-symbolizer's answer for the raw
                # address: for the faulting PC that is our expected chain.
                f = c.frames[c.fault]
                if f.module in FIXTURES:
                    exp = expected_chain(sym, root, cc, f)
                    res.check([(a, b, l, k) for a, b, l, k in f.printed] == exp,
                              "%s %s: printed chain = llvm-symbolizer at pc" % (c.name, f.where()),
                              "printed %s, llvm-symbolizer %s" % (fmt_chain(f.printed), fmt_chain(exp)))


def run_maxtriage(args, c, root):
    d = os.path.join(root, c.cc)
    cmd = [args.maxtriage, "stack", "--format", "json",
           "--binary-dir", os.path.join(d, "bin"),
           "--debug-dir", os.path.join(d, "debug"),
           "--rules", args.rules, c.path]
    # Run outside any git work tree: blame and "tracked file" rules must not
    # depend on where the test runs.
    p = subprocess.run(cmd, capture_output=True, text=True, cwd="/")
    if args.json_dir:
        with open(os.path.join(args.json_dir, "%s.%s.%s.json" % (c.cc, c.mode, c.form)), "w") as fh:
            fh.write(p.stdout)
    try:
        return json.loads(p.stdout), p, cmd
    except ValueError as e:
        return None, p, cmd


def num(v):
    """JSON number or "0x..." string -> int; None stays None."""
    if v is None or isinstance(v, bool):
        return None
    if isinstance(v, int):
        return v
    if isinstance(v, str):
        try:
            return int(v, 0)
        except ValueError:
            return None
    return None


def group_frames(jframes):
    """JSON frames -> groups of consecutive entries for one input frame."""
    groups = []
    for jf in jframes:
        key = num(jf.get("address"))
        key = ("a", key) if key is not None else ("i", jf.get("index"))
        if groups and groups[-1][0] == key:
            groups[-1][1].append(jf)
        else:
            groups.append((key, [jf]))
    return [g for _, g in groups]


def check_report(args, res, sym, root, c, doc):
    """Checks of one maxtriage JSON document against one dump."""
    n = c.name
    if not res.check(isinstance(doc, dict) and doc.get("schema") == "maxtriage.stack.v1",
                     "%s: schema maxtriage.stack.v1" % n,
                     "got %r" % (doc.get("schema") if isinstance(doc, dict) else doc)):
        return None
    reps = doc.get("reports") or []
    if not res.check(len(reps) == 1, "%s: one report" % n, "got %d" % len(reps)):
        return None
    r = reps[0]
    kind, signal, msg = EXPECT_KIND[c.mode]
    fault = c.frames[c.fault]
    if c.mode in ("assert", "exception") or c.resolvable(fault):
        res.check(r.get("kind") == kind, "%s: kind" % n, "expected %r, got %r" % (kind, r.get("kind")))
        res.check(r.get("signal") == signal, "%s: signal" % n,
                  "expected %r, got %r" % (signal, r.get("signal")))
    else:
        res.note("%s: kind/signal not checked: faulting frame's module %s is not pinned in this form"
                 % (n, fault.module))
    if msg:
        res.check(any(m in (r.get("message") or "") for m in msg), "%s: message" % n,
                  "expected it to contain %s, got %r" % (" or ".join(map(repr, msg)),
                                                        r.get("message")))
    # Only the main thread has LLVM's pretty stack ("Program arguments:").
    res.check((r.get("program") or None) == c.program, "%s: program" % n,
              "expected %r, got %r" % (c.program, r.get("program")))

    groups = group_frames(r.get("frames") or [])
    if not res.check(len(groups) == len(c.frames), "%s: one frame group per input frame" % n,
                     "dump has %d frames, JSON has %d groups (%d entries)"
                     % (len(c.frames), len(groups), len(r.get("frames") or []))):
        return r
    for f, g in zip(c.frames, groups):
        w = "%s %s" % (n, f.where())
        addr = num(g[0].get("address"))
        res.check(addr == f.address, "%s: address" % w, "got %r" % g[0].get("address"))
        if f.handler or f.module not in FIXTURES:
            continue
        indices = [e.get("index") for e in g]
        if c.form == "symbolized":
            # The producer printed the chain, one "#N" per line: either
            # that numbering or one shared index is faithful to the input.
            res.check(len(set(indices)) == 1 or indices == f.printed_indices,
                      "%s: index" % w, "printed %r, got %r" % (f.printed_indices, indices))
        else:
            res.check(all(i == f.index for i in indices), "%s: index" % w, "got %r" % indices)
        exp = expected_chain(sym, root, c.cc, f)
        got = [(e.get("function"), e.get("file"), num(e.get("line")) or 0, num(e.get("column")) or 0)
               for e in g]
        status = sorted({"%s%s" % (e.get("status"), " (%s)" % e["status_reason"]
                                   if e.get("status_reason") else "") for e in g})
        lookup_off = f.offset if f.is_pc else f.offset - 1
        if c.resolvable(f):
            if all(not e.get("function") and not e.get("file") for e in g):
                res.check(False, "%s: resolved" % w, "expected %s (llvm-symbolizer %s 0x%x); "
                          "got no function or file, status %s"
                          % (fmt_chain(exp), f.module, lookup_off, "; ".join(status)))
                continue
            res.check(got == exp, "%s: chain = llvm-symbolizer --inlines %s 0x%x"
                      % (w, f.module, lookup_off),
                      "expected %s; got %s [status %s]"
                      % (fmt_chain(exp), fmt_chain(got), "; ".join(status)))
            res.check(all(e.get("inlined") is True for e in g[:-1]) and not g[-1].get("inlined"),
                      "%s: inlined flags" % w, "%d entries, got %r"
                      % (len(g), [e.get("inlined") for e in g]))
            look = "pc" if f.is_pc else "call_site"
            if all(e.get("status") == "from_dump" for e in g):
                pass  # taken from the dump's text: no lookup was made
            else:
                res.check(all(e.get("lookup") == look for e in g), "%s: lookup" % w,
                          "expected %r, got %r" % (look, [e.get("lookup") for e in g]))
            mo = num(g[0].get("module_offset"))
            if c.form != "symbolized" or mo is not None:
                res.check(mo == f.offset, "%s: module_offset" % w,
                          "expected 0x%x, got %r" % (f.offset, g[0].get("module_offset")))
        elif any(e.get("function") for e in g):
            res.check(got == exp, "%s: chain (unpinned module, but names given)" % w,
                      "expected %s; got %s" % (fmt_chain(exp), fmt_chain(got)))
        # Category of the entries from the fixtures' own sources (an inlined
        # libstdc++ helper may fairly be classified otherwise).
        cat = FIXTURES[f.module]
        mine = [e.get("category") for e in g
                if basename(e.get("file") or "") in ("kernels.c", "model.cpp")]
        if cat and mine:
            res.check(all(m == cat for m in mine), "%s: category" % w,
                      "expected %r, got %r" % (cat, mine))

    cp = c.crash_point()
    cls = r.get("classification") or {}
    res.check(cls.get("category") == FIXTURES.get(cp.module), "%s: classification" % n,
              "crash point %s in %s: expected %r, got %r"
              % (cp.where(), cp.module, FIXTURES.get(cp.module), cls.get("category")))
    fr = cls.get("frame")
    if isinstance(fr, int) and not isinstance(fr, bool):
        # Either the dump's frame index or a position in "frames".
        flat = r.get("frames") or []
        pos_ok = 0 <= fr < len(flat) and num(flat[fr].get("address")) == cp.address
        res.check(fr == cp.index or pos_ok, "%s: classification frame" % n,
                  "crash point is %s, got frame %r" % (cp.where(), fr))
    res.check(bool(r.get("signature")) and bool(r.get("fingerprint")),
              "%s: signature and fingerprint present" % n)
    return r


def fixture_names(sym, root, c):
    names = []
    for f in c.fixture_frames():
        names += [display_name(fn) for fn, _, _, _ in expected_chain(sym, root, c.cc, f)]
    return names


def cross_checks(res, sym, root, crashes, reports, forms, compilers):
    # Same crash, three forms: one signature, one fingerprint.
    for (cc, mode), byform in sorted(crashes.items()):
        seen = []
        for form in forms:
            c, r = byform.get(form), reports.get((cc, mode, form))
            if not c or not r:
                continue
            if form == "column" and any(not c.resolvable(f) for f in c.fixture_frames()):
                res.note("%s: left out of the cross-form comparison: module(s) %s not pinned"
                         % (c.name, sorted({f.module for f in c.fixture_frames()
                                            if not c.resolvable(f)})))
                continue
            seen.append((form, r.get("signature"), r.get("fingerprint")))
        for form, s, fp in seen[1:]:
            res.check((s, fp) == seen[0][1:], "%s/%s: %s and %s agree" % (cc, mode, seen[0][0], form),
                      "signature %r / %r, fingerprint %r / %r" % (seen[0][1], s, seen[0][2], fp))
    # Same crash, gcc and clang, when every fixture function name agrees.
    if "gcc" in compilers and "clang" in compilers:
        for mode in MODES:
            g, k = crashes.get(("gcc", mode)), crashes.get(("clang", mode))
            if not g or not k:
                continue
            for form in forms:
                rg, rk = reports.get(("gcc", mode, form)), reports.get(("clang", mode, form))
                if not rg or not rk:
                    continue
                ng, nk = fixture_names(sym, root, g["modoff"]), fixture_names(sym, root, k["modoff"])
                if ng != nk:
                    if form == forms[0]:
                        res.note("%s: gcc and clang not compared, names differ: %s vs %s"
                                 % (mode, ng, nk))
                    continue
                if form == "column" and any(not x[form].resolvable(f) for x in (g, k)
                                            for f in x[form].fixture_frames()):
                    continue
                res.check((rg.get("signature"), rg.get("fingerprint")) ==
                          (rk.get("signature"), rk.get("fingerprint")),
                          "%s.%s: gcc and clang agree" % (mode, form),
                          "signature %r / %r, fingerprint %r / %r"
                          % (rg.get("signature"), rk.get("signature"),
                             rg.get("fingerprint"), rk.get("fingerprint")))
    # Different crashes: different fingerprints.
    for cc in compilers:
        for form in forms:
            fps = {}
            for mode in MODES:
                r = reports.get((cc, mode, form))
                if r and r.get("fingerprint"):
                    fps.setdefault(r["fingerprint"], []).append(mode)
            for fp, modes in sorted(fps.items()):
                res.check(len(modes) == 1, "%s/*.%s: fingerprint %s is one crash's" % (cc, form, fp),
                          "shared by %s" % ", ".join(modes))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--fixtures", required=True)
    ap.add_argument("--symbolizer", required=True)
    ap.add_argument("--maxtriage")
    ap.add_argument("--rules")
    ap.add_argument("--self-test", action="store_true")
    ap.add_argument("--forms", default=",".join(FORMS))
    ap.add_argument("--compilers", default=",".join(COMPILERS))
    ap.add_argument("--json-dir")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    forms = [f for f in args.forms.split(",") if f]
    compilers = [c for c in args.compilers.split(",") if c]
    if not args.self_test and not (args.maxtriage and args.rules):
        ap.error("--maxtriage and --rules are needed unless --self-test")
    root = os.path.abspath(args.fixtures)
    # maxtriage runs with cwd "/": make paths given relative to here absolute.
    if args.maxtriage and "/" in args.maxtriage:
        args.maxtriage = os.path.abspath(args.maxtriage)
    if args.rules:
        args.rules = os.path.abspath(args.rules)
    sym = Symbolizer(args.symbolizer)
    res = Results(args.verbose)

    crashes = {}
    for cc in compilers:
        for mode in MODES:
            crashes[(cc, mode)] = {form: Crash(root, cc, mode, form) for form in FORMS}
    attach_offsets(crashes)

    if args.self_test:
        self_test(root, sym, res, crashes)
    else:
        if args.json_dir:
            os.makedirs(args.json_dir, exist_ok=True)
        reports = {}
        for (cc, mode), byform in sorted(crashes.items()):
            for form in forms:
                c = byform[form]
                doc, p, cmd = run_maxtriage(args, c, root)
                if not res.check(doc is not None, "%s: maxtriage gave JSON" % c.name,
                                 "exit %d, command: %s; stderr: %s"
                                 % (p.returncode, " ".join(cmd), p.stderr.strip()[-500:])):
                    continue
                res.check(p.returncode == 0, "%s: maxtriage exit status 0" % c.name,
                          "exit %d; stderr: %s" % (p.returncode, p.stderr.strip()[-500:]))
                r = check_report(args, res, sym, root, c, doc)
                if r is not None:
                    reports[(cc, mode, form)] = r
        cross_checks(res, sym, root, crashes, reports, forms, compilers)

    print("%d checks passed, %d failed, %d notes" % (res.ok, len(res.failed), len(res.notes)))
    return 1 if res.failed else 0


if __name__ == "__main__":
    sys.exit(main())
