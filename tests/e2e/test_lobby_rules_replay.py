"""The lobby (translated options, defaults, seats, the timer, translated
errors), the rules pages (every game in every language with its symbols) and
the replay page (moves, autoplay, the log beside the sheets, the highlighted
fields, the chat and the summary) in headless Chromium."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from playwright.sync_api import Page, Route
from ui import answered_twice
from wsplay import finished_game

import dicehall.web

pytestmark = pytest.mark.e2e

STATIC = Path(dicehall.web.__file__).parent / "static"
LANGUAGES = ["en", "de", "sv", "zh"]
GAMES = ["dizzle", "nochmal", "razzle"]
WIDE = {"viewport": {"width": 1400, "height": 900}}


def catalog(lang: str) -> dict[str, str]:
    return json.loads((STATIC / "i18n" / f"{lang}.json").read_text(encoding="utf-8"))


def rules(game: str) -> dict:
    return json.loads((STATIC / "rules" / f"{game}.json").read_text(encoding="utf-8"))


def in_language(page: Page, lang: str) -> None:
    """Every page of this context opens in ``lang``."""
    page.context.add_init_script(f"localStorage.setItem('dicehall.lang', '{lang}')")


def open_lobby(page: Page) -> None:
    page.goto("/")
    page.wait_for_selector("body[data-ready=true]")


def label_of(page: Page, option: str) -> str:
    return page.inner_text(f"#options [data-option-field={option}] label")


# --- the lobby ---------------------------------------------------------------------------
def test_the_lobby_explains_its_options_in_german(page: Page) -> None:
    german = catalog("de")
    in_language(page, "de")
    open_lobby(page)
    page.select_option("#game", "dizzle")
    assert label_of(page, "level") == german["option.dizzle.level"]
    level = page.eval_on_selector("#options [data-option=level]", "s => s.selectedOptions[0].textContent")
    assert level == german["option.default"].replace("{value}", german["option.dizzle.level.1"])
    assert page.inner_text("#option-level-help") == german["option.dizzle.level.1.help"]
    page.select_option("#options [data-option=level]", "7")
    assert page.inner_text("#option-level-help") == german["option.dizzle.level.7.help"]
    assert page.inner_text("#game-help") == german["lobby.about.dizzle"]

    page.select_option("#game", "nochmal")
    assert label_of(page, "edition") == german["option.nochmal.edition"]
    editions = page.eval_on_selector_all("#options [data-option=edition] option",
                                         "os => os.map(o => o.textContent)")
    assert editions == [german["option.default"].replace("{value}", german["option.nochmal.edition.so-gut"]),
                        german["option.nochmal.edition.classic"]]

    page.select_option("#game", "razzle")
    labels = page.eval_on_selector_all("#options [data-option-field] > label",
                                       "ls => ls.map(l => l.textContent)")
    assert labels == [german["option.razzle.pieces"], german["option.razzle.goal"]]
    assert "move_time" not in page.inner_text("#create-form")
    assert page.input_value("#options [data-option=pieces]") == "4"
    assert page.input_value("#options [data-option=goal]") == "3"
    page.select_option("#options [data-option=pieces]", "2")
    goals = page.eval_on_selector_all("#options [data-option=goal] option", "os => os.map(o => o.value)")
    assert goals == ["1", "2"] and page.input_value("#options [data-option=goal]") == "1"


def test_the_lobby_defaults_two_players_and_shows_bot_levels_only_for_bots(page: Page) -> None:
    open_lobby(page)
    for game in GAMES:
        page.select_option("#game", game)
        assert page.input_value("#players") == "2", game
        assert page.eval_on_selector_all("#seat-specs li", "rows => rows.length") == 2
        for seat in ("0", "1"):
            row = f"#seat-specs li[data-seat='{seat}']"
            assert page.input_value(f"{row} .seat-kind") == "open"
            assert page.is_hidden(f"{row} .seat-level")
    page.select_option("#seat-specs li[data-seat='1'] .seat-kind", "bot")
    assert page.is_visible("#seat-specs li[data-seat='1'] .seat-level")
    assert page.is_hidden("#seat-specs li[data-seat='0'] .seat-level")
    page.select_option("#seat-specs li[data-seat='1'] .seat-kind", "open")
    assert page.is_hidden("#seat-specs li[data-seat='1'] .seat-level")


def test_one_timer_per_game_with_its_true_default(page: Page) -> None:
    english = catalog("en")
    open_lobby(page)
    page.select_option("#game", "razzle")
    assert page.input_value("#timer-kind") == "move"
    assert page.input_value("#timer-seconds") == "20"
    assert "20" in page.inner_text("#timer-help") and "20" in page.inner_text("#timer-default")
    assert page.eval_on_selector_all("#timer-kind", "selects => selects.length") == 1
    for game in ("dizzle", "nochmal"):
        page.select_option("#game", game)
        assert page.input_value("#timer-kind") == "none", game
        assert page.is_hidden("#timer-seconds")
        assert page.inner_text("#timer-help") == english["lobby.timer.help_none"]
    page.select_option("#game", "razzle")
    page.select_option("#seat-specs li[data-seat='1'] .seat-kind", "bot")
    page.click("#create")
    page.wait_for_url("**/table.html?*")
    table_id = page.evaluate("new URLSearchParams(location.search).get('id')")
    table = page.request.get(f"/api/tables/{table_id}").json()
    assert table["timer"] == {"kind": "move", "seconds": 20}
    link = page.wait_for_selector("#rules-link:not([hidden])")
    assert link.get_attribute("href") == "rules.html?game=razzle"


def test_a_create_and_join_that_reach_the_server_twice_make_one_table_and_seat(page: Page) -> None:
    """The lobby's create and join are each sent twice and the first answer lost
    (what a browser does when a connection closes before the answer): one
    table, and the page holds its seat with a token that works."""
    bodies = []

    def twice(route: Route) -> None:
        bodies.append(route.request.post_data_json)
        answered_twice(route)
    page.route("**/api/tables/*/join", twice)
    open_lobby(page)
    before = {table["id"] for table in page.request.get("/api/tables").json()}
    page.route("**/api/tables", lambda route: answered_twice(route) if route.request.method == "POST"
               else route.continue_())
    page.fill("#nickname", "Anna")
    page.select_option("#game", "dizzle")
    page.select_option("#seat-specs li[data-seat='1'] .seat-kind", "bot")
    page.click("#create")
    page.wait_for_url("**/table.html?*")
    table_id = page.evaluate("new URLSearchParams(location.search).get('id')")
    assert len(bodies) == 1 and len(bodies[0]["key"]) == 24
    made = {table["id"] for table in page.request.get("/api/tables").json()} - before
    assert made == {table_id}
    seats = page.request.get(f"/api/tables/{table_id}").json()["seats"]
    assert [(s["kind"], s["nickname"]) for s in seats] == [("human", "Anna"), ("bot", None)]
    page.click("#start:enabled")
    page.wait_for_selector("#status:not([data-state=lobby])")


def test_a_server_error_is_translated_and_shows_the_reason(page: Page) -> None:
    german = catalog("de")
    in_language(page, "de")
    open_lobby(page)
    page.select_option("#game", "dizzle")
    for seat in ("0", "1"):
        page.select_option(f"#seat-specs li[data-seat='{seat}'] .seat-kind", "bot")
    page.click("#create")
    error = page.wait_for_selector("#messages:not([hidden]) p.error")
    assert error.get_attribute("data-code") == "open-seat-needed"
    assert page.inner_text("#messages .error-text") == german["error.http.open-seat-needed"]
    assert "open seat" in page.inner_text("#messages .error-reason")


# --- the rules pages -----------------------------------------------------------------------
@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", GAMES)
def test_the_rules_of_each_game_have_their_symbols(page: Page, game: str, lang: str) -> None:
    data = rules(game)
    words = data[lang]
    in_language(page, lang)
    page.goto(f"/rules.html?game={game}")
    page.wait_for_selector("#legend[data-ready=true]")
    assert words["title"] in page.inner_text("#rules-title")
    titles = page.eval_on_selector_all("#rules-sections section h2", "hs => hs.map(h => h.textContent)")
    assert titles == [words["sections"][name]["title"] for name in data["sections"]]
    items = page.eval_on_selector_all("#legend-list li[data-symbol]", """items => items.map(li => ({
        id: li.dataset.symbol, name: li.querySelector('.symbol-name').textContent,
        drawn: Boolean(li.querySelector('svg.symbol-drawing, .chip.symbol-drawing')),
        box: li.querySelector('.symbol-drawing').getBoundingClientRect().width}))""")
    assert [item["id"] for item in items] == data["legend"]
    assert [item["name"] for item in items] == [words["legend"][name]["name"] for name in data["legend"]]
    assert all(item["drawn"] and item["box"] > 0 for item in items), items
    cropped = page.eval_on_selector_all("#legend-list svg.board.symbol-drawing",
                                        "ss => ss.map(s => s.dataset.cropped)")
    assert cropped and all(value == "true" for value in cropped)


def test_the_lobby_links_to_the_rules_of_each_game(page: Page) -> None:
    open_lobby(page)
    links = page.eval_on_selector_all("#game-list li[data-game] a.rules-link",
                                      "as => as.map(a => a.getAttribute('href'))")
    assert links == [f"rules.html?game={game}" for game in GAMES]
    page.select_option("#game", "nochmal")
    assert page.get_attribute("#rules-link", "href") == "rules.html?game=nochmal"


# --- the replay page ---------------------------------------------------------------------------
def piece_fields(page: Page) -> list[str]:
    return page.eval_on_selector_all("#sheets g.field[data-piece]",
                                     "gs => gs.map(g => `${g.dataset.piece}@${g.dataset.field}`)")


def expected_pieces(replay: dict, step: int) -> list[str]:
    layout = replay["layout"]
    view = replay["steps"][step]["view"]
    return sorted(f"{seat}@{(layout['seats'][seat]['entry'] + progress - 1) % layout['track_length']}"
                  for seat, player in enumerate(view["players"]) for progress in player["progress"]
                  if 0 < progress < layout["goal_progress"])


def at_step(page: Page, step: int) -> None:
    page.wait_for_function("step => document.body.dataset.step === String(step)", arg=step)


@pytest.fixture(scope="module")
def razzle_game(base_url: str) -> tuple[str, str]:
    """A finished Razzle-Dazzle game (2 pieces, 1 to win) with a chat line of markup."""
    return finished_game(base_url, "razzle", {"pieces": 2, "goal": 1}, chat=("<b>good luck</b>",))


@pytest.mark.parametrize("context", [WIDE], indirect=True)
def test_a_razzle_replay_steps_by_moves_and_shows_the_pieces_of_each_step(page: Page, razzle_game) -> None:
    table_id, invite = razzle_game
    replay = page.request.get(f"/api/tables/{table_id}/replay?invite={invite}").json()
    page.goto(f"/replay.html?id={table_id}&invite={invite}")
    page.wait_for_selector("body[data-ready=true]")
    moves = replay["moves"]
    at_step(page, moves[0]["steps"][1])

    # the pieces shown are those of the step, and they differ from step to step
    seen = set()
    for step in sorted({len(replay["steps"]) * k // 5 for k in range(5)} | {len(replay["steps"]) - 1}):
        page.fill("#step-slider", str(step))
        at_step(page, step)
        shown = sorted(piece_fields(page))
        assert shown == expected_pieces(replay, step), step
        seen.add(tuple(shown))
    assert len(seen) > 1, "every step shows the same pieces"

    # by moves: → goes to the end of the next move, ← to the end of the one
    # before, Shift+← one step back
    page.keyboard.press("Home")
    at_step(page, 0)
    page.keyboard.press("End")
    at_step(page, len(replay["steps"]) - 1)
    k = next(k for k, move in enumerate(moves) if k > 0 and move["steps"][1] > move["steps"][0])
    page.fill("#step-slider", str(moves[k - 1]["steps"][1]))
    at_step(page, moves[k - 1]["steps"][1])
    page.evaluate("() => document.activeElement.blur()")
    page.keyboard.press("ArrowRight")
    at_step(page, moves[k]["steps"][1])
    page.keyboard.press("Shift+ArrowLeft")
    at_step(page, moves[k]["steps"][1] - 1)
    page.keyboard.press("ArrowLeft")
    at_step(page, moves[k - 1]["steps"][1])

    # the log is beside the sheets, lists every step, marks the current move
    log = page.locator("#replay-log").bounding_box()
    sheets = page.locator("#sheets").bounding_box()
    assert log["x"] >= sheets["x"] + sheets["width"] - 1 and log["y"] < sheets["y"] + sheets["height"]
    assert sheets["width"] > 700, "the ring is drawn at full size"
    assert page.eval_on_selector_all("#replay-log li.move", "ms => ms.length") == len(moves)
    assert page.get_attribute("#replay-log li.move.current", "data-move") == str(k - 1)
    entries = page.eval_on_selector_all("#replay-log li.entry", "es => es.map(e => e.textContent)")
    assert len(entries) >= len(replay["steps"]) and all(entries)
    chat = page.inner_text("#replay-log li.chat")
    assert "<b>good luck</b>" in chat and page.query_selector("#replay-log li.chat b") is None

    # clicking an entry goes to its step; the fields of a move are highlighted
    marked = next(m for m, move in enumerate(moves) if any(
        event["marks"] for s in range(move["steps"][0], move["steps"][1] + 1)
        for event in replay["steps"][s]["events"]))
    step = moves[marked]["steps"][1]
    page.click(f"#replay-log li.entry[data-step='{step}'] button")
    at_step(page, step)
    assert page.get_attribute("#replay-log li.move.current", "data-move") == str(marked)
    names = {name for s in range(moves[marked]["steps"][0], step + 1)
             for event in replay["steps"][s]["events"] for _, name in event["marks"]}
    lit = set(page.eval_on_selector_all("#sheets g.last", "gs => gs.map(g => g.dataset.name)"))
    assert lit == names

    # autoplay advances on its own, and stops with a click; Space plays and pauses
    page.select_option("#speed", "250")
    page.evaluate("() => document.activeElement.blur()")
    page.keyboard.press("Home")
    at_step(page, 0)
    page.click("#autoplay")
    page.wait_for_function("() => Number(document.body.dataset.move) >= 2")
    page.click("#autoplay")
    assert page.get_attribute("#autoplay", "aria-pressed") == "false"
    page.evaluate("() => document.activeElement.blur()")
    now = int(page.evaluate("document.body.dataset.move"))
    page.keyboard.press(" ")
    page.wait_for_selector("#autoplay[aria-pressed=true]")
    page.wait_for_function("move => Number(document.body.dataset.move) > move", arg=now)
    page.keyboard.press(" ")
    page.wait_for_selector("#autoplay[aria-pressed=false]")

    # the summary at the last step
    page.keyboard.press("End")
    at_step(page, len(replay["steps"]) - 1)
    page.wait_for_selector("#replay-summary:not([hidden])")
    assert page.eval_on_selector_all("#replay-breakdown tbody tr", "rows => rows.length") == 2
    assert page.inner_text("#replay-winners")


PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2, "is_mobile": True,
         "has_touch": True}


def no_sideways_scroll(page: Page, where: str) -> None:
    root = "document.documentElement"
    overflow = page.evaluate(f"() => {root}.scrollWidth - {root}.clientWidth")
    assert overflow <= 0, f"{where} scrolls sideways by {overflow} px"


@pytest.mark.parametrize("context", [PHONE], indirect=True)
def test_the_lobby_rules_and_replay_fit_a_phone(page: Page, razzle_game) -> None:
    open_lobby(page)
    no_sideways_scroll(page, "the lobby")
    for game in GAMES:
        page.goto(f"/rules.html?game={game}")
        page.wait_for_selector("#legend[data-ready=true]")
        no_sideways_scroll(page, f"the rules of {game}")
    table_id, invite = razzle_game
    page.goto(f"/replay.html?id={table_id}&invite={invite}")
    page.wait_for_selector("body[data-ready=true]")
    no_sideways_scroll(page, "the replay")
    ring = page.locator("#sheets svg.board").bounding_box()
    assert ring["x"] >= 0 and ring["x"] + ring["width"] <= 390 and ring["width"] > 300, ring
