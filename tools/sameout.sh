#!/usr/bin/env bash
# tools/sameout.sh OLD NEW [DIR] -- the outputs of two builds of tablero,
# compared byte for byte: for a change that must not change behaviour
# (issue 32's refactoring: "outputs compared before and after on samples,
# random games and the hostile inputs").
#
# Each command of a fixed list runs under each build on the bundled
# samples, on random games of each game (written by OLD, so both read the
# same bytes) and on the bench's hostile inputs (bench/hostile.c); its
# stdout, stderr, exit status and the files it writes are kept under
# DIR/old and DIR/new (default a temporary directory), and the two trees
# are compared. Both builds run through one symlink, so a message that
# names the program or a path reads the same. The exit status is 0 when
# every output is the same, 1 when one differs (diff -r says which). A
# temporary DIR is removed when every output is the same (it holds
# gigabytes: the diagrams and pages of every input), kept when one
# differs; a DIR given is kept.
set -euo pipefail

if [[ $# -lt 2 ]]; then
	sed -n '2,17p' "$0" | sed 's/^# \{0,1\}//'
	exit 2
fi
OLD=$(readlink -f "$1")
NEW=$(readlink -f "$2")
DIR=${3:-}
OWN=0
[[ -n $DIR ]] || { DIR=$(mktemp -d); OWN=1; }
ROOT=$(cd "$(dirname "$0")/.." && pwd)
IN=$DIR/in
mkdir -p "$IN" "$DIR/bin"

# the games, by their folders (lib/games/<name>/)
GAMES=$(for d in "$ROOT"/lib/games/*/; do [ -f "$d/game.c" ] && basename "$d"; done)

# ---- the inputs -------------------------------------------------------
cp "$ROOT"/samples/*.tgn "$IN/"
for g in $("$OLD" random --help >/dev/null 2>&1 && echo $GAMES); do
	"$OLD" random --game "$g" --seed 7 -n 4 --turns 300 >"$IN/random-$g.tgn"
done
cc -std=c11 -O2 -o "$DIR/hostile" "$ROOT/bench/hostile.c"
mkdir -p "$IN/hostile"
"$DIR/hostile" "$IN/hostile" >/dev/null
# the largest hostile inputs take minutes under some commands: the
# smaller ones cover the same paths
rm -f "$IN/hostile/turns-16mib.tgn" "$IN/hostile/record-16mib.tgn" "$IN/hostile/over-16mib.tgn"

# ---- the commands -------------------------------------------------------
# One per line: @OUT@ stands for the run's output directory, @IN@ for
# each input file in turn, @DIR@ for the inputs' directory; a line
# without @IN@ runs once.
COMMANDS=(
	"parse @IN@"
	"fmt @IN@"
	"validate @IN@"
	"validate --positions @IN@"
	"validate --summary --strict @IN@"
	"fill @IN@"
	"show @IN@"
	"show --move 5. @IN@"
	"show --move 9... --legal @IN@"
	"xml @IN@"
	"xml --positions @IN@"
	"svg --every 10 -d @OUT@/svg @IN@"
	"html -o @OUT@/page.html @IN@"
	"book -o @OUT@/book.svg @IN@"
	"grep -c --event tercia @IN@"
	"grep -c --event jump>=2 @IN@"
	"grep -n -e d4 @IN@"
	"grep --tag Site~a --comment e @IN@"
	"diff @IN@ @IN@"
	"diff --duplicates --xml @IN@"
	"--help"
	"frobnicate"
	"validate --frobnicate @IN@"
	"validate"
	"validate /nonexistent.tgn"
)
for c in parse fmt validate fill perft random xml show svg book html diff collate grep; do
	COMMANDS+=("$c --help")
done
for g in $GAMES; do
	COMMANDS+=("perft --game $g --depth 3" "random --game $g --seed 3 --turns 40")
done
COMMANDS+=(
	"diff @DIR@/pitarra-rodeo-2004-cinta.tgn @DIR@/pitarra-rodeo-2004-cuaderno.tgn"
	"diff --xml @DIR@/pitarra-rodeo-2004-cinta.tgn @DIR@/pitarra-rodeo-2004-cuaderno.tgn"
	"collate @DIR@/pitarra-rodeo-2004-cinta.tgn @DIR@/pitarra-rodeo-2004-cuaderno.tgn"
)

# run SIDE BINARY: every command under BINARY, into DIR/SIDE.
run() {
	local side=$1 n=0 f line out
	ln -sfn "$2" "$DIR/bin/tablero"
	rm -rf "${DIR:?}/$side"
	for line in "${COMMANDS[@]}"; do
		local files=("")
		[[ $line == *@IN@* ]] && files=("$IN"/*.tgn "$IN"/hostile/*.tgn)
		for f in "${files[@]}"; do
			n=$((n + 1))
			out=$DIR/$side/$n
			mkdir -p "$out"
			local cmd=${line//@OUT@/$out}
			cmd=${cmd//@IN@/$f}
			cmd=${cmd//@DIR@/$IN}
			echo "$cmd" >"$out/cmd"
			# shellcheck disable=SC2086
			(cd "$DIR" && timeout 120 bin/tablero $cmd >"$out/stdout" 2>"$out/stderr" </dev/null) &&
				echo 0 >"$out/rc" || echo $? >"$out/rc"
			sed -i "s|$out|OUT|g" "$out/stdout" "$out/stderr" "$out/cmd"
		done
	done
}

run old "$OLD"
run new "$NEW"
if diff -r "$DIR/old" "$DIR/new" >"$DIR/diff.txt"; then
	runs=$(find "$DIR/old" -name cmd | wc -l)
	if ((OWN)); then
		rm -rf "${DIR:?}"
		echo "sameout: $runs runs, every output the same"
	else
		echo "sameout: $runs runs, every output the same ($DIR)"
	fi
else
	echo "sameout: outputs differ ($DIR/diff.txt):"
	head -n 40 "$DIR/diff.txt"
	exit 1
fi
