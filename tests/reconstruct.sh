#!/usr/bin/env bash
# Reconstruction (spec/reconstruct.md) from the command line, against
# brute force: hundreds of positions of the samples' main lines and of
# random games of the three games (several rule option sets) have one
# turn made '?', a point made '?', turns made a gap (before the written
# turns or a restated position, and gaps nothing bridges), a turn
# deleted, two turns swapped, or a point changed (on the board or off
# it); validate's candidates must be exactly those that fit (tried one by
# one), fill must put back the original where it was forced, and the
# repairs of the slips must name the original (tests/reconstruct_check.py
# says what exactly). Fixed seeds: the same cases every run.
# Usage: TABLERO=build/tablero bash tests/reconstruct.sh
set -euo pipefail
: "${TABLERO:?set TABLERO}"
here=$(cd "$(dirname "$0")" && pwd)
T=$(cd "$(dirname "$TABLERO")" && pwd)/$(basename "$TABLERO")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
python3 "$here/reconstruct_check.py" "$T" "$tmp" "$here/../samples"

# fill --repairs (spec/reconstruct.md §6.1): slips written as readings
# that keep the turn as written; -i rewrites a file only when what it
# writes replays with no error, and filling again changes nothing.
fails=0
say() { echo "reconstruct: fill --repairs: $*" >&2; fails=$((fails + 1)); }
cat > "$tmp/swap.tgn" <<'TGN'
[Game "pitarra"]
1. e5 g1 2. a1 d5 3. b2 b6 4. c3xb6 d3 5. f2 e4 6. a7 e3 7. d7 g4 8. a4xe4 f4
9. d1 b4 10. d2xd7 c4 11. e4 c5 12. b6 d6 13. g4-g7 d6-d7 *
TGN
cp "$tmp/swap.tgn" "$tmp/swap.orig"
rc=0; "$T" fill -i "$tmp/swap.tgn" 2> /dev/null || rc=$?
[ "$rc" = 1 ] && cmp -s "$tmp/swap.tgn" "$tmp/swap.orig" || say "fill -i without --repairs changed a file with a slip (exit $rc)"
rc=0; "$T" fill --repairs "$tmp/swap.tgn" > "$tmp/swap.out" 2> "$tmp/swap.err" || rc=$?
[ "$rc" = 0 ] || say "exit $rc on a slip it writes"
grep -q '^7\. <reconstructed g4 | d7> <reconstructed d7 | g4>$' "$tmp/swap.out" ||
	say "the swap is not written as two readings"
grep -q '1 slip written as readings' "$tmp/swap.err" || say "the summary does not count the slip"
"$T" validate "$tmp/swap.out" 2> /dev/null || say "what it wrote does not validate"
rc=0; "$T" fill -i --repairs "$tmp/swap.tgn" 2> /dev/null || rc=$?
[ "$rc" = 0 ] && cmp -s "$tmp/swap.tgn" "$tmp/swap.out" || say "-i did not write what it prints (exit $rc)"
"$T" fill -i --repairs "$tmp/swap.tgn" 2> /dev/null && cmp -s "$tmp/swap.tgn" "$tmp/swap.out" ||
	say "filled again, the file changes"
# two slips, the first with repairs at different turns: it stays an error
cat > "$tmp/two.tgn" <<'TGN'
[Game "pitarra"]
1. e5 g1 2. a1 d5 3. b2 b6 4. c3xb6 d3 5. f2 e4 6. a7 e3 7. d7 g4 8. a4xe4 f4
9. d1 b4 10. d2xd7 c4 11. e4 c5 12. b6 d6 13. b4-g7 d6-d7 14. b6-d6 b4-b6
15. d6-f6xe3 b6-d6xd2 16. d1-d2xg1 f4-g4 *
TGN
cp "$tmp/two.tgn" "$tmp/two.orig"
rc=0; "$T" fill -i --repairs "$tmp/two.tgn" 2> /dev/null || rc=$?
[ "$rc" = 1 ] && cmp -s "$tmp/two.tgn" "$tmp/two.orig" ||
	say "-i rewrote a file whose record still has an error (exit $rc)"
[ "$fails" = 0 ] && echo "reconstruct: fill --repairs: 6 checks passed"
[ "$fails" = 0 ]
