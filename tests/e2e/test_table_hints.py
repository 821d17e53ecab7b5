"""Hints in solo play, as a player uses them: ask, read the hard bot's choice
in words, play it with one click; the table says hints were used. An unrated
table for two offers them too (a rated one none: test_accounts_browser.py)."""

from __future__ import annotations

from playwright.sync_api import Page, expect
from ui import create_table, snapshot, start, take_seat, wait_for_change


def solo_table(page: Page, game: str) -> None:
    page.goto("/")
    page.wait_for_selector(f"#game option[value={game}]", state="attached")
    page.select_option("#game", game)
    page.select_option("#players", "1")
    page.select_option("#seat-specs li[data-seat='0'] .seat-kind", "open")
    page.click("#create")
    page.wait_for_url("**/table.html?*")
    take_seat(page, "Solo")
    start(page)


def test_a_solo_player_asks_for_a_hint_and_plays_it(page: Page, shoot) -> None:
    solo_table(page, "dizzle")
    box = page.get_by_test_id("hint-box")
    expect(box).to_be_visible()
    expect(page.get_by_test_id("hints-used")).to_be_hidden()
    expect(page.get_by_test_id("hint")).to_be_enabled()
    page.get_by_test_id("hint").click()
    text = page.get_by_test_id("hint-text")
    expect(text).to_contain_text("The hard bot would play:")
    expect(page.get_by_test_id("hints-used")).to_be_visible()
    expect(page.get_by_test_id("hint")).to_be_disabled()           # one hint a decision
    shoot(box, "table-hint")
    before = snapshot(page)["version"]
    page.get_by_test_id("hint-play").click()
    wait_for_change(page, before)
    expect(page.get_by_test_id("hints-used")).to_be_visible()        # for the rest of the game


def test_an_unrated_table_for_two_offers_hints(page: Page) -> None:
    create_table(page, "dizzle")
    take_seat(page, "Duo")
    start(page)
    page.wait_for_selector("#status[data-version]:not([data-version=''])")
    expect(page.get_by_test_id("hint-box")).to_be_visible()
