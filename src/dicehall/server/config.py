"""Server settings: where state lives, and the limits that protect it."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

DEFAULT_DATA = Path("dicehall-data")


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
    #: token bucket per connection: burst size and refill per second
    rate_burst: int = 10
    rate_per_second: float = 5.0
    #: seconds between timer checks; ``None`` leaves them to the caller (tests)
    timer_interval: float | None = 0.5
    bot_levels: tuple[str, ...] = field(default=("easy", "medium", "hard"))

    def __post_init__(self) -> None:
        self.data_dir = Path(self.data_dir)
        if self.database_url is None:
            self.database_url = os.environ.get("DATABASE_URL") or self.sqlite_url()

    def sqlite_url(self) -> str:
        return f"sqlite:///{(self.data_dir / 'dicehall.sqlite3').resolve()}"
