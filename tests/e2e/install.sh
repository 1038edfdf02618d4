#!/bin/sh
# `make install`: the layout a user or packager gets (the command, the
# libexec links sanitizers and scripts call by name, the man page, bash,
# zsh and fish completions, the library with headers and maxtriage.pc),
# and the library used as docs/library.md says: docs/example/triage.c
# built against the installed maxtriage.pc, shared and static, gives the
# fingerprints and signatures `maxtriage stack` gives for the same dump.
set -u
# shellcheck source=tests/e2e/lib/env.sh
. "$(dirname "$0")/lib/env.sh"
NAME=install
need_tools cc pkg-config python3
fail=0
p="$tmp/inst"
# the binary under test is installed as it is (-o: never rebuilt here)
make -C "$root" --no-print-directory -o "$O/maxtriage" install O="$O" PREFIX="$p" >"$tmp/make.log" 2>&1 ||
	{ echo "FAIL make install"; tail -5 "$tmp/make.log"; exit 1; }
for f in bin/maxtriage share/man/man1/maxtriage.1 \
	share/bash-completion/completions/maxtriage share/zsh/site-functions/_maxtriage \
	share/fish/vendor_completions.d/maxtriage.fish lib/libmaxtriage.a \
	lib/libmaxtriage.so.0 lib/pkgconfig/maxtriage.pc include/maxtriage/stack.h \
	include/maxtriage/triage.h; do
	[ -f "$p/$f" ] || { echo "FAIL install: $f missing"; fail=1; }
done
for n in llvm-symbolizer llvm-addr2line addr2line; do
	[ "$(readlink "$p/libexec/maxtriage/$n")" = ../../bin/maxtriage ] ||
		{ echo "FAIL install: libexec/maxtriage/$n is not a link to the command"; fail=1; }
done
[ "$(readlink "$p/lib/libmaxtriage.so")" = libmaxtriage.so.0 ] || { echo "FAIL libmaxtriage.so link"; fail=1; }
# the .so exports the public API only
others=$(nm -D --defined-only "$p/lib/libmaxtriage.so.0" | awk '$2 ~ /[TDBR]/ && $3 !~ /^mt_/' | wc -l)
[ "$others" -eq 0 ] || { echo "FAIL libmaxtriage.so exports $others non-mt_ symbols"; fail=1; }
# the completions are valid scripts for their shells (where installed)
bash -n "$p/share/bash-completion/completions/maxtriage" || { echo "FAIL bash completion syntax"; fail=1; }
if command -v zsh >/dev/null 2>&1; then
	zsh -n "$p/share/zsh/site-functions/_maxtriage" || { echo "FAIL zsh completion syntax"; fail=1; }
fi
if command -v fish >/dev/null 2>&1; then
	fish -n "$p/share/fish/vendor_completions.d/maxtriage.fish" || { echo "FAIL fish completion syntax"; fail=1; }
	# and they complete: a command, an option read from its --help
	got=$(PATH="$p/bin:$PATH" fish --no-config -c "source '$p/share/fish/vendor_completions.d/maxtriage.fish'
		complete -C 'maxtriage sta'; complete -C 'maxtriage bucket --base'" | cut -f1 | tr '\n' ' ')
	[ "$got" = "stack --baseline " ] || { echo "FAIL fish completes '$got'"; fail=1; }
fi
got=$(PATH="$p/bin:$PATH" bash -c ". '$p/share/bash-completion/completions/maxtriage'
	COMP_WORDS=(maxtriage bucket --base); COMP_CWORD=2; _maxtriage; echo \"\${COMPREPLY[*]}\"")
[ "$got" = "--baseline" ] || { echo "FAIL bash completes '$got'"; fail=1; }

# the example program against the installed library
export PKG_CONFIG_PATH="$p/lib/pkgconfig"
san=""
# a sanitizer build's library needs its runtime in the program too
grep -q __asan_init "$p/lib/libmaxtriage.so.0" 2>/dev/null && san="-fsanitize=address,undefined"
# shellcheck disable=SC2046,SC2086
cc $san -o "$tmp/triage-shared" "$root/docs/example/triage.c" $(pkg-config --cflags --libs maxtriage) ||
	{ echo "FAIL the example does not build against maxtriage.pc"; exit 1; }
# shellcheck disable=SC2046,SC2086
cc $san -o "$tmp/triage-static" "$root/docs/example/triage.c" $(pkg-config --cflags maxtriage) \
	"$p/lib/libmaxtriage.a" $(pkg-config --static --libs-only-L --libs-only-l maxtriage | sed 's/-lmaxtriage//') ||
	{ echo "FAIL the example does not link statically"; exit 1; }
readelf -d "$tmp/triage-static" | grep -q 'libmaxtriage' && { echo "FAIL the static example needs libmaxtriage.so"; fail=1; }
dump="$root/testdata/demo/crash.txt"
bins="$root/testdata/demo/bin"
LD_LIBRARY_PATH="$p/lib" "$tmp/triage-shared" "$dump" "$bins" >"$tmp/shared.out" ||
	{ echo "FAIL the shared example failed"; fail=1; }
"$tmp/triage-static" "$dump" "$bins" >"$tmp/static.out" || { echo "FAIL the static example failed"; fail=1; }
"$bin" stack --no-repo --no-system-debug --binary-dir "$bins" --format json "$dump" >"$tmp/stack.json"
python3 - "$tmp/stack.json" "$tmp/shared.out" "$tmp/static.out" <<'PY' || fail=1
import json, sys
d = json.load(open(sys.argv[1]))
want = [f'{r["fingerprint"]} {r["classification"]["category"]} {r["signature"]}' for r in d["reports"]]
for path in sys.argv[2:]:
    got = open(path).read().splitlines()
    assert got == want and want, (path, got, want)
PY
[ $fail -eq 0 ] && echo "install: ok"
exit $fail
