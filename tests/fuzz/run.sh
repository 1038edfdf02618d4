#!/bin/sh
# Build the libFuzzer targets (clang-19, ASan+UBSan) and run each for
# FUZZ_SECONDS (default 60) from seed corpora made of the project's own
# test data (testdata/, including the real samples). Crashes are saved under
# build-fuzz/crashes/<target>/ and make the script fail; each one found
# must become a regression test.
set -eu
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
F=build-fuzz
secs=${FUZZ_SECONDS:-60}
# FUZZ_RUNS=N runs N inputs per target with a fixed seed instead of a
# time budget: the same executions on every machine (used by CI)
runs=${FUZZ_RUNS:-}
targets=${FUZZ_TARGETS:-$(ls tests/fuzz/fuzz_*.c | sed 's|.*/fuzz_||; s|\.c$||')}
CC=${FUZZ_CC:-clang-19}
make --no-print-directory O=$F CC="$CC" OPT="-O1 -g -fno-omit-frame-pointer" LTO= \
	SANFLAGS="-fsanitize=address,undefined -fsanitize=fuzzer-no-link" \
	$F/libmaxtriage.a >/dev/null
libs="$(pkg-config --libs libdw libelf jansson) -ldl"
seed() {
	d=$F/corpus/$1
	mkdir -p "$d"
	case $1 in
	stack)
		cp testdata/samples/stacks/*.txt "$d"/
		cp testdata/demo/crash.txt "$d"/ 2>/dev/null || true
		for f in build/fixtures/crashers/*/dumps/*.txt; do
			if [ -f "$f" ]; then cp "$f" "$d/$(echo "$f" | tr / _)"; fi
		done ;;
	rules)
		cp testdata/demo/rules.json testdata/crashers/rules.json "$d"/ 2>/dev/null || true ;;
	elf)
		for f in testdata/demo/bin/* testdata/demo/debug/.build-id/*/*; do
			if [ -f "$f" ]; then cp "$f" "$d/$(echo "$f" | tr / _)"; fi
		done ;;
	mlir)
		cp testdata/samples/ir/*.mlir "$d"/
		find testdata/ir -name '*.mlir' -size -200k 2>/dev/null |
			while read -r f; do cp "$f" "$d/$(echo "$f" | tr / _)"; done ;;
	llvm)
		# llvm-symbolizer requests as sanitizers, LLVM and scripts
		# send them, against the fixture the target opens
		printf '0x1139\n\nmain+3\n0x1139 0x4\n' >"$d/bare"
		printf 'CODE "mtcrash" 0x1139\nDATA mtcrash 0x4010\nFRAME mtcrash 0x1139\n' >"$d/kinds"
		printf 'CODE FILE:libmtmodel.so +0x10\nBUILDID:0123abcd 0x10\nmtcrash 0b101\n' >"$d/modules"
		printf 'CODE "unterminated 0x1\r\n"\n\177\355\240\200 0x1\n' >"$d/odd" ;;
	markup)
		# llvm-project's markup test logs, and one module of the demo
		# tree with each element over it
		cp testdata/symbolize/markup/upstream/*.log "$d"/
		printf '{{{reset}}}\n{{{module:0:mtcrash:elf:09a4afcd9c2552d499493eebe7755e8e0077ca39}}}\n{{{mmap:0x1000:0x4000:load:0:rx:0}}}\n{{{bt:0:0x2139}}} {{{pc:0x2139:ra}}} {{{data:0x5010}}}\n\033[1m{{{symbol:_Z3foov}}}\033[0m\n' >"$d/demo" ;;
	inflate)
		# small files with compressed debug sections: a -gz build, its
		# GNU .zdebug form, and bombs (tests/e2e/lib/mkbomb.py) that
		# declare 1 GB, 16 MB and a lie
		printf 'static int twice(int x) { return 2 * x; }\nint entry(int x) { return twice(x) + 1; }\n' >"$d/ok.c"
		if cc -g -O0 -shared -fPIC -gz=zlib "$d/ok.c" -o "$d/ok.so"; then
			objcopy --compress-debug-sections=zlib-gnu "$d/ok.so" "$d/ok-gnu.so" || true
		fi
		rm -f "$d/ok.c"
		python3 tests/e2e/lib/mkbomb.py zlib 1000000000 "$d/bomb-1g"
		python3 tests/e2e/lib/mkbomb.py gnu 16000000 "$d/bomb-16m"
		python3 tests/e2e/lib/mkbomb.py liar 3000000000 "$d/bomb-liar" ;;
	minidump)
		# the public minidumps (testdata/dump/SOURCES.md) and the
		# ones the e2e tests made, when they are there
		cp testdata/dump/*.dmp "$d"/
		for f in build/fixtures/dumps/*.dmp; do
			if [ -f "$f" ]; then cp "$f" "$d/"; fi
		done ;;
	cache)
		# inputs are patches to a valid index the target writes itself
		printf '\000' >"$d/none" ;;
	stages)
		# one seed per graph of the MAX-style test directory
		for g in add llama3; do
			out="$d/$g"
			: >"$out"
			for f in testdata/ir/max-dump/$g.*.mlir; do
				[ -f "$f" ] || continue
				[ -s "$out" ] && printf '\n@@\n' >>"$out"
				printf '%s\n' "$(basename "$f")" >>"$out"
				cat "$f" >>"$out"
			done
		done ;;
	esac
}
status=0
for t in $targets; do
	seed "$t"
	$CC -std=c11 -D_GNU_SOURCE -O1 -g -fsanitize=address,undefined,fuzzer -Ilib/include -Ilib \
		$(pkg-config --cflags libdw capstone jansson) \
		-o "$F/fuzz_$t" "tests/fuzz/fuzz_$t.c" $F/libmaxtriage.a $libs \
		-liberty -lz -lstdc++ -lpthread
	mkdir -p "$F/crashes/$t"
	if [ -n "$runs" ]; then
		budget="-runs=$runs -seed=1"
		echo "fuzz_$t: $runs runs"
	else
		budget="-max_total_time=$secs"
		echo "fuzz_$t: ${secs}s"
	fi
	if ! "$F/fuzz_$t" $budget -timeout=10 -rss_limit_mb=2048 \
		-artifact_prefix="$F/crashes/$t/" -print_final_stats=1 \
		"$F/corpus/$t" >"$F/fuzz_$t.log" 2>&1; then
		echo "fuzz_$t: FAILED (see $F/fuzz_$t.log, artifacts in $F/crashes/$t)"
		grep -E 'ERROR|SUMMARY|runtime error' "$F/fuzz_$t.log" | head -5
		status=1
	fi
	grep -E '^stat::number_of_executed_units|^stat::peak_rss_mb' "$F/fuzz_$t.log" |
		sed "s/^/fuzz_$t: /"
done
exit $status
