"""A desktop table for four card games on one pure, deterministic engine."""

__version__ = "0.1.0"
