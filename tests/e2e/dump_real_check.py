#!/usr/bin/env python3
"""dump_real_check.py - maxtriage's frames of real minidumps and cores
against what the reference tools print for the same files.

  dump_real_check.py refs MAXTRIAGE_JSON REFERENCE KIND [NAME]

KIND "same": REFERENCE is maxtriage's JSON for another record of the
same crash (a core, a text dump): the crashing thread's addresses, where
both have them, and the fingerprint must agree. Otherwise KIND is
"eu-stack" (a core: eu-stack --core, every thread, frame by
frame addresses), "lldb" (a minidump: lldb-19 -c, thread list and
thread backtrace all) or "gdb" (gdb's thread apply all bt on a core:
function names and lines of the program's own frames, inlined ones
included). Prints one line per mismatch and exits 1 on any; the expected
values are the reference tool's, never maxtriage's.
"""
import json
import re
import sys


def physical_frames(thread):
    """[(index, address, frame)] of maxtriage's frames, one per index (the
    real function of an inline chain, which holds the address)."""
    out = []
    for f in thread["frames"]:
        if f["inlined"]:
            continue
        out.append((f["index"], int(f["address"], 16), f))
    return out


def threads_of(report):
    """{tid: thread} over the report and its other threads."""
    tid = lambda t: int(t["thread"].split()[-1])
    out = {tid(report): report}
    for t in report["threads"]:
        out[tid(t)] = t
    return out


def parse_eu_stack(text):
    """[(tid, [addresses])] in the order eu-stack prints them."""
    out = []
    for line in text.splitlines():
        m = re.match(r"^TID (\d+):", line)
        if m:
            out.append((int(m.group(1)), [], []))
            continue
        m = re.match(r"^#(\d+)\s+0x([0-9a-f]+)", line)
        if m and out:
            out[-1][1].append(int(m.group(2), 16))
    return out


def parse_lldb(text):
    """[(tid, [addresses of physical frames], lost)], thread #1 first,
    and the tid lldb marks as stopped (*). A frame lldb places in no
    symbol at all ("0x555555558080 threads", no `name) is where its
    unwinder lost the stack: that frame and the ones after it are not
    taken (lost says how many were dropped)."""
    tids, stopped = {}, None
    for line in text.splitlines():
        m = re.match(r"^\s*(\*?)\s*thread #(\d+): tid = (\d+)", line)
        if m:
            tids[int(m.group(2))] = int(m.group(3))
            if m.group(1):
                stopped = int(m.group(3))
    out, cur, in_group = [], None, False
    for line in text.splitlines():
        m = re.match(r"^\s*\*?\s*thread #(\d+)(,|\s*$)", line)
        if m and "tid =" not in line:
            cur = (tids.get(int(m.group(1))), [], [])
            out.append(cur)
            in_group = False
            continue
        m = re.match(r"^\s*\*?\s*frame #\d+: 0x([0-9a-f]+)( |$)", line)
        if m and cur is not None:
            if "`" not in line or cur[2]:
                cur[2].append(line)
                continue
            # an "[inlined]" line and the lines up to the next plain one
            # are one physical frame at the first line's address
            if not in_group:
                cur[1].append(int(m.group(1), 16))
            in_group = "[inlined]" in line
    return out, stopped


def parse_gdb(text):
    """{tid: [(function, line)]} of frames with a source line."""
    out, cur = {}, None
    for line in text.splitlines():
        m = re.match(r"^Thread \d+ \(.*LWP (\d+)\)", line)
        if m:
            cur = out.setdefault(int(m.group(1)), [])
            continue
        m = re.match(r"^#\d+\s+(?:0x[0-9a-f]+ in )?(\S+) \(.*\) at (\S+):(\d+)", line)
        if m and cur is not None:
            cur.append((m.group(1), m.group(2), int(m.group(3))))
    return out


def base_name(function):
    """A full name without its parameter list ("ns::f<T>(int) const" ->
    "ns::f<T>") nor a compiler clone suffix: the ELF symbol names the
    clone (wait_for_work.constprop.0, f.cold), gdb the DWARF function."""
    function = re.sub(r"(\.(cold|part\.\d+|isra\.\d+|constprop\.\d+|llvm\.\d+))+$", "", function)
    depth = 0
    for i, c in enumerate(function):
        if c in "<[":
            depth += 1
        elif c in ">]":
            depth -= 1
        elif c == "(" and depth == 0 and i > 0:
            return function[:i]
    return function


def main():
    if len(sys.argv) < 4:
        print(__doc__)
        return 2
    doc = json.load(open(sys.argv[1]))
    kind = sys.argv[3]
    ref = open(sys.argv[2], errors="replace").read()
    name = sys.argv[4] if len(sys.argv) > 4 else sys.argv[1]
    # a module given here has no CFI: the frame above each of its frames
    # is found by the frame pointer
    no_cfi = sys.argv[5] if len(sys.argv) > 5 else None
    bad = []
    if len(doc["reports"]) != 1:
        print(f"{name}: {len(doc['reports'])} reports, expected 1")
        return 1
    report = doc["reports"][0]
    ours = threads_of(report)
    first = int(report["thread"].split()[-1])
    if kind == "same":
        other = json.loads(ref)["reports"]
        if len(other) != 1:
            print(f"{name}: the other record has {len(other)} reports")
            return 1
        other = other[0]
        if other["fingerprint"] != report["fingerprint"]:
            bad.append(f"fingerprint {report['fingerprint']} ({report['signature']}), the other record "
                       f"{other['fingerprint']} ({other['signature']})")
        # from the crash point on: below it, one record may hold the
        # handler's frames (a text dump) or a later moment of the abort
        # path (the kernel's core after LLVM's handler returned: abort()
        # raises again), both in system code
        def from_crash_point(r):
            i = r["classification"]["frame"]
            frames = r["frames"][i:] if i is not None else r["frames"]
            return [int(f["address"], 16) for f in frames
                    if not f["inlined"] and f["address"]]
        a, b = from_crash_point(report), from_crash_point(other)
        n = min(len(a), len(b))
        if n < 2 or a[:n] != b[:n]:
            bad.append(f"frames from the crash point {[hex(x) for x in a]}, the other record {[hex(x) for x in b]}")
        if not bad:
            print(f"ok {name}: fingerprint {report['fingerprint']} and {n} frames from the crash point as the other record")
    elif kind == "lldb-scan":
        # unwound without some module files (--untrusted): every frame
        # lldb places must be among ours, in order; a frame of ours that
        # lldb has not must be one found by scanning (the one method that
        # can take a stale stack word for a return address)
        theirs, stopped = parse_lldb(ref)
        frames = 0
        for tid, addrs, _ in theirs:
            mine = physical_frames(ours.get(tid, {"frames": []}))
            it = iter(a for _, a, _ in mine)
            frames += len(addrs)
            if not all(any(a == b for b in it) for a in addrs):
                bad.append(f"thread {tid}: lldb's {[hex(a) for a in addrs]} not all among ours {[hex(a) for _, a, _ in mine]}")
            extra = [f for _, a, f in mine if a not in addrs]
            if any(f["found_by"] != "scan" for f in extra):
                bad.append(f"thread {tid}: frames lldb lacks not found by scan: {[(f['address'], f['found_by']) for f in extra]}")
        if not bad:
            print(f"ok {name}: every one of lldb's {frames} frames among ours; ours beyond them found by scan")
    elif kind in ("eu-stack", "lldb"):
        if kind == "eu-stack":
            theirs = parse_eu_stack(ref)
            stopped = theirs[0][0] if theirs else None
        else:
            theirs, stopped = parse_lldb(ref)
        if not theirs:
            print(f"{name}: no threads in the {kind} output")
            return 1
        if stopped != first:
            bad.append(f"crashing thread {first}, {kind} says {stopped}")
        if sorted(t[0] for t in theirs) != sorted(ours):
            bad.append(f"threads {sorted(ours)}, {kind} has {sorted(t[0] for t in theirs)}")
        frames = 0
        for tid, addrs, lost in theirs:
            if tid not in ours:
                continue
            mine = [a for _, a, _ in physical_frames(ours[tid])]
            frames += len(addrs)
            if lost:
                # the tool lost the stack: compare what it did place
                print(f"note {name}: thread {tid}: {kind} places no symbol from frame {len(addrs)} on "
                      f"({lost[0].strip()}); compared {len(addrs)} of our {len(mine)} frames")
                mine = mine[:len(addrs)]
            if mine != addrs:
                bad.append(f"thread {tid}: frames {[hex(a) for a in mine]}, "
                           f"{kind} {[hex(a) for a in addrs]}")
            phys = physical_frames(ours[tid])
            for i, (_, _, f) in enumerate(phys):
                below = phys[i - 1][2]["module"] or "" if i else ""
                want = ("context" if i == 0 else
                        "frame_pointer" if no_cfi and below.endswith(no_cfi) else "cfi")
                if f["found_by"] != want:
                    bad.append(f"thread {tid} frame {i}: found_by {f['found_by']}, expected {want}")
        if not bad:
            print(f"ok {name}: {len(theirs)} threads, {frames} frames as {kind} prints them")
    elif kind == "gdb":
        theirs = parse_gdb(ref)
        n = 0
        for tid, want in theirs.items():
            want = [w for w in want if "testdata/dumps/" in w[1]]
            if tid not in ours or not want:
                continue
            mine = [(base_name(f["function"] or "??"), f["file"], f["line"])
                    for f in ours[tid]["frames"]
                    if f["file"] and "testdata/dumps/" in f["file"]]
            n += len(want)
            if [(a, c) for a, _, c in mine] != [(a, c) for a, _, c in want]:
                bad.append(f"thread {tid}: {[(a, c) for a, _, c in mine]}, gdb {[(a, c) for a, _, c in want]}")
        if not n:
            bad.append("no frame of the program in gdb's output")
        if not bad:
            print(f"ok {name}: {n} program frames named and lined as gdb does")
    for b in bad:
        print(f"{name}: {b}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
