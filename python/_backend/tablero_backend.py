"""A PEP 517 build backend for the tablero module, with the standard library only.

``pip install ./python`` builds a wheel through this file, so installing
needs neither setuptools nor wheel nor the package index: the module is pure
Python over ctypes, and a wheel is a zip file with three small text files of
metadata (PEP 427, PEP 566). The library built beside it (the checkout's
``build/libtablero.so``, or the one ``TABLERO_LIB`` names) goes into the
wheel, which is then tagged for this platform instead of ``any``, so that
the module installed uses the library it was built with.
"""

import base64
import hashlib
import io
import os
import re
import sysconfig
import tarfile
import zipfile

_HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
_PACKAGE = "tablero"


def _project():
    """The [project] table of pyproject.toml: name, version, description,
    requires-python (read with tomllib where Python has it)."""
    path = os.path.join(_HERE, "pyproject.toml")
    with open(path, "rb") as f:
        raw = f.read()
    try:
        import tomllib
        return tomllib.loads(raw.decode("utf-8"))["project"]
    except ImportError:  # Python < 3.11: the four plain strings we need
        text = raw.decode("utf-8").split("[project]", 1)[1].split("\n[", 1)[0]
        return {k: v for k, v in re.findall(r'^([\w-]+)\s*=\s*"([^"]*)"', text, re.M)}


def _library():
    """The shared library the wheel carries, so that the installed module
    uses the library it was built with, wherever it is installed: the one
    TABLERO_LIB names when it is set (make python gives its build's), else
    the checkout's build/libtablero.so; None when neither is there (the
    module then finds libtablero.so.0 where the system's loader does, as
    after make install)."""
    named = os.environ.get("TABLERO_LIB")
    for path in ([named] if named else []) + [os.path.join(_HERE, os.pardir, "build",
                                                            "libtablero.so")]:
        if os.path.isfile(path):
            return os.path.realpath(path)
    return None


def _files():
    """(path in the wheel, path on disk) of the package, sorted."""
    out = []
    root = os.path.join(_HERE, _PACKAGE)
    for name in sorted(os.listdir(root)):
        path = os.path.join(root, name)
        keep = name.endswith(".py") or name == "py.typed" or name.startswith("libtablero.so")
        if keep and os.path.isfile(path):
            out.append((_PACKAGE + "/" + name, path))
    lib = _library()
    if lib and not any("/libtablero.so" in arc for arc, _ in out):
        out.append((_PACKAGE + "/libtablero.so", lib))
    return sorted(out)


def _metadata(p):
    lines = ["Metadata-Version: 2.1", "Name: " + p["name"], "Version: " + p["version"],
             "Summary: " + p.get("description", "")]
    if p.get("requires-python"):
        lines.append("Requires-Python: " + p["requires-python"])
    readme = os.path.join(_HERE, "README.md")
    body = ""
    if os.path.exists(readme):
        lines.append("Description-Content-Type: text/markdown")
        with open(readme, encoding="utf-8") as f:
            body = "\n" + f.read()
    return ("\n".join(lines) + "\n" + body).encode("utf-8")


def _tag(files):
    """py3-none-any for the pure module; the platform's tag when the
    shared library travels with it."""
    if any("/libtablero.so" in name for name, _ in files):
        plat = re.sub(r"[-.]", "_", sysconfig.get_platform())
        return "py3-none-" + plat, False
    return "py3-none-any", True


def _digest(data):
    h = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=")
    return "sha256=" + h.decode("ascii")


def get_requires_for_build_wheel(config_settings=None):
    return []


def get_requires_for_build_sdist(config_settings=None):
    return []


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    """Writes the wheel into wheel_directory; returns its file name."""
    p = _project()
    files = _files()
    tag, pure = _tag(files)
    dist = "%s-%s" % (p["name"], p["version"])
    info = dist + ".dist-info"
    name = "%s-%s.whl" % (dist, tag)
    record = []
    target = os.path.join(wheel_directory, name)
    with zipfile.ZipFile(target + ".tmp", "w", zipfile.ZIP_DEFLATED) as z:
        def put(arcname, data, mode=0o644):
            zi = zipfile.ZipInfo(arcname, date_time=(1980, 1, 1, 0, 0, 0))
            zi.external_attr = mode << 16
            zi.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(zi, data)
            record.append("%s,%s,%d" % (arcname, _digest(data), len(data)))
        for arcname, path in files:
            with open(path, "rb") as f:
                put(arcname, f.read(), 0o755 if ".so" in arcname else 0o644)
        put(info + "/METADATA", _metadata(p))
        put(info + "/WHEEL", ("Wheel-Version: 1.0\nGenerator: tablero_backend\n"
                              "Root-Is-Purelib: %s\nTag: %s\n"
                              % ("true" if pure else "false", tag)).encode("ascii"))
        record.append(info + "/RECORD,,")
        zi = zipfile.ZipInfo(info + "/RECORD", date_time=(1980, 1, 1, 0, 0, 0))
        zi.external_attr = 0o644 << 16
        z.writestr(zi, "\n".join(record) + "\n")
    os.replace(target + ".tmp", target)
    return name


def build_sdist(sdist_directory, config_settings=None):
    """Writes a source archive of python/ (the module, this backend, the
    metadata); returns its file name."""
    p = _project()
    dist = "%s-%s" % (p["name"], p["version"])
    name = dist + ".tar.gz"
    members = ["pyproject.toml", "README.md", "_backend/tablero_backend.py"]
    members += [arc for arc, path in _files() if ".so" not in arc]
    target = os.path.join(sdist_directory, name)
    with tarfile.open(target + ".tmp", "w:gz", format=tarfile.PAX_FORMAT) as t:
        for rel in members:
            path = os.path.join(_HERE, rel)
            if not os.path.exists(path):
                continue
            with open(path, "rb") as f:
                data = f.read()
            ti = tarfile.TarInfo(dist + "/" + rel)
            ti.size, ti.mode, ti.mtime = len(data), 0o644, 0
            t.addfile(ti, io.BytesIO(data))
        pkg = ("Metadata-Version: 2.1\nName: %s\nVersion: %s\n" % (p["name"], p["version"]))
        data = pkg.encode("utf-8")
        ti = tarfile.TarInfo(dist + "/PKG-INFO")
        ti.size, ti.mode, ti.mtime = len(data), 0o644, 0
        t.addfile(ti, io.BytesIO(data))
    os.replace(target + ".tmp", target)
    return name
