"""The Fifty Fifty table, in parts: ``board`` (what is shown), ``geometry`` (where),
``art`` and ``drawing`` (how it looks), ``sheet`` (the score sheet) and ``table``
(events to animations, and input)."""

from .sheet import ScoreSheetScene
from .table import FiftyFiftyTable

__all__ = ["FiftyFiftyTable", "ScoreSheetScene"]
