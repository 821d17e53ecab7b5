"""The daily challenge on the server (docs/server.md, "Daily challenge").

Each game with a solo game has one challenge a day (:mod:`dicehall.engine.daily`).
A player plays it once a day, at a table of its own (``POST
/api/daily/{game}/play``) or in the terminal (``dicehall daily --submit``, which
sends the moves; the server replays them on the day's dice and scores them
itself). A logged-in player's entry is the account's (verified): one per
account, game and day; a guest's is the nickname's (not verified): one per
nickname, game and day. Either counts from the first start (starting again
would show the same dice again), and a name is on a day's leaderboard once.
Both kinds share one leaderboard, each entry marked; it can be asked for the
accounts' entries only. A game a bot finished (the player left) is
``abandoned``: kept, but not on the leaderboard.

The score to beat is a bot's (``Settings.daily_bot``, the ``expert`` level) on
the same dice, played once per challenge in the reviews' worker process.
"""

from __future__ import annotations

import asyncio
import logging
import time

from sqlalchemy import func, select, update
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.orm import Session, sessionmaker
from starlette.concurrency import run_in_threadpool

from ..bots.daily import bot_game_json
from ..engine.daily import Challenge
from .config import Settings
from .db import DailyBotRow, DailyRow
from .lobby import LobbyError
from .names import name_key
from .reviews import Reviews
from .tables import LiveTable, Seat

log = logging.getLogger(__name__)
PLAYING, DONE, ABANDONED = "playing", "done", "abandoned"


def entry(found: Challenge, player: Seat, now: float, **fields) -> DailyRow:
    """The entry of ``player`` (a guest by nickname, or an account: verified)."""
    return DailyRow(day=found.day.isoformat(), game=found.game, name_key=name_key(player.nickname),
                    nickname=player.nickname, account_id=player.account_id, at=now, **fields)


def add_entry(session: Session, row: DailyRow) -> bool:
    """Add the entry unless its name (a guest's nickname or an account's name)
    or its account has one for the day: in the writer's transaction, so two
    starts at once cannot both count."""
    if session.get(DailyRow, (row.day, row.game, row.name_key)) is not None:
        return False
    if row.account_id is not None and session.scalar(select(DailyRow.name_key).where(
            DailyRow.day == row.day, DailyRow.game == row.game, DailyRow.account_id == row.account_id)):
        return False
    session.add(row)
    session.flush()
    return True


def blocking_table(session: Session, row: DailyRow) -> str | None:
    """The table of the entry that keeps ``row`` out (its name's or its
    account's, for the same game and day), if that entry has one."""
    found = session.get(DailyRow, (row.day, row.game, row.name_key))
    if found is None and row.account_id is not None:
        found = session.scalar(select(DailyRow).where(
            DailyRow.day == row.day, DailyRow.game == row.game, DailyRow.account_id == row.account_id))
    return found.table_id if found is not None else None


def finish(session: Session, table: LiveTable) -> None:
    """A daily table's game ended: its entry gets the score (abandoned if a bot
    was playing the seat at the end)."""
    status = ABANDONED if table.seats[0].away else DONE
    session.execute(update(DailyRow).where(DailyRow.table_id == table.id)
                    .values(status=status, score=table.match.scores()[0], at=time.time()))


def finished(day: str, game: str, verified: bool) -> tuple:
    """The conditions of the day's finished entries (``verified``: accounts' only)."""
    done = (DailyRow.day == day, DailyRow.game == game, DailyRow.status == DONE)
    return (*done, DailyRow.account_id.is_not(None)) if verified else done


def standings(session: Session, day: str, game: str, limit: int, verified: bool = False) -> dict:
    """The day's leaderboard of a game: the best ``limit`` finished entries
    (a tie goes to who finished first), accounts' and guests' in one list, each
    marked; ``verified``: the accounts' entries only. ``entries`` counts the
    list's finished entries, ``verified_entries`` the accounts' among them."""
    rows = session.scalars(select(DailyRow).where(*finished(day, game, verified))
                           .order_by(DailyRow.score.desc(), DailyRow.at).limit(limit))
    count = session.scalar(select(func.count()).select_from(DailyRow).where(*finished(day, game, verified)))
    accounts = count if verified else session.scalar(
        select(func.count()).select_from(DailyRow).where(*finished(day, game, True)))
    return {"entries": count, "verified_entries": accounts, "verified": verified,
            "leaderboard": [{"rank": index, "nickname": row.nickname, "score": row.score,
                             "verified": row.account_id is not None, "table": row.table_id,
                             "source": "browser" if row.table_id else "terminal"}
                            for index, row in enumerate(rows, 1)]}


def rank(session: Session, day: str, game: str, score: int, verified: bool = False) -> int:
    """The place a score takes on the day's leaderboard (ties share the better
    place; ``verified``: among the accounts' entries)."""
    better = session.scalar(select(func.count()).select_from(DailyRow).where(
        *finished(day, game, verified), DailyRow.score > score))
    return better + 1


def of_table(session: Session, table_id: str, verified: bool = False) -> dict | None:
    """The entry a daily table plays: its status, score, (done) place on the
    leaderboard asked for, and whether it is an account's."""
    row = session.scalar(select(DailyRow).where(DailyRow.table_id == table_id))
    if row is None:
        return None
    place = rank(session, row.day, row.game, row.score, verified) if row.status == DONE else None
    return {"day": row.day, "game": row.game, "status": row.status, "score": row.score, "rank": place,
            "verified": row.account_id is not None}


class DailyBots:
    """The bot's game of each challenge, made once, when first asked for."""

    def __init__(self, sessions: sessionmaker, settings: Settings, reviews: Reviews) -> None:
        self.sessions, self.settings, self.reviews = sessions, settings, reviews
        self.making: dict[tuple[str, str], asyncio.Task] = {}

    async def score(self, found: Challenge, make: bool) -> dict | None:
        """``{"bot", "score"}`` of the challenge, or ``None`` while it is played
        (or never was); ``make``: start playing it if it was not (only today's
        is, so no client can set the workers on every day of the calendar)."""
        key = (found.day.isoformat(), found.game)
        stored = await run_in_threadpool(self._read, key)
        if stored is None and make and key not in self.making:
            self.making[key] = asyncio.create_task(self._make(key))
        return stored

    async def _make(self, key: tuple[str, str]) -> None:
        try:
            data = await self.reviews.run(bot_game_json, key[1], key[0], self.settings.daily_bot)
            await run_in_threadpool(self._write, key, data)
        except Exception:    # made again when asked again
            log.exception("could not play the daily challenge %s of %s", *key)
        finally:
            del self.making[key]

    def _read(self, key: tuple[str, str]) -> dict | None:
        try:
            with self.sessions() as session:
                row = session.get(DailyBotRow, key)
                return None if row is None else {"bot": row.bot, "score": row.score}
        except SQLAlchemyError:
            log.exception("could not read the daily bot's game %s of %s", *key)
            raise LobbyError(503, "the daily challenge cannot be read from storage now; try again",
                             code="storage") from None

    def _write(self, key: tuple[str, str], data: dict) -> None:
        with self.sessions() as session:
            session.merge(DailyBotRow(day=key[0], game=key[1], bot=data["bot"], score=data["score"],
                                      record=data["record"], created=time.time()))
            session.commit()

    def close(self) -> None:
        for task in list(self.making.values()):
            task.cancel()
