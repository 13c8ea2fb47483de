"""Positions: a game's position held by its rules engine (tb_engine)."""
from __future__ import annotations

import ctypes as C
import weakref
from typing import List, Optional

from ._errors import TableroError, _ENOMEM, _nomem
from ._lib import _lib, _enc, _take, _dec, _str_out, _TURN_FN
from ._values import Turn, _events


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
