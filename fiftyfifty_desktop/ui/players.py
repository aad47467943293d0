"""How a seat's player is named on screen: a person, an opponent from config/ai, or a plain strength."""

from __future__ import annotations

from .i18n import has, tr

HUMAN = "human"


def player_label(player: str, personalities) -> str:
    """``human``, an opponent's name and strength, a strength; an id no longer known is shown as it is."""
    if player == HUMAN:
        return tr("setup.human")
    for p in personalities:
        if p.id == player:
            return tr("setup.opponent", name=p.name, strength=tr(f"strength.{p.strength}"))
    key = f"strength.{player}"
    return tr("setup.computer", strength=tr(key)) if has(key) else player
