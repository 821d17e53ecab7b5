"""Driving the browser client through the hooks of docs/web.md: registering,
logging in and out in the lobby's account area, creating a table in the
lobby, taking a seat in the waiting room, playing a game to its end with a
game-specific mover, reading the final scores."""

from __future__ import annotations

import re
import time
from collections.abc import Callable

from playwright.sync_api import Page, Route, TimeoutError, expect

from dicehall.engine.record import GameRecord

#: the most moves a test game may take before it counts as stuck
MOVE_LIMIT = 400
#: the viewer's own sheet
MINE = "#sheets figure.mine"
#: a Noch mal cross: colour die, number die, boxes
NOCHMAL_CROSS = re.compile(r"^([a-z])([1-6?]) (.+)$")
#: seconds between two moves of the page, to stay within the server's rate limit
#: (a pace for the server, not a wait for the page: those wait on conditions)
PACE = 0.21


def answered_twice(route: Route) -> None:
    """A ``page.route`` handler: the request reaches the server twice and the
    page gets the second answer, as when a browser resends a request whose
    connection closed before the first answer came."""
    route.fetch()
    route.fulfill(response=route.fetch())


#: a password the account tests use (the server wants at least 8 characters)
PASSWORD = "dice-are-fair-7"


def page_errors(page: Page) -> list[str]:
    """The uncaught script errors of ``page`` from now on (a list that grows)."""
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    return errors


def lobby(page: Page) -> None:
    """Open the lobby and wait until its form is built and it knows who is logged in."""
    page.goto("/")
    page.wait_for_selector("body[data-ready=true]")


def register(page: Page, name: str, password: str = PASSWORD) -> str:
    """Register in the lobby's account area; the recovery code it shows once
    (dismissed), the page then logged in."""
    lobby(page)
    page.click("#show-register")
    page.fill("#register-name", name)
    page.fill("#register-password", password)
    page.click("#register-submit")
    expect(page.locator("#recovery")).to_be_visible()
    code = page.inner_text("#recovery-code").strip()
    assert code, "no recovery code shown"
    expect(page.locator("#account-name")).to_have_text(name)
    page.click("#recovery-done")
    expect(page.locator("#recovery")).to_be_hidden()
    return code


def log_in(page: Page, name: str, password: str = PASSWORD) -> None:
    """Log in from the lobby's account area (the lobby already open, logged out)."""
    expect(page.locator("#guest-area")).to_be_visible()
    if page.is_hidden("#login-form"):
        page.click("#show-login")
    page.fill("#login-name", name)
    page.fill("#login-password", password)
    page.click("#login-submit")


def log_out(page: Page) -> None:
    page.click("#logout")
    expect(page.locator("#guest-area")).to_be_visible()


def create_table(page: Page, game: str, bot: str | None = "easy",
                 options: dict[str, str] | None = None, rated: bool = False,
                 turn: int | None = None, takeover: bool = False, public: bool = True) -> str:
    """Create a 2-player table in the lobby (seat 0 open, seat 1 a bot of that
    level, or open without one; game options chosen by name; rated or not;
    ``turn``: turn-based with that limit in seconds, a bot taking over after
    two missed turns or not; public or private) and open it; the table's id.
    A logged-in creator sits in seat 0 at once."""
    lobby(page)
    page.wait_for_selector(f"#game option[value={game}]", state="attached")
    page.select_option("#game", game)
    page.select_option("#players", "2")
    for name, value in (options or {}).items():
        page.select_option(f"#options [data-option={name}]", value)
    page.select_option("#seat-specs li[data-seat='0'] .seat-kind", "open")
    if bot:
        page.select_option("#seat-specs li[data-seat='1'] .seat-kind", "bot")
        page.select_option("#seat-specs li[data-seat='1'] .seat-level", bot)
    if rated:
        page.check("#rated")
    if turn is not None:
        page.select_option("#timer-kind", "turn")
        page.select_option("#turn-limit", str(turn))
        page.set_checked("#turn-takeover", takeover)
    page.set_checked("#public", public)
    page.click("#create")
    page.wait_for_url("**/table.html?*")
    return page.evaluate("new URLSearchParams(location.search).get('id')")


def take_seat(page: Page, nickname: str | None, seat: int = 0) -> None:
    """Take a seat in the waiting room with a nickname (``None``: logged in,
    under the account's name)."""
    page.wait_for_selector("#connection[data-state=open]")
    if nickname is not None:
        page.fill("#nickname", nickname)
    page.click(f"#seat-list button[data-join='{seat}']")
    seated(page, seat)


def seated(page: Page, seat: int = 0) -> None:
    """Wait until the waiting room shows the page's player in ``seat``."""
    page.wait_for_selector(f"#seat-list li[data-seat='{seat}'][data-kind=human] .you")


def start(page: Page) -> None:
    page.click("#start:enabled")
    page.wait_for_selector("#status:not([data-state=lobby])")
    page.wait_for_selector("#connection[data-state=open]")


def snapshot(page: Page) -> dict:
    """The status's state and version, and whether the controls are shown, read at once."""
    return page.evaluate("""() => {
        const status = document.querySelector('#status');
        return {state: status.dataset.state, version: status.dataset.version,
                controls: !document.querySelector('#controls').hidden};
    }""")


def wait_for_change(page: Page, since: str) -> None:
    """Wait for a newer state or the end, or fail with the error the client shows."""
    try:
        page.wait_for_function(
            """since => {
                const status = document.querySelector('#status');
                return status.dataset.version !== since || status.dataset.state === 'over'
                    || !document.querySelector('#messages').hidden;
            }""", arg=since)
    except TimeoutError:
        raise AssertionError(f"no new state after version {since}: {describe(page)}") from None
    assert page.is_hidden("#messages"), page.inner_text("#messages")


def play_to_end(page: Page, mover: Callable[[Page, int], None]) -> int:
    """Let ``mover`` make each of the seat's moves until the game is over; the
    number of moves made. Moves are at least ``PACE`` seconds apart: the server
    refuses a connection's messages beyond 5 a second (after a burst of 10)."""
    moves = 0
    sent = -PACE
    while (now := snapshot(page))["state"] != "over":
        assert moves < MOVE_LIMIT, "the game did not end"
        if now["state"] == "your-turn" and now["controls"]:
            page.wait_for_timeout(max(0.0, sent + PACE - time.monotonic()) * 1000)
            sent = time.monotonic()
            mover(page, moves)
            moves += 1
        wait_for_change(page, now["version"])
    page.wait_for_selector("#game-over:not([hidden])")
    return moves


def describe(page: Page) -> str:
    """What the table page shows now, for a failure message: status, socket,
    choice, legal actions, the shown error and the log's last lines."""
    return page.evaluate("""() => {
        const q = (s) => document.querySelector(s);
        const status = q('#status');
        const buttons = document.querySelectorAll('#actions [data-notation]');
        const actions = [...buttons].map(b => b.dataset.notation);
        const log = [...document.querySelectorAll('#log li')].slice(-4).map(li => li.textContent);
        const messages = q('#messages');
        const error = messages && !messages.hidden ? messages.innerText : 'none';
        return `${location.pathname}${location.search}: status ${status?.dataset.state} `
            + `v${status?.dataset.version} (${status?.textContent}), socket `
            + `${q('#connection')?.dataset.state}, choice ${q('#preview-text')?.dataset.state}, `
            + `actions ${actions.join(', ')}, error ${error}, `
            + `log ${log.join(' | ')}`;
    }""")


def wait_for_preview_or_change(page: Page, since: str) -> bool:
    """After a click that should preview a move: wait until it is previewed
    (True) or the state moved on without it (False: a move timer ran out, as
    it may on a slow machine), or fail saying what the page shows."""
    try:
        page.wait_for_function(
            """since => document.querySelector('#preview-text').dataset.state === 'preview'
                || document.querySelector('#status').dataset.version !== since""", arg=since)
    except TimeoutError:
        raise AssertionError(f"the click previewed nothing: {describe(page)}") from None
    return page.get_attribute("#preview-text", "data-state") == "preview" and \
        page.get_attribute("#status", "data-version") == since


def legal(page: Page) -> list[dict[str, str]]:
    """The legal actions as the accessible list shows them: notation and kind."""
    return page.eval_on_selector_all(
        "#actions button[data-notation]",
        "buttons => buttons.map(b => ({notation: b.dataset.notation, kind: b.dataset.kind}))")


def play_by_keyboard(page: Page, notation: str) -> None:
    """Type the notation into the filter and press Enter (it plays the first match)."""
    page.fill("#action-filter", notation)
    first = page.get_attribute("#actions button[data-notation]", "data-notation")
    assert first == notation, f"filtering for {notation!r} lists {first!r} first"
    page.press("#action-filter", "Enter")


def confirm(page: Page) -> None:
    """Send the move waiting for Confirm: a click previews a move, only
    ``#confirm`` sends it (docs/web.md, "Confirm and undo")."""
    page.click("#confirm:enabled")


def click_choice(page: Page, notation: str) -> None:
    """Pick an action of ``#choices``, see it pressed, confirm it."""
    preview_and_confirm(page, f"#choices button[data-notation='{notation}']")


def click_field(page: Page, selector: str) -> None:
    """Click a field (a selector under the viewer's sheet), see it previewed, confirm it."""
    preview_and_confirm(page, f"{MINE} {selector}")


def preview_and_confirm(page: Page, selector: str) -> None:
    """Click what previews a move, then Confirm; if the state moved on
    meanwhile (the move timer), leave the new decision to the next move."""
    since = snapshot(page)["version"]
    page.click(selector)
    if wait_for_preview_or_change(page, since):
        confirm(page)


def final_scores(page: Page) -> dict[int, int]:
    """The final scores by seat, as ``#final-scores`` shows them."""
    rows = page.eval_on_selector_all(
        "#final-scores li[data-seat]",
        "rows => rows.map(r => [Number(r.dataset.seat), r.querySelector('.score').textContent])")
    return {seat: int(score) for seat, score in rows}


def downloaded_record(page: Page, table_id: str) -> GameRecord:
    """Download the record by its link on the game-over panel."""
    href = page.get_attribute("#record-link", "href")
    assert href.split("?")[0] == f"/api/tables/{table_id}/record"
    with page.expect_download() as download:
        page.click("#record-link")
    return GameRecord.load(download.value.path())
