"""Catalogues: tablero catalog from Python, over the library's rows
(lib/tablero.h, "Catalogues"; spec/catalog.md).

:func:`catalog` streams a TGN file one record at a time and yields each
row as a dict -- the columns' names as keys, in order; numbers as int,
text as str, and None where the record says nothing -- the very rows that
`tablero catalog --format jsonl` writes, one object per line.
"""
from __future__ import annotations

import ctypes as C
import os
from typing import Dict, Iterator, List, Optional, Tuple, Union

from ._errors import _ENOMEM, _nomem
from ._lib import _lib, _libc, _p, _s, _sz, _enc
from ._read import _next_handle

__all__ = ["catalog", "catalog_columns"]

RECORDS, TURNS = 0, 1  # tb_catalog_table
_NUMBER = 1            # tb_catalog_type

_ROW_FN = C.CFUNCTYPE(None, _p, C.c_int, C.POINTER(_s))
for _name, _res, _args in [
    ("tb_catalog_ncolumns", _sz, (C.c_int,)),
    ("tb_catalog_column", _s, (C.c_int, _sz, C.POINTER(C.c_int))),
    ("tb_catalog_record", C.c_int, (_p, _p, _s, _sz, C.c_uint, _ROW_FN, _p)),
]:
    _f = getattr(_lib, _name)
    _f.restype = _res
    _f.argtypes = list(_args)



def _columns(table: int) -> List[Tuple[str, bool]]:
    out = []
    for i in range(_lib.tb_catalog_ncolumns(table)):
        kind = C.c_int()
        name = _lib.tb_catalog_column(table, i, C.byref(kind))
        out.append((name.decode("ascii"), kind.value == _NUMBER))
    return out


def catalog_columns(turns: bool = False) -> List[str]:
    """The names of the columns of the records' table (or, with 'turns',
    of the turns' table), in order: spec/catalog.md."""
    return [name for name, _ in _columns(TURNS if turns else RECORDS)]


def catalog(path: Union[str, os.PathLike], turns: bool = False,
            name: Optional[str] = None) -> Iterator[Dict[str, Union[str, int, None]]]:
    """The catalogue of the TGN file at 'path', a row per record -- or, with
    'turns', a row per node of each record's main line -- as `tablero
    catalog` makes it (its 'file' column 'name', by default 'path'). The
    file is read one record at a time, so memory stays flat however long
    it is. OSError for a file that cannot be opened, TableroError for one
    that cannot be read (no UTF-8 text), MemoryError when the library ran
    out of memory. A record with errors has its row, naming its first
    error.

    >>> [row["coverage"] for row in catalog("coleccion.tgn")
    ...  if row["unknown"]]                                 # doctest: +SKIP
    """
    table = TURNS if turns else RECORDS
    cols = _columns(table)
    fname = os.fspath(path)
    label = _enc(fname if name is None else name)
    rows: List[Dict[str, Union[str, int, None]]] = []

    def one_row(ctx, which, values):
        row: Dict[str, Union[str, int, None]] = {}
        for i, (col, number) in enumerate(cols):
            v = values[i]
            row[col] = None if v is None else int(v) if number else v.decode("utf-8", "replace")
        rows.append(row)

    fn = _ROW_FN(one_row)
    with open(fname, "rb"):  # OSError for a missing file, as read()
        pass
    f = _libc.fopen(_enc(fname), b"rb")
    if not f:
        raise OSError("cannot open %r" % fname)
    r = _lib.tb_reader_new_file(f, _enc(fname))
    try:
        if not r:
            raise _nomem()
        index = 0
        while True:
            h = _next_handle(r, fname)
            if h is None:
                return
            index += 1
            try:
                rc = _lib.tb_catalog_record(r, h, label, index, 1 << table, fn, None)
            finally:
                _lib.tb_record_free(h)
            if rc == _ENOMEM:
                raise _nomem()
            yield from rows
            rows.clear()
    finally:
        _lib.tb_reader_free(r)
        _libc.fclose(f)
