"""The person who plays at this screen, across games: their name, the other people who played here, and the
names under which their earlier games were stored.

Kept in the settings (``Settings.profile``). The statistics and the ratings key on a human seat's name, so the
set-up gives the first person's seat the profile's name in every game; a name of the statistics the person
calls theirs (``joined``) counts as the profile's name there, until they take it back. Pure: no files, no
screens.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from .engine.errors import brief
from .engine.text import name_problem

#: Other people remembered (the most recent first), and names joined to the profile at most.
OTHERS_KEPT = 8
JOINED_KEPT = 32


class ProfileError(ValueError):
    """A profile in the settings file that cannot be read (one line)."""


@dataclass(frozen=True)
class Profile:
    name: str = ""  # empty until a person types a name at the first person's seat
    others: tuple[str, ...] = ()  # the other people who played at this screen, the most recent first
    joined: tuple[str, ...] = ()  # names in the statistics whose games are the profile's

    def people(self) -> tuple[str, ...]:
        """The names the set-up offers its people's seats, in seat order: the profile's, then the others."""
        return ((self.name,) if self.name else ()) + self.others

    def person(self, name: str) -> str:
        """Who a stored human seat's ``name`` is: the profile's name for a joined one, else itself."""
        return self.name if self.name and name in self.joined else name

    def aliases(self) -> dict[str, str]:
        """Each joined name and the profile's name it counts as, for the statistics and the ratings."""
        return {joined: self.name for joined in self.joined if self.name and joined != self.name}

    def seated(self, first: str | None, others: Sequence[str]) -> Profile:
        """After a game begins: ``first`` (the first person's typed name; None when they kept the default) is the
        profile's name, and ``others`` (the other people's typed names) come first among the remembered ones."""
        name = first or self.name
        previous = (self.name,) if self.name != name else ()  # remembered as somebody who played here
        kept = [n for n in (*others, *previous, *self.others) if n and n != name]
        return Profile(name, tuple(dict.fromkeys(kept))[:OTHERS_KEPT], self.joined)

    def join(self, name: str) -> Profile:
        """``name``'s stored games become the profile's; with no name yet, ``name`` becomes it."""
        if not self.name:
            return Profile(name, tuple(n for n in self.others if n != name), self.joined)
        if name == self.name or name in self.joined:
            return self
        return Profile(self.name, self.others, (self.joined + (name,))[-JOINED_KEPT:])

    def part(self, name: str) -> Profile:
        """Take back a joined ``name``: its games are its own again."""
        return Profile(self.name, self.others, tuple(n for n in self.joined if n != name))

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "others": list(self.others), "joined": list(self.joined)}


def _names(data: Mapping[str, Any], field: str, most: int) -> tuple[str, ...]:
    names = data.get(field, [])
    if not isinstance(names, list) or len(names) > most:
        raise ProfileError(f"profile {field} must be a list of at most {most} names, not {brief(names)}")
    return tuple(_name(name, f"profile {field}") for name in names)


def _name(value: Any, what: str) -> str:
    if not isinstance(value, str):
        raise ProfileError(f"{what} must be a name, not {brief(value)}")
    problem = name_problem(value)
    if problem is not None:
        raise ProfileError(f"{what}: {problem}")
    return value


def profile_from(data: Any) -> Profile:
    """Check the ``profile`` field of a settings file; raises :class:`ProfileError` naming what is wrong."""
    if not isinstance(data, dict):
        raise ProfileError(f"the profile must be a JSON object, not {brief(data)}")
    unknown = sorted(set(data) - {"name", "others", "joined"})
    if unknown:
        raise ProfileError(f"unknown profile field {brief(unknown[0])}")
    name = data.get("name", "")
    return Profile(_name(name, "profile name") if name != "" else "", _names(data, "others", OTHERS_KEPT),
                   _names(data, "joined", JOINED_KEPT))
