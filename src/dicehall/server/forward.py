"""Requests for a table owned by another server process go to that process.

A client may reach any process (a reverse proxy spreads them). Every request
naming a table (``/api/tables/{id}/…`` and the socket ``/ws/tables/{id}``)
is served by the table's owner (:mod:`.cluster`): here if this process owns
it or has just taken it over, else it is forwarded, HTTP as a new request and
a socket frame by frame, so the client gets every update of the table from
whichever process it reached. A forwarded request carries the cluster's
secret, the client's address and the Host it asked for, and is never
forwarded again (a table that moved meanwhile is a 503 to try again)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import re
import secrets

import httpx
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from .cluster import ClusterUnavailable
from .lobby import LobbyError

log = logging.getLogger(__name__)
TABLE_PATH = re.compile(r"^/(?:api|ws)/tables/([A-Za-z0-9_-]{1,64})(?:/[a-z]*)?$")
PEER, CLIENT, HOST = b"x-dicehall-peer", b"x-dicehall-client", b"x-dicehall-host"
#: headers a proxy does not pass on (RFC 9110, 7.6.1), and the ones it sets itself
HOP = {b"connection", b"keep-alive", b"proxy-connection", b"te", b"trailer", b"transfer-encoding",
       b"upgrade", b"host", b"content-length", PEER, CLIENT, HOST}
SOCKET_ONLY = {b"sec-websocket-key", b"sec-websocket-version", b"sec-websocket-extensions"}
#: the close code of a forwarded socket whose owner went away: the browser reconnects
OWNER_GONE = (1012, "the table's server went away: reconnecting")
MOVING = "the table is moving between servers; try again in a few seconds"


class Forward:
    """ASGI middleware of a server in a cluster (``redis_url`` set)."""

    def __init__(self, app: ASGIApp, secret: str):
        self.app = app
        self.secret = secret.encode()

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        found = TABLE_PATH.match(scope.get("path", "")) if scope["type"] in ("http", "websocket") else None
        if found is None:
            await self.app(scope, receive, send)
            return
        headers = dict(scope["headers"])
        peer = secrets.compare_digest(headers.get(PEER, b""), self.secret)
        if peer:
            scope = peer_scope(scope, headers)
        try:
            address = await scope["app"].state.manager.adopt(found.group(1))
        except ClusterUnavailable as error:
            log.warning("cannot route table %s: %s", found.group(1), error)
            await refuse(scope, receive, send)
            return
        except LobbyError as error:         # the table cannot be read from storage now
            await refuse(scope, receive, send, error)
            return
        if address is None:
            await self.app(scope, receive, send)
        elif peer:                  # it moved on since the forwarding process looked
            await refuse(scope, receive, send)
        elif scope["type"] == "http":
            await self.forward_http(scope, receive, send, address)
        else:
            await forward_socket(scope, receive, send, address, self.peer_headers(scope))

    def peer_headers(self, scope: Scope) -> list[tuple[bytes, bytes]]:
        """The client's headers, and what tells the owner who asked."""
        skip = HOP | SOCKET_ONLY
        kept = [(k, v) for k, v in scope["headers"] if k not in skip]
        client = scope.get("client")
        host = dict(scope["headers"]).get(b"host", b"")
        return [*kept, (PEER, self.secret), (CLIENT, (client[0] if client else "").encode()), (HOST, host)]

    async def forward_http(self, scope: Scope, receive: Receive, send: Send, address: str) -> None:
        body = b""
        while True:
            message = await receive()
            body += message.get("body", b"")
            if not message.get("more_body"):
                break
        client: httpx.AsyncClient = scope["app"].state.peers
        query = scope.get("query_string", b"").decode()
        url = address + scope["raw_path"].decode() + (f"?{query}" if query else "")
        try:
            answer = await client.request(scope["method"], url, content=body,
                                               headers=self.peer_headers(scope))
        except httpx.HTTPError as error:
            log.warning("could not forward to %s: %s", address, error)
            await refuse(scope, receive, send)
            return
        kept = [(k.lower(), v) for k, v in answer.headers.raw if k.lower() not in HOP | {b"content-encoding"}]
        await send({"type": "http.response.start", "status": answer.status_code,
                    "headers": [*kept, (b"content-length", str(len(answer.content)).encode())]})
        await send({"type": "http.response.body", "body": answer.content})


def peer_scope(scope: Scope, headers: dict[bytes, bytes]) -> Scope:
    """A forwarded request as the client made it: its address and Host."""
    client = headers.get(CLIENT, b"").decode() or None
    host = headers.get(HOST)
    kept = [(k, v) for k, v in scope["headers"] if k not in (b"host", PEER, CLIENT, HOST)]
    return {**scope, "client": (client, 0) if client else None,
            "headers": [*kept, (b"host", host)] if host else kept}


async def refuse(scope: Scope, receive: Receive, send: Send, error: LobbyError | None = None) -> None:
    """503 (a socket: closed with 4503) with the reason (the table is moving,
    unless ``error`` says otherwise): the client tries again."""
    detail, code = (error.detail, error.code) if error else (MOVING, "moving")
    if scope["type"] == "websocket":
        await receive()
        await send({"type": "websocket.accept"})
        await send({"type": "websocket.close", "code": 4503, "reason": detail[:120]})
        return
    body = json.dumps({"detail": detail, "code": code}).encode()
    await send({"type": "http.response.start", "status": 503,
                "headers": [(b"content-type", b"application/json"), (b"retry-after", b"2"),
                            (b"content-length", str(len(body)).encode())]})
    await send({"type": "http.response.body", "body": body})


async def forward_socket(scope: Scope, receive: Receive, send: Send, address: str,
                         headers: list[tuple[bytes, bytes]]) -> None:
    """Join the client's socket to one opened to the owner, frame by frame,
    until either side closes; the owner's close code reaches the client."""
    from websockets.asyncio.client import connect
    from websockets.exceptions import ConnectionClosed, WebSocketException

    if (await receive())["type"] != "websocket.connect":
        return
    query = scope.get("query_string", b"").decode()
    url = "ws" + address.removeprefix("http") + scope["raw_path"].decode() + (f"?{query}" if query else "")
    try:
        upstream = await connect(url, additional_headers=[(k.decode(), v.decode()) for k, v in headers],
                                 max_size=64 * 1024, open_timeout=5, compression=None)
    except (OSError, TimeoutError, WebSocketException) as error:
        log.warning("could not forward a socket to %s: %s", address, error)
        await send({"type": "websocket.accept"})
        await send({"type": "websocket.close", "code": 4503, "reason": MOVING[:120]})
        return
    await send({"type": "websocket.accept"})

    async def client_to_owner() -> None:
        while True:
            message: Message = await receive()
            if message["type"] == "websocket.disconnect":
                return
            await upstream.send(message.get("text") if message.get("text") is not None else message["bytes"])

    async def owner_to_client() -> tuple[int, str]:
        try:
            async for frame in upstream:
                await send({"type": "websocket.send", **({"text": frame} if isinstance(frame, str)
                                                         else {"bytes": frame})})
        except ConnectionClosed:
            pass
        code, reason = upstream.close_code, upstream.close_reason or ""
        return OWNER_GONE if code in (None, 1006, 1011) else (code, reason)

    pumps = [asyncio.create_task(client_to_owner()), asyncio.create_task(owner_to_client())]
    try:
        done, _ = await asyncio.wait(pumps, return_when=asyncio.FIRST_COMPLETED)
    finally:
        for pump in pumps:
            pump.cancel()
        await asyncio.gather(*pumps, return_exceptions=True)
        with contextlib.suppress(Exception):
            await upstream.close()
    if pumps[1] in done and not pumps[1].exception():
        code, reason = pumps[1].result()
        with contextlib.suppress(Exception):
            await send({"type": "websocket.close", "code": code, "reason": reason})

