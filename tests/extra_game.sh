#!/usr/bin/env bash
# tests/extra_game.sh [ROOT] -- adding a game breaks nothing (issue 32).
#
# A scratch copy of the tree (ROOT's files as they stand, default this
# repository's) gets each test game of tests/games/<name>/ copied in as
# a real game, lib/games/<name>/, as someone adding a game would; the
# copy is built and its unit tests, spec examples and CLI goldens run
# there, against a house of four games or more, and each added game's
# check.sh runs against the copy's tablero. They must all pass: no
# test may count the games, list them, or find another game's style
# rules in a diagram. No file is edited, only the folder added.
#
# The copy lives in $BUILD_DIR/extra-game/ (default build/): its build
# folder is kept from run to run, and made the first time from
# $BUILD_DIR's objects (the sources keep their times, so only what the
# new game touches is built again); $SAN is passed on (make check-san).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "${1:-$here/..}" && pwd)
from=$(cd "${BUILD_DIR:-$root/build}" 2>/dev/null && pwd || echo "$root/build")
scratch=$(mkdir -p "$from/extra-game" && cd "$from/extra-game" && pwd)
tree=$scratch/tree

# the tree again, but for its build folder
mkdir -p "$tree"
find "$tree" -mindepth 1 -maxdepth 1 ! -name build -exec rm -rf {} +
(cd "$root" && git ls-files -z --cached --others --exclude-standard |
	tar --null -T - --ignore-failed-read -cf - 2>/dev/null) | tar -xf - -C "$tree"
if [ ! -d "$tree/build" ] && [ -d "$from/obj" ]; then
	mkdir -p "$tree/build"
	cp -a "$from/obj" "$from/gen" "$tree/build/"
	[ -d "$from/wasm" ] && cp -a "$from/wasm" "$tree/build/"
	[ -f "$from/.deps-ok" ] && cp -a "$from/.deps-ok" "$tree/build/"
fi

added=0
for dir in "$tree"/tests/games/*/; do
	[ -f "$dir/game.c" ] || continue
	name=$(basename "$dir")
	cp -r "$dir" "$tree/lib/games/$name"
	added=$((added + 1))
	echo "extra-game: lib/games/$name added to the copy"
done
if [ "$added" -eq 0 ]; then
	echo "extra-game: FAIL no test game in tests/games/ to add"
	exit 1
fi

fail=0
for target in unit spec golden; do
	# BUILD given: a BUILD of the make that runs this one (check-san's
	# build/san) would reach the copy's make through MAKEFLAGS
	if make -C "$tree" --no-print-directory -j2 BUILD=build SAN="${SAN:-}" "$target" \
		>"$scratch/$target.log" 2>&1; then
		echo "extra-game: ok   make $target ($(tail -1 "$scratch/$target.log"))"
	else
		echo "extra-game: FAIL make $target with the game added ($scratch/$target.log):"
		grep -E '^FAIL|FAILED|failed|: error:' "$scratch/$target.log" | head -20 | sed 's/^/  /'
		fail=$((fail + 1))
	fi
done
# each added game through every command of the copy's own tablero (its
# folder's check.sh, as tests/toy.sh runs it): its colours, its own
# events -- the kinds from TB_EV_GAME on -- in validate, xml and grep
for dir in "$tree"/lib/games/*/; do
	[ -f "$dir/check.sh" ] || continue
	name=$(basename "$dir")
	if bash "$dir/check.sh" "$tree/build/tablero" >"$scratch/check-$name.log" 2>&1; then
		echo "extra-game: ok   $name through every command ($(grep -c ': ok ' "$scratch/check-$name.log") checks)"
	else
		echo "extra-game: FAIL $name's checks with the game built in ($scratch/check-$name.log):"
		grep 'FAIL' "$scratch/check-$name.log" | head -20 | sed 's/^/  /'
		fail=$((fail + 1))
	fi
done
# the new game really is in the copy's registry (else the above proves nothing)
n=$("$tree/build/tests/spec_runner" --placeholders |
	awk -F', | and ' '/^⟨games and⟩/ { print NF }')
want=$(ls "$tree"/lib/games/*/game.c | wc -l)
if [ "$n" != "$want" ]; then
	echo "extra-game: FAIL the copy's registry lists ${n:-no} games, not its $want folders"
	fail=$((fail + 1))
fi
[ "$fail" -eq 0 ] || exit 1
echo "extra-game: $added game(s) added: unit, spec, golden and their checks pass"
