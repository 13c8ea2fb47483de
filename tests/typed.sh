#!/usr/bin/env bash
# tests/typed.sh -- events and faults travel typed (issue 31): nothing in
# lib/, cli/ or python/tablero reads an event's display text or a
# diagnostic's message back. Fails on the forms that did: a message cut
# at ": " (strstr(msg, ": "), collate_witness.c's old S_reason), events split at
# "; " (strstr(e, "; "), .split("; ")), the events' names kept anywhere
# but lib/event.c's one table, and an event told by the start of its text.
set -uo pipefail
cd "$(dirname "$0")/.."
fail=0
# what a pattern is; the pattern (grep -E); where it may not be
check() {
	local what=$1 re=$2
	shift 2
	local hits
	hits=$(grep -nE "$re" "$@" 2>/dev/null)
	if [[ -n $hits ]]; then
		echo "FAIL: $what:" >&2
		printf '%s\n' "$hits" | sed 's/^/  /' >&2
		fail=$((fail + 1))
	fi
}
src=(lib/*.c lib/*.h cli/*.c cli/*.h)
py=(python/tablero/*.py)
check "a diagnostic's message cut apart" 'strstr\((msg|message|d->message|why)[^,]*, *": "\)|S_reason\(' "${src[@]}"
check "events split at \"; \"" 'strstr\([a-z_>.-]*, *"; "\)' "${src[@]}"
check "events split at \"; \" in Python" "split\\(\"; \"\\)|\\.events\\.split|events\\.split" "${py[@]}"
check "an event told by its text" 'startswith\("(tercia|capture|removal|huff|fortress)' "${py[@]}"
check "a second table of event names" '^[^*/]*"double tercia"' $(ls lib/*.c cli/*.c | grep -v '^lib/event.c$')
check "an event kind compared as text" 'strcmp\([^)]*(kind|event)[^)]*, *"(tercia|double tercia|columpio|removal|capture|pushback|relocation|coronation|stage|huff available|huff|fortress)"\)' "${src[@]}"
if [[ $fail -ne 0 ]]; then
	echo "typed: $fail check(s) failed"
	exit 1
fi
echo "typed: events and faults are read typed (6 checks)"
