"""Records: their tags, main line and result; writing them (TGN, XML,
SVG) and checking them by their rules."""
from __future__ import annotations

import ctypes as C
from typing import Iterator, List, Optional, Sequence, Tuple, Union

from ._errors import TableroError, PositionUnknown, _ENOMEM, _nomem
from ._lib import (_lib, _libc, _p, _sz, _enc, _text, _take, _dec, _str_out, _Reached,
                   _SvgOpts, _SVG_FN, _TURN_FN, _FAULT_FN, games)
from ._position import Position
from ._replay import Replay
from ._tree import Line, Node, Tags
from ._values import (Comment, Diagnostic, Fault, Played, _KINDS, _RESULTS, _comments,
                      _diags, _events)


class Record:
    """A game record: its tags, its main line and its result.

    ``Record(game="pitarra")`` makes an empty one; :func:`read` and
    :func:`loads` read them. Iterating a record gives its main line's nodes.
    """

    def __init__(self, game: Optional[str] = None, tags: Optional[dict] = None, *,
                 _handle: Optional[int] = None, _source: Optional[bytes] = None,
                 _name: str = "<record>", _diags: Sequence[Diagnostic] = (),
                 _origin: Optional[Tuple[int, int]] = None):
        if _handle is None:
            if game is None:
                raise TypeError("Record() needs game=...")
            g = _lib.tb_game_find(_enc(game))
            if not g:
                raise TableroError("unknown game %r; tablero knows %s"
                                   % (game, ", ".join(games())))
            _handle = _lib.tb_record_new(g)
            if not _handle:
                raise _nomem()
        self._h = _handle
        # how many edits so far: what a line read at once (Line.__iter__)
        # said of its nodes holds while it has not changed
        self._gen = 0
        self._source = _source if _source is not None else b""
        self._origin = _origin  # (line, offset) in its file where _source starts
        self._name = _name
        self.diagnostics: List[Diagnostic] = list(_diags)
        """What the reader said about the record when it was read."""
        for k, v in (tags or {}).items():
            self.tags[k] = v

    def __del__(self, _free=_lib.tb_record_free) -> None:
        """Frees the record's memory once nothing holds it (its nodes, lines
        and replays hold it). __del__ rather than weakref.finalize: a
        collection streamed makes one record a few hundred bytes long, and
        a finalizer cost more than the rest of making it in Python."""
        h = self.__dict__.pop("_h", None)
        if h:
            _free(h)

    def _check(self, rc: int) -> None:
        """After every editor's call (each goes through here): raises what
        'rc' says went wrong; counts an edit, so that no node reads what a
        line said of it before the edit."""
        self._gen += 1
        if rc == _ENOMEM:
            raise _nomem()
        if rc:
            raise TableroError(_dec(_lib.tb_record_error(self._h)) or "error %d" % rc)

    def _insert(self, after: Optional[Node], text: str) -> Optional[Node]:
        out = _p()
        self._check(_lib.tb_line_insert(self._h, _lib.tb_record_main(self._h),
                                        after._h if after else None, _text(text),
                                        C.byref(out)))
        return Node(self, out.value) if out.value else None

    # -- reading
    @property
    def game(self) -> str:
        return _dec(_lib.tb_game_name(_lib.tb_record_game(self._h)))

    @property
    def tags(self) -> Tags:
        """The tags, in canonical order (a mapping that edits the record)."""
        return Tags(self)

    @property
    def errors(self) -> int:
        """Errors the reader found in it (a record with errors is not written)."""
        return _lib.tb_record_errors(self._h)

    @property
    def main(self) -> Line:
        return Line(self, _lib.tb_record_main(self._h))

    def __iter__(self) -> Iterator[Node]:
        return iter(self.main)

    @property
    def result(self) -> str:
        """The result marker: '1-0', '0-1', '1/2-1/2' or '*'."""
        return _RESULTS[_lib.tb_record_result(self._h)]

    @result.setter
    def result(self, value: str) -> None:
        if value not in _RESULTS:
            raise ValueError("a result is 1-0, 0-1, 1/2-1/2 or *")
        self._check(_lib.tb_record_set_result(self._h, _RESULTS.index(value) or 4))

    @property
    def comments(self) -> List[Comment]:
        """The comments before the tags."""
        return _comments(_lib.tb_record_comment, self._h, 0)

    @property
    def trailing_comments(self) -> List[Comment]:
        """The comments after the result."""
        return _comments(_lib.tb_record_comment, self._h, 1)

    def tag_comments(self, index: int) -> List[Comment]:
        """The comments after the index-th tag."""
        return _comments(_lib.tb_record_comment, self._h, index + 2)

    def add_comment(self, text: str, lang: Optional[str] = None, where: str = "before",
                    tag: Optional[int] = None) -> None:
        """Adds a comment before the tags (where='before'), after the result
        ('after'), or after the tag of index 'tag'."""
        w = tag + 2 if tag is not None else (0 if where == "before" else 1)
        self._check(_lib.tb_record_add_comment(self._h, w, _text(text), _text(lang)))

    def walk(self) -> Iterator[Tuple[str, Union[Node, Line], int]]:
        """Every line and node in the order written, as (event, item, depth):
        event 'enter' or 'exit' (a node without variations is only entered),
        in the manner of cmark's iterator. Edits during the walk are safe."""
        it = _lib.tb_iter_new(self._h)
        if not it:
            raise _nomem()
        try:
            while True:
                ev = _lib.tb_iter_next(it)
                if ev == 0:
                    return
                n = _lib.tb_iter_node(it)
                item = Node(self, n) if n else Line(self, _lib.tb_iter_line(it))
                yield ("enter" if ev == 1 else "exit", item, _lib.tb_iter_depth(it))
        finally:
            _lib.tb_iter_free(it)

    def nodes(self) -> Iterator[Node]:
        """Every node, variations included, in the order written."""
        for ev, item, _ in self.walk():
            if ev == "enter" and isinstance(item, Node):
                yield item

    # -- building
    def append(self, text: str) -> Optional[Node]:
        """Appends movetext to the main line; returns the first node added."""
        return self.main.append(text)

    @property
    def movetext(self) -> str:
        """The main line as the canonical form writes it but on one line,
        without comments, NAGs or variations, then the result ("1. d1 a7 *"):
        the text that grep's movetext patterns match. TableroError for a
        record with errors."""
        n = _sz()
        s = _lib.tb_record_movetext(self._h, C.byref(n))
        if not s and not _lib.tb_record_errors(self._h):
            raise _nomem()
        if not s:
            raise TableroError("a record with errors has no movetext")
        return _take(s, n.value)

    # -- writing
    def to_tgn(self) -> str:
        """The record in canonical TGN, as 'tablero fmt' writes it."""
        n = _sz()
        s = _lib.tb_record_write(self._h, C.byref(n))
        if not s and not _lib.tb_record_errors(self._h):
            raise _nomem()
        if not s:
            raise TableroError("a record with errors is not written")
        return _take(s, n.value)

    def _reader(self):
        src = self._source
        r = _lib.tb_reader_new_mem(src, len(src), _enc(self._name))
        if not r:
            raise _nomem()
        if self._origin:  # a part of its file (grep streaming one): the file's lines
            _lib.tb_reader_set_origin(r, self._origin[0], self._origin[1])
        return r, src

    def to_xml(self, positions: bool = False) -> str:
        """The record as a tablero XML document (spec/xml.md)."""
        buf, size = _p(), _sz()
        f = _libc.open_memstream(C.byref(buf), C.byref(size))
        if not f:
            raise TableroError("cannot open a memory stream")
        r, keep = self._reader()
        try:
            w = _lib.tb_xml_writer_new(f, 2 if positions else 0)
            rc = _lib.tb_xml_write_record(w, r, self._h)
            _lib.tb_xml_writer_end(w)
            why = [d.message for d in _diags(r) if d.severity == "error"]
        finally:
            _lib.tb_reader_free(r)
            _libc.fclose(f)
        text = _take(buf.value, size.value) if buf.value else ""
        if rc:
            raise TableroError("; ".join(why) or "the record cannot be written as XML")
        return text

    def to_svg(self, ply: Union[int, Sequence[int]] = -1, size_mm: float = 0,
               grayscale: bool = False) -> Union[str, List[str]]:
        """The position after 'ply' turns of the main line (-1: the last; 0: the
        start) as an SVG document; a list of them for a list of plies."""
        plies = [ply] if isinstance(ply, int) else list(ply)
        arr = (C.c_long * len(plies))(*plies)
        o = _SvgOpts(size_mm, int(grayscale), 0, None, None)
        docs: List[Tuple[int, str]] = []

        def one(ctx, p, svg, n):
            docs.append((p, C.string_at(svg, n).decode("utf-8")))

        cb = _SVG_FN(one)
        why = _str_out()
        rc = _lib.tb_svg_record(self._h, arr, len(plies), C.byref(o), cb, None, C.byref(why))
        msg = _take(why)
        if rc == _ENOMEM:
            raise _nomem()
        if rc < 0 or (isinstance(ply, int) and not docs):
            raise TableroError(msg or "nothing could be drawn")
        out = [d for _, d in docs]
        return out[0] if isinstance(ply, int) else out

    # -- checking
    def validate(self) -> List[Diagnostic]:
        """Replays the record by its game's rules: every diagnostic the reader
        gave when reading it, then those of the rules."""
        r, keep = self._reader()
        try:
            if _lib.tb_reader_validate(r, self._h, _TURN_FN(0), None) == _ENOMEM:
                raise _nomem()
            return list(self.diagnostics) + _diags(r)
        finally:
            _lib.tb_reader_free(r)

    def frames(self) -> Replay:
        """The one reading of the record by its rules: a Frame for every node
        (see Replay). TableroError for a record with errors."""
        return Replay(self)

    def replay(self) -> List[Played]:
        """Every turn whose position the rules know, written or reconstructed
        (a '?' they decide is its turn), main line and variations in the
        order written, with what it did: the turns of frames()."""
        out: List[Played] = []
        decided = [False]

        def one(ctx, rp):
            t = rp.contents
            out.append(Played(t.number, t.side, _dec(t.token), _dec(t.events),
                              _dec(t.position), t.line, t.col, _dec(t.over), _events(t),
                              decided[0]))

        cb = _TURN_FN(one)
        if _lib.tb_record_errors(self._h):
            return out
        rp = Replay(self)
        for i in range(len(rp)):
            alt = C.c_uint()
            n = _lib.tb_replay_node(rp._h, i, C.byref(alt))
            if (alt.value or _lib.tb_replay_status(rp._h, i) > 1 or
                    _KINDS[_lib.tb_node_type(n)] in ("gap", "position", "omitted")):
                continue
            decided[0] = _lib.tb_replay_status(rp._h, i) == 1  # TB_FRAME_RECONSTRUCTED
            if _lib.tb_replay_report(rp._h, i, cb, None) == _ENOMEM:
                raise _nomem()
        return out

    def faults(self) -> List[Fault]:
        """The faults the rules find replaying the record, typed: what
        validate() says of them, in parts."""
        out: List[Fault] = []

        def one(ctx, fp):
            f = fp.contents
            out.append(Fault(f.code, "error" if f.severity == 2 else "warning", f.line, f.col,
                             _dec(f.message), _dec(f.token), _dec(f.reason), _dec(f.position),
                             tuple(_dec(f.candidates[i]) for i in range(f.ncandidates)),
                             _dec(f.repair)))

        cb = _FAULT_FN(one)
        r, keep = self._reader()
        try:
            if _lib.tb_reader_validate_faults(r, self._h, _TURN_FN(0), None, cb,
                                              None) == _ENOMEM:
                raise _nomem()
        finally:
            _lib.tb_reader_free(r)
        return out

    def position(self, node: Optional[Node] = None) -> Position:
        """The position after 'node' (None: the start), on the main line or in a
        variation, as the one replay of the record (frames()) knows it: after
        a turn as written, or one the rules decide (reconstructed).

        Where the rules do not know it -- several positions fit (an open
        stretch) or they cannot follow the record -- PositionUnknown is
        raised, never the position after an earlier turn: its 'last_known'
        is that position, its 'status', 'why' and 'stop' say why."""
        if node is not None and node._rec is not self:
            raise TableroError("the node is not in this record")
        why = _str_out()
        at = _Reached()
        h = _lib.tb_node_engine(self._h, node._h if node else None, C.byref(at), C.byref(why))
        if not h:
            msg = _take(why)
            if msg is None:  # out of memory
                raise _nomem()
            raise TableroError(msg)
        _take(why)
        pos = Position(h)
        pos.reconstructed = bool(at.decided)
        if not at.stopped:
            return pos
        f = Replay(self).find(node)
        where, because = _dec(at.stop), _dec(at.why)
        raise PositionUnknown("the position after %s is %s: the rules stop at %s (%s)" % (
            node.token if node else "the start", f.status, where, because), f.status,
            f.positions, pos, where, because)

    def __eq__(self, other) -> bool:
        return isinstance(other, Record) and bool(_lib.tb_record_equal(self._h, other._h))

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return "<Record %s %s>" % (self.game, dict(list(self.tags.items())[:4]))
