"""Elo ratings per game for named human players.

A game of several players counts as every pair of them playing each other
once (the better place wins, an equal place is a draw); the change sums over
the pairs with K divided by the number of opponents. Bots take part with a
fixed rating per level and are never rated themselves."""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.orm import Session

from .db import RatingRow

START = 1200.0
K = 32.0
BOT_RATINGS = {"random": 800.0, "easy": 1000.0, "greedy": 1000.0, "medium": 1300.0,
               "mcts": 1400.0, "hard": 1500.0, "expert": 1600.0}


def expected(rating: float, other: float) -> float:
    """The expected score of ``rating`` against ``other``."""
    return 1.0 / (1.0 + 10 ** ((other - rating) / 400.0))


def elo_changes(ratings: list[float], places: list[int]) -> list[float]:
    """Each player's rating change after a game with these places (1 = best)."""
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
                total += actual - expected(ratings[i], ratings[j])
        changes.append(factor * total)
    return changes


def rate_game(session: Session, game: str, players: list[tuple[str, str | None]],
              places: list[int]) -> dict[str, dict[str, float]]:
    """Update the ratings after a game. ``players`` has one ``(kind, name)`` per
    seat: ``("human", nickname)`` or ``("bot", level)``. Returns each rated
    seat's ``{"before", "after"}`` (seats as text, as JSON keys are)."""
    rows: dict[int, RatingRow] = {}
    ratings = []
    for seat, (kind, name) in enumerate(players):
        if kind == "human":
            rows[seat] = session.get(RatingRow, (game, name)) or RatingRow(
                game=game, nickname=name, rating=START, games=0)
            ratings.append(rows[seat].rating)
        else:
            ratings.append(BOT_RATINGS.get(name, START))
    changes: dict[str, dict[str, float]] = {}
    if len(rows) == 0:
        return changes
    for seat, change in enumerate(elo_changes(ratings, places)):
        if seat in rows:
            if len(players) > 1:
                changes[str(seat)] = {"before": round(rows[seat].rating, 1),
                                      "after": round(rows[seat].rating + change, 1)}
            rows[seat].rating += change
            rows[seat].games += 1
            session.add(rows[seat])
    return changes


def leaderboard(session: Session, game: str, limit: int = 100) -> list[dict]:
    rows = session.scalars(select(RatingRow).where(RatingRow.game == game)
                           .order_by(RatingRow.rating.desc(), RatingRow.nickname).limit(limit))
    return [{"nickname": r.nickname, "rating": round(r.rating, 1), "games": r.games} for r in rows]
