"""Who is asking: the session cookie, the CSRF check, and the throttles of
registrations and logins, as FastAPI dependencies of the HTTP routes.

A login is a cookie (``dicehall_session``: HttpOnly, SameSite=Lax, Secure)
holding a random secret. A request that changes something while such a
cookie names a live login must carry that login's CSRF token in the
``X-CSRF-Token`` header: another site's page can make the browser send the
cookie, but it cannot read the token (``GET /api/session`` answers it only
to the page's own origin)."""

from __future__ import annotations

import logging
import secrets
from collections.abc import Callable
from typing import Any, TypeVar

from fastapi import Request, Response
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.orm import Session
from starlette.concurrency import run_in_threadpool

from . import accounts
from .db import AccountRow, LoginRow
from .lobby import LobbyError

COOKIE = "dicehall_session"
CSRF_HEADER = "X-CSRF-Token"
SAFE_METHODS = {"GET", "HEAD", "OPTIONS"}
log = logging.getLogger(__name__)
T = TypeVar("T")


def in_database(request: Request, job: Callable[[Session], T], keep_on_error: bool = False) -> T:
    """Run ``job`` in one transaction (in the calling worker thread). A refusal
    rolls it back, unless ``keep_on_error`` (a failed login's count is kept)."""
    manager = request.app.state.manager
    try:
        with manager.sessions() as session:
            try:
                answer = job(session)
            except LobbyError:
                if keep_on_error:
                    session.commit()
                raise
            session.commit()
            return answer
    except SQLAlchemyError:
        log.exception("accounts: storage failed")
        raise LobbyError(503, "accounts cannot be reached in storage now; try again",
                         code="storage") from None


async def database(request: Request, job: Callable[[Session], T], keep_on_error: bool = False) -> T:
    """:func:`in_database` off the event loop (hashing a password takes tens of milliseconds)."""
    return await run_in_threadpool(in_database, request, job, keep_on_error)


def now_of(request: Request) -> float:
    return request.app.state.manager.clock.now()


def holder_of(request: Request, session: Session) -> tuple[AccountRow, LoginRow] | None:
    """The account and login of the request's cookie, if it names a live one
    (the account is seen online now)."""
    now = now_of(request)
    found = accounts.holder(session, request.cookies.get(COOKIE), now)
    if found is not None:
        request.app.state.presence.mark(found[0].id, now)
    return found


async def csrf_guard(request: Request) -> None:
    """A router dependency: a state-changing request with a live login's cookie
    must carry its CSRF token (403 ``csrf``)."""
    if request.method in SAFE_METHODS or COOKIE not in request.cookies:
        return
    found = await database(request, lambda session: holder_of(request, session))
    if found is None:
        return
    given = request.headers.get(CSRF_HEADER, "")
    if not secrets.compare_digest(given.encode(), found[1].csrf.encode()):
        raise LobbyError(403, f"this request needs the session's {CSRF_HEADER} header "
                              "(GET /api/session answers it)", code="csrf")


async def account_of(request: Request) -> AccountRow | None:
    """The account logged in on this request, or ``None`` (a guest)."""
    found = await database(request, lambda session: holder_of(request, session))
    return found[0] if found else None


def logged_in(session: Session, request: Request) -> tuple[AccountRow, LoginRow]:
    found = holder_of(request, session)
    if found is None:
        raise LobbyError(401, "log in first (your session may have ended)", code="no-session")
    return found


def secure(request: Request) -> bool:
    """Whether the session cookie is marked Secure (the ``secure_cookies`` setting)."""
    setting = request.app.state.manager.settings.secure_cookies
    return setting == "always" or (setting == "auto" and request.url.scheme == "https")


def set_cookie(request: Request, response: Response, login: accounts.Login) -> None:
    """Send the new login's cookie (the account is seen online now)."""
    settings = request.app.state.manager.settings
    request.app.state.presence.mark(login.account_id, now_of(request))
    response.set_cookie(COOKIE, login.secret, max_age=int(settings.session_days * accounts.DAY),
                        httponly=True, samesite="lax", secure=secure(request), path="/")


def clear_cookie(request: Request, response: Response) -> None:
    response.delete_cookie(COOKIE, httponly=True, samesite="lax", secure=secure(request), path="/")


def throttled(request: Request, kind: str) -> None:
    """Take one of the address's ``registrations`` or ``logins`` (429 ``throttled``)."""
    buckets: Any = getattr(request.app.state, kind)
    if not buckets.take(request.client.host if request.client else None):
        raise LobbyError(429, f"too many {kind} from this address: wait a little", code="throttled")
