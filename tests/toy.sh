#!/usr/bin/env bash
# tests/toy.sh -- a game is one folder (issue 32): each test game of
# tests/games/<name>/, built into $TABLERO_TOY only (make toy), goes
# through every command by its folder's check.sh; the normal build
# ($TABLERO, if given) does not know it; and no file of the repository
# outside its folder names it -- not the Makefile, not the registry, not
# the schema, not this script: the folders are all the house reads.
set -u
here=$(cd "$(dirname "$0")" && pwd)
root=$here/..
T=${TABLERO_TOY:?TABLERO_TOY: the build with the test games}
fail=0
games=0
for dir in "$root"/tests/games/*/; do
	[ -f "$dir/game.c" ] || continue
	name=$(basename "$dir")
	games=$((games + 1))
	if ! bash "$dir/check.sh" "$T"; then
		echo "toy: FAIL $name: its checks"
		fail=$((fail + 1))
	fi
	if [ -n "${TABLERO:-}" ]; then
		if "$TABLERO" perft --game "$name" --depth 1 >/dev/null 2>&1; then
			echo "toy: FAIL $name: the normal build ($TABLERO) knows it"
			fail=$((fail + 1))
		else
			echo "toy: ok   $name: the normal build does not know it"
		fi
	fi
	if git -C "$root" rev-parse --git-dir >/dev/null 2>&1; then
		# its name (any case) in the tracked files and their paths,
		# outside its folder
		named=$(cd "$root" && git ls-files -z | grep -zv "^tests/games/$name/" |
			xargs -0 grep -il -- "$name" 2>/dev/null)
		paths=$(cd "$root" && git ls-files | grep -v "^tests/games/$name/" | grep -i -- "$name")
		if [ -n "$named$paths" ]; then
			echo "toy: FAIL $name is named outside tests/games/$name/:"
			printf '%s\n' $named $paths | sed 's/^/  /'
			fail=$((fail + 1))
		else
			echo "toy: ok   $name: named only in tests/games/$name/"
		fi
	else
		echo "toy: not a git checkout: where $name is named is not checked"
	fi
done
if [ "$games" -eq 0 ]; then
	echo "toy: FAIL no test game in tests/games/"
	exit 1
fi
if [ "$fail" -ne 0 ]; then
	echo "toy: $fail failure(s)"
	exit 1
fi
echo "toy: $games test game(s): every command, and named only in their folders"
