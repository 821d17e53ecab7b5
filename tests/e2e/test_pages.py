"""The pages beyond playing: nicknames shown as text, the language menu, and
a phone-sized screen."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from playwright.sync_api import Page, TimeoutError, expect
from ui import create_table, start, take_seat

import dicehall.web

pytestmark = pytest.mark.e2e

CATALOGS = Path(dicehall.web.__file__).parent / "static" / "i18n"
PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2, "is_mobile": True,
         "has_touch": True}


def test_a_nickname_of_markup_shows_as_text(page: Page) -> None:
    nickname = "<svg onload=alert(1)>"  # nicknames have at most 24 characters
    dialogs: list[str] = []
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    table_id = create_table(page, "dizzle")
    take_seat(page, nickname)
    assert page.inner_text("#seat-list li[data-seat='0'] .name") == nickname
    start(page)
    assert page.inner_text("#scores li[data-seat='0'] .name") == nickname
    assert nickname in page.inner_text("#sheets figure[data-seat='0'] figcaption")
    page.goto("/")
    expect(page.locator(f"#tables li[data-table='{table_id}']")).to_contain_text(nickname)
    assert page.query_selector_all("[onload], [onerror]") == []
    assert dialogs == []


def test_the_language_menu_translates_and_is_remembered(page: Page) -> None:
    german = json.loads((CATALOGS / "de.json").read_text(encoding="utf-8"))
    page.goto("/")
    title = "#create-form button[type=submit]"
    page.wait_for_selector("#lang option[value=de]", state="attached")
    english = page.inner_text(title)
    page.select_option("#lang", "de")
    page.wait_for_function("() => document.documentElement.lang === 'de'")
    assert page.inner_text(title) == german["create.submit"] != english
    page.reload()
    page.wait_for_function("() => document.documentElement.lang === 'de'")
    assert page.input_value("#lang") == "de"
    assert page.inner_text(title) == german["create.submit"]
    create_table(page, "razzle")
    page.wait_for_function("() => document.documentElement.lang === 'de'")
    assert page.inner_text("#waiting h2") == german["waiting.title"]


def no_horizontal_scroll(page: Page) -> None:
    root = "document.documentElement"
    try:
        page.wait_for_function(f"() => {root}.scrollWidth <= {root}.clientWidth", timeout=10_000)
    except TimeoutError:
        overflow = page.evaluate(f"() => {root}.scrollWidth - {root}.clientWidth")
        raise AssertionError(f"the page scrolls sideways by {overflow} px") from None


@pytest.mark.parametrize("context", [PHONE], indirect=True)
@pytest.mark.parametrize("game", ["dizzle", "nochmal", "razzle"])
def test_a_phone_screen_fits_the_sheet(page: Page, game: str) -> None:
    page.goto("/")
    page.wait_for_selector("#game option", state="attached")
    no_horizontal_scroll(page)
    create_table(page, game)
    take_seat(page, "phone")
    start(page)
    # the page redraws the sheet at every state message: measure it in the page, at once;
    # the sheet fits, or its frame fits and pans a sheet drawn wider for 44 px fields
    page.wait_for_function("""() => {
        const frame = document.querySelector('#sheets figure.mine');
        const sheet = frame && frame.querySelector('svg.board');
        if (!sheet) return false;
        const box = (frame.classList.contains('panned') ? frame : sheet).getBoundingClientRect();
        return box.width > 0 && box.left >= 0 && box.right <= 390;
    }""")
    no_horizontal_scroll(page)
