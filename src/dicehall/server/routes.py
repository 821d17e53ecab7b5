"""The HTTP lobby (``/api``): games, layouts, tables, records, replays, ratings."""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import Response
from starlette.concurrency import run_in_threadpool

from . import ratings
from .lobby import LobbyError, configure, games_json
from .manager import TableManager
from .protocol import CreateTable, JoinRequest, TokenRequest
from .tables import OVER

router = APIRouter()


def manager_of(request: Request) -> TableManager:
    return request.app.state.manager


@router.get("/games")
def games(request: Request) -> list[dict]:
    return games_json(manager_of(request).settings)


@router.get("/layout/{game}")
def layout(game: str, request: Request) -> dict:
    return configure(game, dict(request.query_params)).layout()


@router.post("/tables", status_code=201)
async def create_table(spec: CreateTable, request: Request) -> dict:
    """On the event loop, like every other change to the tables."""
    return manager_of(request).create(spec)


@router.get("/tables")
def list_tables(request: Request) -> list[dict]:
    return manager_of(request).listing()


@router.get("/tables/{table_id}")
def get_table(table_id: str, request: Request, invite: str | None = None) -> dict:
    manager = manager_of(request)
    return manager.table_json(manager.visible(table_id, invite))


@router.post("/tables/{table_id}/join")
async def join(table_id: str, body: JoinRequest, request: Request) -> dict:
    return await manager_of(request).join(table_id, body)


@router.post("/tables/{table_id}/leave")
async def leave(table_id: str, body: TokenRequest, request: Request) -> dict:
    return await manager_of(request).leave(table_id, body.token)


@router.post("/tables/{table_id}/start")
async def start(table_id: str, body: TokenRequest, request: Request) -> dict:
    return await manager_of(request).start(table_id, body.token)


def finished(request: Request, table_id: str, invite: str | None):
    table = manager_of(request).visible(table_id, invite)
    if table.status != OVER:
        raise LobbyError(409, "records and replays are available once the game is over")
    return table


@router.get("/tables/{table_id}/record")
def record(table_id: str, request: Request, invite: str | None = None) -> Response:
    table = finished(request, table_id, invite)
    return Response(table.record().dumps(), media_type="application/json",
                    headers={"Content-Disposition": f'attachment; filename="dicehall-{table.id}.json"'})


@router.get("/tables/{table_id}/replay")
def replay(table_id: str, request: Request, invite: str | None = None) -> dict:
    table = finished(request, table_id, invite)
    return {"table": manager_of(request).table_json(table), "layout": table.game.layout(),
            "steps": table.replay()}


@router.get("/leaderboard/{game}")
async def leaderboard(game: str, request: Request) -> list[dict]:
    configure(game, {})
    manager = manager_of(request)
    await manager.writer.flush()  # the ratings of games just ended

    def read() -> list[dict]:
        with manager.sessions() as session:
            return ratings.leaderboard(session, game)
    return await run_in_threadpool(read)
