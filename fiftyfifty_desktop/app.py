"""The window, the 60 FPS loop and the scene stack.

``App`` owns the display surface, the settings and the storage; scenes ask
it to change settings, push scenes and quit. ``step`` runs one frame from a
list of events, so tests drive the real application without a display.
"""

from __future__ import annotations

import errno
import sys
from datetime import datetime, timezone
from typing import TYPE_CHECKING, Any, Callable, Iterable, Mapping

import pygame

from .engine.records import Record
from .resources import ICON_FILE, resource_path
from .games_in_progress import Unsaved, slot_game
from .storage import Settings, Storage, StorageError, clamp_window
from .textfiles import first_line
from .ui import audit, fonts, i18n, native_memory
from .ui.layout import DANGER, HIGH_CONTRAST, STANDARD, TEXT, Layout, use_palette, use_text_scale
from .ui import paint
from .ui.scene import Scene, SceneStack
from .ui.sound import Sounds
from .ui.surface_cache import drop_all as drop_surface_caches
from .ui.wake import WAKE_EVENT, Waker

if TYPE_CHECKING:
    from .stats_db import StatsDB

FPS = 60
#: A resting window still wakes this often (milliseconds), so that a scene can look at what it polls (a
#: subprocess, a worker's pipe, a deadline); changes made on other threads wake it at once (``ui/wake.py``).
REST_WAKE_MS = 250


#: System refusals the warning names in the player's language; any other is shown as the system words it.
UNSAVED_CAUSES = {errno.ENOSPC: "unsaved.disk_full",
                  errno.EACCES: "unsaved.not_allowed", errno.EPERM: "unsaved.not_allowed",
                  errno.EROFS: "unsaved.not_allowed", errno.ENOTDIR: "unsaved.blocked",
                  errno.EEXIST: "unsaved.blocked"}


def unsaved_cause(unsaved: Unsaved) -> str:
    """Why the game could not be saved, in the current language."""
    key = UNSAVED_CAUSES.get(unsaved.errno or 0)
    return i18n.tr(key) if key else unsaved.problem


#: Video drivers with no real desktop: their display sizes are made up, so nothing is checked against them.
HEADLESS_DRIVERS = ("dummy", "offscreen")
#: How much of the window (its top left corner, where the title bar is) must be on a display to reach it.
REACHABLE = (120, 40)


def desktop_sizes() -> list[tuple[int, int]]:
    """The displays' sizes, left to right; none for a driver without a real desktop."""
    if pygame.display.get_driver() in HEADLESS_DRIVERS:
        return []
    return [tuple(size) for size in pygame.display.get_desktop_sizes()]  # type: ignore[misc]


def window_place(size: tuple[int, int], position: tuple[int, int] | None,
                 desktops: list[tuple[int, int]]) -> tuple[tuple[int, int], tuple[int, int] | None]:
    """The window's size and position for this run: the remembered ones where they fit the displays (taken as
    side by side, the first at the origin), else the default size, centred on the first display. A display
    unplugged since, or a file edited by hand, so never leaves the window out of reach or bigger than the screen.
    No displays known: the size as saved and no position (the system places it)."""
    if not desktops:
        return size, None
    widest, tallest = max(w for w, _ in desktops), max(h for _, h in desktops)
    if size[0] > widest or size[1] > tallest:
        default = Settings().window
        size = clamp_window(min(default[0], desktops[0][0]), min(default[1], desktops[0][1]))
    total = sum(w for w, _ in desktops)
    if position is not None:
        x, y = position
        if 0 <= x and 0 <= y and x + REACHABLE[0] <= total and y + REACHABLE[1] <= tallest:
            return size, position
    first = desktops[0]
    return size, (max(0, (first[0] - size[0]) // 2), max(0, (first[1] - size[1]) // 2))


def drop_rendered() -> None:
    """Forget every rendered surface and every opened font."""
    drop_surface_caches()
    fonts.font.cache_clear()


class App:
    def __init__(self, storage: Storage | None = None, settings: Settings | None = None,
                 speed: str | None = None) -> None:
        self.storage = storage or Storage()
        self.storage.remove_stale_temporaries()
        self.notices: list[str] = []
        loaded, set_aside = self.storage.load_settings()
        self.settings = settings or loaded
        self.speed_override = speed  # a session's speed from the command line, not saved
        i18n.install(language=self.settings.language)
        use_palette(HIGH_CONTRAST if self.settings.high_contrast else STANDARD)
        use_text_scale(self.settings.text_scale)
        if set_aside:
            self.notice(i18n.set_aside_line(set_aside))
        for dropped in self.storage.dropped_setups:
            self.notice(i18n.tr("notice.setup_dropped", game=i18n.game_title(dropped.game), reason=dropped.reason))
        if self.storage.dropped_profile is not None:
            self.notice(i18n.tr("notice.profile_dropped", reason=self.storage.dropped_profile))
        pygame.display.init()  # not pygame.init(): that would start the mixer too, loudly without a sound card
        pygame.font.init()
        pygame.display.set_caption(i18n.tr("title.heading"))
        pygame.display.set_icon(pygame.image.load(resource_path(*ICON_FILE)))
        pygame.key.set_repeat(350, 40)
        self.window_size, self.window_position = window_place(self.settings.window, self.settings.window_position,
                                                              desktop_sizes())
        self.screen = self._open_window()
        self.sounds = Sounds(self.settings.volume)
        self.stack = SceneStack(self)
        self.running = True
        self.exit_status = 0
        self.clock = pygame.time.Clock()
        #: Called from any thread when what a screen shows has changed: the resting loop wakes and paints.
        self.wake = Waker()
        self.frame_time = 0.0  # seconds of frames run, whichever screen is on top (a double-click's timing)
        #: Called after every drawn frame of ``run`` (the startup benchmark uses it).
        self.on_frame: Callable[[App], None] | None = None
        self._stats: StatsDB | None = None
        self._stats_tried = False
        self._stats_problem = ""
        #: One line per game that ended this run and is not in the statistics yet (reported at the exit).
        self.not_counted: list[str] = []

    # ----- window --------------------------------------------------------
    @property
    def size(self) -> tuple[int, int]:
        return self.screen.get_size() if hasattr(self, "screen") else self.settings.window

    def _open_window(self) -> pygame.Surface:
        if self.settings.fullscreen:
            return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        screen = pygame.display.set_mode(self.window_size, pygame.RESIZABLE)
        if self.window_position is not None:
            pygame.display.set_window_position(self.window_position)
        return screen

    def _where_window_is(self) -> tuple[int, int] | None:
        """The window's position on the desktop now, to open there next time (full screen: where it was)."""
        if self.settings.fullscreen or not pygame.display.get_init():
            return self.window_position
        x, y = pygame.display.get_window_position()
        return (x, y)

    def resize(self, width: int, height: int) -> None:
        """Follow the window to a new size (clamped to what the table can lay out); what was
        rendered for the old size is dropped, fonts too (their sizes follow the window's), and
        the freed memory is given back, so memory does not grow with every resize."""
        drop_rendered()
        if not self.settings.fullscreen:
            self.window_size = clamp_window(width, height)
            if self.screen.get_size() != self.window_size:
                self.screen = pygame.display.set_mode(self.window_size, pygame.RESIZABLE)
        self.stack.resize(Layout(*self.size))
        native_memory.trim()

    def toggle_fullscreen(self) -> None:
        self.change_settings(fullscreen=not self.settings.fullscreen)

    # ----- settings -------------------------------------------------------
    @property
    def speed(self) -> str:
        """The animation speed in force: the command line's, else the setting."""
        return self.speed_override or self.settings.speed

    def change_settings(self, **changes) -> None:
        """Apply and keep new settings (language, speed, full screen, sound, high contrast, text size)."""
        old = self.settings
        self.settings = old.with_changes(**changes)
        if "speed" in changes:
            self.speed_override = None
        if self.settings.language != old.language:
            i18n.set_language(self.settings.language)
            pygame.display.set_caption(i18n.tr("title.heading"))
            self.stack.resize(Layout(*self.size))  # every open scene words and lays itself out again
        if self.settings.fullscreen != old.fullscreen:
            if self.settings.fullscreen:  # the window comes back where it was
                self.window_position = pygame.display.get_window_position()
            self.screen = self._open_window()
            self.stack.resize(Layout(*self.size))
        if self.settings.high_contrast != old.high_contrast:
            use_palette(HIGH_CONTRAST if self.settings.high_contrast else STANDARD)
            self.stack.resize(Layout(*self.size))  # scenes lay out and paint again in the new colours
        if self.settings.text_scale != old.text_scale:
            use_text_scale(self.settings.text_scale)
            self.stack.resize(Layout(*self.size))
        self.sounds.volume = self.settings.volume
        self.save_settings()

    def save_settings(self) -> None:
        try:
            self.storage.save_settings(self.settings.with_changes(window=self.window_size,
                                                                  window_position=self._where_window_is()))
        except StorageError as exc:
            self.notice(str(exc))

    # ----- the game in progress ------------------------------------------
    def keep_game(self, record) -> None:
        """Save the game after a move. When that fails the storage keeps the record and the
        reason in ``storage.unsaved`` (the next move tries again), and every frame shows
        the warning until a save succeeds: nothing is lost without the player knowing."""
        try:
            self.storage.save_record(record)
        except StorageError:
            pass  # storage.unsaved now holds the record and the reason; draw_unsaved shows them

    def confirm_leave(self, then: Callable[[], object]) -> None:
        """Leave the game in progress with ``then``, after asking if the game is not saved."""
        if self.storage.unsaved is None:
            then()
        elif not getattr(self.stack.top, "confirms_leaving", False):
            self.stack.open("unsaved", then=then)

    def draw_unsaved(self, surface: pygame.Surface) -> None:
        """A plain warning across the top while the game in progress is not on disk."""
        unsaved = self.storage.unsaved
        if unsaved is None:
            return
        lay = Layout(*surface.get_size())
        audit.new_layer(surface)  # a band across the top of whatever screen is open
        band = pygame.Rect(0, 0, lay.width, lay.px(8))
        surface.fill((70, 16, 12), band)
        pygame.draw.line(surface, DANGER, band.bottomleft, band.bottomright, max(1, lay.px(0.3)))
        paint.text(surface, i18n.tr("unsaved.banner", problem=unsaved_cause(unsaved)), lay.font_small,
                   (band.centerx, band.y + lay.px(2.4)), TEXT, bold=True, max_width=lay.width - lay.px(4))
        paint.text(surface, i18n.tr("unsaved.help", folder=str(unsaved.folder)), lay.font_small,
                   (band.centerx, band.y + lay.px(5.6)), TEXT, max_width=lay.width - lay.px(4))

    def notice(self, line: str) -> None:
        """A one-line problem shown on the title screen."""
        if line not in self.notices:
            self.notices.append(line)

    # ----- statistics -----------------------------------------------------
    @property
    def stats(self) -> StatsDB | None:
        """The statistics database, opened on first use; None (after a notice) when it cannot be used."""
        if not self._stats_tried:
            from .stats_db import open_stats  # sqlite3 is loaded when first needed, not at start-up

            from .registry import GAMES
            from .uncounted import count_waiting

            self._stats_tried = True
            self._stats, problem = open_stats(self.storage.data_dir)
            self._stats_problem = problem or ""
            if problem:
                self.notice(i18n.tr("stats.problem", reason=problem))
            if self._stats is not None:
                for line in count_waiting(self._stats, self.storage.data_dir, GAMES):
                    self.notice(i18n.tr("stats.problem", reason=line))
        return self._stats

    def record_game(self, record: Record, outcome: str, duration: float = 0.0, undos: int = 0) -> bool:
        """Keep a game that ended (finished, resigned or abandoned), with the moves taken back in it. When the
        statistics cannot take it, its record goes to ``uncounted/`` to be counted at the next start that can.
        True when the game is kept either way, so the saved game may go; a problem is a notice (and a failing
        exit status, see :meth:`quit`), never a stop."""
        from .stats_db import StatsError, stored_game
        from .uncounted import keep

        finished_at = datetime.now(timezone.utc)
        db = self.stats
        reason = self._stats_problem
        if db is not None:
            try:
                db.store(stored_game(record, outcome, duration, undos, finished_at))
                return True
            except StatsError as exc:
                reason = str(exc)
        try:
            keep(self.storage.data_dir, record, outcome, finished_at.isoformat(timespec="seconds"),
                 round(max(0.0, duration), 1), undos)
        except (OSError, ValueError) as exc:
            line = i18n.tr("stats.not_recorded", reason=f"{reason}; {first_line(exc)}")
            kept = False
        else:
            line = i18n.tr("stats.uncounted", reason=reason)
            kept = True
        self.notice(line)
        self.not_counted.append(line)
        return kept

    def start_keeping(self, starting: Record) -> None:
        """A table's game is kept from now on: in the slot this window took to continue it when ``starting`` is
        that game, else (a new game) in a slot of its own from its first save. No other game in progress is
        touched, in this window or another."""
        from .registry import GAMES

        playing = self.storage.playing
        if playing is None:
            return
        saved, _ = self.storage.load_record(GAMES, playing)
        continued = (saved is not None and starting.moves[:len(saved.moves)] == saved.moves
                     and (saved.game, saved.seed, saved.seats, saved.options)
                     == (starting.game, starting.seed, starting.seats, starting.options))
        if not continued:
            self.storage.leave()

    def take_saved_game(self, slot: str, games: Mapping[str, Any]) -> Record | None:
        """The game in progress in ``slot``, now this window's to continue or give up; None (after a notice) when
        another window has it open or it cannot be read (then it is set aside)."""
        try:
            taken = self.storage.take(slot)
        except StorageError as exc:
            self.notice(str(exc))
            return None
        if not taken:
            self.notice(i18n.tr("saved.open_elsewhere", game=i18n.game_title(slot_game(slot) or slot)))
            return None
        saved, set_aside = self.storage.load_record(games, slot)
        if set_aside:
            self.notice(i18n.set_aside_line(set_aside))
        if saved is None:
            self.storage.leave()
        return saved

    def abandon_game(self, slot: str) -> None:
        """Give up the game in progress in ``slot``: kept in the statistics as left unfinished (one with no move
        yet is simply forgotten), and its save removed once it is kept."""
        from .stats_db import ABANDONED

        self._settle(slot, ABANDONED)

    def store_finished(self, slot: str) -> bool:
        """Store the game over in ``slot`` (left there when the statistics could not take it as it ended) and
        clear the slot; False when it stays (open in another window, or not kept: a notice says why)."""
        from .stats_db import FINISHED

        return self._settle(slot, FINISHED)

    def _settle(self, slot: str, outcome: str) -> bool:
        """Take ``slot``, store its game with ``outcome`` and clear the slot; True once the game is kept."""
        from .registry import GAMES

        saved = self.take_saved_game(slot, GAMES)
        if saved is None:
            return False
        kept = not saved.moves or self.record_game(
            saved, outcome, undos=(saved.table or {}).get("undos", 0))
        try:
            if kept:
                self.storage.clear_record(saved.game)
        except StorageError as exc:
            self.notice(str(exc))
            kept = False
        self.storage.leave()
        return kept

    # ----- loop -----------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        if event.type == WAKE_EVENT:  # input of its own: the frame it starts updates and paints
            self.wake.taken()
            return
        if event.type == pygame.QUIT:
            self.confirm_leave(self.quit)
            return
        if event.type == pygame.VIDEORESIZE:
            self.resize(event.w, event.h)
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.toggle_fullscreen()
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F1:
            self.stack.show_help()
            return
        self.stack.handle_event(event)

    def step(self, dt: float, events: Iterable[pygame.event.Event] = ()) -> None:
        """One frame: events, update, draw."""
        self.frame_time += dt
        for event in events:
            self.handle(event)
            if not self.running:
                return
        self.stack.update(dt)
        if self.running:
            self.paint()

    def paint(self) -> None:
        """Draw the visible scenes and the unsaved-game warning."""
        if not len(self.stack):
            self.screen.fill((0, 0, 0))
        self.stack.draw(self.screen)  # the lowest drawn scene is opaque and paints every pixel
        self.draw_unsaved(self.screen)

    def run(self, first: Scene | None = None) -> int:
        """Start from the title, or from ``first``, and run the main loop; returns the exit status."""
        self.start(first)
        return self.loop()

    def loop(self) -> int:
        """The main loop until the program quits; returns the exit status.

        While the top scene rests (nothing animates, counts down or thinks) the loop
        sleeps until input arrives, and draws nothing new until something changes: an
        idle window costs almost no CPU. Input is the person's events and the wake-ups
        other threads post (:class:`~.ui.wake.Waker`); besides, the loop wakes every
        :data:`REST_WAKE_MS` to update the scene, and paints after that only when the
        scene stopped resting or its :meth:`~.ui.scene.Scene.picture_key` changed.
        """
        try:
            drawn_for: Scene | None = None
            drawn_key: object = None
            while self.running:
                resting = self.stack.resting() and self.stack.top is drawn_for
                events = self.wait_for_input() if resting else pygame.event.get()
                dt = self.clock.tick(FPS) / 1000.0
                if resting and not events:
                    self.wake.taken()  # a wake-up that was due would have come: none is waiting in the queue
                    self.stack.update(min(dt, 0.1))
                    if not self.running or (self.stack.resting() and self.stack.top is drawn_for
                                            and self.stack.picture_key() == drawn_key):
                        continue
                    self.paint()
                else:
                    self.step(min(dt, 0.1), events)
                if self.running:
                    drawn_for, drawn_key = self.stack.top, self.stack.picture_key()
                    pygame.display.flip()
                    if self.on_frame is not None:
                        self.on_frame(self)
        finally:
            self.stack.clear()  # already empty after quit(); after an error the scenes still exit
        pygame.quit()
        drop_rendered()  # fonts and rendered text die with pygame; a later window makes its own
        return self.exit_status

    @staticmethod
    def wait_for_input() -> list[pygame.event.Event]:
        """Sleep until an event arrives or :data:`REST_WAKE_MS` pass; the events, or none."""
        first = pygame.event.wait(REST_WAKE_MS)
        if first.type == pygame.NOEVENT:
            return []
        return [first, *pygame.event.get()]

    def start(self, first: Scene | None = None) -> None:
        """Push the first scene: the title unless one is given."""
        if first is None:
            self.stack.open("title")
        else:
            self.stack.push(first)

    def quit(self, status: int = 0) -> None:
        """Leave the program with exit ``status``; the game in progress is already saved
        (closing the window asks first when it is not: :meth:`confirm_leave`). A game that ended this run
        without reaching the statistics is printed and makes the status a failing one, so an unattended
        run (``--exit-at-end``) says it."""
        for line in self.not_counted:
            print(line, file=sys.stderr)
        self.exit_status = status or (1 if self.not_counted else 0)
        self.save_settings()
        self.stack.clear()  # every scene exits, so a table can stop its computer players
        self.running = False
        if self._stats is not None:
            self._stats.close()
            self._stats, self._stats_tried = None, False

