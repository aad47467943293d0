"""Drawing helpers every screen shares: felt, panels, text, scrims."""

from __future__ import annotations

from typing import Sequence

import pygame

from .surface_cache import surface_cache
from . import audit, fonts
from .layout import FELT_DARK, FELT_LIGHT, PANEL, PANEL_EDGE, SCRIM, TEXT


@surface_cache(48)
def felt(width: int, height: int) -> pygame.Surface:
    """The green baize with a soft light in the middle, drawn once per size."""
    small = pygame.Surface((64, 36))
    for y in range(36):
        for x in range(64):
            dx, dy = (x - 31.5) / 32, (y - 17.5) / 18
            d = min(1.0, (dx * dx + dy * dy) ** 0.5)
            t = d ** 1.6
            c = tuple(round(FELT_LIGHT[i] * (1 - t) + FELT_DARK[i] * t) for i in range(3))
            small.set_at((x, y), c)
    return pygame.transform.smoothscale(small, (width, height))


def background(surface: pygame.Surface) -> None:
    surface.blit(felt(*surface.get_size()), (0, 0))


@surface_cache(48)
def _veil(width: int, height: int, colour: Sequence[int]) -> pygame.Surface:
    veil = pygame.Surface((width, height), pygame.SRCALPHA)
    veil.fill(colour)
    return veil


def scrim(surface: pygame.Surface, colour: Sequence[int] = SCRIM) -> None:
    """Darken what is below an overlay."""
    surface.blit(_veil(*surface.get_size(), colour), (0, 0))
    audit.new_layer(surface)


@surface_cache(32)
def _panel_image(width: int, height: int, radius: int, colour, edge, alpha: int) -> pygame.Surface:
    """Shadow and body of a panel, drawn once per size; the body sits at (radius // 2, 0)."""
    image = pygame.Surface((width + radius * 2, height + radius * 2), pygame.SRCALPHA)
    pygame.draw.rect(image, (0, 0, 0, 70), image.get_rect().inflate(-radius, -radius), border_radius=radius * 2)
    body = pygame.Surface((width, height), pygame.SRCALPHA)
    pygame.draw.rect(body, (*colour, alpha), body.get_rect(), border_radius=radius)
    pygame.draw.rect(body, (*edge, 255), body.get_rect(), width=max(1, radius // 6), border_radius=radius)
    image.blit(body, (radius // 2, 0))
    return image


def panel(surface: pygame.Surface, rect: pygame.Rect, radius: int, colour=PANEL, edge=PANEL_EDGE,
          alpha: int = 235) -> None:
    """A rounded panel with a soft shadow and a thin edge."""
    surface.blit(_panel_image(rect.w, rect.h, radius, tuple(colour), tuple(edge), alpha),
                 (rect.x - radius // 2, rect.y))
    audit.note(surface, audit.PANEL, rect)


def text(surface: pygame.Surface, content: str, size: int, pos: tuple[float, float], colour=TEXT,
         bold: bool = False, anchor: str = "center", max_width: int | None = None) -> pygame.Rect:
    """Draw one line; ``anchor`` is a pygame.Rect attribute (``midleft``...). Never smaller than the window's
    smallest text (``fonts.least``), whatever ``size`` asks; shrinks to ``max_width`` no further than that,
    and is cut short past that."""
    size = max(size, fonts.least())
    if max_width is not None:
        size = fonts.fit(content, size, max_width, bold)
        content = fonts.clip(content, size, max_width, bold)
    image = fonts.text(content, size, colour, bold)
    rect = image.get_rect(**{anchor: pos})
    surface.blit(image, rect)
    audit.note(surface, audit.TEXT, rect, content, size)
    return rect


def column_starts(size: int, left: int, columns: Sequence[Sequence[str]], gap: int, bold: bool = False) -> list[int]:
    """Where each column of a table starts, from ``left``: each as wide as its widest text at ``size`` (the
    text as it is in this language and text size), ``gap`` pixels apart; the last column takes the rest."""
    face = fonts.font(size, bold)
    starts = [left]
    for texts in columns[:-1]:
        starts.append(starts[-1] + max((face.size(fonts.shown(t))[0] for t in texts), default=0) + gap)
    return starts


def paragraph(surface: pygame.Surface, content: str, size: int, rect: pygame.Rect, colour=TEXT,
              bold: bool = False, align: str = "center", middle: bool = False) -> int:
    """Word-wrapped text inside ``rect``, from its top (``middle``: centred on its middle line);
    returns the height used."""
    lines = fonts.wrap(content, size, rect.w, bold)
    line_h = fonts.font(size, bold).get_linesize()
    y = rect.centery - len(lines) * line_h // 2 if middle else rect.y
    for line in lines:
        if align == "center":
            text(surface, line, size, (rect.centerx, y), colour, bold, "midtop")
        else:
            text(surface, line, size, (rect.x, y), colour, bold, "topleft")
        y += line_h
    return len(lines) * line_h


def title_text(surface: pygame.Surface, content: str, size: int, pos: tuple[int, int], colour,
               width: int | None = None) -> None:
    """A heading with a dark drop shadow, shrunk to ``width`` (default: the window's, so a long translation
    or a long player's name never runs off the screen; a dialog gives its own)."""
    size = fonts.fit(content, size, width or round(surface.get_width() * 0.94), True)
    offset = max(1, size // 18)
    with audit.overlapping("a heading's drop shadow lies under it"):
        text(surface, content, size, (pos[0] + offset, pos[1] + offset), (6, 24, 16), True)
    text(surface, content, size, pos, colour, True)
