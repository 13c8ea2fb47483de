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
