"""The Fifty-Five table, in parts: ``board`` (what is shown, from views and
events), ``geometry`` (where it sits), ``drawing`` (painting it), ``faces``
(the card faces), ``hand_summary`` (the end of a hand) and ``table`` (the
scene: events to animations, and input)."""

from .table import FiftyFiveTable

__all__ = ["FiftyFiveTable"]
