"""The statistics screen: per game and player, the figures, a chart of recent results, the rating over time
and the opponents.

The figures come from the statistics database (``stats_db``), read once when
the screen opens and again after a reset or a change of the profile; ``draw``
only paints them. The profile's player is shown first, with the games of every
name joined to it; "These games are mine" joins the name shown (asking first),
and the profile's own page takes them back.
"""

from __future__ import annotations

import math

import pygame

from ...ai import load_personalities
from ...config import ConfigError
from ...opponent_ratings import OpponentRatings, load_opponent_ratings, person_ratings
from ...profile import Profile
from ...rating import PersonRating
from ...registry import GAMES
from ...stats_db import StatsError
from ...stats_figures import GameFigures, OpponentFigures, PlayerFigures
from .. import fonts, paint
from ..i18n import decimal, tr
from ..keys import SCROLL_KEYS
from ..layout import DANGER, GOLD, PANEL_EDGE, TEXT, TEXT_DIM
from ..players import player_label
from ..scroll_list import ScrollList
from ..widgets import Button, Chooser, Form
from .form import FormScene

CHART_LOST = (120, 160, 140)
#: The gap between the buttons under the panels, in layout units.
BUTTON_GAP = 3


def percent(share: float) -> str:
    return f"{round(share * 100)} %"


def streak_text(streak: int) -> str:
    if streak > 0:
        return tr("stats.streak_won", count=streak)
    if streak < 0:
        return tr("stats.streak_lost", count=-streak)
    return "–"


class StatsScene(FormScene):
    escape_closes = True
    own_keys = SCROLL_KEYS[1:]  # the opponents' list pages and goes to its ends whatever holds the focus

    def __init__(self, app, game_id: str | None = None) -> None:
        super().__init__(app)
        self.problem = ""
        try:
            self.personalities = load_personalities()
        except ConfigError:
            self.personalities = ()
        self.figures: dict[str, GameFigures] = {}
        self.ratings: dict[str, dict[str, PersonRating]] = {}
        self.rating_problem = ""
        try:
            self.opponent_ratings: OpponentRatings = load_opponent_ratings()
        except ConfigError as exc:
            self.opponent_ratings, self.rating_problem = {}, str(exc)
        self.load()
        first = game_id or max(GAMES, key=lambda g: self.figures[g].stored if g in self.figures else -1)
        self.game_chooser = Chooser("stats.game", list(GAMES), lambda g: tr(f"game.{g}"), first, self._game_changed,
                                    label_share=0.3)
        self.player_chooser = Chooser("stats.player", [""], self._player_label, "", label_share=0.3)
        self.reset_button = Button(self._reset_label, self.reset)
        self.mine_button = Button(self._mine_label, self.mine)
        self.opponent_list = ScrollList(draw_row=self.draw_opponent)
        self.confirming: Button | None = None  # the button asking to be pressed again
        self.history_button = Button("stats.history", self.history, primary=True)
        self.back_button = Button("common.back", self.close)
        self.form = Form([self.game_chooser, self.player_chooser, self.opponent_list, self.history_button,
                          self.mine_button, self.reset_button, self.back_button])
        self._game_changed(first)

    # ----- data ----------------------------------------------------------
    def load(self) -> None:
        db = self.app.stats
        if db is None:
            self.problem = tr("stats.unavailable")
            return
        aliases = self.app.settings.profile.aliases()
        try:
            self.figures = db.figures(aliases=aliases)
            self.ratings = person_ratings(db, self.opponent_ratings, aliases=aliases)
        except StatsError as exc:
            self.figures, self.ratings, self.problem = {}, {}, str(exc)

    @property
    def game(self) -> str:
        return self.game_chooser.value

    @property
    def player(self) -> PlayerFigures | None:
        shown = self.figures.get(self.game)
        return shown.players.get(self.player_chooser.value) if shown is not None else None

    @property
    def rated(self) -> PersonRating | None:
        return self.ratings.get(self.game, {}).get(self.player_chooser.value)

    @property
    def profile(self) -> Profile:
        return self.app.settings.profile

    @property
    def opponents(self) -> list[OpponentFigures]:
        """Every opponent met at the game shown, most games first."""
        shown = self.figures.get(self.game)
        return sorted(shown.opponents.values(), key=lambda o: -o.games) if shown is not None else []

    def _player_label(self, name: str) -> str:
        if name and name == self.profile.name:
            return tr("stats.you", name=name)
        return name or tr("stats.nobody")

    def _game_changed(self, game_id: str) -> None:
        """Show the game's players, the profile's first (then the most games), and its opponents."""
        self.confirming = None
        shown = self.figures.get(game_id)
        me = self.profile.name
        names = sorted(shown.players, key=lambda n: (n != me, -shown.players[n].played)) if shown is not None else []
        self.player_chooser.set_values(names or [""], self.player_chooser.value if self.player_chooser.value in names
                                       else names[0] if names else "")
        self.opponent_list.set_count(len(self.opponents))
        self.opponent_list.scroll_to(0)
        self._show_mine()

    def _show_mine(self) -> None:
        """The joining button shows for another player's games, or for the profile's with names joined to it."""
        name = self.player_chooser.value
        visible = bool(name) and (name != self.profile.name or bool(self._joined_here()))
        if visible != self.mine_button.visible:
            self.mine_button.visible = visible
            self.place_buttons()

    # ----- actions -------------------------------------------------------
    def history(self) -> None:
        self.app.stack.open("history", game_id=self.game)

    def _joined_here(self) -> list[str]:
        """The names joined to the profile (every game's, as joining is for all of them)."""
        return list(self.profile.joined) if self.player_chooser.value == self.profile.name else []

    def _mine_label(self) -> str:
        name = self.player_chooser.value
        joined = ", ".join(self._joined_here())
        if self.confirming is self.mine_button:
            return (tr("stats.part_confirm", names=joined) if joined
                    else tr("stats.mine_confirm", name=name))
        return tr("stats.part", names=joined) if joined else tr("stats.mine")

    def mine(self) -> None:
        """The first press asks; the second joins the name shown to the profile, or (on the profile's own page)
        takes the joined names back. Kept in the settings, for every game."""
        if self.confirming is not self.mine_button:
            self.confirming = self.mine_button
            return
        self.confirming = None
        name, profile = self.player_chooser.value, self.profile
        joined = self._joined_here()
        for each in joined:
            profile = profile.part(each)
        self.app.change_settings(profile=profile if joined else profile.join(name))
        self.load()
        self.player_chooser.set_values(self.player_chooser.values, self.app.settings.profile.name)
        self._game_changed(self.game)

    def _reset_label(self) -> str:
        return (tr("stats.reset_confirm", game=tr(f"game.{self.game}")) if self.confirming is self.reset_button
                else tr("stats.reset"))

    def reset(self) -> None:
        """The first press asks; the second forgets every stored game of the game shown."""
        db = self.app.stats
        if db is None:
            return
        if self.confirming is not self.reset_button:
            self.confirming = self.reset_button
            return
        self.confirming = None
        try:
            db.reset(self.game)
        except StatsError as exc:
            self.problem = str(exc)
            return
        self.load()
        self._game_changed(self.game)

    def resume(self) -> None:
        """Back from the history (a game may have been watched or exported): read the figures again."""
        self.load()
        self._game_changed(self.game)

    def handle_event(self, event):
        asking = self.confirming
        if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN) and asking is not None:
            focused = self.form.focused
            hit = event.type == pygame.MOUSEBUTTONDOWN and asking.rect.collidepoint(event.pos)
            pressed = event.type == pygame.KEYDOWN and focused is asking and event.key in (
                pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
            if not (hit or pressed):
                self.confirming = None
        player = self.player_chooser.value
        left = super().handle_event(event)
        if self.player_chooser.value != player:
            self._show_mine()
        return None if left is None else self.opponent_list.handle_event(left)

    # ----- layout --------------------------------------------------------
    def resize(self, layout):
        super().resize(layout)
        mid = layout.width // 2
        half = layout.px(84)
        self.game_chooser.rect = pygame.Rect(mid - half, layout.px(14), layout.px(80), layout.px(6.5))
        self.player_chooser.rect = pygame.Rect(mid + layout.px(4), layout.px(14), layout.px(80), layout.px(6.5))
        self.figures_panel = pygame.Rect(mid - half, layout.px(23), layout.px(64), layout.px(60))
        self.chart_panel = pygame.Rect(mid - half + layout.px(68), layout.px(23), layout.px(100), layout.px(16.5))
        self.rating_panel = pygame.Rect(self.chart_panel.x, layout.px(41), self.chart_panel.w, layout.px(16.5))
        self.opponents_panel = pygame.Rect(self.chart_panel.x, layout.px(59), self.chart_panel.w, layout.px(24))
        box = self.opponents_panel
        pitch = self.opponent_pitch()
        top = box.y + layout.px(4) + pitch // 2  # under the line of column heads
        self.opponent_list.place(pygame.Rect(box.x + layout.px(2), top, box.w - layout.px(3),
                                             box.bottom - layout.px(1) - top), pitch, layout)
        self.place_buttons()

    def opponent_pitch(self) -> int:
        """The height of a row of opponents: a line of body text, and never less than 4.6 units."""
        return max(self.layout.px(4.6), fonts.font(self.layout.font_body).get_linesize())

    def place_buttons(self) -> None:
        """The row of buttons under the panels, centred; the joining button only while it is shown."""
        layout = self.layout
        units = {self.history_button: 28, self.mine_button: 58, self.reset_button: 52, self.back_button: 22}
        shown = [b for b in units if b.visible]
        widths = [units[b] for b in shown]
        x = layout.width // 2 - layout.px(sum(widths) + BUTTON_GAP * (len(widths) - 1)) // 2
        for button, width in zip(shown, widths):
            button.rect = pygame.Rect(x, layout.px(88), layout.px(width), layout.px(7))
            x += layout.px(width + BUTTON_GAP)

    # ----- drawing -------------------------------------------------------
    def draw(self, surface):
        lay = self.layout
        paint.background(surface)
        paint.title_text(surface, tr("stats.heading"), lay.px(7), (lay.width // 2, lay.px(7)), GOLD)
        for rect in (self.figures_panel, self.chart_panel, self.rating_panel, self.opponents_panel):
            paint.panel(surface, rect, lay.px(1.6))
        person = self.player
        shown = self.figures.get(self.game)
        if person is None:
            paint.paragraph(surface, tr("stats.none", game=tr(f"game.{self.game}")), lay.font_body,
                            self.figures_panel.inflate(-lay.px(6), -lay.px(20)), TEXT_DIM)
        else:
            self.draw_figures(surface, person)
            self.draw_chart(surface, person)
        self.draw_rating(surface, self.rated)
        self.draw_opponents(surface, shown)
        notes = []
        if shown is not None and shown.watched:
            notes.append(tr("stats.watched", count=shown.watched))
        problems = [p for p in (self.problem, self.rating_problem) if p]
        if notes or problems:
            paint.text(surface, " · ".join(notes + problems), lay.font_small, (lay.width // 2, lay.px(85.5)),
                       DANGER if problems else TEXT_DIM, max_width=lay.width - lay.px(6))
        self.form.draw(surface, lay)

    def draw_figures(self, surface, person: PlayerFigures) -> None:
        lay = self.layout
        average = person.average
        rows = [
            ("stats.played", str(person.played)),
            ("stats.won", str(person.won)),
            ("stats.win_share", percent(person.win_share)),
            ("stats.best", "–" if person.best is None else str(person.best)),
            ("stats.average", "–" if average is None else decimal(average, 1)),
            ("stats.streak", streak_text(person.streak)),
            ("stats.best_streak", str(person.best_streak)),
            ("stats.abandoned", str(person.abandoned)),
        ]
        x0, x1 = self.figures_panel.x + lay.px(4), self.figures_panel.right - lay.px(4)
        y = self.figures_panel.y + lay.px(5)
        gap = lay.px(2)
        for key, value in rows:  # a long value ("1 game without a win") keeps half the row for its label
            label = tr(key)
            wanted = fonts.font(lay.font_body).size(fonts.shown(label))[0]
            shown = paint.text(surface, value, lay.font_body, (x1, y), TEXT, bold=True, anchor="midright",
                               max_width=x1 - x0 - gap - min(wanted, (x1 - x0) // 2))
            paint.text(surface, label, lay.font_body, (x0, y), TEXT_DIM, anchor="midleft", max_width=shown.x - gap - x0)
            y += lay.px(7)

    def draw_chart(self, surface, person: PlayerFigures) -> None:
        """Bars of the recent scores, gold when won, with the average as a line."""
        lay = self.layout
        area = chart_area(self.chart_panel, lay)
        head = (self.chart_panel.x + lay.px(3), self.chart_panel.y + lay.px(3))
        legend = paint.text(surface, tr("stats.legend"), lay.font_small, (self.chart_panel.right - lay.px(3), head[1]),
                            GOLD, anchor="midright", max_width=self.chart_panel.w - lay.px(6))
        # The heading has what the legend leaves: "Recent results (last 18)" loses its count before it overlaps.
        paint.text(surface, tr("stats.recent", count=len(person.recent)), lay.font_small, head, TEXT_DIM,
                   anchor="midleft", max_width=legend.x - lay.px(2) - head[0])
        scores = [r.score for r in person.recent]
        if not scores:
            return
        low, high = min(0, *scores), max(0, *scores)
        span = (high - low) or 1

        def y_of(value: float) -> int:
            return round(area.bottom - (value - low) / span * area.h)

        zero = y_of(0)
        pygame.draw.line(surface, PANEL_EDGE, (area.x, zero), (area.right, zero), max(1, lay.px(0.2)))
        slot = area.w / max(len(scores), 10)
        for i, result in enumerate(person.recent):
            top, bottom = sorted((y_of(result.score), zero))
            bar = pygame.Rect(round(area.x + i * slot + slot * 0.15), top, max(1, round(slot * 0.7)),
                              max(1, bottom - top))
            pygame.draw.rect(surface, GOLD if result.won else CHART_LOST, bar, border_radius=max(1, lay.px(0.4)))
        average = sum(scores) / len(scores)
        pygame.draw.line(surface, TEXT, (area.x, y_of(average)), (area.right, y_of(average)), max(1, lay.px(0.25)))
        paint.text(surface, str(high), lay.font_small, (area.x - lay.px(0.8), area.y), TEXT_DIM, anchor="midright")
        if low < 0:
            paint.text(surface, str(low), lay.font_small, (area.x - lay.px(0.8), area.bottom), TEXT_DIM,
                       anchor="midright")

    def draw_rating(self, surface, rated: PersonRating | None) -> None:
        """The rating after each rated game as a gold line, in a band of one deviation either side."""
        lay = self.layout
        box = self.rating_panel
        head = (box.x + lay.px(3), box.y + lay.px(3))
        if rated is None:
            paint.text(surface, tr("stats.rating"), lay.font_small, head, TEXT_DIM, anchor="midleft")
            room = pygame.Rect(box.x + lay.px(4), box.y + lay.px(6), box.w - lay.px(8), box.h - lay.px(7))
            words = tr("stats.not_rated")
            size = fonts.fit_lines(words, lay.font_small, room.w, room.h)
            fits = len(fonts.wrap(words, size, room.w)) * fonts.font(size).get_linesize() <= room.h
            paint.paragraph(surface, words, size, room, TEXT_DIM, middle=fits)  # too long: from the top down
            return
        now = paint.text(surface, tr("stats.rating_now", rating=rated.current.shown(), count=rated.games),
                         lay.font_small, (box.right - lay.px(3), head[1]), GOLD, bold=True, anchor="midright")
        paint.text(surface, tr("stats.rating"), lay.font_small, head, TEXT_DIM, anchor="midleft",
                   max_width=now.x - head[0] - lay.px(2))
        area = chart_area(box, lay)
        course = [r for _, r in rated.course]
        low = math.floor(min(r.rating - r.rd for r in course) / 100) * 100
        high = math.ceil(max(r.rating + r.rd for r in course) / 100) * 100
        span = (high - low) or 100

        def point(i: int, value: float) -> tuple[int, int]:
            x = area.centerx if len(course) == 1 else area.x + i * area.w / (len(course) - 1)
            return round(x), round(area.bottom - (value - low) / span * area.h)

        upper = [point(i, r.rating + r.rd) for i, r in enumerate(course)]
        lower = [point(i, r.rating - r.rd) for i, r in enumerate(course)]
        line = [point(i, r.rating) for i, r in enumerate(course)]
        width = max(1, lay.px(0.4))
        if len(course) > 1:
            pygame.draw.polygon(surface, PANEL_EDGE, upper + lower[::-1])
            pygame.draw.lines(surface, GOLD, False, line, width)
        else:
            pygame.draw.line(surface, PANEL_EDGE, upper[0], lower[0], width * 2)
        pygame.draw.circle(surface, GOLD, line[-1], width * 2)
        paint.text(surface, str(high), lay.font_small, (area.x - lay.px(0.8), area.y), TEXT_DIM, anchor="midright")
        paint.text(surface, str(low), lay.font_small, (area.x - lay.px(0.8), area.bottom), TEXT_DIM, anchor="midright")

    def opponent_columns(self) -> tuple[int, int, int, int]:
        """Where the opponents' names start and their three figures end."""
        lay, box = self.layout, self.opponents_panel
        right = self.opponent_list.row_rect(0).right
        return box.x + lay.px(4), right - lay.px(32), right - lay.px(16), right - lay.px(1)

    def draw_opponents(self, surface, shown: GameFigures | None) -> None:
        """The heads of the columns, then the list of every opponent met (drawn by the form, scrolled)."""
        lay = self.layout
        box = self.opponents_panel
        cols = self.opponent_columns()
        y = box.y + lay.px(4)
        paint.text(surface, tr("stats.opponents"), lay.font_small, (cols[0], y), TEXT_DIM, anchor="midleft",
                   max_width=cols[1] - cols[0] - lay.px(14))
        for x, key in zip(cols[1:], ("stats.games", "stats.people_won", "stats.opponent_won")):
            paint.text(surface, tr(key), lay.font_small, (x, y), TEXT_DIM, anchor="midright", max_width=lay.px(15))
        if shown is None or not shown.opponents:
            paint.text(surface, tr("stats.no_opponents"), lay.font_body, (box.centerx, box.centery + lay.px(2)),
                       TEXT_DIM, max_width=box.w - lay.px(6))

    def draw_opponent(self, surface, index: int, rect: pygame.Rect) -> None:
        """One row of the opponents' list: who, the games, the games people won and the games they won."""
        lay = self.layout
        against = self.opponents[index]
        cols = self.opponent_columns()
        y = rect.centery
        paint.text(surface, player_label(against.opponent, self.personalities), lay.font_body, (cols[0], y), TEXT,
                   anchor="midleft", max_width=cols[1] - cols[0] - lay.px(8))
        for x, value in zip(cols[1:], (against.games, against.people_won, against.opponent_won)):
            paint.text(surface, str(value), lay.font_body, (x, y), TEXT, bold=True, anchor="midright")


def chart_area(panel: pygame.Rect, lay) -> pygame.Rect:
    """Where a chart is drawn in its panel: under the heading line, with room for the scale's numbers on the left
    (four digits and a sign, at the current text size)."""
    top = panel.y + lay.px(6.5)
    left = panel.x + max(lay.px(11), fonts.font(lay.font_small).size("-8888")[0] + lay.px(2.5))
    return pygame.Rect(left, top, panel.right - lay.px(4) - left, panel.bottom - lay.px(3) - top)

