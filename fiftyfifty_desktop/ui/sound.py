"""Short sounds synthesised at start-up: a card flick, a soft chime.

They are made from a few lines of arithmetic, so the program ships no
audio files. Without an audio device the table stays silent and says so
once, in one line, instead of the sound library's screenful of warnings.
"""

from __future__ import annotations

import math
import os
import random
import sys
from array import array
from contextlib import contextmanager
from typing import Iterator

import pygame

RATE = 22050


def _samples(duration: float, voice, rate: int, channels: int) -> array:
    out = array("h")
    n = int(rate * duration)
    for i in range(n):
        value = int(max(-1.0, min(1.0, voice(i / rate, i / n))) * 12000)
        out.extend([value] * channels)
    return out


def _flick(t: float, progress: float) -> float:
    noise = random.Random(int(t * 44100)).uniform(-1, 1)
    return noise * (1 - progress) ** 4


def _chime(t: float, progress: float) -> float:
    return (math.sin(2 * math.pi * 660 * t) + 0.5 * math.sin(2 * math.pi * 990 * t)) * (1 - progress) ** 2 * 0.6


@contextmanager
def native_stderr_silenced() -> Iterator[None]:
    """Send what native libraries write to the process's stderr (ALSA writes a dozen lines when there is no
    sound card) to nowhere for a while; Python's own ``sys.stderr`` is flushed first and restored after."""
    try:
        sys.stderr.flush()
        saved = os.dup(2)
    except (OSError, ValueError, AttributeError):  # no stderr to speak of (a windowed program on Windows)
        yield
        return
    try:
        with open(os.devnull, "w") as nowhere:
            os.dup2(nowhere.fileno(), 2)
            yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)


def open_mixer() -> tuple[int, int, int] | str:
    """Start the mixer quietly: its (rate, size, channels), or why there is no sound (one line)."""
    try:
        with native_stderr_silenced():
            if not pygame.mixer.get_init():
                pygame.mixer.init(RATE, -16, 1, 512)
        started = pygame.mixer.get_init()
    except pygame.error as exc:
        return str(exc).splitlines()[0] if str(exc) else "the sound library did not start"
    return started if started is not None else "the sound library did not start"


class Sounds:
    """The effects, played at ``volume`` percent (0: not at all)."""

    def __init__(self, volume: int) -> None:
        self.volume = volume
        self._sounds: dict[str, pygame.mixer.Sound] = {}
        started = open_mixer()
        if isinstance(started, str):
            print(f"sound is off: {started}", file=sys.stderr)
            return
        rate, size, channels = started
        if size != -16:
            return
        for name, duration, voice in (("card", 0.06, _flick), ("chime", 0.35, _chime)):
            self._sounds[name] = pygame.mixer.Sound(buffer=_samples(duration, voice, rate, channels).tobytes())

    def play(self, name: str) -> None:
        sound = self._sounds.get(name)
        if self.volume > 0 and sound is not None:
            sound.set_volume(self.volume / 100)
            sound.play()
