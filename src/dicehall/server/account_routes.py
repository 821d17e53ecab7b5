"""The accounts' HTTP routes (``/api``): register, log in and out, the
session's name and CSRF token, password change and recovery (docs/accounts.md)."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, Query, Request, Response
from pydantic import BaseModel

from . import accounts
from .logins import clear_cookie, csrf_guard, database, holder_of, logged_in, now_of, set_cookie, throttled
from .protocol import Credentials, PasswordChange, Recovery
from .routes import errors

router = APIRouter(dependencies=[Depends(csrf_guard)])


class SessionAnswer(BaseModel):
    """Who is logged in (``null`` for a guest) and the CSRF token their changes must carry."""

    name: str | None
    csrf: str | None


class Registered(SessionAnswer):
    """A new account, logged in, and its recovery code: shown this once only."""

    recovery_code: str


def settings_of(request: Request):
    return request.app.state.manager.settings


@router.get("/session", response_model=SessionAnswer, responses=errors(503))
async def session(request: Request) -> dict:
    found = await database(request, lambda db: holder_of(request, db))
    if found is None:
        return {"name": None, "csrf": None}
    return {"name": found[0].name, "csrf": found[1].csrf}


@router.post("/accounts", status_code=201, response_model=Registered,
             responses=errors(400, 403, 409, 422, 429, 503))
async def register(body: Credentials, request: Request, response: Response) -> dict:
    """Register and log in; answers the recovery code once (no e-mail is asked for)."""
    throttled(request, "registrations")
    login, code = await database(request, lambda db: accounts.register(
        db, settings_of(request), body.name, body.password, now_of(request)))
    set_cookie(request, response, login)
    return {"name": login.name, "csrf": login.csrf, "recovery_code": code}


@router.post("/session", response_model=SessionAnswer,
             responses=errors(400, 401, 403, 422, 423, 429, 503))
async def log_in(body: Credentials, request: Request, response: Response) -> dict:
    throttled(request, "logins")
    login = await database(request, lambda db: accounts.log_in(
        db, settings_of(request), body.name, body.password, now_of(request)), keep_on_error=True)
    set_cookie(request, response, login)
    return {"name": login.name, "csrf": login.csrf}


@router.delete("/session", status_code=204, responses=errors(401, 403, 422, 503))
async def log_out(request: Request, everywhere: Annotated[bool, Query()] = False) -> Response:
    """Log out here, or (``everywhere=true``) end every login of the account."""
    await database(request, lambda db: accounts.log_out(db, logged_in(db, request)[1], everywhere))
    response = Response(status_code=204)
    clear_cookie(request, response)
    return response


@router.post("/account/password", response_model=SessionAnswer,
             responses=errors(400, 401, 403, 422, 503))
async def change_password(body: PasswordChange, request: Request) -> dict:
    """A new password; the account's other logins end, this one stays."""
    def job(db) -> dict:
        account, login = logged_in(db, request)
        accounts.change_password(db, settings_of(request), account, login, body.old_password,
                                 body.new_password)
        return {"name": account.name, "csrf": login.csrf}
    return await database(request, job)


@router.post("/account/recover", response_model=Registered,
             responses=errors(400, 401, 403, 422, 429, 503))
async def recover(body: Recovery, request: Request, response: Response) -> dict:
    """A new password with the recovery code; answers a new code, shown once."""
    throttled(request, "logins")
    login, code = await database(request, lambda db: accounts.recover(
        db, settings_of(request), body.name, body.recovery_code, body.new_password, now_of(request)))
    set_cookie(request, response, login)
    return {"name": login.name, "csrf": login.csrf, "recovery_code": code}
