#!/usr/bin/env bash
# tests/deps.sh -- tools/deps.sh when apt-get cannot install anything
# (no network, no mirror): it must say so and exit 1, for the build's
# dependencies, for fuzzing and for the web pages' browser test alike, so that .ci/run skips fuzzing
# rather than failing, and a build never goes on believing a package
# is there. Runs tools/deps.sh with a PATH of its own, where apt-get
# always fails, `id -u` is 0 and there is no clang, cc or pkg-config.
set -uo pipefail
cd "$(dirname "$0")/.."
if [[ ! -f /etc/debian_version ]]; then
	echo "deps: not Debian, tools/deps.sh does not use apt-get here: skipped"
	exit 0
fi
bin=$(mktemp -d)
trap 'rm -rf "$bin"' EXIT
for t in bash mktemp rm cat; do
	ln -s "$(command -v "$t")" "$bin/$t"
done
printf '#!/bin/sh\necho "apt-get: no network" >&2\nexit 100\n' > "$bin/apt-get"
printf '#!/bin/sh\necho 0\n' > "$bin/id"
chmod +x "$bin/apt-get" "$bin/id"
pass=0 fail=0
for arg in fuzz html lsp ""; do
	err=$(PATH=$bin bash tools/deps.sh $arg 2>&1 >/dev/null)
	rc=$?
	if [[ $rc -eq 1 && $err == *"apt-get could not install"* ]]; then
		pass=$((pass + 1))
	else
		echo "FAIL: tools/deps.sh $arg with a failing apt-get: exit $rc, said:" >&2
		printf '%s\n' "$err" | sed 's/^/  /' >&2
		fail=$((fail + 1))
	fi
done
echo "deps: $pass passed, $fail failed"
[[ $fail -eq 0 ]]
