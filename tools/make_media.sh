#!/usr/bin/env bash
# make_media.sh -- the media of the samples that link their turns to
# evidence (spec/tgn.md 8.6; samples/media/): for each, a spoken
# recording of its first turns and a notebook page with them written
# out, both made for the purpose, not recorded or photographed.
#
#   recording  NAME.opus: each turn said by espeak-ng (Spanish voice), in
#              a slot of exactly 2 seconds (sox pads and trims), so turn
#              k (from 0) is at 0:00:2k-0:00:2k+2 -- the times the
#              record's links give; Ogg Opus, mono, 16 kbit/s (ffmpeg)
#   page       NAME-h1.png: a ruled page (SVG, drawn by rsvg-convert),
#              turn k written in the box its region link names: the
#              row k/2 (a move number and both sides' turns), the column
#              k%2 -- x = 70 + 190*(k%2), y = 110 + 50*(k/2), 170 by 40
#
# Not run by make or CI (the files are committed); it needs espeak-ng,
# sox and ffmpeg (apt-get install espeak-ng sox ffmpeg) and rsvg-convert
# (librsvg2-bin). Run from anywhere: tools/make_media.sh [OUTDIR]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
out=${1:-$root/samples/media}
mkdir -p "$out"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# recording NAME TURN... -- the turns said, one 2-second slot each
recording() {
	local name=$1 k=0 parts=()
	shift
	for t in "$@"; do
		espeak-ng -v es -s 140 -w "$work/s$k.wav" "$t"
		sox "$work/s$k.wav" -r 16000 -c 1 "$work/p$k.wav" pad 0.15 3 trim 0 2.0
		parts+=("$work/p$k.wav")
		k=$((k + 1))
	done
	sox "${parts[@]}" "$work/all.wav"
	ffmpeg -loglevel error -y -i "$work/all.wav" -map_metadata -1 -fflags +bitexact \
		-c:a libopus -b:a 16k -ac 1 "$out/$name.opus"
}

# page NAME TITLE NUMBER TURN... -- the turns written on a ruled page,
# numbered from NUMBER, two to a line
page() {
	local name=$1 title=$2 num=$3 k=0 svg=$work/page.svg
	shift 3
	{
		printf '<svg xmlns="http://www.w3.org/2000/svg" width="480" height="560" viewBox="0 0 480 560">\n'
		printf '<rect width="480" height="560" fill="#fbf8ef"/>\n'
		for y in $(seq 70 50 540); do
			printf '<line x1="0" y1="%d" x2="480" y2="%d" stroke="#b9cde6" stroke-width="1.5"/>\n' \
				"$((y + 40))" "$((y + 40))"
		done
		printf '<line x1="56" y1="0" x2="56" y2="560" stroke="#e3a3a3" stroke-width="2"/>\n'
		printf '<text x="70" y="50" font-family="DejaVu Serif" font-style="italic" font-size="22" fill="#223">%s</text>\n' "$title"
		for t in "$@"; do
			local col=$((k % 2)) row=$((k / 2))
			local x=$((70 + 190 * col)) y=$((110 + 50 * row))
			if [ "$col" -eq 0 ]; then
				printf '<text x="14" y="%d" font-family="DejaVu Serif" font-style="italic" font-size="24" fill="#334">%d.</text>\n' \
					"$((y + 30))" "$((num + row))"
			fi
			printf '<text x="%d" y="%d" font-family="DejaVu Serif" font-style="italic" font-size="26" fill="#1b2a4a">%s</text>\n' \
				"$((x + 8))" "$((y + 30))" "$t"
			k=$((k + 1))
		done
		printf '</svg>\n'
	} >"$svg"
	rsvg-convert -f png -o "$out/$name-h1.png" "$svg"
}

recording pitarra-rodeo-2004 "uno. ce cinco" "ge siete" "dos. be dos" "efe dos" \
	"tres. ce tres" "e cuatro" "cuatro. de cinco" "de siete"
page pitarra-rodeo-2004 "Rodeo, 2004. Cinta 12 A" 1 c5 g7 b2 f2 c3 e4 d5 d7

recording ocencahuac-fragmento-hoja "uno. be dos, be tres" "de siete, de seis" \
	"dos. be uno, be dos" "de ocho, de siete" "tres. be dos salta a be cuatro" \
	"de siete salta a de cinco" "cuatro. ce uno, de tres" "e ocho, de ocho"
page ocencahuac-fragmento-hoja "Hoja 7" 1 b2-b3 d7-d6 b1-b2 d8-d7 'b2^b4' 'd7^d5' c1-d3 e8-d8

recording asalto-tetuan-1986 "uno. be cinco, ce cinco" "de seis, e cinco" \
	"dos. de cuatro, de cinco" "e siete, de seis" "tres. de tres, de cuatro" \
	"de seis, e seis" "cuatro. de dos, de tres" "e cinco, de seis"
page asalto-tetuan-1986 "Tetuán, 1986" 1 b5-c5 d6-e5 d4-d5 e7-d6 d3-d4 d6-e6 d2-d3 e5-d6

ls -l "$out"
