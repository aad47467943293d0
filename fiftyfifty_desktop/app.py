"""The window, the 60 FPS loop and the scene stack.

``App`` owns the display surface, the settings and the storage; scenes ask
it to change settings, push scenes and quit. ``step`` runs one frame from a
list of events, so tests drive the real application without a display.
"""

from __future__ import annotations

from typing import Callable, Iterable

import pygame

from .resources import resource_path
from .storage import Settings, Storage, StorageError, clamp_window
from .ui import i18n
from .ui.layout import DANGER, TEXT, Layout
from .ui import paint
from .ui.scene import Scene, SceneStack
from .ui.sound import Sounds
from .ui.surface_cache import drop_all as drop_surface_caches

FPS = 60


class App:
    def __init__(self, storage: Storage | None = None, settings: Settings | None = None,
                 speed: str | None = None) -> None:
        self.storage = storage or Storage()
        self.notices: list[str] = []
        loaded, problem = self.storage.load_settings()
        if problem:
            self.notices.append(problem)
        self.settings = settings or loaded
        self.speed_override = speed  # a session's speed from the command line, not saved
        i18n.install(language=self.settings.language)
        pygame.init()
        pygame.display.set_caption(i18n.tr("title.heading"))
        pygame.display.set_icon(pygame.image.load(resource_path("assets", "icon.png")))
        pygame.key.set_repeat(350, 40)
        self.window_size = self.settings.window
        self.screen = self._open_window()
        self.sounds = Sounds(self.settings.sound)
        self.stack = SceneStack(self)
        self.running = True
        self.exit_status = 0
        self.clock = pygame.time.Clock()
        #: Called after every drawn frame of ``run`` (the startup benchmark uses it).
        self.on_frame: Callable[[App], None] | None = None

    # ----- window --------------------------------------------------------
    @property
    def size(self) -> tuple[int, int]:
        return self.screen.get_size() if hasattr(self, "screen") else self.settings.window

    def _open_window(self) -> pygame.Surface:
        if self.settings.fullscreen:
            return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        return pygame.display.set_mode(self.window_size, pygame.RESIZABLE)

    def resize(self, width: int, height: int) -> None:
        """Follow the window to a new size (clamped to what the table can lay out); what was
        rendered for the old size is dropped, so memory does not grow with every resize."""
        drop_surface_caches()
        if not self.settings.fullscreen:
            self.window_size = clamp_window(width, height)
            if self.screen.get_size() != self.window_size:
                self.screen = pygame.display.set_mode(self.window_size, pygame.RESIZABLE)
        self.stack.resize(Layout(*self.size))

    def toggle_fullscreen(self) -> None:
        self.change_settings(fullscreen=not self.settings.fullscreen)

    # ----- settings -------------------------------------------------------
    @property
    def speed(self) -> str:
        """The animation speed in force: the command line's, else the setting."""
        return self.speed_override or self.settings.speed

    def change_settings(self, **changes) -> None:
        """Apply and keep new settings (language, speed, full screen, sound)."""
        old = self.settings
        self.settings = old.with_changes(**changes)
        if "speed" in changes:
            self.speed_override = None
        if self.settings.language != old.language:
            i18n.set_language(self.settings.language)
            pygame.display.set_caption(i18n.tr("title.heading"))
        if self.settings.fullscreen != old.fullscreen:
            self.screen = self._open_window()
            self.stack.resize(Layout(*self.size))
        self.sounds.enabled = self.settings.sound
        self.save_settings()

    def save_settings(self) -> None:
        try:
            self.storage.save_settings(self.settings.with_changes(window=self.window_size))
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

    def confirm_leave(self, then: Callable[[], None]) -> None:
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
        band = pygame.Rect(0, 0, lay.width, lay.px(8))
        surface.fill((70, 16, 12), band)
        pygame.draw.line(surface, DANGER, band.bottomleft, band.bottomright, max(1, lay.px(0.3)))
        paint.text(surface, i18n.tr("unsaved.banner", problem=unsaved.problem), lay.font_small,
                   (band.centerx, band.y + lay.px(2.4)), TEXT, bold=True, max_width=lay.width - lay.px(4))
        paint.text(surface, i18n.tr("unsaved.help", folder=str(unsaved.folder)), lay.font_small,
                   (band.centerx, band.y + lay.px(5.6)), TEXT, max_width=lay.width - lay.px(4))

    def notice(self, line: str) -> None:
        """A one-line problem shown on the title screen."""
        if line not in self.notices:
            self.notices.append(line)

    # ----- loop -----------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.QUIT:
            self.confirm_leave(self.quit)
            return
        if event.type == pygame.VIDEORESIZE:
            self.resize(event.w, event.h)
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.toggle_fullscreen()
            return
        self.stack.handle_event(event)

    def step(self, dt: float, events: Iterable[pygame.event.Event] = ()) -> None:
        """One frame: events, update, draw."""
        for event in events:
            self.handle(event)
            if not self.running:
                return
        self.stack.update(dt)
        if not self.running:
            return
        if not len(self.stack):
            self.screen.fill((0, 0, 0))
        self.stack.draw(self.screen)  # the lowest drawn scene is opaque and paints every pixel
        self.draw_unsaved(self.screen)

    def run(self, first: Scene | None = None) -> int:
        """The main loop (from the title, or from ``first``); returns the exit status."""
        self.start(first)
        try:
            while self.running:
                dt = self.clock.tick(FPS) / 1000.0
                self.step(min(dt, 0.1), pygame.event.get())
                if self.running:
                    pygame.display.flip()
                    if self.on_frame is not None:
                        self.on_frame(self)
        finally:
            self.stack.clear()  # already empty after quit(); after an error the scenes still exit
        pygame.quit()
        return self.exit_status

    def start(self, first: Scene | None = None) -> None:
        """Push the first scene: the title unless one is given."""
        if first is None:
            self.stack.open("title")
        else:
            self.stack.push(first)

    def quit(self, status: int = 0) -> None:
        """Leave the program with exit ``status``; the game in progress is already saved
        (closing the window asks first when it is not: :meth:`confirm_leave`)."""
        self.exit_status = status
        self.save_settings()
        self.stack.clear()  # every scene exits, so a table can stop its computer players
        self.running = False

