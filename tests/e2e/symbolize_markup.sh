#!/bin/sh
# symbolize_markup: maxtriage as llvm-symbolizer --filter-markup against
# llvm-symbolizer-19 --filter-markup. Inputs: llvm-project's
# symbolize-filter-markup-*.test logs (testdata/symbolize/markup/upstream,
# and those that need an object file adapted here to clang-19 builds),
# edge cases (CRLF, NUL, SGR, bad fields, overlaps, wrap-around), clang-19
# libraries found by build-id in .build-id trees (unstripped, split debug
# files, stripped, cut short, not ELF), libc, the markup that ASan and
# TSan write with enable_symbolizer_markup=1 and LLVM's crash handler
# with LLVM_ENABLE_SYMBOLIZER_MARKUP=1, under the options that
# change the answers and those that do not. stdout, stderr and the exit
# status must be byte-identical; and, under script(1), what a terminal
# shows (colours, both streams interleaved).
set -u
# shellcheck source=tests/e2e/lib/env.sh
. "$(dirname "$0")/lib/env.sh"
# shellcheck source=tests/e2e/lib/same.sh
. "$(dirname "$0")/lib/same.sh"
NAME=symbolize_markup
ref=/usr/bin/llvm-symbolizer-19
need_tools clang-19 clang++-19 "$ref" readelf objcopy nm timeout
# llvm-symbolizer asks the symbol servers of DEBUGINFOD_URLS by default.
unset DEBUGINFOD_URLS
up=$root/testdata/symbolize/markup/upstream
mkdir -p "$tmp/r" "$tmp/m" "$tmp/s" "$tmp/bid" "$tmp/bad"
ln -s "$ref" "$tmp/r/llvm-symbolizer"
ln -s "$bin" "$tmp/m/llvm-symbolizer"
s=$tmp/s
fail=0
n=0

# has LABEL TEXT: llvm-symbolizer's output of the last comparison holds
# TEXT (the input did reach the code under test).
has() {
	grep -qF -- "$2" "$tmp/exp" || {
		echo "FAIL $1: llvm-symbolizer's output has no '$2'"
		fail=1
		return 1
	}
}

# same LABEL INPUT ARGS...: both tools, the same bytes.
same() {
	_l=$1
	_i=$2
	shift 2
	same_as llvm-symbolizer "$_l" "$tmp" "" "$_i" "$@"
}

# Put FILE in the tree DIR as DIR/.build-id/xx/rest.debug for its build-id
# (or for ID when given); prints the build-id.
plant() { # plant DIR FILE [ID]
	id=${3:-$(readelf -n "$2" | awk '/Build ID/ { print $3; exit }')}
	mkdir -p "$1/.build-id/$(echo "$id" | cut -c1-2)"
	cp "$2" "$1/.build-id/$(echo "$id" | cut -c1-2)/$(echo "$id" | cut -c3-).debug"
	echo "$id"
}

# The fixtures. fx.c: an inlined call (the upstream tests' tmp.c, with
# a side effect so that it stays a call), data.c: the upstream data
# test's two globals, lib.cc: C++ names.
cat >"$s/fx.c" <<'EOF'
volatile int sink;
__attribute__((noinline)) void helper(void) { sink++; }
static inline __attribute__((always_inline)) void second(int x) {
  sink = x;
  helper();
}
void first(void) {
  second(1);
  second(2);
}
EOF
cat >"$s/data.c" <<'EOF'
int long_ __asm__("long") = 0x11223344;
char byte_ __asm__("byte") = 0x42;
EOF
cp "$root/testdata/symbolize/src/geo.cc" "$s/lib.cc"
clang-19 -g -O2 -fPIC -shared -Wl,--build-id "$s/fx.c" -o "$s/a.so" &&
	clang-19 -g -O2 -fPIC -shared -Wl,--build-id "$s/data.c" -o "$s/data.so" &&
	clang++-19 -g -O2 -fPIC -shared -Wl,--build-id "$s/lib.cc" -o "$s/libgeo.so" &&
	objcopy --only-keep-debug "$s/libgeo.so" "$s/libgeo.debug" &&
	objcopy --strip-all "$s/libgeo.so" "$s/libgeo.stripped" || {
	echo "$NAME: FAIL: building the fixtures"
	exit 1
}
ida=$(plant "$tmp/bid" "$s/a.so")
idd=$(plant "$tmp/bid" "$s/data.so")
# The C++ library three ways, under three build-ids of the same code:
# its split debug file (as distributions ship them), itself, and its
# stripped copy (.dynsym only).
idg=$(plant "$tmp/bid" "$s/libgeo.debug")
idf=$(plant "$tmp/bid" "$s/libgeo.so" 00112233445566778899aabbccddeeff00112233)
ids=$(plant "$tmp/bid" "$s/libgeo.stripped" 0123456789abcdef)
# Files that are not a module: text, a directory, ELF files cut short.
echo hello >"$tmp/t.txt"
plant "$tmp/bad" "$tmp/t.txt" aa11 >/dev/null
mkdir -p "$tmp/bad/.build-id/bb/22.debug"
sz=$(wc -c <"$s/a.so")
head -c $((sz - 100)) "$s/a.so" >"$tmp/cut1"
head -c 40 "$s/a.so" >"$tmp/cut2"
head -c $((sz / 2)) "$s/a.so" >"$tmp/cut3"
plant "$tmp/bad" "$tmp/cut1" cc33 >/dev/null
plant "$tmp/bad" "$tmp/cut2" dd44 >/dev/null
plant "$tmp/bad" "$tmp/cut3" ee55 >/dev/null
libc=$(ldd "$s/a.so" | awk '/libc.so.6/ { print $3 }')
idc=
[ -f "$libc" ] && idc=$(plant "$tmp/bid" "$libc")

nmaddr() { # nmaddr FILE SYMBOL: its address, as a number
	printf '%d' "0x$(nm "$1" | awk -v s="$2" '$3 == s { print $1; exit }')"
}
hex() { printf '0x%x' "$1"; }

# The upstream logs that need no object file, as they are.
for f in "$up"/*.log; do
	same "upstream $(basename "$f" .log)" "$f" --filter-markup
done
# symbolize-filter-markup-color.test's input (its RUN lines write it).
{
	printf '\033[1mbold\033[0mreset\n\033[1mboldnoreset\nresetafternewline\n'
	for c in 0 1 2 3 4 5 6 7; do printf '\033[3%dmcolor\033[0m\n' $c; done
	printf '\033[33mbefore{{{symbol:highlight}}}after\033[0m\n'
	printf '\033[34msame{{{symbol:highlight}}}after\033[0m\n'
	printf '\033[1mbold{{{symbol:highlight}}}after\033[0m\n'
} >"$tmp/color.log"
for c in "" --color --color=always --color=never --color=auto --color=other; do
	same "upstream color $c" "$tmp/color.log" --filter-markup $c
done

# symbolize-filter-markup-pc.test and -bt.test, on a.so: the same
# elements at the addresses of first() (which calls helper() twice
# through the inlined second()).
f1=$(nmaddr "$s/a.so" first)
cat >"$tmp/pc.log" <<EOF
{{{module:0:a.o:elf:$ida}}}
{{{mmap:0:0x5000:load:0:r:0}}}
{{{pc:$(hex "$f1")}}}
{{{pc:$(hex $((f1 + 9)))}}}
{{{pc:$(hex $((f1 + 9))):ra}}}
{{{pc:$(hex $((f1 + 9))):pc}}}
{{{pc:$(hex $((f1 + 0x13)))}}}

{{{pc:0x4fff}}}
{{{pc:0x5000}}}
{{{pc:$(hex $((f1 + 9))):pc:ext}}}

{{{pc}}}
{{{pc:$(hex $((f1 + 9))):}}}
EOF
cat >"$tmp/bt.log" <<EOF
{{{module:0:a.o:elf:$ida}}}
{{{mmap:0x10:0x5000:load:0:r:0}}}
{{{bt:0:$(hex $((f1 + 0x10 + 0x13)))}}}
{{{bt:1:$(hex $((f1 + 0x10 + 0x13)))}}}
{{{bt:0:$(hex $((f1 + 0x10 + 0x13))):ra}}}
{{{bt:0:$(hex $((f1 + 0x10 + 0x13))):pc}}}
{{{bt:123456:$(hex $((f1 + 0x10 + 0x1a)))}}}
{{{bt:0:0x10ff}}}

{{{bt}}}
{{{bt:0:0x6000}}}
{{{bt:0:0:}}}
{{{bt:0:0:pc:}}}
EOF
# symbolize-filter-markup-data.test on data.so.
dl=$(nmaddr "$s/data.so" long)
cat >"$tmp/data.log" <<EOF
{{{module:0:a.o:elf:$idd}}}
{{{mmap:0:5:load:0:r:$(hex "$dl")}}}
{{{mmap:0x10:2:load:0:r:$(hex $((dl + 3)))}}}
{{{data:0x0}}} {{{data:0x1}}} {{{data:0x4}}}
{{{data:0x10}}} {{{data:0x11}}}

{{{data}}}
{{{data:0x5}}}
EOF
for f in pc bt data; do
	same "upstream $f (clang-19)" "$tmp/$f.log" --filter-markup --debug-file-directory="$tmp/bid"
	case $f in
	pc) has pc "first[$s/fx.c:" ;;
	bt) has bt ".1  0x" ;;
	data) has data "long long byte" ;;
	esac
done
# symbolize-filter-markup-obj.test: llvm-symbolizer 19 does not look at
# --obj for markup (later releases do).
cat >"$tmp/obj.log" <<EOF
{{{module:0:a.o:elf:$ida}}}
{{{mmap:0:0x5000:load:0:r:0}}}
{{{pc:$(hex "$f1")}}}
EOF
same "upstream obj" "$tmp/obj.log" --obj="$s/a.so" --filter-markup

# The C++ library as a sanitizer would map it: its LOAD segments at a
# high base, under each of the three build-ids, and a bt of every 5th
# byte of its functions, pc and data elements for its globals.
base=$((0x7f0000000000))
geo_log() { # geo_log ID MODULE-ID BASE
	echo "{{{module:$2:libgeo.so:elf:$1}}}"
	readelf -lW "$s/libgeo.so" |
		awk '$1 == "LOAD" { f = ""; for (i = 7; i < NF; i++) f = f $i; print $3, $6, f }' |
		while read -r va sz fl; do
			mode=$(echo "$fl" | sed 's/E/x/; s/R/r/; s/W/w/')
			echo "{{{mmap:$(hex $(($3 + va))):$sz:load:$2:$mode:$va}}}"
		done
	k=0
	nm "$s/libgeo.so" | awk 'NF == 3 && $2 ~ /^[TtWw]$/ && /entry|area/ { print $1 }' |
		while read -r a; do
			for d in 0 5 10 15 20 25 30 35 40 45 50 55 60; do
				echo "frame {{{bt:$k:$(hex $(($3 + 0x$a + d)))}}} {{{pc:$(hex $(($3 + 0x$a + d))):pc}}}"
				k=$((k + 1))
			done
		done
	nm "$s/libgeo.so" | awk 'NF == 3 && $2 ~ /^[DdBbRr]$/ { print $1 }' | while read -r a; do
		echo "global {{{data:$(hex $(($3 + 0x$a)))}}} {{{data:$(hex $(($3 + 0x$a + 3)))}}}"
	done
}
{
	geo_log "$idg" 0 "$base"
	geo_log "$idf" 1 $((base + 0x100000))
	geo_log "$ids" 2 $((base + 0x200000))
	echo "{{{reset}}}"
	geo_log "$idg" 7 $((base + 0x300000))
} >"$tmp/geo.log"
for opt in "" --no-demangle --demangle -C --functions=short --functions=none \
	--functions=linkage -f --basenames -s --relativenames --no-inlines \
	--inlines --color=always --color=never --relative-address \
	--adjust-vma=0x10 --output-style=JSON --output-style=GNU -a -p \
	--verbose --print-source-context-lines=3 --obj="$s/libgeo.so" \
	--build-id=zz "--functions=short --basenames --no-demangle" \
	"--color --functions=none"; do
	# shellcheck disable=SC2086
	same "libgeo $opt" "$tmp/geo.log" --filter-markup --debug-file-directory="$tmp/bid" $opt
done
same "libgeo" "$tmp/geo.log" --filter-markup --debug-file-directory="$tmp/bid"
has libgeo "int geo::area<long>(long, long) $s/lib.cc:10:"
has libgeo "libgeo.so\"; BuildID=$ids ["
has libgeo "greeting"
same "libgeo, addresses as arguments (ignored)" "$tmp/geo.log" \
	--filter-markup --debug-file-directory="$tmp/bid" 0x10 0x20
same "libgeo, no .build-id tree" "$tmp/geo.log" --filter-markup
same "libgeo, two trees" "$tmp/geo.log" --filter-markup \
	--debug-file-directory="$tmp/bad" --debug-file-directory="$tmp/bid"

# Modules that cannot be read, asked for again and again; and libc.
cat >"$tmp/bad.log" <<'EOF'
{{{module:0:txt:elf:aa11}}}
{{{mmap:0x1000:0x1000:load:0:rx:0}}}
{{{module:1:dir:elf:bb22}}}
{{{mmap:0x3000:0x1000:load:1:rx:0}}}
{{{module:2:cut1:elf:cc33}}}
{{{mmap:0x5000:0x1000:load:2:rx:0}}}
{{{module:3:cut2:elf:dd44}}}
{{{mmap:0x7000:0x1000:load:3:rx:0}}}
{{{module:4:cut3:elf:ee55}}}
{{{mmap:0x9000:0x1000:load:4:rx:0}}}
{{{module:5:none:elf:ff66}}}
{{{mmap:0xb000:0x1000:load:5:rx:0}}}
EOF
for a in 0x1010 0x3010 0x5010 0x7010 0x9010 0xb010; do
	echo "a {{{pc:$a}}} b {{{pc:$a}}} {{{bt:0:$a}}} {{{data:$a}}} c" >>"$tmp/bad.log"
done
echo "{{{reset}}}" >>"$tmp/bad.log"
sed -n '1,2p;13p' "$tmp/bad.log" >>"$tmp/bad.log"
same "unreadable modules" "$tmp/bad.log" --filter-markup --debug-file-directory="$tmp/bad"
if [ -n "$idc" ]; then
	{
		echo "{{{module:0:libc.so.6:elf:$idc}}}"
		readelf -lW "$libc" | awk '$1 == "LOAD" { print $3, $6 }' | while read -r va sz; do
			echo "{{{mmap:$(hex $((base + va))):$sz:load:0:r:$va}}}"
		done
		nm -D "$libc" | awk '$2 ~ /^[TtWwDdBb]$/ { print $1 }' | sort -u | awk 'NR % 97 == 1' |
			while read -r a; do
				echo "{{{bt:0:$(hex $((base + 0x$a + 7)))}}} {{{pc:$(hex $((base + 0x$a)))}}} {{{data:$(hex $((base + 0x$a + 1)))}}}"
			done
	} >"$tmp/libc.log"
	same "libc (symbol tables only)" "$tmp/libc.log" --filter-markup --debug-file-directory="$tmp/bid"
fi

# Edge cases of the syntax.
{
	printf '{{{}}}x{{{symbol:a}}}\n{{{:zz}}}{{{symbol:b:c}}}\n{{{{{{symbol:x}}}}}}\n'
	printf '{{{symbol::}}}|{{{symbol:}}}|\na {{{ b }}} c {{{\n}}} {{{symbol:x}}\n'
	printf '{{{SYMBOL:x}}} {{{sym bol:x}}} {{{hexdict}}} {{{unknown:1:2}}}\n'
	printf '{{{hexdict:\n0000 00 01\n}}}\n'
	printf 'crlf {{{symbol:_Z1fv}}}\r\n{{{module:9:crlf.o:elf:0abc}}}\r\n'
	printf '{{{mmap:0x100:0x10:load:9:R:0}}}\r\nafter\r\nlone\rcr\n'
	printf 'nul\0byte {{{symbol:n\0ul}}} {{{pc:0x1\0}}}\n'
	printf '\033[1m\033[31mboldred{{{symbol:x}}}\033[32m{{{pc:zz}}}\033[0m plain '
	printf '\033[38m \033[3m \033[2m \033[\n\033[36m{{{symbol:x}}}\033[34m{{{symbol:y}}}\n'
	printf '{{{pc:0X10}}} {{{pc:0x}}} {{{pc:0x10000000000000000}}} '
	printf '{{{pc:0xffffffffffffffff}}} {{{pc:000}}} {{{pc:1}}} {{{pc:0xAb}}}\n'
	printf '{{{bt:x:0x1}}} {{{bt:0x1:0x1}}} {{{bt:99999999999999999999:0x1}}} {{{bt:1:2:3:4:5}}}\n'
	printf '{{{data:0x1:2}}} {{{data:zz}}}\n'
	printf '{{{module:0x10:m.o:elf:AbCdEf}}}\n'
	printf '{{{mmap:0xffffffffffffff00:0x200:load:0x10:rx:0}}}\n'
	printf '{{{mmap:0x1000:0:load:16:r:0}}}\n{{{mmap:0x1000:0:load:16:w:0}}}\n'
	printf '{{{mmap:0x1000:0x10:load:16:x:0}}}\n{{{mmap:0x2000:0x10:load:17:x:0}}}\n'
	printf '{{{mmap:0x3000:0x10:load:16:rwxr:0}}}\n{{{mmap:0x4000:0x10:load:16:r:0:extra}}}\n'
	printf '{{{mmap:0x4000:0x10:load:0b10000:r:0}}}\n{{{mmap:0x5000:0o20:load:020:r:0}}}\n'
	printf '{{{module:5:x:elf:12:extra}}}\n{{{module:6:x:elf2:12}}}\n'
	printf 'text {{{mmap:0x5000:0x10:load:5:r:0x7}}} gone\n'
	printf '{{{pc:0x5001}}} {{{pc:0x5001:ra}}} {{{pc:0x5001:bad}}} {{{bt:0:0x5001:ra}}}\n'
	printf '{{{pc:0}}} {{{pc:0:ra}}}\n'
	printf '{{{symbol:_ZN3foo3barIiEEvT_}}} {{{symbol:__Z3foov}}} {{{symbol:._Z3foov}}} '
	printf '{{{symbol:_RNvCs1234_7mycrate3foo}}} {{{symbol:?foo@@YAXXZ}}} '
	printf '{{{symbol:_D3foo3barFZv}}} {{{symbol:___Z3foov_block_invoke}}} '
	printf '{{{symbol:___Z3foov_block_invoke_12}}} {{{symbol:_Z3foov.cold}}} '
	printf '{{{symbol:.?AVfoo@@}}} {{{symbol:_Zzz}}} {{{symbol:_ZN3fooC2Ev}}}\n'
	printf 'before{{{reset}}}after\n{{{reset}}}\n{{{module:1:one:elf:ab}}}\n'
	printf 'a{{{mmap:0:1:load:1:r:0}}}b\nx {{{reset}}} y\n'
	printf 'last line, no newline {{{module:77:z:elf:77}}}'
} >"$tmp/edge.log"
for c in "" --color=always; do
	same "edge cases $c" "$tmp/edge.log" --filter-markup $c
done
same "empty input" /dev/null --filter-markup
printf '{{{module:0:a:elf:ab}}}\n{{{mmap:0:1:load:0:r:0}}}' >"$tmp/unended.log"
same "a module line at the end of input" "$tmp/unended.log" --filter-markup --color

# The real clients: ASan and TSan with enable_symbolizer_markup=1 print
# markup instead of symbolizing; the modules they name go in a tree.
cat >"$s/dso.c" <<'EOF'
#include <string.h>
char table[16];
__attribute__((noinline)) void fill(int n) { memset(table, 1, (size_t)n); }
EOF
cat >"$s/asan.c" <<'EOF'
#include <stdlib.h>
void fill(int n);
__attribute__((noinline)) static int use(int *p) { return p[1]; }
int main(int argc, char **argv)
{
	int *p = malloc(8);
	if (argc > 1) {
		fill(32);
		return 0;
	}
	free(p);
	return use(p);
}
EOF
cat >"$s/tsan.c" <<'EOF'
#include <pthread.h>
int shared;
static void *run(void *a) { shared++; return a; }
int main(void)
{
	pthread_t t;
	pthread_create(&t, 0, run, 0);
	shared++;
	pthread_join(t, 0);
	return 0;
}
EOF
reports=""
if clang-19 -g -O1 -fsanitize=address -fPIC -shared -Wl,--build-id "$s/dso.c" -o "$s/libdso.so" &&
	clang-19 -g -O1 -fsanitize=address -Wl,--build-id "$s/asan.c" "$s/libdso.so" \
		-Wl,-rpath,"$s" -o "$s/asan"; then
	ASAN_OPTIONS=enable_symbolizer_markup=1 timeout 60 "$s/asan" 2>"$tmp/asan-uaf.txt"
	ASAN_OPTIONS=enable_symbolizer_markup=1 timeout 60 "$s/asan" x 2>"$tmp/asan-dso.txt"
	reports="asan-uaf asan-dso"
fi
if clang-19 -g -O1 -fsanitize=thread -Wl,--build-id "$s/tsan.c" -o "$s/tsan"; then
	# TSan needs a fixed address-space layout; setarch gives it one
	# when the kernel's ASLR is too wide for it.
	TSAN_OPTIONS=enable_symbolizer_markup=1 timeout 60 setarch "$(uname -m)" -R "$s/tsan" \
		>"$tmp/tsan.txt" 2>&1
	reports="$reports tsan"
fi
# LLVM's own crash handler writes markup under
# LLVM_ENABLE_SYMBOLIZER_MARKUP=1 (clang-19, libclang-cpp, libLLVM). At
# a fixed layout (setarch -R): one CI run's random one gave a
# libclang-cpp with no rx mmap in llvm-symbolizer's module lines, so
# neither tool named its frames (they agreed; the name check failed).
printf '#pragma clang __debug crash\nint x;\n' >"$s/crash.c"
LLVM_ENABLE_SYMBOLIZER_MARKUP=1 timeout 120 setarch "$(uname -m)" -R \
	clang-19 -c "$s/crash.c" -o /dev/null 2>"$tmp/clang-crash.txt"
reports="$reports clang-crash"
for r in $reports; do
	grep -q '{{{bt:' "$tmp/$r.txt" || {
		echo "FAIL $r: no markup in the report"
		head -5 "$tmp/$r.txt"
		fail=1
		continue
	}
	mkdir -p "$tmp/$r"
	sed -n 's/.*{{{module:[^:]*:\([^:]*\):elf:\([0-9a-f]*\)}}}.*/\1 \2/p' "$tmp/$r.txt" |
		while read -r file id; do
			[ -f "$file" ] || continue
			# a link: libLLVM is 100 MB (both tools follow it)
			d="$tmp/$r/.build-id/$(echo "$id" | cut -c1-2)"
			mkdir -p "$d"
			ln -sf "$(readlink -f "$file")" "$d/$(echo "$id" | cut -c3-).debug"
		done
	same "$r report" "$tmp/$r.txt" --filter-markup --debug-file-directory="$tmp/$r"
	case $r in
	clang-crash)
		has "$r report" "clang::Preprocessor::HandlePragmaDirective" || {
			# what the crash handler wrote, for the next reader of the log
			echo "  $(grep -c '{{{bt:' "$tmp/$r.txt") bt lines, $(grep -c '{{{module:' "$tmp/$r.txt") modules; reference:"
			grep -m8 '#[0-9]' "$tmp/exp" | cut -c1-160 | sed 's/^/  /'
		} ;;
	*) has "$r report" "main $s/" ;;
	esac
	same "$r report, no modules" "$tmp/$r.txt" --filter-markup
done

# maxtriage's own name: the same filter.
(cd "$tmp" && timeout 60 "$bin" symbolize --filter-markup --debug-file-directory="$tmp/bid" \
	<"$tmp/geo.log" >"$tmp/own" 2>"$tmp/own.err")
(cd "$tmp" && timeout 60 r/llvm-symbolizer --filter-markup --debug-file-directory="$tmp/bid" \
	<"$tmp/geo.log" >"$tmp/exp" 2>"$tmp/exp.err")
n=$((n + 1))
if cmp -s "$tmp/own" "$tmp/exp" && cmp -s "$tmp/own.err" "$tmp/exp.err"; then
	echo "ok   maxtriage symbolize --filter-markup"
else
	echo "FAIL maxtriage symbolize --filter-markup"
	fail=1
fi

# A terminal: colours by default, stdout and stderr interleaved as they
# are written (llvm-symbolizer does not buffer a terminal).
if command -v script >/dev/null 2>&1; then
	for t in xterm-256color dumb; do
		for f in edge bad; do
			(cd "$tmp" && TERM=$t timeout 60 script -qec \
				"r/llvm-symbolizer --filter-markup --debug-file-directory=bad <$f.log" \
				/dev/null >"$tmp/exp.tty" 2>&1)
			(cd "$tmp" && TERM=$t timeout 60 script -qec \
				"m/llvm-symbolizer --filter-markup --debug-file-directory=bad <$f.log" \
				/dev/null >"$tmp/got.tty" 2>&1)
			n=$((n + 1))
			if cmp -s "$tmp/exp.tty" "$tmp/got.tty"; then
				echo "ok   terminal TERM=$t $f"
			else
				echo "FAIL terminal TERM=$t $f"
				cmp "$tmp/exp.tty" "$tmp/got.tty"
				fail=1
			fi
		done
	done
fi

echo "$NAME: $n comparisons"
[ $fail -eq 0 ] && echo "$NAME: ok"
exit $fail
