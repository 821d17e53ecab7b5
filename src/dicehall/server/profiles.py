"""An account's profile: ratings per game and variant with their history,
games played and won, best solo scores per sheet, and the finished games
(each with its replay), read in one session."""

from __future__ import annotations

import io
import zipfile
from collections.abc import Callable

from sqlalchemy import select
from sqlalchemy.orm import Session

from .db import AccountRatingRow, AccountRow, RatedResultRow, SeatRow, TableRow
from .lobby import LobbyError
from .names import name_key
from .tables import OVER, LiveTable

#: the finished games a profile lists, and a bulk download holds, at most
GAMES_LISTED = 100
RECORDS_DOWNLOADED = 500


def account_named(session: Session, name: str) -> AccountRow:
    account = session.scalars(select(AccountRow).where(AccountRow.name_key == name_key(name))).first()
    if account is None:
        raise LobbyError(404, f"no account is named {name!r}", code="no-account")
    return account


def finished_games(session: Session, account_id: int, limit: int, own: bool) -> list[tuple[TableRow, int]]:
    """The account's finished games, newest first, with its seat at each;
    private tables only for the account itself (``own``)."""
    query = (select(TableRow, SeatRow.seat).join(SeatRow, SeatRow.table_id == TableRow.id)
             .where(SeatRow.account_id == account_id, TableRow.status == OVER))
    if not own:
        query = query.where(TableRow.public)
    rows = session.execute(query.order_by(TableRow.created.desc()).limit(limit))
    return [(table, seat) for table, seat in rows]


def names_at(session: Session, table_ids: list[str]) -> dict[str, list[tuple[str, bool]]]:
    """Who sat at each table: nicknames, and bots by level; each with whether an account sat there."""
    seated: dict[str, list[tuple[str, bool]]] = {table_id: [] for table_id in table_ids}
    rows = session.scalars(select(SeatRow).where(SeatRow.table_id.in_(table_ids)).order_by(SeatRow.seat))
    for seat in rows:
        seated[seat.table_id].append((seat.nickname or f"bot:{seat.level}", seat.account_id is not None))
    return seated


def won(table: TableRow, seat: int) -> bool:
    """First place in a game for several (a solo game has its score instead)."""
    ranking = (table.result or {}).get("ranking") or []
    return table.options.get("players", 1) > 1 and bool(ranking) and ranking[0] == seat


def game_json(table: TableRow, seat: int, players: list[tuple[str, bool]]) -> dict:
    """A finished game on a profile; ``accounts[i]``: an account sat in seat *i* (its name has a profile)."""
    scores = (table.result or {}).get("scores") or []
    return {"table": table.id, "game": table.game, "variant": table.variant, "rated": table.rated,
            "created": table.created, "seat": seat, "players": [name for name, _ in players],
            "accounts": [account for _, account in players],
            "score": scores[seat] if seat < len(scores) else None, "won": won(table, seat),
            "rating": ((table.result or {}).get("ratings") or {}).get(str(seat))}


def ratings_json(session: Session, account_id: int) -> list[dict]:
    """Each game and variant's rating, and its history: ``[at, rating]`` after each game."""
    history: dict[tuple[str, str], list[list[float]]] = {}
    for result in session.scalars(select(RatedResultRow).where(RatedResultRow.account_id == account_id)
                                  .order_by(RatedResultRow.at)):
        points = history.setdefault((result.game, result.variant), [[result.at, round(result.before, 1)]])
        points.append([result.at, round(result.after, 1)])
    rows = session.scalars(select(AccountRatingRow).where(AccountRatingRow.account_id == account_id)
                           .order_by(AccountRatingRow.game, AccountRatingRow.variant))
    return [{"game": row.game, "variant": row.variant, "rating": round(row.rating, 1), "games": row.games,
             "wins": row.wins, "history": history.get((row.game, row.variant), [])} for row in rows]


def best_solo(games: list[tuple[TableRow, int]]) -> list[dict]:
    """The best score of each game and sheet played solo (daily challenges included)."""
    best: dict[tuple[str, str | None], dict] = {}
    for table, _ in games:
        scores = (table.result or {}).get("scores") or []
        if table.options.get("players") != 1 or not scores:
            continue
        key = (table.game, table.variant)
        if key not in best or scores[0] > best[key]["score"]:
            best[key] = {"game": table.game, "variant": table.variant, "score": scores[0], "table": table.id}
    return sorted(best.values(), key=lambda item: (item["game"], item["variant"] or ""))


def profile(session: Session, account: AccountRow, online: bool, own: bool) -> dict:
    """The profile of ``account``; ``own``: the account asks, and sees its private tables too."""
    games = finished_games(session, account.id, 1000, own)
    listed = games[:GAMES_LISTED]
    players = names_at(session, [table.id for table, _ in listed])
    return {"name": account.name, "since": account.created, "online": online,
            "ratings": ratings_json(session, account.id),
            "played": len(games), "won": sum(won(table, seat) for table, seat in games),
            "best_solo": best_solo(games),
            "games": [game_json(table, seat, players[table.id]) for table, seat in listed]}


def records_zip(session: Session, account: AccountRow, own: bool,
                load: Callable[[Session, str], LiveTable | None]) -> bytes:
    """The records of the account's finished games (the newest
    :data:`RECORDS_DOWNLOADED`), one JSON file a game, in a zip."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for table_row, _ in finished_games(session, account.id, RECORDS_DOWNLOADED, own):
            table = load(session, table_row.id)
            if table is not None:
                archive.writestr(f"dicehall-{table.id}.json", table.record().dumps())
    return buffer.getvalue()
