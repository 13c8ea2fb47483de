"""Searching records: tablero grep from Python, over the library's tb_grep
(lib/tablero.h, "Searching records"; spec/compare.md, "tablero grep").

A :class:`Query` holds selectors that a record must all match -- PCRE2
patterns over its tags, comments and movetext, and counts of the events
its rules derive -- and answers for each record yes, no, or that it cannot
be told (:class:`Match`). :func:`grep` streams a file, or goes over
records, and yields the Match of each record it selects -- and of each it
could not tell, never skipped silently.
"""
from __future__ import annotations

import ctypes as C
import os
import weakref
from dataclasses import dataclass, field
from typing import Dict, Iterable, Iterator, List, Optional, Sequence, Tuple, Union

from ._errors import TableroError, _ENOMEM, _nomem
from ._lib import _lib, _p, _s, _sz, _enc, _dec
from ._read import read
from ._record import Record

__all__ = ["Query", "Match", "Span", "Unsure", "GrepError", "grep"]

# tb_grep_kind, and the keyword that gives each kind of selector
_KIND = {"moves": 1, "tag": 2, "comment": 3, "event": 4}
_YES, _NO, _UNSURE = 1, 0, 2
_ELIMIT, _EINVAL, _ESYNTAX = -9, -3, -7

for _name, _res, _args in [
    ("tb_grep_new", _p, (C.c_uint,)), ("tb_grep_free", None, (_p,)),
    ("tb_grep_add", C.c_int, (_p, C.c_int, _s)),
    ("tb_grep_error_offset", _sz, (_p,)),
    ("tb_grep_set_max_steps", C.c_int, (_p, C.c_uint64)),
    ("tb_grep_record", C.c_int, (_p, _p)), ("tb_grep_which", C.c_long, (_p,)),
    ("tb_grep_steps", C.c_uint64, (_p,)),
    ("tb_grep_unsure", C.c_int, (_p, C.POINTER(C.c_uint), C.POINTER(C.c_uint),
                                 C.POINTER(C.c_uint), C.POINTER(C.c_int), C.POINTER(_s))),
    ("tb_grep_span", C.c_int, (_p, _sz, C.POINTER(_sz), C.POINTER(_sz), C.POINTER(_sz))),
    ("tb_grep_turn", C.c_int, (_p, _sz, C.POINTER(C.c_uint), C.POINTER(C.c_uint))),
    ("tb_grep_errcode", C.c_int, (_p,)), ("tb_grep_errmsg", _s, (_p,)),
]:
    _f = getattr(_lib, _name)
    _f.restype = _res
    _f.argtypes = list(_args)

_COMMENT_FN = C.CFUNCTYPE(C.c_int, _p, _s, _s)
_lib.tb_record_comments.restype = C.c_int
_lib.tb_record_comments.argtypes = [_p, _COMMENT_FN, _p]


@dataclass(frozen=True)
class Span:
    """Where a text selector matched: in the movetext ('where' "moves"), a
    tag's value ("tag"), or the comment numbered 'nth' ("comment", from 0,
    in the order written); 'start' and 'end' count characters of that
    text, and 'text' is what matched."""
    where: str
    nth: int
    start: int
    end: int
    text: str


@dataclass(frozen=True)
class Unsure:
    """The turn an event selector's answer depends on: where it is written,
    its number (0 unknown) and side (0, 1; None unknown), its token; 'stop'
    True where the rules stop following the record (an illegal turn, a gap
    nothing decides), False where an open stretch begins (several turns
    fit, and the answer differs between them)."""
    line: int
    col: int
    number: int
    side: Optional[int]
    token: str
    stop: bool


@dataclass
class Match:
    """What a query answered for one record. 'matched' is True (every
    selector matches), False (some does not) or None (it cannot be told:
    'why' says why -- an event behind a '?' or past an illegal turn, whose
    place is 'unsure'; a search out of its steps or over a PCRE2 limit; a
    record with errors, not searched). 'selector' is the (kind, argument)
    the answer turned on, when it turned on one; 'steps' the steps the
    search took; 'spans' where each text selector matched (by its index in
    Query.selectors), 'turns' the (line, col) of the first turn that did
    each event asked of one turn. A Match is true when 'matched' is."""
    record: Record
    matched: Optional[bool]
    why: Optional[str] = None
    selector: Optional[Tuple[str, str]] = None
    unsure: Optional[Unsure] = None
    steps: int = 0
    spans: Dict[int, Span] = field(default_factory=dict)
    turns: Dict[int, Tuple[int, int]] = field(default_factory=dict)

    def __bool__(self) -> bool:
        return self.matched is True


def _many(v: Union[None, str, Sequence[str]]) -> List[str]:
    if v is None:
        return []
    return [v] if isinstance(v, str) else list(v)


class GrepError(TableroError):
    """A selector the library refused: 'selector' is its (kind, argument);
    for a pattern that does not compile, 'offset' is the character of the
    argument where it stops (else None)."""

    def __init__(self, message: str, selector: Tuple[str, str], offset: Optional[int]):
        super().__init__(message)
        self.selector = selector
        self.offset = offset


class Query:
    """Selectors that a record must all match, compiled once.

    ``pattern`` and ``moves``: PCRE2 patterns over the movetext (the main
    line on one line, without comments: "1. d1 a7 *"); ``tag``: "NAME~RE"
    (tag NAME's value matches RE) or "NAME=VALUE" (is VALUE); ``comment``:
    a pattern over each comment's text; ``event``: "EVENT", "EVENT>=N",
    "EVENT>=N per game", "EVENT<=N per game", "EVENT=N per game" (EVENT
    one of EVENT_KINDS). Each keyword takes one string or a list of them.
    ``ignore_case`` folds case (Unicode); ``max_steps`` bounds each
    record's search (default 10,000,000; 1 to 10**12). A selector refused
    raises GrepError; a Query is used by one thread at a time.
    """

    def __init__(self, pattern: Optional[str] = None, *,
                 moves: Union[None, str, Sequence[str]] = None,
                 tag: Union[None, str, Sequence[str]] = None,
                 comment: Union[None, str, Sequence[str]] = None,
                 event: Union[None, str, Sequence[str]] = None,
                 ignore_case: bool = False, max_steps: Optional[int] = None):
        h = _lib.tb_grep_new(1 if ignore_case else 0)
        if not h:
            raise _nomem()
        self._h = h
        self._fin = weakref.finalize(self, _lib.tb_grep_free, h)
        self.selectors: List[Tuple[str, str]] = []
        """The selectors, (kind, argument), in the order tried."""
        if max_steps is not None:
            if not 1 <= max_steps <= 10 ** 12:
                raise ValueError("max_steps is 1 to 10**12, not %r" % (max_steps,))
            self._check(_lib.tb_grep_set_max_steps(h, max_steps), None)
        self.max_steps = max_steps or 10000000
        for kind, args in (("moves", _many(pattern) + _many(moves)), ("tag", _many(tag)),
                           ("comment", _many(comment)), ("event", _many(event))):
            for a in args:
                self._add(kind, a)
        if not self.selectors:
            raise ValueError("nothing to search for: give a pattern, moves, tag, comment "
                             "or event")

    def _check(self, rc: int, sel: Optional[Tuple[str, str]]) -> None:
        if rc == _ENOMEM:
            raise _nomem()
        if rc < 0:
            msg = _dec(_lib.tb_grep_errmsg(self._h))
            offset = None
            if rc == _ESYNTAX and sel is not None:
                at = _lib.tb_grep_error_offset(self._h)
                offset = len(sel[1].encode("utf-8")[:at].decode("utf-8", "ignore"))
            raise GrepError("%s %r: %s" % (sel[0], sel[1], msg) if sel else msg,
                            sel or ("", ""), offset)

    def _add(self, kind: str, arg: str) -> None:
        if "\0" in arg:
            raise GrepError("%s %r: a NUL character" % (kind, arg), (kind, arg), None)
        self._check(_lib.tb_grep_add(self._h, _KIND[kind], _enc(arg)), (kind, arg))
        self.selectors.append((kind, arg))

    # -- one record
    def match(self, record: Record) -> Match:
        """The answer for 'record' (see Match)."""
        rc = _lib.tb_grep_record(self._h, record._h)
        if rc == _ENOMEM:
            raise _nomem()
        which = _lib.tb_grep_which(self._h)
        m = Match(record, {_YES: True, _NO: False}.get(rc), steps=_lib.tb_grep_steps(self._h),
                  selector=self.selectors[which] if which >= 0 else None)
        if rc == _UNSURE:
            u = m.unsure = self._unsure()
            turn = ("%d%s %s" % (u.number, "..." if u.side == 1 else ".", u.token)
                    if u.number else u.token)
            m.why = ("the rules stop at %s (line %d, col %d), so the turns after it were "
                     "not searched for event %r" % (turn, u.line, u.col, m.selector[1])
                     if u.stop else
                     "%s (line %d, col %d): the answer to event %r depends on what was "
                     "played here (more than one turn fits)" % (turn, u.line, u.col,
                                                                 m.selector[1]))
        elif rc < 0:
            m.why = _dec(_lib.tb_grep_errmsg(self._h))
        if rc == _YES:
            self._where(m)
        return m

    def _unsure(self) -> Unsure:
        line, col, number, side, tok = C.c_uint(), C.c_uint(), C.c_uint(), C.c_int(), _s()
        stop = _lib.tb_grep_unsure(self._h, C.byref(line), C.byref(col), C.byref(number),
                                   C.byref(side), C.byref(tok))
        return Unsure(line.value, col.value, number.value,
                      side.value if side.value in (0, 1) else None, _dec(tok.value),
                      stop == 1)

    def _where(self, m: Match) -> None:
        texts = _Texts(m.record)
        for i, (kind, arg) in enumerate(self.selectors):
            nth, start, end = _sz(), _sz(), _sz()
            if _lib.tb_grep_span(self._h, i, C.byref(nth), C.byref(start), C.byref(end)):
                if kind == "moves":
                    where, raw = "moves", texts.moves()
                elif kind == "tag":
                    where, raw = "tag", _lib.tb_record_tag(m.record._h,
                                                           _enc(arg.split("~", 1)[0]
                                                                .split("=", 1)[0]))
                else:
                    where, raw = "comment", texts.comment(nth.value)
                chars = len(raw[:start.value].decode("utf-8", "ignore"))
                text = raw[start.value:end.value].decode("utf-8", "replace")
                m.spans[i] = Span(where, nth.value, chars, chars + len(text), text)
            line, col = C.c_uint(), C.c_uint()
            if _lib.tb_grep_turn(self._h, i, C.byref(line), C.byref(col)):
                m.turns[i] = (line.value, col.value)

    def __repr__(self) -> str:
        return "<Query %r>" % (self.selectors,)


class _Texts:
    """A record's movetext and comments as bytes, read once when asked."""

    def __init__(self, rec: Record):
        self._rec = rec
        self._moves: Optional[bytes] = None
        self._comments: Optional[List[bytes]] = None

    def moves(self) -> bytes:
        if self._moves is None:
            self._moves = _enc(self._rec.movetext)
        return self._moves

    def comment(self, nth: int) -> bytes:
        if self._comments is None:
            got: List[bytes] = []

            def one(ctx, text, lang):
                got.append(text)
                return 0

            _lib.tb_record_comments(self._rec._h, _COMMENT_FN(one), None)
            self._comments = got
        return self._comments[nth]


def grep(source: Union[str, os.PathLike, Iterable[Record]], pattern: Optional[str] = None, *,
         moves: Union[None, str, Sequence[str]] = None,
         tag: Union[None, str, Sequence[str]] = None,
         comment: Union[None, str, Sequence[str]] = None,
         event: Union[None, str, Sequence[str]] = None,
         ignore_case: bool = False, invert: bool = False,
         max_steps: Optional[int] = None, query: Optional[Query] = None) -> Iterator[Match]:
    """The records of 'source' -- a TGN file's path, read one record at a
    time, or records (from read(), loads(), ...) -- that match every
    selector (see Query; or give a Query as 'query'), as `tablero grep`
    selects them: yields the Match of each record selected (matched, or
    with 'invert' not matched), in order, and of each record whose answer
    cannot be told (its 'matched' None, its 'why' says why) -- so a record
    is never skipped silently. A record with errors is not searched.

    >>> [m.record.tags["Site"] for m in grep("coleccion.tgn", tag="Site~Quer")
    ...  if m]                                                # doctest: +SKIP
    """
    q = query if query is not None else Query(pattern, moves=moves, tag=tag, comment=comment,
                                              event=event, ignore_case=ignore_case,
                                              max_steps=max_steps)
    records = read(source) if isinstance(source, (str, os.PathLike)) else source
    for rec in records:
        if rec.errors:
            yield Match(rec, None, why="the record has errors: it is not searched")
            continue
        m = q.match(rec)
        if m.matched is None or m.matched != invert:
            yield m
