"""A half-made choice survives another player's move: at Noch mal's
simultaneous first rolls, the other seat's choice is a new state, and the
dice and boxes picked so far must stay picked (they used to be cleared)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect
from ui import (
    MINE,
    NOCHMAL_CROSS,
    create_table,
    legal,
    play_by_keyboard,
    snapshot,
    start,
    take_seat,
    wait_for_change,
)

pytestmark = pytest.mark.e2e


@pytest.fixture
def second_page(contexts):
    """A second player, with a browser profile of their own."""
    return contexts().new_page()


def test_another_players_move_keeps_the_picked_dice_and_boxes(page: Page, second_page: Page) -> None:
    create_table(page, "nochmal", bot=None)
    take_seat(page, "first")
    second_page.goto(page.input_value("#invite-link"))
    take_seat(second_page, "second", seat=1)
    start(page)
    for player in (page, second_page):
        player.wait_for_selector("#status[data-state=your-turn]")
    crosses = [a["notation"] for a in legal(page) if a["kind"] == "cross"]
    notation = max(crosses, key=lambda n: len(n.split()))
    colour, number, boxes = NOCHMAL_CROSS.match(notation).groups()
    first, *rest = boxes.split()
    for die in (f"c{colour}", f"n{number}"):
        page.click(f"#dice button[data-die='{die}']")
        expect(page.locator(f"#dice button[data-die='{die}']").first).to_have_attribute("aria-pressed",
                                                                                        "true")
    page.click(f"{MINE} g[data-box='{first}'].target")
    expect(page.locator(f"{MINE} g[data-box='{first}'].picked")).to_be_visible()

    since = snapshot(page)["version"]
    play_by_keyboard(second_page, legal(second_page)[0]["notation"])
    wait_for_change(page, since)

    for die in (f"c{colour}", f"n{number}"):
        expect(page.locator(f"#dice button[data-die='{die}']").first).to_have_attribute("aria-pressed",
                                                                                        "true")
    expect(page.locator(f"{MINE} g[data-box='{first}'].picked")).to_be_visible()
    for box in rest:
        page.click(f"{MINE} g[data-box='{box}'].target")
        expect(page.locator(f"{MINE} g[data-box='{box}'].picked")).to_be_visible()
    since = snapshot(page)["version"]
    page.click("#confirm:enabled")
    wait_for_change(page, since)
    expect(page.locator(f"{MINE} g[data-box='{first}']")).to_have_attribute(
        "data-state", re.compile("pending|crossed"))
