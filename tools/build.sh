#!/usr/bin/env bash
# The README's entry point: makes sure the build's dependencies are
# installed (tools/deps.sh: a C compiler, make, pkg-config, libxml2,
# PCRE2 and cmocka; on Debian as root it installs what is missing),
# then runs make with the given targets.
#
#   bash tools/build.sh demo     check the samples, write out/
#   bash tools/build.sh check    every test
set -euo pipefail
cd "$(dirname "$0")/.."
bash tools/deps.sh
exec make "$@"
