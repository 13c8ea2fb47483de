#!/bin/bash
# install.sh DIR -- pip install ./python into DIR (pip --target, build
# isolation on, no index) and use the installed module: the wheel our
# backend builds must install and import with nothing else at hand.
set -euo pipefail
dir=${1:?usage: install.sh DIR}
here=$(cd "$(dirname "$0")/.." && pwd)
rm -rf "$dir" && mkdir -p "$dir"
dir=$(cd "$dir" && pwd)
if ! python3 -m pip --version >/dev/null 2>&1; then
	echo "python install: FAIL: python3 has no pip (Debian: python3-pip)" >&2
	exit 1
fi
PIP_NO_INDEX=1 PIP_DISABLE_PIP_VERSION_CHECK=1 PIP_ROOT_USER_ACTION=ignore \
	python3 -m pip install --quiet --no-cache-dir --target "$dir/site" "$here" >"$dir/pip.log" 2>&1 ||
	{ cat "$dir/pip.log" >&2; echo "python install: FAIL: pip install ./python" >&2; exit 1; }
# the installed copy, not the checkout's (run from elsewhere)
cd "$dir"
PYTHONPATH="$dir/site" python3 - "$here/.." <<'PY'
import os, sys, tablero
root = sys.argv[1]
assert tablero.__file__.startswith(os.getcwd()), tablero.__file__
recs = list(tablero.read(os.path.join(root, "samples", "pitarra-navajos-1998.tgn")))
assert recs and not [d for d in recs[0].validate() if d.severity == "error"]
assert recs[0].to_tgn().startswith("[Game \"pitarra\"]"), recs[0].to_tgn()[:40]
dist = [d for d in os.listdir(os.path.join(os.getcwd(), "site")) if d.endswith(".dist-info")]
assert dist == ["tablero-%s.dist-info" % tablero.version()], (dist, tablero.version())
print("python install: ok (pip install ./python, %s)" % dist[0])
PY
