#!/usr/bin/env bash
# CLI golden tests. Each folder tests/golden/NAME holds:
#   cmd      a bash script, run in a scratch copy of the folder, with
#            $TABLERO the binary under test
#   stdout   what it must print on standard output
#   stderr   what it must print on standard error
#   status   its exit status
# UPDATE=1 rewrites stdout, stderr and status from what the binary does
# now: review the diff before committing.
# The lists of the games built in are written as the spec's placeholders
# (tests/spec_runner.c: "⟨games and⟩", "⟨games or⟩", "⟨titles⟩"), which
# $SPEC_RUNNER --placeholders expands: an expected output holds whatever
# games are built in (spec/tgn.md, "The games a message lists").
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
TABLERO=$(cd "$(dirname "${TABLERO:?set TABLERO}")" && pwd)/$(basename "$TABLERO")
export TABLERO
pass=0 fail=0
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
"${SPEC_RUNNER:?set SPEC_RUNNER}" --placeholders >"$scratch/.placeholders"
# games FILE -> FILE with the placeholders expanded ('back': the lists
# put back as placeholders, for UPDATE=1; never with one game, no list)
games() {
	python3 - "$scratch/.placeholders" "$@" <<'PY'
import sys
ph = [l.rstrip("\n").split("\t", 1) for l in open(sys.argv[1], encoding="utf-8")]
text = open(sys.argv[2], encoding="utf-8", errors="surrogateescape").read()
if len(sys.argv) > 3:
    if " and " in ph[0][1]:
        for name, value in ph:
            text = text.replace(value, name)
else:
    for name, value in ph:
        text = text.replace(name, value)
sys.stdout.write(text)
PY
}
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
		games "$scratch/out" back >"$dir/stdout"
		games "$scratch/err" back >"$dir/stderr"
		echo "$status" >"$dir/status"
	fi
	ok=1
	for f in stdout stderr; do
		want=$dir/$f
		if grep -q '⟨' "$want"; then
			games "$want" >"$scratch/want"
			want=$scratch/want
		fi
		got=$scratch/out
		[ $f = stdout ] || got=$scratch/err
		cmp -s "$got" "$want" || ok=0
	done
	[ "$status" = "$(cat "$dir/status")" ] || ok=0
	if [ $ok = 1 ]; then
		pass=$((pass + 1))
	else
		fail=$((fail + 1))
		echo "FAIL: golden $name (status $status, want $(cat "$dir/status"))"
		diff -u <(games "$dir/stdout") "$scratch/out" | head -20 || true
		diff -u <(games "$dir/stderr") "$scratch/err" | head -20 || true
	fi
done
echo "golden: $pass passed, $fail failed"
[ $fail = 0 ]
