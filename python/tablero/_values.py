"""Plain values the module hands out (diagnostics, comments, events,
faults, turns) and their making from the library's structs."""
from __future__ import annotations

import ctypes as C
from dataclasses import dataclass
from typing import Iterator, List, Optional, Tuple

from ._lib import _lib, _s, _dec


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
    # the fixes its words propose, typed (tb_diag.fixes): (line, column,
    # end column, text, confirm) -- the span replaced, columns in code
    # points; confirm True for one reading a person confirms (words joined
    # into one turn)
    fixes: Tuple[Tuple[int, int, int, str, bool], ...] = ()

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


def _part_name(k: int) -> str:
    """Part kind 'k''s name: a shared kind's ("at", "step", ...) or a game's own."""
    return _dec(_lib.tb_part_name(k))


def _diags(r) -> List[Diagnostic]:
    out = []
    for i in range(_lib.tb_reader_ndiags(r)):
        d = _lib.tb_reader_diag(r, i).contents
        out.append(Diagnostic(_dec(d.file), d.line, d.col, d.code, _dec(d.message),
                              "error" if d.severity == 2 else "warning", _dec(d.note),
                              tuple((d.places[k].note, d.places[k].line, d.places[k].col)
                                    for k in range(d.nplaces)),
                              tuple((d.fixes[k].line, d.fixes[k].col, d.fixes[k].end_col,
                                     _dec(d.fixes[k].text), bool(d.fixes[k].confirm))
                                    for k in range(d.nfixes))))
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
