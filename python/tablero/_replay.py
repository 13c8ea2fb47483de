"""One reading of a record by its rules: the replay's frames
(tb_reader_replay; spec/replay-positions.md)."""
from __future__ import annotations

import ctypes as C
import weakref
from dataclasses import dataclass
from typing import Iterator, List, Optional, Tuple, TYPE_CHECKING

from ._errors import TableroError, PositionUnknown, _ENOMEM, _nomem
from ._lib import _lib, _take, _dec, _TURN_FN
from ._position import Position
from ._tree import Node
from ._values import Diagnostic, Event, _diags, _events

if TYPE_CHECKING:
    from ._record import Record


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
