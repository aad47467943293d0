"""Computer opponents. Agents see one seat's view and its legal moves, never
the full state, and draw chance only from their own seeded generator."""

from .agents import RandomAgent, agent_source

__all__ = ["RandomAgent", "agent_source"]
