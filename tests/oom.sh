#!/usr/bin/env bash
# The commands when memory runs out: a record too large for what an
# address-space limit (ulimit -v) leaves the process must end in the one
# line "tablero: out of memory" and exit status 2 -- never an abort or a
# crash -- and fmt -i must leave the file as it was. The library's own
# recovery is tests/unit/test_oom.c's; this is the CLI's.
#
# The limit is the least under which the binary starts, found by halving,
# plus 8 MiB: less than the 15 MiB record's window takes. A binary that
# needs more than 1 GiB of address space to start (AddressSanitizer's
# shadow memory) cannot be tested so: the script says so and passes.
set -euo pipefail
TABLERO=${TABLERO:?set TABLERO}
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
pass=0 fail=0

starts() { (ulimit -v "$1"; "$TABLERO" --help) >/dev/null 2>&1; }
lo=1024 hi=1048576 # KiB
if ! starts "$hi"; then
	echo "oom: skipped (the binary needs more than 1 GiB of address space to start: sanitizers)"
	exit 0
fi
while [ $((hi - lo)) -gt 1024 ]; do
	mid=$(((lo + hi) / 2))
	if starts "$mid"; then hi=$mid; else lo=$mid; fi
done
limit=$((hi + 8192))

python3 -c "import sys; sys.stdout.write('[Game \"pitarra\"]\n\n1. d1 {' + 'x' * (15 << 20) + '} *\n')" \
	>"$scratch/big.tgn"
cp "$scratch/big.tgn" "$scratch/orig.tgn"

check() { # name, then the command's arguments
	local name=$1
	shift
	set +e
	(ulimit -v "$limit"; "$TABLERO" "$@" >"$scratch/out" 2>"$scratch/err")
	local status=$?
	set -e
	if [ "$status" = 2 ] && [ "$(cat "$scratch/err")" = "tablero: out of memory" ]; then
		pass=$((pass + 1))
	else
		fail=$((fail + 1))
		echo "FAIL oom: $name: exit status $status (want 2), standard error:"
		head -c 600 "$scratch/err"
		echo
	fi
}
check "parse" parse -j 1 "$scratch/big.tgn" </dev/null
check "fmt" fmt -j 1 "$scratch/big.tgn" </dev/null
check "fmt from standard input" fmt - <"$scratch/big.tgn"
check "fmt -i" fmt -i "$scratch/big.tgn" </dev/null
if ! cmp -s "$scratch/big.tgn" "$scratch/orig.tgn"; then
	fail=$((fail + 1))
	echo "FAIL oom: fmt -i changed the file it could not read"
fi
echo "oom: $pass passed, $fail failed (limit $limit KiB)"
[ "$fail" = 0 ]
