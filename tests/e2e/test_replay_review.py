"""The post-game review on the replay page, as a player uses it: choose a
player, ask for the review, wait while the server makes it, read the score's
parts, and jump from a mistake to its step in the replay."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect
from wsplay import finished_game

WIDE = {"viewport": {"width": 1400, "height": 900}}


@pytest.fixture(scope="module")
def solo_dizzle(base_url: str) -> tuple[str, str]:
    return finished_game(base_url, "dizzle", {"level": 1}, bots=())


@pytest.mark.parametrize("context", [WIDE], indirect=True)
def test_a_replay_reviews_the_player_and_jumps_to_a_mistake(page: Page, solo_dizzle, shoot) -> None:
    table_id, invite = solo_dizzle
    page.goto(f"/replay.html?id={table_id}&invite={invite}")
    page.wait_for_selector("body[data-ready=true]")
    panel = page.get_by_test_id("review-panel")
    expect(panel).to_be_visible()
    expect(page.get_by_test_id("review-seat")).to_have_value("0")
    page.get_by_test_id("review-start").click()
    summary = page.get_by_test_id("review-summary")
    expect(summary).to_be_visible()
    review = page.request.get(f"/api/tables/{table_id}/review?seat=0&invite={invite}").json()["review"]
    expect(summary).to_contain_text(f"Scored {review['score']} ")
    expect(page.get_by_test_id("review-status")).to_contain_text(f"{len(review['decisions'])} decisions")
    items = page.get_by_test_id("review-mistakes").locator("li")
    if review["mistakes"]:
        expect(items).to_have_count(len(review["mistakes"]))
        first = page.get_by_test_id("review-mistake").first
        step = review["mistakes"][0]
        expect(first).to_contain_text(f"Step {step + 1}:")
        first.click()
        page.wait_for_function("step => document.body.dataset.step === String(step)", arg=step)
    else:
        expect(items).to_have_text(["No clear mistakes."])
    shoot(panel, "replay-review")

    # in German, the same review in German words
    page.get_by_test_id("lang").select_option("de")
    expect(summary).to_contain_text(f"{review['score']} Punkte")
