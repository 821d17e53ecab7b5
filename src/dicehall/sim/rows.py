"""One CSV row per game, streamed to a single file as the games finish, and
read back to resume a run or to merge.

The columns are ``game`` (its number), ``bot_0 … bot_{P-1}`` (who sat
where), ``score_0 …``, ``place_0 …`` and ``winners`` (the seats in first
place, separated by spaces). Each row is flushed once written, so a run
stopped at any moment leaves in the file every game the run had handed on
(:mod:`.runner`: on one core every finished game, on several every finished
game numbered before the first still being played); a last line cut off by
the stop is ignored when the file is read back."""

from __future__ import annotations

import csv
from collections.abc import Iterable
from pathlib import Path
from typing import TextIO

from .runner import GameResult


def columns(players: int) -> list[str]:
    return ["game", *(f"{kind}_{seat}" for kind in ("bot", "score", "place") for seat in range(players)),
            "winners"]


def row(result: GameResult) -> list:
    return [result.index, *result.bots, *result.scores, *result.places,
            " ".join(str(seat) for seat in result.winners)]


def write_rows(path: str | Path, players: int, results: Iterable[GameResult]) -> None:
    """Write every result's row to ``path`` (a new file, with its header)."""
    with GameRows(path, players) as rows:
        for result in results:
            rows.add(result)


class GameRows:
    """A file of game rows being written: ``add(result)`` appends and flushes
    one (the header first when the file is new or empty)."""

    def __init__(self, path: str | Path, players: int, append: bool = False):
        self.path = Path(path)
        self.players = players
        fresh = not append or not self.path.exists() or self.path.stat().st_size == 0
        self.out: TextIO = open(self.path, "w" if fresh else "a", newline="", encoding="utf-8")
        self.writer = csv.writer(self.out, lineterminator="\n")
        if fresh:
            self.writer.writerow(columns(players))
            self.out.flush()

    def add(self, result: GameResult) -> None:
        self.writer.writerow(row(result))
        self.out.flush()

    def close(self) -> None:
        self.out.close()

    def __enter__(self) -> GameRows:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def read_rows(path: str | Path, players: int) -> list[GameResult]:
    """The games of a rows file; a row cut off at the end (a stopped run) is
    dropped from the file, so appending goes on from a whole line. A file of
    other columns is a ValueError naming it."""
    path = Path(path)
    lines = path.read_bytes().decode("utf-8").splitlines(keepends=True)
    if lines and not lines[-1].endswith("\n"):
        lines.pop()
        path.write_bytes("".join(lines).encode("utf-8"))
    parsed = list(csv.reader(lines))
    if not parsed:
        return []
    if parsed[0] != columns(players):
        raise ValueError(f"{path}: not the game rows of a {players}-player run (columns {parsed[0]})")
    results = []
    for number, fields in enumerate(parsed[1:], start=2):
        try:
            results.append(from_row(fields, players))
        except (ValueError, IndexError):
            raise ValueError(f"{path}: line {number} is not a game row") from None
    return results


def from_row(fields: list[str], players: int) -> GameResult:
    if len(fields) != 3 * players + 2:
        raise ValueError("wrong number of columns")
    bots = tuple(fields[1:1 + players])
    scores = tuple(int(value) for value in fields[1 + players:1 + 2 * players])
    places = tuple(int(value) for value in fields[1 + 2 * players:1 + 3 * players])
    return GameResult(int(fields[0]), bots, scores, places)
