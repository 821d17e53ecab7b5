"""A half-made choice survives another player's move: at Noch mal's
simultaneous first rolls, the other seat's choice is a new state, and the
dice and boxes picked so far must stay picked (they used to be cleared)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page
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
def second_page(browser, base_url):
    """A second player, with a browser profile of their own."""
    context = browser.new_context(base_url=base_url)
    yield context.new_page()
    context.close()


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
    page.click(f"#dice button[data-die='c{colour}']")
    page.click(f"#dice button[data-die='n{number}']")
    page.click(f"{MINE} g[data-box='{first}'].target")

    since = snapshot(page)["version"]
    play_by_keyboard(second_page, legal(second_page)[0]["notation"])
    wait_for_change(page, since)

    assert page.get_attribute(f"#dice button[data-die='c{colour}']", "aria-pressed") == "true"
    assert page.get_attribute(f"#dice button[data-die='n{number}']", "aria-pressed") == "true"
    assert page.is_visible(f"{MINE} g[data-box='{first}'].picked")
    for box in rest:
        page.click(f"{MINE} g[data-box='{box}'].target")
    since = snapshot(page)["version"]
    page.click("#confirm:enabled")
    wait_for_change(page, since)
    assert page.get_attribute(f"{MINE} g[data-box='{first}']", "data-state") in ("pending", "crossed")
