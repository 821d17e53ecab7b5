"""A turn-based game between two friends in two browsers, over two sittings
with a server restart between them: adding a friend in the lobby, a
turn-based rated private table invited to in one click from the waiting
room, the invitation joined from the lobby (its invite code); moves played
in the browser; a closed page keeps its seat (no bot takes over); after the
restart each player, logged in again in a fresh browser, finds the table in
"Your games" with "Your turn" when it is (and the count in the tab title)
and plays on without a stored seat token; an invitation dismissed."""

from __future__ import annotations

import time

import pytest
from playwright.sync_api import Page, expect
from ui import (
    PACE,
    create_table,
    legal,
    lobby,
    log_in,
    page_errors,
    play_by_keyboard,
    register,
    seated,
    snapshot,
    start,
    wait_for_change,
)

pytestmark = pytest.mark.e2e

DAY = 86400
#: a wide window: the lobby in two columns, the table with its side panel
WIDE = {"width": 1200, "height": 900}


def my_turn(page: Page) -> bool:
    """Wait until the table page says whose turn it is; whether it is the page's."""
    page.wait_for_selector("#status[data-state=your-turn], #status[data-state=waiting]")
    return snapshot(page)["state"] == "your-turn"


def play_my_turn(page: Page) -> int:
    """Play the page's moves (the first legal action, by the keyboard) until
    it is someone else's turn; the number of moves made."""
    moves, sent = 0, -PACE
    while (now := snapshot(page))["state"] == "your-turn" or now["state"] == "rolling":
        assert moves < 20, "the turn did not pass"
        if now["state"] == "your-turn" and now["controls"]:
            page.wait_for_timeout(max(0.0, sent + PACE - time.monotonic()) * 1000)
            sent = time.monotonic()
            play_by_keyboard(page, legal(page)[0]["notation"])
            moves += 1
        wait_for_change(page, now["version"])
    return moves


def table_row(page: Page, table_id: str):
    return page.locator(f"#my-tables li[data-table='{table_id}']")


# Records whether "Your games" was ever shown saying "no table" (the guest's
# empty list) while the server had not yet answered for the account.
SAW_NO_TABLES = """
window.sawNoTables = false;
new MutationObserver(() => {
  const card = document.getElementById("my-games"), none = document.getElementById("no-my-tables");
  if (card && none && !card.hidden && !none.hidden) window.sawNoTables = true;
}).observe(document, { subtree: true, attributes: true, attributeFilter: ["hidden"], childList: true });
"""


def test_friends_play_a_turn_based_game_over_two_sittings(contexts, restartable_server, shoot) -> None:
    server = restartable_server
    watched: list[list[str]] = []

    def new_page(**options) -> Page:
        """A page in a browser of its own (no cookie, no stored seat), its errors watched."""
        page = contexts(base_url=server.url, viewport=WIDE, **options).new_page()
        watched.append(page_errors(page))
        return page

    alf, bea = new_page(), new_page()
    register(bea, "Bea")
    register(alf, "Alf")

    # --- Alf adds Bea as a friend; twice is refused in words
    expect(alf.get_by_test_id("my-games")).to_be_visible()
    expect(alf.get_by_test_id("no-my-tables")).to_be_visible()
    alf.fill("#friend-name", "Bea")
    alf.click("#friend-add")
    friend = alf.locator("#friend-list li[data-friend='Bea']")
    expect(friend).to_have_attribute("data-online", "true")
    expect(friend.locator("a.profile-link")).to_have_attribute("href", "profile.html?name=Bea")
    expect(alf.get_by_test_id("friends-notice")).to_contain_text("Bea")
    alf.fill("#friend-name", "bea")
    alf.click("#friend-add")
    expect(alf.locator("#friends-messages p.error")).to_have_attribute("data-code", "friend-already")

    # --- a private, rated, turn-based table; Bea invited in one click
    table_id = create_table(alf, "razzle", bot=None, rated=True, turn=DAY, takeover=True, public=False)
    seated(alf)
    expect(alf.locator("#table-rated [data-testid=turn-based-mark]")).to_have_text("turn-based · 1 day")
    expect(alf.get_by_test_id("turn-note")).to_contain_text("up to 1 day")
    invite = alf.locator("#friend-invites button[data-invite='Bea']")
    invite.click()
    expect(alf.get_by_test_id("invite-status")).to_have_text("Invitation sent to Bea.")
    expect(invite).to_be_disabled()
    expect(invite).to_have_text("Invited ✓")

    lobby(bea)                                                  # Bea comes to the lobby
    invitation = bea.locator(f"#invitations li[data-table='{table_id}']")
    expect(invitation).to_have_text("Alf invites you to Razzle-Dazzle (rated)JoinDismiss")
    invitation.locator("button[data-accept]").click()
    bea.wait_for_url(f"**/table.html?id={table_id}&invite=*")
    seated(bea, 1)
    start(alf)

    # --- the first sitting: a move or two each, in the browser
    first = alf if my_turn(alf) else bea
    if first is alf:
        play_my_turn(alf)
    assert my_turn(bea)
    assert play_my_turn(bea) > 0
    assert my_turn(alf)
    assert play_my_turn(alf) > 0
    assert my_turn(bea)
    version = snapshot(bea)["version"]
    bea.context.close()                                         # Bea goes away on her turn
    seat = alf.locator("#scores li[data-seat='1']")
    expect(seat).to_have_attribute("data-presence", "offline")
    expect(seat).to_have_attribute("data-turn", "true")
    alf.context.close()

    # --- the server restarts (far longer than the 1 s a real-time seat would be kept)
    server.stop()
    server.start()

    alf = new_page()
    lobby(alf)
    log_in(alf, "Alf")
    row = table_row(alf, table_id)
    expect(row).to_have_attribute("data-your-turn", "false")
    expect(row.locator(".turn-state")).to_have_text("Waiting for Bea")
    expect(row.locator("[data-testid=turn-based-mark]")).to_be_visible()
    expect(alf).to_have_title("Dicehall")
    other = create_table(alf, "dizzle", bot=None, turn=3 * DAY)  # a second table, Bea invited again
    seated(alf)
    alf.click("#friend-invites button[data-invite='Bea']")
    expect(alf.get_by_test_id("invite-status")).to_have_text("Invitation sent to Bea.")

    bea = new_page(permissions=["notifications"])
    bea.add_init_script(SAW_NO_TABLES)
    lobby(bea)
    log_in(bea, "Bea")
    row = table_row(bea, table_id)
    expect(row).to_have_attribute("data-your-turn", "true")   # no bot played her turn
    assert bea.evaluate("window.sawNoTables") is False, "her card said 'no table' before her tables came"
    # her tables are listed above the box now, so the list arriving cannot move it under the click
    expect(bea.get_by_test_id("turn-notify")).not_to_be_checked()  # opt-in, remembered once ticked
    bea.check("#turn-notify")
    bea.wait_for_function("localStorage.getItem('dicehall.notify.turns') === 'on'")
    expect(row.get_by_test_id("your-turn")).to_have_text("Your turn")
    expect(row.locator(".deadline")).to_contain_text("hours")
    expect(row.locator(".opponents")).to_have_text("with Alf")
    expect(bea).to_have_title("(1) Dicehall")
    expect(bea.locator(f"#invitations li[data-table='{other}']")).to_be_visible()
    bea.fill("#friend-name", "Alf")
    bea.click("#friend-add")
    expect(bea.locator("#friend-list li[data-friend='Alf']")).to_have_attribute("data-online", "true")
    bea.add_style_tag(content=".lobby-column > .card:not(#my-games):not(#friends) { display: none; }")
    shoot(bea.locator(".lobby-column").first, "lobby-your-games")
    bea.locator(f"#invitations li[data-table='{other}'] button[data-dismiss]").click()
    expect(bea.get_by_test_id("invitations-box")).to_be_hidden()

    state = bea.request.get(f"/api/tables/{table_id}", params={"invite": row_invite(bea, table_id)}).json()
    assert state["version"] == int(version) and state["seats"][1]["away"] is False
    assert state["timer"] == {"kind": "turn", "seconds": DAY, "takeover": True}

    # --- the second sitting: Bea opens the table from "Your games", no seat token stored
    row.locator("a.open-table").click()
    bea.wait_for_url(f"**/table.html?id={table_id}*")
    assert bea.evaluate(f"localStorage.getItem('dicehall.seat.{table_id}')") is None
    assert my_turn(bea)
    expect(bea.locator("#scores li[data-seat='1']")).to_have_attribute("data-me", "true")
    alf_link = bea.locator("#scores li[data-seat='0'] a.profile-link")
    expect(alf_link).to_have_attribute("href", "profile.html?name=Alf")
    bea.mouse.move(0, 0)
    bea.set_viewport_size({"width": 1000, "height": 1000})    # the whole page in view: a small picture
    shoot(bea.locator("body"), "turn-based-table")
    assert play_my_turn(bea) > 0

    lobby(alf)                                                  # Alf's turn again, told by the lobby
    expect(table_row(alf, table_id)).to_have_attribute("data-your-turn", "true")
    expect(alf).to_have_title("(1) Dicehall")
    table_row(alf, table_id).locator("a.open-table").click()
    assert my_turn(alf)
    errors = [error for found in watched for error in found]
    assert not errors, f"uncaught errors in the pages: {errors}"


def row_invite(page: Page, table_id: str) -> str:
    """The invite code of a table in "Your games" (its link carries it)."""
    href = table_row(page, table_id).locator("a.open-table").get_attribute("href")
    return href.split("invite=", 1)[1]
