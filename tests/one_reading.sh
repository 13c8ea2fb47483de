#!/usr/bin/env bash
# One reading of a record everywhere (tests/one_reading.py): validate
# --positions, show, svg, book, html, grep, diff, xml --positions and
# Python against the replay's frames, on the samples, on records with
# '?', '?' points, gaps, readings and restated positions, and on
# records made from the samples with turns blanked at random (seeded):
# RANDOM_RECORDS of them, 300 unless set (make check-san asks 100: under the sanitizers
# a command's start and exit cost twenty times as much, and this script
# starts one for each position of each record).
set -euo pipefail
: "${TABLERO:?set TABLERO}"
here=$(cd "$(dirname "$0")" && pwd)
T=$(cd "$(dirname "$TABLERO")" && pwd)/$(basename "$TABLERO")
lib=$(cd "$(dirname "$TABLERO")" && pwd)/libtablero.so
TABLERO_LIB="$lib" python3 "$here/one_reading.py" --random "${RANDOM_RECORDS:-300}" "$T" "$here/../python" \
	"$here"/../samples/*.tgn "$here"/golden/views-decided/*.tgn \
	"$here"/golden/book-unknown-position/*.tgn "$here"/golden/replay-edges/*.tgn
