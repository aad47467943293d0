"""What the statistics screen and ``stats`` show of the stored games: per game, each person's figures and
each computer opponent's, counted by the database (``StatsDB.figures``) and held here."""

from __future__ import annotations

from collections import deque
from dataclasses import asdict, dataclass, field
from typing import Any, Mapping

#: Results per player kept for the chart of recent results.
RECENT = 20


@dataclass(frozen=True)
class Result:
    """One game of one player, for the chart."""

    score: int
    won: bool


@dataclass
class PlayerFigures:
    """A human player's figures at one game (watched games left out)."""

    game: str
    name: str
    played: int = 0  # finished and resigned games
    won: int = 0
    abandoned: int = 0
    best: int | None = None
    total: int = 0
    streak: int = 0  # the current run: wins above 0, games without a win below 0
    best_streak: int = 0  # the longest run of wins
    recent: deque[Result] = field(default_factory=lambda: deque(maxlen=RECENT))

    @property
    def win_share(self) -> float:
        return self.won / self.played if self.played else 0.0

    @property
    def average(self) -> float | None:
        return self.total / self.played if self.played else None

    def follow(self, score: int, won: bool) -> None:
        """The next game in order: the runs and the recent results (the sums come from the database)."""
        if won:
            self.streak = self.streak + 1 if self.streak > 0 else 1
            self.best_streak = max(self.best_streak, self.streak)
        else:
            self.streak = self.streak - 1 if self.streak < 0 else -1
        self.recent.append(Result(score, won))

    def to_json(self) -> dict[str, Any]:
        average = self.average
        return {"name": self.name, "played": self.played, "won": self.won, "abandoned": self.abandoned,
                "win_share": round(self.win_share, 4), "best": self.best,
                "average": None if average is None else round(average, 2), "streak": self.streak,
                "best_streak": self.best_streak, "recent": [asdict(r) for r in self.recent]}


@dataclass
class OpponentFigures:
    """How games against one computer opponent went, at one game."""

    game: str
    opponent: str
    games: int = 0
    people_won: int = 0  # games a human at the table won
    opponent_won: int = 0  # games this opponent won

    def to_json(self) -> dict[str, Any]:
        return {"opponent": self.opponent, "games": self.games, "people_won": self.people_won,
                "opponent_won": self.opponent_won}


@dataclass
class GameFigures:
    game: str
    stored: int = 0  # every stored game, watched and abandoned ones too
    watched: int = 0
    players: dict[str, PlayerFigures] = field(default_factory=dict)
    opponents: dict[str, OpponentFigures] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"stored": self.stored, "watched": self.watched,
                "players": [p.to_json() for p in self.players.values()],
                "opponents": [o.to_json() for o in self.opponents.values()]}


def figures_to_json(figures: Mapping[str, GameFigures]) -> dict[str, Any]:
    """The figures as ``stats --json`` prints them."""
    return {"games": {game: f.to_json() for game, f in figures.items()}}
