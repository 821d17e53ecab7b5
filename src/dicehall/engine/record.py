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
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .errors import DicehallError, IllegalAction, NotationError

if TYPE_CHECKING:
    from .game import Game
    from .state import GameState

FORMAT = "dicehall-record"
VERSION = 1


class RecordError(DicehallError):
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

    @classmethod
    def from_json(cls, data: Any, index: int) -> RecordEntry:
        if isinstance(data, dict) and set(data) == {"chance"} and isinstance(data["chance"], str):
            return cls(None, data["chance"])
        if (isinstance(data, dict) and set(data) == {"seat", "action"}
                and isinstance(data["seat"], int) and isinstance(data["action"], str)):
            return cls(data["seat"], data["action"])
        raise RecordError(f"actions[{index}]: expected {{\"chance\": ...}} or "
                          f"{{\"seat\": n, \"action\": ...}}, got {data!r}")


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
    def from_json(cls, data: Any) -> GameRecord:
        if not isinstance(data, dict):
            raise RecordError("a record must be a JSON object")
        if data.get("format") != FORMAT:
            raise RecordError(f"format: expected {FORMAT!r}, got {data.get('format')!r}")
        if data.get("version") != VERSION:
            raise RecordError(f"version: expected {VERSION}, got {data.get('version')!r}")
        for key, kind in (("game", str), ("options", dict), ("actions", list)):
            if not isinstance(data.get(key), kind):
                raise RecordError(f"{key}: missing or not a {kind.__name__}")
        entries = [RecordEntry.from_json(item, i) for i, item in enumerate(data["actions"])]
        return cls(data["game"], data["options"], entries, data.get("seats"),
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
        try:
            data = json.loads(Path(path).read_text(encoding="utf-8"))
        except (OSError, json.JSONDecodeError) as error:
            raise RecordError(f"{path}: {error}") from None
        try:
            return cls.from_json(data)
        except RecordError as error:
            raise RecordError(f"{path}: {error}") from None

    def replay(self, upto: int | None = None) -> GameState:
        """The state after the first ``upto`` steps (all by default).

        Raises :class:`ReplayError` naming the first illegal step."""
        from .registry import make_game

        state = make_game(self.game, self.options).new_initial_state()
        for index, entry in enumerate(self.entries[:upto]):
            try:
                state.apply(entry.notation, entry.seat)
            except IllegalAction as error:
                raise ReplayError(index, entry.notation, error.reason) from None
            except NotationError as error:
                raise ReplayError(index, entry.notation, str(error)) from None
        return state
