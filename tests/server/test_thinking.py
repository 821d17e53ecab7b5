"""Bots and hints think in worker processes (``dicehall.server.thinking``):
the same moves as in the server's own process, from positions the worker
keeps and brings up to date, and never in the server's process."""

import json
import os
import random
import time

from server_helpers import Server

from dicehall.bots.base import make_bot
from dicehall.engine import make_game
from dicehall.engine.match import Match
from dicehall.server import bot_queue, thinking
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


class Pushed:
    """A Redis client's two calls a bot worker answers with, recorded."""

    def __init__(self) -> None:
        self.lists: dict[str, list[dict]] = {}

    def rpush(self, key: str, text: str) -> None:
        self.lists.setdefault(key, []).append(json.loads(text))

    def expire(self, key: str, seconds: int) -> None:
        assert key in self.lists and seconds > 0


def queued(question: Question, kind: str = "choose", expires: float | None = None) -> str:
    expires = time.time() + 30 if expires is None else expires
    return bot_queue.question_json(question, kind, "q1", bot_queue.ANSWERS + "me", expires)


def test_a_queued_question_is_answered_as_a_local_worker_would():
    thinking._positions.clear()
    match = Match(make_game("nochmal", {"players": 2}), "q", auto_chance=True)
    rng, client = random.Random(3), Pushed()
    for _ in range(6):
        seat = match.state.deciders()[0]
        question = question_of(match, "queued", seat, "greedy")
        bot_queue.handle(client, queued(question))
        assert client.lists[bot_queue.ANSWERS + "me"][-1] == {"id": "q1", "action": think(question)}
        match.play(make_bot("random").choose(match.state.redacted(seat), seat, rng), seat)
    bot_queue.handle(client, queued(question, "hint"))
    action, alternatives = advise(question)
    assert client.lists[bot_queue.ANSWERS + "me"][-1] == {"id": "q1", "action": action,
                                                           "alternatives": alternatives}


def test_a_worker_drops_expired_and_malformed_requests_and_answers_bad_questions_with_an_error():
    match = Match(make_game("dizzle", {"players": 1}), "e", auto_chance=True)
    question = question_of(match, "t", 0, "greedy")
    client = Pushed()
    bot_queue.handle(client, queued(question, expires=time.time() - 1))        # the server gave up
    for text in ("not json", "[]", json.dumps({"id": "x"}),
                 json.dumps({"id": "x", "reply": "elsewhere", "expires": time.time() + 9})):
        bot_queue.handle(client, text)
    assert client.lists == {}
    for bad in ({"steps": [[0, "no such move"]]}, {"steps": "x"}, {"seat": "0"}, {"game": "chess"},
                {"kind": "guess"}, {"bot": "no-such-bot"}):
        request = {**json.loads(queued(question)), **bad}
        bot_queue.handle(client, json.dumps(request))
        told = client.lists[bot_queue.ANSWERS + "me"].pop()
        assert told["id"] == "q1" and told["error"] and "action" not in told
