"""Accounts as a player meets them in the browser: registering shows the
recovery code once, logging out and in again, a wrong password and a taken
name refused in words, recovering with the code, changing the password; a rated table against a bot
played to the end puts the account on the leaderboard of the game's variant;
a guest cannot tick Rated (and is told why), cannot sit at a rated table, and
is marked as a guest in the seat lists, the lobby and the players panel."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import Page, expect
from ui import PASSWORD, create_table, lobby, log_in, log_out, register, seated, start, take_seat
from wsplay import play_seat

pytestmark = pytest.mark.e2e


def test_register_log_out_and_in_again_a_wrong_password_and_the_recovery_code(page: Page, shoot) -> None:
    lobby(page)
    expect(page.locator("#account")).to_have_attribute("data-state", "guest")
    expect(page.locator("#nickname")).to_be_visible()
    page.click("#show-register")
    expect(page.locator("#show-register")).to_have_attribute("aria-expanded", "true")
    page.fill("#register-name", "Ada")
    page.fill("#register-password", PASSWORD)
    page.click("#register-submit")
    recovery = page.get_by_test_id("recovery")
    expect(recovery).to_be_visible()
    expect(recovery).to_contain_text("shown only this once")
    code = page.inner_text("#recovery-code").strip()
    assert len(code) >= 8, code
    expect(page.locator("#account-name")).to_have_text("Ada")
    expect(page.locator("#nickname")).to_be_hidden()          # the account's name replaces it
    shoot(page.get_by_test_id("account"), "accounts-lobby")
    page.click("#recovery-done")
    expect(recovery).to_be_hidden()

    page.reload()                                               # the session cookie keeps the login
    page.wait_for_selector("body[data-ready=true]")
    expect(page.locator("#account-name")).to_have_text("Ada")
    log_out(page)
    expect(page.get_by_test_id("account-notice")).to_have_text("You are logged out.")

    log_in(page, "Ada", "not-the-password")
    error = page.locator("#account-messages p.error")
    expect(error).to_have_attribute("data-code", "bad-login")
    expect(error.locator(".error-text")).to_have_text("Wrong user name or password.")
    expect(page.locator("#account")).to_have_attribute("data-state", "guest")
    log_in(page, "Ada")
    expect(page.locator("#account-name")).to_have_text("Ada")
    expect(page.get_by_test_id("account-messages")).to_be_hidden()

    log_out(page)                                               # a name taken, in other letters
    page.click("#show-register")
    page.fill("#register-name", "ADA")
    page.fill("#register-password", PASSWORD)
    page.click("#register-submit")
    expect(page.locator("#account-messages p.error")).to_have_attribute("data-code", "name-taken")
    expect(page.locator("#account-messages")).to_contain_text("taken")

    page.click("#show-recover")                                 # a forgotten password: the code sets one
    page.fill("#recover-name", "Ada")
    page.fill("#recover-code", code)
    page.fill("#recover-password", "a-new-password-1")
    page.click("#recover-submit")
    expect(recovery).to_be_visible()
    expect(page.locator("#recovery-code")).not_to_have_text(code)
    expect(page.locator("#account-name")).to_have_text("Ada")
    page.click("#recovery-done")
    page.click("#logout-everywhere")
    expect(page.locator("#guest-area")).to_be_visible()
    log_in(page, "Ada", "a-new-password-1")
    expect(page.locator("#account-name")).to_have_text("Ada")

    page.click("#show-password")                                # a password change: the old one first
    page.fill("#old-password", "not-the-password")
    page.fill("#new-password", PASSWORD)
    page.click("#password-submit")
    expect(page.locator("#account-messages p.error")).to_have_attribute("data-code", "bad-password")
    page.fill("#old-password", "a-new-password-1")
    page.fill("#new-password", PASSWORD)
    page.click("#password-submit")
    expect(page.get_by_test_id("account-notice")).to_have_text("The password is changed.")
    expect(page.get_by_test_id("account-messages")).to_be_hidden()
    log_out(page)
    log_in(page, "Ada")
    expect(page.locator("#account-name")).to_have_text("Ada")


def test_a_rated_game_against_a_bot_puts_the_account_on_its_leaderboard(page: Page, base_url) -> None:
    register(page, "Rita")
    rated = page.locator("#rated")
    page.select_option("#game", "razzle")
    page.select_option("#players", "2")
    expect(rated).to_be_enabled()
    page.select_option("#game", "dizzle")
    page.select_option("#players", "1")                         # solo is not rated
    expect(rated).to_be_disabled()
    expect(page.get_by_test_id("rated-help")).to_contain_text("Solo games are not rated")

    table_id = create_table(page, "razzle", options={"goal": "1"}, rated=True)
    seated(page)
    expect(page.get_by_test_id("rated-note")).to_be_visible()
    expect(page.locator("#waiting-name")).to_have_text("Rita")
    expect(page.locator("#seat-list li[data-seat='0'] [data-testid=guest-badge]")).to_have_count(0)
    start(page)
    page.wait_for_selector("#status[data-version]:not([data-version=''])")
    expect(page.locator("#table-rated [data-testid=rated-mark]")).to_be_visible()
    expect(page.get_by_test_id("hint-box")).to_be_hidden()      # no hints at a rated table
    held = json.loads(page.evaluate(f"localStorage.getItem('dicehall.seat.{table_id}')"))
    play_seat(base_url, "razzle", table_id, held["token"])      # the moves themselves: test_games.py
    expect(page.locator("#game-over")).to_be_visible()
    change = page.locator("#rating-changes li[data-seat='0']")
    expect(change).to_be_visible()
    after = float(change.get_attribute("data-after"))

    table = page.request.get(f"/api/tables/{table_id}").json()
    assert table["rated"] is True and table["seats"][0]["account"] is True
    variant = table["variant"]
    page.goto("/")
    page.wait_for_selector("body[data-ready=true]")
    page.select_option("#leaderboard-game", "razzle")
    page.select_option("#leaderboard-variant", variant)
    row = page.locator(f"#leaderboard-table[data-variant='{variant}'] tr[data-player='Rita']")
    expect(row.locator("td.games")).to_have_text("1")
    expect(row.locator("td.rating")).to_have_text(str(round(after)))
    expect(row).to_have_class("me")


def test_a_guest_cannot_tick_rated_nor_sit_at_a_rated_table_and_wears_the_guest_badge(
        page: Page, contexts, shoot) -> None:
    member = contexts().new_page()
    register(member, "Mira")
    rated_id = create_table(member, "razzle", bot=None, rated=True)
    seated(member)

    lobby(page)                                                  # the guest
    expect(page.locator("#rated")).to_be_disabled()
    expect(page.get_by_test_id("rated-help")).to_contain_text("Log in or register")
    expect(page.locator(f"#tables li[data-table='{rated_id}'] button[data-join='1']")).to_be_disabled()
    page.goto(f"/table.html?id={rated_id}")
    note = page.get_by_test_id("rated-note")
    expect(note).to_have_attribute("data-state", "refused")
    expect(note).to_contain_text("only players with an account")
    expect(page.locator("#seat-list button[data-join='1']")).to_be_disabled()
    expect(page.locator("#nickname")).to_be_hidden()
    refused = page.request.post(f"/api/tables/{rated_id}/join", data={"seat": 1, "nickname": "Gus"})
    assert (refused.status, refused.json()["code"]) == (403, "account-needed")

    guest_id = create_table(page, "razzle", bot=None)            # an unrated table: guest and account
    take_seat(page, "Gus")
    expect(page.locator("#seat-list li[data-seat='0'] [data-testid=guest-badge]")).to_have_text("guest")
    lobby(member)
    listed = member.locator(f"#tables li[data-table='{guest_id}']")
    expect(listed.locator("[data-testid=guest-badge]")).to_have_count(1)
    expect(member.locator(f"#tables li[data-table='{rated_id}'] [data-testid=rated-mark]")).to_be_visible()
    listed.locator("button[data-join='1']").click()              # sits under the account's name
    member.wait_for_url(f"**/table.html?id={guest_id}*")
    seated(member, 1)
    start(member)
    page.wait_for_selector("#status:not([data-state=lobby])")
    players = page.get_by_test_id("scores")
    expect(players.locator("li[data-seat='0'] [data-testid=guest-badge]")).to_be_visible()
    expect(players.locator("li[data-seat='1'] .name")).to_have_text("Mira")
    expect(players.locator("li[data-seat='1'] [data-testid=guest-badge]")).to_have_count(0)
    page.mouse.move(0, 0)
    shoot(page.locator(".players-panel"), "accounts-table")
