#!/bin/sh
# symbolize_edge: the edge cases of issue 23, each against LLVM 19's own
# tools (or binutils addr2line) byte for byte: names in every mangling
# (Rust v0 and legacy, D, Microsoft, blocks, clone suffixes, names no
# demangler takes) as llvm-symbolizer, llvm-addr2line -C, binutils
# addr2line -C and {{{symbol}}} print them; a symbol name past its string
# table; RISC-V's ".L0 " labels and ARM/AArch64 mapping symbols; tagged
# symbol addresses; --build-id (unknown, malformed, with --obj);
# --basenames/--relativenames in either order; WebAssembly and XCOFF
# objects; archives, and the files binutils addr2line refuses; llvm-addr2line's options, addresses and errors; response files
# and LLVM_SYMBOLIZER_OPTS / LLVM_ADDR2LINE_OPTS.
set -u
# shellcheck source=tests/e2e/lib/env.sh
. "$(dirname "$0")/lib/env.sh"
# shellcheck source=tests/e2e/lib/same.sh
. "$(dirname "$0")/lib/same.sh"
NAME=symbolize_edge
need_tools llvm-symbolizer-19 llvm-addr2line-19 yaml2obj-19 llvm-mc-19 llvm-ar-19 \
	addr2line clang-19 timeout
e=$root/testdata/symbolize/edge
mkdir -p "$tmp/r" "$tmp/m" "$tmp/w"
for t in llvm-symbolizer llvm-addr2line; do
	ln -s "$(command -v $t-19)" "$tmp/r/$t"
	ln -s "$bin" "$tmp/m/$t"
done
ln -s "$(command -v addr2line)" "$tmp/r/addr2line"
ln -s "$bin" "$tmp/m/addr2line"
w=$tmp/w
fail=0
n=0
: >"$tmp/empty"

# sym LABEL STDIN ARGS...: both as llvm-symbolizer (in $w).
sym() {
	_l=$1
	_i=$2
	shift 2
	same_as llvm-symbolizer "$_l" "$w" "" "$_i" "$@"
}
a2l() {
	_l=$1
	_i=$2
	shift 2
	same_as llvm-addr2line "$_l" "$w" "" "$_i" "$@"
}

for f in names bad-st-name riscv-l0 arm-mapping aarch64-mapping; do
	yaml2obj-19 "$e/$f.yaml" -o "$w/$f.o"
done
llvm-mc-19 -filetype=obj -triple=x86_64-pc-linux "$e/tagged.s" -o "$w/tagged.o"

# Names: one address inside each function of names.o.
python3 - "$e/names.yaml" >"$w/names.addrs" <<'PY'
import re, sys
for v in re.findall(r'Value: (0x[0-9a-f]+)', open(sys.argv[1]).read()):
    print(hex(int(v, 16) + 4))
PY
for o in "" --no-demangle --functions=short --output-style=JSON -C; do
	# shellcheck disable=SC2086
	sym "names $o" "$w/names.addrs" --obj=names.o $o
done
a2l "names llvm-addr2line -f -C" "$w/names.addrs" -f -C -e names.o
a2l "names llvm-addr2line -f" "$w/names.addrs" -f -e names.o
same_as addr2line "names addr2line -f -C" "$w" "" "$w/names.addrs" -f -C -e names.o
sed -n 's/^  - Name: "\(.*\)"$/{{{symbol:\1}}}/p' "$e/names.yaml" >"$w/names.log"
sym "names {{{symbol}}}" "$w/names.log" --filter-markup
sym "names, markup, --no-demangle" "$w/names.log" --filter-markup --no-demangle

# llvm::object refuses a symbol name past the string table: --obj fails,
# a request's module answers ?? after the error (once).
sym "bad st_name, --obj" "$tmp/empty" --obj=bad-st-name.o 0x1000
printf 'bad-st-name.o 0x1000\nbad-st-name.o 0x1004\n' >"$w/bad.in"
sym "bad st_name, requests" "$w/bad.in"
sym "bad st_name, JSON" "$w/bad.in" --output-style=JSON

# Format-specific symbols never name a frame.
for f in riscv-l0 arm-mapping aarch64-mapping; do
	sym "$f" "$tmp/empty" --obj=$f.o 0x4 0x14 0x24 0x2c 0x34
done

# Tagged symbol addresses (llvm-addr2line does not untag).
echo 'DATA tagged.o 0' >"$w/tagged.in"
sym "tagged, untagged" "$w/tagged.in"
sym "tagged, --no-untag-addresses" "$w/tagged.in" --no-untag-addresses
sym "tagged, --untag-addresses" "$w/tagged.in" --untag-addresses
a2l "tagged, llvm-addr2line" "$w/tagged.in"

# --build-id.
sym "--build-id unknown" "$tmp/empty" --build-id=abcd 0x1 0x2
sym "--build-id unknown, JSON" "$tmp/empty" --build-id=abcd --output-style=JSON 0x1
sym "--build-id odd" "$tmp/empty" --build-id=abc 1
sym "--build-id empty" "$tmp/empty" --build-id= 1
sym "--build-id not hex" "$tmp/empty" --build-id=zz 1
sym "--build-id and --obj" "$tmp/empty" --build-id=abcd --obj=names.o 1
sym "--build-id, stdin" "$w/names.addrs" --build-id=abcd

# The last of --basenames and --relativenames wins.
cc_dir=$w/src/sub
mkdir -p "$cc_dir"
printf 'int f(int x) { return x + 1; }\n' >"$cc_dir/f.c"
(cd "$w/src" && clang-19 -O1 -g -c sub/f.c -o ../f.o)
for o in "--basenames --relativenames" "--relativenames --basenames" \
	"-s --relativenames" "--relativenames -s"; do
	# shellcheck disable=SC2086
	sym "names order: $o" "$tmp/empty" --obj=f.o $o 0x0 0x2
done

# WebAssembly and XCOFF: refused as a format LLVM does not read is.
printf -- '--- !WASM\nFileHeader:\n  Version: 0x1\n' | yaml2obj-19 -o "$w/w.o"
clang-19 -c -g -O1 --target=powerpc-aix-ibm-xcoff "$cc_dir/f.c" -o "$w/x.o" 2>/dev/null
for f in w.o x.o; do
	[ -f "$w/$f" ] || continue
	"$bin" symbolize --obj="$w/$f" 1 >"$tmp/got" 2>&1
	n=$((n + 1))
	case "$(cat "$tmp/got")" in
	*"'$w/$f': The file was not recognized as a valid object file")
		echo "ok   $f refused" ;;
	*) echo "FAIL $f: $(cat "$tmp/got")"; fail=1 ;;
	esac
done

# llvm-addr2line: options, addresses, errors.
printf '0x0\n0x2\n0x3\nzz\n0o12\n0X2\n\nf\n' >"$w/a2l.in"
for o in "" -a -f -C -i -p -s "-a -f -C -i -p" -afCip "--output-style=LLVM -f" \
	"--output-style=JSON -f" "--output-style=GNU -i" --functions=short \
	--relativenames "--adjust-vma=2"; do
	# shellcheck disable=SC2086
	a2l "llvm-addr2line $o" "$w/a2l.in" -e f.o $o
done
a2l "llvm-addr2line, addresses as arguments" "$tmp/empty" -e f.o -a 0x0 2 0x 0xzz f+2
a2l "llvm-addr2line, missing -e" "$tmp/empty" -e nonexistent 0x12
a2l "llvm-addr2line, missing -e, no address" "$tmp/empty" -e nonexistent
a2l "llvm-addr2line, directory" "$tmp/empty" -e "$w" 0x12
a2l "llvm-addr2line, JSON, missing -e" "$tmp/empty" --output-style=JSON -e nonexistent
a2l "llvm-addr2line, unknown option" "$tmp/empty" --bogus

# Archives: LLVM 19 reads no member; binutils says why it reads none of
# these files, each in its words.
(cd "$w" && llvm-ar-19 crs lib.a f.o && printf '!<thin>\n' >thin.a &&
	printf 'not an object\n' >text && head -c 40 f.o >cut.o && : >empty.o)
sym "archive, --obj" "$tmp/empty" --obj=lib.a 0x0
printf 'lib.a 0x0\nthin.a 0x0\n' >"$w/ar.in"
sym "archive, requests" "$w/ar.in"
sym "archive, JSON" "$w/ar.in" --output-style=JSON
a2l "archive, llvm-addr2line" "$tmp/empty" -e lib.a 0x0
for f in lib.a thin.a text cut.o empty.o nonexistent "$w" /dev/null; do
	same_as addr2line "addr2line -e $f" "$w" "" "$tmp/empty" -e "$f" 0x0
done

# Response files and options from the environment.
printf '%s\n' '--obj=f.o "0x0" 0x2' >"$w/opts.rsp"
sym "@FILE" "$tmp/empty" @opts.rsp
sym "@FILE missing" "$tmp/empty" --obj=f.o @nonexistent.rsp 0x2
n=$((n + 1))
(cd "$w" && LLVM_SYMBOLIZER_OPTS='--obj=f.o -a' "$tmp/m/llvm-symbolizer" 0x2) >"$tmp/got" 2>&1
(cd "$w" && LLVM_SYMBOLIZER_OPTS='--obj=f.o -a' "$tmp/r/llvm-symbolizer" 0x2) >"$tmp/exp" 2>&1
if cmp -s "$tmp/exp" "$tmp/got"; then echo "ok   LLVM_SYMBOLIZER_OPTS"; else
	echo "FAIL LLVM_SYMBOLIZER_OPTS"; diff "$tmp/exp" "$tmp/got"; fail=1; fi
n=$((n + 1))
(cd "$w" && LLVM_ADDR2LINE_OPTS='-e f.o -f' "$tmp/r/llvm-addr2line" 0x2) >"$tmp/exp" 2>&1
(cd "$w" && LLVM_ADDR2LINE_OPTS='-e f.o -f' "$tmp/m/llvm-addr2line" 0x2) >"$tmp/got" 2>&1
if cmp -s "$tmp/exp" "$tmp/got"; then echo "ok   LLVM_ADDR2LINE_OPTS"; else
	echo "FAIL LLVM_ADDR2LINE_OPTS"; diff "$tmp/exp" "$tmp/got"; fail=1; fi

echo "$NAME: $n comparisons"
[ $fail -eq 0 ] && echo "$NAME: ok"
exit $fail
