#!/usr/bin/env python3
"""Hold `maxtriage stack` to the facts of testdata/real/facts.json.

Every dump in testdata/real/ was collected from a public source or printed
here by a debugger (testdata/real/SOURCES.md), and its facts were read off
the text by hand (testdata/real/README.md gives the schema). This runs

    maxtriage stack --format json --no-repo FILE

on each file and compares: the run itself, the number of reports, and per
report the frames, message, signal, producing tool, category, kind,
signature quality and the first two printed frames' function, module,
offset and build-id;
then that the files of each `same_crash` group share a fingerprint. A null
fact is not checked. One line per failed fact, then `N passed, N failed`.

    tests/real_corpus_check.py [--maxtriage build/maxtriage]
                               [--dir testdata/real] [--report-only] [--classes]

Exit status: 0 when every fact holds (or with --report-only), 1 when one
fails, 2 when the corpus or the tool is missing (also with --report-only:
missing test data is a failure, never a skip).
"""
import argparse
import collections
import json
import os
import subprocess
import sys
import tempfile

# The facts use the kinds of issue 10; the JSON schema names them more
# finely (docs/json-stack.md). A fact holds when the report's `kind` is one
# of these.
KINDS = {
    "crash": {"SIGSEGV", "SIGILL", "SIGFPE", "SIGBUS", "SIGABRT", "SIGTRAP",
              "crash", "python_fatal", "sanitizer", "worker_crash"},
    "assertion": {"assertion"},
    "error": {"error", "mojo_error", "mojo_abort", "cuda_error",
              "compile_error", "kernel_error", "fatal_error"},
    "exception": {"exception", "python_exception", "cpp_exception",
                  "mojo_error"},
    "heap_corruption": {"heap_corruption"},
    "stack_overflow": {"stack_overflow"},
    "leak": {"memory_leak"},
    "memory_error": {"memory_error"},
    "panic": {"rust_panic"},
}

# Lines the collector of the shared samples (testdata/samples) put on top of each file; they
# are not part of the dump.
HEADER_PREFIXES = ("# source: ", "# note: ")


class Checker:
    def __init__(self):
        self.passed = 0
        self.failed = []  # (file, fact, expected, got)

    def check(self, name, fact, expected, got, ok=None):
        if ok is None:
            ok = expected == got
        if ok:
            self.passed += 1
        else:
            self.failed.append((name, fact, expected, got))
            print(f"FAIL {name}: {fact}: expected {expected!r}, got {got!r}")


def dump_text(path):
    """The dump without the shared collector's header lines; None when the
    file has none (then it is passed as it is)."""
    with open(path, encoding="utf-8", errors="replace") as f:
        lines = f.readlines()
    n = 0
    while n < len(lines) and lines[n].startswith(HEADER_PREFIXES):
        n += 1
    return None if n == 0 else "".join(lines[n:])


def run_tool(tool, path):
    text = dump_text(path)
    tmp = None
    arg = path
    if text is not None:
        fd, tmp = tempfile.mkstemp(suffix=".txt", prefix="realcorpus-")
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
        arg = tmp
    try:
        p = subprocess.run([tool, "stack", "--format", "json", "--no-repo", arg],
                           capture_output=True, text=True, timeout=120)
    except subprocess.TimeoutExpired:
        return None, "timed out after 120 s"
    finally:
        if tmp:
            os.unlink(tmp)
    if p.returncode not in (0, 1):
        return None, f"exit status {p.returncode}: {p.stderr.strip()[:200]}"
    try:
        doc = json.loads(p.stdout)
    except ValueError as e:
        return None, f"output is not JSON ({e})"
    return doc, None


def frame_count(report):
    # Printed frames: an inline chain the tool expanded from one printed
    # line shares that line and index, so it counts once; two frames
    # printed on one line have different indexes.
    return len({(f.get("input_line"), f.get("index")) for f in report.get("frames", [])})


def producer(report):
    for key in ("producer", "tool"):
        if key in report:
            return report[key]
    return "<no producer field>"


def printed_frames(report):
    """The report's frames as printed, innermost first: an inline chain
    expanded from one printed line is one printed frame, represented by
    its first (innermost) entry."""
    seen = set()
    out = []
    for f in report.get("frames", []):
        key = (f.get("input_line"), f.get("index"))
        if key not in seen:
            seen.add(key)
            out.append(f)
    return out


# Per-frame facts: the first and second printed frame of a report, each
# field compared exactly with the frame's JSON field (docs/json-stack.md).
FRAME_FACTS = (("first_frame", 0), ("second_frame", 1))
FRAME_FIELDS = ("function", "module", "module_offset", "build_id")


def check_frames(c, name, where, fact, report):
    frames = printed_frames(report)
    for key, pos in FRAME_FACTS:
        want = fact.get(key)
        if not want:
            continue
        frame = frames[pos] if pos < len(frames) else {}
        for field in FRAME_FIELDS:
            if want.get(field) is not None:
                c.check(name, f"{where} {key} {field}", want[field], frame.get(field))


def check_report(c, name, i, fact, report):
    where = f"report {i}"
    check_frames(c, name, where, fact, report)
    if fact.get("signature_quality") is not None:
        c.check(name, f"{where} signature_quality", fact["signature_quality"],
                report.get("signature_quality"))
    if fact.get("frames") is not None:
        c.check(name, f"{where} frames", fact["frames"], frame_count(report))
    if fact.get("message") is not None:
        msg = report.get("message")
        c.check(name, f"{where} message contains", fact["message"], msg,
                ok=isinstance(msg, str) and fact["message"] in msg)
    if fact.get("signal") is not None:
        c.check(name, f"{where} signal", fact["signal"], report.get("signal"))
    if fact.get("tool") is not None:
        c.check(name, f"{where} tool", fact["tool"], producer(report))
    if fact.get("category") is not None:
        got = (report.get("classification") or {}).get("category")
        c.check(name, f"{where} category", fact["category"], got)
    if fact.get("kind") is not None:
        got = report.get("kind")
        c.check(name, f"{where} kind", fact["kind"], got,
                ok=got in KINDS.get(fact["kind"], {fact["kind"]}))


def classify(failure):
    """A short name for the kind of failure, to count them."""
    _, fact, expected, got = failure
    fact = fact.split(" ", 2)[-1] if fact.startswith("report ") else fact
    if got == "<no report>":
        return "no report where the text has one"
    if fact == "reports":
        if got == 0:
            return "reports: none found (exit 1)"
        return f"reports: {'too few' if got < expected else 'too many'}"
    if fact == "frames":
        return f"frames: {'too few' if got < expected else 'too many'}"
    if fact == "message contains":
        return "message: none found" if got is None else "message: other text"
    if fact == "tool":
        return "tool: no producer field" if got == "<no producer field>" else "tool: wrong"
    if fact == "kind":
        return f"kind: {expected} not recognized"
    if fact in ("signal", "category"):
        return f"{fact}: expected {expected}, got {got}"
    if fact == "same fingerprint":
        return "fingerprint: one crash split"
    return f"{fact}: {str(got)[:40]}"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--maxtriage", default="build/maxtriage")
    ap.add_argument("--dir", default="testdata/real")
    ap.add_argument("--report-only", action="store_true",
                    help="print the failures, exit 0 whatever they are")
    ap.add_argument("--classes", action="store_true",
                    help="also count the failures by class")
    args = ap.parse_args()

    facts_path = os.path.join(args.dir, "facts.json")
    if not os.path.isfile(facts_path):
        print(f"real_corpus_check: {facts_path} is missing", file=sys.stderr)
        return 2
    if not os.access(args.maxtriage, os.X_OK):
        print(f"real_corpus_check: {args.maxtriage} is not an executable", file=sys.stderr)
        return 2
    with open(facts_path, encoding="utf-8") as f:
        facts = json.load(f)
    files = facts["files"]
    present = sorted(n for n in os.listdir(args.dir) if n.endswith(".txt"))
    if not present:
        print(f"real_corpus_check: no dumps in {args.dir}", file=sys.stderr)
        return 2

    c = Checker()
    for name in present:
        c.check(name, "has facts", True, name in files)
    fingerprints = {}
    for name in sorted(files):
        fact = files[name]
        path = os.path.join(args.dir, name)
        if not os.path.isfile(path):
            c.check(name, "file exists", True, False)
            continue
        doc, err = run_tool(args.maxtriage, path)
        c.check(name, "runs", "exit 0 or 1 and JSON", err or "ok", ok=err is None)
        if doc is None:
            continue
        reports = doc.get("reports", [])
        if reports:
            fingerprints[name] = reports[0].get("fingerprint")
        if fact.get("reports") is not None:
            c.check(name, "reports", fact["reports"], len(reports))
        for i, crash in enumerate(fact.get("crashes", [])):
            if i >= len(reports):
                checked = [k for k, v in crash.items() if v is not None]
                for k in checked:
                    c.check(name, f"report {i} {k}", crash[k], "<no report>")
                continue
            check_report(c, name, i, crash, reports[i])

    for group in facts.get("same_crash", []):
        got = {n: fingerprints.get(n) for n in group}
        distinct = set(got.values())
        c.check(" + ".join(group), "same fingerprint", "one fingerprint",
                ", ".join(f"{n}={v}" for n, v in got.items()),
                ok=len(distinct) == 1 and None not in distinct)

    # Different crashes must not share a bucket: report 0 of files in no
    # common same_crash group (a file alone is a group of one) differ in
    # fingerprint. Issue 20: frameless and unnamed-frame crashes used to
    # share `crash | mojo | mojo | mojo`.
    group_of = {}
    for gi, group in enumerate(facts.get("same_crash", [])):
        for n in group:
            group_of[n] = gi
    seen = {}
    for name in sorted(fingerprints):
        fp = fingerprints[name]
        g = group_of.get(name, name)
        other = seen.get(fp)
        c.check(name, "distinct fingerprint", "its own bucket",
                f"shares {fp} with {other[0]}" if other and other[1] != g else "ok",
                ok=not other or other[1] == g)
        seen.setdefault(fp, (name, g))

    if args.classes and c.failed:
        print("failure classes:")
        for cls, n in collections.Counter(map(classify, c.failed)).most_common():
            print(f"  {n:4d}  {cls}")
    print(f"{c.passed} passed, {len(c.failed)} failed")
    if args.report_only:
        return 0
    return 1 if c.failed else 0


if __name__ == "__main__":
    sys.exit(main())
