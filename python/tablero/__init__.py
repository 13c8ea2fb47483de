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

__all__ = [
    "TableroError", "Diagnostic", "Comment", "Record", "Line", "Node", "Alternative",
    "Position", "Turn", "Played", "Event", "EVENT_KINDS", "Fault", "Replay", "Frame",
    "PositionUnknown", "read", "read_all", "Records", "loads", "games", "version", "links",
    "Query", "Match", "Span", "Unsure", "GrepError", "grep",
]

# The module, one file per concern; this file only gathers what it offers.
from ._errors import TableroError, PositionUnknown  # noqa: F401
from ._lib import games, version  # noqa: F401
from ._lib import (_lib, _libc, _check_layout, _Diag, _DiagPlace, _EvidenceInfo,  # noqa: F401
                   _Fault, _Reached, _SvgOpts, _TurnEvent, _TurnReport)
from ._values import Comment, Diagnostic, Event, EVENT_KINDS, Fault, Played, Turn  # noqa: F401
from ._position import Position  # noqa: F401
from ._tree import Alternative, Line, Node, Tags, links  # noqa: F401
from ._replay import Frame, Replay  # noqa: F401
from ._record import Record  # noqa: F401
from ._read import Records, loads, read, read_all  # noqa: F401

# ---- searching (tablero grep) ------------------------------------------------

from ._grep import GrepError, Match, Query, Span, Unsure, grep  # noqa: E402,F401

# ---- catalogues (tablero catalog) ----------------------------------------------

from ._catalog import catalog, catalog_columns  # noqa: E402,F401

# ---- searching an index (tablero find) -------------------------------------------

from ._find import find  # noqa: E402,F401
