#!/usr/bin/env bash
# Random games replayed by validate without a diagnostic, under every
# value of every rule option of each game that has a rules engine.
set -euo pipefail
: "${TABLERO:?set TABLERO}"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0
check() { # game, rules
	local game=$1 rules=$2
	"$TABLERO" random --game "$game" --rules "$rules" --seed 11 -n 40 >"$tmp/games.tgn"
	if "$TABLERO" validate --strict "$tmp/games.tgn" >/dev/null 2>"$tmp/err" &&
	   [ "$(grep -c '^\[Game ' "$tmp/games.tgn")" = 40 ] &&
	   ! grep -q '^\[Result "\*"\]' "$tmp/games.tgn"; then
		pass=$((pass + 1))
	else
		fail=$((fail + 1))
		echo "FAIL: random $game games under \"$rules\" do not validate cleanly"
		head -20 "$tmp/err"
	fi
}
for rules in "" board=25 diagonals=movement movement=slide movement=fly flying=at3 \
	protect=tercia capture=optional columpio=no_return blocked=lose limit=20 \
	"board=25; movement=slide; flying=at3; protect=tercia; capture=optional"; do
	check pitarra "$rules"
done
echo "random: $pass passed, $fail failed"
[ $fail = 0 ]
