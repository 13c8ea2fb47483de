"""The module's exceptions, and memory running out in the library."""
from __future__ import annotations

from typing import Optional, TYPE_CHECKING

if TYPE_CHECKING:
    from ._position import Position


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
