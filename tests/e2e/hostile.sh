#!/bin/sh
# Hostile inputs never crash or hang maxtriage and never lose the JSON:
# very long lines, millions of frames, numbers past 64 bits, NUL bytes and
# invalid UTF-8, deep IR nesting, truncated and corrupted ELF/DWARF.
# Each run is bounded by `timeout`; a signal death or a timeout fails.
set -u
# shellcheck source=tests/e2e/lib/env.sh
. "$(dirname "$0")/lib/env.sh"
fail=0
limit=${HOSTILE_TIMEOUT:-120}
# under valgrind every instruction is about 50 times slower: smaller
# inputs that still cross every bound (the frame cap is 100,000)
scale=1
if [ -n "${MT_UNDER_VALGRIND:-}" ]; then
	scale=10
	limit=${HOSTILE_TIMEOUT:-900}
fi

run() { # run NAME ALLOWED_CODES -- CMD...
	name=$1
	allowed=$2
	shift 3
	timeout "$limit" "$@" >"$tmp/out" 2>"$tmp/err"
	rc=$?
	case " $allowed " in
	*" $rc "*) ;;
	*) echo "FAIL $name: exit $rc (allowed: $allowed)"; head -3 "$tmp/err"; fail=1; return 1 ;;
	esac
	return 0
}
json_ok() {
	python3 -c "import json,sys; json.load(open(sys.argv[1]))" "$tmp/out" 2>/dev/null ||
		{ echo "FAIL $1: output is not valid JSON"; fail=1; }
}

python3 - "$tmp" "$scale" <<'PY'
import os, random, sys
t, scale = sys.argv[1], int(sys.argv[2])
random.seed(7)
# 1. a 50 MB line, then a frame
with open(f"{t}/longline.txt", "w") as f:
    f.write("x" * (50_000_000 // scale) + "\n#0 0x1000 (libfoo.so+0x10)\n")
# 2. two million frames in one dump
with open(f"{t}/manyframes.txt", "w") as f:
    for i in range(2_000_000 // scale):
        f.write(f"#{i} 0x{0x400000 + i * 16:x} (libdeep.so+0x{i * 16:x})\n")
# 3. numbers past 64 bits, NULs, invalid UTF-8, broken escapes
with open(f"{t}/bytes.txt", "wb") as f:
    f.write(b"#0 0x123456789abcdef0123 (lib.so+0xffffffffffffffffff)\n")
    f.write(b"#99999999999999999999999 0x10 (lib.so+0x10)\n")
    f.write(b"#1 0x10 fun\x00ction\xff\xfe (li\x00b.so+0x10)\n")
    f.write(b"ABORT: \xc3\x28 bad utf8 \xed\xa0\x80 surrogate\n")
    f.write(b"\x1b[31m\x1b]0;title\x07#2 0x20 (lib.so+0x20)\x1b[\n")
    f.write(bytes(random.randrange(256) for _ in range(1_000_000 // scale)))
# 4. deeply nested IR and a huge attribute
with open(f"{t}/deep.mlir", "w") as f:
    n = 100_000 // scale
    f.write("module {\n" + "".join(f'"test.region{i}"() ({{\n' for i in range(n)))
    f.write("".join("}) : () -> ()\n" for _ in range(n)) + "}\n")
with open(f"{t}/bigattr.mlir", "w") as f:
    f.write('module {\n  %0 = "arith.constant"() {value = dense<[' +
            ",".join("1.0" for _ in range(2_000_000 // scale)) + ']> : tensor<?xf32>} : () -> tensor<?xf32>\n}\n')
with open(f"{t}/garbage.mlir", "wb") as f:
    f.write(bytes(random.randrange(256) for _ in range(2_000_000 // scale)))
PY

run longline "0" -- $bin stack --no-repo --format json "$tmp/longline.txt" && json_ok longline
run manyframes "0" -- $bin stack --no-repo --no-symbolize --format json "$tmp/manyframes.txt" && json_ok manyframes &&
	{ grep -q 'frames after the first' "$tmp/out" || { echo "FAIL manyframes: dropped frames not said"; fail=1; }; }
run bytes "0 1" -- $bin stack --no-repo --format json "$tmp/bytes.txt" && json_ok bytes
run bytes-text "0 1" -- $bin stack --no-repo "$tmp/bytes.txt"
run bytes-md "0 1" -- $bin stack --no-repo --format markdown "$tmp/bytes.txt"
run deep "0 3" -- $bin irdiff --format json "$tmp/deep.mlir" "$tmp/deep.mlir" && json_ok deep
run bigattr "0 3" -- $bin irdiff --format json "$tmp/bigattr.mlir" "$tmp/bigattr.mlir" && json_ok bigattr
# random bytes are no MLIR: refused with one line naming the file (exit 2)
run garbage-ir "2" -- $bin irdiff --format json "$tmp/garbage.mlir" "$tmp/deep.mlir" &&
	{ [ "$(wc -l <"$tmp/err")" -eq 1 ] && grep -q "garbage.mlir' as MLIR" "$tmp/err" ||
		{ echo "FAIL garbage-ir: not one line naming the file"; cat "$tmp/err"; fail=1; }; }
# what only looks like LLVM IR (its headers and keywords around random
# tokens, unbalanced brackets, cyclic and dangling metadata, dumps with
# nothing in them): a partial result or a one-line error, never a crash
python3 -c '
import random, sys
random.seed(7)
toks = ["define", "declare", "@f", "@\"q\"", "%x", "%", "@", "{", "}", "[", "]",
        "(", ")", "<4 x float>", "<vscale x", "label", "phi", "call", "!dbg",
        "!7", "!", ",", "=", "\"", ":", "x", "tail", "#dbg_value(", "entry:"]
out = ["; ModuleID = junk", "; *** IR Dump After X on [module] ***",
       "*** IR Deleted After Y on nosuch ***", "; *** IR Dump After Z on f ***",
       "*** IR Dump After W on f omitted because no change ***",
       "!1 = distinct !DILexicalBlock(scope: !1, file: !1, line: 3)",
       "!7 = !DILocation(line: 4, column: 2, scope: !1)",
       "!8 = !DILocation(line: 4294967296, column: 99999999999, scope: !99999999)"]
for i in range(20000):
    r = random.random()
    if r < 0.02:
        out.append(random.choice(["; *** IR Dump After P on f ***",
                                  "*** IR Dump At Start ***",
                                  "; *** IR Dump Before P on (f, g) ***",
                                  "; *** IR Dump After L on loop %%l in function f ***"]))
    elif r < 0.05:
        out.append("define i32 @f" + str(random.randrange(9)) + "(i32 %a) {")
    elif r < 0.07:
        out.append("}")
    else:
        out.append(("  " if random.random() < .7 else "") +
                   " ".join(random.choice(toks) for _ in range(random.randrange(1, 30))))
open(sys.argv[1], "w").write("\n".join(out) + "\n")
' "$tmp/junk.ll"
run junk-llvm "0 3" -- $bin irdiff --format json "$tmp/junk.ll" && json_ok junk-llvm
run junk-llvm-files "2" -- $bin irdiff --format json "$tmp/junk.ll" "$tmp/junk.ll"
run junk-llvm-html "0 3" -- $bin irdiff --format html --show-ir "$tmp/junk.ll"
printf 'define i32 @f() {\n\000\001}\n' >"$tmp/nul.ll"
run nul-llvm "2" -- $bin irdiff "$tmp/nul.ll" &&
	{ [ "$(wc -l <"$tmp/err")" -eq 1 ] && grep -q "nul.ll' as MLIR or LLVM IR" "$tmp/err" ||
		{ echo "FAIL nul-llvm: not one line naming the file"; cat "$tmp/err"; fail=1; }; }
# MLIR text made unreadable in places keeps its readable parts
python3 -c '
import random, sys
random.seed(11)
b = bytearray(open(sys.argv[1], "rb").read())
for _ in range(200):
    b[random.randrange(len(b))] = random.choice(b"{}()<>\"%#@!")
open(sys.argv[2], "wb").write(bytes(b))
' "$tmp/bigattr.mlir" "$tmp/mangled.mlir"
run mangled-ir "0 3" -- $bin irdiff --format json "$tmp/mangled.mlir" "$tmp/deep.mlir" && json_ok mangled-ir

# truncated and corrupted ELF / DWARF: that module is unresolved with a
# reason, the others still resolve
lib=$(ls "$root"/testdata/demo/bin/libmtkernels.so 2>/dev/null)
dbg=$(find "$root/testdata/demo/debug" -name '*.debug' | head -1)
if [ -n "$lib" ] && [ -n "$dbg" ]; then
	mkdir -p "$tmp/bin" "$tmp/dbg/.build-id"
	cp "$root"/testdata/demo/bin/* "$tmp/bin/"
	cp -r "$root"/testdata/demo/debug/.build-id/* "$tmp/dbg/.build-id/"
	# corrupt every debug file of libmtkernels: truncate to half
	id=$(readelf -n "$tmp/bin/libmtkernels.so" | sed -n 's/.*Build ID: //p')
	f="$tmp/dbg/.build-id/$(echo "$id" | cut -c1-2)/$(echo "$id" | cut -c3-).debug"
	if [ -f "$f" ]; then
		head -c $(($(wc -c <"$f") / 2)) "$f" >"$f.tmp" && mv "$f.tmp" "$f"
	fi
	run corrupt-debug "0" -- $bin stack --no-repo --format json --binary-dir "$tmp/bin" --debug-dir "$tmp/dbg" "$root/testdata/demo/crash.txt" && {
		json_ok corrupt-debug
		python3 - "$tmp/out" <<'PY' || fail=1
import json, sys
d = json.load(open(sys.argv[1]))
fr = d["reports"][0]["frames"]
k = [f for f in fr if (f["module"] or "").endswith("libmtkernels.so")]
m = [f for f in fr if (f["module"] or "").endswith("libmtmodel.so")]
assert k and all(f["file"] is None and f["status"] in ("no_debug_info", "address_not_found", "no_line_info") for f in k), k
assert any(f["file"] for f in m), "the model library still resolves"
PY
	}
	# a truncated binary given to symbolize
	head -c 3000 "$lib" >"$tmp/trunc.so"
	run trunc-elf "0 1" -- $bin symbolize -e "$tmp/trunc.so" 0x1000 0x2000
	printf 'not an elf' >"$tmp/notelf.so"
	run not-elf "0 1" -- $bin symbolize -e "$tmp/notelf.so" 0x10
fi
[ $fail -eq 0 ] && echo "hostile: ok"
exit $fail
