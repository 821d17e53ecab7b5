"""The FastAPI application: HTTP lobby, WebSocket tables, the static client."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from importlib import resources
from pathlib import Path

from fastapi import FastAPI, Request, WebSocket
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from fastapi.staticfiles import StaticFiles

from . import account_routes, community_routes
from .clock import Clock, SystemClock
from .community import Presence
from .config import Settings
from .daily import DailyBots
from .db import open_database
from .heap import Heap
from .http_limits import BodyLimit, validation_error
from .limits import AddressBuckets
from .live import serve_client
from .lobby import LobbyError
from .manager import TableManager
from .reviews import Reviews
from .routes import router


def static_folder() -> Path | None:
    """The browser client's files, if the package ships them."""
    try:
        folder = Path(str(resources.files("dicehall.web").joinpath("static")))
    except ModuleNotFoundError:
        return None
    return folder if folder.is_dir() else None


async def tick(manager: TableManager, interval: float) -> None:
    while True:
        await asyncio.sleep(interval)
        await manager.check_timers()


async def keep_heap(interval: float) -> None:
    heap = Heap()
    while True:
        heap.freeze()
        await asyncio.sleep(interval)


async def join_cluster(app: FastAPI, manager: TableManager, settings: Settings, clock: Clock) -> None:
    """Share Redis with the other processes: beat, follow the lobby's channel,
    publish this process's tables (it takes the tables nobody owns as it goes);
    ``app.state.peers`` is the HTTP client requests are forwarded with."""
    import httpx

    from .cluster import Cluster

    assert settings.redis_url
    cluster = Cluster(settings.redis_url, settings.peer_address, settings.lease_seconds, clock.now)
    manager.cluster = cluster
    app.state.peers = httpx.AsyncClient(timeout=10.0)
    cluster.tasks = [asyncio.create_task(job()) for job in
                     (cluster.listen, manager.keep_cluster, manager.keep_publishing)]


def create_app(settings: Settings | None = None, clock: Clock | None = None) -> FastAPI:
    """The server. Its :class:`TableManager` is ``app.state.manager`` once started."""
    settings = settings or Settings()
    clock = clock or SystemClock()

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        manager = TableManager(open_database(settings.database_url), settings, clock)
        app.state.manager = manager
        app.state.reviews = Reviews(manager.sessions, settings)
        app.state.daily = DailyBots(manager.sessions, settings, app.state.reviews)
        app.state.registrations = AddressBuckets(clock, settings.registrations_burst,
                                                 settings.seconds_per_registration)
        app.state.logins = AddressBuckets(clock, settings.logins_burst, settings.seconds_per_login)
        app.state.presence = Presence()
        if settings.redis_url:
            await join_cluster(app, manager, settings, clock)
        else:
            manager.resume()
        if settings.bot_workers:
            manager.bots.start()
        interval = settings.timer_interval
        tasks = [asyncio.create_task(tick(manager, interval))] if interval else []
        if settings.freeze_seconds:     # after the tables loaded: the first freeze holds them
            tasks.append(asyncio.create_task(keep_heap(settings.freeze_seconds)))
        yield
        for task in tasks:
            task.cancel()
        app.state.daily.close()
        await app.state.reviews.close()
        await manager.close()
        if manager.cluster:
            await app.state.peers.aclose()
            await manager.cluster.close()

    app = FastAPI(title="Dicehall", lifespan=lifespan)
    if settings.redis_url:
        from .forward import Forward

        app.add_middleware(Forward, secret=settings.cluster_secret)
    app.add_middleware(BodyLimit, limit=settings.max_body_bytes)
    app.add_exception_handler(RequestValidationError, validation_error)
    app.include_router(router, prefix="/api")
    app.include_router(account_routes.router, prefix="/api")
    app.include_router(community_routes.router, prefix="/api")

    @app.exception_handler(LobbyError)
    async def lobby_error(request: Request, error: LobbyError) -> JSONResponse:
        return JSONResponse({"detail": error.detail, "code": error.code}, status_code=error.status)

    @app.websocket("/ws/tables/{table_id}")
    async def table_socket(websocket: WebSocket, table_id: str) -> None:
        await serve_client(websocket, websocket.app.state.manager, table_id)

    folder = static_folder()
    if folder:
        app.mount("/", StaticFiles(directory=folder, html=True), name="client")
    return app
