"""Online play: the lobby, live tables over WebSocket, timers, bots in seats,
records, replays and ratings (see ``docs/server.md``)."""

from .app import create_app
from .clock import Clock, FakeClock, SystemClock
from .config import Settings

__all__ = ["Clock", "FakeClock", "Settings", "SystemClock", "create_app"]
