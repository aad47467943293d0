"""Secret deals and a bounded reader: a network table's seed is long and unsent until the end, and the
strict JSON reader's nesting check takes time in step with the text's length."""

from __future__ import annotations

import asyncio
import json

import pytest

from fiftyfifty_desktop.engine.rng import Rng
from fiftyfifty_desktop.engine.strict_json import JsonError, loads, nesting
from fiftyfifty_desktop.net.host import SEED_BITS, new_code, secret_seed
from fiftyfifty_desktop.registry import GAMES

from .test_net_play import play_table, remote_record
from .waiting import HANG_GUARD


def test_a_network_seed_has_128_bits_and_its_deal_is_no_short_numbers_deal() -> None:
    seeds = {secret_seed() for _ in range(50)}
    assert len(seeds) == 50 and all(seed.bit_length() == SEED_BITS == 128 for seed in seeds)
    seed = seeds.pop()
    deck = tuple(range(104))
    long_deal = Rng(seed).shuffled(deck)[0]
    # The deal hangs on every digit: neither the low 30 or 64 bits nor the seed's first digits deal it.
    for short in (seed % 10**9, seed & (2**64 - 1), seed >> 64, int(str(seed)[:9])):
        assert Rng(short).shuffled(deck)[0] != long_deal


def test_a_generated_code_has_at_least_40_bits() -> None:
    import math

    from fiftyfifty_desktop.net.host import CODE_LETTERS

    assert len(new_code()) * math.log2(len(set(CODE_LETTERS))) >= 40


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_the_seed_of_a_network_game_is_sent_only_with_the_end(game_id: str) -> None:
    seed = secret_seed()
    outcomes, _ = asyncio.run(play_table(remote_record(game_id, seed), None, 4))
    for outcome in outcomes:
        assert outcome.seed == seed
        *before, last = outcome.messages
        assert all(str(seed) not in json.dumps(message) for message in before)
        assert last.get("over") and last["seed"] == seed


def test_the_nesting_check_reads_escaped_quotes_in_one_pass() -> None:
    # A megabyte of escaped quotes: the pattern matcher took most of an hour here.
    text = '"' + '\\"' * (1 << 19) + '"'
    assert nesting(text) == 0 and loads(text) == '"' * (1 << 19)
    assert nesting('["\\\\", ["]", {"a": "\\"{"}]]') == 3  # brackets in strings do not count


def test_numbers_are_bounded_whether_or_not_the_text_holds_a_long_run_of_digits() -> None:
    # Numbers are read in C unless a run of number characters is long enough to be a number over the limit.
    assert loads("[" + "9" * 40 + ", 2.5]") == [int("9" * 40), 2.5]
    assert loads('{"digits": "' + "1" * 60 + '", "n": 7}')["n"] == 7  # the long run is in a string
    for text in ("[" + "1" * 41 + "]", "[-" + "1" * 40 + "]", '["' + "1" * 60 + '", ' + "2" * 41 + "]"):
        with pytest.raises(JsonError, match="41 characters is too long"):
            loads(text)


def test_the_nesting_check_still_refuses_deep_text() -> None:
    with pytest.raises(JsonError, match="nest 33 deep"):
        loads("[" * 33 + "]" * 33)


def test_the_statistics_keep_a_network_games_long_seed(tmp_path) -> None:
    from fiftyfifty_desktop.ai import make_agent
    from fiftyfifty_desktop.engine.match import Match
    from fiftyfifty_desktop.stats_db import FINISHED, StatsDB, stored_game

    seed = secret_seed()
    game = GAMES["take5"]
    match = Match(game, remote_record("take5", seed), {s: make_agent("random", game, s, seed) for s in range(4)})
    while not match.over:
        match.poll()
    db = StatsDB(tmp_path / "statistics.sqlite3")
    game_id = db.store(stored_game(match.record, FINISHED))
    assert db.game(game_id).number == seed and db.history()[0].number == seed
    assert db.game(game_id).record.seed == seed


def test_a_client_joins_by_the_invitation_over_tls_and_refuses_another_certificate(tmp_path) -> None:
    from fiftyfifty_desktop.net.address import invitation
    from fiftyfifty_desktop.net.certificate import host_certificate
    from fiftyfifty_desktop.net.client import Session, TableError
    from fiftyfifty_desktop.net.computer import play_seat
    from fiftyfifty_desktop.net.server import TableServer
    from fiftyfifty_desktop.net.table import Table

    from .test_net_play import CODE

    certificate = host_certificate(tmp_path / "host")
    assert host_certificate(tmp_path / "host") == certificate  # kept, so the invitation stays the same
    impostor = host_certificate(tmp_path / "impostor")

    async def main():
        server = TableServer("127.0.0.1", 0, certificate=certificate)
        table = server.add(Table(GAMES["take5"], remote_record("take5", secret_seed(), players=2), CODE))
        await server.start()
        wrong = invitation("127.0.0.1", server.port, CODE, impostor.fingerprint)
        with pytest.raises(TableError, match="not the one in the invitation"):
            await Session(wrong, "", "Eve").run(lambda m: None)
        assert all(seat.token is None for seat in table.seats)  # nothing was sent: no hello, no code
        right = invitation("127.0.0.1", server.port, CODE, certificate.fingerprint)
        outcomes = await asyncio.wait_for(asyncio.gather(*[play_seat(right, "", f"P{i}") for i in range(2)]), HANG_GUARD)
        server.stop()
        return outcomes

    outcomes = asyncio.run(main())
    assert all(outcome.message == "the game is over" for outcome in outcomes)


def test_a_computer_client_draws_from_a_secret_of_its_own_not_from_anything_the_table_knows() -> None:
    """The same table (game, seed, seat, name) played twice by a random client: its choices differ, so the other
    seats cannot work them out from what they know (the game's seed once told, the seat, the name)."""
    from fiftyfifty_desktop.net.client import Session
    from fiftyfifty_desktop.net.computer import play_seat
    from fiftyfifty_desktop.net.server import TableServer
    from fiftyfifty_desktop.net.table import Table

    from .test_net_play import CODE

    async def choices() -> list[str]:
        server = TableServer("127.0.0.1", 0)
        record = remote_record("take5", 5, players=2)
        server.add(Table(GAMES["take5"], record, CODE))
        await server.start()
        address = f"127.0.0.1:{server.port}"
        try:
            mine, _ = await asyncio.wait_for(asyncio.gather(
                play_seat(address, CODE, "R", "random", keep_messages=True,
                          session=Session(address, CODE, "R", seat_wanted=0)),
                play_seat(address, CODE, "S", "random", seed=1, session=Session(address, CODE, "S", seat_wanted=1))),
                HANG_GUARD)
        finally:
            server.stop()
        return [m["move"] for m in mine.messages if m["type"] == "step" and m.get("seat") == 0]

    first, second = asyncio.run(choices()), asyncio.run(choices())
    assert first and second and first != second
