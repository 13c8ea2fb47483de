#!/usr/bin/env bash
# tests/lsp_nvim.sh -- tablero lsp driven by a real client: Debian's
# Neovim, headless, with its built-in LSP client (tests/lsp_nvim.lua).
# A record with a slip is opened: its diagnostic must be where `tablero
# validate` puts it; the preferred code action must give the repaired
# record; formatting must give `tablero fmt`'s output; completion at a
# '?' must offer the turn the rules decide first; the fix-all action
# (kind source.fixAll) must leave a record of several slips without one. Neovim comes from
# tools/deps.sh lsp (apt-get neovim); without it the test fails.
set -euo pipefail
TABLERO=$(realpath "${TABLERO:-build/tablero}")
command -v nvim >/dev/null 2>&1 || bash tools/deps.sh lsp
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# A slip after Spanish and Arabic text and a character outside the BMP on
# the same line: columns in code points, UTF-16 units and bytes all differ.
cat > "$tmp/slip.tgn" <<'TGN'
[Game "pitarra"]
[Site "Querétaro"]
[Date "2001.??.??"]
[Red "?"]
[Yellow "?"]
[Result "*"]

{@es Ñandú 𝄞 مرحبا} 1. d1 {ñ 𝄞 قال} a1 2. d2 a4 3. d3 a7 *
TGN
sed 's/3\. d3 a7/3. d3xa1 a7/' "$tmp/slip.tgn" > "$tmp/repaired.tgn"
"$TABLERO" fmt "$tmp/repaired.tgn" > "$tmp/formatted.tgn"
# where validate puts the slip
where=$( ("$TABLERO" validate "$tmp/slip.tgn" 2>&1 || true) | sed -n 's/^.*slip\.tgn:\([0-9]*\):\([0-9]*\): error:.*TB401.*/\1 \2/p' | head -1)
[ -n "$where" ] || { echo "lsp_nvim: validate finds no slip"; exit 1; }
cp samples/pitarra-fragmento-cinta.tgn "$tmp/open.tgn"
open_line=$(grep -n '^18\.\.\. b6-a7xe4' "$tmp/open.tgn" | cut -d: -f1)
fit=$( ("$TABLERO" validate "$tmp/open.tgn" 2>&1 || true) | sed -n "s/^.*open\.tgn:$open_line:[0-9]*: warning: ?: only \([^ ]*\) fits.*/\1/p")
[ -n "$fit" ] || { echo "lsp_nvim: validate decides nothing at the ?"; exit 1; }

# Several typed fixes in two records (a value's blanks, a comma after a
# turn, a fullwidth letter, a move number without its dot): the fix-all
# action applies them all at once.
printf '[Game "pitarra"]\n[Red " Ana "]\n\n1. c3 f4, 2. a1 b2 3. c4 \xef\xbd\x835 4 d1 d2 *\n\n[Game "pitarra"]\n[Red "Eva "]\n\n1 c3 f4 2. a1 b2 *\n' > "$tmp/fixes.tgn"
printf '[Game "pitarra"]\n[Red "Ana"]\n\n1. c3 f4 2. a1 b2 3. c4 c5 4. d1 d2 *\n\n[Game "pitarra"]\n[Red "Eva"]\n\n1. c3 f4 2. a1 b2 *\n' > "$tmp/fixed.tgn"

cd "$tmp"
set +e
TABLERO="$TABLERO" SLIP="$tmp/slip.tgn" SLIP_LINE=${where% *} SLIP_COL=${where#* } \
REPAIRED="$tmp/repaired.tgn" FORMATTED="$tmp/formatted.tgn" OPEN="$tmp/open.tgn" \
FIXES="$tmp/fixes.tgn" FIXED="$tmp/fixed.tgn" \
OPEN_LINE="$open_line" OPEN_FIT="$fit" \
	timeout 120 nvim --headless --clean -n -c "luafile $OLDPWD/tests/lsp_nvim.lua" </dev/null
rc=$?
set -e
if [ $rc -ne 0 ]; then
	echo "lsp_nvim: Neovim's client found a problem (exit $rc)"
	exit 1
fi
echo "lsp_nvim: Neovim's client: diagnostic, code action, formatting, completion and fix-all as expected"
