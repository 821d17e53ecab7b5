"""Accounts: registering, logging in and out, passwords and recovery codes.

Each function works in the caller's database session and raises
:class:`LobbyError` for a refusal. Passwords and recovery codes are hashed
with argon2id (argon2-cffi) and never stored or logged in the clear; a
login's cookie secret is kept only as its SHA-256, so a copy of the database
holds no usable session."""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from sqlalchemy import delete, select
from sqlalchemy.orm import Session

from .config import Settings
from .db import AccountRow, LoginRow
from .lobby import LobbyError
from .names import check_account_name, name_key, skeleton

#: a password has at least this many characters (and at most the second, so hashing stays bounded)
PASSWORD_LENGTH = (8, 200)
DAY = 86400.0


@dataclass(frozen=True)
class Login:
    """A new session: the cookie's secret (sent once, never stored) and its CSRF token."""

    name: str
    secret: str
    csrf: str
    account_id: int


def hasher(settings: Settings) -> PasswordHasher:
    return PasswordHasher(time_cost=settings.argon2_time_cost, memory_cost=settings.argon2_memory_kib,
                          parallelism=1)


def secret_hash(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


def check_password(password: str) -> None:
    low, high = PASSWORD_LENGTH
    if not low <= len(password) <= high:
        raise LobbyError(400, f"a password has {low} to {high} characters", code="weak-password")


def looks_taken(session: Session, name: str) -> AccountRow | None:
    """The account whose name is ``name`` or looks like it, if any."""
    return session.scalars(select(AccountRow).where(
        (AccountRow.name_key == name_key(name)) | (AccountRow.skeleton == skeleton(name))).limit(1)).first()


def recovery_code() -> str:
    """Five groups of four letters and digits, easy to copy by hand."""
    alphabet = "abcdefghjkmnpqrstuvwxyz23456789"
    return "-".join("".join(secrets.choice(alphabet) for _ in range(4)) for _ in range(5))


def register(session: Session, settings: Settings, name: str, password: str,
             now: float) -> tuple[Login, str]:
    """A new account, logged in: its login and its recovery code (shown once)."""
    why = check_account_name(name)
    if why:
        raise LobbyError(400, why, code="bad-name")
    check_password(password)
    found = looks_taken(session, name)
    if found is not None:
        same = found.name_key == name_key(name)
        raise LobbyError(409, f"the user name {name!r} is taken" if same else
                         f"the user name {name!r} looks too much like {found.name!r}, which is taken",
                         code="name-taken" if same else "name-confusable")
    code = recovery_code()
    hashing = hasher(settings)
    account = AccountRow(name=name, name_key=name_key(name), skeleton=skeleton(name),
                         password_hash=hashing.hash(password), recovery_hash=hashing.hash(code),
                         created=now, failures=0)
    session.add(account)
    session.flush()
    return start(session, settings, account, now), code


def start(session: Session, settings: Settings, account: AccountRow, now: float) -> Login:
    secret, csrf = secrets.token_urlsafe(32), secrets.token_urlsafe(24)
    session.add(LoginRow(secret_hash=secret_hash(secret), account_id=account.id, csrf=csrf,
                         created=now, expires=now + settings.session_days * DAY))
    return Login(account.name, secret, csrf, account.id)


def verified(settings: Settings, stored: str, given: str) -> bool:
    try:
        return hasher(settings).verify(stored, given)
    except (VerificationError, InvalidHashError):
        return False


def log_in(session: Session, settings: Settings, name: str, password: str, now: float) -> Login:
    """A new login; a wrong name or password is one answer (``bad-login``), and
    after ``login_failures`` wrong passwords in a row the account is locked."""
    account = session.scalars(select(AccountRow).where(AccountRow.name_key == name_key(name))).first()
    if account is None or len(password) > PASSWORD_LENGTH[1]:
        raise LobbyError(401, "wrong user name or password", code="bad-login")
    if account.locked_until is not None and account.locked_until > now:
        raise LobbyError(423, f"too many wrong passwords: this account is locked for "
                              f"{int(account.locked_until - now) + 1} more seconds", code="locked")
    if not verified(settings, account.password_hash, password):
        account.failures += 1
        if account.failures >= settings.login_failures:
            account.failures = 0
            account.locked_until = now + settings.lockout_seconds
        raise LobbyError(401, "wrong user name or password", code="bad-login")
    account.failures = 0
    account.locked_until = None
    return start(session, settings, account, now)


def holder(session: Session, secret: str | None, now: float) -> tuple[AccountRow, LoginRow] | None:
    """The account and login of a cookie's secret, while the login lasts."""
    if not secret or len(secret) > 100:
        return None
    login = session.get(LoginRow, secret_hash(secret))
    if login is None or login.expires <= now:
        return None
    return session.get(AccountRow, login.account_id), login


def log_out(session: Session, login: LoginRow, everywhere: bool = False) -> None:
    if everywhere:
        session.execute(delete(LoginRow).where(LoginRow.account_id == login.account_id))
    else:
        session.delete(login)


def change_password(session: Session, settings: Settings, account: AccountRow, login: LoginRow,
                    old: str, new: str) -> None:
    """Set a new password; every other login of the account ends."""
    if not verified(settings, account.password_hash, old):
        raise LobbyError(403, "the old password is wrong", code="bad-password")
    check_password(new)
    account.password_hash = hasher(settings).hash(new)
    session.execute(delete(LoginRow).where(LoginRow.account_id == account.id,
                                           LoginRow.secret_hash != login.secret_hash))


def recover(session: Session, settings: Settings, name: str, code: str, new: str,
            now: float) -> tuple[Login, str]:
    """Set a new password with the recovery code: every login ends, the code is
    used up and a new one is made (shown once); counts as a login attempt."""
    account = session.scalars(select(AccountRow).where(AccountRow.name_key == name_key(name))).first()
    if account is None or len(code) > 100 or not verified(settings, account.recovery_hash, code.strip()):
        raise LobbyError(401, "wrong user name or recovery code", code="bad-login")
    check_password(new)
    fresh = recovery_code()
    hashing = hasher(settings)
    account.password_hash = hashing.hash(new)
    account.recovery_hash = hashing.hash(fresh)
    account.failures = 0
    account.locked_until = None
    session.execute(delete(LoginRow).where(LoginRow.account_id == account.id))
    return start(session, settings, account, now), fresh
