"""A whole 2-player game of each game through the browser, seat 0 played in
the page (pointer clicks on dice, fields and buttons, and the keyboard action
list) against an easy bot; the final scores the page shows are those of the
record the server gives, replayed by the engine, and the end screen names
the winner and breaks the scores down; a guest's game is not rated. A
finished rated game of an account puts it on the lobby's leaderboard of the
game's variant, with its rating change on the end screen; the Dizzle lava
step shows the lava die. A click on a field or a button is a preview: it is
sent by Confirm (docs/web.md)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect
from ui import (
    MINE,
    NOCHMAL_CROSS,
    click_choice,
    click_field,
    create_table,
    downloaded_record,
    final_scores,
    legal,
    play_by_keyboard,
    play_to_end,
    register,
    seated,
    start,
    take_seat,
)

pytestmark = pytest.mark.e2e

def dizzle_move(page: Page, count: int) -> None:
    """Click a die, then the first highlighted field; every third move, and
    whenever no die fits, the first action by the keyboard."""
    playable = "#dice button.die:not([disabled])"
    if page.query_selector(playable) and count % 3:
        page.click(playable)
        page.wait_for_selector("#dice button.die[aria-pressed=true]")
        click_field(page, "g.target")
    else:
        play_by_keyboard(page, legal(page)[0]["notation"])


def nochmal_move(page: Page, count: int) -> None:
    """The action crossing the most boxes: every other move by clicking its
    dice, its boxes and Confirm, else by the keyboard; a lone `heart` or
    `pass` by its button."""
    action = max(legal(page), key=lambda a: len(a["notation"].split()))
    notation = action["notation"]
    if action["kind"] not in ("cross", "special") or action["notation"] == "heart":
        click_choice(page, notation)
    elif count % 2:
        play_by_keyboard(page, notation)
    else:
        pick_nochmal(page, action)


def pick_nochmal(page: Page, action: dict[str, str]) -> None:
    words = action["notation"].split()
    if action["kind"] == "cross":
        colour, number, _ = NOCHMAL_CROSS.match(action["notation"]).groups()
        dice = [f"c{colour}", f"n{number}"]
    else:  # the special die; a row's bomb item is played without one
        die = f"s{words[0]}"
        dice = [die] if page.query_selector(f"#dice button[data-die='{die}']:enabled") else []
    for die in dice:
        page.click(f"#dice button[data-die='{die}']")
        page.wait_for_selector(f"#dice button[data-die='{die}'][aria-pressed=true]")
    for box in words[1:]:
        page.click(f"{MINE} g[data-box='{box}'].target")
        page.wait_for_selector(f"{MINE} g[data-box='{box}'].picked")
    page.click("#confirm:enabled")


def razzle_move(page: Page, count: int) -> None:
    """Click the first piece, landing field or start area that moves (or on
    every third move enter by the keyboard); else spin by the red button in
    the wheel, else end the turn by its button."""
    kinds = {a["kind"]: a["notation"] for a in legal(page)}
    if "enter" in kinds and count % 3 == 2:
        play_by_keyboard(page, kinds["enter"])
    elif page.query_selector(f"{MINE} g.target"):
        click_field(page, "g.target")
    elif "spin" in kinds:
        click_field(page, "[data-testid=spin]")
    else:
        click_choice(page, kinds["endturn"])


MOVERS = {"dizzle": dizzle_move, "nochmal": nochmal_move, "razzle": razzle_move}


def assert_end_screen(page: Page, nickname: str, rated: bool = False) -> None:
    """The winner named, a breakdown row per seat, the player's rating change
    at a rated table (none at an unrated one)."""
    winners = page.get_attribute("#winners", "data-winners").split()
    names = {"0": nickname, "1": "Bot (easy)"}
    lines = page.inner_text("#winners")
    assert winners and all(names[seat] in lines for seat in winners), (winners, lines)
    expect(page.locator("#breakdown tbody tr")).to_have_count(2)
    if rated:
        change = page.locator("#rating-changes li[data-seat='0']")
        expect(change).to_have_text(re.compile(r"\d+ → \d+ \([+−]\d+\)"))
    else:
        expect(page.locator("#rating-changes")).to_be_hidden()
    expect(page.locator("#rematch")).to_have_attribute("data-action", "offer")


@pytest.mark.parametrize("game", sorted(MOVERS))
def test_a_whole_game_against_a_bot(page: Page, game: str) -> None:
    table_id = create_table(page, game)
    take_seat(page, f"tester-{game}")
    start(page)
    assert play_to_end(page, MOVERS[game]) > 0
    assert_end_screen(page, f"tester-{game}")
    record = downloaded_record(page, table_id)
    replayed = list(record.replay().scores())
    assert final_scores(page) == dict(enumerate(replayed))
    assert record.result["scores"] == replayed
    assert record.seats == [f"human:tester-{game}", "easy"]


def test_a_finished_rated_game_puts_the_account_on_the_leaderboard(page: Page) -> None:
    name = "leader"  # this test's own account
    register(page, name)
    table_id = create_table(page, "razzle", rated=True)
    seated(page)
    start(page)
    play_to_end(page, razzle_move)
    assert_end_screen(page, name, rated=True)
    after = float(page.get_attribute("#rating-changes li[data-seat='0']", "data-after"))
    variant = page.request.get(f"/api/tables/{table_id}").json()["variant"]
    page.goto("/")
    page.wait_for_selector("#leaderboard-game option[value=razzle]", state="attached")
    page.select_option("#leaderboard-game", "razzle")
    page.select_option("#leaderboard-variant", variant)
    row = page.wait_for_selector(f"#leaderboard-table[data-variant='{variant}'] tr[data-player='{name}']")
    rank, shown, rating, games = row.eval_on_selector_all("td", "cells => cells.map(c => c.textContent)")
    ranked = page.eval_on_selector_all("#leaderboard-rows tr", "rows => rows.map(r => r.dataset.player)")
    assert (shown, games, int(rank)) == (name, "1", ranked.index(name) + 1)
    board = page.request.get("/api/leaderboard/razzle", params={"variant": variant}).json()
    entry = next(entry for entry in board if entry["name"] == name)
    assert abs(int(rating) - entry["rating"]) <= 0.5 and entry["rating"] != 1200
    assert abs(after - entry["rating"]) < 1e-6, "the end screen shows the rating the leaderboard has"


def test_the_lava_step_shows_the_lava_die(page: Page) -> None:
    """A level 7 game of Dizzle: at each lava step the dice area shows the lava
    die and its number, every target holds that number, and a click on one
    plays it."""
    create_table(page, "dizzle", options={"level": "7"})
    take_seat(page, "lava")
    start(page)
    layout = page.request.get("/api/layout/dizzle?level=7").json()
    numbers = {field["name"]: field["number"] for field in layout["fields"]}
    steps: list[int] = []

    def move(page: Page, count: int) -> None:
        die = page.query_selector("#dice span.die.lava")
        if die is None:
            dizzle_move(page, count)
            return
        value = int(die.get_attribute("data-die"))
        assert str(value) in page.inner_text("#dice .dice-note")
        targets = page.eval_on_selector_all(f"{MINE} g.target", "fields => fields.map(f => f.dataset.field)")
        assert targets and {numbers[field] for field in targets} == {value}
        assert sorted(targets) == sorted(a["notation"].split()[1] for a in legal(page))
        click_field(page, "g.target")
        steps.append(value)

    play_to_end(page, move)
    assert steps, "no lava step in a whole game"
    assert_end_screen(page, "lava")
