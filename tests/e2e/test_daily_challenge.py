"""The daily challenge as a player meets it: the lobby's card with each game's
challenge of the day and the score to beat, one click to play it, no hints
at its table, and at the end the place on the day's leaderboard; a second
try with the same nickname is refused in words."""

from __future__ import annotations

import json
import re

from playwright.sync_api import Page, expect
from wsplay import play_seat


def test_a_player_plays_the_daily_challenge_and_lands_on_its_leaderboard(page: Page, base_url, shoot) -> None:
    page.goto("/")
    page.fill("#nickname", "Daisy")
    games = page.get_by_test_id("daily-game")
    expect(games).to_have_count(2)
    nochmal = page.locator(".daily-game[data-game='nochmal']")
    expect(nochmal.locator("h3")).to_contain_text("Noch mal")
    expect(nochmal.get_by_test_id("daily-empty")).to_be_visible()
    nochmal.get_by_test_id("daily-play").click()
    page.wait_for_url("**/table.html?*")
    table_id = re.search(r"id=([^&]+)", page.url).group(1)
    page.wait_for_selector("#status[data-version]:not([data-version=''])")
    expect(page.get_by_test_id("hint-box")).to_be_hidden()            # no hints in the challenge
    held = json.loads(page.evaluate(f"localStorage.getItem('dicehall.seat.{table_id}')"))
    play_seat(base_url, "nochmal", table_id, held["token"])        # the rest of the game, quickly
    result = page.get_by_test_id("daily-result")
    place = re.compile(r"place \d+ of \d+ with \d+ points")
    bot = re.compile(r"Score to beat: greedy scored \d+")
    expect(result.get_by_test_id("daily-place")).to_contain_text(place)
    expect(result.get_by_test_id("daily-bot")).to_contain_text(bot)
    expect(page.get_by_test_id("rematch")).to_be_hidden()             # once a day
    expect(result.get_by_test_id("daily-review")).to_have_attribute("href", re.compile(r"replay\.html\?id="))
    shoot(page.get_by_test_id("game-over"), "table-daily")
    page.goto("/")
    row = page.locator(".daily-game[data-game='nochmal'] [data-testid='daily-row'][data-player='Daisy']")
    expect(row).to_be_visible()
    expect(page.locator(".daily-game[data-game='nochmal']").get_by_test_id("daily-bot")).to_contain_text("greedy")
    shoot(page.get_by_test_id("daily"), "lobby-daily")
    page.fill("#nickname", "daisy")
    page.locator(".daily-game[data-game='nochmal']").get_by_test_id("daily-play").click()
    expect(page.get_by_test_id("messages")).to_contain_text("already")
    assert page.url.endswith("/")
