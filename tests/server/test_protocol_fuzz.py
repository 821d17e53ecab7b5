"""Hypothesis-driven fuzzing of the WebSocket protocol (docs/server.md).

Random text and JSON (deep nesting, NaN and Infinity literals, huge numbers,
wrong types, extra keys, unicode), binary frames, actions that look right but
carry the wrong version, and chat lines go to started tables of every game,
from the player to move, the other player and a spectator. Every message must
be answered: an error with a documented code (and the table's version), a
pong, the chat line, or, for a legal action at a current version, the new
state. A refused message changes nothing (version, state, log, chat, seats);
the connection stays open (a ping after every message is answered); the
server logs no error. ``protocol.parse_message`` on its own may only ever
raise ``Refused``.

A few hundred messages in ``make test``; ``DICEHALL_FUZZ=1`` (``-m fuzz``)
sends thousands, ``DICEHALL_FUZZ=N`` N per test.
"""

from __future__ import annotations

import json
import logging
import math
import os
from collections import Counter

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st
from server_helpers import Server
from starlette.websockets import WebSocketDisconnect

from dicehall.server.protocol import Refused, parse_message

FUZZ = int(os.environ.get("DICEHALL_FUZZ") or 0)
#: messages per game at a started table, and calls of parse_message
MESSAGES = 2000 if FUZZ == 1 else FUZZ or 100
PARSES = 5000 if FUZZ == 1 else FUZZ or 300

#: no shrinking: the tables live on from one example to the next, so a failure is
#: reported as it happened (with the message in the assertion), not replayed smaller
fuzzing = settings(max_examples=MESSAGES, deadline=None, database=None,
                   phases=[Phase.explicit, Phase.generate], suppress_health_check=list(HealthCheck))

#: the error codes of docs/server.md
CODES = {"malformed", "unknown-type", "stale", "not-your-turn", "illegal", "spectator", "too-large",
         "rate-limited", "not-started", "over", "storage", "chat-too-long", "chat-rate", "unavailable"}

#: messages sent, and how they were answered: printed at the end (``-s``)
TALLY: Counter = Counter()


# --- what a hostile client sends ---------------------------------------------------

scalars = (st.none() | st.booleans() | st.integers() | st.integers(min_value=-10**80, max_value=10**80)
           | st.floats() | st.text(max_size=40)
           | st.sampled_from([0, -1, 2**31, 2**63, 2**64, 10**19, 10**400, 1e308, -0.0, 5e-324,
                              math.nan, math.inf, -math.inf, "", "\u202e", "\x00", "\ud7ff", "🎲", "NaN"]))
values = st.recursive(scalars, lambda inner: st.lists(inner, max_size=5)
                      | st.dictionaries(st.text(max_size=10), inner, max_size=5), max_leaves=25)
KEYS = ["type", "version", "action", "text", "seat", "dice", "token", "id", "legal", "extra"]
TYPES = ["action", "chat", "ping", "pong", "state", "error", "Action", "PING", "", " ping", "leave"]


def dumps(value, ascii_only: bool = True) -> str:
    """JSON as a careless client writes it: NaN and Infinity literals allowed."""
    return json.dumps(value, allow_nan=True, ensure_ascii=ascii_only)


def deep(depth: int, kind: str) -> str:
    if kind == "list":
        return "[" * depth + "]" * depth
    if kind == "object":
        return '{"a":' * depth + "1" + "}" * depth
    return '{"type": "action", "version": ' + "[" * depth + "1" + "]" * depth + ', "action": 0}'


texts = st.one_of(
    st.text(max_size=300),
    st.binary(max_size=200).map(lambda raw: raw.decode("latin-1")),
    st.builds(dumps, values, st.booleans()),
    st.builds(deep, st.integers(min_value=1, max_value=5000), st.sampled_from(["list", "object", "action"])),
    st.integers(min_value=1, max_value=4200).map(lambda n: '{"type": "action", "version": ' + "9" * n
                                                 + ', "action": 0}'),
    st.builds(lambda n, kind: '{"type": "' + kind + '", "x": ' + "1" * n + "}",
              st.integers(min_value=300, max_value=5000), st.sampled_from(TYPES)),
    st.sampled_from(['{"type": "action", "version": NaN, "action": 0}', '{"type": "ping"} ',
                     '{"type": "ping", "type": "chat"}', '{"type": "chat", "text": Infinity}',
                     '{"type": "action", "version": 1e999, "action": 0}', "", " ", "null", "{}", "[]",
                     '"ping"', '{"type": "ping"', "\ufeff{\"type\": \"ping\"}", '{"type": "ping", }']),
)


def shaped(base: dict):
    """``base`` with keys dropped, changed or added."""
    return st.builds(lambda drop, extra: {**{k: v for k, v in base.items() if k not in drop}, **extra},
                     st.sets(st.sampled_from(sorted(base)), max_size=2),
                     st.dictionaries(st.sampled_from(KEYS) | st.text(max_size=6), values, max_size=3))


def messages(data, state: dict) -> tuple[str, object]:
    """One message for a connection whose newest state is ``state``: its kind and
    the text (or bytes) to send. (What is drawn never depends on the state, only
    what is made of it: the table lives on from one example to the next.)"""
    version = state["version"]
    legal = [entry["id"] for entry in state["legal"]] + [entry["notation"] for entry in state["legal"]]
    pick = data.draw(st.integers(min_value=0, max_value=10**6))
    action = legal[pick % len(legal)] if legal and pick % 4 else pick % 60
    kind = data.draw(st.sampled_from(["text", "text", "shaped", "version", "chat", "binary", "legal"]))
    if kind == "text":
        return kind, data.draw(texts)
    if kind == "binary":
        return kind, data.draw(st.binary(max_size=300) | st.just(b'{"type": "ping"}'))
    if kind == "shaped":
        base = data.draw(st.sampled_from([{"type": "action", "version": "now", "action": 0},
                                          {"type": "chat", "text": "hi"}, {"type": "ping"}]))
        message = data.draw(shaped(base) | st.fixed_dictionaries(
            {"type": st.sampled_from(TYPES) | st.text(max_size=8)},
            optional={key: values for key in KEYS[1:]}))
        if message.get("version") == "now":
            message["version"] = version
        return kind, dumps(message, data.draw(st.booleans()))
    if kind == "version":
        offsets = st.sampled_from([-1, 1, -10**6, 2**63, 10**100])
        wrong = data.draw(offsets.map(lambda offset: version + offset) | st.sampled_from([-1, -10**30])
                          | st.sampled_from([float(version), str(version), True, None, [version]]))
        return kind, dumps({"type": "action", "version": wrong, "action": action})
    if kind == "chat":
        text = data.draw(st.text(max_size=400) | st.sampled_from(["", " ", "\u200b", "<b>hi</b>", "x" * 301]))
        return kind, dumps({"type": "chat", "text": text}, data.draw(st.booleans()))
    return kind, dumps({"type": "action", "version": version, "action": action})


# --- the unit: parse_message ---------------------------------------------------------

@pytest.mark.fuzz
def test_parse_message_only_ever_refuses():
    @settings(fuzzing, max_examples=PARSES)
    @given(text=texts | st.builds(lambda d: dumps(d), shaped({"type": "action", "version": 3, "action": "x"})
                                  | shaped({"type": "chat", "text": "hi"})))
    def check(text: str) -> None:
        try:
            message = parse_message(text)
        except Refused as refused:
            assert refused.code in ("malformed", "unknown-type") and refused.reason
            TALLY["parse_message", refused.code] += 1
            return
        TALLY["parse_message", message["type"]] += 1
        kind = message["type"]
        if kind == "ping":
            assert message == {"type": "ping"}
        elif kind == "chat":
            assert set(message) == {"type", "text"} and isinstance(message["text"], str)
        else:
            assert kind == "action" and set(message) == {"type", "version", "action"}
            assert type(message["version"]) is int
            assert type(message["action"]) is int or (type(message["action"]) is str and message["action"])

    check()
    for depth in (10, 1000, 100_000, 1_000_000):
        for text in (deep(depth, "list"), deep(depth, "object"), deep(depth, "action")):
            with pytest.raises(Refused) as refused:
                parse_message(text)
            assert refused.value.code == "malformed"


# --- at a live table ---------------------------------------------------------------------

class Client:
    """A connection of the fuzz: a seat's or a spectator's."""

    def __init__(self, player, name: str):
        self.player = player
        self.name = name

    @property
    def state(self) -> dict:
        return self.player.state

    def exchange(self, raw, pings: int = 1) -> list[dict]:
        """Send ``raw`` then a ping; the messages that are not states, up to the
        ping's pong (``pings``: pongs to read, 2 when ``raw`` is a ping itself)."""
        socket = self.player.socket
        if isinstance(raw, bytes):
            socket.send_bytes(raw)
        elif raw is not None:
            socket.send_text(raw)
        socket.send_text('{"type": "ping"}')
        answers = []
        while pings:
            message = self.player.receive()
            assert isinstance(message, dict) and isinstance(message.get("type"), str), message
            if message["type"] == "state":
                self.player.state = message
                continue
            if message["type"] == "pong":
                pings -= 1
            else:
                answers.append(message)
        return answers


def snapshot(server: Server, table_id: str) -> tuple:
    """Everything a refused message must leave as it was."""
    table = server.manager.tables[table_id]
    views = [json.dumps(table.match.state.view(seat), sort_keys=True, default=str)
             for seat in [None, *range(len(table.seats))]]
    return (table.version, table.status, len(table.match.entries), len(table.log), len(table.chat),
            [seat.to_json(i, False) for i, seat in enumerate(table.seats)], views,
            sorted(table.decisions.items()))


def a_ping(raw) -> bool:
    if not isinstance(raw, str):
        return False
    try:
        return json.loads(raw) == {"type": "ping"} and len(raw.encode()) <= 4096
    except (ValueError, RecursionError):
        return False


def current_versions(server: Server, table_id: str, seat: int | None) -> range:
    """The versions an action of ``seat`` may carry now: from the start of its decision on."""
    table = server.manager.tables[table_id]
    if seat is None or seat not in table.deciders():
        return range(0)
    return range(table.decision_since(seat), table.version + 1)


def action_version(raw) -> int | None:
    """The version of an action message, if ``raw`` is one with a whole number."""
    try:
        sent = json.loads(raw)
    except (TypeError, ValueError, RecursionError):
        return None
    if not isinstance(sent, dict) or sent.get("type") != "action" or type(sent.get("version")) is not int:
        return None
    return sent["version"]


@pytest.fixture
def roomy(settings, clock):
    """A server whose rate limits never bite, so that every message is answered on its merits."""
    settings.rate_burst = 10**9
    settings.chat_burst = 10**9
    with Server(settings, clock) as server:
        yield server


@pytest.mark.fuzz
@pytest.mark.parametrize("game", ["razzle", "nochmal", "dizzle"])
def test_every_message_is_answered_and_a_refused_one_changes_nothing(roomy, caplog, game):
    server = roomy
    table_id, tokens = server.seated(game)
    with server.player(table_id, tokens[0]) as ann, server.player(table_id, tokens[1]) as bob, \
            server.player(table_id) as eve:
        clients = [Client(ann, "seat"), Client(bob, "seat"), Client(eve, "spectator")]

        @fuzzing
        @given(data=st.data())
        def check(data) -> None:
            sender = data.draw(st.sampled_from(clients))
            kind, raw = messages(data, sender.state)
            before = snapshot(server, table_id)
            current = current_versions(server, table_id, sender.state["seat"])
            answers = sender.exchange(raw, pings=2 if a_ping(raw) else 1)
            after = snapshot(server, table_id)
            version = server.manager.tables[table_id].version
            errors = [a for a in answers if a["type"] == "error"]
            chats = [a for a in answers if a["type"] == "chat"]
            assert len(errors) + len(chats) == len(answers) and len(errors) <= 1, answers
            if errors:
                error = errors[0]
                TALLY[game, kind, error["code"]] += 1
                assert error["code"] in CODES and isinstance(error["reason"], str) and error["reason"], error
                assert error["version"] == version and not chats, answers
                assert after == before, (raw, error)
                if error["code"] == "stale":  # only a version outside the seat's decision is stale
                    assert action_version(raw) not in current, (raw, error, current)
            elif chats:
                TALLY[game, kind, "chat"] += 1
                assert kind in ("chat", "text", "shaped") and len(chats) == 1
                assert after[0] == before[0] and after[4] == before[4] + 1 and after[6] == before[6]
            elif a_ping(raw):
                TALLY[game, kind, "pong"] += 1
                assert after == before
            else:
                TALLY[game, kind, "accepted"] += 1
                assert action_version(raw) in current, (raw, current)
                assert after[0] > before[0] and sender.state["version"] == version, raw
            for other in clients:  # every connection is open and answers (and has read its states)
                if other is not sender:
                    assert all(answer["type"] == "chat" for answer in other.exchange(None))

        with caplog.at_level(logging.WARNING):
            check()
        for client in clients:
            assert all(answer["type"] == "chat" for answer in client.exchange(None))
    assert not [record for record in caplog.records if record.levelno >= logging.ERROR], caplog.text


def own_reply(player) -> dict:
    """The next answer to this player's own message: the next message that is
    neither a state nor another connection's chat line."""
    while True:
        message = player.reply()
        if message["type"] != "chat" or message["seat"] == player.state["seat"]:
            return message


@pytest.mark.fuzz
def test_bursts_are_answered_one_by_one_under_the_rate_limits(server, caplog):
    """The default limits: a burst of junk, pings and chat without the clock
    moving; each message gets exactly one answer (its own, or rate-limited)."""
    table_id, tokens = server.seated("razzle")
    with server.player(table_id, tokens[0]) as ann, server.player(table_id) as eve:
        clients = [ann, eve]

        @settings(fuzzing, max_examples=max(MESSAGES // 4, 20))
        @given(burst=st.lists(st.tuples(st.sampled_from([0, 1]), texts | st.just('{"type": "ping"}')
                                        | st.builds(lambda t: dumps({"type": "chat", "text": t}),
                                                    st.text(max_size=50))),
                              min_size=1, max_size=25),
               advance=st.sampled_from([0.0, 0.1, 1.0, 3.0]))
        def check(burst, advance) -> None:
            server.clock.advance(advance)
            for who, raw in burst:
                before = snapshot(server, table_id)
                clients[who].socket.send_text(raw)
                answer = own_reply(clients[who])
                TALLY["burst", answer.get("code", answer["type"])] += 1
                assert answer["type"] in ("error", "pong", "chat"), answer
                if answer["type"] == "error":
                    assert answer["code"] in CODES, answer
                    assert snapshot(server, table_id) == before
                else:
                    assert snapshot(server, table_id)[:4] == before[:4]
            server.clock.advance(5.0)  # the buckets fill again: both still answer
            for client in clients:
                client.send({"type": "ping"})
                assert own_reply(client) == {"type": "pong"}

        with caplog.at_level(logging.WARNING):
            check()
    assert not [record for record in caplog.records if record.levelno >= logging.ERROR], caplog.text


@pytest.mark.fuzz
def test_fuzzed_connection_queries_give_a_state_or_a_documented_close(server, caplog):
    """Any token and invite: a seat's or a spectator's first state, or a close
    with 4403 (no seat, private table) or 4404 (no table)."""
    public, tokens = server.seated("razzle")
    private = server.create("razzle", [{"kind": "open"}, {"kind": "open"}], public=False)
    ids = [public, private["id"], "nope"]

    @settings(fuzzing, max_examples=max(MESSAGES // 4, 20))
    @given(table=st.sampled_from(ids), token=st.none() | st.text(max_size=40) | st.sampled_from(tokens),
           invite=st.none() | st.text(max_size=40) | st.just(private["invite"]))
    def check(table, token, invite) -> None:
        params = {key: value for key, value in (("token", token), ("invite", invite)) if value is not None}
        try:
            with server.client.websocket_connect(f"/ws/tables/{table}", params=params) as socket:
                first = socket.receive_json()
                assert first["type"] == "state" and first["table"]["id"] == table
                TALLY["connect", "state"] += 1
        except WebSocketDisconnect as closed:
            TALLY["connect", closed.code] += 1
            assert closed.code in (4403, 4404), closed

    with caplog.at_level(logging.WARNING):
        check()
    assert not [record for record in caplog.records if record.levelno >= logging.ERROR], caplog.text


def test_a_non_ascii_invite_closes_with_4403(server):
    """Found by the fuzz: ``secrets.compare_digest`` raised TypeError (an abnormal close, a traceback)."""
    private = server.create("razzle", [{"kind": "open"}, {"kind": "open"}], public=False)
    with pytest.raises(WebSocketDisconnect) as closed:
        with server.client.websocket_connect(f"/ws/tables/{private['id']}", params={"invite": "\u00e9"}) as s:
            s.receive_json()
    assert closed.value.code == 4403


def teardown_module() -> None:
    if TALLY:
        print("\nmessages by test, kind and answer:")
        for key, count in sorted(TALLY.items(), key=str):
            print(f"  {' / '.join(map(str, key))}: {count}")
        print(f"  total: {sum(TALLY.values())}")
