"""Screenshots of the live table for docs/screenshots/ (docs/web.md).

    .venv/bin/python scripts/screenshots.py [--url URL] [--label after] [--out docs/screenshots]

Without ``--url`` it starts ``dicehall serve --bot-pace 0`` of this checkout
on a free port with a temporary data folder. For each game it creates a
2-player table (seat 0 this script's player, seat 1 an easy bot) over the
HTTP API, plays a few moves through the page's action filter, and takes the
table (1000 px wide, the whole page; with a move waiting for Confirm where
the client has one); then plays on to the end and takes the end screen; and the Dizzle
table once more on a 390×844 phone screen. Files: ``<game>-table-<label>.png``,
``<game>-end-<label>.png``, ``phone-table-<label>.png``, made small (a palette
of 256 colours) when Pillow is installed. Only hooks that the client had
before the live-table work are needed to play, so ``--url`` may point at an
older checkout's server (``--label before``).
"""

from __future__ import annotations

import argparse
import json
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

from playwright.sync_api import Page, sync_playwright

ROOT = Path(__file__).resolve().parents[1]
PACE = 0.21  # the server takes 5 messages a second
DESKTOP = {"viewport": {"width": 1000, "height": 860}}
PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 1, "is_mobile": True,
         "has_touch": True}
GAMES = {"dizzle": {}, "nochmal": {}, "razzle": {}}


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def post(url: str, body: dict) -> dict:
    request = urllib.request.Request(url, json.dumps(body).encode(), {"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=30) as response:
        return json.load(response)


def serve() -> tuple[subprocess.Popen, str]:
    port = free_port()
    data = tempfile.mkdtemp(prefix="dicehall-shots-")
    command = [sys.executable, "-m", "dicehall.cli", "serve", "--port", str(port), "--data", data,
               "--bot-pace", "0"]
    process = subprocess.Popen(command, stdin=subprocess.DEVNULL, cwd=ROOT)
    url = f"http://127.0.0.1:{port}"
    for _ in range(300):
        try:
            urllib.request.urlopen(f"{url}/api/games", timeout=1)
            return process, url
        except OSError:
            time.sleep(0.1)
    process.kill()
    raise SystemExit("dicehall serve did not start")


def new_table(url: str, game: str, nickname: str, options: dict) -> tuple[str, dict]:
    table = post(f"{url}/api/tables", {"game": game, "options": options,
                                       "seats": [{"kind": "open"}, {"kind": "bot", "level": "easy"}]})
    seat = post(f"{url}/api/tables/{table['id']}/join", {"seat": 0, "nickname": nickname})
    return table["id"], seat


def open_table(page: Page, url: str, table_id: str, seat: dict) -> None:
    page.goto(f"{url}/index.html")
    page.evaluate("([id, seat]) => localStorage.setItem(`dicehall.seat.${id}`, JSON.stringify(seat))",
                  [table_id, seat])
    page.goto(f"{url}/table.html?id={table_id}")
    page.wait_for_selector("#connection[data-state=open]", timeout=60_000)
    post(f"{url}/api/tables/{table_id}/start", {"token": seat["token"]})
    page.wait_for_selector("#status:not([data-state=lobby])", timeout=60_000)


def state(page: Page) -> dict:
    return page.evaluate("""() => ({state: document.querySelector('#status').dataset.state,
        version: document.querySelector('#status').dataset.version,
        controls: !document.querySelector('#controls').hidden})""")


def move(page: Page, count: int) -> None:
    """The first legal action (a pass last), by the action filter and Enter."""
    notations = page.eval_on_selector_all("#actions button[data-notation]",
                                          "bs => bs.map(b => b.dataset.notation)")
    if not notations:
        return
    keep = [n for n in notations if n not in ("pass", "end", "reroll")] or notations
    notation = keep[count % len(keep)] if len(keep) < 4 else keep[0]
    page.fill("#action-filter", notation)
    page.press("#action-filter", "Enter")


def play(page: Page, moves: int | None) -> int:
    """Make ``moves`` of the seat's moves (None: to the end); the moves made."""
    made = 0
    while (now := state(page))["state"] != "over" and (moves is None or made < moves):
        if now["state"] == "your-turn" and now["controls"]:
            time.sleep(PACE)
            move(page, made)
            made += 1
        page.wait_for_function(
            "since => { const s = document.querySelector('#status'); return s.dataset.version !== since"
            " || s.dataset.state === 'over'; }", arg=now["version"], timeout=60_000)
    return made


def wait_for_my_turn(page: Page) -> None:
    page.wait_for_function("() => { const s = document.querySelector('#status').dataset.state;"
                           " return s === 'over' || (s === 'your-turn'"
                           " && !document.querySelector('#controls').hidden); }", timeout=60_000)


def preview(page: Page, game: str) -> None:
    """With the Confirm rule (an #undo button): leave a move waiting for Confirm."""
    if not page.query_selector("#undo"):
        return
    mine = "#sheets figure.mine"
    if game == "dizzle":
        die = page.query_selector("#dice button.die:not([disabled])")
        if die:
            die.click()
    elif game == "nochmal":
        action = page.eval_on_selector_all(
            "#actions button[data-kind=cross]", "bs => bs.map(b => b.dataset.notation)")
        if action:
            colour, number, *boxes = action[0][0], action[0][1], *action[0].split()[1:]
            page.click(f"#dice button[data-die='c{colour}']")
            page.click(f"#dice button[data-die='n{number}']")
            for box in boxes:
                page.click(f"{mine} g[data-box='{box}'].target")
        return
    target = page.query_selector(f"{mine} g.target")
    if target:
        target.click()
        page.wait_for_selector("#confirm:enabled")


def shot(page: Page, path: Path, selector: str | None = None, full: bool = False) -> None:
    if selector:
        page.eval_on_selector(selector, "node => node.scrollIntoView({block: 'start'})")
    else:
        page.evaluate("() => window.scrollTo(0, 0)")
    page.wait_for_timeout(700)  # let the last animation end: a picture, not a test
    page.screenshot(path=str(path), full_page=full)
    shrink(path)
    print(path, path.stat().st_size // 1024, "KB")


def shrink(path: Path) -> None:
    try:
        from PIL import Image
    except ImportError:
        return
    with Image.open(path) as image:
        small = image.convert("RGB").quantize(colors=256, method=Image.Quantize.FASTOCTREE)
    small.save(path, optimize=True)


def game_shots(browser, url: str, game: str, label: str, out: Path) -> None:
    context = browser.new_context(**DESKTOP)
    page = context.new_page()
    table_id, seat = new_table(url, game, "Anna", GAMES[game])
    open_table(page, url, table_id, seat)
    play(page, {"dizzle": 4, "nochmal": 3, "razzle": 6}[game])
    wait_for_my_turn(page)
    preview(page, game)
    shot(page, out / f"{game}-table-{label}.png", full=True)
    if page.query_selector("#undo"):
        page.keyboard.press("Escape")
        page.keyboard.press("Escape")
        page.keyboard.press("Escape")
    play(page, None)
    page.wait_for_selector("#game-over:not([hidden])", timeout=60_000)
    shot(page, out / f"{game}-end-{label}.png", "#game-over")
    context.close()


def phone_shot(browser, url: str, label: str, out: Path) -> None:
    context = browser.new_context(**PHONE)
    page = context.new_page()
    table_id, seat = new_table(url, "dizzle", "Anna", {})
    open_table(page, url, table_id, seat)
    play(page, 3)
    wait_for_my_turn(page)
    preview(page, "dizzle")
    target = page.query_selector("#sheets figure.mine g.target")
    if target and page.query_selector("#undo"):
        target.click()
    elif page.query_selector("#undo") and page.query_selector("#choices button"):
        page.click("#choices button")
    shot(page, out / f"phone-table-{label}.png", "#status")
    context.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--url", help="a running server (default: start one of this checkout)")
    parser.add_argument("--label", default="after")
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshots")
    parser.add_argument("--games", nargs="*", default=list(GAMES))
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    process, url = (None, args.url) if args.url else serve()
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=args.chromium, headless=True,
                                                 args=["--no-sandbox", "--disable-gpu"])
            for game in args.games:
                game_shots(browser, url, game, args.label, args.out)
            phone_shot(browser, url, args.label, args.out)
            browser.close()
    finally:
        if process:
            process.terminate()
            process.wait(timeout=10)


if __name__ == "__main__":
    main()
