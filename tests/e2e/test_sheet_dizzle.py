"""The Dizzle sheet in the browser (issue 13): every element of each shipped
level is drawn, counted by its data-kind hook against the layout the server
gives; the counters above the dice; the own sheet first; on level 8 a track
is placed by clicking its picture (or cycling it on the field) and Confirm;
reroll, pass and return have words. A screenshot of each level's sheet."""

from __future__ import annotations

from collections import Counter

import pytest
from playwright.sync_api import Page, expect
from test_table_story import EASY, OPEN, Pacer, begin, catalog, join, my_turn, new_table, sit
from ui import MINE, legal, snapshot, wait_for_change

pytestmark = pytest.mark.e2e

LEVELS = range(1, 9)
SPECIALS = ("gem", "bomb", "key", "lock", "rocket", "flag", "puzzle", "poop", "station")


def expected(layout: dict) -> dict[str, int]:
    """How many of each data-kind the sheet must draw, from the layout alone."""
    specials = Counter(s["kind"] for field in layout["fields"] for s in field["specials"])
    printed = {track["field"] for track in layout["tracks"]}
    kinds = Counter(field["kind"] for field in layout["fields"] if field["name"] not in printed)
    return {**{kind: specials[kind] for kind in SPECIALS},
            "planet": kinds["planet"], "volcano": kinds["volcano"], "start": kinds["start"],
            "arrow": len(layout["arrows"]), "area": len(layout["areas"]), "track": len(layout["tracks"]),
            "flag-value": sum(len(flag["track"]) for flag in layout["flags"])}


def drawn(page: Page) -> dict[str, int]:
    """How many elements of each data-kind the viewer's sheet draws."""
    return page.eval_on_selector_all(
        f"{MINE} svg.board [data-kind]",
        "nodes => nodes.reduce((n, { dataset: { kind } }) => ({ ...n, [kind]: (n[kind] ?? 0) + 1 }), {})")


def started(page: Page, level: int, seats: list[dict] | None = None, seat: int = 0,
            lang: str | None = None) -> str:
    table_id = new_table(page, "dizzle", seats or [OPEN, EASY], {"level": level})
    held = join(page, table_id, seat, "Anna")
    sit(page, table_id, held, lang)
    begin(page, table_id, held["token"])
    page.wait_for_selector(f"{MINE} svg.board")
    return table_id


#: a desktop window tall enough for the whole sheet above the decision bar
DESKTOP = {"viewport": {"width": 1280, "height": 1500}}


@pytest.mark.parametrize("context", [DESKTOP], indirect=True)
@pytest.mark.parametrize("level", LEVELS)
def test_every_element_of_the_level_is_drawn(page: Page, shoot, level: int) -> None:
    layout = page.request.get(f"/api/layout/dizzle?level={level}").json()
    started(page, level)
    counts = drawn(page)
    want = expected(layout)
    assert {kind: counts.get(kind, 0) for kind in want} == want
    assert page.locator(f"{MINE} g.field").count() == len(layout["fields"])
    # the printed values: each special's points, the arrows' and areas'
    for field in layout["fields"]:
        for special in field["specials"]:
            if special["points"] is not None:
                node = page.locator(f"{MINE} g[data-field='{field['name']}'] [data-kind='{special['kind']}']")
                expect(node).to_have_attribute("data-points", str(special["points"]))
    for kind in ("arrow", "area"):
        points = page.eval_on_selector_all(f"{MINE} [data-kind={kind}]",
                                           "nodes => nodes.map(n => Number(n.dataset.points))")
        assert points == [group["points"] for group in layout[f"{kind}s"]]
    # nothing crossed yet: an X only on the printed start crosses that carry no track
    assert page.locator(f"{MINE} [data-kind=cross]").count() == 0
    shoot(page.locator(MINE), f"sheet-dizzle-level{level}")


@pytest.mark.parametrize("level", [4, 8])
def test_the_counters_above_the_dice(page: Page, level: int) -> None:
    layout = page.request.get(f"/api/layout/dizzle?level={level}").json()
    started(page, level)
    info = page.locator("#game-info")
    expect(info).to_be_visible()
    expect(info.locator("[data-info=draft] dd")).to_have_text(f"1 of {layout['drafts']}")
    expect(info.locator("[data-info=round] dd")).to_have_text(f"1 of {layout['drafts'] // 2}")
    expect(info.locator("[data-info=start] dd")).not_to_be_empty()
    expect(info.locator("[data-info=turn] dd")).not_to_be_empty()
    arrows = len(layout["arrows"])
    expect(info.locator("[data-info=arrows] dd")).to_contain_text(f"0 of {arrows} complete")
    if layout["flags"]:
        tracks = [" ".join(map(str, flag["track"])) for flag in layout["flags"]]
        for values in tracks:
            expect(info.locator("[data-info=flags] dd")).to_contain_text(values)
        expect(info.locator("[data-info=first] dd")).to_have_text("none")


def test_the_own_sheet_is_first_for_the_player_in_seat_1(page: Page) -> None:
    started(page, 1, [EASY, OPEN], seat=1)
    first = page.locator("#sheets figure.sheet").first
    expect(first).to_have_attribute("data-seat", "1")
    expect(first).to_have_class("sheet mine")


def play_until(page: Page, wanted, limit: int = 120) -> None:
    """Make moves (a placement where there is one) until the seat's legal
    actions satisfy ``wanted``."""
    pace = Pacer()
    for _ in range(limit):
        assert my_turn(page), "the game ended first"
        actions = legal(page)
        if wanted(actions):
            return
        places = [a for a in actions if a["kind"] == "place"]
        notation = (places or actions)[0]["notation"]
        since = snapshot(page)["version"]
        pace()
        page.fill("#action-filter", notation)
        page.press("#action-filter", "Enter")
        wait_for_change(page, since)
    raise AssertionError("the wanted decision never came")


def tracks_due(actions: list[dict]) -> bool:
    return any(a["kind"] == "track" for a in actions)


@pytest.mark.parametrize("context", [DESKTOP], indirect=True)
def test_a_track_is_placed_by_clicking_its_picture(page: Page, shoot) -> None:
    started(page, 8)
    play_until(page, tracks_due)
    field = legal(page)[0]["notation"].split()[1]
    picker = page.locator(f"{MINE} g.track-picker[data-field='{field}']")
    expect(picker.locator("g.track-choice[data-track]")).to_have_count(6)
    expect(page.locator("#choices button")).to_have_count(0)      # no text list of pieces
    expect(page.locator(f"{MINE} g[data-field='{field}'] [data-kind=cross]")).to_have_count(0)
    # a click on the field, then the arrow key, cycle through the pieces
    target = page.locator(f"{MINE} g.field[data-field='{field}']")
    target.click()
    expect(page.locator("#preview-text")).to_have_attribute("data-state", "preview")
    expect(picker.locator("g.track-choice[data-track=ns]")).to_have_attribute("aria-pressed", "true")
    page.keyboard.press("ArrowRight")
    expect(picker.locator("g.track-choice[data-track=ew]")).to_have_attribute("aria-pressed", "true")
    # the picture of a piece previews it; Confirm draws it
    picker.locator("g.track-choice[data-track=wn]").click()
    expect(picker.locator("g.track-choice[data-track=wn]")).to_have_attribute("aria-pressed", "true")
    expect(page.locator(f"{MINE} g.field[data-field='{field}'].preview")).to_have_count(1)
    shoot(page.locator(MINE), "sheet-dizzle-level8-track")
    since = snapshot(page)["version"]
    page.click("#confirm:enabled")
    wait_for_change(page, since)
    drawn_piece = f"{MINE} g.track[data-field='{field}'][data-piece=wn][data-printed=false]"
    expect(page.locator(drawn_piece)).to_have_count(1)
    expect(page.locator(f"#log li[data-params*='{field}']").last).to_be_attached()


def test_reroll_pass_and_return_have_words(page: Page) -> None:
    started(page, 1, lang="de")
    german = catalog("de")
    words = page.evaluate("""async () => {
        const dizzle = await import('/js/games/dizzle.js');
        const label = (kind) => dizzle.actionLabel({ kind, notation: kind, field: 'c3' });
        return ['reroll', 'pass', 'return'].map(label);
    }""")
    assert words == [
        {"text": german["dizzle.action.reroll"], "title": german["dizzle.action.reroll_title"]},
        {"text": german["dizzle.action.pass"], "title": german["dizzle.action.pass_title"]},
        {"text": german["dizzle.action.return"].replace("{field}", "c3"),
         "title": german["dizzle.action.return_title"]},
    ]


def test_the_reroll_and_pass_buttons_say_what_they_do(page: Page) -> None:
    started(page, 1, lang="de")
    german = catalog("de")
    play_until(page, lambda actions: {"reroll", "pass"} <= {a["kind"] for a in actions})
    expect(page.locator("#choices button[data-notation=pass]")).to_have_text(german["dizzle.action.pass"])
    expect(page.locator("#choices button[data-notation=reroll]")).to_have_attribute(
        "title", german["dizzle.action.reroll_title"])
