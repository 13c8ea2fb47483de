#!/usr/bin/env bash
# The one replay's frames (spec/replay-positions.md) against a second,
# deliberately simple replay: random games of the three games with turns
# blanked out ('?', '?' points, gaps, restated positions), every position
# possible after each node enumerated with the engine's legal turns; the
# frames (through the Python module) and validate --positions must say
# the same (tests/replay_check.py says what exactly). Fixed seeds.
# Usage: TABLERO=build/tablero [TABLERO_LIB=build/libtablero.so] bash tests/replay.sh
set -euo pipefail
: "${TABLERO:?set TABLERO}"
here=$(cd "$(dirname "$0")" && pwd)
T=$(cd "$(dirname "$TABLERO")" && pwd)/$(basename "$TABLERO")
python3 "$here/replay_check.py" "$T"
