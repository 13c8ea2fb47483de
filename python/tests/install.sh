#!/bin/bash
# install.sh DIR -- pip install ./python into DIR (pip --target, build
# isolation on, no index), and into a fresh venv in DIR/venv, and use the
# installed module from elsewhere, TABLERO_LIB unset: the wheel our
# backend builds must install, import and find the library it was built
# with (which it carries) with nothing else at hand.
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
# the installed copy, not the checkout's (run from elsewhere), with the
# library the wheel carries: nothing says where the build is
cd "$dir"
env -u TABLERO_LIB PYTHONPATH="$dir/site" python3 - "$here/.." <<'PY'
import os, sys, tablero
root = sys.argv[1]
assert tablero.__file__.startswith(os.getcwd()), tablero.__file__
assert tablero._lib._name.startswith(os.path.join(os.getcwd(), "site")), tablero._lib._name
recs = list(tablero.read(os.path.join(root, "samples", "pitarra-navajos-1998.tgn")))
assert recs and not [d for d in recs[0].validate() if d.severity == "error"]
assert recs[0].to_tgn().startswith("[Game \"pitarra\"]"), recs[0].to_tgn()[:40]
dist = [d for d in os.listdir(os.path.join(os.getcwd(), "site")) if d.endswith(".dist-info")]
assert dist == ["tablero-%s.dist-info" % tablero.version()], (dist, tablero.version())
print("python install: ok (pip install ./python, %s)" % dist[0])
PY
rm -rf "$dir/venv"
python3 -m venv "$dir/venv" >"$dir/venv.log" 2>&1 ||
	{ cat "$dir/venv.log" >&2; echo "python install: FAIL: python3 -m venv (Debian: python3-venv)" >&2; exit 1; }
PIP_NO_INDEX=1 PIP_DISABLE_PIP_VERSION_CHECK=1 \
	"$dir/venv/bin/python" -m pip install --quiet --no-cache-dir "$here" >"$dir/pip.log" 2>&1 ||
	{ cat "$dir/pip.log" >&2; echo "python install: FAIL: pip install ./python in a venv" >&2; exit 1; }
env -u TABLERO_LIB "$dir/venv/bin/python" - "$here/.." "$dir/venv" <<'PY'
import os, sys, tablero
root, venv = sys.argv[1], sys.argv[2]
assert tablero.__file__.startswith(venv), tablero.__file__
assert tablero._lib._name.startswith(venv), tablero._lib._name
recs = list(tablero.read(os.path.join(root, "samples", "asalto-fas-1992.tgn")))
assert recs and not [d for d in recs[0].validate() if d.severity == "error"]
print("python install: ok (pip install ./python in a fresh venv, the library it carries)")
PY
