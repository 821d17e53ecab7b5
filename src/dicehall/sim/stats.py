"""Statistics for simulation and tournament results.

* :func:`wilson_interval` — a confidence interval for a win rate.
* :func:`head_to_head` — for each pair of bots, how often each finished ahead
  of the other in the games both played.
* :func:`mean_and_stdev` — mean and population standard deviation of scores.
* :class:`Tally` — what a seat or a bot did over some games, kept exactly
  (games, wins as a fraction, how often each score came, games per seat), so
  tallies of separate runs add up (``a + b``) to the tally of both;
  :func:`tally_seats` and :func:`tally_bots` count them from per-game results.

The Wilson score interval for ``w`` wins in ``n`` games (``p = w / n``, and
``z`` the normal quantile of the confidence level, 1.959964 for 95%) is::

    centre    = (p + z² / (2n)) / (1 + z² / n)
    halfwidth = z / (1 + z² / n) * sqrt(p (1 - p) / n + z² / (4 n²))
    interval  = [centre - halfwidth, centre + halfwidth]

Unlike the normal approximation ``p ± z sqrt(p (1 - p) / n)`` it stays inside
[0, 1] and is sensible for 0 or ``n`` wins (then one end is exactly 0 or 1).
Shared wins count as fractions, so ``w`` need not be a whole number.
"""

from __future__ import annotations

import math
import statistics
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import zip_longest
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .runner import GameResult


def z_value(confidence: float = 0.95) -> float:
    """The two-sided normal quantile for ``confidence`` (1.959964 for 0.95)."""
    if not 0 < confidence < 1:
        raise ValueError(f"confidence must be between 0 and 1, not {confidence}")
    return statistics.NormalDist().inv_cdf(0.5 + confidence / 2)


def wilson_interval(wins: float, games: int, confidence: float = 0.95) -> tuple[float, float]:
    """The Wilson score interval for a win rate of ``wins`` out of ``games``.

    ``(0.0, 1.0)`` when there are no games (nothing is known).

    >>> [round(x, 4) for x in wilson_interval(8, 10)]
    [0.4902, 0.9433]
    """
    if games < 0 or not 0 <= wins <= games:
        raise ValueError(f"wins must be between 0 and games, not {wins} of {games}")
    if games == 0:
        return (0.0, 1.0)
    z = z_value(confidence)
    n = games
    p = wins / n
    z2 = z * z
    denominator = 1 + z2 / n
    centre = (p + z2 / (2 * n)) / denominator
    half = z / denominator * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n))
    low = 0.0 if wins == 0 else max(0.0, centre - half)
    high = 1.0 if wins == games else min(1.0, centre + half)
    return (low, high)


def mean_and_stdev(values: Sequence[float]) -> tuple[float, float]:
    """Mean and population standard deviation (0.0 and 0.0 for no values)."""
    if not values:
        return (0.0, 0.0)
    return (statistics.fmean(values), statistics.pstdev(values))


def head_to_head(results: Iterable[GameResult]) -> dict[str, dict[str, dict[str, float]]]:
    """For each ordered pair of different bots ``(a, b)`` that met: the number of
    games both played (``"games"``) and how often ``a`` finished ahead of ``b``
    (``"ahead"``: a better place; equal places count one half).

    ``table[a][b]["ahead"] + table[b][a]["ahead"] == table[a][b]["games"]``.
    A bot holding several seats in one game is compared seat by seat.
    """
    table: dict[str, dict[str, dict[str, float]]] = {}
    for result in results:
        seats = range(len(result.bots))
        for s in seats:
            for t in seats:
                a, b = result.bots[s], result.bots[t]
                if a == b:
                    continue
                cell = table.setdefault(a, {}).setdefault(b, {"games": 0, "ahead": 0.0})
                cell["games"] += 1
                if result.places[s] < result.places[t]:
                    cell["ahead"] += 1
                elif result.places[s] == result.places[t]:
                    cell["ahead"] += 0.5
    return table


@dataclass
class Tally:
    """What one seat or bot did over some games, as exact counts.

    ``wins`` counts a win shared by ``k`` seats as ``1/k`` (a
    :class:`~fractions.Fraction`, so sums do not depend on their order);
    ``scores`` maps each score to how many games ended with it; ``seats[s]`` is
    how many of the games were played in seat ``s``. Because nothing is
    rounded, ``tally(run1) + tally(run2) == tally(both runs)``."""

    games: int = 0
    wins: Fraction = Fraction(0)
    scores: Counter = field(default_factory=Counter)
    seats: list[int] = field(default_factory=list)

    def add(self, seat: int, score: int, share: Fraction) -> None:
        """Count one game: played in ``seat``, scored ``score``, ``share`` of the win."""
        self.games += 1
        self.wins += share
        self.scores[score] += 1
        self.seats.extend([0] * (seat + 1 - len(self.seats)))
        self.seats[seat] += 1

    def __add__(self, other: Tally) -> Tally:
        seats = [a + b for a, b in zip_longest(self.seats, other.seats, fillvalue=0)]
        return Tally(self.games + other.games, self.wins + other.wins, self.scores + other.scores, seats)

    merge = __add__

    @property
    def win_rate(self) -> float:
        return float(self.wins / self.games) if self.games else 0.0

    def win_interval(self, confidence: float = 0.95) -> tuple[float, float]:
        """The Wilson score interval of :attr:`win_rate` (see :func:`wilson_interval`)."""
        return wilson_interval(float(self.wins), self.games, confidence)

    @property
    def mean_score(self) -> float:
        return self.mean_and_stdev()[0]

    @property
    def stdev_score(self) -> float:
        """The population standard deviation of the scores."""
        return self.mean_and_stdev()[1]

    def mean_and_stdev(self) -> tuple[float, float]:
        """Mean and population standard deviation, from exact sums of the
        counted scores (0.0 and 0.0 for no games)."""
        if not self.games:
            return (0.0, 0.0)
        n = self.games
        total = sum(score * count for score, count in self.scores.items())
        squares = sum(score * score * count for score, count in self.scores.items())
        variance = max(0, n * squares - total * total) / (n * n)
        return (total / n, math.sqrt(variance))

    def score_list(self) -> list[int]:
        """Every counted score, lowest first (the order of games is not kept)."""
        return sorted(self.scores.elements())


def _shares(result: GameResult) -> dict[int, Fraction]:
    winners = result.winners
    return {seat: Fraction(1, len(winners)) for seat in winners}


def tally_seats(results: Iterable[GameResult], players: int) -> list[Tally]:
    """One :class:`Tally` per seat over ``results`` (whoever sat there)."""
    tallies = [Tally() for _ in range(players)]
    for result in results:
        shares = _shares(result)
        for seat, score in enumerate(result.scores):
            tallies[seat].add(seat, score, shares.get(seat, Fraction(0)))
    return tallies


def tally_bots(results: Iterable[GameResult], bots: Sequence[str] = ()) -> dict[str, Tally]:
    """One :class:`Tally` per bot over all the seats it held in ``results``;
    the bots ``bots`` first, in that order (with empty tallies if they never
    played), then any other bot in order of first appearance."""
    tallies = {bot: Tally() for bot in bots}
    for result in results:
        shares = _shares(result)
        for seat, (bot, score) in enumerate(zip(result.bots, result.scores)):
            tallies.setdefault(bot, Tally()).add(seat, score, shares.get(seat, Fraction(0)))
    return tallies

