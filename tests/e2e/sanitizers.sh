#!/bin/sh
# sanitizers: the real clients of a symbolizer. Programs built with
# clang-19 -fsanitize=address (heap use-after-free, global overflow, stack
# overflow, an overflow inside a shared library), undefined, thread (a data
# race on a global: TSan asks DATA), leak and memory run twice, with the
# runtime's *_SYMBOLIZER_PATH pointed once at llvm-symbolizer-19 and once at
# maxtriage under the name llvm-symbolizer (a symlink); then LLVM's own
# crash handler (clang-19 on '#pragma clang __debug crash', llc-19 on an
# instruction it cannot select) with LLVM_SYMBOLIZER_PATH. The two reports
# must be identical once addresses, process and thread ids are masked.
# Every run is under timeout: a client left waiting for an answer fails.
set -u
# shellcheck source=tests/e2e/lib/env.sh
. "$(dirname "$0")/lib/env.sh"
NAME=sanitizers
limit=120
ref=/usr/bin/llvm-symbolizer-19
need_tools clang-19 clang++-19 llc-19 "$ref" timeout
[ -x "$bin" ] || { echo "$NAME: FAIL: no maxtriage at $bin"; exit 1; }
mkdir -p "$tmp/bin" "$tmp/src"
ln -s "$bin" "$tmp/bin/llvm-symbolizer"
mine="$tmp/bin/llvm-symbolizer"
fail=0
cd "$tmp/src" || exit 1

# Addresses move with ASLR, ids with the run: mask them, nothing else.
mask() {
	sed -E -e 's/0x[0-9a-fA-F]+/0xADDR/g' -e 's/==[0-9]+==/==PID==/g' \
		-e 's/(pid|tid)=[0-9]+/\1=N/g' -e 's/-[0-9a-f]{6,}\.(c|ll|sh)/-TMP.\1/g' "$1"
}

# run_pair NAME ENVVAR CMD...: the report with each symbolizer.
run_pair() {
	name=$1
	var=$2
	shift 2
	for who in ref mine; do
		eval "sym=\$$who"
		env "$var=$sym" timeout "$limit" "$@" >"$tmp/$name.$who" 2>&1
		rc=$?
		echo "$rc" >"$tmp/$name.$who.rc"
		if [ "$rc" -eq 124 ] || [ "$rc" -eq 137 ]; then
			echo "FAIL $name: timed out with $who ($sym)"
			fail=1
			return
		fi
	done
	mask "$tmp/$name.ref" >"$tmp/$name.ref.m"
	mask "$tmp/$name.mine" >"$tmp/$name.mine.m"
	if ! cmp -s "$tmp/$name.ref.m" "$tmp/$name.mine.m"; then
		echo "FAIL $name: reports differ (llvm-symbolizer-19 vs maxtriage)"
		diff "$tmp/$name.ref.m" "$tmp/$name.mine.m" | head -30
		fail=1
	elif ! cmp -s "$tmp/$name.ref.rc" "$tmp/$name.mine.rc"; then
		echo "FAIL $name: exit $(cat "$tmp/$name.ref.rc") vs $(cat "$tmp/$name.mine.rc")"
		fail=1
	elif ! grep -q "$want" "$tmp/$name.ref"; then
		# The reference must have symbolized something, or the
		# comparison proves nothing.
		echo "FAIL $name: reference report lacks '$want'"
		head -20 "$tmp/$name.ref"
		fail=1
	else
		echo "ok   $name ($(wc -l <"$tmp/$name.ref") lines, exit $(cat "$tmp/$name.ref.rc"))"
	fi
}

cat >uaf.cc <<'EOF'
#include <cstdio>
namespace app {
template <class T> struct Box {
	T *p;
	explicit Box(T v) : p(new T(v)) {}
	void drop() { delete p; }
	T get() const { return *p; }
};
static int use(const Box<int> &b) { return b.get(); }
} // namespace app
int main(int argc, char **)
{
	app::Box<int> b(argc);
	b.drop();
	return app::use(b);
}
EOF
cat >global.c <<'EOF'
int table[10] = { 1 };
static int pick(int i) { return table[i]; }
int main(int argc, char **argv) { (void)argv; return pick(argc + 9); }
EOF
cat >stack.c <<'EOF'
#include <string.h>
static __attribute__((noinline)) int fill(char *p, int n) { memset(p, 1, n); return p[0]; }
int main(int argc, char **argv) { char buf[16]; (void)argv; return fill(buf, 16 + argc); }
EOF
cat >dso.c <<'EOF'
int dso_table[4];
static inline int at(int i) { return dso_table[i]; }
int dso_read(int i) { return at(i); }
EOF
cat >dso_main.c <<'EOF'
int dso_read(int);
int main(int argc, char **argv) { (void)argv; return dso_read(argc + 3); }
EOF
cat >ubsan.c <<'EOF'
#include <limits.h>
static int add(int a, int b) { return a + b; }
int main(int argc, char **argv) { (void)argv; return add(INT_MAX, argc) != 0; }
EOF
# The thread writes first, main a moment later: the report's order is
# then the same in every run.
cat >race.c <<'EOF'
#include <pthread.h>
#include <unistd.h>
int shared;
static void *writer(void *p) { shared = 1; return p; }
int main(void)
{
	pthread_t t;
	pthread_create(&t, 0, writer, 0);
	usleep(300000);
	shared = 2;
	pthread_join(t, 0);
	return 0;
}
EOF
cat >leak.c <<'EOF'
#include <stdlib.h>
static void *keep(int n) { return malloc(n); }
int main(int argc, char **argv) { (void)argv; keep(40 + argc); return 0; }
EOF
cat >uninit.c <<'EOF'
#include <stdlib.h>
static int read_it(int *p, int i) { return p[i]; }
int main(int argc, char **argv)
{
	int *p = malloc(16);
	(void)argv;
	if (read_it(p, argc))
		return 1;
	return 0;
}
EOF

build() { # build OUT FLAGS... (a build failure is a skip of that case)
	out=$1
	shift
	if ! "$@" -o "$out" >"$tmp/build.log" 2>&1; then
		echo "skip $out: build failed: $(head -3 "$tmp/build.log")"
		return 1
	fi
}

A=ASAN_SYMBOLIZER_PATH
want="in main "
build uaf clang++-19 -g -O1 -fsanitize=address uaf.cc &&
	run_pair asan-heap-use-after-free $A ./uaf
build global clang-19 -g -O1 -fsanitize=address global.c &&
	run_pair asan-global-overflow $A ./global
build stack clang-19 -g -O0 -fsanitize=address stack.c &&
	run_pair asan-stack-overflow $A ./stack
want="in dso_read "
build libdso.so clang-19 -g -O1 -fsanitize=address -fPIC -shared dso.c &&
	build dso clang-19 -g -O1 -fsanitize=address dso_main.c \
		-L. -ldso "-Wl,-rpath,$tmp/src" &&
	run_pair asan-shared-library $A ./dso
want="in add "
build ubsan clang-19 -g -O0 -fsanitize=undefined ubsan.c &&
	UBSAN_OPTIONS=print_stacktrace=1 run_pair ubsan UBSAN_SYMBOLIZER_PATH ./ubsan
want="Location is global 'shared' of size 4"
build race clang-19 -g -O1 -fsanitize=thread race.c &&
	run_pair tsan-data-race TSAN_SYMBOLIZER_PATH ./race
want="in keep "
build leak clang-19 -g -O0 -fsanitize=leak leak.c &&
	run_pair lsan-leak LSAN_SYMBOLIZER_PATH ./leak
want="in read_it "
build uninit clang-19 -g -O0 -fsanitize=memory -fsanitize-memory-track-origins uninit.c &&
	run_pair msan-uninitialised MSAN_SYMBOLIZER_PATH ./uninit

# LLVM's crash handler: the symbolized stack dump of clang and llc.
printf '#pragma clang __debug crash\n' >crash.c
want="clang::"
run_pair clang-crash LLVM_SYMBOLIZER_PATH \
	clang-19 -fno-crash-diagnostics -c crash.c -o crash.o
# An AArch64 intrinsic in an x86-64 module: "Cannot select".
cat >nosel.ll <<'EOF'
target triple = "x86_64-unknown-linux-gnu"
define void @f() {
  call void @llvm.aarch64.hint(i32 0)
  ret void
}
declare void @llvm.aarch64.hint(i32)
EOF
want="llvm::"
run_pair llc-cannot-select LLVM_SYMBOLIZER_PATH llc-19 nosel.ll -o nosel.s
if ! grep -q "Cannot select\|cannot select\|LLVM ERROR" "$tmp/llc-cannot-select.ref"; then
	echo "FAIL llc-cannot-select: llc did not fail to select:"
	head -5 "$tmp/llc-cannot-select.ref"
	fail=1
fi
[ $fail -eq 0 ] && echo "$NAME: ok"
exit $fail
