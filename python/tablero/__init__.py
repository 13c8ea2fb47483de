"""tablero: board-game records (TGN) from Python, over libtablero.

The module calls the C library with :mod:`ctypes` (no compiler needed).
It looks for ``libtablero.so`` next to this file, then in the build tree
(``build/`` of the checkout this file sits in), then as the environment
variable ``TABLERO_LIB`` names it, then where the system's loader finds
``libtablero.so.0``.

>>> import tablero
>>> rec = tablero.loads('[Game "pitarra"]\\n\\n1. d1 a7 *\\n')[0]
>>> rec.tags["Game"]
'pitarra'
>>> [n.token for n in rec]
['d1', 'a7']
"""
from __future__ import annotations

import ctypes as C
import ctypes.util
import os
import weakref
from collections.abc import MutableMapping
from dataclasses import dataclass
from typing import Dict, Iterator, List, Optional, Sequence, Tuple, Union

__all__ = [
    "TableroError", "Diagnostic", "Comment", "Record", "Line", "Node", "Alternative",
    "Position", "Turn", "Played", "Event", "EVENT_KINDS", "Fault", "Replay", "Frame",
    "PositionUnknown", "read", "loads", "games", "version", "links",
    "Query", "Match", "Span", "Unsure", "GrepError", "grep",
]


class TableroError(Exception):
    """An error the library reported; its message is the library's."""


class PositionUnknown(TableroError):
    """The rules do not know the position asked for: several are possible
    there (status "open") or they cannot follow the record there
    ("unknown"). Never a position after an earlier turn given silently:
    'last_known' holds the last position the rules knew on the way (a
    Position, or None), 'why' says why in words, 'stop' where they stopped
    ("10... a4-a5", "<gap>"), 'positions' how many positions fit (0 when
    the rules cannot say)."""

    def __init__(self, message: str, status: str, positions: int,
                 last_known: Optional["Position"], stop: str, why: str):
        super().__init__(message)
        self.status = status
        self.positions = positions
        self.last_known = last_known
        self.stop = stop
        self.why = why


_ENOMEM = -2  # TB_ENOMEM: the library ran out of memory (MemoryError here)


def _nomem() -> MemoryError:
    return MemoryError("tablero: out of memory")


# ---- finding and declaring the library -------------------------------------

def _find_library() -> C.CDLL:
    here = os.path.dirname(os.path.abspath(__file__))
    tried = []
    names = [os.path.join(here, "libtablero.so"),
             os.path.join(here, "libtablero.so.0"),
             os.path.join(here, os.pardir, os.pardir, "build", "libtablero.so")]
    if os.environ.get("TABLERO_LIB"):
        names.insert(0, os.environ["TABLERO_LIB"])
    for path in names:
        if os.path.exists(path):
            return C.CDLL(os.path.abspath(path))
        tried.append(path)
    found = ctypes.util.find_library("tablero")
    for name in ([found] if found else []) + ["libtablero.so.0", "libtablero.so"]:
        try:
            return C.CDLL(name)
        except OSError:
            tried.append(name)
    raise ImportError("libtablero not found (tried %s); build it with 'make' or set "
                      "TABLERO_LIB" % ", ".join(tried))


_lib = _find_library()
# free, open_memstream, fclose as the process resolves them -- the very
# free the library's malloc pairs with, even when a tool (AddressSanitizer
# in make check-san) interposes them; libc's own table would not be that
_libc = C.CDLL(None)

_p = C.c_void_p
_s = C.c_char_p
_sz = C.c_size_t


class _DiagPlace(C.Structure):
    _fields_ = [("note", C.c_uint), ("line", C.c_uint), ("col", C.c_uint)]


class _Diag(C.Structure):
    _fields_ = [("severity", C.c_int), ("code", C.c_int), ("file", _s),
                ("line", C.c_uint), ("col", C.c_uint), ("end_col", C.c_uint),
                ("message", _s), ("source", _s), ("source_col", C.c_uint), ("note", _s),
                ("nplaces", _sz), ("places", C.POINTER(_DiagPlace))]


class _EvidenceInfo(C.Structure):
    _fields_ = [("from_ms", C.c_longlong), ("to_ms", C.c_longlong), ("page", _s),
                ("x", C.c_ulong), ("y", C.c_ulong), ("w", C.c_ulong), ("h", C.c_ulong)]


class _Fault(C.Structure):
    _fields_ = [("code", C.c_int), ("severity", C.c_int), ("line", C.c_uint), ("col", C.c_uint),
                ("end_col", C.c_uint), ("message", _s), ("token", _s), ("reason", _s),
                ("position", _s), ("ncandidates", _sz), ("candidates", C.POINTER(_s)),
                ("repair", _s)]


class _Reached(C.Structure):
    _fields_ = [("ply", C.c_long), ("last", C.c_char * 96), ("stopped", C.c_int),
                ("line", C.c_uint), ("col", C.c_uint), ("stop", C.c_char * 96),
                ("why", C.c_char * 320), ("decided", C.c_int), ("open", C.c_int),
                ("fits", C.c_ulonglong), ("gap", C.c_int), ("positions", _sz),
                ("settled", C.c_ulonglong)]


class _TurnEvent(C.Structure):
    _fields_ = [("kind", _s), ("point", _s), ("to", _s), ("count", C.c_uint),
                ("type", C.c_int), ("piece_side", C.c_int), ("piece_type", C.c_char),
                ("piece_crowned", C.c_int)]


class _TurnReport(C.Structure):
    _fields_ = [("number", C.c_uint), ("side", C.c_int), ("token", _s), ("position", _s),
                ("events", _s), ("line", C.c_uint), ("col", C.c_uint), ("nevents", _sz),
                ("ev", C.POINTER(_TurnEvent)), ("over", _s)]


class _SvgOpts(C.Structure):
    # ORDER: tb_svg_opts (tablero.h), every field: the library reads them all
    _fields_ = [("size_mm", C.c_double), ("grayscale", C.c_int), ("no_coords", C.c_int),
                ("tags", C.POINTER(_s)), ("sheet", _s), ("lang", C.c_void_p),
                ("caption", C.c_int), ("text_only", C.c_int)]


def _decl(name: str, res, *args) -> None:
    f = getattr(_lib, name)
    f.restype = res
    f.argtypes = list(args)


def _check_layout(mirrors) -> None:
    """Each ctypes mirror against the struct the library was built with
    (tb_struct_layout): its size, every field's offset, and the number of
    fields. A mirror that drifted is an ImportError, never a library
    reading past what it was given."""
    _decl("tb_struct_layout", C.c_long, _s, _s)
    _decl("tb_struct_nfields", _sz, _s)
    for cls, name in mirrors:
        c_name = name.encode("ascii")
        wrong = []
        if _lib.tb_struct_layout(c_name, None) != C.sizeof(cls):
            wrong.append("size %d, the library's %d" % (C.sizeof(cls),
                                                       _lib.tb_struct_layout(c_name, None)))
        if _lib.tb_struct_nfields(c_name) != len(cls._fields_):
            wrong.append("%d fields, the library's %d" % (len(cls._fields_),
                                                         _lib.tb_struct_nfields(c_name)))
        for field, _ in cls._fields_:
            at = _lib.tb_struct_layout(c_name, field.encode("ascii"))
            if at != getattr(cls, field).offset:
                wrong.append("%s at %d, the library's %d" % (field, getattr(cls, field).offset, at))
        if wrong:
            raise ImportError("tablero: the module's copy of %s does not match libtablero "
                              "(%s): %s" % (name, getattr(_lib, "_name", "?"), "; ".join(wrong)))


_check_layout([(_Diag, "tb_diag"), (_DiagPlace, "tb_diag_place"), (_Reached, "tb_reached"),
               (_TurnReport, "tb_turn_report"), (_TurnEvent, "tb_turn_event"),
               (_Fault, "tb_fault"), (_SvgOpts, "tb_svg_opts"),
               (_EvidenceInfo, "tb_evidence_info")])


_str_out = C.POINTER(C.c_char)  # a string the caller frees: kept as a pointer
_SPAN = C.c_uint * 4
_LEGAL_FN = C.CFUNCTYPE(None, _p, _s, _s, _s)
_SVG_FN = C.CFUNCTYPE(None, _p, C.c_long, C.POINTER(C.c_char), _sz)
_TURN_FN = C.CFUNCTYPE(None, _p, C.POINTER(_TurnReport))
_FAULT_FN = C.CFUNCTYPE(None, _p, C.POINTER(_Fault))

for _name, _res, _args in [
    ("tb_version", _s, ()),
    ("tb_game_find", _p, (_s,)), ("tb_game_at", _p, (_sz,)), ("tb_game_name", _s, (_p,)),
    ("tb_reader_new_mem", _p, (_p, _sz, _s)), ("tb_reader_next", C.c_int, (_p, C.POINTER(_p))),
    ("tb_reader_ndiags", _sz, (_p,)), ("tb_reader_diag", C.POINTER(_Diag), (_p, _sz)),
    ("tb_reader_free", None, (_p,)),
    ("tb_reader_validate", C.c_int, (_p, _p, _TURN_FN, _p)),
    ("tb_reader_validate_faults", C.c_int, (_p, _p, _TURN_FN, _p, _FAULT_FN, _p)),
    ("tb_record_free", None, (_p,)), ("tb_record_errors", _sz, (_p,)),
    ("tb_record_game", _p, (_p,)), ("tb_record_tag", _s, (_p, _s)),
    ("tb_record_tag_at", C.c_int, (_p, _sz, C.POINTER(_s), C.POINTER(_s))),
    ("tb_record_write", _str_out, (_p, C.POINTER(_sz))),
    ("tb_record_movetext", _str_out, (_p, C.POINTER(_sz))),
    ("tb_reader_set_origin", None, (_p, C.c_uint, _sz)),
    ("tb_record_equal", C.c_int, (_p, _p)),
    ("tb_record_error", _s, (_p,)), ("tb_record_main", _p, (_p,)),
    ("tb_record_result", C.c_int, (_p,)),
    ("tb_record_comment", _s, (_p, _sz, _sz, C.POINTER(_s))),
    ("tb_line_first", _p, (_p,)), ("tb_line_next", _p, (_p,)),
    ("tb_line_comment", _s, (_p, _sz, C.POINTER(_s))), ("tb_line_span", None, (_p, _SPAN)),
    ("tb_node_type", C.c_int, (_p,)), ("tb_node_next", _p, (_p,)),
    ("tb_node_variation", _p, (_p,)), ("tb_node_number", C.c_uint, (_p,)),
    ("tb_node_side", C.c_int, (_p,)), ("tb_node_reconstructed", C.c_int, (_p,)),
    ("tb_node_written", C.c_int, (_p, C.POINTER(C.c_uint), C.POINTER(C.c_int))),
    ("tb_node_token", _str_out, (_p, _p)), ("tb_node_nparts", _sz, (_p,)),
    ("tb_node_part", C.c_int, (_p, _sz, C.POINTER(C.c_int), C.POINTER(C.c_int),
                               C.POINTER(C.c_int))),
    ("tb_node_crown", C.c_int, (_p,)), ("tb_node_nnags", _sz, (_p,)),
    ("tb_node_nag", C.c_int, (_p, _sz)),
    ("tb_node_comment", _s, (_p, _sz, C.POINTER(_s))),
    ("tb_node_gap", C.c_int, (_p, C.POINTER(C.c_long), C.POINTER(C.c_long))),
    ("tb_node_evidence", C.c_int, (_p, C.POINTER(_EvidenceInfo))),
    ("tb_node_comment_evidence", C.c_int, (_p, _sz, C.POINTER(_EvidenceInfo))),
    ("tb_line_comment_evidence", C.c_int, (_p, _sz, C.POINTER(_EvidenceInfo))),
    ("tb_node_set_evidence", C.c_int, (_p, _p, _s)),
    ("tb_node_set_comment_evidence", C.c_int, (_p, _p, _sz, _s)),
    ("tb_line_set_comment_evidence", C.c_int, (_p, _p, _sz, _s)),
    ("tb_evidence_format", _sz, (C.POINTER(_EvidenceInfo), C.c_int, C.c_char_p, _sz)),
    ("tb_node_comment_marks", _sz, (_p, _sz, C.c_char_p, _sz)),
    ("tb_node_set_comment_marks", C.c_int, (_p, _p, _sz, _s)),
    ("tb_node_position", _str_out, (_p, _p)), ("tb_node_span", None, (_p, _SPAN)),
    ("tb_node_nalts", _sz, (_p,)), ("tb_alt_type", C.c_int, (_p, _sz)),
    ("tb_alt_reconstructed", C.c_int, (_p, _sz)), ("tb_alt_token", _str_out, (_p, _p, _sz)),
    ("tb_alt_gap", C.c_int, (_p, _sz, C.POINTER(C.c_long), C.POINTER(C.c_long))),
    ("tb_alt_position", _str_out, (_p, _p, _sz)),
    ("tb_alt_comment", _s, (_p, _sz, _sz, C.POINTER(_s))),
    ("tb_iter_new", _p, (_p,)), ("tb_iter_next", C.c_int, (_p,)),
    ("tb_iter_node", _p, (_p,)), ("tb_iter_line", _p, (_p,)),
    ("tb_iter_depth", C.c_uint, (_p,)), ("tb_iter_free", None, (_p,)),
    ("tb_record_new", _p, (_p,)), ("tb_record_set_tag", C.c_int, (_p, _s, _s)),
    ("tb_record_set_result", C.c_int, (_p, C.c_int)),
    ("tb_record_add_comment", C.c_int, (_p, _sz, _s, _s)),
    ("tb_line_insert", C.c_int, (_p, _p, _p, _s, C.POINTER(_p))),
    ("tb_line_append", C.c_int, (_p, _p, _s, C.POINTER(_p))),
    ("tb_line_add_comment", C.c_int, (_p, _p, _s, _s)),
    ("tb_node_add_variation", C.c_int, (_p, _p, _s, C.POINTER(_p))),
    ("tb_node_add_nag", C.c_int, (_p, _p, C.c_int)),
    ("tb_node_add_comment", C.c_int, (_p, _p, _s, _s)),
    ("tb_alt_add_comment", C.c_int, (_p, _p, _sz, _s, _s)),
    ("tb_node_remove", C.c_int, (_p, _p)), ("tb_line_remove", C.c_int, (_p, _p)),
    ("tb_node_engine", _p, (_p, _p, C.POINTER(_Reached), C.POINTER(_str_out))),
    ("tb_reader_replay", _p, (_p, _p)), ("tb_replay_free", None, (_p,)),
    ("tb_replay_count", _sz, (_p,)), ("tb_replay_find", C.c_long, (_p, _p, C.c_uint)),
    ("tb_replay_node", _p, (_p, C.c_long, C.POINTER(C.c_uint))),
    ("tb_replay_status", C.c_int, (_p, C.c_long)), ("tb_replay_stop", C.c_int, (_p, C.c_long)),
    ("tb_replay_depth", C.c_uint, (_p, C.c_long)), ("tb_replay_ply", C.c_long, (_p, C.c_long)),
    ("tb_replay_positions", _sz, (_p, C.c_long)),
    ("tb_replay_fits", C.c_ulonglong, (_p, C.c_long)),
    ("tb_replay_code", C.c_int, (_p, C.c_long)),
    ("tb_replay_position", _str_out, (_p, C.c_long)),
    ("tb_replay_engine", _p, (_p, C.c_long)), ("tb_replay_token", _str_out, (_p, C.c_long)),
    ("tb_replay_report", C.c_int, (_p, C.c_long, _TURN_FN, _p)),
    ("tb_replay_why", _str_out, (_p, C.c_long)),
    ("tb_record_engine", _p, (_p, C.c_long, C.POINTER(_Reached), C.POINTER(_str_out))),
    ("tb_engine_new", _p, (_p, _s, _s, C.POINTER(_str_out))),
    ("tb_engine_free", None, (_p,)), ("tb_engine_position", _str_out, (_p,)),
    ("tb_engine_board", _str_out, (_p, C.c_uint)), ("tb_engine_over", _str_out, (_p,)),
    ("tb_engine_to_move", C.c_int, (_p,)), ("tb_engine_status", C.c_int, (_p,)),
    ("tb_engine_legal", _sz, (_p, _LEGAL_FN, _p)),
    ("tb_engine_play", C.c_int, (_p, _s, C.POINTER(_str_out), C.POINTER(_str_out))),
    ("tb_engine_legal_turns", _sz, (_p, _TURN_FN, _p)),
    ("tb_engine_play_turn", C.c_int, (_p, _s, _TURN_FN, _p, C.POINTER(_str_out))),
    ("tb_event_name", _s, (C.c_int,)), ("tb_event_kind_of", C.c_int, (_s,)),
    ("tb_event_kind_next", C.c_int, (C.c_int,)),
    ("tb_xml_writer_new", _p, (_p, C.c_int)),
    ("tb_xml_write_record", C.c_int, (_p, _p, _p)),
    ("tb_xml_writer_end", C.c_int, (_p,)),
    ("tb_svg_record", C.c_int, (_p, C.POINTER(C.c_long), _sz, C.POINTER(_SvgOpts), _SVG_FN,
                                _p, C.POINTER(_str_out))),
]:
    _decl(_name, _res, *_args)

_libc.free.argtypes = [_p]
_libc.free.restype = None
_libc.open_memstream.argtypes = [C.POINTER(_p), C.POINTER(_sz)]
_libc.open_memstream.restype = _p
_libc.fclose.argtypes = [_p]
_libc.fclose.restype = C.c_int


def _take(ptr, size: Optional[int] = None) -> Optional[str]:
    """The C string at 'ptr' (which the caller frees) as str; frees it."""
    if not ptr:
        return None
    try:
        raw = C.string_at(ptr, size) if size is not None else C.string_at(ptr)
        return raw.decode("utf-8")
    finally:
        _libc.free(C.cast(ptr, _p))


def _enc(s: Optional[str]) -> Optional[bytes]:
    return None if s is None else s.encode("utf-8")


def _text(s: Optional[str]) -> Optional[bytes]:
    """Text for a record (a comment, a tag's value, movetext), as _enc,
    but a NUL -- where the library's C string would end, the rest lost --
    or a lone surrogate is refused; the library refuses the rest of what
    the reader would (control characters, ...)."""
    if s is not None and "\0" in s:
        raise TableroError("a NUL character cannot be in a record's text")
    try:
        return _enc(s)
    except UnicodeEncodeError as e:
        raise TableroError(f"text that is not UTF-8: {e.reason}") from None


def _dec(b: Optional[bytes]) -> Optional[str]:
    return None if b is None else b.decode("utf-8")


def version() -> str:
    """The library's version, "MAJOR.MINOR.PATCH"."""
    return _dec(_lib.tb_version())


def games() -> List[str]:
    """The names of the games tablero knows."""
    out, i = [], 0
    while True:
        g = _lib.tb_game_at(i)
        if not g:
            return out
        out.append(_dec(_lib.tb_game_name(g)))
        i += 1


# ---- values --------------------------------------------------------------

@dataclass(frozen=True)
class Diagnostic:
    """A problem found in a record: where, its code (TB-number) and message."""
    file: str
    line: int
    column: int
    code: int
    message: str
    severity: str  # "error" or "warning"
    note: Optional[str] = None
    # the places of the source its words name (tb_diag.places): (note, line,
    # column) -- note 0 the message, k its note's k-th line; column 0 a whole line
    places: Tuple[Tuple[int, int, int], ...] = ()

    def __str__(self) -> str:
        return "%s:%d:%d: %s: %s [TB%03d]" % (self.file, self.line, self.column,
                                             self.severity, self.message, self.code)


@dataclass(frozen=True)
class Comment:
    """A comment's text and its language ("es"), or None."""
    text: str
    lang: Optional[str] = None


@dataclass(frozen=True)
class Event:
    """One thing a turn did (spec/tgn.md, "Derived events"): its kind, one of
    EVENT_KINDS ("tercia", "capture", ...), the point it happened on and where
    a piece went (or a tercia's last point), each "d3" or None, and for
    "fortress" the attackers in the fortress. The piece it concerns, as it
    stood then (tb_turn_event): its side (0 first, 1 second; -1 none, as for
    "fortress"), its kind as the game's notation letters it ("E" in
    Ocencahuac; None where a side's pieces are all alike), crowned or not."""
    kind: str
    point: Optional[str] = None
    to: Optional[str] = None
    count: int = 0
    piece_side: int = -1
    piece_type: Optional[str] = None
    piece_crowned: bool = False


@dataclass(frozen=True)
class Fault:
    """A fault the rules find (tb_fault): the diagnostic's code, severity and
    place; the turn or gap it is about as written, apart from the reason (the
    message is "token: reason", or the reason alone when token is None); the
    position it happened in; the turns or readings that fit (candidates); the
    one the replay went on with (repair)."""
    code: int
    severity: str          # "error" or "warning"
    line: int
    column: int
    message: str
    token: Optional[str]
    reason: str
    position: Optional[str]
    candidates: Tuple[str, ...]
    repair: Optional[str]


@dataclass(frozen=True)
class Played:
    """A turn as the rules played it when replaying a record."""
    number: int
    side: int
    token: str
    events: str            # "tercia a1-a7; removal d5", or "": for display
    position: str          # the position after it
    line: int
    column: int
    over: Optional[str]    # None while the game goes on; else the result and why
    typed: Tuple[Event, ...] = ()  # the same events, typed
    reconstructed: bool = False  # a '?', '?' point or gap the rules decide: not written


@dataclass(frozen=True)
class Turn:
    """A legal turn: its canonical token, its events ("tercia a1-a7; removal d5"
    or "", for display; typed in 'typed'), and the position after it in
    position notation."""
    token: str
    events: str
    position: str
    typed: Tuple[Event, ...] = ()


_KINDS = ["move", "pass", "unknown", "reading", "gap", "position", "omitted"]
_RESULTS = ["*", "1-0", "0-1", "1/2-1/2", "*"]
_PARTS = ["at", "step", "hop", "capture", "remove", "push", "relocate", "huff"]


def _diags(r) -> List[Diagnostic]:
    out = []
    for i in range(_lib.tb_reader_ndiags(r)):
        d = _lib.tb_reader_diag(r, i).contents
        out.append(Diagnostic(_dec(d.file), d.line, d.col, d.code, _dec(d.message),
                              "error" if d.severity == 2 else "warning", _dec(d.note),
                              tuple((d.places[k].note, d.places[k].line, d.places[k].col)
                                    for k in range(d.nplaces))))
    return out


def _comments(fn, *args) -> List[Comment]:
    out, i = [], 0
    while True:
        lang = _s()
        t = fn(*args, i, C.byref(lang))
        if t is None:
            return out
        out.append(Comment(_dec(t), _dec(lang.value)))
        i += 1


def _event_kinds() -> Iterator[int]:
    k = _lib.tb_event_kind_next(0)
    while k:
        yield k
        k = _lib.tb_event_kind_next(k)


# the library's event names, the shared kinds' then the games' own (tb_event_kind_next)
EVENT_KINDS: Tuple[str, ...] = tuple(_dec(_lib.tb_event_name(k)) for k in _event_kinds())


def _events(t) -> Tuple[Event, ...]:
    """The typed events of tb_turn_report 't' (borrowed: copied here)."""
    return tuple(Event(_dec(_lib.tb_event_name(e.type)), _dec(e.point), _dec(e.to), e.count,
                       e.piece_side, e.piece_type.decode("ascii") if e.piece_type != b"\0" else None,
                       bool(e.piece_crowned))
                 for e in (t.ev[i] for i in range(t.nevents)))


def _point(file: int, rank: int) -> str:
    return "?" if file < 0 else "%s%d" % (chr(ord("a") + file), rank + 1)


# ---- positions -------------------------------------------------------------

class Position:
    """A position of a game, held by the rules engine: what is on the board,
    who is to move, the legal turns, and playing one."""

    def __init__(self, handle: int):
        self._h = handle
        self._fin = weakref.finalize(self, _lib.tb_engine_free, handle)
        # Record.position() and Replay.position() set it: the turn that led
        # here is one the rules decided (a '?', '?' point or gap), not written
        self.reconstructed = False

    @classmethod
    def start(cls, game: str, rules: Optional[str] = None,
              position: Optional[str] = None) -> "Position":
        """The start of 'game' under 'rules', or 'position' (notation)."""
        g = _lib.tb_game_find(_enc(game))
        if not g:
            raise TableroError("unknown game %r" % game)
        why = _str_out()
        h = _lib.tb_engine_new(g, _enc(rules), _enc(position), C.byref(why))
        if not h:
            msg = _take(why)
            if msg is None:  # out of memory
                raise _nomem()
            raise TableroError(msg)
        return cls(h)

    def _text(self, ptr) -> str:
        s = _take(ptr)
        if s is None:  # out of memory
            raise _nomem()
        return s

    @property
    def notation(self) -> str:
        """The position in position notation."""
        return self._text(_lib.tb_engine_position(self._h))

    @property
    def to_move(self) -> int:
        """The side to move: 0 first, 1 second."""
        return _lib.tb_engine_to_move(self._h)

    @property
    def over(self) -> Optional[str]:
        """None while the game goes on; else its result and why."""
        s = _take(_lib.tb_engine_over(self._h))
        if s is None and _lib.tb_engine_status(self._h) == _ENOMEM:
            raise _nomem()
        return s

    def board(self) -> str:
        """The position drawn as text, as 'tablero show' draws it."""
        return self._text(_lib.tb_engine_board(self._h, 0))

    def legal(self) -> List[Turn]:
        """Every legal turn here, with its events and the position after it."""
        out: List[Turn] = []

        def one(ctx, rp):
            t = rp.contents
            out.append(Turn(_dec(t.token), _dec(t.events), _dec(t.position), _events(t)))

        cb = _TURN_FN(one)
        _lib.tb_engine_legal_turns(self._h, cb, None)
        if _lib.tb_engine_status(self._h) == _ENOMEM:
            raise _nomem()
        return out

    def play(self, token: str) -> str:
        """Plays legal turn 'token'; returns its events. Raises TableroError
        (the position unchanged) when it is not legal."""
        ev, why = _str_out(), _str_out()
        rc = _lib.tb_engine_play(self._h, _enc(token), C.byref(ev), C.byref(why))
        if rc == _ENOMEM:
            raise _nomem()
        if rc:
            raise TableroError(_take(why))
        return _take(ev)

    def play_turn(self, token: str) -> Turn:
        """Plays legal turn 'token' as play() does; returns it as a Turn, its
        events typed, and the position after it."""
        out: List[Turn] = []

        def one(ctx, rp):
            t = rp.contents
            out.append(Turn(_dec(t.token), _dec(t.events), _dec(t.position), _events(t)))

        why = _str_out()
        rc = _lib.tb_engine_play_turn(self._h, _enc(token), _TURN_FN(one), None, C.byref(why))
        if rc == _ENOMEM:
            raise _nomem()
        if rc:
            raise TableroError(_take(why))
        return out[0]

    def __str__(self) -> str:
        return self.notation


# ---- the tree ----------------------------------------------------------------

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


class Node(_Owned):
    """A node of a line: a turn, a gap, a restated position or a reading."""
    __slots__ = ()

    @property
    def kind(self) -> str:
        """'move', 'pass', 'unknown', 'reading', 'gap' or 'position'."""
        return _KINDS[_lib.tb_node_type(self._h)]

    @property
    def token(self) -> str:
        """The node as the canonical form writes it, without its notes."""
        return _take(_lib.tb_node_token(self._rec._h, self._h))

    @property
    def number(self) -> int:
        return _lib.tb_node_number(self._h)

    @property
    def side(self) -> Optional[int]:
        """0 or 1; None for a node that is no turn of the count."""
        s = _lib.tb_node_side(self._h)
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
        return bool(_lib.tb_node_reconstructed(self._h))

    @property
    def parts(self) -> List[Tuple[str, str]]:
        """A move's parts: (kind, point), e.g. [('at', 'd2'), ('step', 'd3')]."""
        out = []
        k, f, r = C.c_int(), C.c_int(), C.c_int()
        for i in range(_lib.tb_node_nparts(self._h)):
            _lib.tb_node_part(self._h, i, C.byref(k), C.byref(f), C.byref(r))
            out.append((_PARTS[k.value], _point(f.value, r.value)))
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
        n = _lib.tb_line_first(self._h)
        while n:
            yield Node(self._rec, n)
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


# ---- one reading of a record: the replay's frames ------------------------------

_STATUS = ["written", "reconstructed", "open", "unknown"]  # ORDER tb_frame_status
_STOPS = [None, "open", "refused", "after end", "no fit", "limit", "gap", "position",
          "start", "earlier", "alternative"]  # ORDER tb_frame_stop


@dataclass(frozen=True)
class Frame:
    """What the rules know after one node (spec/replay-positions.md).

    'status' is "written" (the position after it follows from the turns
    as written), "reconstructed" (a '?', a '?' point or a gap that only
    one turn or sequence fits: the position is known), "open" (several
    positions fit: 'positions' says how many, 'fits' how many turns or
    sequences fit the node) or "unknown" (the rules cannot follow the
    record here: 'stop' and 'why' say why). 'position' is the position
    after the node when 'known', else the last one the rules knew on its
    line (None when there is none) -- read 'known' before using it."""
    index: int               # -1: the start, before the first node
    node: Optional["Node"]
    alternative: int         # 0, or the other alternative of a reading it is
    status: str
    stop: Optional[str]      # None, or "open", "refused", "after end", "no fit",
    #                          "limit", "gap", "position", "start", "earlier",
    #                          "alternative"
    why: Optional[str]       # in words, for an open or unknown frame
    depth: int               # 0 the main line, 1 inside a variation...
    ply: int                 # turns of its line through it (-1: not known)
    positions: int           # 1 known; more when open; 0 when the rules cannot say
    fits: int                # a node left open: how many turns (a gap: sequences) fit
    code: int                # the diagnostic (TB-number) its stop was reported as, or 0
    token: Optional[str]     # the turn(s) the rules played for it ("d3" for a '?')
    position: Optional[str]  # see above
    events: str              # its events ("tercia a1-a7; removal d5"), or "": for display
    typed: Tuple[Event, ...] = ()  # the same events, typed (as Played.typed)

    @property
    def known(self) -> bool:
        """Is 'position' the position after this node?"""
        return self.status in ("written", "reconstructed")


class Replay:
    """The one reading of a record by its rules (tb_reader_replay): a Frame
    for every node of the main line and the variations (and each other
    alternative of a reading), in the order the nodes are written. The
    same replay 'tablero validate --positions' prints and every command
    takes its positions from. 'diagnostics' are validate's."""

    def __init__(self, rec: "Record"):
        if _lib.tb_record_errors(rec._h):
            raise TableroError("a record with errors is not replayed")
        r, keep = rec._reader()
        try:
            h = _lib.tb_reader_replay(r, rec._h)
            self.diagnostics: List[Diagnostic] = _diags(r)
        finally:
            _lib.tb_reader_free(r)
        if not h:
            raise _nomem()
        self._rec = rec  # the frames point into it: it lives as long
        self._h = h
        self._fin = weakref.finalize(self, _lib.tb_replay_free, h)

    def __len__(self) -> int:
        return _lib.tb_replay_count(self._h)

    def __iter__(self) -> Iterator[Frame]:
        for i in range(len(self)):
            yield self[i]

    def __getitem__(self, i: int) -> Frame:
        if not -1 <= i < len(self):
            raise IndexError("no frame %d" % i)
        return self._frame(i)

    @property
    def start(self) -> Frame:
        """The start, before the first node."""
        return self._frame(-1)

    def find(self, node: Optional["Node"], alternative: int = 0) -> Frame:
        """The frame of 'node' (None: the start); KeyError when it has none."""
        if node is None:
            return self.start
        if node._rec is not self._rec:
            raise TableroError("the node is not in this record")
        i = _lib.tb_replay_find(self._h, node._h, alternative)
        if i < 0:
            raise KeyError("the replay has no frame for %r" % (node,))
        return self._frame(i)

    def position(self, node: Optional["Node"] = None) -> "Position":
        """The position after 'node' (None: the start) as the frames give it;
        PositionUnknown when its frame is open or unknown."""
        f = self.find(node)
        last = self._engine(f.index)
        if f.known:
            last.reconstructed = f.status == "reconstructed"
            return last
        raise PositionUnknown("the position after %s is %s: %s" % (
            f.node.token if f.node else "the start", f.status, f.why), f.status,
            f.positions, last, f.node.token if f.node else "", f.why or "")

    def _engine(self, i: int) -> Optional["Position"]:
        h = _lib.tb_replay_engine(self._h, i)
        if not h and _lib.tb_replay_position(self._h, i):  # there is one: memory ran out
            raise _nomem()
        return Position(h) if h else None

    def _frame(self, i: int) -> Frame:
        h = self._h
        alt = C.c_uint()
        n = _lib.tb_replay_node(h, i, C.byref(alt))
        status = _lib.tb_replay_status(h, i)
        known = status in (0, 1)
        why = None if known else _take(_lib.tb_replay_why(h, i))
        if not known and why is None:
            raise _nomem()
        pos = _take(_lib.tb_replay_position(h, i))
        tok = _take(_lib.tb_replay_token(h, i))
        events = ["", ()]

        def one(ctx, rp):
            events[0] = _dec(rp.contents.events)
            events[1] = _events(rp.contents)

        if n and _lib.tb_replay_report(h, i, _TURN_FN(one), None) == _ENOMEM:
            raise _nomem()
        return Frame(i, Node(self._rec, n) if n else None, alt.value, _STATUS[status],
                     _STOPS[_lib.tb_replay_stop(h, i)], why, _lib.tb_replay_depth(h, i),
                     _lib.tb_replay_ply(h, i), _lib.tb_replay_positions(h, i),
                     _lib.tb_replay_fits(h, i), _lib.tb_replay_code(h, i), tok, pos,
                     events[0], events[1])


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
        self._fin = weakref.finalize(self, _lib.tb_record_free, _handle)
        self._source = _source if _source is not None else b""
        self._origin = _origin  # (line, offset) in its file where _source starts
        self._name = _name
        self.diagnostics: List[Diagnostic] = list(_diags)
        """What the reader said about the record when it was read."""
        for k, v in (tags or {}).items():
            self.tags[k] = v

    def _check(self, rc: int) -> None:
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


# ---- searching (tablero grep) ------------------------------------------------

from ._grep import GrepError, Match, Query, Span, Unsure, grep  # noqa: E402

# ---- catalogues (tablero catalog) ----------------------------------------------

from ._catalog import catalog, catalog_columns  # noqa: E402

# ---- searching an index (tablero find) -------------------------------------------

from ._find import find  # noqa: E402
