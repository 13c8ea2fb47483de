#!/usr/bin/env bash
# Every sample parses with no diagnostic at all, follows its game's rules
# (validate finds no error; turns nobody knows are warnings), and its
# canonical form is a fixed point: fmt(fmt(x)) == fmt(x).
set -euo pipefail
cd "$(dirname "$0")/.."
: "${TABLERO:?set TABLERO}"
pass=0 fail=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for f in samples/*.tgn; do
	if ! "$TABLERO" parse --strict "$f" 2>"$tmp/err"; then
		echo "FAIL: $f does not parse cleanly:"; cat "$tmp/err"
		fail=$((fail + 1)); continue
	fi
	if ! "$TABLERO" validate "$f" 2>"$tmp/err"; then
		echo "FAIL: $f breaks its game's rules:"; cat "$tmp/err"
		fail=$((fail + 1)); continue
	fi
	"$TABLERO" fmt "$f" >"$tmp/once"
	"$TABLERO" fmt "$tmp/once" >"$tmp/twice"
	if ! cmp -s "$tmp/once" "$tmp/twice"; then
		echo "FAIL: $f: canonical form is not a fixed point"; diff "$tmp/once" "$tmp/twice" | head
		fail=$((fail + 1)); continue
	fi
	pass=$((pass + 1))
done
n=$(ls samples/*.tgn | wc -l)
[ "$n" -ge 9 ] || { echo "FAIL: only $n samples (want at least 3 per game)"; fail=$((fail + 1)); }
# each game of the house (its folder, lib/games/<name>/)
for d in lib/games/*/; do
	g=$(basename "$d")
	c=$(grep -l "^\[Game \"$g\"\]" samples/*.tgn | wc -l)
	[ "$c" -ge 3 ] || { echo "FAIL: only $c samples of $g"; fail=$((fail + 1)); }
done
echo "samples: $pass passed, $fail failed"
[ $fail = 0 ]
