"""Seat rotation for tournaments: which bot sits in which seat in game *i*.

For ``P`` seats and ``B >= P`` different bots, the games cycle through

* every ``P``-subset of the bots (``C(B, P)`` of them, in the order of
  :func:`itertools.combinations` over the bots as listed), and
* every seating of a subset: ``(P - 1)!`` cyclic orders (the subset's first bot
  stays put, the others are permuted lexicographically), each rotated through
  all ``P`` seats.

Game *i* is position ``k = i mod (C(B, P) * P!)`` of that cycle, read as
``rotation = k mod P``, ``subset = (k // P) mod C(B, P)`` and
``order = k // (P * C(B, P))``. So every block of ``P`` consecutive games is one
subset in all its rotations, every block of :func:`rotation_length` =
``P * C(B, P)`` games (from game 0) seats every bot in every seat equally often
(``C(B - 1, P - 1)`` times), and :func:`full_cycle_length` = ``C(B, P) * P!``
games play every seating order of every subset exactly once.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from itertools import combinations
from math import comb, factorial


def rotation_length(num_bots: int, players: int) -> int:
    """Games after which every bot has played every seat equally often."""
    return players * comb(num_bots, players)


def full_cycle_length(num_bots: int, players: int) -> int:
    """Games after which every seating order of every subset has been played once."""
    return comb(num_bots, players) * factorial(players)


@lru_cache(maxsize=16)
def _subsets(num_bots: int, players: int) -> tuple[tuple[int, ...], ...]:
    return tuple(combinations(range(num_bots), players))


def _nth_permutation(items: Sequence[int], n: int) -> list[int]:
    """The ``n``-th permutation of ``items`` in lexicographic order of positions."""
    pool = list(items)
    out = []
    for size in range(len(pool), 0, -1):
        block = factorial(size - 1)
        out.append(pool.pop(n // block))
        n %= block
    return out


def seating_indices(num_bots: int, players: int, index: int) -> tuple[int, ...]:
    """The bots (as positions in the bot list) in seats ``0..players-1`` of game ``index``."""
    if not 1 <= players <= num_bots:
        raise ValueError(f"{players} seats need at least {players} different bots, not {num_bots}")
    subsets = _subsets(num_bots, players)
    k = index % full_cycle_length(num_bots, players)
    rotation = k % players
    rest = k // players
    subset = subsets[rest % len(subsets)]
    order = [subset[0], *_nth_permutation(subset[1:], rest // len(subsets))]
    return tuple(order[(seat + rotation) % players] for seat in range(players))


def seating(bots: Sequence[str], players: int, index: int) -> tuple[str, ...]:
    """The bot names in seats ``0..players-1`` of tournament game ``index``.

    >>> [seating(["a", "b"], 2, i) for i in range(3)]
    [('a', 'b'), ('b', 'a'), ('a', 'b')]
    """
    return tuple(bots[i] for i in seating_indices(len(bots), players, index))
