"""The HTTP lobby (``/api``): games, layouts, tables, records, replays, ratings, the daily challenge."""

from __future__ import annotations

import logging
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Query, Request
from fastapi.responses import Response
from pydantic import BaseModel
from sqlalchemy.exc import SQLAlchemyError
from starlette.concurrency import run_in_threadpool

from ..engine import words
from ..engine.daily import challenges, parse_day
from ..engine.errors import OptionError
from ..engine.registry import game_class
from . import daily, ratings
from .accounts import looks_taken
from .daily import DailyBots
from .lobby import LobbyError, configure, games_json
from .logins import account_of, csrf_guard, database, holder_of
from .manager import TABLE_ID, TableManager
from .protocol import CreateTable, DailyPlay, DailyScore, JoinRequest, TokenRequest
from .tables import OVER, Seat

router = APIRouter(dependencies=[Depends(csrf_guard)])
log = logging.getLogger(__name__)


class Problem(BaseModel):
    """A refused request: what was wrong, for people, and (a lobby's refusal) a code for programs."""

    detail: str
    code: str | None = None


class Invalid(BaseModel):
    """One way a request does not fit its schema (pydantic's error, without the input)."""

    type: str
    loc: list[str | int]
    msg: str


class Unfit(BaseModel):
    """A request that does not fit its schema."""

    detail: list[Invalid]


#: every error status of the API; each route names those it can answer
ERRORS: dict[int, dict[str, Any]] = {
    400: {"model": Problem, "description": "bad options or seats, an unknown game, or a body that is "
                                           "not JSON"},
    401: {"model": Problem, "description": "not logged in (or the session ended), or a wrong user "
                                           "name, password or recovery code"},
    403: {"model": Problem, "description": "a private table without its invite code, a token holding "
                                           "no seat, a rated table for a guest, or a missing CSRF token"},
    404: {"model": Problem, "description": "no such table, or no such language"},
    409: {"model": Problem, "description": "the wrong moment: seat taken, game started, seats still open, "
                                           "game not over, a seat kept for a rematch"},
    413: {"model": Problem, "description": "a request body over the limit (256 KiB)"},
    422: {"model": Unfit, "description": "a request that does not fit its schema (NaN, Infinity and "
                                         "deep nesting included)"},
    423: {"model": Problem, "description": "an account locked for a while after too many wrong passwords"},
    429: {"model": Problem, "description": "a quota of the address: waiting tables, tables created, "
                                           "registrations, logins"},
    503: {"model": Problem, "description": "storage unavailable: nothing changed, try again; or the "
                                           "server is busy making reviews"},
}


def errors(*statuses: int) -> dict[int | str, dict[str, Any]]:
    """The ``responses`` of a route that can answer these error statuses
    (413 always: the body limit applies to every request)."""
    return {status: ERRORS[status] for status in sorted({*statuses, 413})}


def manager_of(request: Request) -> TableManager:
    return request.app.state.manager


@router.get("/games", responses=errors())
def games(request: Request) -> list[dict]:
    return games_json(manager_of(request).settings)


@router.get("/layout/{game}", responses=errors(400, 422))
def layout(game: str, request: Request) -> dict:
    return configure(game, dict(request.query_params)).layout()


@router.post("/tables", status_code=201, responses=errors(400, 422, 429, 503))
async def create_table(spec: CreateTable, request: Request) -> dict:
    """On the event loop, like every other change to the tables; answered once stored."""
    return await manager_of(request).create(spec, client_of(request))


@router.get("/tables", responses=errors(422))
def list_tables(request: Request, offset: Annotated[int, Query(ge=0)] = 0,
                limit: Annotated[int, Query(ge=1, le=100)] = 100) -> list[dict]:
    """A page of the public tables not over: waiting ones first, newest first."""
    return manager_of(request).listing(offset, limit)


@router.get("/tables/{table_id}", responses=errors(403, 404, 422, 503))
async def get_table(table_id: str, request: Request, invite: str | None = None) -> dict:
    """A table: public, or private with its invite code or to an account seated there."""
    manager = manager_of(request)
    account_id = await account_id_of(request)
    return manager.table_json(await run_in_threadpool(manager.visible, table_id, invite, None, account_id))


@router.post("/tables/{table_id}/join", responses=errors(400, 403, 404, 409, 422, 503))
async def join(table_id: str, body: JoinRequest, request: Request) -> dict:
    """Take an open seat: logged in, as the account; a guest, by ``nickname``."""
    return await manager_of(request).join(table_id, body, await player_of(request, body.nickname))


async def account_id_of(request: Request) -> int | None:
    """The logged-in account's id: it stands for a seat token at its own seats."""
    account = await account_of(request)
    return account.id if account else None


async def player_of(request: Request, nickname: str | None) -> Seat:
    """The human who asks: the logged-in account, or a guest by a nickname
    that does not look like any account's name (409 ``nickname-account``)."""
    def find(session) -> Seat:
        found = holder_of(request, session)
        if found is not None:
            return Seat("human", nickname=found[0].name, account_id=found[0].id, address=client_of(request))
        if nickname is None:
            raise LobbyError(400, "a guest needs a nickname (or log in)", code="nickname-needed")
        if (account := looks_taken(session, nickname)) is not None:
            raise LobbyError(409, f"{nickname!r} looks like the account {account.name!r}: a guest "
                                  "picks a name of their own", code="nickname-account")
        return Seat("human", nickname=nickname, address=client_of(request))
    return await database(request, find)


@router.post("/tables/{table_id}/leave", responses=errors(400, 403, 404, 422, 503))
async def leave(table_id: str, body: TokenRequest, request: Request) -> dict:
    return await manager_of(request).leave(table_id, body.token, await account_id_of(request))


@router.post("/tables/{table_id}/start", responses=errors(400, 403, 404, 409, 422, 503))
async def start(table_id: str, body: TokenRequest, request: Request) -> dict:
    return await manager_of(request).start(table_id, body.token, await account_id_of(request))


@router.post("/tables/{table_id}/rematch", responses=errors(400, 403, 404, 409, 422, 503))
async def rematch(table_id: str, body: TokenRequest, request: Request) -> dict:
    """Offer or accept a rematch of a finished game: ``{"table", "seat", "token"}``
    of the caller's old seat at the new table; asked again, the same answer."""
    return await manager_of(request).rematch(table_id, body.token, await account_id_of(request))


@router.get("/words/{lang}", responses=errors(404, 422))
def step_words(lang: str) -> dict[str, str]:
    """The engine's words for every step of every game in one language."""
    if lang not in words.LANGUAGES:
        raise LobbyError(404, f"no words in {lang!r}; languages: {', '.join(words.LANGUAGES)}",
                         code="no-language")
    return words.catalog(lang)


def finished(request: Request, table_id: str, invite: str | None, account_id: int | None = None):
    """The table, once over, if the caller may see it (an account seated there may)."""
    table = manager_of(request).visible(table_id, invite, None, account_id)
    if table.status != OVER:
        raise LobbyError(409, "records and replays are available once the game is over", code="not-over")
    return table


@router.get("/tables/{table_id}/record", responses=errors(403, 404, 409, 422, 503))
async def record(table_id: str, request: Request, invite: str | None = None) -> Response:
    table = await run_in_threadpool(finished, request, table_id, invite, await account_id_of(request))
    return Response(table.record().dumps(), media_type="application/json",
                    headers={"Content-Disposition": f'attachment; filename="dicehall-{table.id}.json"'})


@router.get("/tables/{table_id}/replay", responses=errors(403, 404, 409, 422, 503))
async def replay(table_id: str, request: Request, invite: str | None = None) -> dict:
    table = await run_in_threadpool(finished, request, table_id, invite, await account_id_of(request))
    return await run_in_threadpool(lambda: {"table": manager_of(request).table_json(table),
                                            "layout": table.layout, **table.replay()})


class ReviewAnswer(BaseModel):
    """A post-game review: ``done`` with the review, or ``pending`` while it is made."""

    status: str
    review: dict[str, Any] | None = None


@router.get("/tables/{table_id}/review", response_model=ReviewAnswer, response_model_exclude_none=True,
            responses={**errors(400, 403, 404, 409, 422, 503),
                       202: {"model": ReviewAnswer, "description": "the review is being made: "
                                                                   "ask again in a few seconds"}})
async def review(table_id: str, request: Request, response: Response,
                 seat: Annotated[int, Query(ge=0, le=7)] = 0, invite: str | None = None) -> dict:
    """A finished game's post-game review of one seat (docs/bots.md, "Post-game
    review"): ``{"status": "done", "review": ...}``, or 202 and
    ``{"status": "pending"}`` while it is made (ask again in a few seconds)."""
    table = await run_in_threadpool(finished, request, table_id, invite, await account_id_of(request))
    if seat >= table.game.num_players:
        raise LobbyError(400, f"seat {seat} is not at this table", code="seat")
    found = await request.app.state.reviews.review(table.id, seat, lambda: table.record().to_json())
    if found is None:
        response.status_code = 202
        return {"status": "pending"}
    return {"status": "done", "review": found}


@router.get("/leaderboard/{game}", responses=errors(400, 422, 503))
async def leaderboard(game: str, request: Request,
                      variant: Annotated[str | None, Query(max_length=64)] = None) -> list[dict]:
    """The accounts' ratings in one variant of ``game`` (default: its first,
    ``GET /api/games`` lists them), best first: ``[{"name", "rating", "games"}]``."""
    variants = game_class(configure(game, {}).name).variants()
    variant = variant or variants[0]
    if variant not in variants:
        raise LobbyError(400, f"{game} has no variant {variant!r}; variants: {', '.join(variants)}",
                         code="variant")
    manager = manager_of(request)

    def read() -> list[dict]:
        with manager.sessions() as session:
            return ratings.leaderboard(session, game, variant)
    try:
        return await run_in_threadpool(read)
    except SQLAlchemyError:
        log.exception("could not read the leaderboard of %s", game)
        raise LobbyError(503, "the leaderboard cannot be read from storage now; try again",
                         code="storage") from None


def daily_of(request: Request) -> DailyBots:
    return request.app.state.daily


@router.get("/daily", responses=errors(400, 422, 503))
async def daily_challenges(request: Request, day: Annotated[str | None, Query(max_length=10)] = None,
                           table: Annotated[str | None, Query(pattern=f"^{TABLE_ID.pattern}$")] = None,
                           verified: bool = False) -> list[dict]:
    """The challenges of a day (default: today, UTC), each with its leaderboard
    (accounts' and guests' entries in one list, each with ``verified``; with
    ``verified=true`` the accounts' entries only, and the item's ``verified``
    says so) and the bot's score to beat (``null`` while the bot plays it);
    with ``table``, that daily table's game has ``yours``: its status, score,
    place on that leaderboard and whether it is an account's."""
    manager = manager_of(request)
    try:
        when = parse_day(day) if day else manager.today()
    except OptionError as error:
        raise LobbyError(400, str(error), code="day") from None
    limit = manager.settings.daily_leaderboard

    def read() -> list[dict]:
        with manager.sessions() as session:
            listed = [{**found.to_json(),
                       **daily.standings(session, found.day.isoformat(), found.game, limit, verified)}
                      for found in challenges(when)]
            yours = daily.of_table(session, table, verified) if table else None
            for item in listed:
                if yours and (item["day"], item["game"]) == (yours["day"], yours["game"]):
                    item["yours"] = yours
            return listed
    try:
        listed = await run_in_threadpool(read)
    except SQLAlchemyError:
        log.exception("could not read the daily challenges of %s", when)
        raise LobbyError(503, "the daily challenge cannot be read from storage now; try again",
                         code="storage") from None
    for found, item in zip(challenges(when), listed):
        item["bot"] = await daily_of(request).score(found, make=when == manager.today())
    return listed


@router.post("/daily/{game}/play", status_code=201, responses=errors(400, 409, 422, 429, 503))
async def daily_play(game: str, body: DailyPlay, request: Request) -> dict:
    """Start today's challenge of ``game`` at a table of one's own: ``{"table",
    "seat", "token", "invite"}``. Logged in, the account's entry (verified; a
    ``nickname`` is ignored), once a day per account; a guest's, once a day per
    nickname (409 ``daily-played``). With a ``key``, the same request sent
    again answers the table it started."""
    player = await player_of(request, body.nickname)
    return await manager_of(request).daily_table(game, player, client_of(request), body.key)


@router.post("/daily/{game}/scores", status_code=201, responses=errors(400, 409, 422, 429, 503))
async def daily_score(game: str, body: DailyScore, request: Request) -> dict:
    """Enter a game of today's challenge played in the terminal: the server
    replays ``moves`` on the day's dice and answers ``{"score", "verified",
    "rank", "entries", "bot"}``. Logged in, it is the account's entry
    (verified); a guest's is the ``nickname``'s."""
    manager = manager_of(request)
    player = await player_of(request, body.nickname)
    entered = await manager.daily_submit(game, body.day, player, body.moves, client_of(request))
    found = manager.challenge(game)

    def read() -> dict:
        with manager.sessions() as session:
            day = found.day.isoformat()
            return {"rank": daily.rank(session, day, game, entered["score"]),
                    "entries": daily.standings(session, day, game, 0)["entries"]}
    bot = await daily_of(request).score(found, make=True)
    return {**entered, **await run_in_threadpool(read), "bot": bot}


def client_of(request: Request) -> str | None:
    return request.client.host if request.client else None
