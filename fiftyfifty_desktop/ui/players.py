"""How a seat and its player are named on screen: a person, an opponent from config/ai, or a plain strength;
the default name of a seat, in the current language whatever language gave it."""

from __future__ import annotations

from dataclasses import dataclass

from .i18n import has, in_every_language, tr

HUMAN = "human"


def player_label(player: str, personalities) -> str:
    """``human``, an opponent's name and strength, a strength; an id no longer known is shown as it is."""
    if player == HUMAN:
        return tr("setup.human")
    for p in personalities:
        if p.id == player:
            name = tr(f"opponent.{p.id}") if has(f"opponent.{p.id}") else p.name
            return tr("setup.opponent", name=name, strength=tr(f"strength.{p.strength}"))
    key = f"strength.{player}"
    return tr("setup.computer", strength=tr(key)) if has(key) else player


def default_name(player: str, seat: int, personalities, taken: tuple[str, ...] = ()) -> str:
    """A seat's name until someone types one; an opponent met twice gets a number."""
    if player == HUMAN:
        return tr("setup.default_human", n=seat + 1)
    for p in personalities:
        if p.id == player:
            name = tr(f"opponent.{p.id}")
            return name if name not in taken else f"{name} {seat + 1}"
    return tr("setup.default_computer", n=seat + 1)


def is_pronoun(name: str) -> bool:
    """Whether ``name`` is "You", "Vous"... in any language: captions say "{name} plays",
    which such a name would turn ungrammatical ("You plays")."""
    pronouns = {word.strip().casefold() for text in in_every_language("setup.pronouns") for word in text.split(",")}
    return name.strip().casefold() in pronouns


def shown_name(name: str, player: str, seat: int, personalities) -> str:
    """The name to show for a seat: one the program gave by default (in any
    language) is shown in the current language; a typed name as typed.
    A pronoun (the default of earlier versions was "You") is shown as the default name."""
    if is_pronoun(name):
        return default_name(player, seat, personalities)
    defaults = in_every_language("setup.default_human" if player == HUMAN else "setup.default_computer", n=seat + 1)
    for p in personalities:
        if p.id == player:
            defaults = in_every_language(f"opponent.{p.id}") | {p.name}
            if any(name == f"{d} {seat + 1}" for d in defaults):
                return f"{tr(f'opponent.{p.id}')} {seat + 1}"
    return default_name(player, seat, personalities) if name in defaults else name


#: Filled dots per strength, so the strength reads at a glance and without colour.
STRENGTH_DOTS = {"random": 1, "medium": 2, "hard": 3}


@dataclass(frozen=True)
class Choice:
    """One line of the list: who (``value``), as shown, how strong (a ladder strength or "") and how they play."""

    value: str
    name: str
    strength: str
    about: str
    elsewhere: int | None = None  # the other seat this choice sits at, when picking it swaps the two
    rating: float | None = None  # a computer opponent's measured rating at the game (``opponent_ratings``)
    near: bool = False  # rated near the level of the person at the table


def strength_dots(strength: str) -> str:
    """``●●○``: a ladder strength as filled dots; empty for anything else (a person)."""
    if strength not in STRENGTH_DOTS:
        return ""
    dots = STRENGTH_DOTS[strength]
    return "\u25cf" * dots + "\u25cb" * (len(STRENGTH_DOTS) - dots)


def strength_line(strength: str) -> str:
    """``●●○ steady``: the strength as dots and its word; empty for a person."""
    return strength_dots(strength) + " " + tr(f"strength.{strength}") if strength in STRENGTH_DOTS else ""


def choice_strength(choice: Choice) -> str:
    """A choice's strength beside its name: dots and word, or the dots alone for a plain strength (its name,
    "Computer · steady", says the word and tells it from the other plain computers)."""
    return strength_dots(choice.strength) if choice.value == choice.strength else strength_line(choice.strength)


def seat_player_label(player: str, personalities) -> str:
    """Who plays a seat, short enough for the set-up screen's box: a name and strength dots."""
    for p in personalities:
        if p.id == player:
            name = tr(f"opponent.{p.id}") if has(f"opponent.{p.id}") else p.name
            return f"{name} {strength_dots(p.strength)}"
    if player in STRENGTH_DOTS:
        return f"{tr('setup.plain_computer')} {strength_dots(player)}"
    return player_label(player, personalities)
