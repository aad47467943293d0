"""Tweens with easing and the animation queue of a table.

An :class:`Animation` runs for a duration (scaled by the speed setting),
reports its eased progress to whoever draws it, and calls ``on_start`` and
``on_finish`` so the table's picture changes exactly when the motion begins
and ends. The :class:`AnimationQueue` plays steps one after another; a step
is a group of animations that run together. ``skip()`` finishes everything
queued at once (a click or the space bar does it); "instant" speed finishes
every step the moment it starts.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable

#: Duration factor of each animation-speed setting.
SPEED_FACTORS = {"slow": 1.6, "normal": 1.0, "fast": 0.45, "instant": 0.0}


def ease_out_cubic(t: float) -> float:
    return 1 - (1 - t) ** 3


def ease_in_out_cubic(t: float) -> float:
    return 4 * t ** 3 if t < 0.5 else 1 - (-2 * t + 2) ** 3 / 2


def ease_out_back(t: float) -> float:
    c = 1.4
    return 1 + (c + 1) * (t - 1) ** 3 + c * (t - 1) ** 2


def lerp(a: float, b: float, t: float) -> float:
    return a + (b - a) * t


@dataclass
class Animation:
    """One motion: ``duration`` seconds at normal speed, eased by ``ease``.

    ``draw(surface, progress)`` paints it while it runs; the table calls
    that from its own draw, so drawing stays free of changes.
    """

    duration: float
    draw: Callable[[Any, float], None] | None = None
    on_start: Callable[[], None] | None = None
    on_finish: Callable[[], None] | None = None
    ease: Callable[[float], float] = ease_in_out_cubic
    delay: float = 0.0
    elapsed: float = 0.0
    started: bool = False
    finished: bool = False

    @property
    def progress(self) -> float:
        """Eased progress from 0 to 1 (0 during the delay)."""
        if self.finished:
            return 1.0
        if self.duration <= 0:
            return 0.0
        raw = (self.elapsed - self.delay) / self.duration
        return self.ease(min(1.0, max(0.0, raw)))

    def start(self) -> None:
        if not self.started:
            self.started = True
            if self.on_start is not None:
                self.on_start()

    def finish(self) -> None:
        self.start()
        if not self.finished:
            self.finished = True
            if self.on_finish is not None:
                self.on_finish()


@dataclass
class Step:
    """Animations that run together; the step ends when the longest ends."""

    animations: list[Animation] = field(default_factory=list)
    elapsed: float = 0.0

    @property
    def length(self) -> float:
        return max((a.delay + a.duration for a in self.animations), default=0.0)


class AnimationQueue:
    """Steps played in order at the chosen speed."""

    def __init__(self, speed: str | Callable[[], str] = "normal") -> None:
        self._speed = speed
        self._steps: deque[Step] = deque()

    @property
    def speed(self) -> str:
        """The speed setting, read afresh each time so a change applies at once."""
        return self._speed() if callable(self._speed) else self._speed

    @property
    def factor(self) -> float:
        return SPEED_FACTORS[self.speed]

    @property
    def idle(self) -> bool:
        return not self._steps

    def add(self, *animations: Animation) -> None:
        """Queue the animations as one step (they play together)."""
        scaled = []
        for a in animations:
            a.duration *= self.factor
            a.delay *= self.factor
            scaled.append(a)
        self._steps.append(Step(scaled))

    def then(self, action: Callable[[], None]) -> None:
        """Queue ``action`` to run once everything queued before it is done."""
        self.add(Animation(0.0, on_start=action))

    def running(self) -> Iterable[Animation]:
        """The animations of the current step, for drawing."""
        if self._steps:
            yield from self._steps[0].animations

    def update(self, dt: float, stop: Callable[[], bool] = lambda: False) -> None:
        """Advance by ``dt`` seconds; steps that end hand their leftover time on.

        ``stop`` is asked between steps: an action that opens another
        screen makes it true, so later steps wait for the table to return.
        """
        while self._steps and not stop():
            step = self._steps[0]
            for a in step.animations:
                if a.delay <= step.elapsed:
                    a.start()
            step.elapsed += dt
            for a in step.animations:
                a.elapsed = step.elapsed
                if step.elapsed >= a.delay:
                    a.start()
                if step.elapsed >= a.delay + a.duration:
                    a.finish()
            if step.elapsed < step.length:
                return
            dt = step.elapsed - step.length
            self._steps.popleft()
            dt = max(0.0, dt)

    def skip(self, stop: Callable[[], bool] = lambda: False) -> None:
        """Finish every queued step now (in order, so the picture ends right)."""
        while self._steps and not stop():
            step = self._steps.popleft()
            for a in step.animations:
                a.finish()
