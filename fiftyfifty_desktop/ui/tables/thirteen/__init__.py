"""The Thirteen table, in parts: ``board`` (the picture, from views and events),
``geometry`` (where things sit), ``paint`` (drawing), ``cards`` (the faces),
``summary`` (the end) and ``table`` (the scene: animations and input)."""

from .summary import ThirteenSummaryScene
from .table import ThirteenTable

__all__ = ["ThirteenSummaryScene", "ThirteenTable"]
