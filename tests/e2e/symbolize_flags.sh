#!/bin/sh
# symbolize_flags: maxtriage as llvm-symbolizer, option by option and style
# by style, against llvm-symbolizer-19 over one C++ library (inlined
# frames, templates, globals, locals at -O0 and -O2); and maxtriage as
# addr2line against binutils addr2line. stdout, stderr and the exit status
# must be byte-identical (the tool's own path in error lines aside).
set -u
# shellcheck source=tests/e2e/lib/env.sh
. "$(dirname "$0")/lib/env.sh"
# shellcheck source=tests/e2e/lib/same.sh
. "$(dirname "$0")/lib/same.sh"
NAME=symbolize_flags
ref=/usr/bin/llvm-symbolizer-19
need_tools clang++-19 clang-19 "$ref" addr2line nm timeout
mkdir -p "$tmp/r" "$tmp/m" "$tmp/src"
ln -s "$ref" "$tmp/r/llvm-symbolizer"
ln -s "$bin" "$tmp/m/llvm-symbolizer"
ln -s "$(command -v addr2line)" "$tmp/r/addr2line"
ln -s "$bin" "$tmp/m/addr2line"
fail=0
n=0
s="$tmp/src"

cp "$root/testdata/symbolize/src/geo.cc" "$s/lib.cc"
cat >"$s/plain.c" <<'EOF'
int values[4];
static int twice(int x) { return 2 * x; }
int apply(int i) { int local = twice(i); values[i & 3] = local; return local; }
EOF
clang++-19 -g -O2 -fPIC -shared "$s/lib.cc" -o "$s/libo2.so" &&
	clang++-19 -g -O0 -fPIC -shared "$s/lib.cc" -o "$s/libo0.so" &&
	clang-19 -g -O1 -fPIC -shared "$s/plain.c" -o "$s/plain.so" &&
	clang-19 -O1 -fPIC -shared "$s/plain.c" -o "$s/nodebug.so" || {
	echo "$NAME: FAIL: building the libraries"
	exit 1
}

# Addresses: every 7th byte of entry and the templates, the globals, one
# past the end, zero.
addrs() { # addrs LIB
	nm -C "$1" | awk '$2 ~ /^[TtWw]$/ && /entry|area|apply|twice/ { print $1 }' |
		while read -r a; do
			for d in 0 5 10 15 20 25 30 35 40 45 50 55 60; do
				printf '0x%x\n' $((0x$a + d))
			done
		done
	nm "$1" | awk '$2 ~ /[DdBbRr]/ { print "0x" $1 }'
	echo 0x0
}
lib=$s/libo2.so
addrs "$lib" >"$tmp/addrs"
addrs "$s/libo0.so" >"$tmp/addrs0"
[ "$(wc -l <"$tmp/addrs")" -gt 30 ] || { echo "$NAME: FAIL: too few addresses"; exit 1; }

# same NAME STDIN_FILE ARGS...: both tools, the same bytes.
same() {
	_l=$1
	_i=$2
	shift 2
	same_as llvm-symbolizer "$_l" "$tmp" "" "$_i" "$@"
}

# Every option, and the styles with each.
for style in "" --output-style=LLVM --output-style=GNU --output-style=JSON; do
	for opt in "" -a --addresses --print-address -p --pretty-print "-a -p" \
		-s --basenames --relativenames -C --demangle --no-demangle \
		-demangle=false -demangle=true -f --functions --functions=none \
		--functions=short --functions=linkage -f=short "-f none" \
		-i --inlines --inlining --inlining=true --inlining=false --no-inlines \
		--verbose --print-source-context-lines=3 --adjust-vma=0x10 \
		--relative-address --cache-size=100 --default-arch=x86_64 \
		--no-untag-addresses --debuginfod --no-debuginfod --color \
		"--functions=linkage --inlining --demangle" \
		"--demangle --inlines --default-arch=x86_64"; do
		# shellcheck disable=SC2086
		same "obj $style $opt" "$tmp/addrs" --obj="$lib" $style $opt
	done
done
# The same source built from a sibling directory: clang writes the file
# twice in the line table, absolute as file 0 and relative to the common
# parent as file 1, and the DIEs name file 1. LLVM takes a declaration's
# file by that number (the path did not decide it while the checkout and
# $tmp shared no parent; it did for a checkout under /tmp).
mkdir -p "$tmp/cwd"
(cd "$tmp/cwd" && clang++-19 -g -O2 -fPIC -shared "$s/lib.cc" -o "$s/libsib.so") || {
	echo "$NAME: FAIL: building the sibling library"
	exit 1
}
addrs "$s/libsib.so" >"$tmp/addrs_sib"
for style in "" --output-style=GNU --output-style=JSON; do
	for opt in "" -s --relativenames --verbose; do
		# shellcheck disable=SC2086
		same "sibling $style $opt" "$tmp/addrs_sib" --obj="$s/libsib.so" $style $opt
	done
done
# --filter-markup with each option: the library found by build-id in a
# .build-id tree, a bt and a pc element for every address, a data
# element for each global (tests/e2e/symbolize_markup.sh has the rest).
id=$(readelf -n "$lib" | awk '/Build ID/ { print $3 }')
mkdir -p "$tmp/bid/.build-id/$(echo "$id" | cut -c1-2)"
cp "$lib" "$tmp/bid/.build-id/$(echo "$id" | cut -c1-2)/$(echo "$id" | cut -c3-).debug"
{
	echo "{{{module:0:libo2.so:elf:$id}}}"
	echo "{{{mmap:0x7f0000000000:0x100000:load:0:rx:0}}}"
	k=0
	while read -r a; do
		echo "{{{bt:$k:$(printf '0x%x' $((0x7f0000000000 + a)))}}} {{{pc:$(printf '0x%x' $((0x7f0000000000 + a)))}}} {{{data:$(printf '0x%x' $((0x7f0000000000 + a)))}}}"
		k=$((k + 1))
	done <"$tmp/addrs"
} >"$tmp/markup.log"
for opt in "" -a -p -s --basenames --relativenames -C --demangle --no-demangle \
	-demangle=false -f --functions=none --functions=short -f=short "-f none" \
	--inlines --no-inlines --inlining=false --verbose --output-style=GNU \
	--output-style=JSON --print-source-context-lines=3 --adjust-vma=0x10 \
	--relative-address --cache-size=100 --color --color=never --no-debuginfod; do
	# shellcheck disable=SC2086
	same "markup $opt" "$tmp/markup.log" --filter-markup --debug-file-directory="$tmp/bid" $opt
done

# --obj spellings and command-line addresses.
a1=$(sed -n 3p "$tmp/addrs")
a2=$(sed -n 12p "$tmp/addrs")
for spell in "--obj=$lib" "--exe=$lib" "--exe $lib" "-e $lib" "-e=$lib" "-e$lib"; do
	# shellcheck disable=SC2086
	same "spelling $spell" /dev/null $spell "$a1" "$a2"
	# shellcheck disable=SC2086
	same "spelling $spell JSON" /dev/null $spell --output-style=JSON "$a1" "$a2"
done
same "grouped short flags" /dev/null -apfi -e "$lib" "$a1"
same "symbol argument" /dev/null -e "$lib" entry zz "$a1"

# The request language.
cat >"$tmp/req" <<EOF

  
$lib $a1
$lib $a1 trailing words
CODE $lib $a1
CODE "$lib" $a2
CODE '$lib' $a2
DATA $lib $(nm "$lib" | awk '$3 == "counters" { print "0x" $1 }')
DATA $lib $(nm "$lib" | awk '$3 == "greeting" { print "0x" $1 }')
DATA "$lib" 0x0
DATA $s/plain.so $(nm "$s/plain.so" | awk '$3 == "values" { print "0x" $1 }')
DATA $s/nodebug.so $(nm "$s/nodebug.so" | awk '$3 == "values" { print "0x" $1 }')
FRAME $lib $a1
FRAME $s/libo0.so $(sed -n 3p "$tmp/addrs0")
FRAME $s/libo0.so $(sed -n 20p "$tmp/addrs0")
FRAME $s/plain.so 0x0
FILE:$lib $a1
BUILDID:$(readelf -n "$lib" | awk '/Build ID/ { print $3 }') $a1
BUILDID:abcd $a1
BUILDID: $a1
FILE:FILE:$lib $a1
$lib entry
$lib entry+4
$lib +0x10
$lib 0xzz
$lib 12zz
$lib 017
$lib 0b101
$lib -1
$lib
CODE
DATA $lib
$tmp/missing.so $a1
$tmp/missing.so $a2
$s $a1
$s/lib.cc $a1
"$lib $a1
$s/nodebug.so $(nm "$s/nodebug.so" | awk '$3 == "apply" { print "0x" $1 }')
EOF
for style in "" --output-style=GNU --output-style=JSON; do
	for opt in "" -a "-a -p" -s --verbose --no-inlines --functions=short; do
		# shellcheck disable=SC2086
		same "requests $style $opt" "$tmp/req" $style $opt
	done
done
# An unreadable --obj: exit 1.
same "missing --obj" "$tmp/addrs" --obj="$tmp/missing.so"
same "missing --obj JSON" "$tmp/addrs" --obj="$tmp/missing.so" --output-style=JSON
same "unknown option" /dev/null --bogus
same "bad --output-style" /dev/null --output-style=XML -e "$lib" 0x0

# binutils addr2line (C library: its demangler spells C++ its own way).
a2l() {
	_l=$1
	_i=$2
	shift 2
	same_as addr2line "addr2line $_l" "$tmp" "" "$_i" "$@"
}
# Addresses inside the functions (outside them binutils reads symbol
# types and sections in ways docs/symbolize.md lists as not followed).
nm -S "$s/plain.so" | awk '$3 ~ /^[Tt]$/ && ($4 == "apply" || $4 == "twice") { print $1, $2 }' |
	while read -r start size; do
		i=0
		while [ $i -lt $((0x$size)) ]; do
			printf '%x\n' $((0x$start + i))
			i=$((i + 3))
		done
	done >"$tmp/paddrs"
echo 0 >>"$tmp/paddrs"
for plib in "$s/plain.so" "$s/nodebug.so"; do
	for opt in "" -a -f -i -p -s -C "-a -f -i -p" "-afip" "-f -i" "-r" "-b elf64-x86-64"; do
		# shellcheck disable=SC2086
		a2l "$(basename "$plib") $opt" "$tmp/paddrs" -e "$plib" $opt
	done
done
a2l "arguments" /dev/null -e "$s/plain.so" -f 0x0 "$(sed -n 2p "$tmp/paddrs")" zz
a2l "missing file" /dev/null -e "$tmp/missing.so" 0x10
a2l "-j .text" /dev/null -j .text -f -e "$s/plain.so" 0x10 0x20 0x100000
a2l "-j unknown" /dev/null -j .nosuch -e "$s/plain.so" 0x10

echo "$NAME: $n comparisons"
[ $fail -eq 0 ] && echo "$NAME: ok"
exit $fail
