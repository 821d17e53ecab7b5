"""Limits on the server's TCP connections, below HTTP: how long a client may
take to send a request's headers, and how many connections one address may
hold open. Without them, clients that open connections and never finish a
request hold file descriptors until the server has none left for anyone."""

from __future__ import annotations

import asyncio
import resource
from collections import Counter
from typing import Any

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

from .config import Settings

_open: Counter[str] = Counter()


class GuardedProtocol(HttpToolsProtocol):
    """Uvicorn's HTTP protocol with a header timeout and a per-address cap."""

    #: seconds from a connection's start (or the end of the previous request)
    #: to the end of a request's headers
    header_seconds = 10.0
    #: HTTP connections one address may hold open (WebSockets count apart)
    per_address = 200
    header_timer: asyncio.TimerHandle | None = None
    address: str | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self.address = self.client[0] if self.client else "?"
        _open[self.address] += 1
        if _open[self.address] > self.per_address:
            transport.close()
            return
        self.wait_for_headers()

    def wait_for_headers(self) -> None:
        self.header_timer = self.loop.call_later(self.header_seconds, self.transport.close)

    def on_headers_complete(self) -> None:
        if self.header_timer is not None:
            self.header_timer.cancel()
            self.header_timer = None
        super().on_headers_complete()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        if not self.transport.is_closing() and self.header_timer is None:
            self.wait_for_headers()

    def handle_websocket_upgrade(self) -> None:
        """A WebSocket leaves this protocol (the manager counts those per address)."""
        self.release()
        super().handle_websocket_upgrade()

    def connection_lost(self, exc: Exception | None) -> None:
        self.release()
        super().connection_lost(exc)

    def release(self) -> None:
        if self.header_timer is not None:
            self.header_timer.cancel()
            self.header_timer = None
        if self.address is not None:
            _open[self.address] -= 1
            if _open[self.address] <= 0:
                del _open[self.address]
            self.address = None


def raise_file_limit() -> int:
    """Let the process open as many files as the system allows it (the soft
    limit is often 1,024); returns the limit now in force."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard == resource.RLIM_INFINITY:
        hard = max(soft, 65536)
    if soft < hard:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
        except (ValueError, OSError):
            return soft
    return hard


def uvicorn_options(settings: Settings) -> dict[str, Any]:
    """What ``uvicorn.run`` needs for these limits."""
    guarded = type("Guarded", (GuardedProtocol,), {"header_seconds": settings.header_seconds,
                                                   "per_address": settings.http_per_address})
    return {"http": guarded, "timeout_keep_alive": settings.keep_alive_seconds,
            "ws_ping_interval": settings.ping_seconds, "ws_ping_timeout": settings.ping_seconds}
