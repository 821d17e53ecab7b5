"""Fixtures for the end-to-end tests: the real server (``dicehall serve`` in a
subprocess, on a free port of 127.0.0.1 with a temporary data folder) and
Debian's headless Chromium driven by Playwright.

Chromium and Playwright are required: ``make test`` installs both. Without
them these tests fail, unless ``DICEHALL_SKIP_E2E=1`` says to skip them."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

HERE = str(Path(__file__).resolve().parent)
if HERE not in sys.path:
    sys.path.insert(0, HERE)
pytest.register_assert_rewrite("ui")

#: every wait waits on a condition, for at most this long (ms): generous, as the
#: machine running the tests may be loaded (2 cores shared with other work)
TIMEOUT = 60_000
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def unavailable(reason: str) -> None:
    """Skip when the developer opted out, else fail loudly (CI must run these)."""
    if os.environ.get("DICEHALL_SKIP_E2E") == "1":
        pytest.skip(f"{reason} (DICEHALL_SKIP_E2E=1)")
    pytest.fail(f"{reason}: `make test` installs it; set DICEHALL_SKIP_E2E=1 to skip the e2e tests",
                pytrace=False)


def chromium_path() -> str:
    path = os.environ.get("DICEHALL_CHROMIUM") or shutil.which("chromium")
    if not path:
        unavailable("Debian's chromium is not installed")
    return path


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def wait_until_serving(process: subprocess.Popen, url: str, seconds: float = 90.0) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"dicehall serve exited with status {process.returncode}")
        try:
            with urllib.request.urlopen(f"{url}/api/games", timeout=1):
                return
        except OSError:
            time.sleep(0.1)
    raise RuntimeError(f"dicehall serve did not answer at {url} within {seconds} s")


#: the settings of every test server: every browser of the session comes from
#: 127.0.0.1, so its quotas are lifted
SETTINGS = ("waiting_tables_per_address = 10000\ntables_burst = 10000\n"
            "connections_per_address = 10000\n"
            # post-game reviews play few games on: seconds, not minutes
            "review_rounds = 4\nreview_width = 2\n"
            # the daily challenge's score to beat: greedy plays it in a second
            'daily_bot = "greedy"\n'
            # accounts: every registration and login
            # from 127.0.0.1 (the throttles have tests of their own), a
            # cheaper password hash
            "registrations_burst = 10000\nlogins_burst = 10000\n"
            "argon2_memory_kib = 8192\n"
            # idle HTTP connections are closed by the test's end, not the server's
            # 5 s (10 s) timer: Playwright's request context (Node's http.Agent)
            # may send on a pooled socket the server is closing at that instant
            # and fail with ECONNRESET (microsoft/playwright#42701), where a
            # browser would send the request again
            "keep_alive_seconds = 3600\nheader_seconds = 3600\n")


class Server:
    """``dicehall serve`` in a subprocess on a free port of 127.0.0.1 with a data
    folder of its own (``settings`` added to :data:`SETTINGS`); stopped and
    started again on the same port and data, it is the same server after a
    restart. ``--bot-pace 0``: bots and timeouts step at once (no test here
    checks the pacing)."""

    def __init__(self, data: Path, settings: str = "") -> None:
        self.data = data
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.config = data / "settings.toml"
        self.config.write_text(SETTINGS + settings)
        self.process: subprocess.Popen | None = None

    def start(self) -> None:
        env = {key: value for key, value in os.environ.items() if key != "DATABASE_URL"}
        self.process = subprocess.Popen(
            [sys.executable, "-m", "dicehall.cli", "serve", "--port", str(self.port),
             "--data", str(self.data), "--bot-pace", "0", "--config", str(self.config)],
            env=env, stdin=subprocess.DEVNULL)
        wait_until_serving(self.process, self.url)

    def stop(self, kill: bool = False) -> None:
        """Stop the server (SIGTERM: it shuts down in order; ``kill``: SIGKILL)."""
        if self.process is None:
            return
        if kill:
            self.process.kill()
        else:
            self.process.terminate()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self.process = None


@pytest.fixture(scope="session")
def base_url(tmp_path_factory) -> str:
    """The address of a ``dicehall serve`` of its own, for the whole session."""
    if os.environ.get("DICEHALL_SKIP_E2E") == "1":
        pytest.skip("DICEHALL_SKIP_E2E=1")
    server = Server(tmp_path_factory.mktemp("e2e-data"))
    try:
        server.start()
        yield server.url
    finally:
        server.stop()


@pytest.fixture
def restartable_server(tmp_path):
    """A server of the test's own (:class:`Server`), to stop and start again
    on the same data folder; a disconnected player's seat at a real-time table
    would go to a bot after 1 s (``grace_seconds``)."""
    if os.environ.get("DICEHALL_SKIP_E2E") == "1":
        pytest.skip("DICEHALL_SKIP_E2E=1")
    data = tmp_path / "data"
    data.mkdir()
    server = Server(data, "grace_seconds = 1\n")
    try:
        server.start()
        yield server
    finally:
        server.stop()


@pytest.fixture(scope="session")
def browser():
    path = chromium_path()
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        unavailable("the playwright package is not installed")
    from playwright.sync_api import expect
    expect.set_options(timeout=TIMEOUT)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=path, headless=True, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture
def context(browser, base_url, request):
    """A fresh browser profile (empty localStorage) per test; indirect
    parametrization passes options such as ``viewport``."""
    context = browser.new_context(base_url=base_url, **getattr(request, "param", {}))
    context.set_default_timeout(TIMEOUT)
    yield context
    context.close()


@pytest.fixture
def page(context):
    """A page whose uncaught script errors fail the test."""
    from ui import page_errors
    page = context.new_page()
    errors = page_errors(page)
    yield page
    assert not errors, f"uncaught errors in the page: {errors}"


@pytest.fixture
def contexts(browser, base_url):
    """More players or spectators, each with a browser profile of its own:
    ``contexts()`` makes one (closed at the end of the test, if still open);
    ``contexts(base_url=…)`` one on another server."""
    made = []

    def make(**options):
        context = browser.new_context(**{"base_url": base_url, **options})
        context.set_default_timeout(TIMEOUT)
        made.append(context)
        return context
    yield make
    for context in made:
        try:
            context.close()
        except Exception:  # closed by the test already
            pass


#: PNG files a sheet screenshot may not exceed: docs/ keeps them small
SHOT_BYTES = 400_000
#: redraws a screenshot may meet before it fails
REDRAWS = 5


@pytest.fixture
def shoot(tmp_path):
    """``shoot(locator, name)``: a screenshot of what the locator shows, as
    ``name``.png, in ``$DICEHALL_SCREENSHOTS`` (``make screenshots`` points it
    at docs/screenshots) or else in the test's temporary folder; its path.
    Each is checked to be a real, small PNG."""
    from playwright.sync_api import Error as PlaywrightError

    folder = Path(os.environ.get("DICEHALL_SCREENSHOTS") or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)

    def shoot(locator, name: str) -> Path:
        path = folder / f"{name}.png"
        for attempt in range(REDRAWS):
            try:
                locator.screenshot(path=str(path), animations="disabled", scale="css")
                break
            except PlaywrightError as error:  # a redraw replaced the sheet: the locator finds the new one
                if "not attached" not in str(error) or attempt == REDRAWS - 1:
                    raise
        data = path.read_bytes()
        assert data[:8] == b"\x89PNG\r\n\x1a\n" and 1_000 < len(data) <= SHOT_BYTES, (name, len(data))
        return path

    return shoot
