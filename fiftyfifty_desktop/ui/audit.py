"""The layout audit: while a frame is drawn, the text, controls and panels put on the window tell a
:class:`Recorder` where they went, and :func:`findings` names what collides — text over text or over a
control, text that leaves its panel or the window, a control covered by another or by a later panel.
Text wholly inside a control drawn before it is that control's label.

Recording is off unless a recorder is installed (:func:`recording`), so a frame pays one ``None`` check
per text. Only drawing onto the window counts: the screen and a table's backdrop (window-sized, or declared
with :func:`window_part` where the table leaves room beside or under it); text inside a card's picture is
part of the card. Each scene of the stack is its own layer (a dialog over a table covers
it by design), as is what follows a scrim. Deliberate overlaps are declared where they are drawn
(:func:`overlapping`, with the reason), never filtered out afterwards.
"""

from __future__ import annotations

from contextlib import contextmanager
from dataclasses import dataclass
from typing import Iterator

import pygame

TEXT, CONTROL, PANEL = "text", "control", "panel"
#: A tag on the table (a count, a team, a kind): compared with the other badges only, never covering one.
BADGE = "badge"
#: Of a line's box, the part above and below its letters (the font's line gap), which may touch a neighbour.
INK_TOP, INK_BOTTOM = 0.18, 0.12
#: Overlaps smaller than this many pixels each way are anti-aliasing, not collisions.
TOUCH = 2


@dataclass(frozen=True)
class Drawn:
    """One thing drawn: its kind, its rectangle, its words, the layer it is in and the declared reason it
    may overlap (empty: none)."""

    kind: str
    rect: tuple[int, int, int, int]
    words: str
    layer: int
    overlap: str = ""
    size: int = 0  # a text's font size in pixels

    @property
    def box(self) -> pygame.Rect:
        """Where it collides: for text the band of its letters, for the rest its rectangle."""
        x, y, w, h = self.rect
        if self.kind != TEXT:
            return pygame.Rect(self.rect)
        top, bottom = round(h * INK_TOP), round(h * INK_BOTTOM)
        return pygame.Rect(x + 1, y + top, max(0, w - 2), max(0, h - top - bottom))


@dataclass(frozen=True)
class Finding:
    what: str
    first: Drawn
    second: Drawn | None = None

    def __str__(self) -> str:
        other = f" and {self.second.kind} {self.second.words!r} at {self.second.rect}" if self.second else ""
        return f"{self.what}: {self.first.kind} {self.first.words!r} at {self.first.rect}{other}"


class Recorder:
    """What one frame drew on a window of ``size``."""

    def __init__(self, size: tuple[int, int]) -> None:
        self.size = size
        self.drawn: list[Drawn] = []
        self.layer = 0
        self._declared: list[str] = []
        self.parts: list[pygame.Surface] = []  # surfaces blitted at the window's top left

    def counts(self, surface: pygame.Surface) -> bool:
        return surface.get_size() == self.size or any(part is surface for part in self.parts)

    def add(self, kind: str, rect: pygame.Rect, words: str = "", size: int = 0) -> None:
        overlap = self._declared[-1] if self._declared else ""
        self.drawn.append(Drawn(kind, (rect.x, rect.y, rect.w, rect.h), words, self.layer, overlap, size))

    def new_layer(self) -> None:
        self.layer += 1


_recorder: Recorder | None = None


@contextmanager
def recording(size: tuple[int, int]) -> Iterator[Recorder]:
    """Record what is drawn on a window of ``size`` until the block ends."""
    global _recorder
    _recorder = Recorder(size)
    try:
        yield _recorder
    finally:
        _recorder = None


def note(surface: pygame.Surface, kind: str, rect: pygame.Rect, words: str = "", size: int = 0) -> None:
    """``surface`` had ``rect`` drawn on it (text in a font of ``size`` pixels, a control or a panel); where a
    clip narrower than the window is set (a scrolled page, which shows part of a line at its edge), only what
    it lets through counts."""
    if _recorder is None or not _recorder.counts(surface):
        return
    clip = surface.get_clip()
    shown = rect.clip(clip) if clip != surface.get_rect() else rect
    if shown.w > 0 and shown.h > 0:
        _recorder.add(kind, shown, words, size)


def window_part(surface: pygame.Surface) -> None:
    """``surface`` is blitted at the window's top left, smaller than the window (a table's backdrop beside the
    docked log or above a strip): what is drawn on it counts as drawn on the window."""
    if _recorder is not None:
        _recorder.parts.append(surface)


def new_layer(surface: pygame.Surface) -> None:
    """Everything drawn on ``surface`` so far is covered (a scrim, the next scene of the stack)."""
    if _recorder is not None and _recorder.counts(surface):
        _recorder.new_layer()


@contextmanager
def overlapping(reason: str) -> Iterator[None]:
    """What is drawn in the block lies over other things on purpose (``reason`` says why)."""
    if _recorder is None:
        yield
        return
    recorder = _recorder
    recorder._declared.append(reason)
    try:
        yield
    finally:
        recorder._declared.pop()


def _collide(a: pygame.Rect, b: pygame.Rect) -> bool:
    clash = a.clip(b)
    return clash.w > TOUCH and clash.h > TOUCH


def findings(recorder: Recorder) -> list[Finding]:
    """What collides in one recorded frame."""
    window = pygame.Rect((0, 0), recorder.size).inflate(TOUCH * 2, TOUCH * 2)
    drawn = recorder.drawn
    found: list[Finding] = []
    for i, item in enumerate(drawn):
        if item.kind == TEXT and not window.contains(item.box):
            found.append(Finding("text outside the window", item))
        if item.kind == PANEL:
            continue
        for j in range(i + 1, len(drawn)):
            later = drawn[j]
            if later.layer != item.layer or item.overlap or later.overlap or later == item:
                continue  # the same thing drawn twice is no collision
            if (item.kind == BADGE) != (later.kind == BADGE):
                continue  # a badge sits on cards and plates by design; it may not cover another badge
            if later.kind != PANEL and _under_panel(drawn[i + 1:j], item, later):
                continue  # a panel between them hides the first where they meet (said once, as partly covered)
            found.extend(_clash(item, later))
    return found


def _under_panel(between: list[Drawn], first: Drawn, later: Drawn) -> bool:
    clash = first.box.clip(later.box)
    return any(p.kind == PANEL and p.layer == first.layer and p.box.contains(clash) for p in between)


def _clash(first: Drawn, later: Drawn) -> list[Finding]:
    a, b = first.box, later.box
    if later.kind == PANEL:
        # A panel drawn over something hides it: wholly is fine (it is behind), partly is a collision.
        if _collide(a, b) and not b.contains(a):
            return [Finding(f"{first.kind} partly covered by a panel", first, later)]
        return []
    if not _collide(a, b):
        return []
    if first.kind == BADGE:
        return [Finding("a badge over a badge", first, later)]
    if first.kind == TEXT and later.kind == TEXT:
        return [Finding("text over text", first, later)]
    if first.kind == CONTROL and later.kind == CONTROL:
        return [Finding("a control over a control", first, later)]
    if first.kind == TEXT:
        return [Finding("text under a control drawn after it", first, later)]
    # Text wholly inside a control drawn before it is the control's label.
    return [] if a.contains(b) else [Finding("text across a control's edge", later, first)]


def outside_panels(recorder: Recorder) -> list[Finding]:
    """Text that starts inside a panel and runs out of it (a panel drawn before the text, in its layer)."""
    found = []
    for i, item in enumerate(recorder.drawn):
        if item.kind != TEXT or item.overlap:
            continue
        for panel in recorder.drawn[:i]:
            if panel.kind == PANEL and panel.layer == item.layer and _collide(panel.box, item.box) \
                    and not panel.box.contains(item.box):
                found.append(Finding("text running out of its panel", item, panel))
    return found


def below_minimum(recorder: Recorder, minimum: int) -> list[Finding]:
    """Text drawn in a font smaller than ``minimum`` pixels (the layout's ``font_min``)."""
    return [Finding(f"text below the minimum ({item.size} < {minimum} px)", item)
            for item in recorder.drawn if item.kind == TEXT and 0 < item.size < minimum]


def smaller_when_larger(smaller: Recorder, larger: Recorder) -> list[Finding]:
    """Text drawn smaller in ``larger`` (the same screen at a larger text size) than in ``smaller``. The same
    words are compared, each set of occurrences from the smallest up; words that wrap or are drawn a different
    number of times at the two sizes are not compared."""
    def sizes(recorder: Recorder) -> dict[str, list[Drawn]]:
        found: dict[str, list[Drawn]] = {}
        for item in recorder.drawn:
            if item.kind == TEXT and item.size and item.words.strip():
                found.setdefault(item.words, []).append(item)
        return found

    before, after = sizes(smaller), sizes(larger)
    found = []
    for words, items in after.items():
        earlier = before.get(words, [])
        if len(earlier) != len(items):
            continue
        for was, now in zip(sorted(earlier, key=lambda d: d.size), sorted(items, key=lambda d: d.size)):
            if now.size < was.size:
                found.append(Finding(f"text smaller at a larger setting ({now.size} < {was.size} px)", now))
    return found
