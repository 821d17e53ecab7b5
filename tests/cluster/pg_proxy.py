"""A TCP proxy of the drills' own between the servers and PostgreSQL, which a
test can cut and restore (stdlib only: asyncio in a thread of its own).

``cut("refuse")`` is PostgreSQL stopped: every connection through the proxy
is closed and new ones are refused. ``cut("blackhole")`` is a network that
swallows packets: every connection is closed, and new ones are accepted but
never answered (a client waits until its own timeout). ``restore()`` lets
connections through again, on the same port."""

from __future__ import annotations

import asyncio
import contextlib
import socket
import threading


class PgProxy:
    def __init__(self, target_host: str, target_port: int) -> None:
        self.target = (target_host, target_port)
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            self.port = probe.getsockname()[1]
        self.mode = "open"
        #: every client connection now open through the proxy (or held by a blackhole)
        self.writers: set[asyncio.StreamWriter] = set()
        #: how many connections the proxy accepted (a test can see the servers reconnect)
        self.accepted = 0
        self.server: asyncio.Server | None = None
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, name="pg-proxy", daemon=True)

    # --- what a test calls (from its own thread) ------------------------------------
    def start(self) -> None:
        self.thread.start()
        self.call(self.listen())

    def cut(self, mode: str = "refuse") -> None:
        """Close every connection; new ones are refused (``refuse``) or hang (``blackhole``)."""
        assert mode in ("refuse", "blackhole")
        self.call(self.cutting(mode))

    def restore(self) -> None:
        self.call(self.restoring())

    def stop(self) -> None:
        if self.thread.is_alive():
            self.call(self.cutting("refuse"))
            self.loop.call_soon_threadsafe(self.loop.stop)
            self.thread.join(5)

    def call(self, coroutine) -> None:
        asyncio.run_coroutine_threadsafe(coroutine, self.loop).result(10)

    # --- in the proxy's thread --------------------------------------------------------
    async def listen(self) -> None:
        self.server = await asyncio.start_server(self.serve, "127.0.0.1", self.port, reuse_address=True)
        self.mode = "open"

    async def cutting(self, mode: str) -> None:
        self.mode = mode
        if mode == "refuse" and self.server is not None:
            self.server.close()
            await self.server.wait_closed()
            self.server = None
        self.close_all()

    async def restoring(self) -> None:
        self.close_all()                # a blackhole's connections were never answered
        if self.server is None:
            await self.listen()
        self.mode = "open"

    def close_all(self) -> None:
        for writer in list(self.writers):
            abort(writer)
        self.writers.clear()

    async def serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.accepted += 1
        self.writers.add(writer)
        if self.mode != "open":         # a blackhole: held, never answered, closed at the restore
            return
        try:
            up_reader, up_writer = await asyncio.open_connection(*self.target)
        except OSError:
            abort(writer)
            return
        self.writers.add(up_writer)
        await asyncio.gather(pipe(reader, up_writer), pipe(up_reader, writer))
        for end in (writer, up_writer):
            self.writers.discard(end)
            abort(end)


async def pipe(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
    """Copy bytes one way until either end closes (then close both)."""
    with contextlib.suppress(OSError, asyncio.IncompleteReadError):
        while data := await reader.read(65536):
            writer.write(data)
            await writer.drain()
    abort(writer)


def abort(writer: asyncio.StreamWriter) -> None:
    """Close a connection at once (a reset, as when a server goes away)."""
    with contextlib.suppress(Exception):
        writer.transport.abort()
