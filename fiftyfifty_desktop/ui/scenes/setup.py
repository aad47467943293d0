"""New game: the game, the seats (human or computer), options and game number.

Every option is a stepper over the values its game offers for the player
count (no number is typed), presets set several at once, and who plays a
seat is picked from a list that says how each opponent plays. The last
setup of each game is kept in the settings and comes back when that game
is chosen again; a finished game's table (``like``) can be offered instead.
The people's seats are named from the profile, in every game: the first
person's seat with the profile's name, the next ones with the other people
who played here; starting a game keeps the names typed in the profile.
"""

from __future__ import annotations

import random
from functools import partial
from typing import Any

import pygame

from ...ai import LADDER, load_personalities
from ...config import ConfigError
from ...engine import GameError, Option, OptionError, Preset
from ...engine.records import Record, Seat
from ...engine.text import name_problem
from ...registry import GAMES
from ...storage import SavedSetup
from .. import fonts, paint
from ..i18n import game_title, has, language, reason_text, tr
from ..layout import DANGER, GOLD, TEXT_DIM
from ..players import HUMAN, Choice, default_name, is_pronoun, player_label
from ..widgets import Button, Chooser, Form, TextInput, Toggle
from . import make_scene
from .form import FormScene
from .seat_choice import SeatRow, Suggestion, default_players, is_default_name, opponents_for, player_choices

SEED_LIMIT = 10**9


def new_game_number() -> int:
    """A fresh game number (seed) for a new deal."""
    return random.SystemRandom().randrange(SEED_LIMIT)


def option_label(game_id: str, option: Option) -> str:
    key = f"option.{game_id}.{option.name}"
    return tr(key) if has(key) else option.name


def option_value_label(game_id: str, option: Option, value: Any) -> str:
    key = f"option.{game_id}.{option.name}_{value}"
    return tr(key) if has(key) else str(value)


class SetupScene(FormScene):
    escape_closes = True
    #: The setup chosen here is kept per game and offered again (a hosted table's is not).
    remembers = True
    #: Height of a row of the left column and the gap below it, in layout units.
    row_units, gap_units = 6.0, 1.2

    def __init__(self, app, game_id: str | None = None, like: Record | None = None) -> None:
        """``like``: a game whose table (seats, options, whether hints were agreed) is offered again, with a new
        game number; its game is shown unless ``game_id`` says otherwise."""
        super().__init__(app)
        game_id = game_id or (like.game if like is not None else next(iter(GAMES)))  # else the first registered
        self.like = like
        self.problem = ""
        self.notes: dict[Any, str] = {}  # a widget -> what is wrong with its value, shown under it
        try:
            self.personalities = load_personalities()
        except ConfigError as exc:
            self.personalities = ()
            self.problem = str(exc)
        self.game_chooser = Chooser("setup.game", list(GAMES), self._game_label, game_id, self._game_changed)
        self.players = Chooser("setup.players", [2], str, 2, self._players_changed)
        self.seed = TextInput("setup.number", "", 9, allowed=str.isdigit, placeholder="setup.random_number")
        self.allow_twice = Toggle("setup.allow_twice", False, self._twice_changed)
        #: Whether hints are allowed: asked only when several people share the screen (one alone always may).
        self.hints = Toggle("setup.hints", False)
        self.seats = [SeatRow(self, i) for i in range(10)]
        self.start = Button("setup.start", self.start_game, primary=True)
        self.back = Button("common.back", self.close)
        self.learn = Button("setup.learn", self.learn_game)
        self.option_widgets: list[tuple[Option, Any]] = []
        self.preset_buttons: list[tuple[Preset, Button]] = []
        self._game_changed(game_id)

    # ----- building the form -------------------------------------------
    def _game_label(self, game_id: str) -> str:
        return tr(f"game.{game_id}")

    def _game_changed(self, game_id: str) -> None:
        self.problem = ""
        game = GAMES[game_id]
        counts = list(range(game.min_players, game.max_players + 1))
        count = 4 if 4 in counts else counts[0]
        self.players.set_values(counts, count)
        self.allow_twice.set_values(self.allow_twice.values, False)
        self.option_widgets = []
        for option in game.options:
            widget = self._option_widget(game_id, option, count)
            if widget is not None:
                self.option_widgets.append((option, widget))
        self.preset_buttons = []
        for preset in game.presets:
            button = Button("", partial(self.apply_preset, preset))
            button.label = partial(preset_text, game_id, preset, button)
            self.preset_buttons.append((preset, button))
        choices = player_choices(game_id, self.personalities)
        for row, player in zip(self.seats, default_players(game_id, self.personalities, len(self.seats))):
            row.edited = False
            row.player.set_values(choices, player)
        for row in self.seats:
            row.reset_name()
        like, self.like = (self.like if self.like is not None and self.like.game == game_id else None), None
        if like is not None:  # offered once: stepping to another game and back shows the remembered setup
            try:
                self.restore(game_id, self.table_of(like))
                self.hints.set_values(self.hints.values, bool((like.table or {}).get("hints_agreed")))
                self._rebuild()
                return
            except (GameError, ValueError) as exc:
                self._game_changed(game_id)
                self.problem = tr("setup.table_dropped", reason=str(exc))
                return
        saved = self.app.settings.setups.get(game_id) if self.remembers else None
        if saved is not None:
            try:
                self.restore(game_id, saved)
            except (GameError, ValueError) as exc:
                self.forget_setup(game_id)
                self._game_changed(game_id)
                self.problem = tr("setup.setup_dropped", game=game_title(game_id), reason=str(exc))
                return
        self._rebuild()

    def table_of(self, record: Record) -> SavedSetup:
        """``record``'s table as a setup to show: its seats and the options this screen offers (one it does not,
        such as a deck read from a file, keeps its default)."""
        shown = {option.name for option, _ in self.option_widgets}
        named = [seat.player for seat in record.seats if seat.player in opponents_for(record.game, self.personalities)]
        return SavedSetup(record.players, {k: v for k, v in record.options.items() if k in shown},
                          tuple((seat.name, seat.player) for seat in record.seats), len(named) != len(set(named)))

    def name_for(self, row: SeatRow) -> str:
        earlier = tuple(r.name.text for r in self.seats[:row.seat])
        return self.person_for(row) or default_name(row.player.value, row.seat, self.personalities, earlier)

    def person_for(self, row: SeatRow) -> str | None:
        """The profile's name for a person's seat: the first person's is the profile's own, the next ones the
        other people who played here, each not already at an earlier seat; None for a computer's seat or when
        the profile has no name left to offer."""
        if row.player.value != HUMAN:
            return None
        before = self.seats[:row.seat]
        people = self.app.settings.profile.people()[sum(1 for r in before if r.player.value == HUMAN):]
        taken = {r.name.text.strip() for r in before}
        return next((name for name in people if name not in taken), None)

    def _option_widget(self, game_id: str, option: Option, count: int):
        """A stepper over the values the game offers for ``count`` players; None for an option
        it does not offer here (such as a file's contents), which keeps its default."""
        values = option.offered_values(count)
        if values is None:
            return None
        label = lambda: option_label(game_id, option)  # noqa: E731 - read at draw time for the language
        if isinstance(option.default, bool):
            return Toggle(label, option.default, lambda _v: self._check())
        return Chooser(label, values, lambda v: option_value_label(game_id, option, v), option.default,
                       lambda _v: self._options_changed())

    def _offer_values(self) -> None:
        """Each option steps over what its game offers for the player count; a value chosen
        earlier that no longer fits stays shown (with a note) until it is stepped away from."""
        count = self.players.value
        for option, widget in self.option_widgets:
            values = list(option.offered_values(count) or ())
            if widget.value not in values:
                values.append(widget.value)
            widget.set_values(values, widget.value)

    def _options_changed(self) -> None:
        self._offer_values()
        self._check()

    def _players_changed(self, _count: int) -> None:
        self._offer_values()
        if not self.allow_twice.value:
            self.seat_distinct()
        for row in self.seats:
            row.reset_name()
        self._rebuild()

    def _twice_changed(self, allowed: bool) -> None:
        if not allowed:
            self.seat_distinct()
            for row in self.seats:
                row.reset_name()

    def seated(self) -> list[SeatRow]:
        return self.seats[:self.players.value]

    def seat_distinct(self) -> None:
        """Give a named opponent met a second time at the table a free one (or a plain
        computer of the same strength), so no one sits twice unless that is allowed."""
        named = {p.id: p for p in self.personalities}
        rows = self.seated()
        for i, row in enumerate(rows):
            player = row.player.value
            if player in named and any(r.player.value == player for r in rows[:i]):
                used = {r.player.value for r in rows}
                free = [v for v in row.player.values if v in named and v not in used]
                row.player.choose(free[0] if free else named[player].strength)

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
        widgets = ([self.game_chooser, self.players] + [b for _, b in self.preset_buttons]
                   + [w for _, w in self.option_widgets] + [self.seed, self.allow_twice, self.hints])
        for row in self.seats:
            widgets += [row.name, row.player]
        self.form = Form(widgets + [self.start, self.learn, self.back])
        self.show_hints_choice()
        self._check()

    def _check(self) -> None:
        """Note under each option what the game refuses in it, and light the preset now chosen."""
        game = GAMES[self.game_chooser.value]
        count = self.players.value
        given = self.given_options()
        self.notes = {}
        try:
            game.resolve_options(count, given)
        except OptionError as exc:
            for option, widget in self.option_widgets:
                if exc.reason is not None and exc.reason.params.get("option") == option.name:
                    self.notes[widget] = capitalised(reason_text(exc.reason))
        for preset, button in self.preset_buttons:
            players = preset.players or count
            try:
                game.resolve_options(players, preset.options)
                button.enabled = True
            except OptionError:
                button.enabled = False
            button.primary = players == count and all(given.get(k) == v for k, v in preset.options.items())
        self.resize(self.layout)

    def given_options(self) -> dict[str, Any]:
        return {option.name: widget.value for option, widget in self.option_widgets}

    def apply_preset(self, preset: Preset) -> None:
        """Set the preset's options (and player count) in one go."""
        if preset.players is not None and preset.players != self.players.value:
            self.players.set_values(self.players.values, preset.players)
            self._players_changed(preset.players)
        for option, widget in self.option_widgets:
            if option.name in preset.options:
                values = list(widget.values)
                wanted = preset.options[option.name]
                widget.set_values(values if wanted in values else values + [wanted], wanted)
        self._options_changed()

    def resize(self, layout):
        super().resize(layout)
        if not hasattr(self, "form"):
            return
        centre = layout.width // 2
        left_x, left_w = centre - layout.px(84), layout.px(78)
        right_x, right_w = centre + layout.px(2), layout.px(82)
        row_h, gap = layout.px(self.row_units), layout.px(self.gap_units)
        self.presets_top = layout.px(14.2)
        preset_w, preset_gap = layout.px(30), layout.px(1.2)
        x = centre - layout.px(87) + layout.px(24)
        for _, button in self.preset_buttons:
            button.rect = pygame.Rect(x, self.presets_top, preset_w, layout.px(5.4))
            x += preset_w + preset_gap
        y = layout.px(24)
        for w in ([self.game_chooser, self.players] + [w for _, w in self.option_widgets]
                  + [self.seed, self.allow_twice, self.hints]):
            if not w.visible:
                continue
            w.rect = pygame.Rect(left_x, y, left_w, row_h)
            y += row_h + gap + (len(self.note_lines(w)) * fonts.font(layout.font_small).get_linesize() if w in self.notes
                                else 0)
        self.left_bottom = y
        count = self.players.value
        top, bottom = layout.px(27.5), layout.px(85.5)
        pitch = min(layout.px(6.6), (bottom - top) // count)
        seat_h = pitch - max(1, pitch // 7)
        for row in self.seats:
            y = top + row.seat * pitch
            row.name.rect = pygame.Rect(right_x, y, int(right_w * 0.47), seat_h)
            row.player.rect = pygame.Rect(right_x + int(right_w * 0.49), y, int(right_w * 0.51), seat_h)
        self.start.rect = pygame.Rect(0, 0, layout.px(36), layout.px(8))
        self.back.rect = pygame.Rect(0, 0, layout.px(28), layout.px(8))
        self.back.rect.bottomleft = (left_x, layout.height - layout.px(3))
        self.start.rect.bottomright = (right_x + right_w, layout.height - layout.px(3))
        self.learn.rect = pygame.Rect(0, 0, layout.px(36), layout.px(8))
        self.learn.rect.bottomright = (self.start.rect.x - layout.px(3), self.start.rect.bottom)

    def note_lines(self, widget) -> list[str]:
        """The note under ``widget``, wrapped to its width."""
        return fonts.wrap("\u26a0 " + self.notes[widget], self.layout.font_small, widget.rect.w)

    # ----- who plays a seat ----------------------------------------------
    def about_for(self, player: str) -> str:
        """One line on how ``player`` plays, for the list of choices."""
        if player == HUMAN:
            return tr("setup.human_about")
        if player in LADDER:
            return tr(f"strength_about.{player}")
        for p in self.personalities:
            if p.id == player:
                return p.about[language()]
        return ""

    def choice_for(self, row: SeatRow, player: str, level: Suggestion | None = None) -> Choice:
        """``player`` as the list for ``row`` shows it, with the other seat it sits at when picking it swaps,
        and its rating and whether it is near the person's level (``level``)."""
        elsewhere = None
        named = {p.id: p for p in self.personalities}
        if player in named and not self.allow_twice.value:
            elsewhere = next((r.seat for r in self.seated() if r is not row and r.player.value == player), None)
        measured = level.ratings.get(player) if level is not None else None
        rating = None if measured is None else measured.rating
        near = level is not None and player in level.near
        if player in named:
            person = named[player]
            name = tr(f"opponent.{player}") if has(f"opponent.{player}") else person.name
            return Choice(player, name, person.strength, self.about_for(player), elsewhere, rating, near)
        if player in LADDER:
            return Choice(player, player_label(player, ()), player, self.about_for(player), None, rating, near)
        return Choice(player, row.player.shown(player), "", self.about_for(player))

    def first_person(self) -> str | None:
        """The name of the first seat a person plays, whose level the list of opponents suggests; None if none."""
        row = next((r for r in self.seated() if r.player.value == HUMAN), None)
        return None if row is None else row.name.text.strip() or self.name_for(row)

    def pick_player(self, row: SeatRow) -> None:
        level = Suggestion.for_person(self.app, self.game_chooser.value, self.first_person())
        choices = [self.choice_for(row, value, level) for value in row.player.values]
        self.app.stack.open("pick_player", seat=row.seat, choices=choices, current=row.player.value,
                            on_pick=lambda value: self.assign(row, value), level=level.line,
                            level_problem=level.problem)

    def assign(self, row: SeatRow, player: str) -> None:
        """Seat ``player`` at ``row``; one already at another seat swaps seats with the one there."""
        other = self.choice_for(row, player).elsewhere
        if other is not None:
            self.seats[other].player.choose(row.player.value)
        row.player.choose(player)
        for each in self.seats:
            each.reset_name()
        self.show_hints_choice()

    # ----- the remembered setup ------------------------------------------
    def remembered(self) -> SavedSetup:
        return SavedSetup(self.players.value, self.given_options(),
                          tuple((row.name.text.strip() or self.name_for(row), row.player.value)
                                for row in self.seated()),
                          self.allow_twice.value)

    def restore(self, game_id: str, saved: SavedSetup) -> None:
        """Show ``saved`` as it was chosen; raises ``GameError`` (or ``ValueError``) saying what the game
        no longer accepts, and changes nothing then."""
        game = GAMES[game_id]
        game.resolve_options(saved.players, saved.options)
        offered = {o.name: o.offered_values(saved.players) for o, _ in self.option_widgets}
        if set(saved.options) != set(offered):
            raise ValueError(f"options {', '.join(sorted(saved.options))} are not this game's")
        for name, value in saved.options.items():
            if value not in (offered[name] or ()):
                raise ValueError(f"{name} {value} is not offered for {saved.players} players")
        choices = player_choices(game_id, self.personalities)
        for i, (_, player) in enumerate(saved.seats):
            if player not in choices:
                raise ValueError(f"seat {i + 1}: no computer opponent is called {player!r} for this game")
        named = [p for _, p in saved.seats if p in opponents_for(game_id, self.personalities)]
        if not saved.allow_twice and len(named) != len(set(named)):
            raise ValueError("an opponent sits twice")
        self.players.set_values(self.players.values, saved.players)
        for option, widget in self.option_widgets:
            widget.set_values(offered[option.name] or (), saved.options[option.name])
        self.allow_twice.set_values(self.allow_twice.values, saved.allow_twice)
        for row, (name, player) in zip(self.seats, saved.seats):
            row.player.choose(player)  # a person's seat takes the profile's name for it, where it has one
            row.edited = self.person_for(row) is None and not is_default_name(name, player, row.seat,
                                                                               self.personalities)
            row.name.text = name if row.edited else self.name_for(row)
        if not saved.allow_twice:
            self.seat_distinct()
        for row in self.seats:
            row.reset_name()

    def remember(self) -> None:
        """Keep the setup of this game, and the people's names in the profile (a default name is not kept)."""
        if self.remembers:
            setups = dict(self.app.settings.setups)
            setups[self.game_chooser.value] = self.remembered()
            named = [(row.name.text.strip() or self.name_for(row), row) for row in self.seated()
                     if row.player.value == HUMAN]
            chosen = [name if not is_default_name(name, HUMAN, row.seat, self.personalities) else None
                      for name, row in named]
            profile = self.app.settings.profile.seated(chosen[0] if chosen else None,
                                                       [name for name in chosen[1:] if name is not None])
            self.app.change_settings(setups=setups, profile=profile)

    def forget_setup(self, game_id: str) -> None:
        setups = {game: setup for game, setup in self.app.settings.setups.items() if game != game_id}
        self.app.change_settings(setups=setups)

    # ----- actions -----------------------------------------------------
    def build_record(self) -> Record:
        """The new game as chosen; raises ``GameError`` for a bad option."""
        game = GAMES[self.game_chooser.value]
        count = self.players.value
        options = game.resolve_options(count, self.given_options())
        seats = []
        for row in self.seated():
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
        pronouns = [row.name.text.strip() for row in self.seated() if is_pronoun(row.name.text)]
        if pronouns:
            self.problem = tr("setup.pronoun_name", name=pronouns[0])
            return
        for row in self.seated():
            problem = name_problem(row.name.text.strip() or self.name_for(row))
            if problem is not None:
                self.problem = tr("setup.bad_name", seat=row.seat + 1, problem=problem)
                return
        self.open_table()

    def open_table(self) -> None:
        try:
            table = make_scene(self.app, "table", record=self.build_record())
        except OptionError as exc:
            self.problem = self.option_problem(exc)
            return
        except (GameError, ValueError) as exc:
            self.problem = str(exc)
            return
        self.remember()
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
        left = pygame.Rect(centre - lay.px(87), lay.px(21), lay.px(84), lay.px(65))
        right = pygame.Rect(centre - lay.px(1), lay.px(21), lay.px(88), lay.px(65))
        paint.panel(surface, left, lay.px(1.5))
        paint.panel(surface, right, lay.px(1.5))
        if self.preset_buttons:
            paint.text(surface, tr("setup.presets"), lay.font_small,
                       (left.x + lay.px(22), self.presets_top + lay.px(2.7)), TEXT_DIM, anchor="midright",
                       max_width=lay.px(21))
        first = self.seats[0]
        paint.text(surface, tr("setup.seats"), lay.font_small, (first.name.rect.x, lay.px(25)), TEXT_DIM,
                   anchor="midleft", max_width=first.player.rect.x - first.name.rect.x - lay.px(1))
        paint.text(surface, tr("setup.who_plays"), lay.font_small, (first.player.rect.x, lay.px(25)), TEXT_DIM,
                   anchor="midleft", max_width=first.player.rect.w)
        for widget in self.notes:
            line_h = fonts.font(lay.font_small).get_linesize()
            for i, line in enumerate(self.note_lines(widget)):
                paint.text(surface, line, lay.font_small, (widget.rect.x, widget.rect.bottom + lay.px(0.3) + i * line_h),
                           DANGER, anchor="topleft")
            pygame.draw.rect(surface, DANGER, widget.box, width=max(2, lay.px(0.3)), border_radius=lay.px(1.2))
        if self.problem:
            paint.paragraph(surface, self.problem, lay.font_small,
                            pygame.Rect(left.x + lay.px(3), left.bottom - lay.px(9), left.w - lay.px(6), lay.px(9)),
                            DANGER, align="left")
        else:
            help_room = pygame.Rect(left.x + lay.px(4), self.left_bottom + lay.px(0.5), left.w - lay.px(8), 0)
            lines = fonts.wrap(tr("setup.number_help"), lay.font_small, help_room.w)
            if help_room.y + len(lines) * fonts.font(lay.font_small).get_linesize() <= left.bottom - lay.px(1):
                paint.paragraph(surface, tr("setup.number_help"), lay.font_small, help_room, TEXT_DIM, align="left")
        self.form.draw(surface, lay)


def capitalised(text: str) -> str:
    return text[:1].upper() + text[1:]


def preset_text(game_id: str, preset: Preset, button: Button) -> str:
    """A preset's name; the one now chosen is marked by a tick as well as by its gold."""
    return ("\u2713 " if button.primary else "") + tr(f"preset.{game_id}.{preset.id}")
