"""A computer player at a table over the network: the ``join --player`` command, the self-check, the tests and
the benchmark sit at a table with :func:`play_seat`, on a :class:`~fiftyfifty_desktop.net.client.Session`."""

from __future__ import annotations

import asyncio
import logging
import secrets
from dataclasses import dataclass, field
from typing import Any, Callable

from ..ai import make_agent
from .client import Session
from .steps import ReadStep

log = logging.getLogger("fiftyfifty_desktop.net")


@dataclass
class Outcome:
    """How a table ended for one seat."""

    message: str
    scores: tuple[int, ...] = ()
    winners: tuple[int, ...] = ()
    seed: int | None = None
    moves: int = 0
    messages: list[dict[str, Any]] = field(default_factory=list)


async def play_seat(address: str, code: str, name: str, player: str = "medium", *, seat: int | None = None,
                    exit_at_end: bool = True, seed: int | None = None, keep_messages: bool = False,
                    on_step: Callable[[dict[str, Any]], None] | None = None,
                    session: Session | None = None, pause: float = 0.0,
                    on_seat: Callable[[int, str], None] | None = None) -> Outcome:
    """Sit at a table with a computer player; returns when the game (or the table) ends.

    ``pause`` is how long it waits before each move, as a person would think; ``on_seat`` is told the seat
    and its token whenever the table seats us.
    The player is handed the views it decided on before, as a local match hands them (from this sitting on).
    Its random choices come from ``seed``, which by default is a secret of this process alone: never the game's
    seed or anything else another seat knows, which would let the other seats work out every choice it makes.
    """
    seed = secrets.randbits(64) if seed is None else seed
    session = session or Session(address, code, name, seat_wanted=seat)
    outcome = Outcome("")
    agent: Any = None
    waiting = False  # a move of ours is on its way
    offer: ReadStep | None = None  # the latest step that gave us legal moves
    seen: list[Any] = []  # the views of our earlier decisions
    deciding: Any = None  # the view of the decision whose move is on its way

    async def choose(step: ReadStep) -> None:
        nonlocal waiting, deciding
        deciding = step.view
        move = agent.choose(deciding if getattr(agent, "uses_view", True) else None, step.legal, tuple(seen))
        waiting = True
        if pause > 0:
            await asyncio.sleep(pause)
        await session.send({"type": "move", "move": move.text()})

    async def handle(message: dict[str, Any]) -> None:
        nonlocal agent, waiting, offer
        if keep_messages:
            outcome.messages.append(message)
        kind = message["type"]
        game = session.game
        if kind == "welcome":
            assert game is not None and session.seat is not None and session.token is not None
            agent = make_agent(player, game, session.seat, seed)
            if on_seat is not None:
                on_seat(session.seat, session.token)
        elif kind in ("step", "sync") and game is not None:
            if on_step is not None:
                on_step(message)
            if kind == "sync" or message.get("seat") == session.seat:
                if waiting and message.get("seat") == session.seat:
                    seen.append(deciding)
                waiting = False
            outcome.moves = message.get("made", outcome.moves)
            if message.get("over"):
                outcome.scores = tuple(message["scores"])
                outcome.winners = tuple(message["winners"])
                outcome.seed = message.get("seed")
                if exit_at_end:
                    session.ended = "the game is over"
                    return
            offer = session.latest if message.get("legal") else None
            if offer is not None and not waiting:
                await choose(offer)
        elif kind == "error":
            log.warning("seat %s: the table refused: %s", session.seat, message.get("message"))
            waiting = False
            if offer is not None:
                await choose(offer)

    outcome.message = await session.run(handle)
    await session.close()
    return outcome
