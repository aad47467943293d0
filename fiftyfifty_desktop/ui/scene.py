"""Scenes and the scene stack, with one fixed lifecycle.

Only the top scene gets events and updates; ``handle_event`` returns
``None`` when it consumed the event and the event itself otherwise.
``draw`` paints the scene and changes nothing. An overlay
(``opaque = False``) is drawn over the scenes below it, which keep their
last picture, except a ``private`` scene (a table where several people
take turns at one screen): under an overlay it is drawn as bare felt, so
no one reads a hand while a menu is open.

The stack calls the lifecycle methods in this order:

* ``push(new)``: ``top.pause()``, ``new.resize(layout)``, ``new.enter()``;
* ``pop()``: ``top.exit()``, then ``resume()`` on the scene uncovered;
* ``replace(new)``: ``top.exit()``, ``new.resize(layout)``, ``new.enter()``
  (the scene below stays covered: it is neither resumed nor paused again);
* ``reset(new)`` and ``clear()``: ``exit()`` on every scene, top first, none
  resumed on the way down; then ``reset`` places ``new`` as ``replace`` does.

So every scene that leaves the stack is exited exactly once, and the
application's quit clears the stack.

Scenes are opened by their registered name (see ``ui/scenes``):
``open(name, **kwargs)`` pushes, ``switch`` replaces and ``restart``
resets. The scene is built before the stack changes, so a scene that fails
to build leaves the stack as it was.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Protocol

import pygame

from . import audit, fonts, paint
from .i18n import tr
from .keys import MENU_KEYS, KeyHelp
from .layout import Layout
from .scenes import make_scene

if TYPE_CHECKING:
    from ..engine.records import Record
    from ..stats_db import StatsDB
    from ..storage import Settings, Storage
    from .sound import Sounds


class App(Protocol):
    """What a scene reads of and asks of the application (``app.App``): the stack, the settings and the
    storage, the sounds, the statistics and the game in progress. A protocol, so no scene imports the app."""

    stack: SceneStack
    storage: Storage
    settings: Settings
    sounds: Sounds
    notices: list[str]
    speed_override: str | None
    #: Called from any thread when what a screen shows has changed, so the resting window paints it at once.
    wake: Callable[[], None]

    @property
    def size(self) -> tuple[int, int]: ...

    @property
    def speed(self) -> str: ...

    @property
    def stats(self) -> StatsDB | None: ...

    def change_settings(self, **changes: Any) -> None: ...

    def notice(self, line: str) -> None: ...

    def quit(self, status: int = 0) -> None: ...

    def keep_game(self, record: Record) -> None: ...

    def record_game(self, record: Record, outcome: str, duration: float = 0.0, undos: int = 0) -> bool: ...

    def start_keeping(self, starting: Record) -> None: ...

    def abandon_game(self, slot: str) -> None: ...

    def confirm_leave(self, then: Callable[[], object]) -> None: ...


class Scene:
    opaque = True
    #: True on a game's table, so the screens over it find it with ``stack.find_by``.
    is_table = False
    #: True on the list of keys itself, so F1 over it closes it rather than listing its keys.
    is_help = False

    @property
    def private(self) -> bool:
        """The scene shows what only one of the people at the screen may see; covered by an
        overlay it is hidden rather than dimmed."""
        return False

    def __init__(self, app: App) -> None:
        self.app = app
        self.layout = Layout(*app.size)

    @property
    def covered(self) -> bool:
        """Another scene is on top of this one."""
        return self.app.stack.top is not self

    # ----- lifecycle -----------------------------------------------------
    def enter(self) -> None:
        """Called once when the scene is placed on the stack."""

    def exit(self) -> None:
        """Called once when the scene leaves the stack: release what it holds here."""

    def pause(self) -> None:
        """Another scene was pushed over this one; it gets no events or updates until ``resume``."""

    def resume(self) -> None:
        """The scene over this one was popped; this one is on top again."""

    def resize(self, layout: Layout) -> None:
        """The window changed size (also called before ``enter``); place widgets here."""
        self.layout = layout

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        return event

    def update(self, dt: float) -> None:
        """Advance time by ``dt`` seconds."""

    def resting(self) -> bool:
        """Nothing here moves or counts down on its own, so the window may sleep until the
        next input; a scene with an animation or a timer running says False."""
        return True

    def picture_key(self) -> object:
        """What the resting scene shows that its own ``update`` may change (a polled worker's progress, a
        deadline passed): the window is painted again when it differs from the key at the last paint.
        None, the default, for a scene whose picture changes only with input or a wake-up."""
        return None

    def draw(self, surface: pygame.Surface) -> None:
        raise NotImplementedError

    # ----- the list of keys (F1) ---------------------------------------------
    def help_keys(self) -> tuple[KeyHelp, ...]:
        """The keys this screen answers to, for the help overlay; a form's or a menu's by default."""
        return MENU_KEYS

    def help_heading(self) -> str:
        return tr("help.heading_menu")


class SceneStack:
    def __init__(self, app: App) -> None:
        self.app = app
        self._scenes: list[Scene] = []

    def __len__(self) -> int:
        return len(self._scenes)

    @property
    def top(self) -> Scene | None:
        return self._scenes[-1] if self._scenes else None

    def open(self, name: str, /, **kwargs) -> Scene:
        """Push the scene registered as ``name``, built with ``kwargs``."""
        return self.push(make_scene(self.app, name, **kwargs))

    def switch(self, name: str, /, **kwargs) -> Scene:
        """Replace the top scene with the one registered as ``name``."""
        return self.replace(make_scene(self.app, name, **kwargs))

    def restart(self, name: str, /, **kwargs) -> Scene:
        """Leave every scene and start again from the one registered as ``name``."""
        return self.reset(make_scene(self.app, name, **kwargs))

    def push(self, scene: Scene) -> Scene:
        """Cover the top scene with ``scene``."""
        if self._scenes:
            self._scenes[-1].pause()
        return self._place(scene)

    def pop(self) -> Scene:
        """Leave the top scene and resume the one it covered."""
        scene = self._scenes.pop()
        scene.exit()
        if self._scenes:
            self._scenes[-1].resume()
        return scene

    def replace(self, scene: Scene) -> Scene:
        """Leave the top scene and put ``scene`` in its place."""
        if self._scenes:
            self._scenes.pop().exit()
        return self._place(scene)

    def reset(self, scene: Scene) -> Scene:
        """Leave every scene and start again from ``scene``."""
        self.clear()
        return self._place(scene)

    def clear(self) -> None:
        """Leave every scene, top first."""
        while self._scenes:
            self._scenes.pop().exit()

    def _place(self, scene: Scene) -> Scene:
        window = Layout(*self.app.size)
        fonts.use_least(window.font_min)
        scene.resize(window)
        self._scenes.append(scene)
        scene.enter()
        return scene

    def show_help(self) -> None:
        """Open the list of the top scene's keys; pressed again while the list is up, close it."""
        top = self.top
        if top is None:
            return
        if top.is_help:
            self.pop()
            return
        self.open("help", heading=top.help_heading(), keys=top.help_keys())

    def find(self, kind: type) -> Scene | None:
        """The topmost scene of type ``kind``."""
        return self.find_by(lambda scene: isinstance(scene, kind))

    def find_by(self, wanted: Callable[[Scene], bool]) -> Scene | None:
        """The topmost scene for which ``wanted(scene)`` is true."""
        for scene in reversed(self._scenes):
            if wanted(scene):
                return scene
        return None

    def resize(self, layout: Layout) -> None:
        """The window is ``layout`` now: its smallest text is set, then every scene is laid out again."""
        fonts.use_least(layout.font_min)
        for scene in self._scenes:
            scene.resize(layout)

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        return self.top.handle_event(event) if self.top else event

    def update(self, dt: float) -> None:
        if self.top:
            self.top.update(dt)

    def resting(self) -> bool:
        """Only the top scene is updated, so only it can change the picture without input."""
        return self.top is None or self.top.resting()

    def picture_key(self) -> object:
        """The top scene's picture key (see :meth:`Scene.picture_key`): only it is updated."""
        return self.top.picture_key() if self.top else None

    def draw(self, surface: pygame.Surface) -> None:
        first = 0
        for i in range(len(self._scenes) - 1, -1, -1):
            if self._scenes[i].opaque:
                first = i
                break
        shown = self._scenes[first:]
        for i, scene in enumerate(shown):
            if i:
                audit.new_layer(surface)  # a scene over another covers it by design
            if scene.private and i < len(shown) - 1:
                paint.background(surface)
            else:
                scene.draw(surface)
