"""Reading records: from a string (loads, a list) and from a file (read,
a stream of them: one record at a time, memory flat however long the
file; read_all, the list)."""
from __future__ import annotations

import ctypes as C
import os
import weakref
from typing import List, Union

from ._errors import TableroError, _ENOMEM, _nomem
from ._lib import _lib, _libc, _p, _enc
from ._record import Record
from ._values import _diags


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


def _line_start(f, offset: int) -> int:
    """The offset of the start of the line that byte 'offset' of 'f' is on."""
    if offset > 0:  # most often a record starts a line: one byte tells
        f.seek(offset - 1)
        if f.read(1) == b"\n":
            return offset
    at = offset
    while at > 0:
        step = min(at, 4096)
        f.seek(at - step)
        chunk = f.read(step)
        nl = chunk.rfind(b"\n")
        if nl >= 0:
            return at - step + nl + 1
        at -= step
    return 0


def _close(src, f, r) -> None:
    """Frees what a Records holds (its finalizer: also when it is dropped
    unfinished)."""
    if r:
        _lib.tb_reader_free(r)
    if f:
        _libc.fclose(f)
    src.close()


class Records:
    """The records of a TGN file, read one at a time (what read() returns):
    an iterator, so memory stays flat however long the file -- only the
    record being read, and those the caller keeps, are in memory.

    Each record is its own: it stays valid after the next one is read and
    after the file is closed, and keeps the bytes it was read from (not
    the file's), so that validate() and to_xml() quote its source as
    loads() of the whole file would, with the file's line numbers.

    The file is opened when read() is called (OSError then); a file that
    cannot be read as TGN (no UTF-8 text, a read error) raises
    TableroError, and memory running out MemoryError, from the iteration
    that meets it. The file is closed at its end, by close() or a with
    block, or when the Records is dropped."""

    def __init__(self, path: Union[str, os.PathLike]):
        self.name = os.fspath(path)
        src = open(self.name, "rb")  # OSError for a missing file
        f = r = None
        try:
            f = _libc.fopen(_enc(self.name), b"rb")
            if not f:
                raise OSError("cannot open %r" % self.name)
            r = _lib.tb_reader_new_file(f, _enc(self.name))
            if not r:
                raise _nomem()
        except BaseException:
            _close(src, f, r)
            raise
        self._src, self._r = src, r
        self._fin = weakref.finalize(self, _close, src, f, r)

    def __iter__(self) -> "Records":
        return self

    def __next__(self) -> Record:
        if not self._fin.alive:
            raise StopIteration
        try:
            h = _next_handle(self._r, self.name)
        except BaseException:
            self.close()
            raise
        if h is None:
            self.close()
            raise StopIteration
        return self._record(h)

    def _record(self, h) -> Record:
        """Record of handle 'h' (which it then owns), just read, with its
        diagnostics and the bytes it was read from: from the start of the
        line it begins on (a reader as loads()'s, its byte order mark
        dropped, when that is the file's start; else one over the part,
        with the file's lines)."""
        try:
            diags = _diags(self._r)
            off = _lib.tb_record_source_offset(h)
            start = _line_start(self._src, off)
            self._src.seek(start)
            data = self._src.read(off - start + _lib.tb_record_source_size(h))
            line = _lib.tb_record_line(h)
        except BaseException:
            _lib.tb_record_free(h)
            raise
        return Record(_handle=h, _source=data, _name=self.name, _diags=diags,
                      _origin=(line, start) if start else None)

    def close(self) -> None:
        """Closes the file; the records read stay valid. Idempotent."""
        self._fin()

    def __enter__(self) -> "Records":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def __repr__(self) -> str:
        return "<Records of %r%s>" % (self.name, "" if self._fin.alive else ", closed")


def read(path: Union[str, os.PathLike]) -> Records:
    """The records of the TGN file at 'path', one at a time: an iterator
    (Records), memory flat however long the file. A record with errors is
    still given (its diagnostics say what; its errors count them).
    ``list(read(path))`` or read_all() makes the list (what read()
    returned before it streamed)::

        for rec in tablero.read("coleccion.tgn"):
            print(rec.tags["Site"], len(rec.main))
    """
    return Records(path)


def read_all(path: Union[str, os.PathLike]) -> List[Record]:
    """Every record of the TGN file at 'path', as a list (all of them in
    memory at once: read() streams them)."""
    with read(path) as records:
        return list(records)
