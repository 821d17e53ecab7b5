"""Profiles, one's own tables, friends, invitations, blocks and chat reports
(``/api``, docs/accounts.md). Everything but a profile needs a login."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, Path, Request, Response
from pydantic import Field

from . import community, profiles, store
from .db import AccountRow
from .lobby import LobbyError
from .logins import csrf_guard, database, holder_of, logged_in, now_of
from .protocol import NAME_TEXT, Strict
from .routes import errors, manager_of

router = APIRouter(dependencies=[Depends(csrf_guard)])
Name = Annotated[str, Path(min_length=1, max_length=64, pattern=NAME_TEXT)]


class FriendName(Strict):
    name: Annotated[str, Field(min_length=1, max_length=64, pattern=NAME_TEXT)]


class Invitation(Strict):
    """Invite a friend (``name``) to a table you sit at."""

    name: Annotated[str, Field(min_length=1, max_length=64, pattern=NAME_TEXT)]
    table: Annotated[str, Field(min_length=1, max_length=32)]


class Report(Strict):
    """Report a chat line (its ``n``) of a table to the operators."""

    table: Annotated[str, Field(min_length=1, max_length=32)]
    line: Annotated[int, Field(ge=0)]
    reason: Annotated[str, Field(min_length=1, max_length=500)]


def presence_of(request: Request) -> community.Presence:
    return request.app.state.presence


def online(request: Request, account_id: int) -> bool:
    manager = manager_of(request)
    return presence_of(request).online(account_id, now_of(request), manager.accounts_at_tables())


def me(request: Request, session) -> AccountRow:
    return logged_in(session, request)[0]


def viewed(request: Request, session, name: str) -> tuple[AccountRow, bool]:
    """The account named ``name``, and whether it is the one asking."""
    account = profiles.account_named(session, name)
    found = holder_of(request, session)
    return account, found is not None and found[0].id == account.id


@router.get("/profiles/{name}", responses=errors(404, 422, 503))
async def profile(name: Name, request: Request) -> dict:
    """Ratings per game and variant with their history, games played and won,
    best solo scores, and the finished games (private ones only to oneself)."""
    def read(session) -> dict:
        account, own = viewed(request, session, name)
        return profiles.profile(session, account, online(request, account.id), own)
    return await database(request, read)


@router.get("/profiles/{name}/records", responses=errors(404, 422, 503),
            response_class=Response)
async def records(name: Name, request: Request) -> Response:
    """The records of the account's finished games, one JSON file each, in a zip."""
    manager = manager_of(request)

    def read(session) -> bytes:
        account, own = viewed(request, session, name)
        floor = manager.settings.bank_floor_seconds
        return profiles.records_zip(session, account, own, lambda db, table: store.load(db, table, floor))
    data = await database(request, read)
    return Response(data, media_type="application/zip",
                    headers={"Content-Disposition": f'attachment; filename="dicehall-{name}-records.zip"'})


@router.get("/my/tables", responses=errors(401, 422, 503))
async def my_tables(request: Request) -> list[dict]:
    """The account's tables not over, those where it is to decide first ("your turn")."""
    account = await database(request, lambda session: me(request, session))
    return manager_of(request).tables_of(account.id)


@router.get("/friends", responses=errors(401, 422, 503))
async def list_friends(request: Request) -> list[dict]:
    """The friends, each with whether they are online and the public tables they sit at."""
    manager = manager_of(request)

    def read(session) -> list[dict]:
        found = community.friends(session, me(request, session))
        present, now = manager.accounts_at_tables(), now_of(request)
        seated = manager.public_seats()          # once for the list, not once a friend
        return [{"name": friend.name, "online": presence_of(request).online(friend.id, now, present),
                 "tables": seated.get(friend.id, [])} for friend in found]
    return await database(request, read)


@router.post("/friends", status_code=201, responses=errors(400, 401, 403, 404, 409, 422, 503))
async def add_friend(body: FriendName, request: Request) -> dict:
    friend = await database(request, lambda session: community.add_friend(
        session, me(request, session), body.name, now_of(request)))
    return {"name": friend.name, "online": online(request, friend.id)}


@router.delete("/friends/{name}", status_code=204, responses=errors(401, 403, 404, 422, 503))
async def remove_friend(name: Name, request: Request) -> Response:
    await database(request, lambda session: community.remove_friend(session, me(request, session), name))
    return Response(status_code=204)


@router.post("/invitations", status_code=201, responses=errors(400, 401, 403, 404, 409, 422, 503))
async def invite(body: Invitation, request: Request) -> dict:
    """Invite a friend to a waiting table you sit at (one click in the lobby)."""
    manager = manager_of(request)

    def job(session) -> dict:
        account = me(request, session)
        summary = manager.directory.get(body.table)
        if summary is None or account.id not in summary["accounts"]:
            raise LobbyError(403, "you can invite friends to a table you sit at", code="no-seat")
        if not open_seat(summary):
            raise LobbyError(409, "this table has no open seat left", code="table-full")
        friend = community.invite(session, account, body.name, body.table, now_of(request))
        return {"name": friend.name, "table": body.table}
    return await database(request, job)


def open_seat(summary: dict) -> bool:
    """Whether a live table (its summary) still has a seat to join."""
    return summary["table"]["status"] == "waiting" and any(
        seat["kind"] == "open" for seat in summary["table"]["seats"])


@router.get("/invitations", responses=errors(401, 422, 503))
async def list_invitations(request: Request) -> list[dict]:
    """The invitations waiting for you, newest first, to tables with a seat still open."""
    manager = manager_of(request)

    def read(session) -> list[dict]:
        listed = []
        for row, sender in community.invitations(session, me(request, session)):
            summary = manager.directory.get(row.table_id)
            if summary is not None and open_seat(summary):
                table = summary["table"]
                listed.append({"id": row.id, "from": sender, "table": row.table_id, "game": table["game"],
                               "title": table["title"], "rated": table["rated"], "invite": summary["invite"],
                               "created": row.created})
        return listed
    return await database(request, read)


@router.delete("/invitations/{invitation_id}", status_code=204, responses=errors(401, 403, 422, 503))
async def dismiss(invitation_id: int, request: Request) -> Response:
    await database(request, lambda session: community.dismiss(session, me(request, session), invitation_id))
    return Response(status_code=204)


@router.get("/blocks", responses=errors(401, 422, 503))
async def list_blocks(request: Request) -> list[str]:
    return await database(request, lambda session: community.blocks(session, me(request, session)))


@router.post("/blocks", status_code=201, responses=errors(400, 401, 403, 404, 409, 422, 503))
async def block(body: FriendName, request: Request) -> dict:
    """Block an account: its chat lines are hidden from you (from your next
    connection to a table) and its invitations no longer reach you."""
    blocked = await database(request, lambda session: community.block(
        session, me(request, session), body.name, now_of(request)))
    return {"name": blocked.name}


@router.delete("/blocks/{name}", status_code=204, responses=errors(401, 403, 404, 422, 503))
async def unblock(name: Name, request: Request) -> Response:
    await database(request, lambda session: community.unblock(session, me(request, session), name))
    return Response(status_code=204)


@router.post("/reports", status_code=201, responses=errors(400, 401, 403, 404, 409, 422, 503))
async def report(body: Report, request: Request) -> dict:
    """Report a chat line to the operators; each line once per account."""
    manager = manager_of(request)

    def job(session) -> dict:
        account = me(request, session)
        table = manager.visible(body.table, None, None, account.id)
        line = next((line for line in table.chat if line["n"] == body.line), None)
        if line is None:
            raise LobbyError(404, f"table {table.id} has no chat line {body.line}", code="no-line")
        seat = line["seat"]
        reported = table.seats[seat].account_id if seat is not None else None
        community.report(session, account, table.id, line, reported, body.reason, now_of(request))
        return {"table": table.id, "line": body.line}
    return await database(request, job)
