#!/usr/bin/env bash
# CLI golden tests. Each folder tests/golden/NAME holds:
#   cmd      a bash script, run in a scratch copy of the folder, with
#            $TABLERO the binary under test
#   stdout   what it must print on standard output
#   stderr   what it must print on standard error
#   status   its exit status
# UPDATE=1 rewrites stdout, stderr and status from what the binary does
# now: review the diff before committing.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
TABLERO=$(cd "$(dirname "${TABLERO:?set TABLERO}")" && pwd)/$(basename "$TABLERO")
export TABLERO
pass=0 fail=0
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
for dir in "$here"/golden/*/; do
	name=$(basename "$dir")
	work="$scratch/$name"
	cp -r "$dir" "$work"
	rm -f "$work/stdout" "$work/stderr" "$work/status"
	set +e
	(cd "$work" && bash ./cmd >"$scratch/out" 2>"$scratch/err" </dev/null)
	status=$?
	set -e
	if [ "${UPDATE:-}" = 1 ]; then
		cp "$scratch/out" "$dir/stdout"
		cp "$scratch/err" "$dir/stderr"
		echo "$status" >"$dir/status"
	fi
	ok=1
	cmp -s "$scratch/out" "$dir/stdout" || ok=0
	cmp -s "$scratch/err" "$dir/stderr" || ok=0
	[ "$status" = "$(cat "$dir/status")" ] || ok=0
	if [ $ok = 1 ]; then
		pass=$((pass + 1))
	else
		fail=$((fail + 1))
		echo "FAIL: golden $name (status $status, want $(cat "$dir/status"))"
		diff -u "$dir/stdout" "$scratch/out" | head -20 || true
		diff -u "$dir/stderr" "$scratch/err" | head -20 || true
	fi
done
echo "golden: $pass passed, $fail failed"
[ $fail = 0 ]
