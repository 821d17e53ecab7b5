"""Statistics for simulation and tournament results.

* :func:`wilson_interval` — a confidence interval for a win rate.
* :func:`head_to_head` — for each pair of bots, how often each finished ahead
  of the other in the games both played.
* :func:`mean_and_stdev` — mean and population standard deviation of scores.

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
from collections.abc import Iterable, Sequence
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
