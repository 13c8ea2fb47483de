#!/usr/bin/env bash
# XML round trips and schema checks (spec/xml.md) beyond the spec
# examples (which tests/spec_runner.c round-trips itself): every sample
# and random games of every game under several rules are written
# as XML, plain and with --positions --sourcepos, and
#   - xmllint validates each document against schemas/tgn.rng, as the
#     library did when reading it (libxml2's own tool agrees);
#   - read back (--to tgn) each gives the canonical TGN, byte for byte;
#   - the XML written again from that TGN is the same XML;
#   - with --positions, every turn whose position validate --positions
#     knows (written or reconstructed) has its <after>.
# And a record of 100,000 turns reads back (streamed: a schema libxml2
# cannot validate as a stream makes this take minutes instead).
set -euo pipefail
: "${TABLERO:?set TABLERO}"
here=$(cd "$(dirname "$0")" && pwd)
schema=$here/../schemas/tgn.rng
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0
check() { # name, tgn file
	local name=$1 tgn=$2 ok=1
	"$TABLERO" fmt "$tgn" >"$tmp/canon.tgn"
	"$TABLERO" xml "$tgn" >"$tmp/a.xml" || ok=0
	"$TABLERO" xml --positions --sourcepos "$tgn" >"$tmp/p.xml" 2>/dev/null || [ $? = 1 ] || ok=0
	for x in a p; do
		if ! xmllint --noout --relaxng "$schema" "$tmp/$x.xml" 2>"$tmp/lint"; then
			ok=0
			head -5 "$tmp/lint"
		fi
		"$TABLERO" xml --to tgn "$tmp/$x.xml" >"$tmp/back-$x.tgn" || ok=0
		cmp -s "$tmp/canon.tgn" "$tmp/back-$x.tgn" || { ok=0; echo "  $x.xml reads back differently"; }
	done
	"$TABLERO" xml "$tmp/back-a.tgn" >"$tmp/again.xml" || ok=0
	cmp -s "$tmp/a.xml" "$tmp/again.xml" || { ok=0; echo "  XML -> TGN -> XML differs"; }
	played=$("$TABLERO" validate --positions "$tgn" 2>/dev/null | grep -E '^[0-9]+\.' |
		grep -Evc '\}  \[(open|unknown)' || true)
	afters=$(grep -c '<after ' "$tmp/p.xml" || true)
	[ "$played" = "$afters" ] || { ok=0; echo "  $afters <after> for $played turns played"; }
	if [ $ok = 1 ]; then
		pass=$((pass + 1))
	else
		fail=$((fail + 1))
		echo "FAIL: xml round trip of $name"
	fi
}
for f in "$here"/../samples/*.tgn; do
	check "$(basename "$f")" "$f"
done
# every game (its folder, lib/games/<name>/) under its default rules,
# then some games under rules that make other turns (a pipe would run
# the loop in a subshell, and lose its counts)
while read -r game rules; do
	"$TABLERO" random --game "$game" --rules "${rules:-$game}" --seed 5 -n 20 >"$tmp/random.tgn"
	check "random $game ${rules:-}" "$tmp/random.tgn"
done < <(
	for d in "$here"/../lib/games/*/; do basename "$d"; done
	cat <<'GAMES'
pitarra board=25; movement=fly
asalto chain=zigzag; huff=automatic
asalto chain=one_turn; huff=compulsory; lockout=play
ocencahuac chain=yes; jump=one; push_target=enemy; prince=knight
ocencahuac prince=step; push_sideways=no_cell; crowned_move=new; relief=threatened
GAMES
)
{
	printf '[Game "pitarra"]\n[Position "R 1 R:a1,b2,c3 Y:a7,b6,c5"]\n'
	for i in $(seq 1 50000); do printf '%d. pass pass\n' "$i"; done
	printf '*\n'
} >"$tmp/long.tgn"
if "$TABLERO" xml "$tmp/long.tgn" >"$tmp/long.xml" && "$TABLERO" xml --to tgn "$tmp/long.xml" |
	cmp -s - <("$TABLERO" fmt "$tmp/long.tgn"); then
	pass=$((pass + 1))
else
	fail=$((fail + 1))
	echo "FAIL: a record of 100,000 turns does not come back from XML"
fi
echo "xml: $pass passed, $fail failed"
[ $fail = 0 ]
