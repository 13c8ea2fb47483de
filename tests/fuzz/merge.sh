#!/usr/bin/env bash
# tests/fuzz/merge.sh FUZZ_DIR SEEDS TARGET... -- keeps in
# tests/fuzz/corpus/TARGET/ the inputs of FUZZ_DIR/corpus/TARGET/ (what
# make fuzz grew) and of tests/fuzz/corpus/TARGET/ that reach edges of
# the code the seeds (SEEDS/TARGET/, made again by make) do not: those
# libFuzzer's merge picks, by edges alone (no counters, so few files),
# then the 40 smallest, each named by its SHA-1 as libFuzzer names them.
# The committed corpus stays small: at most 40 files of at most 4 KiB
# a target. (sed, not head, takes the 40: head leaves the pipe early, and
# a sort of more than a pipe's buffer of names would then die of SIGPIPE,
# which pipefail makes the script's end, before the other targets.)
set -euo pipefail
fuzz=$1 seeds=$2
shift 2
cd "$(dirname "$0")/../.."
keep=40
for t in "$@"; do
	tmp=$(mktemp -d)
	mkdir -p "$tmp/seeds" "$tmp/all" "$fuzz/corpus/$t" "tests/fuzz/corpus/$t"
	"$fuzz/fuzz-$t" -merge=1 -use_counters=0 -max_len=4096 "$tmp/seeds" "$seeds/$t" \
		>"$tmp/log" 2>&1
	cp "$tmp/seeds"/* "$tmp/all/" 2>/dev/null || true
	"$fuzz/fuzz-$t" -merge=1 -use_counters=0 -max_len=4096 "$tmp/all" "tests/fuzz/corpus/$t" \
		"$fuzz/corpus/$t" >>"$tmp/log" 2>&1
	rm -f "tests/fuzz/corpus/$t"/*
	(cd "$tmp/all" && for f in *; do [ -e "../seeds/$f" ] || echo "$f"; done) |
		while read -r f; do printf '%s %s\n' "$(wc -c <"$tmp/all/$f")" "$f"; done |
		sort -n | sed -n "1,${keep}p" | while read -r _ f; do cp "$tmp/all/$f" "tests/fuzz/corpus/$t/"; done
	echo "$t: $(ls "tests/fuzz/corpus/$t" | wc -l) inputs kept ($(du -sk "tests/fuzz/corpus/$t" | cut -f1) KiB)"
	rm -rf "$tmp"
done
