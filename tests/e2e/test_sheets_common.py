"""How the table page lays out the sheets, for every game (js/board.js): the
reader's own sheet first whatever their seat, the others after it, each shown
large by a click or Enter and small again the same way."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect
from test_table_story import EASY, OPEN, begin, join, new_table, sit

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
    expect(sheets.first).to_have_class("sheet mine")
    others = page.locator("#sheets figure.sheet.other")
    assert others.evaluate_all("figures => figures.map(f => f.dataset.seat)") == ["0", "1"]
    first, mine = (page.locator(f"#sheets figure[data-seat='{s}']").bounding_box() for s in ("0", "2"))
    assert mine["width"] > first["width"], "the own sheet is drawn larger than the others"


def test_another_players_sheet_is_enlarged_by_a_click_and_by_the_keyboard(page: Page) -> None:
    table_id = new_table(page, "dizzle", [OPEN, EASY])
    seat = join(page, table_id, 0, "Anna")
    sit(page, table_id, seat)
    begin(page, table_id, seat["token"])
    other = page.locator("#sheets figure[data-seat='1']")
    expect(other).to_have_attribute("aria-expanded", "false")
    small = other.bounding_box()["width"]
    other.click()
    expect(other).to_have_attribute("aria-expanded", "true")
    assert other.bounding_box()["width"] > 1.5 * small
    other.focus()
    page.keyboard.press("Enter")
    expect(other).to_have_attribute("aria-expanded", "false")
    assert other.bounding_box()["width"] == pytest.approx(small, abs=2)
