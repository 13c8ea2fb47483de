"""Searching an index: tablero find from Python (lib/tablero.h, "An index
of a collection"; spec/collection.md §4).

:func:`find` searches an index that `tablero index` made (opened
read-only) and returns a dict per record found, by file and place: the
turn where the position asked for first occurs, as `tablero find` prints
it. Every value given reaches SQLite as a bound parameter.
"""
from __future__ import annotations

import ctypes as C
import os
from typing import Dict, List, Optional, Sequence, Tuple, Union

from ._errors import TableroError, _ENOMEM
from ._lib import _check_layout, _enc, _lib, _libc, _p, _s, _sz

__all__ = ["find"]


class _FindQuery(C.Structure):
    _fields_ = [("game", _s), ("position", _s), ("pattern", _s), ("symmetric", C.c_int),
                ("material", C.c_int * 2), ("event", _s), ("tags", C.POINTER(_s)),
                ("ntags", _sz), ("text", _s)]


class _FindHit(C.Structure):
    _fields_ = [("file", _s), ("offset", _sz), ("size", _sz), ("line", C.c_uint),
                ("number", C.c_long), ("game", _s), ("ply", C.c_long), ("turn", C.c_uint),
                ("side", C.c_int), ("depth", C.c_uint), ("token", _s), ("position", _s)]


_check_layout([(_FindQuery, "tb_find_query"), (_FindHit, "tb_find_hit")])

_HIT_FN = C.CFUNCTYPE(C.c_int, _p, C.POINTER(_FindHit))
for _name, _res, _args in [
    ("tb_index_open", C.c_int, (C.POINTER(_p), _s, C.c_uint, C.c_int, C.POINTER(C.c_void_p))),
    ("tb_index_close", None, (_p,)),
    ("tb_index_errmsg", _s, (_p,)),
    ("tb_index_find", C.c_long, (_p, C.POINTER(_FindQuery), _HIT_FN, _p)),
]:
    _f = getattr(_lib, _name)
    _f.restype = _res
    _f.argtypes = list(_args)


def _text(b: Optional[bytes]) -> Optional[str]:
    return None if b is None else b.decode("utf-8", "replace")


def find(index: Union[str, os.PathLike], *, position: Optional[str] = None,
         pattern: Optional[str] = None, symmetric: bool = False,
         material: Optional[Tuple[Optional[int], Optional[int]]] = None,
         event: Optional[str] = None, tags: Sequence[str] = (), text: Optional[str] = None,
         game: Optional[str] = None) -> List[Dict[str, Union[str, int, None]]]:
    """The records of the index at 'index' that meet every criterion given,
    as `tablero find --index` finds them: a dict per record with its
    'file', 'line', 'number' (its place in the file), 'offset', 'size',
    'game', and where the position asked for first occurs: 'ply' (-1 when
    no position criterion was given), 'turn', 'side', 'depth', 'token' and
    'position'. 'material' is (N, M), None for any; 'tags' are
    "Name=value" strings. TableroError for an index that cannot be opened
    (its message says why) or a position or pattern that does not read.

    >>> [h["file"] for h in find("archivo.db", pattern="R:d1,d2 -:d3",
    ...                          symmetric=True)]        # doctest: +SKIP
    """
    ix = _p()
    why = C.c_void_p()
    rc = _lib.tb_index_open(C.byref(ix), _enc(os.fspath(index)), 0, 5000, C.byref(why))
    if rc == _ENOMEM:
        raise MemoryError("tablero: out of memory")
    if rc:
        msg = C.cast(why, _s).value if why.value else b"cannot open the index"
        _free(why)
        raise TableroError(msg.decode("utf-8", "replace"))
    try:
        keep = [_enc(t) for t in tags]
        arr = (_s * (len(keep) + 1))(*keep)
        m = material or (None, None)
        q = _FindQuery(_opt(game), _opt(position), _opt(pattern), int(bool(symmetric)),
                       (C.c_int * 2)(*(-1 if v is None else int(v) for v in m)), _opt(event),
                       arr, len(keep), _opt(text))
        hits: List[Dict[str, Union[str, int, None]]] = []

        def one(ctx, h):
            h = h.contents
            hits.append({"file": _text(h.file), "line": h.line, "number": h.number,
                         "offset": h.offset, "size": h.size, "game": _text(h.game),
                         "ply": h.ply, "turn": h.turn, "side": h.side, "depth": h.depth,
                         "token": _text(h.token), "position": _text(h.position)})
            return 0

        n = _lib.tb_index_find(ix, C.byref(q), _HIT_FN(one), None)
        if n == _ENOMEM:
            raise MemoryError("tablero: out of memory")
        if n < 0:
            raise TableroError(_lib.tb_index_errmsg(ix).decode("utf-8", "replace"))
        return hits
    finally:
        _lib.tb_index_close(ix)


def _opt(s: Optional[str]) -> Optional[bytes]:
    return None if s is None else _enc(s)


def _free(p: C.c_void_p) -> None:
    if p.value:
        _libc.free(p)
