"""The Noch mal sheets as the paper prints them (issue 13): for both editions
every printed element that scores or limits play is drawn, counted by its
data-kind against the layout of GET /api/layout/nochmal; the rows are named
as in notations; the table is titled by its edition; the own sheet comes
first for a player in seat 1; on a phone every box is a tap target of at
least 40 px and a tap picks it. Screenshots: sheet-nochmal-so-gut,
sheet-nochmal-classic (desktop), sheet-nochmal-so-gut-crossed (the pen marks
after a move) and sheet-nochmal-phone."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect
from test_table_story import EASY, OPEN, PHONE, begin, join, my_turn, new_table, sit
from ui import MINE, legal, play_by_keyboard

pytestmark = pytest.mark.e2e

EDITIONS = {"so-gut": "Noch mal so gut!", "classic": "Noch mal!"}
DESKTOP = {"viewport": {"width": 1280, "height": 1000}}


def seated(page: Page, edition: str, seats: list[dict], seat: int = 0) -> str:
    """A started 2-player table of an edition with this page in ``seat``; its id."""
    table_id = new_table(page, "nochmal", seats, {"edition": edition})
    held = join(page, table_id, seat, "Anna")
    sit(page, table_id, held)
    begin(page, table_id, held["token"])
    page.wait_for_selector(f"{MINE} svg.board g[data-box]")
    return table_id


def layout_of(page: Page, edition: str) -> dict:
    response = page.request.get(f"/api/layout/nochmal?edition={edition}&players=2")
    assert response.ok, response.text()
    return response.json()


def count(page: Page, selector: str) -> int:
    return page.locator(f"{MINE} svg.board {selector}").count()


def texts(page: Page, selector: str) -> list[str]:
    return page.locator(f"{MINE} svg.board {selector}").all_text_contents()


@pytest.mark.parametrize("context", [DESKTOP], indirect=True)
@pytest.mark.parametrize("edition", list(EDITIONS))
def test_every_printed_element_is_drawn(page: Page, shoot, edition: str) -> None:
    layout = layout_of(page, edition)
    table_id = seated(page, edition, [OPEN, EASY])
    width, height = layout["width"], layout["height"]
    boxes = layout["boxes"]
    assert count(page, "g[data-box]") == len(boxes) == width * height
    assert count(page, "g[data-box][data-star]") == sum(box["star"] for box in boxes)
    assert count(page, "g[data-box][data-special]") == sum(box["special"] for box in boxes)
    assert count(page, "[data-kind=heart]") == layout["hearts"]
    assert count(page, "[data-kind=special]") == layout["special_dice"]
    assert count(page, "[data-kind=joker-box]") == layout["jokers"]
    assert count(page, "[data-kind=heart-bonus]") == (width if layout["hearts"] else 0)
    # the column bonuses: first value above, later below, as printed
    values = [texts(page, f"[data-kind=column-bonus][data-column='{c}'] text") for c in range(width)]
    printed = zip(layout["column_first"], layout["column_later"])
    assert values == [[str(first), str(later)] for first, later in printed]
    colours = page.locator(f"{MINE} [data-kind=colour-bonus]")
    drawn = [colours.nth(i).get_attribute("data-colour") for i in range(colours.count())]
    assert drawn == layout["colour_order"]
    assert texts(page, "[data-kind=colour-bonus] text") == [str(v) for _ in layout["colour_order"]
                                                             for v in layout["colour_bonus"]]
    rows = page.locator(f"{MINE} [data-kind=row-bonus]")
    scored_rows = bool(layout["row_items"]) or layout["row_points"] > 0
    assert rows.count() == (height if scored_rows else 0)
    assert [rows.nth(r).get_attribute("data-item") for r in range(rows.count())] == layout["row_items"]
    if layout["row_points"]:
        assert texts(page, "[data-kind=row-bonus] text") == [str(layout["row_points"])] * height
    # the special dice circled from the start; no joker used yet
    assert count(page, "[data-kind=special][data-state=circled]") == layout["special_dice_at_start"]
    assert count(page, "[data-kind=joker-box][data-state]") == 0
    # the rows are named by the notation's numbers: box h3 is in the row labelled 3
    labels = texts(page, "[data-kind=row-label]")
    assert labels == [str(r + 1) for r in range(height)]
    for box in boxes:
        assert box["name"] == f"{layout['columns'][box['column']].lower()}{labels[box['row']]}"
    assert texts(page, "[data-kind=column-letter] text") == layout["columns"]
    # the edition's own name on the table page and from the server
    expect(page.locator("#table-title")).to_have_text(EDITIONS[edition])
    assert page.request.get(f"/api/tables/{table_id}").json()["title"] == EDITIONS[edition]
    shoot(page.locator(MINE), f"sheet-nochmal-{edition}")


@pytest.mark.parametrize("context", [DESKTOP], indirect=True)
def test_crossed_boxes_are_never_dimmed_and_marks_show(page: Page, shoot) -> None:
    seated(page, "so-gut", [OPEN, EASY])
    assert my_turn(page)
    notation = next(a["notation"] for a in legal(page) if a["kind"] == "cross")
    name = notation.split()[1]
    play_by_keyboard(page, notation)
    crossed = page.locator(f"{MINE} g[data-box='{name}'][data-state=crossed]")
    expect(crossed).to_have_count(1)
    expect(crossed.locator("path.cross")).to_have_count(1)
    assert my_turn(page)
    assert "dimmed" not in (crossed.get_attribute("class") or "")
    if notation[0] == "x" or notation[1] == "?":
        assert count(page, "[data-kind=joker-box][data-state=used]") >= 1
    shoot(page.locator(MINE), "sheet-nochmal-so-gut-crossed")


@pytest.mark.parametrize("context", [DESKTOP], indirect=True)
def test_the_own_sheet_comes_first_in_seat_1(page: Page) -> None:
    seated(page, "so-gut", [EASY, OPEN], seat=1)
    first = page.locator("#sheets figure.sheet").first
    expect(first).to_have_attribute("data-seat", "1")
    expect(first).to_have_class("sheet mine")


@pytest.mark.parametrize("context", [PHONE], indirect=True)
def test_on_a_phone_every_box_is_a_tap_target_and_a_tap_picks_it(page: Page, shoot) -> None:
    seated(page, "so-gut", [OPEN, EASY])
    assert my_turn(page)
    sizes = page.eval_on_selector_all(f"{MINE} g[data-box] > rect",
                                      "rects => rects.map(r => r.getBoundingClientRect().width)")
    assert sizes and min(sizes) >= 40, min(sizes)
    name = page.locator(f"{MINE} g[data-box].target").first.get_attribute("data-box")
    # by its name: the bot's pick may redraw the sheet at any moment (tap scrolls to it)
    page.locator(f"{MINE} g[data-box='{name}']").tap()
    expect(page.locator(f"{MINE} g[data-box='{name}'].picked")).to_have_count(1)
    shoot(page.locator(MINE), "sheet-nochmal-phone")
