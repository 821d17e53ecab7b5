"""The daily challenge as a player meets it: the lobby's card with each game's
challenge of the day and the score to beat, one click to play it (even if
the click's request reaches the server twice), no hints
at its table, and at the end the place on the day's leaderboard; a second
try with the same nickname is refused in words. Logged in, the game is the
account's: marked verified at its end and on the lobby's leaderboard (the
name a link to the profile) beside a guest's, and "Accounts only" shows the
accounts' entries alone."""

from __future__ import annotations

import json
import re
from datetime import date

from playwright.sync_api import Page, expect
from ui import answered_twice, log_out, register
from wsplay import play_seat, post

from dicehall.bots.daily import played_by
from dicehall.engine.daily import challenge


def test_a_player_plays_the_daily_challenge_and_lands_on_its_leaderboard(page: Page, base_url, shoot) -> None:
    page.goto("/")
    page.fill("#nickname", "Daisy")
    games = page.get_by_test_id("daily-game")
    expect(games).to_have_count(2)
    nochmal = page.locator(".daily-game[data-game='nochmal']")
    expect(nochmal.locator("h3")).to_contain_text("Noch mal")
    expect(nochmal.get_by_test_id("daily-empty")).to_be_visible()
    page.route("**/api/daily/*/play", answered_twice)          # the first answer lost
    nochmal.get_by_test_id("daily-play").click()
    page.wait_for_url("**/table.html?*")
    table_id = re.search(r"id=([^&]+)", page.url).group(1)
    page.wait_for_selector("#status[data-version]:not([data-version=''])")
    expect(page.get_by_test_id("hint-box")).to_be_hidden()            # no hints in the challenge
    held = json.loads(page.evaluate(f"localStorage.getItem('dicehall.seat.{table_id}')"))
    play_seat(base_url, "nochmal", table_id, held["token"])        # the rest of the game, quickly
    result = page.get_by_test_id("daily-result")
    place = re.compile(r"place \d+ of \d+ with -?\d+ points")
    bot = re.compile(r"Score to beat: greedy scored -?\d+")
    expect(result.get_by_test_id("daily-place")).to_contain_text(place)
    expect(result.get_by_test_id("daily-bot")).to_contain_text(bot)
    expect(result.get_by_test_id("daily-kind")).to_have_attribute("data-verified", "false")
    expect(result.get_by_test_id("daily-kind")).to_contain_text("Played as a guest")
    expect(page.get_by_test_id("rematch")).to_be_hidden()             # once a day
    expect(result.get_by_test_id("daily-review")).to_have_attribute("href", re.compile(r"replay\.html\?id="))
    page.goto("/")
    row = page.locator(".daily-game[data-game='nochmal'] [data-testid='daily-row'][data-player='Daisy']")
    expect(row).to_be_visible()
    expect(page.locator(".daily-game[data-game='nochmal']").get_by_test_id("daily-bot")).to_contain_text("greedy")
    page.fill("#nickname", "daisy")
    page.locator(".daily-game[data-game='nochmal']").get_by_test_id("daily-play").click()
    expect(page.get_by_test_id("messages")).to_contain_text("already")
    assert page.url.endswith("/")


def test_a_logged_in_players_daily_game_is_verified_beside_a_guests(page: Page, base_url, shoot) -> None:
    day = next(item["day"] for item in json.loads(page.request.get(f"{base_url}/api/daily").body()))
    found = challenge("dizzle", date.fromisoformat(day))
    moves = [entry.notation for entry in played_by(found, "greedy").entries if entry.seat == 0]
    post(f"{base_url}/api/daily/dizzle/scores", {"nickname": "Tom", "day": day, "moves": moves})   # a guest
    register(page, "Dagny")
    dizzle = page.locator(".daily-game[data-game='dizzle']")
    dizzle.get_by_test_id("daily-play").click()
    page.wait_for_url("**/table.html?*")
    table_id = re.search(r"id=([^&]+)", page.url).group(1)
    page.wait_for_selector("#status[data-version]:not([data-version=''])")
    expect(page.locator("#scores [data-seat='0'] a.profile-link")).to_have_text("Dagny")   # the account's
    held = json.loads(page.evaluate(f"localStorage.getItem('dicehall.seat.{table_id}')"))
    play_seat(base_url, "dizzle", table_id, held["token"])
    result = page.get_by_test_id("daily-result")
    place = re.compile(r"place [12] of 2 with -?\d+ points")
    expect(result.get_by_test_id("daily-place")).to_contain_text(place)
    expect(result.get_by_test_id("daily-kind")).to_have_attribute("data-verified", "true")
    expect(result.get_by_test_id("daily-kind")).to_contain_text("Entered under your account: verified")
    shoot(page.get_by_test_id("game-over"), "table-daily")

    page.goto("/")
    dizzle = page.locator(".daily-game[data-game='dizzle']")
    mine = dizzle.locator("[data-testid='daily-row'][data-player='Dagny']")
    guest = dizzle.locator("[data-testid='daily-row'][data-player='Tom']")
    expect(mine).to_have_attribute("data-verified", "true")
    expect(mine.get_by_test_id("daily-verified")).to_be_visible()
    expect(mine.locator("a.profile-link")).to_have_attribute("href", "profile.html?name=Dagny")
    expect(guest).to_have_attribute("data-verified", "false")
    expect(guest.get_by_test_id("daily-verified")).to_have_count(0)
    expect(guest.locator("a")).to_have_count(0)
    expect(dizzle.get_by_test_id("daily-entries")).to_have_text("2 finished today, 1 of them verified")
    shoot(page.get_by_test_id("daily"), "lobby-daily")

    page.get_by_test_id("daily-verified-only").check()             # the accounts' entries alone
    expect(guest).to_have_count(0)
    expect(dizzle.get_by_test_id("daily-row")).to_have_count(1)
    expect(mine.locator(".rank")).to_have_text("1.")
    expect(dizzle.get_by_test_id("daily-entries")).to_have_text("Accounts that finished today: 1")
    nochmal = page.locator(".daily-game[data-game='nochmal']")     # Daisy's game there is a guest's
    expect(nochmal.get_by_test_id("daily-empty")).to_have_text("No account has finished today's challenge "
                                                                "yet.")
    page.get_by_test_id("daily-verified-only").uncheck()
    expect(guest).to_be_visible()

    dizzle.get_by_test_id("daily-play").click()                    # once a day per account
    expect(page.get_by_test_id("messages")).to_contain_text("already")
    mine.locator("a.profile-link").click()
    page.wait_for_url(re.compile(r"/profile\.html\?name=Dagny$"))
    expect(page.locator("#profile-name")).to_have_text("Dagny")

    page.goto("/")                                                  # a guest cannot pass for the account
    page.wait_for_selector("body[data-ready=true]")
    log_out(page)
    page.fill("#nickname", "DAGNY")
    page.locator(".daily-game[data-game='nochmal']").get_by_test_id("daily-play").click()
    expect(page.get_by_test_id("messages")).to_contain_text("looks like")
    assert page.url.endswith("/")
