#!/usr/bin/env bash
# Random games replayed by validate under every value of every rule
# option of each game: La Pitarra's and Ocencahuac's with no diagnostic
# at all, and ending by the rules (Ocencahuac's only under a turn limit,
# which is off by default);
# Asalto's with no error (a random defender often passes up a capture,
# which is legal and earns a warning, TB407). Ocencahuac's random games
# seldom crown a piece, so they are also played from positions in the
# second stage.
set -euo pipefail
: "${TABLERO:?set TABLERO}"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0
check() { # game, rules, [strict], [position]
	local game=$1 rules=$2 strict=${3:-} pos=${4:-}
	"$TABLERO" random --game "$game" --rules "$rules" ${pos:+--position "$pos"} --seed 11 \
		-n 40 >"$tmp/games.tgn"
	if "$TABLERO" validate $strict "$tmp/games.tgn" >/dev/null 2>"$tmp/err" &&
	   ! grep -v 'TB407\|TB403' "$tmp/err" | grep -q 'warning:' &&
	   [ "$(grep -c '^\[Game ' "$tmp/games.tgn")" = 40 ] &&
	   { [ "$game" = asalto ] || [[ "$game" = ocencahuac && "$rules" != *limit=[0-9]* ]] ||
	     ! grep -q '^\[Result "\*"\]' "$tmp/games.tgn"; }; then
		pass=$((pass + 1))
	else
		fail=$((fail + 1))
		echo "FAIL: random $game games under \"$rules\"${pos:+ from $pos} do not validate cleanly"
		head -20 "$tmp/err"
	fi
}
for rules in "" board=25 diagonals=movement movement=slide movement=fly flying=at3 \
	protect=tercia capture=optional columpio=no_return blocked=lose limit=20 \
	"board=25; movement=slide; flying=at3; protect=tercia; capture=optional"; do
	check pitarra "$rules" --strict
done
for rules in "" first=defenders blue=horizontals blue=fortress forward=fortress forward=path \
	chain=one_turn chain=zigzag chain=right_angles huff=automatic huff=off huff=compulsory \
	huff_target=mover immobile=lose lockout=play diagonals=none \
	"chain=zigzag; huff=automatic; blue=horizontals; forward=fortress; lockout=play" \
	"chain=one_turn; huff=compulsory; blue=fortress; forward=path"; do
	check asalto "$rules"
done
# Sangangüey in its second stage, Ceboruco one crowning short of it.
stage2="S 30 S:Ga2,Gc4,Gd4,Mb7+,Ea8+,Pd8+ C:Md1+,Ee1+,Pb3,Gc6,Gd7,Ge7"
both="C 40 S:Gb2,Gc4,Gd5,Mb7+,Ea8+,Pd8+ C:Pb1+,Md1+,Ee1+,Gc6,Gd7,Ge7"
for rules in "" river=5 river=6 first=ceboruco prince=step prince=knight jump=one chain=yes \
	push_target=enemy push_dir=jump push_side=opposite push_dist=exactly3 push_dist=stop \
	push_sideways=no_cell push_sideways=never cooldown=next_move crown=all_three \
	crowned_move=new relocate=orthogonal relief=threatened support=target support=capturer \
	stage2_push=on blocked=lose limit=none limit=30 end_result=draw \
	"chain=yes; push_target=enemy; push_dir=jump; push_dist=stop; cooldown=next_move" \
	"prince=knight; crown=all_three; crowned_move=new; stage2_push=on; support=target" \
	"prince=step; jump=one; push_sideways=no_cell; crowned_move=new; relief=threatened"; do
	check ocencahuac "$rules" --strict
	case $rules in river=*|first=*|crown=all_three*) continue ;; esac
	check ocencahuac "$rules" --strict "$stage2"
	check ocencahuac "$rules" --strict "$both"
done
# every game built in, found by its folder (lib/games/<name>/): random
# games under its defaults, a game with no list above included
for dir in "$(dirname "$0")"/../lib/games/*/; do
	[ -f "$dir/game.c" ] && check "$(basename "$dir")" ""
done
echo "random: $pass passed, $fail failed"
[ $fail = 0 ]
