"""Named computer opponents, read from ``config/ai/*.yaml``.

Adding an opponent means adding YAML, not code. A file looks like::

    opponents:
      - id: rosa                 # unique, used on the command line and in records
        name: Rosa the Careful   # shown at the table
        games: [take5]           # game ids she plays
        strength: random         # an algorithm of the strength ladder
        think: 0.8               # seconds she pauses at the table before acting
        about:                   # one line for the list of opponents, in every language
          en: Never takes a row she can avoid.
          de: Nimmt nie eine Reihe, die sie meiden kann.
          fr: Ne prend jamais une rangée qu'elle peut éviter.
          it: Non prende mai una fila che può evitare.
        knobs: {risk: 0.3}       # optional algorithm settings, see KNOBS

``name`` is English; the catalogues translate it under ``opponent.<id>``.

Every field is checked; unknown keys are errors naming file and line.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Iterable, Mapping

from ..config import ConfigError, Node, brief, load_yaml
from ..resources import resource_path
from ..storage import LANGUAGES

#: The longest ``about`` line, so it fits two lines of the list of opponents.
ABOUT_LIMIT = 90
#: Algorithm settings an opponent may set, with their allowed ranges (whole numbers
#: where the bounds are whole numbers).
KNOBS: dict[str, tuple[float, float]] = {
    "budget": (0.01, 10.0),  # opt-in safety cap: most seconds of search per decision (off by default)
    "worlds": (1, 2000),  # sampled deals per decision (the search's iteration budget)
    "ambition": (0.0, 1.0),  # the search plays to beat the best other seat (1), not to keep its own score (0)
    "risk": (0.0, 1.0),  # appetite for risky plays
    "boldness": (0.0, 1.0),  # how high to bid
    "lie_rate": (0.0, 1.0),  # how often to use the turn's lie
}
STRENGTHS = ("random", "medium", "hard")


@dataclass(frozen=True)
class Personality:
    id: str
    name: str
    games: tuple[str, ...]
    strength: str
    think: float
    knobs: Mapping[str, float] = field(default_factory=lambda: MappingProxyType({}))
    #: One line on how the opponent plays, for the list of opponents, by language (every one of ``LANGUAGES``).
    about: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))

    def plays(self, game_id: str) -> bool:
        return game_id in self.games


def about_text(node: Node) -> str:
    about = node.text()
    if len(about) > ABOUT_LIMIT or "\n" in about:
        raise node.fail(f"must be one line of at most {ABOUT_LIMIT} characters, not {len(about)} characters")
    return about


def about_lines(node: Node) -> Mapping[str, str]:
    """The line on how an opponent plays in each language, given as ``en: ...``, ``de: ...`` and so on."""
    every = ", ".join(LANGUAGES)
    if not isinstance(node.value, dict):
        raise node.fail(f"must give one line in each language ({every}), not {node.shown()}")
    lines = node.mapping(optional=LANGUAGES)
    missing = [language for language in LANGUAGES if language not in lines]
    if missing:
        raise node.fail(f"has no line in {missing[0]!r} (one is needed in each of {every})")
    return MappingProxyType({language: about_text(lines[language]) for language in LANGUAGES})


def read_personalities(node: Node, game_ids: Iterable[str]) -> tuple[Personality, ...]:
    """Check one parsed file and return its opponents."""
    game_ids = tuple(game_ids)
    out = []
    for item in node.mapping(["opponents"])["opponents"].items(minimum=1):
        fields_ = item.mapping(["id", "name", "games", "strength", "think", "about"], ["knobs"])
        ident = fields_["id"].text()
        if not ident.replace("_", "").isalnum() or not ident.islower() or ident in STRENGTHS or ident == "human":
            raise fields_["id"].fail(f"must be lower-case letters, digits and _ and not a reserved word, not {brief(ident)}")
        games = tuple(g.text(game_ids) for g in fields_["games"].items(minimum=1))
        knobs: dict[str, float] = {}
        if "knobs" in fields_:
            for name, value in fields_["knobs"].mapping(optional=KNOBS).items():
                low, high = KNOBS[name]
                if isinstance(low, int) and isinstance(high, int):
                    knobs[name] = value.integer(low, high)
                else:
                    knobs[name] = value.number(low, high)
        out.append(Personality(
            id=ident,
            name=fields_["name"].text(),
            games=games,
            strength=fields_["strength"].text(STRENGTHS),
            think=fields_["think"].number(0.0, 5.0),
            knobs=MappingProxyType(knobs),
            about=about_lines(fields_["about"]),
        ))
    return tuple(out)


def load_personalities(folder: Path | None = None, game_ids: Iterable[str] | None = None) -> tuple[Personality, ...]:
    """Every opponent in ``folder`` (default: the shipped ``config/ai``).

    Raises :class:`ConfigError` (one line) for the first bad file; an id used
    twice across files is an error too.
    """
    from ..registry import GAMES

    folder = folder or resource_path("config", "ai")
    ids = tuple(game_ids) if game_ids is not None else tuple(GAMES)
    seen: dict[str, str] = {}
    out: list[Personality] = []
    for path in sorted(folder.glob("*.yaml")):
        if path.name == "ratings.yaml":  # their measured ratings (opponent_ratings.py), not opponents
            continue
        shown = f"config/ai/{path.name}" if folder == resource_path("config", "ai") else str(path)
        for person in read_personalities(load_yaml(path, shown), ids):
            if person.id in seen:
                raise ConfigError(f"{shown}: opponent id {person.id!r} is already used in {seen[person.id]}")
            seen[person.id] = shown
            out.append(person)
    return tuple(out)
