"""The WebSocket route: one client at a live table."""

from __future__ import annotations

from fastapi import WebSocket, WebSocketDisconnect

from .limits import TokenBucket
from .lobby import LobbyError
from .manager import Connection, TableManager
from .protocol import Refused, parse_message

#: close codes for refused connections: 4000 + the HTTP status
CLOSE_OFFSET = 4000


async def serve_client(websocket: WebSocket, manager: TableManager, table_id: str) -> None:
    token = websocket.query_params.get("token")
    invite = websocket.query_params.get("invite")
    await websocket.accept()
    try:
        connection = await manager.connect(table_id, websocket.send_text, token, invite)
    except LobbyError as error:
        await websocket.close(CLOSE_OFFSET + error.status, error.detail[:120])
        return
    try:
        await receive_loop(websocket, manager, table_id, connection)
    except WebSocketDisconnect:
        pass
    finally:
        await manager.disconnect(table_id, connection)


async def receive_loop(websocket: WebSocket, manager: TableManager, table_id: str,
                       connection: Connection) -> None:
    settings = manager.settings
    bucket = TokenBucket(manager.clock, settings.rate_burst, settings.rate_per_second)
    while True:
        text = await receive_text(websocket)
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
                await connection.send({"type": "pong"})
            else:
                await manager.act(table_id, connection.seat, message["version"], message["action"])
        except Refused as refused:
            await connection.send({"type": "error", "code": refused.code, "reason": refused.reason,
                                   "version": manager.table(table_id).version})


async def receive_text(websocket: WebSocket) -> str | None:
    """The next text message; ``None`` for a binary one."""
    message = await websocket.receive()
    if message["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(message.get("code", 1000))
    return message.get("text")
