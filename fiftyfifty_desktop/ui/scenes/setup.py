"""New game: the game, the seats (human or computer), options and game number."""

from __future__ import annotations

import random
from typing import Any

import pygame

from ...ai import LADDER, load_personalities
from ...config import ConfigError
from ...engine import GameError, Option, OptionError
from ...engine.records import Record, Seat
from ...registry import GAMES
from .. import paint
from ..i18n import has, in_every_language, reason_text, tr
from ..layout import DANGER, GOLD, TEXT_DIM
from ..players import player_label
from ..widgets import Button, Chooser, Form, TextInput, Toggle
from . import make_scene
from .form import FormScene

HUMAN = "human"
NAME_LENGTH = 16
SEED_LIMIT = 10**9


def new_game_number() -> int:
    """A fresh game number (seed) for a new deal."""
    return random.SystemRandom().randrange(SEED_LIMIT)


def player_choices(game_id: str, personalities) -> list[str]:
    """``human``, the opponents who play the game, then the plain strengths."""
    people = [p.id for p in personalities if p.plays(game_id) and p.strength in LADDER]
    return [HUMAN] + people + list(LADDER)


def default_name(player: str, seat: int, personalities, taken: tuple[str, ...] = ()) -> str:
    """A seat's name until someone types one; an opponent met twice gets a number."""
    if player == HUMAN:
        return tr("setup.default_human", n=seat + 1)
    for p in personalities:
        if p.id == player:
            name = tr(f"opponent.{p.id}")
            return name if name not in taken else f"{name} {seat + 1}"
    return tr("setup.default_computer", n=seat + 1)


def is_pronoun(name: str) -> bool:
    """Whether ``name`` is "You", "Vous"... in any language: captions say "{name} plays",
    which such a name would turn ungrammatical ("You plays")."""
    pronouns = {word.strip().casefold() for text in in_every_language("setup.pronouns") for word in text.split(",")}
    return name.strip().casefold() in pronouns


def shown_name(name: str, player: str, seat: int, personalities) -> str:
    """The name to show for a seat: one the program gave by default (in any
    language) is shown in the current language; a typed name as typed.
    A pronoun (the default of earlier versions was "You") is shown as the default name."""
    if is_pronoun(name):
        return default_name(player, seat, personalities)
    defaults = in_every_language("setup.default_human" if player == HUMAN else "setup.default_computer", n=seat + 1)
    for p in personalities:
        if p.id == player:
            defaults = in_every_language(f"opponent.{p.id}") | {p.name}
            if any(name == f"{d} {seat + 1}" for d in defaults):
                return f"{tr(f'opponent.{p.id}')} {seat + 1}"
    return default_name(player, seat, personalities) if name in defaults else name


def option_label(game_id: str, option: Option) -> str:
    key = f"option.{game_id}.{option.name}"
    return tr(key) if has(key) else option.name


def option_value_label(game_id: str, option: Option, value: Any) -> str:
    key = f"option.{game_id}.{option.name}_{value}"
    return tr(key) if has(key) else str(value)


class SeatRow:
    """One seat: a typed name and who plays it."""

    def __init__(self, scene: SetupScene, seat: int) -> None:
        self.seat = seat
        self.edited = False
        self.name = TextInput(None, "", NAME_LENGTH, on_change=self._typed, placeholder=lambda: tr("setup.name"))
        self.player = Chooser(None, [HUMAN], lambda v: player_label(v, scene.personalities), HUMAN,
                              self._player_changed)
        self.scene = scene

    def _typed(self, _text: str) -> None:
        self.edited = True

    def _player_changed(self, player: str) -> None:
        if not self.edited:
            self.name.text = self.scene.name_for(self)
        self.scene.show_hints_choice()

    def reset_name(self) -> None:
        if not self.edited:
            self.name.text = self.scene.name_for(self)


class SetupScene(FormScene):
    escape_closes = True

    def __init__(self, app, game_id: str = "take5") -> None:
        super().__init__(app)
        self.problem = ""
        try:
            self.personalities = load_personalities()
        except ConfigError as exc:
            self.personalities = ()
            self.problem = str(exc)
        self.game_chooser = Chooser("setup.game", list(GAMES), self._game_label, game_id, self._game_changed)
        self.players = Chooser("setup.players", [2], str, 2, self._players_changed)
        self.seed = TextInput("setup.number", "", 9, allowed=str.isdigit, placeholder="setup.random_number")
        #: Whether hints are allowed: asked only when several people share the screen (one alone always may).
        self.hints = Toggle("setup.hints", False)
        self.seats = [SeatRow(self, i) for i in range(10)]
        self.start = Button("setup.start", self.start_game, primary=True)
        self.back = Button("common.back", self.close)
        self.learn = Button("setup.learn", self.learn_game)
        self.option_widgets: list[tuple[Option, Any]] = []
        self._game_changed(game_id)

    # ----- building the form -------------------------------------------
    def _game_label(self, game_id: str) -> str:
        return tr(f"game.{game_id}")

    def _game_changed(self, game_id: str) -> None:
        self.problem = ""
        self.option_widgets = []
        game = GAMES[game_id]
        counts = list(range(game.min_players, game.max_players + 1))
        self.players.set_values(counts, 4 if 4 in counts else counts[0])
        for option in game.options:
            widget = self._option_widget(game_id, option)
            if widget is not None:
                self.option_widgets.append((option, widget))
        choices = player_choices(game_id, self.personalities)
        computers = choices[1:] or [HUMAN]
        for row in self.seats:
            row.player.set_values(choices, HUMAN if row.seat == 0 else computers[(row.seat - 1) % len(computers)])
        for row in self.seats:
            row.reset_name()
        self._rebuild()

    def name_for(self, row: SeatRow) -> str:
        earlier = tuple(r.name.text for r in self.seats[:row.seat])
        return default_name(row.player.value, row.seat, self.personalities, earlier)

    def _option_widget(self, game_id: str, option: Option):
        """A widget for a yes/no, a choice or a number; None for richer options (such as a file's
        contents), which keep their default here and are set on the command line."""
        label = lambda: option_label(game_id, option)  # noqa: E731 - read at draw time for the language
        if isinstance(option.default, bool):
            return Toggle(label, option.default)
        if option.choices is not None:
            return Chooser(label, option.choices, lambda v: option_value_label(game_id, option, v), option.default)
        if isinstance(option.default, int):
            return TextInput(label, str(option.default), 6, allowed=lambda ch: ch.isdigit() or ch == "-")
        return None

    def _players_changed(self, _count: int) -> None:
        self._rebuild()

    def people(self) -> int:
        """How many seats people play."""
        return sum(1 for row in self.seats[:self.players.value] if row.player.value == HUMAN)

    def show_hints_choice(self) -> None:
        """The hints' switch is shown, under the game number, while several people are seated."""
        if hasattr(self, "form") and self.hints.visible != (self.people() > 1):
            self.hints.visible = not self.hints.visible
            self.resize(self.layout)

    def _rebuild(self) -> None:
        count = self.players.value
        for row in self.seats:
            row.name.visible = row.player.visible = row.seat < count
        widgets = [self.game_chooser, self.players] + [w for _, w in self.option_widgets] + [self.seed, self.hints]
        for row in self.seats:
            widgets += [row.name, row.player]
        self.form = Form(widgets + [self.start, self.learn, self.back])
        self.show_hints_choice()
        self.resize(self.layout)

    def resize(self, layout):
        super().resize(layout)
        if not hasattr(self, "form"):
            return
        centre = layout.width // 2
        left_x, left_w = centre - layout.px(84), layout.px(78)
        right_x, right_w = centre + layout.px(2), layout.px(82)
        row_h, gap = layout.px(6.4), layout.px(1.6)
        y = layout.px(17)
        for w in [self.game_chooser, self.players] + [w for _, w in self.option_widgets] + [self.seed, self.hints]:
            w.rect = pygame.Rect(left_x, y, left_w, row_h)
            y += row_h + gap if w.visible else 0
        self.left_bottom = y
        seat_h, seat_gap = layout.px(5.6), layout.px(1.0)
        for row in self.seats:
            top = layout.px(21.5) + row.seat * (seat_h + seat_gap)
            row.name.rect = pygame.Rect(right_x, top, int(right_w * 0.42), seat_h)
            row.player.rect = pygame.Rect(right_x + int(right_w * 0.45), top, int(right_w * 0.55), seat_h)
        self.start.rect = pygame.Rect(0, 0, layout.px(36), layout.px(8))
        self.back.rect = pygame.Rect(0, 0, layout.px(28), layout.px(8))
        self.back.rect.bottomleft = (left_x, layout.height - layout.px(3))
        self.start.rect.bottomright = (right_x + right_w, layout.height - layout.px(3))
        self.learn.rect = pygame.Rect(0, 0, layout.px(36), layout.px(8))
        self.learn.rect.bottomright = (self.start.rect.x - layout.px(3), self.start.rect.bottom)

    # ----- actions -----------------------------------------------------
    def build_record(self) -> Record:
        """The new game as chosen; raises ``GameError`` for a bad option."""
        game = GAMES[self.game_chooser.value]
        count = self.players.value
        given: dict[str, Any] = {}
        for option, widget in self.option_widgets:
            value = widget.value if not isinstance(widget, TextInput) else widget.text
            given[option.name] = value
        options = game.resolve_options(count, given)
        seats = []
        for row in self.seats[:count]:
            name = row.name.text.strip() or self.name_for(row)
            seats.append(Seat(name, row.player.value))
        seed = int(self.seed.text) if self.seed.text else new_game_number()
        agreed = self.people() > 1 and self.hints.value
        return Record(game.id, count, options, tuple(seats), seed, table={"hints_agreed": True} if agreed else None)

    def learn_game(self) -> None:
        """The guided first game of the chosen game, in place of this screen."""
        from ...tutorials import tutorial_games

        if self.game_chooser.value not in tutorial_games():
            self.problem = tr("setup.no_tutorial", game=tr(f"game.{self.game_chooser.value}"))
            return
        try:
            self.app.stack.switch("tutorial", game_id=self.game_chooser.value)
        except ConfigError as exc:
            self.problem = str(exc)

    def start_game(self) -> None:
        count = self.players.value
        pronouns = [row.name.text.strip() for row in self.seats[:count] if is_pronoun(row.name.text)]
        if pronouns:
            self.problem = tr("setup.pronoun_name", name=pronouns[0])
            return
        try:
            table = make_scene(self.app, "table", record=self.build_record())
        except OptionError as exc:
            self.problem = self.option_problem(exc)
            return
        except (GameError, ValueError) as exc:
            self.problem = str(exc)
            return
        self.app.stack.replace(table)

    def option_problem(self, exc: OptionError) -> str:
        """An option the game refuses, worded in the current language and naming the option."""
        if exc.reason is None:
            return str(exc)
        wording = reason_text(exc.reason)
        for option, _ in self.option_widgets:
            if option.name == exc.reason.params.get("option"):
                return tr("setup.option_problem", option=option_label(self.game_chooser.value, option),
                          problem=wording)
        return tr("setup.problem", problem=wording)

    def draw(self, surface):
        lay = self.layout
        paint.background(surface)
        paint.title_text(surface, tr("setup.heading"), lay.px(7), (lay.width // 2, lay.px(7)), GOLD)
        centre = lay.width // 2
        left = pygame.Rect(centre - lay.px(87), lay.px(14), lay.px(84), lay.px(72))
        right = pygame.Rect(centre - lay.px(1), lay.px(14), lay.px(88), lay.px(72))
        paint.panel(surface, left, lay.px(1.5))
        paint.panel(surface, right, lay.px(1.5))
        first = self.seats[0]
        paint.text(surface, tr("setup.seats"), lay.font_small, (first.name.rect.x, lay.px(18.5)), TEXT_DIM,
                   anchor="midleft")
        paint.text(surface, tr("setup.who_plays"), lay.font_small, (first.player.rect.x, lay.px(18.5)), TEXT_DIM,
                   anchor="midleft")
        paint.paragraph(surface, tr("setup.number_help"), lay.font_small,
                        pygame.Rect(left.x + lay.px(4), self.left_bottom + lay.px(1), left.w - lay.px(8),
                                    lay.px(12)), TEXT_DIM, align="left")
        if self.problem:
            paint.paragraph(surface, self.problem, lay.font_small,
                            pygame.Rect(left.x + lay.px(3), left.bottom - lay.px(9), left.w - lay.px(6), lay.px(9)),
                            DANGER, align="left")
        self.form.draw(surface, lay)
