#!/usr/bin/env bash
# tests/rewrite.sh -- rewriting a file in place (fmt -i, fmt --fix -i, fill -i) and
# replacing an output (-o) never loses it (cli/atomic.c).
#
# 1. What a rewrite keeps: CRLF line ends, a byte order mark, hard links
#    (the same inode under every name), permissions, owner and group
#    (when run as root), a symbolic link (the target is rewritten).
# 2. What it refuses: a file holding only bad bytes, a file with an
#    error in a record, a file with no record -- each left byte for byte
#    as it was, with the exit status said in spec/tgn.md §11.
# 3. Faults: tests/fault_shim.c (LD_PRELOAD) counts the system calls by
#    which the command writes; then, for every step N of each case, the
#    command is run again with step N failing (EIO, ENOSPC) and with the
#    process ended at step N. After each run the file holds its old
#    content or its new one, byte for byte, never a mix or nothing;
#    after a failure the command says so and exits 2, and no temporary
#    file is left. The one exception, documented: a file with several
#    hard links is copied over in place once its new content is whole
#    beside it, so a process ended during that copy may leave a mix --
#    and then the new content must be whole in the NAME.tbXXXXXX beside
#    it (and the message, after a failure, must name that file).
set -euo pipefail
cd "$(dirname "$0")/.."
T=${TABLERO:-build/tablero}
SHIM=${FAULT_SHIM:-build/tests/fault_shim.so}
T=$(realpath "$T")
SHIM=$(realpath "$SHIM")
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "rewrite: FAIL: $*" >&2; }
check() { if eval "$2"; then ok; else bad "$1"; fi; }
# the preloaded shim beside a sanitized binary's runtime
export ASAN_OPTIONS="${ASAN_OPTIONS:-}${ASAN_OPTIONS:+:}verify_asan_link_order=0"
root=0
[ "$(id -u)" = 0 ] && root=1

SAMPLE=samples/pitarra-rodeo-2004-cinta.tgn   # has a gap fill decides
# Not canonical: trailing blanks, so that fmt -i changes every line.
sed 's/$/  /' samples/asalto-fas-1992.tgn > "$W/loose.tgn"

# ---- 1. what a rewrite keeps ------------------------------------------------
d="$W/keep"; mkdir "$d"
{ printf '\xef\xbb\xbf'; sed 's/$/\r/' "$W/loose.tgn"; } > "$d/crlf.tgn"
"$T" fmt -i "$d/crlf.tgn" 2>"$d/err" || bad "fmt -i on a CRLF file with a BOM: exit $?"
check "a byte order mark is kept" '[ "$(head -c 3 "$d/crlf.tgn" | od -An -tx1 | tr -d " ")" = efbbbf ]'
check "every line keeps its CRLF" '[ "$(grep -c $'"'"'\r$'"'"' "$d/crlf.tgn")" = "$(wc -l < "$d/crlf.tgn")" ]'
check "no CR is doubled" '! grep -q $'"'"'\r\r'"'"' "$d/crlf.tgn"'
check "the records are the output of fmt" 'cmp -s <(sed "1s/^\xef\xbb\xbf//; s/\r$//" "$d/crlf.tgn") <("$T" fmt "$W/loose.tgn" 2>/dev/null)'

# fmt --fix -i: the fixes applied, the form kept all the same
{ printf '\xef\xbb\xbf[Game "pitara"]\r\n[Red " Ana"]\r\n\r\n'
  printf '1. c3\xe2\x80\x93c4 a1, 2 b\xef\xbc\x92 g1 *\r\n'; } > "$d/fix.tgn"
{ printf '[Game "pitara"]\n[Red " Ana"]\n\n'
  printf '1. c3\xe2\x80\x93c4 a1, 2 b\xef\xbc\x92 g1 *\n'; } > "$W/fix-lf.tgn"
"$T" fmt --fix -i "$d/fix.tgn" 2>"$d/err" || bad "fmt --fix -i on a CRLF file with a BOM: exit $?"
check "fmt --fix -i tells its fixes" '[ "$(grep -c ": fixed: " "$d/err")" = 6 ]'
check "fmt --fix -i keeps the byte order mark" '[ "$(head -c 3 "$d/fix.tgn" | od -An -tx1 | tr -d " ")" = efbbbf ]'
check "fmt --fix -i keeps CRLF" '[ "$(grep -c $'"'"'\r$'"'"' "$d/fix.tgn")" = "$(wc -l < "$d/fix.tgn")" ]'
check "the records are the output of fmt --fix" 'cmp -s <(sed "1s/^\xef\xbb\xbf//; s/\r$//" "$d/fix.tgn") <("$T" fmt --fix "$W/fix-lf.tgn" 2>/dev/null)'
check "the records rewritten read with no diagnostic" '"$T" parse "$d/fix.tgn" 2>&1 | cmp -s - /dev/null'

cp "$W/loose.tgn" "$d/linked.tgn"
ln "$d/linked.tgn" "$d/other-name.tgn"
chmod 640 "$d/linked.tgn"
[ $root = 1 ] && chown nobody:nogroup "$d/linked.tgn"
before=$(stat -c '%i %h %a %U %G' "$d/linked.tgn")
"$T" fmt -i "$d/linked.tgn" || bad "fmt -i on a hard-linked file: exit $?"
check "inode, links, mode, owner and group kept" '[ "$(stat -c "%i %h %a %U %G" "$d/linked.tgn")" = "$before" ]'
check "the other name sees the new content" 'cmp -s "$d/linked.tgn" "$d/other-name.tgn"'
check "the new content is the output of fmt" 'cmp -s "$d/linked.tgn" <("$T" fmt "$W/loose.tgn" 2>/dev/null)'
check "no temporary file left" '[ -z "$(ls "$d" | grep "\.tb")" ]'

cp "$W/loose.tgn" "$d/own.tgn"
chmod 604 "$d/own.tgn"
[ $root = 1 ] && chown nobody:nogroup "$d/own.tgn"
before=$(stat -c '%a %U %G' "$d/own.tgn")
"$T" fmt -i "$d/own.tgn" || bad "fmt -i: exit $?"
check "mode, owner and group kept through a rename" '[ "$(stat -c "%a %U %G" "$d/own.tgn")" = "$before" ]'

cp "$SAMPLE" "$d/target.tgn"
ln -s target.tgn "$d/link.tgn"
"$T" fill -i "$d/link.tgn" 2>/dev/null || bad "fill -i through a symbolic link: exit $?"
check "the link stays a link" '[ -L "$d/link.tgn" ]'
check "its target is rewritten" 'cmp -s "$d/target.tgn" <("$T" fill "$SAMPLE" 2>/dev/null)'

# A rewrite keeps the evidence of a slip (spec/tgn.md 5.1): a turn left out
# (every number after it one turn ahead), a turn written twice, a slip of
# the pen, one in a variation and one before a gap that fill fills. Rewritten
# by fmt -i or fill -i, the file gives validate's move-number warnings
# (TB302) as before, for the same turns; rewritten again, it is unchanged.
cat > "$d/slips.tgn" <<'TGN'
[Game "pitarra"]
1. d1 a1 2. g1 3. d2 a4 4. g4 a7 5. b6 *

[Game "pitarra"]
1. d1 a1 2. g1 a7 2. d2 c4 3. g4 (3. b4 4. b6) d7 4. f2 *

[Game "pitarra"]
1. d1 a1 2. g1 a7 13. d2 c4 4. g4 b4 *

TGN
# the tape of the sample with a slip before its gap, which fill fills
sed 's/ 18\. c3-c4 g7-g4/ 19. c3-c4 g7-g4/' "$SAMPLE" >> "$d/slips.tgn"
numbers() { # validate's move-number warnings for FILE, one a line: each
	# names the number written and the turn the count is at, so the same
	# lines say the same turns
	"$T" validate "$1" 2>&1 | grep 'TB302' | sed 's/^.*: warning: //' || true
}
was=$(numbers "$d/slips.tgn")
check "the slips are legal otherwise: fill -i rewrites them" '! "$T" validate "$d/slips.tgn" 2>&1 | grep -q error:'
check "the slips give their warnings" '[ "$(wc -l <<<"$was")" = 6 ]'
check "fill -i rewrites them" '"$T" fill "$d/slips.tgn" 2>/dev/null | grep -q reconstructed'
for cmd in fmt fill; do
	cp "$d/slips.tgn" "$d/$cmd-slips.tgn"
	"$T" $cmd -i "$d/$cmd-slips.tgn" 2>/dev/null || [ $? = 1 ] || bad "$cmd -i on slips: exit $?"
	check "$cmd -i keeps the move-number warnings" '[ "$(numbers "$d/$cmd-slips.tgn")" = "$was" ]'
	cp "$d/$cmd-slips.tgn" "$d/$cmd-again.tgn"
	"$T" $cmd -i "$d/$cmd-again.tgn" 2>/dev/null || [ $? = 1 ] || bad "$cmd -i again: exit $?"
	check "$cmd -i of $cmd -i is $cmd -i" 'cmp -s "$d/$cmd-slips.tgn" "$d/$cmd-again.tgn"'
done
check "fill -i fills the gap, numbered on from the slip" \
	'grep -q "^20\. <reconstructed d6-d5> <reconstructed f2-g1>" "$d/fill-slips.tgn"'
check "fmt -i keeps the left-out turn's evidence" \
	'grep -qx "2\. g1" "$d/fmt-slips.tgn" && grep -qx "3\. d2 a4" "$d/fmt-slips.tgn"'

# ---- 2. what it refuses --------------------------------------------------
refuse() { # NAME WANT-EXIT CMD... ; the file is $d/$NAME, kept as it was
	local name=$1 want=$2
	shift 2
	cp "$d/$name" "$d/$name.orig"
	local got=0
	"$@" "$d/$name" 2>"$d/err" >/dev/null || got=$?
	check "$* $name: exit $got, not $want" '[ $got = $want ]'
	check "$* $name: the file is untouched" 'cmp -s "$d/$name" "$d/$name.orig"'
	check "$* $name: nothing left beside it" '[ -z "$(ls "$d" | grep "^$name\.tb")" ]'
}
d="$W/refuse"; mkdir "$d"
printf '\x7f\n' > "$d/del.tgn"
printf '\xff\xfe\x00\n' > "$d/bytes.tgn"
printf '\n\n' > "$d/blank.tgn"
: > "$d/empty.tgn"
printf '[Game "pitarra"]\n\n1. d1 zz9 *\n' > "$d/broken.tgn"
for cmd in fmt fill; do
	refuse del.tgn 1 "$T" $cmd -i
	refuse bytes.tgn 2 "$T" $cmd -i   # UTF-16 by its first bytes: not text (TB112)
	refuse broken.tgn 1 "$T" $cmd -i
	refuse blank.tgn 0 "$T" $cmd -i
	refuse empty.tgn 0 "$T" $cmd -i
done
# with --fix too; a file with no record is not made empty however its
# records' fixes vouch for what was written (cli/atomic.c)
for f in del.tgn:1 bytes.tgn:2 broken.tgn:1 blank.tgn:0 empty.tgn:0; do
	refuse "${f%:*}" "${f#*:}" "$T" fmt --fix -i
done
"$T" fmt -i "$d/del.tgn" 2>"$d/err" || true
check "a refusal says why" 'grep -q "left unchanged: it has errors" "$d/err"'
rm -f "$d/out.xml"
"$T" xml -o "$d/out.xml" "$d/del.tgn" 2>/dev/null && bad "xml -o of a file with an error: exit 0"
check "xml -o writes nothing from a file with errors" '[ ! -e "$d/out.xml" ]'

# ---- 3. faults at every step -----------------------------------------------
# faults CASE KIND SETUP-FILE NEW-FILE CMD... : $f is the file rewritten.
faults() {
	local name=$1 kind=$2 src=$3 new=$4
	shift 4
	local d="$W/fault-$name"
	rm -rf "$d"; mkdir "$d"
	cp "$src" "$d/f.tgn"
	[ "$kind" = linked ] && ln "$d/f.tgn" "$d/g.tgn"
	TB_FAULT_LOG="$d/steps" LD_PRELOAD="$SHIM" "$@" "$d/f.tgn" 2>/dev/null >/dev/null ||
		bad "$name: the run without faults failed"
	cmp -s "$d/f.tgn" "$new" || bad "$name: the run without faults did not write the new content"
	local steps
	steps=$(cat "$d/steps")
	[ "$steps" -ge 5 ] || bad "$name: only $steps steps counted"
	local n mode rc left
	for n in $(seq 1 "$steps"); do
		for mode in fail kill; do
			rm -rf "$d"; mkdir "$d"
			cp "$src" "$d/f.tgn"
			[ "$kind" = linked ] && ln "$d/f.tgn" "$d/g.tgn"
			rc=0
			TB_FAULT_AT=$n TB_FAULT_MODE=$mode LD_PRELOAD="$SHIM" "$@" "$d/f.tgn" \
				>/dev/null 2>"$d/err" || rc=$?
			left=$(ls "$d" | grep '^f\.tgn\.tb' || true)
			if cmp -s "$d/f.tgn" "$src" || cmp -s "$d/f.tgn" "$new"; then
				ok
			elif [ "$kind" = linked ] && [ -n "$left" ] && cmp -s "$d/$left" "$new"; then
				ok # documented: the copy in place cut short, the new content whole beside
			else
				bad "$name: $mode at step $n of $steps: the file is neither old nor new"
			fi
			if [ "$kind" = linked ] && ! cmp -s "$d/f.tgn" "$d/g.tgn"; then
				bad "$name: $mode at step $n: the two names differ"
			fi
			if [ $mode = fail ]; then
				if [ $rc = 0 ]; then # a step whose failure loses nothing (a directory's sync)
					cmp -s "$d/f.tgn" "$new" || bad "$name: fail at step $n: exit 0 without the new content"
					[ "$(stat -c %a "$d/f.tgn")" = "$(stat -c %a "$src")" ] ||
						bad "$name: fail at step $n: exit 0, and the permissions were not kept"
				else
					[ $rc = 2 ] || bad "$name: fail at step $n: exit $rc, not 2"
					grep -q "tablero: cannot" "$d/err" || bad "$name: fail at step $n: nothing said"
					if [ -n "$left" ]; then
						grep -qF "$left" "$d/err" ||
							bad "$name: fail at step $n: $left left and not named"
					fi
				fi
			else
				[ $rc = 137 ] || [ $rc = 0 ] || bad "$name: kill at step $n: exit $rc"
			fi
		done
	done
	echo "rewrite: $name: $steps steps, each failed and cut short"
}
"$T" fmt "$W/loose.tgn" > "$W/loose.new" 2>/dev/null
{ printf '\xef\xbb\xbf'; sed 's/$/\r/' "$W/loose.tgn"; } > "$W/crlf.tgn"
{ printf '\xef\xbb\xbf'; sed 's/$/\r/' "$W/loose.new"; } > "$W/crlf.new"
"$T" fill "$SAMPLE" > "$W/filled.new" 2>/dev/null
faults fmt plain "$W/loose.tgn" "$W/loose.new" "$T" fmt -i
faults fmt-crlf plain "$W/crlf.tgn" "$W/crlf.new" "$T" fmt -i
faults fmt-linked linked "$W/loose.tgn" "$W/loose.new" "$T" fmt -i
faults fill plain "$SAMPLE" "$W/filled.new" "$T" fill -i

echo "rewrite: $pass passed, $fail failed"
[ "$fail" = 0 ]
