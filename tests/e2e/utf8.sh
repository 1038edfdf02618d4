#!/bin/sh
# utf8: invalid UTF-8 in every kind of input must still give valid UTF-8
# JSON. The hostile bytes (issue 13): ED A0 80 (a surrogate, U+D800),
# C0 AF (an overlong '/'), E0 80 AF (an overlong 3-byte form), F4 90 80 80
# (past U+10FFFF), a lone 80 (a stray continuation byte) and a truncated
# E2 82 at the end of a string. They go into dump text, IR locations and
# op names, a binary's symbol and source file names and the input files'
# own names; stack, bucket, irdiff, report, run and symbolize write JSON,
# and every document is read with Python's strict UTF-8 decoder and json
# parser after its exit status and size are checked.
set -u
# shellcheck source=tests/e2e/lib/env.sh
. "$(dirname "$0")/lib/env.sh"
# shellcheck source=tests/e2e/lib/check.sh
. "$(dirname "$0")/lib/check.sh"
command -v python3 >/dev/null 2>&1 || { echo "missing python3"; exit 77; }
[ -x "$bin" ] || { echo "no maxtriage binary at '$bin'"; exit 1; }

# $bad is every hostile sequence in one string (octal escapes: POSIX printf)
bad=$(printf '\355\240\200\300\257,\340\200\257,\364\220\200\200,\200,\342\202')
surr=$(printf '\355\240\200\300\257')

# strict FILE [PYTHON-CHECK]: FILE is non-empty, strict UTF-8 and JSON;
# the optional check is a Python expression over d (the document) and
# raw (its text) that must hold.
strict() {
	python3 - "$1" "${2:-True}" <<'PY'
import json, sys
raw = open(sys.argv[1], "rb").read()
if not raw:
    sys.exit("empty output")
text = raw.decode("utf-8", errors="strict")
d = json.loads(text)
if not eval(sys.argv[2], {"d": d, "raw": text}):
    sys.exit("check failed: " + sys.argv[2])
PY
}

# run_json NAME EXPECTED-EXIT OUTFILE [CHECK] -- COMMAND...: exit first,
# then the document.
run_json() {
	name=$1 want=$2 out=$3 expr=$4
	shift 5
	"$@" >"$out" 2>"$tmp/stderr"
	check "$name: exit" "$want" "$?"
	strict "$out" "$expr" >"$tmp/why" 2>&1
	check "$name: strict UTF-8 JSON" 0 "$?"
	[ -s "$tmp/why" ] && tail -3 "$tmp/why"
}

# --- a binary whose symbol and source file names hold the bytes, in a
# file whose name holds them too -------------------------------------------
have_gcc=0
bdir="$tmp/bin$surr"
mkdir -p "$bdir"
if command -v gcc >/dev/null 2>&1 && command -v nm >/dev/null 2>&1; then
	{
		printf '#line 1 "src%s.c"\n' "$bad"
		printf 'int hostile(int x) __asm__("fn_%s_x");\n' "$surr"
		printf 'int hostile(int x) { return x * 3 + 1; }\n'
		printf 'int main(int c, char **v) { (void)v; return hostile(c); }\n'
	} >"$tmp/t.c"
	if gcc -g -O0 -o "$bdir/prog$surr" "$tmp/t.c" 2>"$tmp/gcc.err"; then
		have_gcc=1
	else
		cat "$tmp/gcc.err"
	fi
fi
if [ $have_gcc = 1 ]; then
	addr=$(nm "$bdir/prog$surr" | awk '$2 == "T" && $3 ~ /^fn_/ { print $1 }')
	check "nm finds the hostile symbol" 1 "$([ -n "$addr" ] && echo 1)"
	# The symbol is fn_<ED A0 80 C0 AF>_x: by Unicode's maximal
	# subparts that is five U+FFFD (ED cannot be followed by A0, so ED,
	# A0 and 80 are three; C0 and AF two), which is also what
	# llvm-symbolizer-19 prints in its JSON (llvm::json's fixUTF8).
	fn='fn_\ufffd\ufffd\ufffd\ufffd\ufffd_x'
	run_json "symbolize" 0 "$tmp/sym.json" \
		"len(d) == 1 and d[0]['frames'][0]['function'] == '$fn'" -- \
		"$bin" symbolize --format json -e "$bdir/prog$surr" "0x$addr"
	# The llvm-symbolizer JSON style (lib/symbols/llvm_protocol.c):
	# the same policy for FunctionName, FileName and StartFileName,
	# on the command line and for stdin requests (CODE, DATA, FRAME).
	mkdir -p "$tmp/as"
	ln -sf "$bin" "$tmp/as/llvm-symbolizer"
	run_json "llvm-symbolizer JSON" 0 "$tmp/llsym.json" \
		"d[0]['Symbol'][0]['FunctionName'] == '$fn' and \
		'\ufffd' in d[0]['Symbol'][0]['FileName'] and \
		'\ufffd' in d[0]['Symbol'][0]['StartFileName']" -- \
		"$tmp/as/llvm-symbolizer" --output-style=JSON \
		--obj="$bdir/prog$surr" "0x$addr"
	printf 'CODE 0x%s\nDATA 0x%s\nFRAME 0x%s\n' "$addr" "$addr" "$addr" |
		"$tmp/as/llvm-symbolizer" --output-style=JSON \
			--obj="$bdir/prog$surr" >"$tmp/llreq.json"
	check "llvm-symbolizer JSON requests: exit" 0 "$?"
	python3 - "$tmp/llreq.json" "$fn" >"$tmp/why" 2>&1 <<'PY'
import json, sys
text = open(sys.argv[1], "rb").read().decode("utf-8", errors="strict")
docs = [json.loads(line) for line in text.splitlines()]
fn = json.loads('"' + sys.argv[2] + '"')
assert len(docs) == 3, docs
assert docs[0]["Symbol"][0]["FunctionName"] == fn, docs[0]
assert docs[1]["Data"]["Name"] == fn, docs[1]
PY
	check "llvm-symbolizer JSON requests: strict UTF-8, U+FFFD" 0 "$?"
	[ -s "$tmp/why" ] && tail -3 "$tmp/why"
	# and byte for byte what llvm-symbolizer-19 prints, where installed
	if command -v llvm-symbolizer-19 >/dev/null 2>&1; then
		llvm-symbolizer-19 --output-style=JSON --obj="$bdir/prog$surr" \
			"0x$addr" >"$tmp/llsym.ref" 2>/dev/null
		cmp -s "$tmp/llsym.ref" "$tmp/llsym.json"
		check "llvm-symbolizer JSON: same bytes as llvm-symbolizer-19" 0 "$?"
	fi
else
	echo "note: no gcc: the symbol and source-name inputs are not built"
	addr=1129
fi

# --- dump text: a message, a program, notes, a module path, a frame ------
{
	printf 'Stack dump:\n'
	printf '0.\tProgram arguments: mojo run model%s.mojo\n' "$bad"
	printf '1.\tnote %s here\n' "$bad"
	printf ' #0 0x00005555deadbeef fn_%s_x (%s+0x%s)\n' "$bad" \
		"$bdir/prog$surr" "$addr"
	printf ' #1 0x00007ffff7a2d083 (/lib/x86_64-linux-gnu/lib%s.so.6+0x24083)\n' "$bad"
	printf 'mojo crashed!\n'
	printf 'RuntimeError: An error occurred in kernel named "k%s":\n' "$bad"
	printf '[OP] LAUNCH rmo.%s [id=%s] target=gpu:%s\n' "$bad" "$bad" "$bad"
	printf 'CUDA call failed: CUDA_ERROR_ILLEGAL_ADDRESS (%s)\n' "$bad"
} >"$tmp/dump$surr.txt"
dump="$tmp/dump$surr.txt"

run_json "stack" 0 "$tmp/stack.json" \
	'len(d["reports"]) >= 1 and "\ufffd" in raw and all(f.get("function") is None or "\ufffd" in f["function"] or f["function"].isascii() for r in d["reports"] for f in r["frames"])' -- \
	"$bin" stack --no-repo --binary-dir "$bdir" --format json "$dump"
if [ $have_gcc = 1 ]; then
	# the binary's DWARF names the file src<bad>.c: cleaned, not lost
	python3 - "$tmp/stack.json" <<'PY'
import json, sys
d = json.loads(open(sys.argv[1], "rb").read().decode("utf-8", "strict"))
files = [f["file"] for r in d["reports"] for f in r["frames"] if f["file"]]
sys.exit(0 if any("/src\ufffd" in f for f in files) else
         "no symbolized source file name: %r" % files)
PY
	check "stack: hostile source file name kept as U+FFFD" 0 "$?"
fi
run_json "stack, no symbolization" 0 "$tmp/stack2.json" \
	'd["reports"][0]["input"].endswith("\ufffd" * 5 + ".txt")' -- \
	"$bin" stack --no-repo --no-symbolize --format json "$dump"

# --- bucket: file names, signatures, a baseline written and read --------
mkdir -p "$tmp/dumps$surr"
cp "$dump" "$tmp/dumps$surr/a$bad.txt"
cp "$dump" "$tmp/dumps$surr/b$surr.txt"
run_json "bucket" 0 "$tmp/bucket.json" \
	'd["reports"] == 2 and all("\ufffd" in f for b in d["buckets"] for f in b["files"])' -- \
	"$bin" bucket --no-repo --no-symbolize --format json \
	--write-baseline "$tmp/base$surr.json" "$tmp/dumps$surr"
strict "$tmp/base$surr.json" 'd["schema"] == "maxtriage.bucket.v1"'
check "bucket: the baseline written is strict UTF-8 JSON" 0 $?
run_json "bucket against the baseline" 0 "$tmp/bucket2.json" \
	'd["baseline"] and not any(b["new"] for b in d["buckets"])' -- \
	"$bin" bucket --no-repo --no-symbolize --format json \
	--baseline "$tmp/base$surr.json" "$tmp/dumps$surr"

# --- IR: locations, op names, symbols, stage file names -----------------
ir="$tmp/ir$surr"
mkdir -p "$ir"
sed -e "s#rmo.add(%7, %arg1)\(.*\)\$#rmo.add(%7, %arg1)\1 loc(\"m$bad.py\":3:1)#" \
	-e "s#%5 = mo.constant {#%5 = mo.constant {name$surr = \"v$bad\", #" \
	"$root/testdata/ir/max-dump/llama3.mo.mlir" >"$ir/llama3.mo.mlir"
for st in mo-pre-mogg mogg-pre-mgp mogg; do
	cp "$root/testdata/ir/max-dump/llama3.$st.mlir" "$ir/"
done
# an op whose name holds the bytes, placed on a device, in a stage of its own
sed -e "s#rmo.mo.gather(#\"rmo.g$surr\"(#" "$ir/llama3.mo-pre-mogg.mlir" \
	>"$ir/llama3.mogg-pre-mgp.mlir"
grep -q "m$surr" "$ir/llama3.mo.mlir"
check "the IR location holds the bytes" 0 $?
run_json "irdiff" 0 "$tmp/irdiff.json" \
	'"\ufffd" in raw and d["graphs"][0]["transitions"]' -- \
	"$bin" irdiff --format json "$ir"
run_json "irdiff --trace" 0 "$tmp/trace.json" '"trace" in d' -- \
	"$bin" irdiff --format json --trace "m$surr.py:3" "$ir"
run_json "irdiff of single files" 0 "$tmp/files.json" \
	'len(d["graphs"]) >= 1' -- \
	"$bin" irdiff --format json "$ir/llama3.mo.mlir" \
	"$ir/llama3.mo-pre-mogg.mlir"
# the bug of issue 13: report printed "irdiff": null here, exit 0
run_json "report" 0 "$tmp/report.json" \
	'd["irdiff"] is not None and d["irdiff"]["schema"] == "maxtriage.irdiff.v1" and d["stack"]["reports"] and any("\ufffd" * 5 in m for m in raw.split("\n") if "m\ufffd" in m)' -- \
	"$bin" report --no-repo --no-symbolize --format json --stack "$dump" \
	--ir "$ir"

# --- run: the command line, the log, the IR it leaves --------------------
out="$tmp/run$surr"
"$bin" run --no-repo --no-symbolize --out "$out" -- sh -c \
	'cat "$1"; mkdir -p "$2/ir"; cp "$3"/* "$2/ir/"; exit 7' \
	"arg$bad" "$dump" "$out" "$ir" >/dev/null 2>&1
check "run: exit is the command's" 7 $?
strict "$out/triage.json" \
	'd["exit_status"] == 7 and "\ufffd" in d["command"][3] and d["irdiff"] is not None and d["stack"]["reports"]'
check "run: triage.json is strict UTF-8 JSON" 0 $?

exit $fail
