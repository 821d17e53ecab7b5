"""Elo ratings of accounts, per game and variant, from rated tables.

A game of several players counts as every pair of them playing each other
once (the better place wins, an equal place is a draw); the change sums over
the pairs with K divided by the number of opponents. Bots take part with a
fixed rating per level and are never rated themselves.

Three rules keep a rating earned (docs/accounts.md):

- a player who left the game (a bot finished it for them) is placed last,
  whatever the bot did;
- each pair's share is damped by the games the two played together in the
  last day (weight ``1 / (1 + n)``; a bot counts by its level), so farming one
  opponent yields less and less;
- a result between accounts that joined from one address is kept but
  flagged ``same-address``."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from .db import AccountRatingRow, AccountRow, RatedResultRow, SeatRow

START = 1200.0
K = 32.0
DAY = 86400.0
BOT_RATINGS = {"random": 800.0, "easy": 1000.0, "greedy": 1000.0, "medium": 1300.0,
               "mcts": 1400.0, "hard": 1500.0, "expert": 1600.0}
SAME_ADDRESS = "same-address"


@dataclass(frozen=True)
class Player:
    """A seat of a rated game: an account (``account_id``) or a bot (``level``)."""

    account_id: int | None = None
    level: str | None = None
    abandoned: bool = False
    address: str | None = None


def expected(rating: float, other: float) -> float:
    """The expected score of ``rating`` against ``other``."""
    return 1.0 / (1.0 + 10 ** ((other - rating) / 400.0))


def elo_changes(ratings: list[float], places: list[int],
                weights: Sequence[Sequence[float]] | None = None) -> list[float]:
    """Each player's rating change after a game with these places (1 = best);
    ``weights[i][j]`` scales the pair's share (default 1)."""
    count = len(ratings)
    if count < 2:
        return [0.0] * count
    factor = K / (count - 1)
    changes = []
    for i in range(count):
        total = 0.0
        for j in range(count):
            if i != j:
                actual = 1.0 if places[i] < places[j] else 0.5 if places[i] == places[j] else 0.0
                total += (weights[i][j] if weights else 1.0) * (actual - expected(ratings[i], ratings[j]))
        changes.append(factor * total)
    return changes


def abandoned_last(places: list[int], players: list[Player]) -> list[int]:
    """The places again, with every player who left after all who stayed."""
    keys = [(player.abandoned, place) for place, player in zip(places, players)]
    return [1 + sum(other < key for other in keys) for key in keys]


def games_together(session: Session, account_id: int, other: Player, now: float) -> int:
    """Rated games of ``account_id`` in the last day that ``other`` played too."""
    recent = select(RatedResultRow.table_id).where(RatedResultRow.account_id == account_id,
                                                    RatedResultRow.at > now - DAY)
    if other.account_id is not None:
        query = select(func.count()).select_from(RatedResultRow).where(
            RatedResultRow.account_id == other.account_id, RatedResultRow.table_id.in_(recent))
    else:
        query = select(func.count(func.distinct(SeatRow.table_id))).where(
            SeatRow.kind == "bot", SeatRow.level == other.level, SeatRow.table_id.in_(recent))
    return session.scalar(query) or 0


def damping(session: Session, players: list[Player], now: float) -> list[list[float]]:
    """Each pair's weight ``1 / (1 + games together in the last day)``."""
    def weight(me: Player, other: Player) -> float:
        if me is other or me.account_id is None:
            return 1.0
        return 1.0 / (1 + games_together(session, me.account_id, other, now))
    return [[weight(me, other) for other in players] for me in players]


def flag_of(players: list[Player], me: Player) -> str | None:
    shared = any(other is not me and other.account_id is not None and other.address is not None
                 and other.address == me.address for other in players)
    return SAME_ADDRESS if shared else None


def rate_game(session: Session, table_id: str, game: str, variant: str, players: list[Player],
              places: list[int], now: float) -> dict[str, dict]:
    """Update the accounts' ratings after a rated game and keep each result.
    Returns each rated seat's ``{"before", "after"}`` (and ``flag``), seats
    as text, as JSON keys are."""
    places = abandoned_last(places, players)
    rows: dict[int, AccountRatingRow] = {}
    ratings = []
    for seat, player in enumerate(players):
        if player.account_id is not None:
            key = (game, variant, player.account_id)
            rows[seat] = session.get(AccountRatingRow, key) or AccountRatingRow(
                game=game, variant=variant, account_id=player.account_id, rating=START, games=0, wins=0)
            ratings.append(rows[seat].rating)
        else:
            ratings.append(BOT_RATINGS.get(player.level or "", START))
    weights = damping(session, players, now)
    changes: dict[str, dict] = {}
    for seat, change in enumerate(elo_changes(ratings, places, weights)):
        if seat not in rows:
            continue
        row, player = rows[seat], players[seat]
        before, flag = row.rating, flag_of(players, player)
        row.rating += change
        row.games += 1
        row.wins += places[seat] == 1 and not player.abandoned
        session.add(row)
        session.add(RatedResultRow(table_id=table_id, account_id=player.account_id, game=game,
                                   variant=variant, place=places[seat], abandoned=player.abandoned,
                                   before=before, after=row.rating, flag=flag, at=now))
        changes[str(seat)] = {"before": round(before, 1), "after": round(row.rating, 1),
                              **({"flag": flag} if flag else {})}
    return changes


def leaderboard(session: Session, game: str, variant: str, limit: int = 100) -> list[dict]:
    rows = session.execute(
        select(AccountRow.name, AccountRatingRow.rating, AccountRatingRow.games)
        .join(AccountRow, AccountRow.id == AccountRatingRow.account_id)
        .where(AccountRatingRow.game == game, AccountRatingRow.variant == variant)
        .order_by(AccountRatingRow.rating.desc(), AccountRow.name).limit(limit))
    return [{"name": name, "rating": round(rating, 1), "games": games} for name, rating, games in rows]
