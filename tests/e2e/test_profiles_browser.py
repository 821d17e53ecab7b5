"""Profiles, friends, blocks and chat reports as two players with accounts
meet them in the browser: a rated game between them shows on both profile
pages (the game, the rating change, the rating graph), each adds the other
as a friend from the profile page; a chat line of the other account is
reported (once: a second report is refused in words) and its sender blocked,
which hides the lines at once and, after a reload, the server leaves them
out. No such player is told so."""

from __future__ import annotations

import json
from concurrent.futures import ThreadPoolExecutor

import pytest
from playwright.sync_api import Page, expect
from ui import create_table, register, seated, start, take_seat
from wsplay import play_seat

pytestmark = pytest.mark.e2e


def token_of(page: Page, table_id: str) -> str:
    """The seat token the page keeps for the table (docs/web.md)."""
    held = json.loads(page.evaluate(f"localStorage.getItem('dicehall.seat.{table_id}')") or "null")
    assert held and held.get("token"), f"no seat token kept for table {table_id}"
    return held["token"]


def two_at_a_table(page: Page, other: Page, rated: bool) -> str:
    """``page``'s account creates a Razzle-Dazzle table for two (one piece to
    the goal), ``other``'s account takes the second seat, the game starts."""
    table_id = create_table(page, "razzle", bot=None, options={"goal": "1"}, rated=rated)
    seated(page)
    other.goto(f"/table.html?id={table_id}")
    take_seat(other, None, 1)
    start(page)
    other.wait_for_selector("#status:not([data-state=lobby])")
    return table_id


def open_profile(page: Page, name: str) -> None:
    page.goto(f"/profile.html?name={name}")
    page.wait_for_selector("body[data-ready=true]")


def test_a_rated_game_between_two_accounts_shows_on_both_profiles_and_they_become_friends(
        page: Page, contexts, base_url, shoot) -> None:
    register(page, "Pia")
    other = contexts().new_page()
    register(other, "Olle")
    table_id = two_at_a_table(page, other, rated=True)
    tokens = [token_of(page, table_id), token_of(other, table_id)]
    with ThreadPoolExecutor(2) as pool:                          # the moves themselves: test_games.py
        played = [pool.submit(play_seat, base_url, "razzle", table_id, token) for token in tokens]
        for future in played:
            future.result(timeout=600)
    for each in (page, other):
        expect(each.locator("#game-over")).to_be_visible()
    table = page.request.get(f"/api/tables/{table_id}").json()
    assert table["rated"] is True and [seat["account"] for seat in table["seats"]] == [True, True]

    for each, name, seat in ((page, "Pia", 0), (other, "Olle", 1)):
        open_profile(each, name)
        expect(each.get_by_test_id("profile-name")).to_have_text(name)
        expect(each.get_by_test_id("profile-online")).to_have_attribute("data-online", "true")
        expect(each.get_by_test_id("profile-actions")).to_be_hidden()        # one's own profile
        expect(each.get_by_test_id("profile-played")).to_have_text("1")
        row = each.locator(f"#profile-game-rows tr[data-table='{table_id}']")
        expect(row).to_be_visible()
        expect(row.locator("td.game")).to_contain_text("Razzle-Dazzle")
        expect(row.get_by_test_id("game-players")).to_have_text("Pia, Olle")
        known = each.request.get(f"/api/profiles/{name}").json()
        change = known["games"][0]["rating"]
        assert known["games"][0]["seat"] == seat and change is not None
        rating = row.get_by_test_id("game-rating")
        expect(rating).to_be_visible()
        assert float(rating.get_attribute("data-after")) == change["after"]
        delta = round(change["after"]) - round(change["before"])
        expect(rating).to_contain_text(f"{round(change['after'])} ({'+' if delta >= 0 else '−'}{abs(delta)})")
        won = known["games"][0]["won"]
        expect(row.get_by_test_id("game-result")).to_have_text("Won" if won else "Not won")
        expect(row.get_by_test_id("game-replay")).to_have_attribute("href", f"replay.html?id={table_id}")
        card = each.locator(f"[data-testid=rating-card][data-game=razzle][data-variant='{table['variant']}']")
        expect(card.get_by_test_id("rating-value")).to_have_text(str(round(change["after"])))
        expect(card.get_by_test_id("rating-counts")).to_have_text(f"1 played · {int(won)} won")
        graph = card.get_by_test_id("rating-graph")
        expect(graph).to_have_attribute("data-points", "2")                  # before and after the game
        expect(graph.locator("polyline")).to_have_count(1)
        variant = card.locator(".variant").inner_text()
        expect(graph.locator("title").first).to_have_text(
            f"Rating of {name} in Razzle-Dazzle · {variant}, game by game")
        expect(each.get_by_test_id("records-link")).to_have_attribute("href", f"/api/profiles/{name}/records")
        records = each.request.get(f"/api/profiles/{name}/records")
        assert records.ok and records.headers["content-type"] == "application/zip"
        assert records.body()[:2] == b"PK"                                 # a zip of the records

    open_profile(page, "Olle")                                   # Pia befriends Olle on his page
    friend = page.get_by_test_id("friend-toggle")
    expect(friend).to_have_text("Add friend")
    friend.click()
    expect(page.get_by_test_id("profile-notice")).to_have_text("Olle is now your friend.")
    expect(friend).to_have_text("Remove friend")
    expect(friend).to_have_attribute("aria-pressed", "true")
    expect(page.get_by_test_id("block-toggle")).to_have_text("Block")
    page.mouse.move(0, 0)
    shoot(page.locator("body"), "profile")
    page.reload()                                                # GET /api/friends: still a friend
    page.wait_for_selector("body[data-ready=true]")
    expect(friend).to_have_text("Remove friend")
    assert [entry["name"] for entry in page.request.get("/api/friends").json()] == ["Olle"]

    open_profile(other, "Pia")                                   # and Olle befriends Pia
    other.get_by_test_id("friend-toggle").click()
    expect(other.get_by_test_id("profile-notice")).to_have_text("Pia is now your friend.")
    assert [entry["name"] for entry in other.request.get("/api/friends").json()] == ["Pia"]
    other.get_by_test_id("friend-toggle").click()                # removing works as well
    expect(other.get_by_test_id("profile-notice")).to_have_text("Pia is no longer your friend.")
    expect(other.get_by_test_id("friend-toggle")).to_have_text("Add friend")
    assert other.request.get("/api/friends").json() == []

    page.set_viewport_size({"width": 390, "height": 844})       # a phone: no sideways scrolling
    expect(page.get_by_test_id("rating-graph")).to_be_visible()
    wide = page.evaluate("""() => [...document.querySelectorAll('body *')]
        .filter((node) => node.getBoundingClientRect().right > window.innerWidth + 0.5)
        .map((node) => `${node.tagName}#${node.id}.${node.className?.baseVal ?? node.className}`
            + ` ${Math.round(node.getBoundingClientRect().right)}`)""")
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"), wide

    open_profile(page, "Nobody")
    expect(page.get_by_test_id("profile-missing")).to_have_text("There is no player named “Nobody”.")
    expect(page.get_by_test_id("profile")).to_be_hidden()


def test_a_chat_line_of_another_account_is_reported_and_its_sender_blocked(
        page: Page, contexts, shoot) -> None:
    register(page, "Rhea")
    other = contexts().new_page()
    register(other, "Bodil")
    two_at_a_table(page, other, rated=False)
    other.fill("#chat-input", "hello from Bodil")
    other.click("#chat-send")
    page.fill("#chat-input", "hi Bodil")
    page.click("#chat-send")
    theirs = page.locator("#chat-lines li[data-name='Bodil']")
    expect(theirs).to_have_attribute("data-account", "true")
    expect(theirs.locator("a.who")).to_have_attribute("href", "profile.html?name=Bodil")
    mine = page.locator("#chat-lines li[data-name='Rhea']")
    expect(mine).to_be_visible()
    expect(mine.get_by_test_id("chat-report")).to_have_count(0)      # not on one's own lines
    expect(other.locator("#chat-lines li[data-name='Rhea'] [data-testid=chat-report]")).to_be_visible()

    theirs.get_by_test_id("chat-report").click()                # the reason asked in a small form
    reason = theirs.get_by_test_id("report-reason")
    expect(reason).to_be_focused()
    theirs.get_by_test_id("report-send").click()
    status = theirs.get_by_test_id("report-status")
    expect(status).to_have_text("Say in a few words why you report this line.")
    reason.fill("rude words")
    expect(status).to_have_text("")                              # typing clears the request
    page.mouse.move(0, 0)
    shoot(page.get_by_test_id("chat"), "chat-report")
    theirs.get_by_test_id("report-send").click()
    expect(theirs.get_by_test_id("report-done")).to_have_text("Reported, thank you.")
    expect(theirs.get_by_test_id("report-form")).to_have_count(0)

    page.reload()                                                # each line once: a second report is refused
    page.wait_for_selector("#connection[data-state=open]")
    expect(theirs.get_by_test_id("chat-report")).to_be_visible()
    theirs.get_by_test_id("chat-report").click()
    theirs.get_by_test_id("report-reason").fill("again")
    theirs.get_by_test_id("report-send").click()
    expect(theirs.get_by_test_id("report-done")).to_have_text("You have reported this line already.")

    theirs.get_by_test_id("chat-block").click()                  # blocked: the lines go at once
    expect(theirs).to_be_hidden()
    note = page.get_by_test_id("blocked-note")
    expect(note).to_contain_text("You blocked Bodil: their lines are hidden (1).")
    expect(note.get_by_test_id("chat-unblock")).to_be_visible()
    assert page.request.get("/api/blocks").json() == ["Bodil"]
    other.fill("#chat-input", "are you there?")                  # a new line of Bodil's is hidden too
    other.click("#chat-send")
    expect(other.locator("#chat-lines li[data-name='Bodil']")).to_have_count(2)
    page.fill("#chat-input", "after the block")
    page.click("#chat-send")
    expect(page.locator("#chat-lines li[data-name='Rhea']")).to_have_count(2)
    expect(page.locator("#chat-lines li[data-name='Bodil']:visible")).to_have_count(0)

    page.reload()                                                # the next connection: left out
    page.wait_for_selector("#connection[data-state=open]")
    expect(page.locator("#chat-lines li[data-name='Rhea']")).to_have_count(2)
    expect(page.locator("#chat-lines li[data-name='Bodil']")).to_have_count(0)
    expect(other.locator("#chat-lines li[data-name='Bodil']")).to_have_count(2)   # Bodil is not told
