"""Bots and hints think in worker processes (``dicehall.server.thinking``):
the same moves as in the server's own process, from positions the worker
keeps and brings up to date, and never in the server's process."""

import os
import random

from server_helpers import Server

from dicehall.bots.base import make_bot
from dicehall.engine import make_game
from dicehall.engine.match import Match
from dicehall.server import thinking
from dicehall.server.thinking import Question, advise, decide, think


def question_of(match: Match, table: str, seat: int, bot: str, seed: str = "seed") -> Question:
    steps = tuple((entry.seat, entry.notation) for entry in match.entries)
    return Question(table, match.game.name, match.game.record_options(), steps, seat, bot, seed)


def test_a_worker_chooses_what_the_server_would_from_the_position_it_keeps():
    thinking._positions.clear()
    game = make_game("dizzle", {"players": 2})
    match, other = Match(game, "a", auto_chance=True), Match(make_game("nochmal", {}), "b", auto_chance=True)
    rng, checked = random.Random(1), 0
    while not match.state.is_terminal():
        for seat in match.state.deciders():
            question = question_of(match, "t1", seat, "greedy")
            assert think(question) == decide(question, match.state.redacted(seat))
            checked += 1
        think(question_of(other, "t2", other.state.deciders()[0], "random"))   # another table between
        seat = match.state.deciders()[0]
        match.play(make_bot("random").choose(match.state.redacted(seat), seat, rng), seat)
    assert checked > 20 and set(thinking._positions) == {"t1", "t2"}
    kept = thinking._positions["t1"][2]
    assert 0 < len(kept) < len(match.entries)
    assert kept == tuple((entry.seat, entry.notation) for entry in match.entries)[:len(kept)]


def test_a_position_that_is_not_a_prefix_is_built_again():
    thinking._positions.clear()
    first, second = (Match(make_game("razzle", {}), seed, auto_chance=True) for seed in ("x", "y"))
    for match in (first, second):
        seat = match.state.deciders()[0]
        question = question_of(match, "same-id", seat, "greedy")
        assert think(question) == decide(question, match.state.redacted(seat))


def test_a_hint_from_a_worker_is_a_legal_action():
    match = Match(make_game("dizzle", {"players": 1}), "h", auto_chance=True)
    action, alternatives = advise(question_of(match, "solo", 0, "hint"))
    legal = set(match.state.legal_action_ids(0))
    assert action in legal and set(alternatives) <= legal


def test_bots_at_a_table_think_in_another_process(settings, clock):
    settings.bot_workers = 1
    with Server(settings, clock) as server:
        table_id, tokens = server.seated("razzle", players=1, bots=("easy",))
        with server.player(table_id, tokens[0]) as ann:
            ann.play_to_end(server.clock)
        pool = server.manager.bots.pool
        assert pool is not None and pool.submit(os.getpid).result() != os.getpid()
        record = server.manager.tables[table_id].record()
        assert any(entry.seat == 1 for entry in record.entries)          # the bot's moves are in it
