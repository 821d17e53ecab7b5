"""How the table page lays out the sheets, for every game (js/board.js): the
reader's own sheet first whatever their seat, the others after it, each shown
large by a click or Enter and small again the same way."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect
from test_table_story import EASY, OPEN, begin, join, my_turn, new_table, sit

pytestmark = pytest.mark.e2e


@pytest.mark.parametrize("game", ["dizzle", "nochmal"])
def test_the_own_sheet_comes_first_for_a_later_seat(page: Page, game: str) -> None:
    table_id = new_table(page, game, [EASY, EASY, OPEN])
    seat = join(page, table_id, 2, "Cleo")
    sit(page, table_id, seat)
    begin(page, table_id, seat["token"])
    sheets = page.locator("#sheets figure.sheet")
    expect(sheets).to_have_count(3)
    expect(sheets.first).to_have_attribute("data-seat", "2")
    expect(sheets.first).to_have_class(re.compile(r"\bmine\b"))  # and "turn" when it decides
    others = page.locator("#sheets figure.sheet.other")
    assert others.evaluate_all("figures => figures.map(f => f.dataset.seat)") == ["0", "1"]
    # measured in the page at once: a state message redraws the sheets
    page.wait_for_function("""() => {
        const width = (seat) => document.querySelector(`#sheets figure[data-seat='${seat}']`)
            ?.getBoundingClientRect().width ?? 0;
        return width(2) > width(0) && width(0) > 0;
    }""")  # the own sheet is drawn larger than the others


def test_another_players_sheet_is_enlarged_by_a_click_and_by_the_keyboard(page: Page) -> None:
    table_id = new_table(page, "dizzle", [OPEN, EASY])
    seat = join(page, table_id, 0, "Anna")
    sit(page, table_id, seat)
    begin(page, table_id, seat["token"])
    assert my_turn(page)  # no state message comes until the player moves
    other = page.locator("#sheets figure[data-seat='1']")
    expect(other).to_have_attribute("aria-expanded", "false")
    small = sheet_width(page, 1)
    other.click()
    expect(other).to_have_attribute("aria-expanded", "true")
    assert sheet_width(page, 1) > 1.5 * small
    other.press("Enter")
    expect(other).to_have_attribute("aria-expanded", "false")
    assert sheet_width(page, 1) == pytest.approx(small, abs=2)


def sheet_width(page: Page, seat: int) -> float:
    return page.evaluate("seat => document.querySelector(`#sheets figure[data-seat='${seat}']`)"
                         ".getBoundingClientRect().width", seat)


PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2, "is_mobile": True,
         "has_touch": True}


@pytest.mark.parametrize("context", [PHONE], indirect=True)
def test_dizzle_fields_are_large_enough_to_tap_on_a_phone(page: Page) -> None:
    """The own Dizzle sheet pans in its frame with every target at least 40 px,
    the page does not scroll sideways, and a tap on a target previews its move."""
    table_id = new_table(page, "dizzle", [OPEN, EASY])
    seat = join(page, table_id, 0, "Anna")
    sit(page, table_id, seat)
    begin(page, table_id, seat["token"])
    page.locator("#dice button.die.playable").first.click()
    targets = page.locator("#sheets figure.mine .target")
    expect(targets.first).to_be_visible()
    sizes = targets.evaluate_all("ts => ts.map(t => Math.min(t.getBoundingClientRect().width,"
                                 " t.getBoundingClientRect().height))")
    assert sizes and min(sizes) >= 40, sizes
    assert page.evaluate("() => document.documentElement.scrollWidth <= document.documentElement.clientWidth")
    targets.first.tap()
    expect(page.locator("#preview-text")).to_have_attribute("data-state", "preview")
