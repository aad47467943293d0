"""The Take 5 table: four rows in the middle, your hand at the bottom, the
other seats along the top, each with a penalty counter and a slot for the
card it has chosen this turn.

``board`` is the picture as data, ``geometry`` where things sit, ``paint``
the drawing and ``table`` the scene that turns events into animations.
"""

from .table import Take5Table

__all__ = ["Take5Table"]
