"""Server settings: where state lives, and the limits that protect it."""

from __future__ import annotations

import os
from dataclasses import dataclass, field, fields
from pathlib import Path

from ..engine.errors import DicehallError
from ..engine.inputs import parse_toml, read_text

DEFAULT_DATA = Path("dicehall-data")
#: settings given on the command line or in the environment, not in a settings file
NOT_IN_FILES = ("data_dir", "database_url", "redis_url", "bot_queue_url", "bot_levels")


@dataclass
class Settings:
    """``database_url`` defaults to a SQLite file in ``data_dir``; the
    ``DATABASE_URL`` environment variable (e.g. PostgreSQL) overrides it."""

    data_dir: Path = DEFAULT_DATA
    database_url: str | None = None
    #: seconds a disconnected player keeps the seat before a bot takes over
    grace_seconds: float = 60.0
    #: the bot level that plays for an absent player
    takeover_bot: str = "medium"
    #: once a time bank is empty, each decision still gets this long
    bank_floor_seconds: float = 5.0
    max_message_bytes: int = 4096
    #: an HTTP request body (an inline sheet is the largest) has at most this many bytes
    max_body_bytes: int = 256 * 1024
    #: token bucket per connection: burst size and refill per second
    rate_burst: int = 10
    rate_per_second: float = 5.0
    #: seconds between timer checks; ``None`` leaves them to the caller (tests)
    timer_interval: float | None = 0.5
    #: seconds at least between a bot's (or a timeout's) step and the step
    #: before it, at a table with a human present, so people can follow; 0: none
    bot_pace: float = 0.8
    #: messages waiting to be sent to one client; a client that falls this far
    #: behind (it does not read) is disconnected, its seat kept
    outbound_messages: int = 256
    #: seconds one message may take to reach a client before it is disconnected
    send_timeout: float = 10.0
    #: chat: characters a line, and a token bucket per connection
    chat_length: int = 300
    chat_burst: int = 5
    chat_per_second: float = 0.5
    #: spectators a table admits at once
    max_spectators: int = 100
    #: seconds a rematch keeps the old players' seats for them
    rematch_hold_seconds: float = 120.0
    #: quotas per client address: waiting tables it created that are open at
    #: once, tables it may create (a token bucket: burst, then one per this
    #: many seconds), and WebSocket connections at once
    waiting_tables_per_address: int = 10
    tables_burst: int = 20
    seconds_per_table: float = 10.0
    connections_per_address: int = 60
    #: a waiting table nobody touched for this long is closed (a turn-based one: the second)
    waiting_expiry_seconds: float = 1800.0
    turn_waiting_seconds: float = 7 * 86400.0
    #: seconds setting up a requested game may take (checking an inline sheet, building its tables)
    build_seconds: float = 5.0
    #: tables one lobby listing holds at most
    listing_limit: int = 100
    #: TCP: seconds a client has to send a request's headers, idle seconds a
    #: keep-alive connection is kept, HTTP connections one address may hold,
    #: seconds between WebSocket pings (and to wait for the answer)
    header_seconds: float = 10.0
    keep_alive_seconds: int = 5
    http_per_address: int = 200
    ping_seconds: float = 20.0
    #: worker processes bots think in (``dicehall.server.thinking``): at most
    #: this many bots think at once, the others queue, first come first
    #: served, so no table's bots starve the rest; 0 thinks in a thread of the
    #: server instead (tests and benchmarks)
    bot_workers: int = 1
    #: bots on other hosts (docs/deploy.md, "Bot workers"): the Redis whose
    #: queue ``dicehall bot-worker`` processes answer (``None``: this host's
    #: pool of ``bot_workers``; the ``DICEHALL_BOT_QUEUE`` environment variable
    #: gives it too), how many of this process's questions are in the queue
    #: at once (the others wait their turn), and the seconds after which a
    #: question nobody answered is given up (the bot asks again; a hint is refused)
    bot_queue_url: str | None = None
    bot_questions: int = 64
    bot_seconds: float = 30.0
    #: post-game reviews: worker processes that make them, reviews waiting or
    #: being made at once (more are refused until one is done), and the
    #: review's budget (``dicehall review --rounds --width``)
    review_workers: int = 1
    review_queue: int = 4
    review_rounds: int = 16
    review_width: int = 4
    #: the daily challenge: the bot whose game on the day's dice is the score to
    #: beat (made in the reviews' workers), and how many entries a leaderboard shows
    daily_bot: str = "expert"
    daily_leaderboard: int = 20
    #: accounts (docs/accounts.md): argon2id's cost (passes, and memory in KiB),
    #: days a login lasts, failed logins in a row before a lock-out and how long
    #: it lasts, whether the session cookie is marked Secure (``auto``: when the
    #: request came over HTTPS, as behind a TLS proxy; ``always``; ``never``),
    #: and per address a token bucket of registrations and of
    #: logins (burst, then one per this many seconds)
    argon2_time_cost: int = 3
    argon2_memory_kib: int = 65536
    session_days: float = 30.0
    login_failures: int = 5
    lockout_seconds: float = 900.0
    secure_cookies: str = "auto"
    registrations_burst: int = 3
    seconds_per_registration: float = 600.0
    logins_burst: int = 10
    seconds_per_login: float = 6.0
    #: several processes (docs/deploy.md): the Redis they share (``None``: this
    #: process alone; the ``DICEHALL_REDIS_URL`` environment variable gives it
    #: too), the secret they prove to each other when forwarding (also
    #: ``DICEHALL_CLUSTER_SECRET``), the address the others reach this one at,
    #: and the seconds a silent process keeps its tables before others take them
    redis_url: str | None = None
    cluster_secret: str = ""
    peer_address: str = ""
    lease_seconds: float = 3.0
    #: seconds between freezes of what survived in memory (``server/heap.py``:
    #: keeps full garbage collections short as the live tables grow); 0: never
    freeze_seconds: float = 5.0
    bot_levels: tuple[str, ...] = field(default=("easy", "medium", "hard"))

    def __post_init__(self) -> None:
        if self.secure_cookies not in ("auto", "always", "never"):
            raise ValueError(f"secure_cookies: auto, always or never, not {self.secure_cookies!r}")
        self.data_dir = Path(self.data_dir)
        if self.database_url is None:
            self.database_url = os.environ.get("DATABASE_URL") or self.sqlite_url()
        self.redis_url = self.redis_url or os.environ.get("DICEHALL_REDIS_URL") or None
        self.bot_queue_url = self.bot_queue_url or os.environ.get("DICEHALL_BOT_QUEUE") or None
        self.cluster_secret = self.cluster_secret or os.environ.get("DICEHALL_CLUSTER_SECRET", "")
        if self.redis_url:
            if len(self.cluster_secret) < 16:
                raise ValueError("cluster_secret: processes sharing Redis need a shared secret of at "
                                 "least 16 characters (DICEHALL_CLUSTER_SECRET)")
            if self.database_url.startswith("sqlite"):
                raise ValueError("redis_url: processes sharing Redis need a shared database: set "
                                 "DATABASE_URL to PostgreSQL (SQLite is for one process)")
            if not self.peer_address:
                raise ValueError("peer_address: the address the other processes reach this one at "
                                 "(http://host:port) is needed with redis_url")

    def sqlite_url(self) -> str:
        return f"sqlite:///{(self.data_dir / 'dicehall.sqlite3').resolve()}"


def settings_file(path: Path, **given: object) -> Settings:
    """Settings from a TOML file of field names and values (``bot_pace = 0.5``),
    under those ``given``; an unknown name or a value of the wrong type is a
    ValueError naming the file and the field."""
    try:
        data = parse_toml(read_text(path), str(path))
    except DicehallError as error:
        raise ValueError(str(error)) from None
    known = {f.name: f for f in fields(Settings)}
    for name, value in data.items():
        if name not in known or name in NOT_IN_FILES:
            raise ValueError(f"{path}: {name}: not a setting of the server")
        default = known[name].default
        if type(value) is not type(default) and not (isinstance(default, float) and type(value) is int):
            raise ValueError(f"{path}: {name}: expected {type(default).__name__}, got {value!r}")
    return Settings(**{**data, **given})
