"""Draw the program's icon and write ``assets/icon.png`` (and ``assets/icon.ico``
when Pillow is installed).

Run it again after changing the drawing:  python scripts/make_icon.py

The PNG is what Linux and the game window use. Windows wants an ``.ico`` and
macOS an ``.icns`` for the executable: build.spec takes ``icon.ico`` when it
exists, and otherwise PyInstaller converts the PNG itself, which needs Pillow
on the build machine (the release workflow installs it there).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import pygame  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
SIZE = 256
FELT = (30, 110, 70)
FELT_EDGE = (18, 70, 44)
CARD = (250, 247, 238)
CARD_EDGE = (60, 60, 60)
RED = (200, 40, 45)
INK = (25, 25, 30)


def draw_card(target: pygame.Surface, centre: tuple[int, int], angle: float, label: str, colour, font) -> None:
    """One card with ``label`` in the middle, turned by ``angle`` degrees."""
    card = pygame.Surface((112, 160), pygame.SRCALPHA)
    rect = card.get_rect()
    pygame.draw.rect(card, CARD, rect, border_radius=14)
    pygame.draw.rect(card, CARD_EDGE, rect, width=4, border_radius=14)
    text = font.render(label, True, colour)
    card.blit(text, text.get_rect(center=rect.center))
    turned = pygame.transform.rotozoom(card, angle, 1.0)
    target.blit(turned, turned.get_rect(center=centre))


def draw_icon() -> pygame.Surface:
    """Two cards on green felt: a black 50 and a red 50, one of each half."""
    icon = pygame.Surface((SIZE, SIZE), pygame.SRCALPHA)
    pygame.draw.rect(icon, FELT_EDGE, icon.get_rect(), border_radius=44)
    pygame.draw.rect(icon, FELT, icon.get_rect().inflate(-16, -16), border_radius=38)
    font = pygame.font.Font(str(ROOT / "assets" / "fonts" / "DejaVuSans-Bold.ttf"), 54)
    draw_card(icon, (98, 132), 12, "50", INK, font)
    draw_card(icon, (158, 128), -10, "50", RED, font)
    return icon


def main() -> int:
    pygame.font.init()
    icon = draw_icon()
    png = ROOT / "assets" / "icon.png"
    pygame.image.save(icon, str(png))
    print(f"wrote {png.relative_to(ROOT)}")
    try:
        from PIL import Image
    except ImportError:
        print("Pillow is not installed: no icon.ico (PyInstaller converts the PNG when Pillow is present)")
        return 0
    ico = ROOT / "assets" / "icon.ico"
    Image.open(png).save(ico, sizes=[(16, 16), (32, 32), (48, 48), (64, 64), (128, 128), (256, 256)])
    print(f"wrote {ico.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
