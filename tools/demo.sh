#!/usr/bin/env bash
# The main job on the bundled samples: check every record in samples/
# against its game's rules and write what the converters produce into
# out/: the canonical TGN of each sample (out/tgn/), the positions after
# every turn (out/positions/), and its XML with the positions (out/xml/,
# checked to read back to the same TGN), and diagrams (out/svg/: the last
# position of each sample, and an A4 sheet of every tenth ply in
# grayscale).
set -euo pipefail
cd "$(dirname "$0")/.."
: "${TABLERO:?set TABLERO}"
rm -rf out
mkdir -p out/tgn out/positions out/xml out/svg
status=0
for f in samples/*.tgn; do
	name=$(basename "$f")
	if "$TABLERO" validate --summary "$f"; then
		"$TABLERO" fmt "$f" >"out/tgn/$name"
		"$TABLERO" validate --positions "$f" >"out/positions/${name%.tgn}.txt" 2>/dev/null
		"$TABLERO" xml --positions "$f" >"out/xml/${name%.tgn}.xml"
		"$TABLERO" xml --to tgn "out/xml/${name%.tgn}.xml" | cmp -s - "out/tgn/$name" ||
			{ echo "demo: out/xml/${name%.tgn}.xml does not read back to the same TGN" >&2; status=1; }
		"$TABLERO" svg --tag Site --tag Date "$f" -o "out/svg/${name%.tgn}.svg"
		# plies after a turn nobody knows cannot be drawn: said, and left out
		"$TABLERO" svg --every 10 --grayscale --sheet a4 -d out/svg "$f" 2>/dev/null || [ $? = 1 ]
	else
		status=1
	fi
done
echo "demo: canonical TGN of $(ls out/tgn | wc -l) samples in out/tgn/, positions in out/positions/,"
echo "      XML with positions in out/xml/ (schema: schemas/tgn.rng), diagrams in out/svg/"
exit $status
