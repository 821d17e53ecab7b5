"""Friends, blocks, invitations to a table, chat reports, and who is online.

Each function works in the caller's database session and raises
:class:`LobbyError` for a refusal; each list is bounded."""

from __future__ import annotations

from sqlalchemy import delete, func, select
from sqlalchemy.orm import Session

from .db import AccountRow, BlockRow, FriendRow, InvitationRow, ReportRow
from .lobby import LobbyError
from .profiles import account_named

#: friends an account may add, blocks it may keep, invitations waiting for one account
FRIENDS = 200
BLOCKS = 500
INVITATIONS = 20
#: an account is online this long after its last request (or while at a table)
ONLINE_SECONDS = 300.0


class Presence:
    """When each account was last seen (in this server process's memory)."""

    def __init__(self) -> None:
        self.seen: dict[int, float] = {}

    def mark(self, account_id: int, now: float) -> None:
        if len(self.seen) >= 100_000:
            self.seen = {key: at for key, at in self.seen.items() if at > now - ONLINE_SECONDS}
        self.seen[account_id] = now

    def online(self, account_id: int, now: float, at_tables: set[int]) -> bool:
        return account_id in at_tables or self.seen.get(account_id, -ONLINE_SECONDS) > now - ONLINE_SECONDS


def other_account(session: Session, me: AccountRow, name: str) -> AccountRow:
    other = account_named(session, name)
    if other.id == me.id:
        raise LobbyError(409, "that is your own account", code="yourself")
    return other


def add_friend(session: Session, me: AccountRow, name: str, now: float) -> AccountRow:
    friend = other_account(session, me, name)
    if session.get(FriendRow, (me.id, friend.id)) is not None:
        raise LobbyError(409, f"{friend.name} is your friend already", code="friend-already")
    count = session.scalar(select(func.count()).select_from(FriendRow).where(FriendRow.account_id == me.id))
    if count >= FRIENDS:
        raise LobbyError(409, f"at most {FRIENDS} friends: remove one first", code="friends-full")
    session.add(FriendRow(account_id=me.id, friend_id=friend.id, created=now))
    return friend


def remove_friend(session: Session, me: AccountRow, name: str) -> None:
    friend = account_named(session, name)
    session.execute(delete(FriendRow).where(FriendRow.account_id == me.id, FriendRow.friend_id == friend.id))


def friends(session: Session, me: AccountRow) -> list[AccountRow]:
    return list(session.scalars(select(AccountRow).join(FriendRow, FriendRow.friend_id == AccountRow.id)
                                .where(FriendRow.account_id == me.id).order_by(AccountRow.name_key)))


def block(session: Session, me: AccountRow, name: str, now: float) -> AccountRow:
    other = other_account(session, me, name)
    if session.get(BlockRow, (me.id, other.id)) is None:
        count = session.scalar(select(func.count()).select_from(BlockRow).where(BlockRow.account_id == me.id))
        if count >= BLOCKS:
            raise LobbyError(409, f"at most {BLOCKS} blocks", code="blocks-full")
        session.add(BlockRow(account_id=me.id, blocked_id=other.id, created=now))
    session.execute(delete(InvitationRow).where(InvitationRow.to_id == me.id,
                                                InvitationRow.from_id == other.id))
    return other


def unblock(session: Session, me: AccountRow, name: str) -> None:
    other = account_named(session, name)
    session.execute(delete(BlockRow).where(BlockRow.account_id == me.id, BlockRow.blocked_id == other.id))


def blocked_ids(session: Session, account_id: int) -> frozenset[int]:
    return frozenset(session.scalars(select(BlockRow.blocked_id).where(BlockRow.account_id == account_id)))


def blocks(session: Session, me: AccountRow) -> list[str]:
    return list(session.scalars(select(AccountRow.name).join(BlockRow, BlockRow.blocked_id == AccountRow.id)
                                .where(BlockRow.account_id == me.id).order_by(AccountRow.name_key)))


def invite(session: Session, me: AccountRow, name: str, table_id: str, now: float) -> AccountRow:
    """Invite a friend to a table; an account that blocked you gets nothing
    (and is not told apart from one that did not), the oldest of more than
    :data:`INVITATIONS` waiting invitations goes."""
    friend = account_named(session, name)
    if session.get(FriendRow, (me.id, friend.id)) is None:
        raise LobbyError(409, f"add {friend.name} as a friend first", code="not-friend")
    if session.get(BlockRow, (friend.id, me.id)) is not None:
        return friend
    session.execute(delete(InvitationRow).where(InvitationRow.to_id == friend.id,
                                                InvitationRow.from_id == me.id,
                                                InvitationRow.table_id == table_id))
    session.add(InvitationRow(from_id=me.id, to_id=friend.id, table_id=table_id, created=now))
    session.flush()
    waiting = list(session.scalars(select(InvitationRow.id).where(InvitationRow.to_id == friend.id)
                                   .order_by(InvitationRow.created.desc(), InvitationRow.id.desc())))
    if len(waiting) > INVITATIONS:
        session.execute(delete(InvitationRow).where(InvitationRow.id.in_(waiting[INVITATIONS:])))
    return friend


def invitations(session: Session, me: AccountRow) -> list[tuple[InvitationRow, str]]:
    """The invitations waiting for ``me``, newest first, with who sent each."""
    rows = session.execute(select(InvitationRow, AccountRow.name)
                           .join(AccountRow, AccountRow.id == InvitationRow.from_id)
                           .where(InvitationRow.to_id == me.id)
                           .order_by(InvitationRow.created.desc(), InvitationRow.id.desc()))
    return [(row, name) for row, name in rows]


def dismiss(session: Session, me: AccountRow, invitation_id: int) -> None:
    session.execute(delete(InvitationRow).where(InvitationRow.id == invitation_id,
                                                InvitationRow.to_id == me.id))


def report(session: Session, me: AccountRow, table_id: str, line: dict, reported_id: int | None,
           reason: str, now: float) -> None:
    """Keep a reported chat line, as it was, for the operators (docs/accounts.md)."""
    earlier = select(ReportRow.id).where(ReportRow.reporter_id == me.id, ReportRow.table_id == table_id,
                                         ReportRow.line == line["n"])
    if session.scalars(earlier).first() is not None:
        raise LobbyError(409, "you have reported this line already", code="reported")
    session.add(ReportRow(reporter_id=me.id, table_id=table_id, line=line["n"], reported_id=reported_id,
                          name=line["name"], text=line["text"], reason=reason, created=now))
