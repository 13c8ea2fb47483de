#!/usr/bin/env bash
# bench/run.sh [MB] -- throughput and memory of tablero on a synthetic
# TGN collection (default 110 MB, 1 MB = 1,000,000 bytes).
#
# Builds bench/gen.c into build/bench/gen, (re)generates
# build/bench/collection.tgn when it is missing, of another size or from
# another generator, plus a quarter-size file for the linearity check,
# then times:
#   wc -l FILE                     reference: reading the bytes
#   grep -c '^\[Game ' FILE        reference, and the games count
#   build/tablero parse FILE       must exit 0 (1 = problems = bench failure)
#   build/tablero fmt FILE         parse + canonical write, to /dev/null
#   grep -c RE FILE beside tablero grep -c on FILE with a --tag, a
#     movetext (-e), a --comment and an --event selector (the last
#     replays every game by the rules); exit 0 or 1 is fine, 2 a failure
#   tablero diff A B on two 10,000-ply records of one game (random
#     Ocencahuac games that reach 10,000 turns, written by tablero
#     random): B = A with a tag changed, a turn substituted, a comment
#     added, a turn inserted and one deleted (awk); and on two different
#     such games (the Myers worst case); exit 1 expected, 2 a failure
#   tablero diff --duplicates FILE and on the quarter-size file
# and, each section's comment saying how, tablero xml and xml --to tgn
# (and xml's CPU time beside xmllint --noout --stream reading the XML it
# wrote: issue 19's goal, met or not; and xml --to tgn's beside xmllint
# --stream --relaxng validating it, round by round: issue 38's, met or not),
# diagrams (the library's rate, and svg --every 1 -d beside cp -r) and
# books (pages a second, beside rsvg-convert), web pages (pages a second,
# the size of a 300-turn record's, its first paint in chromium), the
# transcription desk on it (the page's size, a click, an edit in chromium), the
# language server's CPU per keystroke and completion, and for each rules engine
# perft and validate;
# with /usr/bin/time -f '%e %M' (elapsed s, peak RSS KiB).
# The commands that take -j run with -j 1, and validate, fmt and xml
# also with every core (-j ALL, ALL the online CPUs at most 8: tablero's
# default), the peak RSS then being the whole process's. Then -j ALL
# beside -j 1 for validate, xml, grep --event and diff --duplicates, in
# rounds: the CPU -j ALL spends over -j 1 and its speed-up, each beside
# its goal (issue 38), with the load average; "bench/run.sh jobs" runs
# that part alone. "bench/run.sh validate" runs only the rules engines'
# part and validate beside pgn-extract (the goals of issue 38 item 2).
# Then the index (bench/index.sh, issue 39): 100,000 records indexed,
# their size, a position search and a tree query against their goals.
# Then the slips (bench/slips.py, issue 33): records made from random
# games with slips of each kind put in, validate and fill on them, and
# per kind how often the slip is found and the original suggested;
# "bench/run.sh slips" runs that part alone.
# Last, hostile input (bench/hostile.c): parse, fmt, validate, fill, show, xml, svg,
# diff, collate and grep on each, with the time, peak memory, exit status and
# the diagnostics each gave (what it refused); a crash, a timeout (300 s)
# or an exit status over 2 fails the bench. "bench/run.sh hostile" runs
# that part alone.
#
# Needs only bash, coreutils, cc (gcc), awk, grep and /usr/bin/time.
# TABLERO=path overrides build/tablero.
set -euo pipefail

HOSTILE_ONLY=0 SLIPS_ONLY=0 JOBS_ONLY=0 VALIDATE_ONLY=0
if [[ ${1:-} == hostile ]]; then
	HOSTILE_ONLY=1
	shift
elif [[ ${1:-} == slips ]]; then
	SLIPS_ONLY=1
	shift
elif [[ ${1:-} == jobs ]]; then
	JOBS_ONLY=1
	shift
elif [[ ${1:-} == validate ]]; then
	VALIDATE_ONLY=1
	shift
fi
MB=${1:-110}
SEED=20240611

if ! awk -v m="$MB" 'BEGIN { exit !(m ~ /^[0-9]+(\.[0-9]+)?$/ && m > 0) }'; then
	echo "usage: bench/run.sh [MB]   (MB > 0, default 110)" >&2
	exit 2
fi

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT"
OUT=build/bench
TABLERO=${TABLERO:-build/tablero}
FULL=$OUT/collection.tgn
QUARTER=$OUT/collection-quarter.tgn
QMB=$(awk -v m="$MB" 'BEGIN { printf "%.6g", m / 4 }')
ALLJ=$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 1)
(( ALLJ > 8 )) && ALLJ=8
TIMEF=$(mktemp)
ERRF=$(mktemp)
COUNTF=$(mktemp)
trap 'rm -f "$TIMEF" "$ERRF" "$COUNTF"' EXIT
if [[ ! -x /usr/bin/time ]]; then
	echo "bench: /usr/bin/time is needed (GNU time)" >&2
	exit 2
fi

mkdir -p "$OUT"

echo "== build generator =="
cc -std=c11 -O2 -Wall -Wextra -pedantic -o "$OUT/gen" bench/gen.c
GENSUM=$(cksum < bench/gen.c | awk '{ print $1 "-" $2 }')
echo "$OUT/gen (bench/gen.c cksum $GENSUM)"

# ensure FILE MB: generate unless the file exists with the same
# size/seed/generator stamp and a size in [MB*1e6, MB*1e6 + 1e6).
ensure() {
	local file=$1 mb=$2 stamp="$1.stamp" want size
	want="mb=$mb seed=$SEED gen=$GENSUM"
	if [[ -f $file && -f $stamp ]] && [[ $(cat "$stamp") == "$want" ]]; then
		size=$(wc -c < "$file")
		if awk -v s="$size" -v m="$mb" 'BEGIN { t = m * 1e6; exit !(s >= t && s < t + 1e6) }'; then
			echo "$file: up to date ($size bytes)"
			return
		fi
	fi
	echo "$file: generating $mb MB (seed $SEED) ..."
	rm -f "$stamp"
	/usr/bin/time -f '%e %M' -o "$TIMEF" "$OUT/gen" "$file.tmp" "$mb" "$SEED"
	mv "$file.tmp" "$file"
	echo "$want" > "$stamp"
	read -r t _ < "$TIMEF"
	echo "  generated in ${t}s"
}

# ---- hostile input -------------------------------------------------------------
# Each command on each input of bench/hostile.c: time, peak RSS, exit
# status, and the diagnostics it gave, by code and count (what it
# refused; "-" for none). Exit 0 or 1 (problems found) or 2 (could not
# look, e.g. a record with errors for diff and grep) is fine; a crash,
# 300 s or more, or another status fails the bench.
hostile() {
	local dir=$OUT/hostile-input f cmd
	echo
	echo "== hostile input (bench/hostile.c) =="
	cc -std=c11 -O2 -Wall -Wextra -pedantic -o "$OUT/hostile" bench/hostile.c
	mkdir -p "$dir"
	"$OUT/hostile" "$dir"
	printf "%-18s %-34s %9s %12s %5s  %s\n" "input" "command" "time (s)" "peak RSS MiB" "exit" "said"
	printf "%-18s %-34s %9s %12s %5s  %s\n" "-----" "-------" "--------" "------------" "----" "----"
	for f in diags turns-16mib record-16mib over-16mib nested-100 nested-100k chain-1000 comment-5mb; do
		local in=$dir/$f.tgn
		while IFS= read -r cmd; do
			[[ -n $cmd ]] || continue
			local run=${cmd//IN/$in}
			set -f # cmd is words (a pattern among them): split, never globbed
			# shellcheck disable=SC2086
			measure /dev/null timeout 300 "$TABLERO" ${run//SVGOUT/$OUT/hostile.svg}
			set +f
			if [[ $RC -gt 2 ]]; then
				fail "$TABLERO $cmd on $f exited $RC (a crash, or 300 s)"
			fi
			hostile_row "$f" "${cmd// IN/}"
		done <<'CMDS'
parse IN
fmt IN
validate IN
fill IN
show IN
xml IN
svg -o SVGOUT IN
diff IN IN
collate IN IN
grep -c -e d1 IN
grep -c --comment (\w+\s?)*[!?] IN
CMDS
	done
	# the XML reader on what the writer made of the largest record it
	# writes (it refuses record-16mib's 14 MB comment: TB504)
	for f in comment-5mb; do
		"$TABLERO" xml "$dir/$f.tgn" > "$dir/$f.xml" 2> /dev/null || true
		measure /dev/null timeout 300 "$TABLERO" xml --to tgn "$dir/$f.xml"
		[[ $RC -le 2 ]] || fail "$TABLERO xml --to tgn on $f.xml exited $RC (a crash, or 300 s)"
		hostile_row "$f.xml" "xml --to tgn"
	done
	rm -rf "$dir" "$OUT/hostile.svg"
}

# hostile_row INPUT COMMAND: a row for the last measure: what it said is
# its diagnostics by code and count, else its first line on stderr.
hostile_row() {
	local said
	said=$({ grep -ao '\[TB[0-9]*\]' "$ERRF" || true; } | sort | uniq -c | sort -rn |
		head -n 3 | awk '{ printf "%s%s x%d", (NR > 1 ? ", " : ""), substr($2, 2, 5), $1 }')
	[[ -n $said ]] || said=$(head -n 1 "$ERRF" | sed "s|$OUT/hostile-input/||g" | cut -c 1-110)
	awk -v f="$1" -v c="${2//SVGOUT/x.svg}" -v t="$T" -v r="$RSS" -v rc="$RC" -v s="${said:--}" \
		'BEGIN { printf "%-18s %-34s %9.2f %12.1f %5d  %s\n", f, c, t, r / 1024, rc, s }'
}

if [[ $HOSTILE_ONLY == 0 && $SLIPS_ONLY == 0 ]]; then
	echo
	echo "== test data =="
	ensure "$FULL" "$MB"
	ensure "$QUARTER" "$QMB"
fi

# measure STDOUT-FILE CMD... : runs CMD under /usr/bin/time; sets
# T (s), RSS (KiB), RC. stderr of CMD goes to $ERRF.
measure() {
	local out=$1
	shift
	set +e
	/usr/bin/time -f '%e %M' -o "$TIMEF" "$@" > "$out" 2> "$ERRF"
	RC=$?
	set -e
	# GNU time prefixes a "Command exited with non-zero status" line
	read -r T RSS < <(tail -n 1 "$TIMEF")
}

# elapsed_median N CMD...: the median of N runs' elapsed seconds, to the
# millisecond (bash's EPOCHREALTIME: /usr/bin/time's %e counts in 10 ms,
# a third of what wc -l takes on the collection); into ELAPSED. Run it
# after measure, which checks the command's exit status.
elapsed_median() {
	local n=$1 i t0 t1
	shift
	local runs=()
	for ((i = 0; i < n; i++)); do
		t0=$EPOCHREALTIME
		"$@" > /dev/null 2>&1 || true
		t1=$EPOCHREALTIME
		runs+=("$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.3f", b - a }')")
	done
	ELAPSED=$(printf '%s\n' "${runs[@]}" | sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }')
}

fail() {
	echo
	echo "BENCH FAILED: $1" >&2
	if [[ -s $ERRF ]]; then
		echo "--- first lines of its stderr ---" >&2
		head -n 20 "$ERRF" >&2
	fi
	exit 1
}

# time_once FORMAT CMD...: one run of CMD, the sum of the fields
# /usr/bin/time -f FORMAT gives; into ONCE (its elapsed seconds into
# ONCE_WALL, and its status into RC).
time_once() {
	local format=$1
	shift
	set +e
	/usr/bin/time -f "$format %e" -o "$TIMEF" "$@" > /dev/null 2> "$ERRF"
	RC=$?
	set -e
	read -r ONCE ONCE_WALL < <(tail -n 1 "$TIMEF" |
		awk '{ s = 0; for (i = 1; i < NF; i++) s += $i; printf "%.2f %.2f\n", s, $NF }')
}

# median V...: the median of the values; into MEDIAN.
median() {
	MEDIAN=$(printf '%s\n' "$@" | sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }')
}

# ---- -j N beside -j 1 (issue 38 item 6) ----------------------------------------
# validate, xml, grep --event and diff --duplicates on the collection,
# each in JOBS_ROUNDS rounds (default 7: with 3, two runs on the same idle machine
# put the same command at +0% and +10%, around a goal of 5%) of one run with -j 1 and then one
# with -j ALLJ, round by round: CPU seconds (user + system) and elapsed
# seconds of each, then the medians of the same rounds, the CPU -j ALLJ
# spends over -j 1 (goal: at most 5% more) and its speed-up in elapsed
# time (goal: at least 1.8x, on two idle cores). The wall figures mean
# little on a busy machine: the 1-minute load average is printed before
# and after, and a load of 0.5 or more before says the machine was not
# idle. Both runs of a round must exit alike (the collection has errors:
# 1, and grep --event 2 where the rules stop), neither above 2.
# "bench/run.sh jobs [MB]" runs this part alone.
jobs_beside_one() {
	local rounds=${JOBS_ROUNDS:-7} load0 load1 label i
	load0=$(cut -d ' ' -f 1 /proc/loadavg 2> /dev/null || echo 0)
	echo
	echo "== -j N beside -j 1: -j 1 then -j $ALLJ, $rounds rounds, on $FULL =="
	printf "%-24s %6s %10s %10s %10s %10s\n" "command" "round" "CPU -j 1" "CPU -j $ALLJ" \
		"wall -j 1" "wall -j $ALLJ"
	printf "%-24s %6s %10s %10s %10s %10s\n" "-------" "-----" "--------" "--------" \
		"---------" "---------"
	local summary=()
	for label in validate xml "grep --event" "diff --duplicates"; do
		local args=() c1=() cn=() w1=() wn=() rc1
		case $label in
		validate) args=(validate) ;;
		xml) args=(xml) ;;
		"grep --event") args=(grep -c --event 'capture>=3') ;;
		"diff --duplicates") args=(diff --duplicates) ;;
		esac
		for ((i = 1; i <= rounds; i++)); do
			time_once '%U %S' "$TABLERO" "${args[@]}" -j 1 "$FULL"
			rc1=$RC
			c1+=("$ONCE") w1+=("$ONCE_WALL")
			time_once '%U %S' "$TABLERO" "${args[@]}" -j "$ALLJ" "$FULL"
			[[ $rc1 -le 2 && $RC -eq $rc1 ]] ||
				fail "$TABLERO ${args[*]} exited $rc1 with -j 1 and $RC with -j $ALLJ"
			cn+=("$ONCE") wn+=("$ONCE_WALL")
			printf "%-24s %6d %10.2f %10.2f %10.2f %10.2f\n" "$label" "$i" "${c1[-1]}" "$ONCE" \
				"${w1[-1]}" "$ONCE_WALL"
		done
		local mc1 mcn mw1 mwn
		median "${c1[@]}"; mc1=$MEDIAN
		median "${cn[@]}"; mcn=$MEDIAN
		median "${w1[@]}"; mw1=$MEDIAN
		median "${wn[@]}"; mwn=$MEDIAN
		printf "%-24s %6s %10.2f %10.2f %10.2f %10.2f\n" "$label" "median" "$mc1" "$mcn" "$mw1" "$mwn"
		summary+=("$(awk -v l="$label" -v c1="$mc1" -v cn="$mcn" -v w1="$mw1" -v wn="$mwn" \
			-v j="$ALLJ" 'BEGIN {
			c1 = c1 > 0 ? c1 : 0.01; wn = wn > 0 ? wn : 0.01
			x = 100 * (cn - c1) / c1; s = w1 / wn
			printf "%-18s extra CPU %+6.1f%% (goal <= 5%%: %s); speed-up %.2fx (goal >= 1.8x on two idle cores: %s)",
			       l, x, (x <= 5 ? "met" : "not met"), s,
			       (j < 2 ? "no second core" : s >= 1.8 ? "met" : "not met") }')")
	done
	load1=$(cut -d ' ' -f 1 /proc/loadavg 2> /dev/null || echo 0)
	echo
	echo "-j $ALLJ beside -j 1, medians of the same rounds:"
	printf '%s\n' "${summary[@]}"
	awk -v a="$load0" -v b="$load1" 'BEGIN {
		printf "load average (1 min): %.2f before, %.2f after", a, b
		if (a >= 0.5)
			printf " -- the machine was not idle (load %.2f): the wall figures are not the idle ones", a
		printf "\n" }'
}


# row LABEL SECONDS BYTES GAMES RSS_KIB ("-" to leave a column out)
row() {
	awk -v l="$1" -v t="$2" -v b="$3" -v g="$4" -v r="$5" 'BEGIN {
		ts = (t + 0 > 0) ? sprintf("%.3f", t) : "<0.01"
		lo = (t + 0 > 0) ? "" : ">"       # under 10 ms: a lower bound
		tt = (t + 0 > 0) ? t : 0.01
		mbs = (b == "-") ? "-" : lo sprintf("%.0f", b / 1e6 / tt)
		gps = (g == "-") ? "-" : lo sprintf("%.0f", g / tt)
		rss = (r == "-") ? "-" : sprintf("%.1f", r / 1024)
		printf "%-30s %9s %9s %12s %12s\n", l, ts, mbs, gps, rss
	}'
}
header() {
	printf "%-30s %9s %9s %12s %12s\n" "step" "time (s)" "MB/s" "games/s" "peak RSS MiB"
	printf "%-30s %9s %9s %12s %12s\n" "----" "--------" "----" "-------" "------------"
}

# ---- slips ----------------------------------------------------------------------
# bench/slips.py: 150 random games for each kind of slip and each target
# (La Pitarra placing, La Pitarra moving, Asalto, Ocencahuac), about
# 6,000 records, validate and fill once per kind (-j 1); the table it
# prints, and the time the whole took. A Python error fails the bench.
slips() {
	echo
	echo "== slips: every kind put in random games, found or not (bench/slips.py) =="
	measure "$OUT/slips.txt" python3 bench/slips.py "$TABLERO" "$OUT/slips" --records 150 \
		--json "$OUT/slips.json"
	[[ $RC -eq 0 ]] || fail "python3 bench/slips.py exited $RC"
	sed 's/^/  /' "$OUT/slips.txt"
	awk -v t="$T" -v r="$RSS" 'BEGIN { printf "  (made, checked and scored in %.1f s, peak RSS %.1f MiB)\n", t, r / 1024 }'
}

if [[ $HOSTILE_ONLY == 1 ]]; then
	hostile
	exit 0
fi
if [[ $SLIPS_ONLY == 1 ]]; then
	slips
	exit 0
fi
if [[ $JOBS_ONLY == 1 ]]; then
	[[ -x $TABLERO ]] || fail "$TABLERO not found or not executable: build tablero first"
	cat "$FULL" > /dev/null
	jobs_beside_one
	exit 0
fi

# ---- the rules engines -----------------------------------------------------
# For each game with a rules engine: perft (complete turns counted per
# second) from its start, and tablero validate on a collection of random
# games of it (generated by tablero random, fixed seed) of about the size
# of the synthetic collection, beside wc -l on that file.

ASALTO_SETUP="A 1 A:c1,d1,e1,c2,d2,e2,a3,b3,c3,d3,e3,f3,g3,a4,b4,c4,d4,e4,f4,g4,a5,b5,f5,g5 D:d6,e7"

# rules_bench GAME BYTES_PER_GAME DEPTH1 DEPTH2 [POSITION]
rules_bench() {
	local game=$1 per=$2 d1=$3 d2=$4 pos=${5:-}
	local posarg=()
	[[ -n $pos ]] && posarg=(--position "$pos")
	echo
	echo "== rules: $game perft from the start${pos:+ (defenders on d6, e7)} =="
	printf "%-30s %12s %9s %14s\n" "depth" "nodes" "time (s)" "nodes/s"
	printf "%-30s %12s %9s %14s\n" "-----" "-----" "--------" "-------"
	for d in "$d1" "$d2"; do
		measure "$COUNTF" "$TABLERO" perft --game "$game" "${posarg[@]}" --depth "$d"
		[[ $RC -eq 0 ]] || fail "$TABLERO perft --game $game --depth $d exited $RC"
		awk -v d="$d" -v n="$(cat "$COUNTF")" -v t="$T" 'BEGIN {
			tt = (t + 0 > 0) ? t : 0.01
			printf "%-30s %12d %9.2f %14.0f\n", "perft " d, n, t, n / tt }'
	done

	local file=$OUT/$game-random.tgn
	local games
	games=$(awk -v m="$MB" -v p="$per" 'BEGIN { printf "%d", m * 1e6 / p }')
	local stamp="games=$games seed=1 tablero=$(cksum < "$TABLERO" | awk '{ print $1 }')"
	if [[ ! -f $file.stamp || $(cat "$file.stamp") != "$stamp" ]]; then
		echo
		echo "$file: generating $games random $game games (seed 1) ..."
		measure "$file.tmp" "$TABLERO" random --game "$game" -n "$games" --seed 1
		[[ $RC -eq 0 ]] || fail "$TABLERO random --game $game exited $RC"
		mv "$file.tmp" "$file"
		echo "$stamp" > "$file.stamp"
		awk -v t="$T" -v g="$games" 'BEGIN { printf "  generated in %.2fs (%.0f games/s)\n", t, g / t }'
	fi
	local bytes
	bytes=$(wc -c < "$file")
	cat "$file" > /dev/null

	echo
	echo "== rules: tablero validate on $file =="
	awk -v b="$bytes" -v g="$games" 'BEGIN { printf "%d bytes (%.1f MB), %d games\n\n", b, b / 1e6, g }'
	header
	measure /dev/null wc -l "$file"
	row "wc -l" "$T" "$bytes" - "$RSS"
	measure /dev/null "$TABLERO" validate -j 1 "$file"
	[[ $RC -eq 0 ]] || fail "$TABLERO validate $file exited $RC (random games must be legal)"
	row "tablero validate -j 1" "$T" "$bytes" "$games" "$RSS"
	local t1=$T
	measure /dev/null "$TABLERO" validate -j "$ALLJ" "$file"
	[[ $RC -eq 0 ]] || fail "$TABLERO validate -j $ALLJ $file exited $RC"
	row "tablero validate -j $ALLJ" "$T" "$bytes" "$games" "$RSS"
	awk -v a="$t1" -v b="$T" -v j="$ALLJ" 'BEGIN { if (b + 0 > 0)
		printf "validate -j %d: %.2fx the speed of -j 1\n", j, a / b }'
	VALIDATE_FILES+=("$file")
	VALIDATE_GOALS+=(8)
}
# The files validate is measured on beside pgn-extract, and each one's
# goal per MB on one core (issue 38 item 2: 8x on clean records of every
# game; 5x on the synthetic collection, which has errors).
VALIDATE_FILES=()
VALIDATE_GOALS=()

# plies FILE: the turns of a movetext file (PGN or TGN), tokens that are
# not move numbers, results, tags or comments.
count_plies() {
	awk '/^\[/ { next } { gsub(/\{[^}]*\}/, ""); for (i = 1; i <= NF; i++)
		if ($i !~ /^[0-9]+\.+$/ && $i !~ /^(1-0|0-1|1\/2-1\/2|\*)$/ && $i !~ /^\$/) n++ }
		END { print n + 0 }' "$1"
}

# validate_vs_pgn_extract: tablero validate on each game's random
# collection beside pgn-extract -r (parse and check every chess move, the
# nearest C peer) on ../shared/bench/chess-20k.pgn.xz, per MB and per
# turn, CPU seconds, medians of 5, and on the synthetic collection's
# quarter, which has errors (the slip search); the goals per MB on one
# core are issue 38's (VALIDATE_GOALS: 8x on clean records, 5x on the
# collection with errors; issue 19's was 5x on clean ones). And
# with every core: tablero's elapsed seconds with -j ALL beside
# pgn-extract's CPU seconds (it runs in one thread); the goal 9x on two
# for clean records (issue 19), none for the quarter with errors.
# The anchor is measured again for each file, in rounds with tablero's
# runs: the host's load drifts over minutes (one file's five runs once
# took 40% more CPU than the same runs a minute before), and a ratio of
# medians from the same rounds sees the drift on both of its sides.
validate_vs_pgn_extract() {
	local xz=${CHESS_PGN:-$ROOT/../shared/bench/chess-20k.pgn.xz}
	local pe
	pe=$(command -v pgn-extract || { [[ -x /usr/games/pgn-extract ]] && echo /usr/games/pgn-extract; } || true)
	if [[ -z $pe ]] && [[ $(id -u) -eq 0 ]] && command -v apt-get > /dev/null; then
		apt-get install -y -qq pgn-extract > /dev/null 2>&1 ||
			{ apt-get update -qq > /dev/null 2>&1 && apt-get install -y -qq pgn-extract > /dev/null 2>&1; } || true
		pe=$(command -v pgn-extract || { [[ -x /usr/games/pgn-extract ]] && echo /usr/games/pgn-extract; } || true)
	fi
	echo
	echo "== validate beside pgn-extract -r (CPU seconds, medians of 5) =="
	if [[ -z $pe ]]; then
		echo "skipped: pgn-extract is not installed (the Debian package pgn-extract)"
		return
	elif [[ ! -f $xz ]]; then
		echo "skipped: $xz not found (CHESS_PGN=path names it)"
		return
	fi
	local pgn=$OUT/chess-20k.pgn
	[[ -f $pgn ]] || xz -dc "$xz" > "$pgn"
	local pbytes pplies
	pbytes=$(wc -c < "$pgn")
	pplies=$(count_plies "$pgn")
	echo "(for each file, five rounds of: pgn-extract, tablero -j 1, tablero -j $ALLJ; each"
	echo " ratio is of medians from the same rounds, so that a change in the host's load"
	echo " weighs on both sides of it)"
	printf "%-40s %10s %9s %8s %12s %8s %8s\n" "step" "MB" "CPU (s)" "MB/s" "turns/s" "x MB" "x turn"
	printf "%-40s %10s %9s %8s %12s %8s %8s\n" "----" "--" "-------" "----" "-------" "----" "------"
	local f k
	VALIDATE_FILES+=("$QUARTER")
	VALIDATE_GOALS+=(5)
	for k in "${!VALIDATE_FILES[@]}"; do
		f=${VALIDATE_FILES[k]}
		local b n i pe_runs=() one_runs=() all_runs=() pcpu cpu wall goal1=${VALIDATE_GOALS[k]}
		b=$(wc -c < "$f")
		n=$(count_plies "$f")
		for ((i = 0; i < 5; i++)); do
			time_once '%U %S' "$pe" -r "$pgn"
			pe_runs+=("$ONCE")
			time_once '%U %S' "$TABLERO" validate -j 1 "$f"
			one_runs+=("$ONCE")
			time_once '%e' "$TABLERO" validate -j "$ALLJ" "$f"
			all_runs+=("$ONCE")
		done
		median "${pe_runs[@]}"; pcpu=$MEDIAN
		median "${one_runs[@]}"; cpu=$MEDIAN
		median "${all_runs[@]}"; wall=$MEDIAN
		awk -v l="pgn-extract -r chess-20k.pgn" -v b="$pbytes" -v n="$pplies" -v t="$pcpu" \
			'BEGIN { t = t > 0 ? t : 0.01
			printf "%-40s %10.1f %9.2f %8.1f %12.0f %8s %8s\n", l, b / 1e6, t, b / 1e6 / t,
			       n / t, "1", "1" }'
		awk -v l="tablero validate $(basename "$f")" -v b="$b" -v n="$n" -v t="$cpu" \
			-v pb="$pbytes" -v pn="$pplies" -v pt="$pcpu" -v goal="$goal1" 'BEGIN {
			t = t > 0 ? t : 0.01; pt = pt > 0 ? pt : 0.01
			x = (b / t) / (pb / pt)
			printf "%-40s %10.1f %9.2f %8.1f %12.0f %8.1f %8.1f  %s\n", l, b / 1e6, t,
			       b / 1e6 / t, n / t, x, (n / t) / (pn / pt),
			       sprintf("goal %dx per MB: %s", goal, x >= goal ? "met" : "not met") }'
		# issue 19's goal with every core (9x on two) is for clean records:
		# the quarter, which has errors, gets its figure without one
		awk -v l="tablero validate -j $ALLJ $(basename "$f") (elapsed)" -v b="$b" -v n="$n" \
			-v t="$wall" -v pb="$pbytes" -v pn="$pplies" -v pt="$pcpu" -v j="$ALLJ" \
			-v clean="$([[ $f == "$QUARTER" ]] && echo 0 || echo 1)" 'BEGIN {
			t = t > 0 ? t : 0.01; pt = pt > 0 ? pt : 0.01
			x = (b / t) / (pb / pt); goal = j >= 2 ? 9 : 5
			said = "(has errors: no goal with every core)"
			if (clean)
				said = sprintf("goal %dx per MB on %d cores: %s", goal, j, x >= goal ? "met" : "not met")
			printf "%-40s %10.1f %9.2f %8.1f %12.0f %8.1f %8.1f  %s\n", l, b / 1e6, t,
			       b / 1e6 / t, n / t, x, (n / t) / (pn / pt), said }'
	done
}

if [[ $VALIDATE_ONLY == 1 ]]; then
	[[ -x $TABLERO ]] || fail "$TABLERO not found or not executable: build tablero first"
	rules_bench pitarra 700 5 6
	rules_bench asalto 2000 7 8 "$ASALTO_SETUP"
	rules_bench ocencahuac 2700 5 6
	validate_vs_pgn_extract
	exit 0
fi

BYTES=$(wc -c < "$FULL")
QBYTES=$(wc -c < "$QUARTER")

# warm the page cache so the first timed step is not charged the disk
cat "$FULL" "$QUARTER" > /dev/null

measure /dev/null wc -l "$FULL"
WC_RSS=$RSS
[[ $RC -eq 0 ]] || fail "wc -l exited $RC"
elapsed_median 5 wc -l "$FULL"
WC_T=$ELAPSED

measure "$COUNTF" grep -c '^\[Game ' "$FULL"
GREP_T=$T GREP_RSS=$RSS
[[ $RC -le 1 ]] || fail "grep exited $RC"
GAMES=$(cat "$COUNTF")

measure "$COUNTF" grep -c '^\[Game ' "$QUARTER"
QGAMES=$(cat "$COUNTF")

echo
echo "== throughput: $FULL =="
awk -v b="$BYTES" -v g="$GAMES" 'BEGIN { printf "%d bytes (%.1f MB), %d games, %.0f bytes/game\n\n", b, b / 1e6, g, g ? b / g : 0 }'
header
row "wc -l" "$WC_T" "$BYTES" - "$WC_RSS"
row "grep -c '^[Game '" "$GREP_T" "$BYTES" "$GAMES" "$GREP_RSS"

if [[ ! -x $TABLERO ]]; then
	fail "$TABLERO not found or not executable: build tablero first (or set TABLERO=path)"
fi

# one_and_all CMD LABEL [WHY]: tablero CMD on the collection with -j 1
# and with every core, each checked to exit 0 (WHY said when -j 1 does
# not), elapsed seconds, medians of 5 to the millisecond, as wc -l's, a
# row each (peak memory from one run); ONE_T, ONE_RSS and ALL_T set.
one_and_all() {
	local cmd=$1 label=$2 why=${3:-}
	measure /dev/null "$TABLERO" "$cmd" -j 1 "$FULL"
	[[ $RC -eq 0 ]] || fail "$TABLERO $cmd $FULL exited $RC$why"
	ONE_RSS=$RSS
	elapsed_median 5 "$TABLERO" "$cmd" -j 1 "$FULL"
	ONE_T=$ELAPSED
	row "tablero $cmd -j 1$label" "$ONE_T" "$BYTES" "$GAMES" "$ONE_RSS"
	measure /dev/null "$TABLERO" "$cmd" -j "$ALLJ" "$FULL"
	[[ $RC -eq 0 ]] || fail "$TABLERO $cmd -j $ALLJ $FULL exited $RC"
	elapsed_median 5 "$TABLERO" "$cmd" -j "$ALLJ" "$FULL"
	ALL_T=$ELAPSED
	row "tablero $cmd -j $ALLJ$label" "$ALL_T" "$BYTES" "$GAMES" "$RSS"
}

# parse and fmt
one_and_all parse "" " (1 = problems found in the collection)"
PARSE_T=$ONE_T PARSE_RSS=$ONE_RSS PARSEJ_T=$ALL_T
one_and_all fmt " > /dev/null"
FMT_T=$ONE_T FMTJ_T=$ALL_T

# beside wc -l, as fractions of its speed (issue 19's goals: parse 1/10,
# fmt 1/20, judged with all cores; wc -l under 10 ms counts as 10 ms, so
# the fraction is then an upper bound)
awk -v w="$WC_T" -v p="$PARSE_T" -v pj="$PARSEJ_T" -v f="$FMT_T" -v fj="$FMTJ_T" -v j="$ALLJ" 'BEGIN {
	w = w > 0 ? w : 0.01; p = p > 0 ? p : 0.01; f = f > 0 ? f : 0.01
	pj = pj > 0 ? pj : 0.01; fj = fj > 0 ? fj : 0.01
	printf "\nparse runs at 1/%.0f of wc -l with -j 1, 1/%.0f with -j %d (goal 1/10: %s)\n",
	       p / w, pj / w, j, (pj / w <= 10 ? "met" : "not met")
	printf "fmt runs at 1/%.0f of wc -l with -j 1, 1/%.0f with -j %d (goal 1/20: %s)\n",
	       f / w, fj / w, j, (fj / w <= 20 ? "met" : "not met") }'

measure /dev/null "$TABLERO" parse -j 1 "$QUARTER"
[[ $RC -eq 0 ]] || fail "$TABLERO parse $QUARTER exited $RC (1 = problems found in the collection)"
Q_T=$T Q_RSS=$RSS

echo
echo "== linearity: tablero parse, full vs quarter size =="
printf "%-36s %12s %9s %9s %12s\n" "file" "bytes" "games" "time (s)" "peak RSS MiB"
printf "%-36s %12s %9s %9s %12s\n" "----" "-----" "-----" "--------" "------------"
for f in full quarter; do
	if [[ $f == full ]]; then
		set -- "$FULL" "$BYTES" "$GAMES" "$PARSE_T" "$PARSE_RSS"
	else
		set -- "$QUARTER" "$QBYTES" "$QGAMES" "$Q_T" "$Q_RSS"
	fi
	awk -v f="$1" -v b="$2" -v g="$3" -v t="$4" -v r="$5" \
		'BEGIN { printf "%-36s %12d %9d %9.2f %12.1f\n", f, b, g, t, r / 1024 }'
done
awk -v b="$BYTES" -v qb="$QBYTES" -v t="$PARSE_T" -v qt="$Q_T" -v r="$PARSE_RSS" -v qr="$Q_RSS" 'BEGIN {
	printf "\nsize ratio %.2f; time ratio %s (linear: about the size ratio);", b / qb,
	       (qt > 0 ? sprintf("%.2f", t / qt) : "n/a (quarter under 10 ms)")
	printf " peak RSS ratio %.2f (flat: about 1)\n", (qr > 0 ? r / qr : 0)
}'


# ---- XML ---------------------------------------------------------------------
# tablero xml (export) on the synthetic collection, and --to tgn (import,
# schema validation included) on what it wrote, beside wc -l and
# xmllint --noout (parsing only) and --stream --relaxng (validating) on
# the same XML.
XMLF=$OUT/collection.xml
echo
echo "== XML: $FULL -> $XMLF -> TGN =="
header
measure /dev/null "$TABLERO" xml -j "$ALLJ" "$FULL"
[[ $RC -eq 0 ]] || fail "$TABLERO xml -j $ALLJ $FULL exited $RC"
row "tablero xml -j $ALLJ (export)" "$T" "$BYTES" "$GAMES" "$RSS"
measure "$XMLF" "$TABLERO" xml -j 1 "$FULL"
[[ $RC -eq 0 ]] || fail "$TABLERO xml $FULL exited $RC"
row "tablero xml -j 1 (export)" "$T" "$BYTES" "$GAMES" "$RSS"
XBYTES=$(wc -c < "$XMLF")
cat "$XMLF" > /dev/null
awk -v b="$XBYTES" 'BEGIN { printf "(the XML: %d bytes, %.1f MB; MB/s below are of the XML)\n", b, b / 1e6 }'
measure /dev/null wc -l "$XMLF"
row "wc -l (XML)" "$T" "$XBYTES" - "$RSS"
if command -v xmllint > /dev/null; then
	measure /dev/null xmllint --noout --stream "$XMLF"
	[[ $RC -eq 0 ]] || fail "xmllint --noout --stream exited $RC"
	row "xmllint --noout --stream" "$T" "$XBYTES" "$GAMES" "$RSS"
	measure /dev/null xmllint --noout --stream --relaxng schemas/tgn.rng "$XMLF"
	[[ $RC -eq 0 ]] || fail "xmllint --relaxng exited $RC"
	row "xmllint --stream --relaxng" "$T" "$XBYTES" "$GAMES" "$RSS"
fi
measure /dev/null "$TABLERO" xml --to tgn "$XMLF"
[[ $RC -eq 0 ]] || fail "$TABLERO xml --to tgn exited $RC"
row "tablero xml --to tgn (import)" "$T" "$XBYTES" "$GAMES" "$RSS"
# cpu_rounds N ANCHOR_LABEL SUBJECT_LABEL: N rounds of one run of the
# command in the array ANCHOR, then one of SUBJECT's, CPU seconds each
# (user + system, time_once), each round printed with the ratio subject /
# anchor, then the medians of the same rounds; a command exiting non-zero
# fails the bench. The medians into ANCHOR_CPU and SUBJECT_CPU. In turn,
# round by round, so that a change in the host's load weighs on both.
cpu_rounds() {
	local n=$1 alabel=$2 slabel=$3 round a_runs=() s_runs=()
	printf "%-8s %34s %34s %7s\n" "round" "$alabel" "$slabel" "ratio"
	for ((round = 1; round <= n; round++)); do
		time_once '%U %S' "${ANCHOR[@]}"
		[[ $RC -eq 0 ]] || fail "${ANCHOR[*]} exited $RC"
		a_runs+=("$ONCE")
		time_once '%U %S' "${SUBJECT[@]}"
		[[ $RC -eq 0 ]] || fail "${SUBJECT[*]} exited $RC"
		s_runs+=("$ONCE")
		awk -v r="$round" -v a="${a_runs[-1]}" -v s="$ONCE" 'BEGIN {
			printf "%-8s %34.2f %34.2f %7.2f\n", r, a, s, s / (a > 0 ? a : 0.01) }'
	done
	median "${a_runs[@]}"; ANCHOR_CPU=$MEDIAN
	median "${s_runs[@]}"; SUBJECT_CPU=$MEDIAN
	awk -v a="$ANCHOR_CPU" -v s="$SUBJECT_CPU" 'BEGIN {
		printf "%-8s %34.2f %34.2f %7.2f\n", "median", a, s, s / (a > 0 ? a : 0.01) }'
}

# The goal of issue 38 (item 3): parse on one core at 1/10 of wc -l's
# speed or better, in CPU seconds (user + system), round by round
# (cpu_rounds, 5 rounds; here, where cpu_rounds is defined). wc -l takes
# under 20 ms of CPU on the collection, near the 10 ms grain of
# /usr/bin/time: the anchor is ten wc -l one after the other, and its
# median is divided by ten.
echo
echo "== parse -j 1 beside wc -l on one core (CPU seconds, 5 rounds; issue 38) =="
ANCHOR=(sh -c 'for i in 1 2 3 4 5 6 7 8 9 10; do wc -l "$1"; done' sh "$FULL")
SUBJECT=("$TABLERO" parse -j 1 "$FULL")
cpu_rounds 5 "10 x wc -l" "tablero parse -j 1"
awk -v a="$ANCHOR_CPU" -v s="$SUBJECT_CPU" -v b="$BYTES" 'BEGIN {
	w = (a > 0 ? a : 0.01) / 10
	p = s > 0 ? s : 0.01
	printf "parse -j 1: %.0f MB per CPU-second, wc -l %.0f\n", b / 1e6 / p, b / 1e6 / w
	printf "parse -j 1 runs at 1/%.1f of wc -l on one core (CPU) -- goal 1/10: %s\n", p / w,
	       (p / w <= 10 ? "met" : "not met") }'

# The goal (issue 19 item 4): tablero xml writes its XML faster than
# xmllint --noout --stream reads the same XML back -- here the file it
# has just written, in this run: CPU seconds, 5 rounds (cpu_rounds),
# -j 1 (one core each); the ratio is xml's time over xmllint's.
if command -v xmllint > /dev/null; then
	echo
	echo "== xml beside xmllint --noout --stream on its own output (CPU seconds, 5 rounds) =="
	ANCHOR=(xmllint --noout --stream "$XMLF")
	SUBJECT=("$TABLERO" xml -j 1 "$FULL")
	cpu_rounds 5 "xmllint --noout --stream (reads)" "tablero xml -j 1 (writes)"
	awk -v w="$SUBJECT_CPU" -v r="$ANCHOR_CPU" -v b="$XBYTES" 'BEGIN {
		wt = w > 0 ? w : 0.01
		rt = r > 0 ? r : 0.01
		printf "MB/s of the XML: tablero xml -j 1 writes %.1f, xmllint --noout --stream reads %.1f\n",
		       b / 1e6 / wt, b / 1e6 / rt
		printf "xml / xmllint: %.2f -- goal (write faster than xmllint reads): %s\n", wt / rt,
		       (w < r ? "met" : "not met") }'
fi
# The goal (issue 38 item 4): tablero xml --to tgn reads the XML back at
# least as fast as xmllint --noout --stream --relaxng schemas/tgn.rng
# validates it -- the same validation (the reader checks the schema as it
# streams, lib/xml_check.c; make xml-agree holds it to libxml2's RELAX NG),
# and tablero does more: each record read as TGN and written canonical.
# CPU seconds, one core each, 5 rounds (cpu_rounds); the goal is on the
# medians of the same rounds.
if command -v xmllint > /dev/null; then
	echo
	echo "== xml --to tgn beside xmllint --stream --relaxng on the same XML (CPU seconds, 5 rounds) =="
	ANCHOR=(xmllint --noout --stream --relaxng schemas/tgn.rng "$XMLF")
	SUBJECT=("$TABLERO" xml --to tgn "$XMLF")
	cpu_rounds 5 "xmllint --stream --relaxng" "tablero xml --to tgn"
	awk -v a="$ANCHOR_CPU" -v s="$SUBJECT_CPU" -v b="$XBYTES" 'BEGIN {
		at = a > 0 ? a : 0.01
		st = s > 0 ? s : 0.01
		printf "MB/s of the XML: xmllint --stream --relaxng %.1f, tablero xml --to tgn %.1f\n",
		       b / 1e6 / at, b / 1e6 / st
		printf "xml --to tgn / xmllint --stream --relaxng: %.2f -- goal (read back at least as fast as xmllint validates): %s\n",
		       st / at, (s <= a ? "met" : "not met") }'
fi
rm -f "$XMLF"

# ---- diagrams and books ------------------------------------------------------------
# Diagrams a second: the library alone (bench/svgrate.c: every position
# of a record drawn, each document handed to a callback that counts its
# bytes, five rounds), and tablero svg --every 1 -d writing them as files
# (best and median of three runs: the one flush to disk of the batch
# shares the disk with whatever else runs), beside cp -r of the same
# files (the file system's part). Records: long random games of each
# game (La Pitarra's and Asalto's end by the rules after about 200 and 260
# turns; Ocencahuac's is stopped at 3000).
# Books: a 300-turn record with a diagram every 10 turns, as SVG pages
# (-d) and as a PDF (-o, which runs rsvg-convert), pages a second, beside
# rsvg-convert -f pdf on the same pages.
echo
echo "== diagrams: bench/svgrate (library) and tablero svg --every 1 -d (files) =="
cc -std=c11 -O2 -Wall -Wextra -Ilib -o "$OUT/svgrate" bench/svgrate.c build/libtablero.a \
	$(pkg-config --libs libxml-2.0 libpcre2-8)
printf "%-34s %9s %10s %12s %12s\n" "step" "time (s)" "diagrams" "diagrams/s" "KB/diagram"
printf "%-34s %9s %10s %12s %12s\n" "----" "--------" "--------" "----------" "----------"
while read -r game seed turns rules; do
	f=$OUT/svg-$game.tgn
	"$TABLERO" random --game "$game" --rules "$rules" --seed "$seed" --turns "$turns" > "$f"
	read -r made bytes secs < <("$OUT/svgrate" "$f" 5)
	awk -v g="$game" -v n="$made" -v b="$bytes" -v t="$secs" 'BEGIN {
		printf "%-34s %9.3f %10d %12.0f %12.1f\n", "library, " g, t, n, n / t, b / n / 1000 }'
	best= runs=()
	for k in 1 2 3; do
		rm -rf "$OUT/svg-$game" && mkdir -p "$OUT/svg-$game"
		measure /dev/null "$TABLERO" svg --every 1 -d "$OUT/svg-$game" "$f"
		[[ $RC -eq 0 ]] || fail "$TABLERO svg --every 1 exited $RC"
		runs+=("$T")
	done
	n=$(ls "$OUT/svg-$game" | wc -l)
	sorted=$(printf '%s\n' "${runs[@]}" | sort -g | tr '\n' ' ')
	awk -v g="$game" -v r="$sorted" -v n="$n" 'BEGIN { split(r, t, " ")
		for (i = 1; i <= 2; i++) { tt = (t[i == 1 ? 1 : 2] + 0 > 0) ? t[i == 1 ? 1 : 2] : 0.01
			printf "%-34s %9.2f %10d %12.0f\n", "svg -d, " g (i == 1 ? " (best)" : " (median)"), t[i == 1 ? 1 : 2], n, n / tt } }'
	rm -rf "$OUT/svg-$game-copy"
	measure /dev/null cp -r "$OUT/svg-$game" "$OUT/svg-$game-copy"
	awk -v g="$game" -v t="$T" -v n="$n" 'BEGIN { tt = (t + 0 > 0) ? t : 0.01
		printf "%-34s %9.2f %10d %12.0f\n", "cp -r of them (anchor)", t, n, n / tt }'
	rm -rf "$OUT/svg-$game" "$OUT/svg-$game-copy"
done <<'GAMES'
pitarra 26 3000 pitarra
asalto 4 3000 asalto; chain=zigzag
ocencahuac 3 3000 ocencahuac; limit=none; crown=all_three
GAMES

echo
echo "== books: a 300-turn record, a diagram every 10 turns =="
BOOKF=$OUT/book-300.tgn
"$TABLERO" random --game ocencahuac --rules "ocencahuac; limit=none; crown=all_three" \
	--seed 3 --turns 300 > "$BOOKF"
printf "%-34s %9s %8s %10s\n" "step" "time (s)" "pages" "pages/s"
printf "%-34s %9s %8s %10s\n" "----" "--------" "-----" "-------"
rm -rf "$OUT/book" && mkdir -p "$OUT/book"
measure /dev/null "$TABLERO" book --every 10 -d "$OUT/book" "$BOOKF"
[[ $RC -eq 0 ]] || fail "$TABLERO book -d exited $RC"
pages=$(ls "$OUT/book" | wc -l)
awk -v t="$T" -v n="$pages" 'BEGIN { tt = (t + 0 > 0) ? t : 0.01
	printf "%-34s %9.2f %8d %10.1f\n", "tablero book -d (SVG pages)", t, n, n / tt }'
if command -v rsvg-convert > /dev/null; then
	measure /dev/null "$TABLERO" book --every 10 -o "$OUT/book.pdf" "$BOOKF"
	[[ $RC -eq 0 ]] || fail "$TABLERO book -o exited $RC"
	awk -v t="$T" -v n="$pages" 'BEGIN { tt = (t + 0 > 0) ? t : 0.01
		printf "%-34s %9.2f %8d %10.1f\n", "tablero book -o (PDF)", t, n, n / tt }'
	measure /dev/null rsvg-convert -f pdf -o "$OUT/book-anchor.pdf" "$OUT"/book/*.svg
	[[ $RC -eq 0 ]] || fail "rsvg-convert exited $RC"
	awk -v t="$T" -v n="$pages" 'BEGIN { tt = (t + 0 > 0) ? t : 0.01
		printf "%-34s %9.2f %8d %10.1f\n", "rsvg-convert -f pdf, same pages", t, n, n / tt }'
else
	echo "(no rsvg-convert: the PDF and its anchor are not measured)"
fi
rm -rf "$OUT/book" "$OUT/book.pdf" "$OUT/book-anchor.pdf"

# ---- the language server -----------------------------------------------------------
# tablero lsp (issue 34): the CPU of a keystroke's diagnostics and of a
# completion on a 300-turn Ocencahuac record (bench/lsp_latency.py: a
# server with N operations against one with none, the difference over
# N, median of 3); the goals, 50 ms and 20 ms, are reported, not
# asserted. A Python error fails the bench.
echo
echo "== language server: a 300-turn record (CPU per operation) =="
LSPF=$OUT/lsp-300.tgn
"$TABLERO" random --game ocencahuac --seed 1 --turns 300 > "$LSPF"
python3 bench/lsp_latency.py "$TABLERO" "$LSPF" 40 | sed 's/^/  /' ||
	fail "bench/lsp_latency.py exited with an error"

# ---- web pages --------------------------------------------------------------------
# tablero html on a 300-turn record (a random Ocencahuac game that lasts
# 300 turns): pages a second in the library (bench/htmlrate.c, the page
# made 50 times, no file written) and by the command; the page's size
# (goal: under 150 KB); and in Debian's chromium, headless, the time to
# first paint and first contentful paint and to the end of
# DOMContentLoaded, medians of 5 loads (bench/html_paint.js, with the
# puppeteer-core tests/html.sh installs into build/node), beside the same
# for a page of one line (the browser's own cost).
echo
echo "== web pages: a 300-turn record =="
HTMLF=$OUT/html-300.tgn
"$TABLERO" random --game ocencahuac --seed 1 --turns 300 > "$HTMLF"
cc -std=c11 -O2 -Wall -Wextra -Ilib -o "$OUT/htmlrate" bench/htmlrate.c build/libtablero.a \
	$(pkg-config --libs libxml-2.0 libpcre2-8)
read -r made bytes secs < <("$OUT/htmlrate" "$HTMLF" 50)
printf "%-34s %9s %8s %10s %10s\n" "step" "time (s)" "pages" "pages/s" "KB/page"
printf "%-34s %9s %8s %10s %10s\n" "----" "--------" "-----" "-------" "-------"
awk -v n="$made" -v b="$bytes" -v t="$secs" 'BEGIN {
	printf "%-34s %9.3f %8d %10.0f %10.1f\n", "library (300 turns)", t, n, n / t, b / 1000 }'
measure /dev/null "$TABLERO" html -o "$OUT/html-300.html" "$HTMLF"
[[ $RC -eq 0 ]] || fail "$TABLERO html exited $RC"
size=$(wc -c < "$OUT/html-300.html")
awk -v t="$T" -v b="$size" 'BEGIN { tt = (t + 0 > 0) ? t : 0.01
	printf "%-34s %9.2f %8d %10.0f %10.1f\n", "tablero html -o (300 turns)", t, 1, 1 / tt, b / 1000 }'
(( size < 150000 )) || echo "WARNING: the page of 300 turns is $size bytes, over the goal of 150 KB"
if command -v chromium > /dev/null && [[ -d build/node/node_modules/puppeteer-core ]]; then
	printf '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>t</title></head><body><svg><g class="tb-pieces"><circle r="1"/></g></svg><p class="tb-caption">x</p></body></html>\n' \
		> "$OUT/html-anchor.html"
	printf "%-34s %12s %12s %12s\n" "page in chromium (ms, median of 5)" "first paint" "first cont." "DOM loaded"
	for p in html-300 html-anchor; do
		if read -r a b c < <(NODE_PATH=build/node/node_modules node bench/html_paint.js "$OUT/$p.html" 5); then
			printf "%-34s %12s %12s %12s\n" "$p.html" "$a" "$b" "$c"
		else
			fail "bench/html_paint.js failed on $p.html"
		fi
	done
else
	echo "(no chromium or no build/node/node_modules/puppeteer-core -- make html installs them: the paint is not measured)"
fi
rm -f "$OUT/html-300.html" "$OUT/html-anchor.html"

# ---- the transcription desk (spec/desk.md) --------------------------------------
# tablero desk on the same 300-turn record: the page's size (goal: under
# 2 MB) and, in chromium (bench/desk.js, the puppeteer-core tests/desk.sh
# installs), each operation's median and 90th percentile in the page and
# the renderer's busy time per operation (goals: a click's legal
# destinations within 16 ms, validating the record after an edit within
# 50 ms). Where tablero was built without the engine, one line says so.
echo
echo "== the transcription desk: a 300-turn record =="
if "$TABLERO" desk -o "$OUT/desk-300.html" "$HTMLF" 2> "$ERRF"; then
	size=$(wc -c < "$OUT/desk-300.html")
	printf "%-34s %10.1f KB\n" "page (engine, script, record)" "$(awk -v b="$size" 'BEGIN { print b / 1000 }')"
	(( size < 2000000 )) || echo "WARNING: the desk's page is $size bytes, over the goal of 2 MB"
	if command -v chromium > /dev/null && [[ -d build/node/node_modules/puppeteer-core ]]; then
		printf "%-34s %10s %10s %10s\n" "in chromium (ms, 40 runs)" "median" "p90" "busy/op"
		# the goals are the issue's: a median over one says so
		NODE_PATH=build/node/node_modules node bench/desk.js "$OUT/desk-300.html" 40 |
			awk '$1 != "turns" { printf "%-34s %10s %10s %10s\n", $1, $2, $3, $4 }
			     $1 == "click" && $2 + 0 > 16 { w = w "WARNING: a click took " $2 " ms, over the goal of 16 ms\n" }
			     $1 == "edit" && $2 + 0 > 50 { w = w "WARNING: an edit took " $2 " ms, over the goal of 50 ms\n" }
			     END { printf "%s", w }' ||
			fail "bench/desk.js failed"
	else
		echo "(no chromium or no build/node/node_modules/puppeteer-core -- make desk installs them)"
	fi
elif grep -q 'without the desk' "$ERRF"; then
	echo "(tablero built without the desk's engine: $(cat "$ERRF"))"
else
	fail "$TABLERO desk exited with an error"
fi
rm -f "$OUT/desk-300.html"

# ---- grep --------------------------------------------------------------------
# tablero grep -c on the synthetic collection, one selector at a time,
# each beside plain grep -c with the nearest pattern a line-oriented
# grep can take. grep counts lines (variations and all), tablero games
# (-e: the main line's movetext only), so the counts are alike, not
# equal; MB/s and games/s are of the whole file. The
# --event selector replays every game's main line by its rules (the
# synthetic games break them; a replay stops where the rules cannot
# follow), hence slower; a game whose answer the turns after such a stop
# could change is reported and makes the exit status 2 (spec/compare.md
# §4.2), which is what this collection should give: the count of those
# is printed beside it.
# grow LABEL CMD... : measure CMD (exit 0 or 1 fine, 2 = bench failure
# unless GROW_STOPS is set), print a row of the table with the count CMD
# printed.
grow() {
	local label=$1
	shift
	measure "$COUNTF" "$@"
	[[ $RC -le 1 || ( -n ${GROW_STOPS:-} && $RC -eq 2 ) ]] || fail "$* exited $RC"
	printf '%s %9s\n' "$(row "$label" "$T" "$BYTES" "$GAMES" "$RSS")" "$(head -n 1 "$COUNTF")"
}

cat "$FULL" > /dev/null
echo
echo "== grep: $FULL (locale ${LC_ALL:-${LC_CTYPE:-${LANG:-C}}}) =="
printf "%-30s %9s %9s %12s %12s %9s\n" "step" "time (s)" "MB/s" "games/s" "peak RSS MiB" "count"
printf "%-30s %9s %9s %12s %12s %9s\n" "----" "--------" "----" "-------" "------------" "-----"
grow "grep -c '^[Site \"T'" grep -c '^\[Site "T' "$FULL"
grow "tablero grep -j 1 -c --tag Site~^T" "$TABLERO" grep -j 1 -c --tag 'Site~^T' "$FULL"
grow "grep -c 'xd4'" grep -c 'xd4' "$FULL"
grow "tablero grep -j 1 -c -e 'xd4'" "$TABLERO" grep -j 1 -c -e 'xd4' "$FULL"
grow "grep -c 'sequía'" grep -c 'sequía' "$FULL"
grow "tablero grep -j 1 -c --comment" "$TABLERO" grep -j 1 -c --comment 'sequía' "$FULL"
grow "grep -c 'x..x..x'" grep -c 'x[a-g][1-8]x[a-g][1-8]x' "$FULL"
GROW_STOPS=1 grow "tablero grep -j 1 -c --event" "$TABLERO" grep -j 1 -c --event 'capture>=3' "$FULL"
GROW_STOPS=1 grow "tablero grep -j $ALLJ -c --event" "$TABLERO" grep -j "$ALLJ" -c --event 'capture>=3' "$FULL"
echo "(x..x..x: 'x[a-g][1-8]x[a-g][1-8]x', three captures in a row written out;"
echo " --event 'capture>=3': a turn of the main line that, replayed, took three;"
echo " $(grep -c 'error: the rules stop at' "$ERRF" || true) games could not be looked at past a turn the rules refuse)"

# ---- diff --------------------------------------------------------------------
# tablero diff on two records of 10,000 plies each. Random Ocencahuac
# games under "limit=none; crown=all_three" often go on past 10,000
# turns, so tablero random --turns 10000 stops them there: the first
# seeds from 1 on whose game has 10,000 plies give A and C. B is A with
# its Event tag changed, ply 2001 replaced by ply 2003 (same side), a
# comment after ply 5000, a copy of ply 6999 inserted before ply 7001 and
# ply 9001 deleted, renumbered (awk), so that it reads as cleanly as A.
# A against B: a few hunks in a long record; A against C: two
# different games, the Myers worst case (almost every turn differs).
# Then diff --duplicates on the synthetic collection and on its quarter.
DIFF_RULES="limit=none; crown=all_three"
DIFF_PLIES=10000
DIFF_A=$OUT/diff-a.tgn
DIFF_B=$OUT/diff-b.tgn
DIFF_C=$OUT/diff-c.tgn
DIFF_OUT=$OUT/diff.out

# plies FILE: the turns in FILE's movetext (words that are not move
# numbers, results, NAGs or comments; comments on one line each)
plies() {
	awk '/^\[/ { next }
		{ gsub(/\{[^}]*\}/, "")
		  for (i = 1; i <= NF; i++)
			if ($i !~ /^([0-9]+\.(\.\.)?|1-0|0-1|1\/2-1\/2|\*|\$[0-9]+)$/) n++ }
		END { print n + 0 }' "$1"
}

# long_game FILE FIRST_SEED: the first random game from FIRST_SEED on
# (50 seeds tried) with DIFF_PLIES plies, into FILE; its seed in SEED_OK
long_game() {
	local file=$1 s
	for ((s = $2; s < $2 + 50; s++)); do
		if ! "$TABLERO" random --game ocencahuac --rules "$DIFF_RULES" \
			--turns "$DIFF_PLIES" --seed "$s" > "$file" 2> "$ERRF"; then
			fail "$TABLERO random --game ocencahuac --rules '$DIFF_RULES' --turns $DIFF_PLIES --seed $s failed"
		fi
		if [[ $(plies "$file") -eq $DIFF_PLIES ]]; then
			SEED_OK=$s
			return
		fi
	done
	: > "$ERRF"
	fail "no random ocencahuac game ($DIFF_RULES), seeds $2..$((s - 1)), reaches $DIFF_PLIES plies"
}

echo
echo "== diff: two $DIFF_PLIES-ply records (ocencahuac, \"$DIFF_RULES\") =="
long_game "$DIFF_A" 1
SEED_A=$SEED_OK
long_game "$DIFF_C" $((SEED_A + 1))
SEED_C=$SEED_OK
awk -v SUB=2001 -v COM=5000 -v INS=7001 -v DEL=9001 '
/^\[/ { if ($0 ~ /^\[Event /) sub(/"\]$/, ", edited\"]"); print; next }
/^$/ && !mt { print; next }
{ mt = 1; m = m " " $0 }
END {
	res = m; sub(/^.* /, "", res); sub(/ [^ ]*$/, "", m)
	tail = ""
	if (match(m, /\{[^}]*\}$/)) { tail = substr(m, RSTART); m = substr(m, 1, RSTART - 1) }
	n = split(m, w, " ")
	for (i = 1; i <= n; i++) if (w[i] !~ /^[0-9]+\.(\.\.)?$/) p[++k] = w[i]
	p[SUB] = p[SUB + 2]
	p[COM] = p[COM] " {a comment added by hand}"
	for (i = 1; i <= k; i++) {
		if (i == DEL) continue
		if (i == INS) q[++j] = p[i - 2]
		q[++j] = p[i]
	}
	if (tail != "") q[j] = q[j] " " tail
	for (i = 1; i <= j; i++)
		if (i % 2) printf "%d. %s", (i + 1) / 2, q[i]
		else printf " %s\n", q[i]
	if (j % 2) printf "\n"
	print res
}' "$DIFF_A" > "$DIFF_B"
for f in "$DIFF_B" "$DIFF_C"; do
	measure /dev/null "$TABLERO" parse "$f"
	[[ $RC -eq 0 ]] || fail "$TABLERO parse $f exited $RC (the derived records must read cleanly)"
done
echo "A = seed $SEED_A, C = seed $SEED_C; B = A with 5 edits: Event tag, ply 2001 replaced,"
echo "comment after ply 5000, a ply inserted before 7001, ply 9001 deleted"
echo
printf "%-30s %13s %9s %12s %10s %5s\n" "step" "plies" "time (s)" "peak RSS MiB" "out lines" "exit"
printf "%-30s %13s %9s %12s %10s %5s\n" "----" "-----" "--------" "------------" "---------" "----"
for pair in AB AC; do
	if [[ $pair == AB ]]; then
		set -- "tablero diff A B (5 edits)" "$DIFF_A" "$DIFF_B"
	else
		set -- "tablero diff A C (2 games)" "$DIFF_A" "$DIFF_C"
	fi
	measure "$DIFF_OUT" "$TABLERO" diff "$2" "$3"
	[[ $RC -eq 1 ]] || fail "$TABLERO diff $2 $3 exited $RC (1 expected: the records differ)"
	awk -v l="$1" -v pl="$(plies "$2")/$(plies "$3")" -v t="$T" -v r="$RSS" \
		-v n="$(wc -l < "$DIFF_OUT")" -v rc="$RC" 'BEGIN {
		ts = (t + 0 > 0) ? sprintf("%.2f", t) : "<0.01"
		printf "%-30s %13s %9s %12.1f %10d %5d\n", l, pl, ts, r / 1024, n, rc }'
done

echo
echo "== diff --duplicates: $FULL and quarter =="
printf "%-30s %9s %9s %12s %12s %10s\n" "step" "time (s)" "MB/s" "games/s" "peak RSS MiB" "out lines"
printf "%-30s %9s %9s %12s %12s %10s\n" "----" "--------" "----" "-------" "------------" "---------"
for f in full quarter; do
	if [[ $f == full ]]; then
		set -- "$FULL" "$BYTES" "$GAMES"
	else
		set -- "$QUARTER" "$QBYTES" "$QGAMES"
	fi
	measure "$DIFF_OUT" "$TABLERO" diff --duplicates -j 1 "$1"
	[[ $RC -le 1 ]] || fail "$TABLERO diff --duplicates $1 exited $RC"
	printf '%s %10d\n' "$(row "diff --duplicates ($f)" "$T" "$2" "$3" "$RSS")" "$(wc -l < "$DIFF_OUT")"
done
rm -f "$DIFF_OUT"

cat "$FULL" > /dev/null
jobs_beside_one

rules_bench pitarra 700 5 6
rules_bench asalto 2000 7 8 "$ASALTO_SETUP"
rules_bench ocencahuac 2700 5 6
validate_vs_pgn_extract

# the index of a collection: index, find, tree (bench/index.sh)
TABLERO="$TABLERO" bash bench/index.sh

# Python streaming the collection beside python-chess (bench/python.py)
python3 bench/python.py "$FULL" || fail "bench/python.py exited with an error"

# reconstruction: gaps filled, slips looked for (bench/reconstruct.sh)
TABLERO="$TABLERO" bash bench/reconstruct.sh

slips

hostile
