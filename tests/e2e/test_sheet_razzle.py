"""The Razzle-Dazzle board as on paper (issue 13): every ring field, jump
arrow, safe and entry field, each colour's start and goal area and number
wheel drawn, counted by their data-* hooks against GET /api/layout/razzle;
moves as the rulebook describes them (every possible move shown lightly,
the hovered one alone with its path and ghost, played by clicking the piece
and Confirm; the start area enters the outermost piece; pieces that cannot
move are no targets); the red button in the wheel spins, and the wheel
turns to the spun number within 600 ms (not with reduced motion); on a
phone every field is at least 40 px in a panned frame, a tap previews, and
the page does not scroll sideways. Screenshots sheet-razzle-board and
sheet-razzle-phone."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect
from test_table_story import EASY, OPEN, PHONE, RECORD_ANIMATIONS, Pacer, my_turn, seated, type_move
from ui import MINE, legal, snapshot, wait_for_change

pytestmark = pytest.mark.e2e

BOARD = f"{MINE} svg.razzle"
#: moves to play at most before the wanted decision comes up
LIMIT = 120


def layout(page: Page, players: int) -> dict:
    response = page.request.get(f"/api/layout/razzle?players={players}")
    assert response.ok, response.text()
    return response.json()


def names(page: Page, selector: str, key: str = "name") -> list[str]:
    """A data-* value of every element of the board the selector finds."""
    return page.eval_on_selector_all(f"{BOARD} {selector}", "(nodes, key) => nodes.map(n => n.dataset[key])",
                                     key)


def count(page: Page, selector: str) -> int:
    return page.locator(f"{BOARD} {selector}").count()


def moving_fields(page: Page) -> set[str]:
    """The ring fields of the pieces the legal actions move."""
    return {a["notation"].split()[1] for a in legal(page) if a["kind"] == "move"}


def play_until(page: Page, wanted) -> None:
    """Play (by the action filter) until ``wanted(page)`` holds at the seat's turn."""
    pace = Pacer()
    for _ in range(LIMIT):
        assert my_turn(page), "the game ended first"
        if wanted(page):
            return
        since = snapshot(page)["version"]
        pace()
        type_move(page)
        wait_for_change(page, since)
    raise AssertionError("the wanted decision never came up")


def test_every_board_element_is_drawn_as_the_layout_says(page: Page, shoot) -> None:
    seated(page, "razzle", seats=[OPEN, EASY, EASY])
    data = layout(page, 3)
    expect(page.locator(f"{BOARD} g.field")).to_have_count(data["track_length"])
    fields = data["fields"]
    for kind in ("safe", "jump", "entry"):
        wanted = sorted(str(f["index"]) for f in fields if kind in f["kinds"])
        drawn = names(page, f"g.field[data-kind~={kind}]", "field")
        assert sorted(drawn) == wanted, kind
    arrows = page.eval_on_selector_all(f"{BOARD} g.arrow[data-kind=jump-arrow]",
                                       "gs => gs.map(g => [Number(g.dataset.from), Number(g.dataset.to)])")
    assert sorted(arrows) == sorted([f["index"], f["jump_to"]] for f in fields if "jump" in f["kinds"])
    for seat in data["seats"]:
        s = seat["seat"]
        hollows = count(page, f"g.area.start[data-seat='{s}'] circle.hollow.start")
        assert hollows == len(seat["start"]) == data["pieces"]
        assert count(page, f"g.area.goal[data-seat='{s}'] circle.hollow.goal") == len(seat["goal"])
        wheel = page.locator(f"{BOARD} g.wheel[data-testid=wheel][data-seat='{s}']")
        expect(wheel.locator("g.sector")).to_have_count(6)
    # the numbers beside each player are those left on their wheel
    view = page.evaluate("() => [...document.querySelectorAll('#scores [data-testid=wheel-numbers]')]"
                         ".map(n => n.dataset.left)")
    wheels = page.eval_on_selector_all(f"{BOARD} g.wheel", "ws => ws.map(w => w.dataset.left)")
    assert len(view) == 3 and view == wheels
    # nothing here is a selection of several things: no Clear button
    expect(page.locator("#clear")).to_be_hidden()
    expect(page.locator("#game-info [data-info=goals]")).to_be_visible()
    page.set_viewport_size({"width": 1000, "height": 1400})  # the decision bar below the board
    shoot(page.locator(MINE), "sheet-razzle-board")


def test_a_move_is_shown_on_hover_and_played_by_clicking_the_piece(page: Page) -> None:
    seated(page, "razzle")
    play_until(page, lambda p: bool(moving_fields(p)))
    movers = moving_fields(page)
    # only the pieces that can move are targets; every possible move is shown lightly
    own = set(names(page, "g.field[data-piece='0']"))
    targets = set(names(page, "g.field.target[data-piece='0']"))
    assert targets == movers and movers <= own
    for field in own - movers:
        field = page.locator(f"{BOARD} g.field[data-name='{field}']")
        expect(field).not_to_have_class(re.compile(r"\btarget\b"))
    options = len([a for a in legal(page) if a["kind"] in ("move", "enter")])
    expect(page.locator(f"{BOARD} g.option")).to_have_count(options)

    field = sorted(movers)[0]
    piece = page.locator(f"{BOARD} g.field[data-name='{field}']")
    piece.hover()
    shown = page.locator(f"{BOARD} g.option.hovered[data-move='{field}']")
    expect(shown).to_have_count(1)
    expect(shown.locator("path.route")).to_be_visible()
    expect(shown.locator("[data-testid=ghost]")).to_be_visible()
    expect(page.locator(f"{BOARD} g.option:not(.hovered) [data-testid=ghost]")).to_have_count(options - 1)
    for ghost in page.locator(f"{BOARD} g.option:not(.hovered) [data-testid=ghost]").all():
        expect(ghost).to_be_hidden()
    page.mouse.move(0, 0)
    expect(page.locator(f"{BOARD} g.option.hovered")).to_have_count(0)

    since = snapshot(page)["version"]
    piece.click()
    expect(page.locator("#preview-text")).to_have_attribute("data-state", "preview")
    expect(page.locator(f"{BOARD} g.chosen path.route")).to_be_visible()
    expect(page.locator(f"{BOARD} [data-testid=ghost]")).to_have_count(1)
    expect(page.locator(f"{BOARD} g.field.path").first).to_be_attached()
    piece.click()  # a second click takes it back
    expect(page.locator("#preview-text")).not_to_have_attribute("data-state", "preview")
    piece.click()
    expect(page.locator("#preview-text")).to_have_attribute("data-state", "preview")
    assert snapshot(page)["version"] == since, "a preview sent nothing"
    page.click("#confirm:enabled")
    wait_for_change(page, since)


def test_the_start_area_enters_the_outermost_piece(page: Page) -> None:
    seated(page, "razzle")
    play_until(page, lambda p: any(a["kind"] == "enter" for a in legal(p)))
    start = page.locator(f"{BOARD} g.area.start.target[data-seat='0']")
    expect(start).to_have_count(1)
    waiting = count(page, "g.area.start[data-seat='0'] circle.start[data-full=true]")
    expect(page.locator(f"{BOARD} circle.start.mover")).to_have_attribute("data-index", str(waiting - 1))
    start.hover()
    expect(page.locator(f"{BOARD} g.option.hovered[data-move=start] [data-testid=ghost]")).to_be_visible()
    since = snapshot(page)["version"]
    entered = page.locator("#log li[data-key='razzle.enter'][data-seat='0']").count()
    start.click()
    expect(page.locator("#preview-text")).to_have_attribute("data-state", "preview")
    expect(page.locator(f"{BOARD} g.area.start.preview")).to_have_count(1)
    expect(page.locator(f"{BOARD} g.chosen [data-testid=ghost]")).to_have_count(1)
    page.click("#confirm:enabled")
    wait_for_change(page, since)
    expect(page.locator("#log li[data-key='razzle.enter'][data-seat='0']")).to_have_count(entered + 1)


#: draws the board of a made-up view in the page, the player to spin again
#: (the only spin a player decides: the turn's first spin is the server's)
SPIN_BOARD = """async ([number, spins]) => {
    const razzle = await import('/js/games/razzle.js');
    const layout = await (await fetch('/api/layout/razzle')).json();
    const view = {phase: 'again', turn: 0, number, spins, scores: [0, 0], deciders: [0],
        players: layout.seats.map(s => ({colour: s.colour, progress: [0, 0, 0, 0], wheel: [1, 2, 5, 6],
            goals: 0}))};
    const spin = {id: 1, kind: 'spin', notation: 'spin'};
    window.picked = [];
    const ctx = {seat: 0, legal: [spin], selection: {}, interactive: true, targets: new Set(['spin']),
        picked: new Set(), preview: null, marks: new Map(), caption: s => `seat ${s}`,
        onPick: name => window.picked.push(name)};
    const sheets = document.querySelector('#sheets');
    sheets.replaceChildren(...razzle.sheets(layout, view, ctx));
    razzle.animate(sheets, layout, view, [{key: 'razzle.spin', seat: 0, params: {number}}]);
}"""


def test_the_red_button_in_the_wheel_spins_and_the_wheel_turns_to_the_number(page: Page) -> None:
    page.add_init_script(RECORD_ANIMATIONS)
    seated(page, "razzle")
    assert my_turn(page)
    page.evaluate("() => { window.animations = []; }")
    page.evaluate(SPIN_BOARD, [3, 1])
    wheel = page.locator("#sheets g.wheel[data-seat='0']")
    button = wheel.locator("[data-testid=spin]")
    expect(button).to_have_attribute("role", "button")
    expect(page.locator("#sheets [data-testid=spin]")).to_have_count(1)
    expect(wheel.locator("g.spinner")).to_have_attribute("data-angle", "-120")
    spins = page.evaluate("window.animations.filter(a => a.what === 'spinner')")
    assert len(spins) == 1 and 0 < spins[0]["duration"] <= 600, spins
    button.click()
    button.focus()
    page.keyboard.press("Enter")
    assert page.evaluate("window.picked") == ["spin", "spin"]
    page.emulate_media(reduced_motion="reduce")
    page.evaluate("() => { window.animations = []; }")
    page.evaluate(SPIN_BOARD, [5, 1])
    assert page.evaluate("window.animations.length") == 0


@pytest.mark.parametrize("context", [PHONE], indirect=True)
def test_on_a_phone_every_field_is_a_tap_target_of_40_px(page: Page, shoot) -> None:
    seated(page, "razzle")
    play_until(page, lambda p: bool(moving_fields(p)) or any(a["kind"] == "enter" for a in legal(p)))
    expect(page.locator(MINE)).to_have_class(re.compile(r"\bpanned\b"))
    sizes = page.eval_on_selector_all(f"{BOARD} g.field > circle:first-of-type",
                                      "cs => cs.map(c => c.getBoundingClientRect().width)")
    assert len(sizes) == layout(page, 2)["track_length"] and min(sizes) >= 40, min(sizes)
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    expect(page.locator("#clear")).to_be_hidden()
    target = page.locator(f"{BOARD} g.target").first
    target.scroll_into_view_if_needed()
    target.tap()
    expect(page.locator("#preview-text")).to_have_attribute("data-state", "preview")
    page.locator(MINE).evaluate("f => { f.scrollLeft = (f.scrollWidth - f.clientWidth) / 2; }")
    shoot(page.locator(MINE), "sheet-razzle-phone")
