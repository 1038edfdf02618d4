#!/bin/sh
# Decompression bombs (issue 22): files whose compressed debug sections
# declare 3 GB from about 3 MB, made here by tests/e2e/lib/mkbomb.py
# (never stored). Before the bound, each command on them grew to about
# 2.9 GB RSS and took 14 s; now the DWARF is refused before anything is
# inflated, the answer comes from the symbol table (bomb_function at
# 0x1000, as the generator writes it), the reason is in the frame and a
# next step names --max-inflate, and the peak RSS stays small.
# Also: an ordinary -gz file is not refused (the same answer as
# llvm-symbolizer-19), --max-inflate lowers the bound, bad sizes are
# usage errors.
set -u
# shellcheck source=tests/e2e/lib/env.sh
. "$(dirname "$0")/lib/env.sh"
NAME=inflate
need_tools python3 cc llvm-symbolizer-19 objcopy /usr/bin/time
fail=0
n=0
ok() {
	n=$((n + 1))
	echo "ok   $1"
}
bad() {
	n=$((n + 1))
	echo "FAIL $1"
	fail=1
}
# peak RSS in KB of the command after it (GNU time), in $tmp/rss
rss() {
	/usr/bin/time -f %M -o "$tmp/rss" "$@"
}
# the bound a test holds: far below the 2.9 GB of an inflated bomb,
# above what valgrind or ASan add to a small run
RSS_MAX=${RSS_MAX:-400000}

G3=3000000000
ID=0123456789abcdef0123456789abcdef01234567
py="$root/tests/e2e/lib/mkbomb.py"
for k in zlib gnu liar; do
	python3 "$py" $k $G3 "$tmp/bomb-$k.so" || {
		echo "FAIL mkbomb $k"
		exit 1
	}
done

# symbolize: the symbol table's answer, in bounded memory
for k in zlib gnu liar; do
	printf 'bomb_function\n??:0:0\n\n' >"$tmp/exp"
	rss "$bin" symbolize --obj "$tmp/bomb-$k.so" 0x1010 >"$tmp/got" 2>"$tmp/err"
	if cmp -s "$tmp/exp" "$tmp/got"; then ok "symbolize $k bomb: bomb_function from the symbol table"; else
		bad "symbolize $k bomb"
		diff "$tmp/exp" "$tmp/got" | head -5
	fi
	r=$(tail -1 "$tmp/rss")
	if [ "$r" -lt "$RSS_MAX" ]; then ok "symbolize $k bomb: peak RSS ${r} KB"; else bad "symbolize $k bomb: peak RSS ${r} KB (>= $RSS_MAX)"; fi
done

# stack, trusted and --untrusted: the frame says why, a next step says
# what to do
for mode in trusted untrusted; do
	for k in zlib liar; do
		if [ $mode = trusted ]; then
			printf '#0 0x00007f0000001010 in ?? (%s+0x1010)\n' "$tmp/bomb-$k.so" >"$tmp/d.txt"
			set --
		else
			printf '#0 0x00007f0000001010 in ?? (/opt/x/bomb-%s.so+0x1010)\n' "$k" >"$tmp/d.txt"
			set -- --untrusted --binary-dir "$tmp"
		fi
		rss "$bin" stack --format json "$@" "$tmp/d.txt" >"$tmp/s.json" 2>"$tmp/err"
		r=$(tail -1 "$tmp/rss")
		if python3 - "$tmp/s.json" <<'EOF'; then ok "stack $mode $k bomb: named, refused with why, ${r} KB"; else bad "stack $mode $k bomb"; fi
import json, sys
d = json.load(open(sys.argv[1]))
f = d["reports"][0]["frames"][0]
steps = d["reports"][0]["next_steps"]
assert f["function"] == "bomb_function", f
assert f["status"] == "no_debug_info", f
assert "over the inflation bound" in f["status_reason"], f
assert any("--max-inflate" in s for s in steps), steps
EOF
		[ "$r" -lt "$RSS_MAX" ] || bad "stack $mode $k bomb: peak RSS ${r} KB"
	done
done

# the bomb as a module's separate debug file, found by build-id
cat >"$tmp/lib.c" <<'EOF'
int bomb_function(int x) { return x * 3 + 1; }
EOF
cc -O0 -shared -fPIC -Wl,--build-id=0x$ID "$tmp/lib.c" -o "$tmp/libid.so"
strip -g "$tmp/libid.so"
mkdir -p "$tmp/dbg/.build-id/01"
python3 "$py" zlib $G3 "$tmp/dbg/.build-id/01/$(echo $ID | cut -c3-).debug" $ID
off=$(nm "$tmp/libid.so" | sed -n 's/^0*\([0-9a-f]*\) T bomb_function$/\1/p')
printf '#0 0x00007f0000001010 in ?? (%s+0x%s)\n' "$tmp/libid.so" "$off" >"$tmp/d.txt"
rss "$bin" stack --format json --no-system-debug --debug-dir "$tmp/dbg" "$tmp/d.txt" >"$tmp/s.json" 2>"$tmp/err"
r=$(tail -1 "$tmp/rss")
if python3 - "$tmp/s.json" "$tmp/dbg" <<'EOF'; then ok "debug file bomb by build-id: refused, ${r} KB"; else bad "debug file bomb by build-id"; fi
import json, sys
d = json.load(open(sys.argv[1]))
f = d["reports"][0]["frames"][0]
assert f["function"] == "bomb_function", f
assert f["status"] == "no_debug_info", f
assert "over the inflation bound" in f["status_reason"], f
assert sys.argv[2] in f["status_reason"], f
EOF
[ "$r" -lt "$RSS_MAX" ] || bad "debug file bomb: peak RSS ${r} KB"

# an ordinary compressed -g file is read as llvm-symbolizer-19 reads it
cat >"$tmp/ok.c" <<'EOF'
static int twice(int x) { return 2 * x; }
int entry(int x)
{
	return twice(x) + 1;
}
EOF
cc -g -O0 -shared -fPIC -gz=zlib "$tmp/ok.c" -o "$tmp/ok.so"
objcopy --compress-debug-sections=zlib-gnu "$tmp/ok.so" "$tmp/ok-gnu.so" 2>/dev/null ||
	cp "$tmp/ok.so" "$tmp/ok-gnu.so"
addr=$(nm "$tmp/ok.so" | sed -n 's/^0*\([0-9a-f]*\) T entry$/0x\1/p')
# (LLVM 19 no longer reads .zdebug: the reference is the same code's
# answer from ok.so, which differs only in how its sections are packed)
for f in ok ok-gnu; do
	(cd "$tmp" && llvm-symbolizer-19 --obj=ok.so "$addr" >exp.txt)
	(cd "$tmp" && "$bin" symbolize --obj=$f.so "$addr" >got.txt)
	if cmp -s "$tmp/exp.txt" "$tmp/got.txt" && grep -q 'ok.c:' "$tmp/got.txt"; then
		ok "compressed $f.so: the same lines as llvm-symbolizer-19"
	else
		bad "compressed $f.so"
		diff "$tmp/exp.txt" "$tmp/got.txt" | head
	fi
done

# --max-inflate lowers the bound below an ordinary file's sections
(cd "$tmp" && "$bin" symbolize --max-inflate=64 --obj=ok.so "$addr" >got.txt)
if [ "$(head -1 "$tmp/got.txt")" = entry ] && grep -q '^??:0:0' "$tmp/got.txt"; then
	ok "--max-inflate=64: entry from the symbol table, no line"
else
	bad "--max-inflate=64"
	cat "$tmp/got.txt"
fi
printf '#0 0x00007f0000001010 in ?? (%s+%s)\n' "$tmp/ok.so" "$addr" >"$tmp/d.txt"
"$bin" stack --format json --max-inflate 64 "$tmp/d.txt" >"$tmp/s.json"
if grep -q 'over the inflation bound of 64 bytes' "$tmp/s.json"; then
	ok "stack --max-inflate 64: the limit named in the reason"
else
	bad "stack --max-inflate 64"
	grep status_reason "$tmp/s.json"
fi

# sizes that are not sizes: one line, exit 2
for v in 0 abc 12Q -5 99999999999999999999; do
	"$bin" stack --max-inflate="$v" "$tmp/d.txt" >/dev/null 2>"$tmp/err"
	rc=$?
	if [ $rc -eq 2 ] && [ "$(wc -l <"$tmp/err")" -eq 1 ] && grep -q 'max-inflate' "$tmp/err"; then
		ok "--max-inflate=$v: usage error"
	else
		bad "--max-inflate=$v: exit $rc"
		cat "$tmp/err"
	fi
done

echo "$NAME: $n checks"
[ $fail -eq 0 ] && echo "$NAME: ok"
exit $fail
