"""Screenshots of each table as players with a colour vision deficiency see them.

    python scripts/colour_vision.py --size 1280x720 --out /tmp/cvd/
    python scripts/colour_vision.py --game fiftyfive --size 960x540 --out /tmp/cvd/

Runs the shooters of ``scripts/screenshots.py`` for each table and writes,
next to every PNG ``NAME.png``, the copies ``NAME-deuteranopia.png``,
``NAME-protanopia.png`` and ``NAME-tritanopia.png``: what a player who lacks
the green, red or blue cones sees, so a meaning carried by colour alone shows
up as two things that look the same.

The simulation matrices are those of Machado, Oliveira and Fernandes, "A
Physiologically-based Model for Simulation of Color Vision Deficiency",
IEEE Transactions on Visualization and Computer Graphics 15(6), 2009,
pp. 1291-1298, at severity 1.0 (the table published with the paper at
https://www.inf.ufrgs.br/~oliveira/pubs_files/CVD_Simulation/CVD_Simulation.html).
They are applied to linear RGB: sRGB is decoded (IEC 61966-2-1), multiplied,
clipped to 0..1 and encoded again. Plain Python with one computation per
distinct colour, so no numerical library is needed.
"""

from __future__ import annotations

import argparse
import sys
from array import array
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import pygame  # noqa: E402

import screenshots  # noqa: E402

Matrix = tuple[tuple[float, float, float], tuple[float, float, float], tuple[float, float, float]]

#: Machado et al. 2009, severity 1.0, rows give the simulated linear R, G and B.
MATRICES: dict[str, Matrix] = {
    "protanopia": ((0.152286, 1.052583, -0.204868),
                   (0.114503, 0.786281, 0.099216),
                   (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968),
                     (0.280085, 0.672501, 0.047413),
                     (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779),
                   (-0.078411, 0.930809, 0.147602),
                   (0.004733, 0.691367, 0.303900)),
}

#: The tables whose screens are simulated, by their shooter in scripts/screenshots.py.
GAMES = ("take5", "fiftyfifty", "fiftyfive", "thirteen")

_LINEAR = [(v / 255 / 12.92) if v <= 10 else ((v / 255 + 0.055) / 1.055) ** 2.4 for v in range(256)]


def _encode(linear: float) -> int:
    """One linear channel (clipped to 0..1) as an sRGB byte."""
    x = min(1.0, max(0.0, linear))
    s = x * 12.92 if x <= 0.0031308 else 1.055 * x ** (1 / 2.4) - 0.055
    return round(s * 255)


def simulate(colour: tuple[int, int, int], deficiency: str) -> tuple[int, int, int]:
    """``colour`` (sRGB bytes) as seen with ``deficiency`` (a key of :data:`MATRICES`)."""
    linear = [_LINEAR[c] for c in colour]
    r, g, b = (_encode(sum(m * c for m, c in zip(row, linear))) for row in MATRICES[deficiency])
    return r, g, b


class _Simulated(dict):
    """Simulated opaque 32-bit pixels (0xAARRGGBB) by their original colour, each worked out the first
    time it is met."""

    def __init__(self, deficiency: str) -> None:
        super().__init__()
        self.deficiency = deficiency

    def __missing__(self, pixel: int) -> int:
        r, g, b = simulate((pixel >> 16 & 255, pixel >> 8 & 255, pixel & 255), self.deficiency)
        self[pixel] = value = 0xFF000000 | r << 16 | g << 8 | b
        return value


def simulate_surface(surface: pygame.Surface, deficiency: str) -> pygame.Surface:
    """A copy of ``surface`` as seen with ``deficiency``."""
    size = surface.get_size()
    pixels = array("I")
    pixels.frombytes(pygame.image.tobytes(surface, "BGRA" if sys.byteorder == "little" else "ARGB"))
    simulated = array("I", map(_Simulated(deficiency).__getitem__, (p & 0xFFFFFF for p in pixels)))
    return pygame.image.frombytes(simulated.tobytes(), size, "BGRA" if sys.byteorder == "little" else "ARGB")


def simulate_file(path: Path) -> list[Path]:
    """Write the simulated copies of the PNG at ``path`` beside it; returns their paths."""
    image = pygame.image.load(str(path))
    written = []
    for deficiency in MATRICES:
        target = path.with_name(f"{path.stem}-{deficiency}.png")
        pygame.image.save(simulate_surface(image, deficiency), str(target))
        written.append(target)
    return written


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=screenshots.size_arg, default=(1280, 720), help="window size, e.g. 1280x720")
    parser.add_argument("--out", type=Path, default=Path("screenshots"), help="folder for the PNGs")
    parser.add_argument("--game", choices=GAMES, help="one table only (default: every table)")
    parser.add_argument("--language", choices=screenshots.LANGUAGES, default="en")
    args = parser.parse_args()
    try:
        args.out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        parser.error(f"cannot make the folder {args.out}: {exc.strerror}")
    total = 0
    for game in (args.game,) if args.game else GAMES:
        shooter = screenshots.SHOOTERS[game](args.size, args.out, args.language)
        shooter.run()
        for name in shooter.taken:
            total += len(simulate_file(args.out / name))
        print(f"{game}: {len(shooter.taken)} screenshots and their simulations in {args.out}")
    print(f"{total} simulated screenshots written")
    return 0


if __name__ == "__main__":
    sys.exit(main())
