"""What the clairvoyant beam searches share (``dizzle_clairvoyant.py``,
``nochmal_clairvoyant.py``): games in worker processes, one line of results."""

from __future__ import annotations

import argparse
import statistics
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor


def play_games(best_score: Callable[..., int], games: int, workers: int | None,
               *settings: object) -> list[int]:
    """``best_score(*settings, seed)`` for the seeds 0 .. games - 1, in worker processes."""
    with ProcessPoolExecutor(workers) as pool:
        return list(pool.map(best_score, *([setting] * games for setting in settings), range(games)))


def report(title: str, scores: list[int]) -> str:
    return (f"{title}, {len(scores)} games: mean {statistics.mean(scores):.2f}"
            f" (sd {statistics.pstdev(scores):.2f}), best {max(scores)}, worst {min(scores)}")


def keep_best(items: list, width: int, value: Callable, key: Callable) -> list:
    """The ``width`` items of highest ``value``, one per ``key`` (a beam's pruning)."""
    kept, seen = [], set()
    for item in sorted(items, key=lambda item: -value(item)):
        found = key(item)
        if found not in seen:
            seen.add(found)
            kept.append(item)
            if len(kept) == width:
                break
    return kept


def beam_arguments(doc: str, width: int) -> argparse.ArgumentParser:
    """The command line both searches share: ``--width``, ``--games``, ``--workers``."""
    parser = argparse.ArgumentParser(description=doc.splitlines()[0])
    parser.add_argument("--width", type=int, default=width, help="positions kept after each step")
    parser.add_argument("--games", type=int, default=20, help="games, seeds 0 .. GAMES - 1")
    parser.add_argument("--workers", type=int, default=None, help="worker processes (default: one per CPU)")
    return parser
