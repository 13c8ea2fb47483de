"""The record tree: lines, nodes, a reading's alternatives and the tags,
each a view into the record's memory (tablero.h, "The record tree")."""
from __future__ import annotations

import ctypes as C
import struct
from collections.abc import MutableMapping
from typing import Dict, Iterator, List, Optional, Tuple, TYPE_CHECKING

from ._errors import TableroError, _ENOMEM, _nomem
from ._lib import _lib, _libc, _p, _s, _SPAN, _EvidenceInfo, _NodeInfo, _enc, _text, _take, _dec
from ._values import Comment, _KINDS, _comments, _part_name, _point

if TYPE_CHECKING:
    from ._position import Position
    from ._record import Record


class _Owned:
    """Something living in a record's memory: it keeps the record alive."""
    __slots__ = ("_rec", "_h")

    def __init__(self, rec: "Record", handle: int):
        self._rec = rec
        self._h = handle

    def __eq__(self, other) -> bool:
        return type(other) is type(self) and other._h == self._h

    def __hash__(self) -> int:
        return hash(self._h)

    def _check(self, rc: int) -> None:
        self._rec._check(rc)


class Alternative:
    """One alternative of a reading: what one witness has there."""

    def __init__(self, node: "Node", index: int):
        self._node, self._i = node, index

    @property
    def kind(self) -> str:
        """'move', 'pass', 'unknown', 'gap', 'position' or 'omitted'."""
        return _KINDS[_lib.tb_alt_type(self._node._h, self._i)]

    @property
    def token(self) -> str:
        return _take(_lib.tb_alt_token(self._node._rec._h, self._node._h, self._i))

    @property
    def reconstructed(self) -> bool:
        return bool(_lib.tb_alt_reconstructed(self._node._h, self._i))

    @property
    def gap(self) -> Optional[Tuple[int, int]]:
        lo, hi = C.c_long(), C.c_long()
        if _lib.tb_alt_gap(self._node._h, self._i, C.byref(lo), C.byref(hi)):
            return None
        return (lo.value, hi.value)

    @property
    def position(self) -> Optional[str]:
        return _take(_lib.tb_alt_position(self._node._rec._h, self._node._h, self._i))

    @property
    def comments(self) -> List[Comment]:
        return _comments(_lib.tb_alt_comment, self._node._h, self._i)

    def add_comment(self, text: str, lang: Optional[str] = None) -> None:
        self._node._check(_lib.tb_alt_add_comment(self._node._rec._h, self._node._h,
                                                  self._i, _text(text), _text(lang)))

    def __repr__(self) -> str:
        return "<Alternative %s>" % self.token


def _evidence(fn, *args) -> Optional[Dict[str, str]]:
    """A link read by 'fn' (tb_node_evidence and its kin) as a dict of the
    parts it has, 'time' and 'region', canonical (spec/tgn.md 8.6); None."""
    info = _EvidenceInfo()  # mirrored, its layout checked at import
    if not fn(*args, C.byref(info)):
        return None
    out = {}
    for what, key in ((0, "time"), (1, "region")):
        buf = C.create_string_buffer(128)  # a page name is at most 32, four numbers
        if _lib.tb_evidence_format(C.byref(info), what, buf, len(buf)):
            out[key] = buf.value.decode("ascii")
    return out


def links(evidence: Optional[Dict[str, str]]) -> str:
    """A link as .evidence gives it, as TGN writes it: "@0:02:10 @p12"."""
    return " ".join("@" + evidence[k] for k in ("time", "region") if k in (evidence or {}))


# ---- a line read at once (tb_line_nodes) ------------------------------------

# tb_node_info as struct reads it, the span flattened: node, token,
# token_len, kind, side, number, reconstructed, span[0..3] (indices 0-10);
# a whole array unpacked in one call
_INFO = struct.Struct("@PNNiiIi4I")
_I_KIND, _I_SIDE, _I_NUMBER, _I_RECONSTRUCTED = 3, 4, 5, 6


def _check_info_format() -> None:
    """_INFO reads what the mirror _NodeInfo holds (whose layout
    _check_layout checked against the library's): else an ImportError."""
    probe = _NodeInfo(1, 2, 3, 4, 5, 6, 7, (C.c_uint * 4)(8, 9, 10, 11))
    if _INFO.size != C.sizeof(_NodeInfo) or \
            _INFO.unpack(bytes(probe)) != tuple(range(1, 12)):
        raise ImportError("tablero: the struct format of tb_node_info does not match its "
                          "ctypes mirror")


_check_info_format()


def _line_nodes(rec: "Record", line) -> Tuple[List[tuple], List[str]]:
    """The nodes of line 'line' of 'rec', read in one call (tb_line_nodes):
    each one's tb_node_info as _INFO unpacks it, and their tokens."""
    out, text = _p(), _p()
    n = _lib.tb_line_nodes(rec._h, line, C.byref(out), C.byref(text))
    if n == _ENOMEM:
        raise _nomem()
    if n < 0:
        raise TableroError("the line cannot be read (%d)" % n)
    try:
        infos = list(_INFO.iter_unpack(C.string_at(out.value, n * _INFO.size)))
        size = infos[-1][1] + infos[-1][2] if infos else 0
        blob = C.string_at(text.value, size)
        tokens = blob.decode("utf-8").split("\0")
        if len(tokens) != n:  # a NUL in a token: by the offsets, then
            tokens = [blob[i[1]:i[1] + i[2]].decode("utf-8") for i in infos]
    finally:
        _libc.free(out)
        _libc.free(text)
    return infos, tokens


class Node(_Owned):
    """A node of a line: a turn, a gap, a restated position or a reading.

    A node given by iterating a line holds what the line, read at once,
    said of it (its kind, token, number, side, span) for as long as the
    record is not edited; after an edit it asks the library again."""
    __slots__ = ("_info", "_tok", "_gen")

    def __init__(self, rec: "Record", handle: int, info: Optional[tuple] = None,
                 token: Optional[str] = None, gen: int = -1):
        self._rec = rec
        self._h = handle
        # from _line_nodes: the node's unpacked tb_node_info and token, and
        # the record's edit count then (they hold while it is the same)
        self._info = info
        self._tok = token
        self._gen = gen

    def _known(self) -> Optional[tuple]:
        """What the line read at once said of this node, while it holds."""
        return self._info if self._gen == self._rec._gen else None

    @property
    def kind(self) -> str:
        """'move', 'pass', 'unknown', 'reading', 'gap' or 'position'."""
        if self._gen == self._rec._gen:  # (inline, not _known(): the hot path)
            return _KINDS[self._info[_I_KIND]]
        return _KINDS[_lib.tb_node_type(self._h)]

    @property
    def token(self) -> str:
        """The node as the canonical form writes it, without its notes."""
        if self._gen == self._rec._gen:
            return self._tok
        return _take(_lib.tb_node_token(self._rec._h, self._h))

    @property
    def number(self) -> int:
        if self._gen == self._rec._gen:
            return self._info[_I_NUMBER]
        return _lib.tb_node_number(self._h)

    @property
    def side(self) -> Optional[int]:
        """0 or 1; None for a node that is no turn of the count."""
        s = self._info[_I_SIDE] if self._gen == self._rec._gen else _lib.tb_node_side(self._h)
        return None if s == 2 else s

    @property
    def written(self) -> Optional[Tuple[int, int]]:
        """(number, side) the record's own numbering gives this turn where
        it is not the count's -- a move number written off the count, and
        the turns numbered on from it (spec/tgn.md 5.1); else None."""
        number, side = C.c_uint(), C.c_int()
        if _lib.tb_node_written(self._h, C.byref(number), C.byref(side)):
            return number.value, side.value
        return None

    @property
    def reconstructed(self) -> bool:
        i = self._known()
        return bool(i[_I_RECONSTRUCTED] if i else _lib.tb_node_reconstructed(self._h))

    @property
    def parts(self) -> List[Tuple[str, str]]:
        """A move's parts: (kind, point), e.g. [('at', 'd2'), ('step', 'd3')];
        a game's own part by its name (tb_part_name)."""
        out = []
        k, f, r = C.c_int(), C.c_int(), C.c_int()
        for i in range(_lib.tb_node_nparts(self._h)):
            _lib.tb_node_part(self._h, i, C.byref(k), C.byref(f), C.byref(r))
            out.append((_part_name(k.value), _point(f.value, r.value)))
        return out

    @property
    def crown(self) -> int:
        return _lib.tb_node_crown(self._h)

    @property
    def nags(self) -> List[int]:
        return [_lib.tb_node_nag(self._h, i) for i in range(_lib.tb_node_nnags(self._h))]

    @property
    def comments(self) -> List[Comment]:
        return _comments(_lib.tb_node_comment, self._h)

    @property
    def gap(self) -> Optional[Tuple[int, int]]:
        """A gap's length (min, max; -1 unknown), or None."""
        lo, hi = C.c_long(), C.c_long()
        if _lib.tb_node_gap(self._h, C.byref(lo), C.byref(hi)):
            return None
        return (lo.value, hi.value)

    @property
    def evidence(self) -> Optional[Dict[str, str]]:
        """Its evidence link (spec/tgn.md 8.6) as the canonical form writes
        it: {'time': '0:02:10-0:02:14', 'region': 'p12#120,340,80,40'}, the
        parts it has; None when it has none."""
        return _evidence(_lib.tb_node_evidence, self._h)

    def comment_evidence(self, i: int) -> Optional[Dict[str, str]]:
        """The evidence link of its i-th comment, as .evidence."""
        return _evidence(_lib.tb_node_comment_evidence, self._h, i)

    def set_evidence(self, links: str) -> None:
        """Sets its evidence links as TGN writes them ("@0:02:10 @p12"; "": none)."""
        self._check(_lib.tb_node_set_evidence(self._rec._h, self._h, _text(links)))

    def set_comment_evidence(self, i: int, links: str) -> None:
        self._check(_lib.tb_node_set_comment_evidence(self._rec._h, self._h, i, _text(links)))

    def comment_marks(self, i: int) -> str:
        """The author's marks of its i-th comment (spec/tgn.md 8.7) as the
        canonical form writes them: "[%cal Ra1a4] [%csl Gd5]"; "" for none."""
        n = _lib.tb_node_comment_marks(self._h, i, None, 0)
        buf = C.create_string_buffer(n + 1)
        _lib.tb_node_comment_marks(self._h, i, buf, n + 1)
        return buf.value.decode("utf-8")

    def set_comment_marks(self, i: int, marks: str) -> None:
        """Sets them, commands as a comment holds them ("": none)."""
        self._check(_lib.tb_node_set_comment_marks(self._rec._h, self._h, i, _text(marks)))

    @property
    def position(self) -> Optional[str]:
        """A restated position in position notation, or None."""
        return _take(_lib.tb_node_position(self._rec._h, self._h))

    @property
    def alternatives(self) -> List[Alternative]:
        return [Alternative(self, i) for i in range(_lib.tb_node_nalts(self._h))]

    @property
    def variations(self) -> List["Line"]:
        out, v = [], _lib.tb_node_variation(self._h)
        while v:
            out.append(Line(self._rec, v))
            v = _lib.tb_line_next(v)
        return out

    @property
    def span(self) -> Tuple[int, int, int, int]:
        """(line, column, end line, end column) in the source; zeros when built."""
        i = self._known()
        if i:
            return i[7:11]
        s = _SPAN()
        _lib.tb_node_span(self._h, s)
        return tuple(s)

    @property
    def next(self) -> Optional["Node"]:
        n = _lib.tb_node_next(self._h)
        return Node(self._rec, n) if n else None

    def add_comment(self, text: str, lang: Optional[str] = None) -> None:
        self._check(_lib.tb_node_add_comment(self._rec._h, self._h, _text(text), _text(lang)))

    def add_nag(self, nag: int) -> None:
        self._check(_lib.tb_node_add_nag(self._rec._h, self._h, nag))

    def add_variation(self, text: str) -> "Line":
        """A new variation of this node, read from 'text' (movetext)."""
        out = _p()
        self._check(_lib.tb_node_add_variation(self._rec._h, self._h, _text(text),
                                               C.byref(out)))
        return Line(self._rec, out.value)

    def insert_after(self, text: str) -> Optional["Node"]:
        """Reads 'text' as movetext and puts it after this node."""
        return self._rec._insert(self, text)

    def remove(self) -> None:
        """Takes the node out of its line, with its notes and variations."""
        self._check(_lib.tb_node_remove(self._rec._h, self._h))

    def position_after(self) -> Position:
        """The position after this node, by the record's rules."""
        return self._rec.position(self)

    def __repr__(self) -> str:
        return "<Node %s %s>" % (self.kind, self.token)


class Line(_Owned):
    """A line of nodes: the main line, or a variation."""
    __slots__ = ()

    def __iter__(self) -> Iterator[Node]:
        """Its nodes in order: the line read at once (tb_line_nodes), each
        node holding what it said of it. An edit during the iteration is
        seen as before: from the last node given, the line as it now is."""
        rec = self._rec
        gen = rec._gen
        last = None
        infos, tokens = _line_nodes(rec, self._h)
        for info, token in zip(infos, tokens):
            if rec._gen != gen:
                break
            last = info[0]
            yield Node(rec, last, info, token, gen)
        else:
            return
        n = _lib.tb_node_next(last) if last else _lib.tb_line_first(self._h)
        while n:
            yield Node(rec, n)
            n = _lib.tb_node_next(n)

    def __len__(self) -> int:
        return sum(1 for _ in self)

    def __getitem__(self, i: int) -> Node:
        return list(self)[i]

    @property
    def comments(self) -> List[Comment]:
        """The comments before its first node."""
        return _comments(_lib.tb_line_comment, self._h)

    def add_comment(self, text: str, lang: Optional[str] = None) -> None:
        self._check(_lib.tb_line_add_comment(self._rec._h, self._h, _text(text), _text(lang)))

    def comment_evidence(self, i: int) -> Optional[Dict[str, str]]:
        """The evidence link of its i-th leading comment, as Node.evidence."""
        return _evidence(_lib.tb_line_comment_evidence, self._h, i)

    def set_comment_evidence(self, i: int, links: str) -> None:
        self._check(_lib.tb_line_set_comment_evidence(self._rec._h, self._h, i, _text(links)))

    def append(self, text: str) -> Optional[Node]:
        """Reads 'text' as movetext ("d2-d3 {fine} a7", "<gap 2>") and appends
        it; returns the first node added (None for comments only)."""
        out = _p()
        self._check(_lib.tb_line_append(self._rec._h, self._h, _text(text), C.byref(out)))
        return Node(self._rec, out.value) if out.value else None

    def insert(self, text: str) -> Optional[Node]:
        """Reads 'text' as movetext and puts it at the line's start."""
        out = _p()
        self._check(_lib.tb_line_insert(self._rec._h, self._h, None, _text(text),
                                        C.byref(out)))
        return Node(self._rec, out.value) if out.value else None

    def remove(self) -> None:
        """Takes this variation away from its node."""
        self._check(_lib.tb_line_remove(self._rec._h, self._h))


class Tags(MutableMapping):
    """A record's tags in canonical order; setting or deleting one edits the
    record (values are checked as the reader checks them)."""

    def __init__(self, rec: "Record"):
        self._rec = rec

    def __getitem__(self, name: str) -> str:
        v = _lib.tb_record_tag(self._rec._h, _enc(name))
        if v is None:
            raise KeyError(name)
        return _dec(v)

    def __setitem__(self, name: str, value: str) -> None:
        self._rec._check(_lib.tb_record_set_tag(self._rec._h, _text(name), _text(value)))

    def __delitem__(self, name: str) -> None:
        if name not in self:
            raise KeyError(name)
        self._rec._check(_lib.tb_record_set_tag(self._rec._h, _enc(name), None))

    def __iter__(self) -> Iterator[str]:
        return iter([k for k, _ in self._items()])

    def __len__(self) -> int:
        return len(self._items())

    def __contains__(self, name) -> bool:
        return _lib.tb_record_tag(self._rec._h, _enc(name)) is not None

    def _items(self) -> List[Tuple[str, str]]:
        out, i = [], 0
        n, v = _s(), _s()
        while _lib.tb_record_tag_at(self._rec._h, i, C.byref(n), C.byref(v)):
            out.append((_dec(n.value), _dec(v.value)))
            i += 1
        return out

    def __repr__(self) -> str:
        return repr(dict(self._items()))
