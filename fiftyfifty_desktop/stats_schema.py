"""The statistics database's schema, as the steps that build it: entry ``n`` of :data:`MIGRATIONS` takes a
file from version ``n`` (``PRAGMA user_version``) to ``n + 1``, so a file of any older program is brought up
to date step by step and a new one is made by all of them."""

from __future__ import annotations

#: Schema migrations: entry ``n`` takes a file from version ``n`` to ``n + 1``.
MIGRATIONS: tuple[str, ...] = (
    # 0 -> 1: games and their seats.
    """
    CREATE TABLE games (
        id INTEGER PRIMARY KEY,
        game TEXT NOT NULL,
        options TEXT NOT NULL,
        number INTEGER NOT NULL,
        finished_at TEXT NOT NULL,
        duration REAL NOT NULL,
        undos INTEGER NOT NULL,
        outcome TEXT NOT NULL,
        record TEXT NOT NULL
    );
    CREATE TABLE seats (
        game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        seat INTEGER NOT NULL,
        name TEXT NOT NULL,
        player TEXT NOT NULL,
        score INTEGER NOT NULL,
        winner INTEGER NOT NULL,
        PRIMARY KEY (game_id, seat)
    );
    """,
    # 1 -> 2: the records move to a table of their own, so the figures never read past them;
    # games with no human seat are marked as watched; indexes for the screens.
    """
    CREATE TABLE games_2 (
        id INTEGER PRIMARY KEY,
        game TEXT NOT NULL,
        options TEXT NOT NULL,
        number INTEGER NOT NULL,
        finished_at TEXT NOT NULL,
        duration REAL NOT NULL,
        undos INTEGER NOT NULL,
        outcome TEXT NOT NULL,
        watched INTEGER NOT NULL
    );
    INSERT INTO games_2 SELECT id, game, options, number, finished_at, duration, undos, outcome,
        NOT EXISTS (SELECT 1 FROM seats WHERE seats.game_id = games.id AND seats.player = 'human') FROM games;
    CREATE TABLE records (
        game_id INTEGER PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,
        data NOT NULL
    );
    INSERT INTO records SELECT id, record FROM games;
    DROP TABLE games;
    ALTER TABLE games_2 RENAME TO games;
    CREATE INDEX games_by_game ON games (game, id);
    CREATE INDEX seats_by_player ON seats (player, game_id);
    """,
    # 2 -> 3: game reviews (``review_store.py``), by the record's digest, the seat and the review's version.
    """
    CREATE TABLE reviews (
        record TEXT NOT NULL,
        seat INTEGER NOT NULL,
        version INTEGER NOT NULL,
        data BLOB NOT NULL,
        PRIMARY KEY (record, seat, version)
    );
    """,
)
VERSION = len(MIGRATIONS)
#: The tables a current file holds.
TABLES = ("games", "records", "seats", "reviews")
