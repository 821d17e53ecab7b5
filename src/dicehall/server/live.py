"""The WebSocket route: one client at a live table.

Each client has two tasks: one reads its messages and acts on them, the other
(the pump) sends what the manager queued for it. So no client's socket is
ever written to while a table's lock is held, and a client that stops reading
holds up only itself: its queue overflows or a send times out, and it is
disconnected (its seat stays, and it may reconnect)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from urllib.parse import urlsplit

from fastapi import WebSocket, WebSocketDisconnect
from sqlalchemy.exc import SQLAlchemyError
from starlette.concurrency import run_in_threadpool

from . import accounts, community
from .limits import TokenBucket
from .lobby import LobbyError
from .logins import COOKIE
from .manager import Connection, TableManager
from .protocol import Refused, parse_message

log = logging.getLogger(__name__)
#: close codes for refused connections: 4000 + the HTTP status
CLOSE_OFFSET = 4000


async def serve_client(websocket: WebSocket, manager: TableManager, table_id: str) -> None:
    token = websocket.query_params.get("token")
    invite = websocket.query_params.get("invite")
    await websocket.accept()
    try:
        address = websocket.client.host if websocket.client else None
        account_id, blocked = await account_of_socket(websocket, manager)
        connection = await manager.connect(table_id, token, invite, address, account_id, blocked)
    except LobbyError as error:
        await websocket.close(CLOSE_OFFSET + error.status, error.detail[:120])
        return
    receiver = asyncio.create_task(receive_loop(websocket, manager, table_id, connection))
    pump = asyncio.create_task(send_loop(websocket, connection, manager.settings.send_timeout))
    try:
        done, _ = await asyncio.wait({receiver, pump}, return_when=asyncio.FIRST_COMPLETED)
    finally:
        receiver.cancel()
        pump.cancel()
        manager.let_go(table_id, connection)
    if pump in done:
        with contextlib.suppress(Exception):
            await asyncio.wait_for(websocket.close(*connection.reason), 1.0)


async def account_of_socket(websocket: WebSocket, manager: TableManager) -> tuple[int | None, frozenset[int]]:
    """The account logged in on the page that opened the socket (its session
    cookie), if the page is this server's own (the Origin header's host), and
    the accounts it blocked; a guest's (or when storage fails): nobody."""
    secret = websocket.cookies.get(COOKIE)
    origin = websocket.headers.get("origin")
    if not secret or (origin and urlsplit(origin).netloc != websocket.headers.get("host")):
        return None, frozenset()

    def find() -> tuple[int | None, frozenset[int]]:
        with manager.sessions() as session:
            found = accounts.holder(session, secret, manager.clock.now())
            if found is None:
                return None, frozenset()
            return found[0].id, community.blocked_ids(session, found[0].id)
    try:
        return await run_in_threadpool(find)
    except SQLAlchemyError:
        log.exception("could not look up the account of a socket")
        return None, frozenset()


async def send_loop(websocket: WebSocket, connection: Connection, timeout: float) -> None:
    """Send the queued messages in order; end when the connection is closed
    (its queue overflowed), the client has gone, or a send takes longer than
    ``timeout``."""
    while (text := await connection.queue.get()) is not None:
        try:
            await asyncio.wait_for(websocket.send_text(text), timeout)
        except (TimeoutError, WebSocketDisconnect):
            return


async def receive_loop(websocket: WebSocket, manager: TableManager, table_id: str,
                       connection: Connection) -> None:
    settings = manager.settings
    clock = manager.clock
    bucket = TokenBucket(clock, settings.rate_burst, settings.rate_per_second)
    chat = TokenBucket(clock, settings.chat_burst, settings.chat_per_second)
    while True:
        try:
            text = await receive_text(websocket)
        except WebSocketDisconnect:
            return
        try:
            if not bucket.take():
                raise Refused("rate-limited", "too many messages: slow down")
            if text is None:
                raise Refused("malformed", "messages are JSON text, not binary")
            limit = settings.max_message_bytes
            if len(text) > limit or len(text.encode()) > limit:
                raise Refused("too-large", f"a message has at most {limit} bytes of text")
            message = parse_message(text)
            if message["type"] == "ping":
                connection.send({"type": "pong"})
            elif message["type"] == "hint":
                connection.send(await manager.hint(table_id, connection.seat, message["version"]))
            elif message["type"] == "chat":
                if not chat.take():
                    raise Refused("chat-rate", "too many chat lines: wait a moment")
                await manager.say(table_id, connection.seat, message["text"])
            else:
                await manager.act(table_id, connection.seat, message["version"], message["action"])
        except Refused as refused:
            table = manager.tables.get(table_id)
            connection.send({"type": "error", "code": refused.code, "reason": refused.reason,
                             "version": table.version if table else None})
        except LobbyError as error:
            connection.send({"type": "error", "code": error.code, "reason": error.detail, "version": None})


async def receive_text(websocket: WebSocket) -> str | None:
    """The next text message; ``None`` for a binary one."""
    message = await websocket.receive()
    if message["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(message.get("code", 1000))
    return message.get("text")
