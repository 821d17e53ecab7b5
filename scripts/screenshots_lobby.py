"""Screenshots of the lobby, the rules pages and the replay page for
docs/screenshots/ (docs/web.md). The live table's are scripts/screenshots.py.

    .venv/bin/python scripts/screenshots_lobby.py [--url URL] [--out docs/screenshots] [--lang en]

Without ``--url`` it starts ``dicehall serve --bot-pace 0`` of this checkout
on a free port with a temporary data folder. It plays one finished game of
each game over the WebSocket (tests/e2e/wsplay.py: seat 0 against an easy
bot, a chat line on the way) and takes ``lobby.png`` (the form for a Dizzle
table with a bot), ``rules-<game>.png`` and ``replay-<game>.png`` (a move in
the middle of the game, its fields highlighted, the log beside the sheets),
made small (a palette of 256 colours) when Pillow is installed.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from playwright.sync_api import Page, sync_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "e2e"))
sys.path.insert(0, str(ROOT / "scripts"))
from screenshots import serve, shrink  # noqa: E402  (the live table's script: one server start)
from wsplay import finished_game  # noqa: E402

WIDE = {"viewport": {"width": 1280, "height": 900}}
GAMES = {"dizzle": {"level": 3}, "nochmal": {}, "razzle": {}}
WAIT = 60_000


def shot(page: Page, path: Path, full_page: bool = False) -> None:
    page.evaluate("() => document.activeElement?.blur()")
    page.mouse.move(0, 0)
    page.wait_for_timeout(400)  # fonts and the last paint: a picture, not a test
    page.screenshot(path=str(path), full_page=full_page)
    shrink(path)
    print(path, path.stat().st_size // 1024, "KB")


def lobby_shot(page: Page, url: str, out: Path) -> None:
    page.goto(f"{url}/")
    page.wait_for_selector("body[data-ready=true]", timeout=WAIT)
    page.fill("#nickname", "Anna")
    page.select_option("#game", "dizzle")
    page.select_option("#options [data-option=level]", "3")
    page.select_option("#seat-specs li[data-seat='1'] .seat-kind", "bot")
    page.select_option("#seat-specs li[data-seat='1'] .seat-level", "medium")
    shot(page, out / "lobby.png", full_page=True)


def rules_shot(page: Page, url: str, game: str, out: Path) -> None:
    page.goto(f"{url}/rules.html?game={game}")
    page.wait_for_selector("#legend[data-ready=true]", timeout=WAIT)
    shot(page, out / f"rules-{game}.png")


def replay_shot(page: Page, url: str, game: str, out: Path) -> None:
    table_id, invite = finished_game(url, game, GAMES[game], chat=("good luck!", "well played"))
    page.goto(f"{url}/replay.html?id={table_id}&invite={invite}")
    page.wait_for_selector("body[data-ready=true]", timeout=WAIT)
    moves = page.evaluate("() => Number(document.querySelectorAll('#replay-log li.move').length)")
    # a move in the middle that changed a field
    for move in range(moves // 2, moves):
        page.click(f"#replay-log li.move[data-move='{move}'] button.move-title")
        page.wait_for_function("m => document.body.dataset.move === String(m)", arg=move, timeout=WAIT)
        if page.query_selector("#sheets g.last"):
            break
    shot(page, out / f"replay-{game}.png")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--url", help="a running server (default: start one of this checkout)")
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshots")
    parser.add_argument("--lang", default="en", choices=["en", "de", "sv", "zh"])
    parser.add_argument("--games", nargs="*", default=list(GAMES))
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    process, url = (None, args.url) if args.url else serve()
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=args.chromium, headless=True,
                                                 args=["--no-sandbox", "--disable-gpu"])
            context = browser.new_context(**WIDE)
            context.add_init_script(f"localStorage.setItem('dicehall.lang', '{args.lang}')")
            page = context.new_page()
            lobby_shot(page, url, args.out)
            for game in args.games:
                rules_shot(page, url, game, args.out)
                replay_shot(page, url, game, args.out)
            browser.close()
    finally:
        if process:
            process.terminate()
            process.wait(timeout=10)


if __name__ == "__main__":
    main()
