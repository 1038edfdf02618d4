#!/usr/bin/env python3
"""Facts read off the real dumps in testdata/samples/stacks, checked against
`maxtriage stack --format json`. Each expectation below was written by
reading the dump (which frame is the trampoline, what the message says),
not by copying the tool's output."""
import json
import os
import subprocess
import sys
import tempfile

tool, samples = sys.argv[1], sys.argv[2]
failures = []


def run(prefix, fmt="json"):
    name = [f for f in os.listdir(samples) if f.startswith(prefix + "_")][0]
    with open(os.path.join(samples, name), encoding="utf-8", errors="replace") as f:
        text = "".join(l for l in f if not l.startswith(("# source: ", "# note: ")))
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as t:
        t.write(text)
    out = subprocess.run([tool, "stack", "--no-repo", "--no-symbolize",
                          "--format", fmt, t.name],
                         capture_output=True, text=True)
    os.unlink(t.name)
    if fmt != "json":
        return out.returncode, out.stdout
    return out.returncode, json.loads(out.stdout)["reports"]


def check(prefix, cond, what):
    if not cond:
        failures.append(f"{prefix}: {what}")


def crash_point(r):
    i = r["classification"]["frame"]
    return None if i is None else r["frames"][i]


# 01 macOS column form: 0-2 handler, 3 _sigtramp, 4-5 JIT code that dladdr
# named "_sigtramp + <huge>"; user Mojo under `mojo main.mojo`.
rc, rs = run("01")
r = rs[0]
check("01", [f["category"] for f in r["frames"][:4]] == ["handler"] * 4, "frames 0-3 are the handler")
check("01", crash_point(r)["index"] == 4 and crash_point(r)["status"] == "jit", "crash point is JIT frame #4")
check("01", r["classification"]["category"] == "model", "JIT code under the mojo driver is model code")
check("01", r["program"] == "mojo main.mojo", "program arguments")

# 02 symbolized Signals.cpp frames, libc+0x45330 trampoline, crash in KGEN
rc, rs = run("02")
r = rs[0]
check("02", r["frames"][3]["category"] == "handler", "libc+0x45330 is the trampoline")
check("02", crash_point(r)["function"].startswith("M::KGEN::LLVMDataLayout::getTypeABIAlign"), "crash point function")
check("02", crash_point(r)["file"] == "LLVMLoweringUtils.cpp", "file as printed")
check("02", r["classification"]["category"] == "runtime", "KGEN is runtime")

# 04 column form, dump ends at the trampoline; zsh says segmentation fault
rc, rs = run("04")
check("04", len(rs) == 1 and len(rs[0]["frames"]) == 4, "one report of four frames")
check("04", rs[0]["signal"] == "SIGSEGV", "signal from the shell trailer")
check("04", rs[0]["program"] == "mojo matmul.mojo", "program")

# 05 JIT frame with trailing space after the address
rc, rs = run("05")
r = rs[0]
check("05", crash_point(r)["index"] == 4 and crash_point(r)["module"] is None, "bare JIT frame #4 is the crash point")
check("05", r["signal"] == "SIGSEGV", "Segmentation fault trailer")

# 06 C++ assertion printed before the banner, pretty-stack entry
rc, rs = run("06")
r = rs[0]
check("06", r["kind"] == "assertion" and r["signal"] == "SIGABRT", "assertion / SIGABRT")
check("06", "Dropping more elements than exist" in r["message"], "assertion message")
check("06", any("Crash resolving decl signature" in n for n in r["notes"]), "pretty-stack entry kept")
# the paste stops inside frame #4 ("__pthread_kil", the note of the
# collector says so): a cut name is no crash point and no signature part
check("06", r["classification"]["frame"] is None and "cut off at frame #4" in r["classification"]["reason"], "cut frame is not the crash point")
check("06", "__pthread_kil" not in r["signature"], "cut name not in the signature")
check("06", "cut off" in (r["frames"][-1]["status_reason"] or ""), "the cut frame says why")
rc, txt = run("06", "text")
check("06", any(l.rstrip().endswith("__pthread_kil (cut off)") for l in txt.splitlines()), "text marks the cut frame")

# 11 frames glued on one line by a paste
rc, rs = run("11")
check("11", [f["index"] for f in rs[0]["frames"]] == list(range(41, 51)), "frames 41..50 all found")

# 13 CUDA error surfaced in Python, no native frames
rc, rs = run("13")
check("13", rs[0]["kind"] == "cuda_error" and "CUDA_ERROR_ILLEGAL_ADDRESS" in rs[0]["message"], "cuda error")
check("13", rs[0]["frames"] == [], "no frames")

# 14 Python traceback: innermost first, exception is the message
rc, rs = run("14")
r = rs[0]
check("14", r["kind"] == "python_exception" and r["message"].startswith("ValueError:"), "python exception")
check("14", r["frames"][0]["file"].endswith("max/engine/api.py"), "innermost Python frame first")

# 15 compute-sanitizer: a cut report, then "Program hit" with its frames
rc, rs = run("15")
check("15", len(rs) == 2, "two reports")
check("15", rs[1]["kind"] == "cuda_error" and "CUDA_ERROR_LAUNCH_FAILED" in rs[1]["message"], "Program hit message")
check("15", rs[1]["frames"][0]["module"] == "libcuda.so.1" and rs[1]["frames"][0]["module_offset"] == "0x32a54a", "host frame module+offset")
check("15", rs[1]["frames"][-1]["module"] is None and rs[1]["frames"][-1]["address"] == "0x7c5e64006e9b", "JIT host frame")

# 16 __restore_rt trampoline; glibc frames symbolized by the producer
rc, rs = run("16")
r = rs[0]
check("16", r["frames"][3]["function"] == "__restore_rt" and r["frames"][3]["category"] == "handler", "__restore_rt")
check("16", [f["category"] for f in r["frames"][4:6]] == ["system", "system"], "glibc frames are system")
check("16", crash_point(r)["function"] == "KGEN_CompilerRT_fprintf", "crash point in the runtime export")
check("16", r["frames"][4]["file"].endswith("strlen-avx2.S") and r["frames"][4]["line"] == 65, "file-only frame")

# 18 abort path through pthread_kill/raise
rc, rs = run("18")
r = rs[0]
check("18", r["signal"] == "SIGABRT", "SIGABRT from the abort path")
check("18", crash_point(r)["module"] == "libAsyncRTMojoBindings.so", "crash point module")
check("18", r["classification"]["category"] == "runtime", "runtime")

# 20 CI: short module names, libc+0x45330, JIT frame, mojo driver trailer
rc, rs = run("20")
r = rs[0]
check("20", crash_point(r)["index"] == 4 and r["classification"]["category"] == "model", "JIT frame under mojo")

# 26 unhandled Mojo error, no stack trace collected
rc, rs = run("26")
r = rs[0]
check("26", r["kind"] == "mojo_error", "mojo error")
check("26", r["error_location"] == "/home/thomad/dev/mojo-gpu-puzzles/problems/p01/p01.mojo:51:29", "location")
check("26", "right: 10.0" in r["message"], "multi-line message kept")
check("26", r["classification"]["category"] == "model", "raised in the user's file")

# 28 CUDA error raised in the stdlib's device context
rc, rs = run("28")
r = rs[0]
check("28", r["kind"] == "cuda_error" and "CUDA_ERROR_INVALID_IMAGE" in r["message"], "cuda error")
check("28", r["error_location"].endswith("device_context.mojo:2082:17"), "location")

# 32 serve worker deaths: no frames at all
rc, rs = run("32")
check("32", sum(1 for r in rs if r["kind"] == "worker_crash") == 3, "three worker crashes")
check("32", all(r["signal"] == "SIGSEGV" for r in rs), "all segfaults")

# 35 "(error)" module: an address dladdr could not place
rc, rs = run("35")
r = rs[0]
check("35", r["frames"][8]["module"] is None and r["frames"][8]["status"] == "unmapped", "(error) frame")
check("35", r["signal"] == "SIGABRT", "gsignal -> SIGABRT")

# Every sample: rc 0 or 1, valid JSON, fingerprints are 16 hex digits
for name in sorted(os.listdir(samples)):
    rc, rs = run(name.split("_")[0])
    check(name, rc in (0, 1) and (rc == 0) == bool(rs), "exit status matches reports")
    for r in rs:
        check(name, len(r["fingerprint"]) == 16, "fingerprint")

for f in failures:
    print("FAIL", f)
print(f"{'ok' if not failures else 'FAILED'}: {len(failures)} failed checks")
sys.exit(1 if failures else 0)
