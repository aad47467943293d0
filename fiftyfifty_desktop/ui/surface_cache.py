"""Caches of rendered surfaces, bounded by the bytes they hold and dropped on resize.

A window that is resized, or a long evening of games, renders text and cards
at ever new sizes; an ``lru_cache`` bounded by entry count keeps thousands of
them, and large ones weigh megabytes each. :func:`surface_cache` keeps the
most recently used results up to a byte budget of its own, and every cache
together stays within :data:`TOTAL_BUDGET`: past it, the least recently used
entry of any cache goes first, so the sum of the budgets (far more than a
frame needs) is never all held at once. :func:`drop_all` (called when the
window changes size) empties every such cache, since what was rendered for
the old size is no longer drawn.
"""

from __future__ import annotations

from collections import OrderedDict
from functools import wraps
from typing import Any, Callable, TypeVar

import pygame

F = TypeVar("F", bound=Callable[..., Any])
MB = 1024 * 1024
#: Bytes every surface cache together may hold: a 1920x1080 frame's felt, veils, panels, cards and text fit.
TOTAL_BUDGET = 64 * MB

_caches: list[SurfaceCache] = []
#: Every cached entry as (cache, key), least recently used first: where the total budget evicts from.
_recent: OrderedDict[tuple[SurfaceCache, Any], None] = OrderedDict()
_total = 0


def surface_bytes(value: Any) -> int:
    """Pixel bytes held by a surface, or by a tuple of surfaces."""
    if isinstance(value, pygame.Surface):
        return value.get_pitch() * value.get_height()
    if isinstance(value, tuple):
        return sum(surface_bytes(v) for v in value)
    return 0


class SurfaceCache:
    """Results of one function by its arguments, least recently used dropped first past ``budget`` bytes
    (or past :data:`TOTAL_BUDGET` for every cache together)."""

    def __init__(self, function: Callable[..., Any], budget: int) -> None:
        self.function = function
        self.budget = budget
        self.entries: OrderedDict[Any, tuple[Any, int]] = OrderedDict()
        self.bytes = 0

    def get(self, args: tuple[Any, ...], kwargs: dict[str, Any]) -> Any:
        key = (args, tuple(sorted(kwargs.items()))) if kwargs else args
        found = self.entries.get(key)
        if found is not None:
            self.entries.move_to_end(key)
            _recent.move_to_end((self, key))
            return found[0]
        value = self.function(*args, **kwargs)
        self._add(key, value, surface_bytes(value))
        while self.bytes > self.budget and len(self.entries) > 1:
            self._drop(next(iter(self.entries)))
        while _total > TOTAL_BUDGET and len(_recent) > 1:
            cache, oldest = next(iter(_recent))
            cache._drop(oldest)
        return value

    def _add(self, key: Any, value: Any, size: int) -> None:
        global _total
        self.entries[key] = (value, size)
        _recent[(self, key)] = None
        self.bytes += size
        _total += size

    def _drop(self, key: Any) -> None:
        global _total
        _, size = self.entries.pop(key)
        del _recent[(self, key)]
        self.bytes -= size
        _total -= size

    def clear(self) -> None:
        while self.entries:
            self._drop(next(iter(self.entries)))


def surface_cache(budget_mb: float) -> Callable[[F], F]:
    """Decorator: cache a surface-making function (hashable arguments) within ``budget_mb``."""
    def decorate(function: F) -> F:
        cache = SurfaceCache(function, int(budget_mb * MB))
        _caches.append(cache)

        @wraps(function)
        def cached(*args: Any, **kwargs: Any) -> Any:
            return cache.get(args, kwargs)

        cached.cache = cache  # type: ignore[attr-defined]
        return cached  # type: ignore[return-value]
    return decorate


def drop_all() -> None:
    """Empty every surface cache (the window changed size)."""
    global _total
    for cache in _caches:
        cache.entries.clear()
        cache.bytes = 0
    _recent.clear()
    _total = 0


def total_bytes() -> int:
    """Bytes held by every surface cache now (the soak benchmark prints it)."""
    return _total
