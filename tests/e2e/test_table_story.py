"""The live table tells the story (issue 11), for every game: the log lists
each step in the reader's words (English and German, formatted from the
engine's templates), the last move is highlighted, presence and every
decider's timer show, a timeout is announced, a click is only a preview
until it is confirmed, the end screen names the winner with the breakdown,
the solo rating and the rating change, a rematch takes one click each, and
chat text is text. Tables are made over the HTTP API (the lobby has tests
of its own); moves are typed into the action filter, paced for the server's
rate limit; every wait waits on a condition."""

from __future__ import annotations

import json
import re
import time
from pathlib import Path

import pytest
from playwright.sync_api import Page, TimeoutError, expect
from ui import MINE, PACE, answered_twice, describe, legal, snapshot, wait_for_change

import dicehall.web

pytestmark = pytest.mark.e2e

CATALOGS = Path(dicehall.web.__file__).parent / "static" / "i18n"
OPEN = {"kind": "open"}
EASY = {"kind": "bot", "level": "easy"}
CONFIGS = {
    "dizzle-1": ("dizzle", {"level": 1}),
    "dizzle-7": ("dizzle", {"level": 7}),
    "dizzle-8": ("dizzle", {"level": 8}),
    "nochmal": ("nochmal", {}),
    "nochmal-classic": ("nochmal", {"edition": "classic"}),
    "razzle": ("razzle", {}),
}
PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2, "is_mobile": True,
         "has_touch": True}
MOVE_LIMIT = 400


def catalog(lang: str) -> dict[str, str]:
    return json.loads((CATALOGS / f"{lang}.json").read_text(encoding="utf-8"))


# --- tables over the HTTP API --------------------------------------------------------------
def new_table(page: Page, game: str, seats: list[dict], options: dict | None = None,
              timer: dict | None = None) -> str:
    body = {"game": game, "options": options or {}, "seats": seats}
    if timer:
        body["timer"] = timer
    response = page.request.post("/api/tables", data=body)
    assert response.ok, response.text()
    return response.json()["id"]


def join(page: Page, table_id: str, seat: int, nickname: str) -> dict:
    response = page.request.post(f"/api/tables/{table_id}/join", data={"seat": seat, "nickname": nickname})
    assert response.ok, response.text()
    return response.json()


def sit(page: Page, table_id: str, seat: dict | None, lang: str | None = None) -> None:
    """Open the table page holding a seat (its token where the page keeps it),
    or as a spectator (``seat`` None); ``lang`` chosen beforehand."""
    page.goto("/css/style.css")  # the site's origin, without a page's script
    page.evaluate("""([id, seat, lang]) => {
        if (seat) localStorage.setItem(`dicehall.seat.${id}`, JSON.stringify(seat));
        if (lang) localStorage.setItem('dicehall.lang', lang);
    }""", [table_id, seat, lang])
    page.goto(f"/table.html?id={table_id}")
    page.wait_for_selector("#connection[data-state=open]")


def begin(page: Page, table_id: str, token: str) -> None:
    response = page.request.post(f"/api/tables/{table_id}/start", data={"token": token})
    assert response.ok, response.text()
    page.wait_for_selector("#status:not([data-state=lobby])")


def seated(page: Page, config: str, seats: list[dict] | None = None, timer: dict | None = None,
           lang: str | None = None, nickname: str = "Anna") -> tuple[str, dict]:
    """A started table of a config, seat 0 held by this page; (table id, seat)."""
    game, options = CONFIGS[config]
    table_id = new_table(page, game, seats or [OPEN, EASY], options, timer)
    seat = join(page, table_id, 0, nickname)
    sit(page, table_id, seat, lang)
    begin(page, table_id, seat["token"])
    return table_id, seat


# --- playing by the action filter --------------------------------------------------------------
def choice(actions: list[dict[str, str]]) -> str:
    """A move that makes progress: the Noch mal cross of the most boxes, a
    Dizzle placement, a Razzle-Dazzle move; a pass, end or reroll last."""
    moving = [a for a in actions if a["kind"] not in ("pass", "endturn", "reroll", "spin")] or actions
    return max(moving, key=lambda a: len(a["notation"].split()))["notation"]


def type_move(page: Page) -> None:
    notation = choice(legal(page))
    page.fill("#action-filter", notation)
    assert page.get_attribute("#actions button[data-notation]", "data-notation") == notation
    page.press("#action-filter", "Enter")


def my_turn(page: Page) -> bool:
    """Wait until the seat has a decision (True) or the game is over (False)."""
    page.wait_for_function("""() => {
        const status = document.querySelector('#status').dataset.state;
        return status === 'over' || (status === 'your-turn' && !document.querySelector('#controls').hidden);
    }""")
    return snapshot(page)["state"] != "over"


class Pacer:
    """At most one message each PACE seconds: the server's rate limit (a pace
    for the server; the page itself is always waited for by condition)."""

    def __init__(self) -> None:
        self.sent = 0.0

    def __call__(self) -> None:
        time.sleep(max(0.0, self.sent + PACE - time.monotonic()))
        self.sent = time.monotonic()


def play_to_the_end(page: Page) -> int:
    pace = Pacer()
    moves = 0
    while my_turn(page):
        assert moves < MOVE_LIMIT, "the game did not end"
        since = snapshot(page)["version"]
        pace()
        type_move(page)
        moves += 1
        wait_for_change(page, since)
    expect(page.locator("#game-over")).to_be_visible()
    return moves


# --- the log ------------------------------------------------------------------------------------
def log_entries(page: Page) -> list[dict]:
    return page.eval_on_selector_all("#log li[data-n]", """items => items.map(li => ({
        n: Number(li.dataset.n), step: Number(li.dataset.step), key: li.dataset.key,
        seat: li.dataset.seat === undefined ? null : Number(li.dataset.seat),
        marks: li.dataset.marks ? li.dataset.marks.split(' ') : [],
        params: JSON.parse(li.dataset.params), text: li.textContent}))""")


def last_n(page: Page) -> int:
    entries = page.eval_on_selector_all("#log li[data-n]", "items => items.map(li => Number(li.dataset.n))")
    return max(entries, default=-1)


def names(page: Page) -> dict[int, str]:
    rows = page.eval_on_selector_all("#scores li[data-seat]", """rows => rows.map(
        r => [Number(r.dataset.seat), r.querySelector('.name').textContent])""")
    return dict(rows)


def formatted(template: str, params: dict, seat_names: dict[int, str]) -> str:
    """What js/words.js's format() makes of a template (docs/web.md)."""
    def value(name: str, param) -> str:
        if name in ("player", "other") and isinstance(param, int):
            return seat_names[param]
        if name == "players" and isinstance(param, list):
            return ", ".join(seat_names[seat] for seat in param)
        if isinstance(param, list):
            return ", ".join(str(item) for item in param)
        if isinstance(param, bool):
            return "true" if param else "false"
        return str(param)
    return re.sub(r"\{(\w+)\}", lambda m: value(m[1], params[m[1]]) if m[1] in params else m[0], template)


def assert_log_in_words(page: Page, lang: str) -> list[dict]:
    """Every log line is the engine's template of its key, filled in."""
    words = page.request.get(f"/api/words/{lang}").json()
    seat_names = names(page)
    entries = log_entries(page)
    assert entries
    for entry in entries:
        assert entry["key"] in words, entry
        assert entry["text"] == formatted(words[entry["key"]], entry["params"], seat_names), entry
    return entries


def since_my_step(entries: list[dict], my_step: int, me: int = 0) -> list[dict]:
    """The entries after the reader's own step, and the others' of that step."""
    return [e for e in entries if e["step"] > my_step or (e["step"] == my_step and e["seat"] != me)]


def highlighted(page: Page) -> set[str]:
    return set(page.eval_on_selector_all("#sheets g.last", """fields => fields.map(f => {
        const seat = f.closest('figure').dataset.seat;
        return `${seat}:${f.dataset.name}`;
    })"""))


def play_until_the_bot_has_moved(page: Page, limit: int = 80) -> list[dict]:
    """Make moves until, at the seat's turn, the log has a move of the bot
    (seat 1) with marks since the seat's last move; the entries since."""
    pace = Pacer()
    my_step = None
    for _ in range(limit):
        assert my_turn(page), "the game ended before the bot moved"
        if my_step is not None:
            story = since_my_step(log_entries(page), my_step)
            if any(e["seat"] == 1 and e["marks"] for e in story):
                return story
        before = last_n(page)
        since = snapshot(page)["version"]
        pace()
        type_move(page)
        wait_for_change(page, since)
        # the seat's step: the first new one with an entry of the seat's
        my_step = page.wait_for_function("""before => {
            const own = [...document.querySelectorAll("#log li[data-seat='0']")]
                .find(li => Number(li.dataset.n) > before);
            return own ? Number(own.dataset.step) : null;
        }""", arg=before).json_value()
    raise AssertionError("the bot made no move with marks")


@pytest.mark.parametrize("config", list(CONFIGS))
def test_the_log_tells_the_bots_move_and_the_last_move_is_highlighted(page: Page, config: str) -> None:
    seated(page, config)
    story = play_until_the_bot_has_moved(page)
    entries = assert_log_in_words(page, "en")
    bot = next(e for e in story if e["seat"] == 1 and e["marks"])
    assert "Bot (easy)" in bot["text"] and bot["key"] not in bot["text"]
    assert [e["n"] for e in entries] == sorted({e["n"] for e in entries})
    # every field or box the entries since the seat's last move marked, and no other
    razzle = CONFIGS[config][0] == "razzle"
    wanted = {f"all:{m.split(':')[1]}" if razzle else m for e in story for m in e["marks"]}
    assert highlighted(page) == wanted
    # the log is keyboard reachable, announced, and shows its newest entry
    log = page.locator("#log")
    expect(log).to_have_attribute("tabindex", "0")
    expect(log).to_have_attribute("aria-live", "polite")
    assert page.evaluate("""() => { const log = document.querySelector('#log');
        return log.scrollHeight - log.scrollTop - log.clientHeight < 30; }""")


def test_the_log_in_german(page: Page) -> None:
    seated(page, "razzle", lang="de")
    play_until_the_bot_has_moved(page)
    german, english = catalog("de"), catalog("en")
    expect(page.locator("#status")).to_have_text(german["status.your_turn"])
    entries = assert_log_in_words(page, "de")
    bot = next(e for e in entries if e["seat"] == 1)
    assert "Bot (leicht)" in bot["text"]
    words = page.request.get("/api/words/en").json()
    assert bot["text"] != formatted(words[bot["key"]], bot["params"], {0: "Anna", 1: "Bot (easy)"})
    assert page.inner_text("#log-title") == german["log.title"] != english["log.title"]


# --- presence, timers, timeouts --------------------------------------------------------------------
@pytest.mark.parametrize("game", ["dizzle", "nochmal", "razzle"])
def test_presence_and_a_timer_for_every_decider(page: Page, contexts, game: str) -> None:
    """Ben connects, closes his page (offline), leaves (away: a bot plays for
    him); every deciding seat shows a running timer, not only the reader's."""
    table_id = new_table(page, game, [OPEN, OPEN], timer={"kind": "move", "seconds": 600})
    anna = join(page, table_id, 0, "Anna")
    ben = join(page, table_id, 1, "Ben")
    sit(page, table_id, anna)
    other = contexts()
    sit(other.new_page(), table_id, ben)
    begin(page, table_id, anna["token"])
    row = page.locator("#scores li[data-seat='1']")
    expect(row).to_have_attribute("data-presence", "connected")
    expect(page.locator("#scores li[data-seat='0']")).to_have_attribute("data-presence", "connected")
    deciders = page.locator("#scores li[data-turn=true]")
    expect(deciders.first).to_be_visible()
    if game == "nochmal":
        expect(deciders).to_have_count(2)  # the first rolls: everyone chooses at once
    timers = page.locator("#scores li[data-turn=true] .timer[data-deadline]")
    expect(timers).to_have_count(deciders.count())
    first = timers.first.text_content()
    assert re.fullmatch(r"\d+:\d\d", first), first
    expect(timers.first).not_to_have_text(first)  # it runs
    other.close()
    expect(row).to_have_attribute("data-presence", "offline")
    response = page.request.post(f"/api/tables/{table_id}/leave", data={"token": ben["token"]})
    assert response.ok, response.text()
    expect(row).to_have_attribute("data-presence", "away")
    expect(row.locator(".presence")).to_have_text(catalog("en")["presence.away"].format(name="Ben"))


@pytest.mark.parametrize("game", ["dizzle", "nochmal", "razzle"])
def test_a_timeout_is_announced(page: Page, game: str) -> None:
    config = "dizzle-1" if game == "dizzle" else game
    table_id, anna = seated(page, config, timer={"kind": "move", "seconds": 2})
    assert my_turn(page)
    expect(page.locator("#scores li[data-seat='0'] .timer[data-deadline]")).to_be_visible()
    entry = page.locator("#log li[data-key='common.timeout'][data-seat='0']").first
    expect(entry).to_be_attached()
    words = page.request.get("/api/words/en").json()
    text = formatted(words["common.timeout"], json.loads(entry.get_attribute("data-params")), names(page))
    expect(entry).to_have_text(text)
    notice = page.locator("#notice")
    expect(notice).to_be_visible()
    expect(notice).to_have_attribute("role", "status")
    expect(notice).to_have_text(re.compile("^Anna's time ran out"))
    # no more timeouts once a bot plays the seat: the notice fades out
    page.request.post(f"/api/tables/{table_id}/leave", data={"token": anna["token"]})
    expect(notice).to_be_hidden()


# --- your turn: preview, confirm, undo; the tab title -----------------------------------------
def test_a_dizzle_placement_is_a_preview_until_confirmed(page: Page) -> None:
    seated(page, "dizzle-1")
    assert my_turn(page)
    expect(page).to_have_title(catalog("en")["notify.tab_turn"])
    expect(page.locator("#favicon")).to_have_attribute("data-colour", "#f9a825")
    page.click("#dice button.die:not([disabled])")
    page.wait_for_selector("#dice button.die[aria-pressed=true]")
    name = page.get_attribute(f"{MINE} g.target", "data-name")
    field = page.locator(f"{MINE} g[data-name='{name}']")
    version = snapshot(page)["version"]
    preview = page.locator(f"{MINE} g.preview")

    field.click()
    expect(field).to_have_class(re.compile(r"\bpreview\b"))
    expect(page.locator("#preview-text")).to_have_attribute("data-state", "preview")
    expect(page.locator("#confirm")).to_be_enabled()
    page.keyboard.press("Escape")  # takes it back
    expect(preview).to_have_count(0)
    field.click()
    expect(preview).to_have_count(1)
    field.click()  # the same field again takes it back
    expect(preview).to_have_count(0)
    field.click()
    expect(preview).to_have_count(1)
    page.click("#undo")
    expect(preview).to_have_count(0)
    assert snapshot(page)["version"] == version, "a preview sent nothing"

    field.click()
    page.click("#confirm:enabled")
    wait_for_change(page, version)
    expect(page.locator(f"{MINE} g[data-name='{name}']")).to_have_attribute("data-state", re.compile("dice"))
    # a sound toggle, off by default, and notifications (once allowed) are remembered
    expect(page.locator("#sound")).not_to_be_checked()
    page.check("#sound")
    page.context.grant_permissions(["notifications"])
    page.check("#notify")
    page.reload()
    expect(page.locator("#sound")).to_be_checked()
    expect(page.locator("#notify")).to_be_checked()


def test_a_razzle_move_previews_its_path_and_landing(page: Page) -> None:
    seated(page, "razzle")
    pace = Pacer()
    for _ in range(MOVE_LIMIT):
        assert my_turn(page), "no piece to move in a whole game"
        if page.query_selector(f"{MINE} g.target"):
            break
        since = snapshot(page)["version"]
        pace()
        type_move(page)
        wait_for_change(page, since)
    since = snapshot(page)["version"]
    page.click(f"{MINE} g.target")
    expect(page.locator(f"{MINE} g.field.path").first).to_be_attached()
    expect(page.locator(f"{MINE} [data-testid=ghost]")).to_have_count(1)
    assert snapshot(page)["version"] == since
    pace()
    page.click("#confirm:enabled")
    wait_for_change(page, since)
    expect(page.locator(f"{MINE} g.field.path")).to_have_count(0)


#: records every Web Animation the page starts (what and for how long)
RECORD_ANIMATIONS = """(() => {
    window.animations = [];
    const animate = Element.prototype.animate;
    Element.prototype.animate = function (frames, options) {
        window.animations.push({what: this.getAttribute('class') || this.tagName,
                                duration: options.duration, delay: options.delay || 0});
        return animate.call(this, frames, options);
    };
})()"""


def test_rolls_and_moves_are_animated_briefly_and_not_for_reduced_motion(page: Page) -> None:
    page.add_init_script(RECORD_ANIMATIONS)
    seated(page, "razzle")
    pace = Pacer()
    animated = """() => ['token', 'die'].every(
        what => window.animations.some(a => a.what.split(' ').includes(what)))"""
    for _ in range(MOVE_LIMIT):
        assert my_turn(page), "no piece moved in a whole game"
        if page.evaluate(animated):
            break
        since = snapshot(page)["version"]
        pace()
        type_move(page)
        wait_for_change(page, since)
    animations = page.evaluate("window.animations")
    assert all(0 < a["duration"] <= 600 for a in animations), animations
    page.emulate_media(reduced_motion="reduce")
    for _ in range(4):
        assert my_turn(page)
        since = snapshot(page)["version"]
        pace()
        type_move(page)
        wait_for_change(page, since)
    assert page.evaluate("window.animations.length") == len(animations)


# --- the end of a game ---------------------------------------------------------------------------
def assert_breakdown(page: Page, game: str, seats: int) -> None:
    """A row per seat, the game's own parts (in the engine's words) adding up to each total."""
    words = page.request.get("/api/words/en").json()
    parts = page.eval_on_selector_all("#breakdown thead th[data-part]",
                                      "ths => ths.map(th => [th.dataset.part, th.textContent])")
    assert parts and all(text == words[f"{game}.part.{name}"] for name, text in parts), parts
    rows = page.eval_on_selector_all("#breakdown tbody tr", """rows => rows.map(r => ({
        seat: Number(r.dataset.seat), total: Number(r.querySelector('.total').textContent),
        parts: [...r.querySelectorAll('td[data-part]')].map(td => Number(td.textContent))}))""")
    assert sorted(row["seat"] for row in rows) == list(range(seats))
    scores = page.eval_on_selector_all("#scores li[data-seat]",
                                       "rows => rows.map(r => Number(r.querySelector('.score').textContent))")
    for row in rows:
        assert sum(row["parts"]) == row["total"] == scores[row["seat"]], row


@pytest.mark.parametrize("context", [PHONE], indirect=True)
@pytest.mark.parametrize("config", ["dizzle-1", "dizzle-8", "nochmal-classic"])
def test_a_solo_game_ends_with_the_breakdown_and_the_solo_rating(page: Page, config: str) -> None:
    """On a phone screen: the solo player named, the breakdown, the solo rating band."""
    seated(page, config, seats=[OPEN])
    play_to_the_end(page)
    expect(page.locator("#winners")).to_contain_text("Anna")
    assert_breakdown(page, CONFIGS[config][0], 1)
    expect(page.locator("#solo-rating")).to_be_visible()
    expect(page.locator("#solo-rating")).to_have_text(re.compile(r"^Solo rating: \S"))
    expect(page.locator("#to-lobby")).to_be_visible()
    root = "document.documentElement"
    page.wait_for_function(f"() => {root}.scrollWidth <= {root}.clientWidth", timeout=10_000)


def test_a_rematch_takes_one_click_each_and_keeps_the_seats(page: Page, contexts) -> None:
    """Anna and Ben with a bot; Ben leaves (a bot plays for him), Anna plays to
    the end and offers a rematch; Ben, back at the old table, sees the offer
    and accepts with one click, which reaches the server twice with the first
    answer lost (a browser's resend); the new game starts with the same seats."""
    table_id = new_table(page, "dizzle", [OPEN, OPEN, EASY])
    anna = join(page, table_id, 0, "Anna")
    ben = join(page, table_id, 1, "Ben")
    sit(page, table_id, anna)
    begin(page, table_id, anna["token"])
    assert page.request.post(f"/api/tables/{table_id}/leave", data={"token": ben["token"]}).ok
    play_to_the_end(page)
    expect(page.locator("#winners .explain").first).to_be_visible()
    assert_breakdown(page, "dizzle", 3)
    expect(page.locator("#rematch")).to_have_attribute("data-action", "offer")
    page.click("#rematch")
    new_id = followed_to_the_rematch(page, table_id)

    ben_page = contexts().new_page()
    sit(ben_page, table_id, ben)
    expect(ben_page.locator("#rematch-offer")).to_have_text(
        catalog("en")["over.rematch_offer"].format(names="Anna"))
    expect(ben_page.locator("#rematch")).to_have_attribute("data-action", "accept")
    ben_page.route("**/api/tables/*/rematch", answered_twice)
    ben_page.click("#rematch")
    assert followed_to_the_rematch(ben_page, table_id) == new_id
    for player in (page, ben_page):
        expect(player.locator("#status")).not_to_have_attribute("data-state", "lobby")
        expect(player.locator("#game")).to_be_visible()
    seats = page.request.get(f"/api/tables/{new_id}").json()["seats"]
    assert [(s["kind"], s["nickname"], s["level"]) for s in seats] == [
        ("human", "Anna", None), ("human", "Ben", None), ("bot", None, "easy")]


def followed_to_the_rematch(page: Page, table_id: str) -> str:
    """Wait until the page has gone on to the rematch's table, or fail with
    what it shows and what the server says of the old table; the new id."""
    try:
        page.wait_for_function("""old => {
            const id = new URLSearchParams(location.search).get('id');
            return (id && id !== old && document.readyState === 'complete')
                || !document.querySelector('#messages').hidden;
        }""", arg=table_id)
    except TimeoutError:
        pass
    new_id = page.evaluate("new URLSearchParams(location.search).get('id')")
    if new_id == table_id or page.is_visible("#messages"):
        old = page.request.get(f"/api/tables/{table_id}").json()
        button = page.evaluate("""() => ({action: document.querySelector('#rematch').dataset.action,
            offered: document.querySelector('#rematch-offer').dataset.table})""")
        raise AssertionError(f"not at the rematch: {describe(page)}; its rematch button: {button}; "
                             f"the old table: {old}")
    return new_id


# --- chat -------------------------------------------------------------------------------------
def test_chat_shows_markup_as_text_and_a_player_may_mute_another(page: Page, contexts) -> None:
    dialogs: list[str] = []
    table_id, _ = seated(page, "razzle")
    watcher = contexts().new_page()
    for player in (page, watcher):
        player.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    sit(watcher, table_id, None)
    markup = "<b>bold</b> <img src=x onerror=alert(1)>"
    page.fill("#chat-input", markup)
    page.click("#chat-send")
    for player in (page, watcher):
        line = player.locator("#chat-lines li[data-testid=chat-line]").last
        expect(line.locator(".text")).to_have_text(markup)
        expect(line.locator(".who")).to_have_text("Anna")
        assert player.locator("#chat-lines b, #chat-lines img").count() == 0
    expect(page.locator("#chat-input")).to_have_value("")

    watcher.fill("#chat-input", "hello from the rail")
    watcher.press("#chat-input", "Enter")
    spectator = catalog("en")["chat.spectator"]
    expect(page.locator("#chat-lines li[data-testid=chat-line] .who").last).to_have_text(spectator)

    # the spectator mutes Anna: her lines are hidden, also after a reload
    watcher.click("#chat-lines li[data-testid=chat-line] button[data-mute='Anna']")
    expect(watcher.locator("#chat-lines li[data-testid=chat-line]").first).to_be_hidden()
    watcher.reload()
    expect(watcher.locator("#chat-lines li[data-testid=chat-line]")).to_have_count(2)
    expect(watcher.locator("#chat-lines li[data-testid=chat-line]").first).to_be_hidden()
    expect(watcher.locator("#chat-lines li[data-testid=chat-line]").last).to_be_visible()

    # too many lines at once: refused by the server, the reason translated
    for i in range(8):
        page.fill("#chat-input", f"line {i}")
        page.click("#chat-send")
    expect(page.locator("#chat-error")).to_have_text(catalog("en")["chat.rate"])
    assert dialogs == []
