"""Game records: every step of a game in order, replayable without a seed.

A record is JSON (see ``docs/records.md``)::

    {
      "format": "dicehall-record",
      "version": 1,
      "game": "dizzle",
      "options": {"players": 2, "level": 1, "sheet": null},
      "seats": ["human", "greedy"],
      "seed": 7,
      "actions": [
        {"chance": "roll 1 2 2 3 5 6 6"},
        {"seat": 0, "action": "2@d4"},
        ...
      ],
      "result": {"terminal": true, "scores": [41, 37], "ranking": [0, 1]}
    }

``seats``, ``seed`` and ``result`` are informative; replaying uses only the
game, its options and the actions.

A record may come from anyone, so reading one is bounded like any file a user
hands the program (:mod:`.inputs`, :mod:`.schema`), and replaying it opens no
file it names: a record carries its sheet or board inline, and a path in its
options is refused unless the user named that same file (``files``).
"""

from __future__ import annotations

import json
import os
from collections.abc import Collection
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .errors import DicehallError, IllegalAction, NotationError
from .inputs import DataError, is_inline, parse_json, read_text
from .schema import Flag, Int, Items, Refusal, Table, Text, shown, validate

if TYPE_CHECKING:
    from .game import Game
    from .state import GameState

FORMAT = "dicehall-record"
VERSION = 1
MAX_STEPS = 100_000    # a six-player Noch mal game has about 500
MAX_NOTATION = 200     # characters of one step
MAX_SEATS = 8
MAX_SCORE = 1_000_000


class RecordError(DataError):
    """A record file that cannot be read as a game record."""


class ReplayError(DicehallError):
    """An action of a record that is illegal where it stands."""

    def __init__(self, index: int, notation: str, reason: str):
        super().__init__(f"action {index} ({notation!r}) is illegal: {reason}")
        self.index = index
        self.notation = notation
        self.reason = reason


@dataclass(frozen=True, slots=True)
class RecordEntry:
    """One step: a seat's action, or a chance outcome (``seat is None``)."""

    seat: int | None
    notation: str

    def to_json(self) -> dict:
        if self.seat is None:
            return {"chance": self.notation}
        return {"seat": self.seat, "action": self.notation}


_NOTATION = Text(MAX_NOTATION, what="a notation")
_CHANCE = Table({"chance": _NOTATION}, frozenset({"chance"}))
_DECISION = Table({"seat": Int(0, MAX_SEATS - 1), "action": _NOTATION}, frozenset({"seat", "action"}))


class _Entry:
    """The schema of one step: a chance outcome or a seat's decision."""

    def check(self, value: Any, where: str) -> RecordEntry:
        if isinstance(value, dict) and "chance" in value:
            return RecordEntry(None, _CHANCE.check(value, where)["chance"])
        if isinstance(value, dict) and "action" in value:
            decision = _DECISION.check(value, where)
            return RecordEntry(decision["seat"], decision["action"])
        raise Refusal(where, 'expected {"chance": ...} or {"seat": n, "action": ...}, '
                             f"got {shown(value)}")


class _Options:
    """The options: a table of names, each value checked by the game on replay."""

    def check(self, value: Any, where: str) -> dict:
        if not isinstance(value, dict):
            raise Refusal(where, f"must be a table, got {shown(value)}")
        return dict(value)


class _Seed:
    def check(self, value: Any, where: str) -> int | str:
        return (Text(100) if isinstance(value, str) else Int(-10**100, 10**100)).check(value, where)


SCHEMA = Table({
    "format": Text(40), "version": Int(VERSION, VERSION), "game": Text(40), "options": _Options(),
    "seats": Items(Text(100), MAX_SEATS), "seed": _Seed(), "actions": Items(_Entry(), MAX_STEPS),
    "result": Table({"terminal": Flag(), "scores": Items(Int(-MAX_SCORE, MAX_SCORE), MAX_SEATS),
                     "ranking": Items(Int(0, MAX_SEATS - 1), MAX_SEATS)}),
}, frozenset({"format", "version", "game", "options", "actions"}))


@dataclass
class GameRecord:
    game: str
    options: dict
    entries: list[RecordEntry]
    seats: list[str] | None = None
    seed: int | str | None = None
    result: dict | None = field(default=None)

    @classmethod
    def of(cls, game: Game, state: GameState, entries: list[RecordEntry], *,
           seats: list[str] | None = None, seed: int | str | None = None) -> GameRecord:
        result = {"terminal": state.is_terminal(), "scores": state.scores(),
                  "ranking": state.ranking()}
        return cls(game.name, game.record_options(), list(entries), seats, seed, result)

    def to_json(self) -> dict:
        data: dict[str, Any] = {"format": FORMAT, "version": VERSION,
                                "game": self.game, "options": self.options}
        if self.seats is not None:
            data["seats"] = self.seats
        if self.seed is not None:
            data["seed"] = self.seed
        data["actions"] = [entry.to_json() for entry in self.entries]
        if self.result is not None:
            data["result"] = self.result
        return data

    @classmethod
    def from_json(cls, data: Any, source: str = "record") -> GameRecord:
        """The record of parsed JSON, checked against the record schema; errors
        name ``source`` and the field."""
        if not isinstance(data, dict):
            raise RecordError(f"{source}: a record must be a JSON object")
        if data.get("format") != FORMAT:
            raise RecordError(f"{source}: format: expected {FORMAT!r}, got {shown(data.get('format'))}")
        data = validate(SCHEMA, data, source, RecordError)
        return cls(data["game"], data["options"], data["actions"], data.get("seats"),
                   data.get("seed"), data.get("result"))

    def dumps(self) -> str:
        """The record as JSON text with one step per line."""
        data = self.to_json()
        steps = data.pop("actions")
        head = json.dumps(data, indent=1)[:-2]
        lines = ",\n  ".join(json.dumps(step) for step in steps)
        return f'{head},\n "actions": [\n  {lines}\n ]\n}}\n'

    def save(self, path: str | Path) -> None:
        Path(path).write_text(self.dumps(), encoding="utf-8")

    @classmethod
    def load(cls, path: str | Path) -> GameRecord:
        """Read a record file; every error names the file."""
        return cls.from_json(parse_json(read_text(path, RecordError), str(path), RecordError), str(path))

    def make_game(self, files: Collection[str | Path] = ()) -> Game:
        """The record's configured game. A sheet or board named by path is
        opened only if it is one of ``files`` (the user named it)."""
        from .registry import game_class, make_game

        option = game_class(self.game).data_option
        given = self.options.get(option) if option else None
        if isinstance(given, str) and not is_inline(given) and not _among(given, files):
            raise RecordError(f"options.{option}: the record names the file {shown(given, 300)}; a record "
                              "carries its file inline and opens a file only when you name it too")
        return make_game(self.game, self.options)

    def replay(self, upto: int | None = None, files: Collection[str | Path] = ()) -> GameState:
        """The state after the first ``upto`` steps (all by default); ``files``
        as for :meth:`make_game`.

        Raises :class:`ReplayError` naming the first illegal step."""
        state = self.make_game(files).new_initial_state()
        for index, entry in enumerate(self.entries[:upto]):
            try:
                state.apply(entry.notation, entry.seat)
            except IllegalAction as error:
                raise ReplayError(index, entry.notation, error.reason) from None
            except NotationError as error:
                raise ReplayError(index, entry.notation, str(error)) from None
        return state


def _among(path: str, files: Collection[str | Path]) -> bool:
    """Whether ``path`` is one of ``files`` (as absolute, normalised paths)."""
    return os.path.abspath(path) in {os.path.abspath(file) for file in files}
