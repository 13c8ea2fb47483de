"""Reading records: from a string (loads) and from a file (read)."""
from __future__ import annotations

import ctypes as C
import os
from typing import List, Union

from ._errors import TableroError, _ENOMEM, _nomem
from ._lib import _lib, _p, _enc
from ._record import Record
from ._values import _diags


# ---- reading -----------------------------------------------------------------

def _next_handle(r, name: str):
    """The handle of reader 'r''s next record (the caller's to own), or None
    at the end; MemoryError or TableroError (its diagnostics, else that
    'name' cannot be read) when reading stops."""
    h = _p()
    rc = _lib.tb_reader_next(r, C.byref(h))
    if rc == _ENOMEM:
        raise _nomem()
    if rc < 0:
        raise TableroError("; ".join(d.message for d in _diags(r)) or "%s cannot be read" % name)
    return h.value if rc else None


def loads(text: Union[str, bytes], name: str = "<string>") -> List[Record]:
    """Every record of TGN 'text'. A record with errors is still returned (its
    diagnostics say what; its errors count them)."""
    data = text.encode("utf-8") if isinstance(text, str) else bytes(text)
    r = _lib.tb_reader_new_mem(data, len(data), _enc(name))
    if not r:
        raise _nomem()
    out = []
    try:
        while True:
            h = _next_handle(r, name)
            if h is None:
                return out
            out.append(Record(_handle=h, _source=data, _name=name, _diags=_diags(r)))
    finally:
        _lib.tb_reader_free(r)


def read(path: Union[str, os.PathLike]) -> List[Record]:
    """Every record of the TGN file at 'path'."""
    with open(path, "rb") as f:
        return loads(f.read(), os.fspath(path))
