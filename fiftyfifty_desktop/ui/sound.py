"""Short sounds synthesised at start-up: a card flick, a soft chime.

They are made from a few lines of arithmetic, so the program ships no
audio files. Without an audio device the table simply stays silent.
"""

from __future__ import annotations

import math
import random
from array import array

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


class Sounds:
    def __init__(self, enabled: bool) -> None:
        self.enabled = enabled
        self._sounds: dict[str, pygame.mixer.Sound] = {}
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init(RATE, -16, 1, 512)
            started = pygame.mixer.get_init()
            if started is None:
                raise pygame.error("the mixer did not start")
            rate, size, channels = started
        except pygame.error:
            return
        if size != -16:
            return
        for name, duration, voice in (("card", 0.06, _flick), ("chime", 0.35, _chime)):
            self._sounds[name] = pygame.mixer.Sound(buffer=_samples(duration, voice, rate, channels).tobytes())

    def play(self, name: str) -> None:
        sound = self._sounds.get(name)
        if self.enabled and sound is not None:
            sound.play()
