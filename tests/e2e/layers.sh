#!/bin/sh
# layers: the call graph between the files of lib/ has no cycle (no file
# calls a file that calls it back, directly or through others), nor has
# the graph between its folders, the folders call only those below them
# (util < ir, stack, symbols, dump < triage < output), and nothing in lib/ calls
# into cmd/.
#
# The graph comes from the built objects: an edge A -> B for every
# symbol that A.o leaves undefined and B.o defines (`nm`), so it sees
# calls and references to data alike, and nothing that static inline
# helpers in headers do.
set -u
O=${MT_BUILD:-build}
if ! command -v nm >/dev/null 2>&1; then
	echo "skip: nm not installed"
	exit 77
fi
set -- "$O"/lib/*/*.o
if [ ! -f "$1" ]; then
	echo "no objects under $O/lib: build first"
	exit 1
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# "D file sym" for each global definition, "U file sym" for each use.
for f in "$O"/lib/*/*.o "$O"/cmd/*/*.o; do
	[ -f "$f" ] || continue
	n=${f#"$O"/}
	n=${n%.o}
	nm "$f" | awk -v n="$n" '
		$1 == "U" { print "U", n, $2 }
		NF == 3 && $2 ~ /^[TDBRVWG]$/ { print "D", n, $3 }'
done >"$tmp/syms"
awk '$1 == "D" { def[$3] = $2; next }
	{ use[NR] = $2 " " $3 }
	END {
		for (i in use) {
			split(use[i], u, " ")
			if ((u[2] in def) && def[u[2]] != u[1])
				print u[1], def[u[2]], u[2]
		}
	}' "$tmp/syms" | sort -u >"$tmp/calls"
# The self-check below needs a graph to look at.
if [ ! -s "$tmp/calls" ]; then
	echo "FAIL: no calls between files found (nm output changed?)"
	exit 1
fi

# Print one line per edge that lies on a cycle: "a -> b (sym)".
cycles() {
	awk '
	{ if (!(($1, $2) in seen)) { adj[$1] = adj[$1] " " $2; seen[$1, $2] = $3 } }
	function reaches(a, b,    done, st, sp, x, k, l, i) {
		sp = 0
		st[++sp] = a
		while (sp > 0) {
			x = st[sp--]
			k = split(adj[x], l, " ")
			for (i = 1; i <= k; i++) {
				if (l[i] == b)
					return 1
				if (!(l[i] in done)) {
					done[l[i]] = 1
					st[++sp] = l[i]
				}
			}
		}
		return 0
	}
	END {
		for (a in adj) {
			k = split(adj[a], l, " ")
			for (i = 1; i <= k; i++)
				if (reaches(l[i], a))
					print a " -> " l[i] " (" seen[a, l[i]] ")"
		}
	}' "$1" | sort
}

rc=0
grep '^lib/[^ ]* lib/' "$tmp/calls" >"$tmp/files"
cycles "$tmp/files" >"$tmp/file_cycles"
if [ -s "$tmp/file_cycles" ]; then
	echo "FAIL: calls between lib/ files that lie on a cycle:"
	cat "$tmp/file_cycles"
	rc=1
fi
awk '{ split($1, a, "/"); split($2, b, "/")
	if (a[2] != b[2]) print a[1] "/" a[2], b[1] "/" b[2], $1 "->" $2 ":" $3 }' \
	"$tmp/files" >"$tmp/dirs"
cycles "$tmp/dirs" >"$tmp/dir_cycles"
if [ -s "$tmp/dir_cycles" ]; then
	echo "FAIL: calls between lib/ folders that lie on a cycle:"
	cat "$tmp/dir_cycles"
	rc=1
fi
# The folders' order (docs/architecture.md): each calls only folders
# below it. ir, stack and symbols are side by side: none calls another.
upward() {
	awk 'function rank(d) {
			if (d == "util") return 0
			if (d == "ir" || d == "stack" || d == "symbols" || d == "dump") return 1
			if (d == "triage") return 2
			if (d == "output") return 3
			return -1 }
		{ split($1, a, "/"); split($2, b, "/")
		  if (a[2] != b[2] && (rank(a[2]) < 0 || rank(b[2]) < 0 || rank(b[2]) >= rank(a[2])))
			print $1 " -> " $2 " (" $3 ")" }' "$1"
}
upward "$tmp/files" >"$tmp/upward"
if [ -s "$tmp/upward" ]; then
	echo "FAIL: calls against the order util < ir, stack, symbols, dump < triage < output:"
	cat "$tmp/upward"
	rc=1
fi
printf 'lib/symbols/a lib/output/b f\nlib/stack/a lib/ir/b g\nlib/triage/a lib/util/b h\n' >"$tmp/order"
if [ "$(upward "$tmp/order" | wc -l)" -ne 2 ]; then
	echo "FAIL: the order check misses a call upward or sideways"
	rc=1
fi
if grep '^lib/[^ ]* cmd/' "$tmp/calls" >"$tmp/up"; then
	echo "FAIL: lib/ calls into cmd/:"
	cat "$tmp/up"
	rc=1
fi
# The check must be able to fail: a made-up loop is found.
printf 'lib/x/a lib/x/b f\nlib/x/b lib/x/c g\nlib/x/c lib/x/a h\n' >"$tmp/loop"
if [ "$(cycles "$tmp/loop" | wc -l)" -ne 3 ]; then
	echo "FAIL: the cycle finder misses a three-file loop"
	rc=1
fi
[ $rc -eq 0 ] && echo "ok: $(wc -l <"$tmp/files") calls between lib/ files, no cycle"
exit $rc
