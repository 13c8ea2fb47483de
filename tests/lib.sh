# tests/lib.sh -- what the shell tests of the command line share; sourced
# after `set -euo pipefail` with TABLERO set. Gives T (tablero's absolute
# path), tmp (a directory removed on exit), the counts pass and fail, and:
#   ok; bad WHAT [FILE]      count a check (FILE: shown when it fails)
#   t ARGS...                run tablero in $tmp, stdin /dev/null, under
#                            a TB_TIMEOUT-second timeout (default 20); sets
#                            rc and $tmp/out, $tmp/err, $tmp/both
#   expect WHAT EXIT [OUT]   the last run exited EXIT (and printed OUT)
#   has / hasnt WHAT FILE RE a line of FILE matches RE (does not)
#   same WHAT A B            files A and B are the same
: "${TABLERO:?set TABLERO}"
T=$(cd "$(dirname "$TABLERO")" && pwd)/$(basename "$TABLERO")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0

ok() { pass=$((pass + 1)); }
bad() {
	fail=$((fail + 1))
	echo "FAIL: $1"
	if [ -n "${2:-}" ] && [ -s "$2" ]; then head -30 "$2" | sed 's/^/    /'; fi
	return 0
}
t() {
	set +e
	(cd "$tmp" && timeout "${TB_TIMEOUT:-20}" "$T" "$@") >"$tmp/out" 2>"$tmp/err" </dev/null
	rc=$?
	set -e
	cat "$tmp/out" "$tmp/err" >"$tmp/both"
}
expect() {
	local what=$1 code=$2
	if [ "$rc" != "$code" ]; then
		bad "$what: exit $rc, not $code" "$tmp/both"
	elif [ $# -ge 3 ] && [ "$(cat "$tmp/out")" != "$3" ]; then
		bad "$what: unexpected output (want: $3)" "$tmp/both"
	else
		ok
	fi
}
has() { if grep -Eq -- "$3" "$2"; then ok; else bad "$1: no line matches /$3/" "$tmp/both"; fi; }
hasnt() { if grep -Eq -- "$3" "$2"; then bad "$1: a line matches /$3/" "$tmp/both"; else ok; fi; }
same() { if cmp -s "$2" "$3"; then ok; else bad "$1: $2 and $3 differ" "$tmp/both"; fi; }
