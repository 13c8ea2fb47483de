#!/usr/bin/env bash
# The main job on the bundled samples: check every record in samples/
# against its game's rules and write what the converters produce into
# out/. Today that is the canonical TGN of each sample (out/tgn/) and
# the positions after every turn (out/positions/); the XML and SVG
# converters add their folders as they land.
set -euo pipefail
cd "$(dirname "$0")/.."
: "${TABLERO:?set TABLERO}"
rm -rf out
mkdir -p out/tgn out/positions
status=0
for f in samples/*.tgn; do
	name=$(basename "$f")
	if "$TABLERO" validate --summary "$f"; then
		"$TABLERO" fmt "$f" >"out/tgn/$name"
		"$TABLERO" validate --positions "$f" >"out/positions/${name%.tgn}.txt" 2>/dev/null
	else
		status=1
	fi
done
echo "demo: canonical TGN of $(ls out/tgn | wc -l) samples in out/tgn/, positions in out/positions/"
exit $status
