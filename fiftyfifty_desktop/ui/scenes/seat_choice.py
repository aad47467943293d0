"""Who plays a seat of the set-up: the choices a game offers, a fresh table's players, and a seat's row.

The list of choices itself is ``pick_player.py``; the set-up screen
(``setup.py``) holds the rows and opens the list for one.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping

from ...ai import LADDER
from ...config import ConfigError
from ...opponent_ratings import load_opponent_ratings, person_ratings
from ...rating import Rating, near_level
from ...stats_db import StatsError
from .. import paint
from ..i18n import game_title, tr
from ..layout import GOLD, TEXT, TEXT_DIM
from ..players import HUMAN, default_name, seat_player_label, shown_name
from ..widgets import Chooser, TextInput, button_box

NAME_LENGTH = 16


def opponents_for(game_id: str, personalities) -> list[str]:
    """The ids of the named opponents who play ``game_id``."""
    return [p.id for p in personalities if p.plays(game_id) and p.strength in LADDER]


def player_choices(game_id: str, personalities) -> list[str]:
    """``human``, the opponents who play the game, then the plain strengths."""
    return [HUMAN] + opponents_for(game_id, personalities) + list(LADDER)


def default_players(game_id: str, personalities, seats: int) -> list[str]:
    """Who plays each seat of a fresh setup: a person first, then each named opponent once,
    then plain computer strengths (which may repeat)."""
    computers = opponents_for(game_id, personalities) + list(LADDER) * seats
    return ([HUMAN] + computers)[:seats]


def is_default_name(name: str, player: str, seat: int, personalities) -> bool:
    """Whether ``name`` is one the program gives the seat (in any language), not one typed."""
    own = default_name(player, seat, personalities)
    return shown_name(name, player, seat, personalities) != name or name in (own, f"{own} {seat + 1}")


class SeatPicker(Chooser):
    """Who plays a seat, shown in a box; a click or Enter opens the list of choices."""

    def __init__(self, shown, on_open) -> None:
        super().__init__(None, [HUMAN], shown, HUMAN)
        self.on_open = on_open

    def choose(self, value: str) -> None:
        self.set_values(self.values, value)

    def activate(self) -> None:
        if self.enabled and len(self.values) > 1:
            self.on_open()

    def click(self, pos):
        self.activate()

    def key(self, event):
        return False

    def draw(self, surface, layout, focused, hovered):
        box = self.box
        button_box(surface, box, layout, focused, hovered, self.enabled)
        more = len(self.values) > 1 and self.enabled
        pad = layout.px(1.6)
        if more:
            paint.text(surface, "\u25bc", layout.font_small, (box.right - pad, box.centery), GOLD, anchor="midright")
        paint.text(surface, self.shown(self.value), layout.font_body, (box.x + pad, box.centery),
                   TEXT if self.enabled else TEXT_DIM, anchor="midleft", max_width=box.w - 2 * pad - layout.px(3))


class SeatRow:
    """One seat: a typed name and who plays it."""

    def __init__(self, scene, seat: int) -> None:
        """``scene`` is the set-up screen: its opponents, the list it opens and the names it gives."""
        self.seat = seat
        self.edited = False
        self.name = TextInput(None, "", NAME_LENGTH, on_change=self._typed, placeholder=lambda: tr("setup.name"))
        self.player = SeatPicker(lambda v: seat_player_label(v, scene.personalities), lambda: scene.pick_player(self))
        self.scene = scene

    def _typed(self, _text: str) -> None:
        self.edited = True

    def reset_name(self) -> None:
        if not self.edited:
            self.name.text = self.scene.name_for(self)


@dataclass(frozen=True)
class Suggestion:
    """The opponents near a person's level at a game, and the line that says so on the list of choices."""

    ratings: Mapping[str, Rating]  # each computer opponent's at the game
    near: frozenset[str]
    line: str
    problem: bool = False  # the line says why there are no suggestions

    @classmethod
    def for_person(cls, app, game_id: str, name: str | None) -> Suggestion:
        """For ``name`` (the first person seated; None: no one) from the stored games; a newcomer is
        suggested the opponents near the start of 1500. An unusable file or database is the line."""
        try:
            ratings = load_opponent_ratings().get(game_id, {})
        except ConfigError as exc:
            return cls({}, frozenset(), str(exc), problem=True)
        if name is None or not ratings:
            return cls(ratings, frozenset(), "")
        rated = None
        if app.stats is not None:
            try:
                rated = person_ratings(app.stats, {game_id: dict(ratings)}, game_id,
                                       app.settings.profile.aliases()).get(game_id, {}).get(name)
            except StatsError as exc:
                return cls(ratings, frozenset(), str(exc), problem=True)
        level = Rating() if rated is None else rated.current
        near = frozenset(near_level(level, ratings))
        if rated is None:
            return cls(ratings, near, tr("setup.level_newcomer", name=name, game=game_title(game_id)))
        return cls(ratings, near, tr("setup.level_rated", name=name, game=game_title(game_id),
                                     rating=level.shown()))

