"""schemathesis against the server's own OpenAPI description (``/openapi.json``).

Every operation gets valid and invalid requests (schemathesis' positive and
negative generation), aimed now and then at real tables in every state
(waiting, private, running, over) with real tokens, invite codes, games and
languages, so that the answers reach past the first 404. Every answer must be
no 5xx, have a status the description documents for that operation, and fit
the schema documented for that status; the server logs no error meanwhile.

A few hundred requests in ``make test``; ``DICEHALL_FUZZ=1`` (``-m fuzz``)
sends thousands, ``DICEHALL_FUZZ=N`` N per operation and mode.
"""

from __future__ import annotations

import logging
import os
from collections import Counter

import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    negative_data_rejection,
    response_schema_conformance,
    status_code_conformance,
)
from server_helpers import Server
from sqlalchemy import text

from dicehall.engine import words
from dicehall.engine.registry import game_names
from dicehall.server import FakeClock, Settings, create_app
from dicehall.server.db import Base, connect

FUZZ = int(os.environ.get("DICEHALL_FUZZ") or 0)
#: requests per operation and generation mode (13 operations, 2 modes)
CASES = 150 if FUZZ == 1 else FUZZ or 12
#: requests with fuzzed options per game at POST /api/tables and GET /api/layout
OPTION_CASES = 500 if FUZZ == 1 else FUZZ or 40

fuzzing = settings(max_examples=CASES, deadline=None, database=None,
                   suppress_health_check=list(HealthCheck))

#: no 5xx, a documented status and content type, a body that fits its schema; a request
#: that breaks the schema is refused (4xx)
CHECKS = [not_a_server_error, status_code_conformance, content_type_conformance, response_schema_conformance,
          negative_data_rejection]

DESCRIPTION = create_app(Settings(timer_interval=None)).openapi()
OPERATIONS = [(method.upper(), path) for path, methods in DESCRIPTION["paths"].items() for method in methods]
SCHEMA = schemathesis.openapi.from_dict(DESCRIPTION)
POSITIVE, NEGATIVE = schemathesis.GenerationMode.POSITIVE, schemathesis.GenerationMode.NEGATIVE


def negatable(method: str, path: str) -> bool:
    """Whether a request can break the operation's schema (a path string cannot)."""
    operation = DESCRIPTION["paths"][path][method.lower()]
    return "requestBody" in operation or any(p["in"] == "query" for p in operation.get("parameters", []))


#: (method, path, mode): negative cases only where a request can be invalid
RUNS = [(method, path, mode) for method, path in OPERATIONS for mode in (POSITIVE, NEGATIVE)
        if mode == POSITIVE or negatable(method, path)]

#: what was sent and answered, per operation: printed at the end (``-s``)
TALLY: Counter = Counter()


def documented(method: str, path: str) -> set[int]:
    return {int(status) for status in DESCRIPTION["paths"][path][method.lower()]["responses"]}


@pytest.fixture(scope="module")
def api(tmp_path_factory):
    """A server with generous creation quotas (so fuzzed creates and sign-ups
    reach the game's and the accounts' own checks), and tables in every state
    to aim requests at."""
    folder = tmp_path_factory.mktemp("openapi")
    url = os.environ.get("DICEHALL_TEST_DATABASE_URL")
    if url:
        engine = connect(url)
        with engine.begin() as connection:
            Base.metadata.drop_all(connection)
            connection.execute(text("DROP TABLE IF EXISTS alembic_version"))
        engine.dispose()
    else:
        url = f"sqlite:///{folder / 'test.sqlite3'}"
    config = Settings(data_dir=folder, database_url=url, timer_interval=None, takeover_bot="random",
                      bot_pace=0.0, bot_levels=("easy", "medium", "hard", "random"),
                      waiting_tables_per_address=10**6, tables_burst=10**6, registrations_burst=10**6)
    with Server(config, FakeClock()) as server:
        yield server, known_tables(server)


def known_tables(server: Server) -> dict:
    """Tables in each state, with their tokens and invite codes."""
    waiting = server.create("dizzle", [{"kind": "open"}, {"kind": "open"}])["id"]
    waiting_token = server.join(waiting, 0, "w0")
    private = server.create("nochmal", [{"kind": "open"}, {"kind": "bot", "level": "easy"}], public=False)
    running, running_tokens = server.seated("razzle")
    over, over_tokens = server.seated("razzle", players=1, bots=("random",))
    left = server.client.post(f"/api/tables/{over}/leave", json={"token": over_tokens[0]})
    assert left.status_code == 200, left.text
    server.run(server.manager.settle)
    assert server.table(over)["status"] == "over"
    return {"ids": [waiting, private["id"], running, over],
            "tokens": [waiting_token, *running_tokens, *over_tokens],
            "invites": [private["invite"]]}


def aimed(operation, known: dict, mode) -> st.SearchStrategy:
    """Cases for the operation, some with a real table, game or language in the path."""
    real = []
    names = operation.path_parameters
    for name, values in (("table_id", known["ids"]), ("game", list(game_names())),
                         ("lang", list(words.LANGUAGES))):
        if any(parameter.name == name for parameter in names):
            real += [operation.as_strategy(mode, path_parameters={name: value}) for value in values]
    generated = operation.as_strategy(mode)
    return st.one_of(generated, *real) if real else generated


@pytest.mark.fuzz
@pytest.mark.parametrize("method, path, mode", RUNS, ids=[f"{m} {p} {mode.value}" for m, p, mode in RUNS])
def test_every_answer_is_documented_and_fits_its_schema(api, caplog, method, path, mode):
    server, known = api
    operation = SCHEMA[path][method]
    allowed = documented(method, path)

    @fuzzing
    @given(case=aimed(operation, known, mode), data=st.data())
    def check(case, data) -> None:
        if isinstance(case.body, dict) and "token" in case.body and data.draw(st.booleans()):
            case.body = {**case.body, "token": data.draw(st.sampled_from(known["tokens"]))}
        for part in ("query", "body"):
            given = getattr(case, part)
            if isinstance(given, dict) and "invite" in given:
                if data.draw(st.booleans()):
                    setattr(case, part, {**given, "invite": data.draw(st.sampled_from(known["invites"]))})
        response = send(server, case)
        TALLY[f"{method} {path}", response.status_code] += 1
        assert response.status_code < 500, response.text
        assert response.status_code in allowed, (response.status_code, response.text)
        case.validate_response(response, checks=CHECKS)

    with caplog.at_level(logging.WARNING):
        check()
    assert not [record for record in caplog.records if record.levelno >= logging.ERROR]


def send(server: Server, case):
    """The case through the server's test client (the lifespan already running).
    Each case alone: a case that happens to sign up or log in must not leave
    the shared client logged in, or every later change it sends (the other
    tests here) would be refused for want of the session's CSRF token."""
    request = case.as_transport_kwargs(base_url="http://testserver")
    body = {"json": request["json"]} if "json" in request else {"content": request.get("data")}
    try:
        return server.client.request(request["method"], request["url"], params=request.get("params") or None,
                                     headers=request.get("headers"), cookies=request.get("cookies") or None,
                                     **body)
    finally:
        server.client.cookies.clear()


def test_a_fuzzed_sign_up_leaves_the_shared_client_logged_out(api):
    """What made the options test below fail now and then: the fuzzer hit on
    a valid sign-up, and the shared client's next table was refused (403)."""
    server, _ = api
    case = SCHEMA["/api/accounts"]["POST"].Case(body={"name": "sharedclient", "password": "long enough"})
    signed_up = send(server, case)
    assert signed_up.status_code == 201, signed_up.text
    created = server.client.post("/api/tables", json={"game": "dizzle", "seats": [{"kind": "open"}]})
    assert created.status_code == 201, created.text


@pytest.mark.parametrize("invite", ["\u00e9", "\x80", "\U0001f3b2"])
def test_a_non_ascii_invite_is_refused_not_a_crash(api, invite):
    """Found by this fuzz: ``secrets.compare_digest`` raised TypeError (a 500)."""
    server, known = api
    private = known["ids"][1]
    response = server.client.get(f"/api/tables/{private}", params={"invite": invite})
    assert response.status_code == 403 and response.json()["detail"]
    join = server.client.post(f"/api/tables/{private}/join",
                              json={"seat": 0, "nickname": "x", "invite": invite})
    assert join.status_code == 403


# --- options: the one part the description leaves open ------------------------

#: values of every JSON kind, and the awkward ones: huge, tiny, negative, deep, long
awkward = st.recursive(
    st.none() | st.booleans() | st.integers() | st.integers(min_value=-10**30, max_value=10**30)
    | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=30)
    | st.sampled_from([0, 1, -1, 2**31, 2**63, 10**19, 10**309, 1e308, -1e308, 5e-324, "", "1", "1e309",
                       "nan", "inf", "easy", "true"]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12)


def option_names(server: Server, game: str) -> list[str]:
    games = {entry["name"]: entry for entry in server.client.get("/api/games").json()}
    return [option["name"] for option in games[game]["options"]] + ["players", "sheet", "board", "seed"]


@pytest.mark.fuzz
@pytest.mark.parametrize("game", sorted(game_names()))
def test_fuzzed_options_are_refused_with_a_documented_status(api, caplog, game):
    """``options`` is any object in the description: its names and values come
    from the game. Every option, any value: a table (201) or a 400 naming it,
    and the same options as a layout query: 200 or 400."""
    server, _ = api
    names = option_names(server, game)
    create_allowed = documented("POST", "/api/tables") - {429}
    layout_allowed = documented("GET", "/api/layout/{game}")

    @settings(fuzzing, max_examples=OPTION_CASES)
    @given(options=st.dictionaries(st.sampled_from(names) | st.text(max_size=10), awkward, max_size=4),
           seats=st.integers(min_value=1, max_value=6))
    def check(options, seats) -> None:
        body = {"game": game, "options": options, "seats": [{"kind": "open"}] * seats}
        response = server.client.post("/api/tables", json=body)
        TALLY[f"POST /api/tables options of {game}", response.status_code] += 1
        assert response.status_code in create_allowed, (response.status_code, response.text)
        assert response.json()["detail"] if response.status_code != 201 else response.json()["id"]
        query = {name: value if isinstance(value, str) else str(value) for name, value in options.items()}
        layout = server.client.get(f"/api/layout/{game}", params=query)
        TALLY[f"GET /api/layout options of {game}", layout.status_code] += 1
        assert layout.status_code in layout_allowed, (layout.status_code, layout.text)

    with caplog.at_level(logging.WARNING):
        check()
    assert not [record for record in caplog.records if record.levelno >= logging.ERROR]


def test_the_description_documents_the_error_statuses():
    """Every route names its error statuses, each with the ``{"detail"}`` body."""
    for method, path in OPERATIONS:
        statuses = documented(method, path)
        assert 413 in statuses and statuses & {200, 201, 204}, (method, path)
        assert statuses - {200, 201, 204, 413} or path == "/api/games", (method, path)
    assert documented("POST", "/api/tables") >= {400, 422, 429, 503}
    assert documented("POST", "/api/tables/{table_id}/join") >= {403, 404, 409, 503}
    assert documented("GET", "/api/words/{lang}") >= {404}
    problem = DESCRIPTION["components"]["schemas"]["Problem"]
    assert problem["required"] == ["detail"] and problem["properties"]["detail"]["type"] == "string"


def teardown_module() -> None:
    if TALLY:
        print("\nrequests per operation and status:")
        for (operation, status), count in sorted(TALLY.items()):
            print(f"  {operation}: {status} x {count}")
        print(f"  total: {sum(TALLY.values())}")
