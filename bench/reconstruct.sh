#!/usr/bin/env bash
# bench/reconstruct.sh -- the cost of reconstruction (spec/reconstruct.md):
# tablero fill on a <gap 2>, <gap 4> and <gap 6> in the middle game of
# each game (turns 31 on of a random game), before its written turns and
# before a restated position; and tablero validate on 200 random games of
# each game beside the same games with one point of a middle turn changed
# in each (the slips it then looks for). Inputs: bench/reconstruct.py.
# Run by bench/run.sh (make bench), or alone; TABLERO=path overrides
# build/tablero. Prints; asserts nothing about time.
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT"
TABLERO=${TABLERO:-build/tablero}
OUT=build/bench/reconstruct
TIMEF=$(mktemp)
trap 'rm -f "$TIMEF"' EXIT

echo
echo "== reconstruction: gaps in the middle game, and slips =="
python3 bench/reconstruct.py "$TABLERO" "$OUT" | sed 's/^/  /'

# run LABEL CMD...: time, peak RSS, and what the search said
run() {
	local label=$1
	shift
	set +e
	/usr/bin/time -f '%e %M' -o "$TIMEF" "$@" > /dev/null 2> "$OUT/err"
	local rc=$?
	set -e
	local t rss said="-"
	read -r t rss < <(tail -n 1 "$TIMEF")
	if grep -q "search's limit" "$OUT/err"; then
		said="over the limit (TB403)"
	elif grep -q ' 1 turn or gap filled in' "$OUT/err"; then
		said="filled: one sequence fits"
	elif grep -q 'sequences of' "$OUT/err"; then
		said="$(grep -o '[0-9]* sequences of [0-9]* turns fit' "$OUT/err" | head -n 1)"
	elif grep -q 'TB409' "$OUT/err"; then
		said="nothing fits (TB409)"
	fi
	awk -v l="$label" -v t="$t" -v r="$rss" -v s="$said" -v rc="$rc" 'BEGIN {
		printf "%-34s %9s %12.1f %5d  %s\n", l, (t + 0 > 0 ? sprintf("%.2f", t) : "<0.01"), r / 1024, rc, s }'
}

printf "%-34s %9s %12s %5s  %s\n" "step" "time (s)" "peak RSS MiB" "exit" "what it found"
printf "%-34s %9s %12s %5s  %s\n" "----" "--------" "------------" "----" "-------------"
for game in pitarra asalto ocencahuac; do
	for n in 2 4 6; do
		run "fill $game <gap $n>" "$TABLERO" fill "$OUT/$game-gap$n.tgn"
		run "fill $game <gap $n> <position>" "$TABLERO" fill "$OUT/$game-gap$n-pos.tgn"
	done
done
echo "(<gap N>: the written turns after it weigh the sequences; <position>: the position"
echo " after the gap restated too, which bounds the search)"
echo
printf "%-34s %9s %12s %5s  %s\n" "step" "time (s)" "peak RSS MiB" "exit" "errors"
printf "%-34s %9s %12s %5s  %s\n" "----" "--------" "------------" "----" "------"
for game in pitarra asalto ocencahuac; do
	for kind in clean slips; do
		set +e
		/usr/bin/time -f '%e %M' -o "$TIMEF" "$TABLERO" validate -j 1 "$OUT/$game-$kind.tgn" \
			> /dev/null 2> "$OUT/err"
		rc=$?
		set -e
		read -r t rss < <(tail -n 1 "$TIMEF")
		awk -v l="validate $game ($kind, 200 games)" -v t="$t" -v r="$rss" -v rc="$rc" \
			-v e="$(grep -c 'error:' "$OUT/err" || true)" \
			-v m="$(grep -c 'note: at [0-9]*:[0-9]*, \|note: the one turn that fits\|note: the turns that fit' "$OUT/err" || true)" 'BEGIN {
			printf "%-34s %9s %12.1f %5d  %d (%d notes name what it could be)\n", l,
			       (t + 0 > 0 ? sprintf("%.2f", t) : "<0.01"), r / 1024, rc, e, m }'
	done
done
