"""Scenes and the scene stack, with one fixed lifecycle.

A scene is entered when pushed and exited when popped. Only the top scene
gets events and updates; ``handle_event`` returns ``None`` when it consumed
the event and the event itself otherwise. ``draw`` paints the scene and
changes nothing. An overlay (``opaque = False``) is drawn over the scenes
below it, which keep their last picture.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from .layout import Layout

if TYPE_CHECKING:
    from ..app import App


class Scene:
    opaque = True

    def __init__(self, app: App) -> None:
        self.app = app
        self.layout = Layout(*app.size)

    # ----- lifecycle -----------------------------------------------------
    def enter(self) -> None:
        """Called once when the scene is pushed."""

    def exit(self) -> None:
        """Called once when the scene is popped."""

    def resize(self, layout: Layout) -> None:
        """The window changed size (also called before ``enter``); place widgets here."""
        self.layout = layout

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        return event

    def update(self, dt: float) -> None:
        """Advance time by ``dt`` seconds."""

    def draw(self, surface: pygame.Surface) -> None:
        raise NotImplementedError


class SceneStack:
    def __init__(self) -> None:
        self._scenes: list[Scene] = []

    def __len__(self) -> int:
        return len(self._scenes)

    def __iter__(self):
        return iter(list(self._scenes))

    @property
    def top(self) -> Scene | None:
        return self._scenes[-1] if self._scenes else None

    def push(self, scene: Scene) -> Scene:
        scene.resize(Layout(*scene.app.size))
        self._scenes.append(scene)
        scene.enter()
        return scene

    def pop(self) -> Scene:
        scene = self._scenes.pop()
        scene.exit()
        return scene

    def replace(self, scene: Scene) -> Scene:
        """Pop the top scene and push ``scene`` in its place."""
        if self._scenes:
            self.pop()
        return self.push(scene)

    def reset(self, scene: Scene) -> Scene:
        """Leave every scene and start again from ``scene``."""
        while self._scenes:
            self.pop()
        return self.push(scene)

    def find(self, kind: type) -> Scene | None:
        """The topmost scene of type ``kind``."""
        for scene in reversed(self._scenes):
            if isinstance(scene, kind):
                return scene
        return None

    def pop_to(self, scene: Scene) -> None:
        """Pop the scenes above ``scene``."""
        while self._scenes and self._scenes[-1] is not scene:
            self.pop()

    def resize(self, layout: Layout) -> None:
        for scene in self._scenes:
            scene.resize(layout)

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        return self.top.handle_event(event) if self.top else event

    def update(self, dt: float) -> None:
        if self.top:
            self.top.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        first = 0
        for i in range(len(self._scenes) - 1, -1, -1):
            if self._scenes[i].opaque:
                first = i
                break
        for scene in self._scenes[first:]:
            scene.draw(surface)
