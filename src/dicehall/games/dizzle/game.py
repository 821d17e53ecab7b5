"""The Dizzle game definition: options, setup table and the action codec."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ...engine.actions import Timeout
from ...engine.chance import dice_outcome_count
from ...engine.errors import NotationError
from ...engine.game import Game
from ...engine.options import Option
from ...engine.registry import register
from ..datafile import check_data_option, load_data_option
from .actions import DizzleAction, Lava, Pass, Place, Planet, Reroll, Return, Track
from .events import DizzleNarrator
from .scoring import score_bounds
from .sheet import TRACK_PIECES, Sheet
from .sheetfile import LEVELS, level_sheet, load_sheet, sheet_from_data
from .state import DizzleState

# players: (dice in the middle, drafts in the game) -- "Setup" in dizzle.md
SETUP = {1: (8, 10), 2: (7, 12), 3: (10, 12), 4: (13, 12)}
#: the truncation length's steps per draft, die and seat (docs/engine.md, "Game
#: length"): rerolls may repeat without end, real games take a tenth of it
STEPS_PER_DIE_AND_SEAT = 10


@dataclass(frozen=True, slots=True)
class ActionCodes:
    """Where each kind of action starts in the id space of a sheet of ``size`` fields:
    place ``0..size-1``, return ``size..``, planet ``2*size..``, then reroll, pass,
    timeout, then lava ``lava + field`` and tracks ``track + 6 * field + piece``."""

    size: int

    @property
    def returns(self) -> int:
        return self.size

    @property
    def planets(self) -> int:
        return 2 * self.size

    @property
    def reroll(self) -> int:
        return 3 * self.size

    @property
    def passing(self) -> int:
        return 3 * self.size + 1

    @property
    def timeout(self) -> int:
        return 3 * self.size + 2

    @property
    def lava(self) -> int:
        return 3 * self.size + 3

    @property
    def track(self) -> int:
        return 4 * self.size + 3


#: solo on a shipped level sheet, whose learned value (docs/bots.md) lets a look
#: eight decisions ahead beat the tree search: measured in docs/strength.md
SOLO_LEVELS = {"hard": "lookahead:samples=32:width=10:depth=8",
               "expert": "lookahead:samples=64:width=12:depth=8"}


@register
class DizzleGame(Game):
    name = "dizzle"
    title = "Dizzle"
    roll_requests = (Reroll,)
    option_specs = (
        Option("players", int, 2, "number of players (1 = solo)", choices=(1, 2, 3, 4)),
        Option("level", int, 1, "which shipped level sheet to play", choices=LEVELS),
        Option("sheet", object, None,
               "a sheet file (TOML) or inline sheet (JSON) to play instead of the level",
               check=check_data_option("sheet", "sheet")),
    )
    data_option = "sheet"
    daily_option = "level"
    variant_option = "level"
    narrator = DizzleNarrator()

    def __init__(self, options: Mapping[str, Any]) -> None:
        super().__init__(options)
        given = self.options["sheet"]
        self.sheet: Sheet = (level_sheet(self.options["level"]) if given is None else
                             load_data_option("sheet", given, sheet_from_data, load_sheet))
        self.data = self.sheet.data
        self.solo = self.num_players == 1
        if self.solo and given is None:
            self.levels = {**Game.levels, **SOLO_LEVELS}
        self.dice_count, self.drafts = SETUP[self.num_players]
        size = self.sheet.size
        self.codes = ActionCodes(size)
        self.numbers = tuple(self.sheet.number(i) for i in range(size))
        self._decode = self._action_table()

    def _action_table(self) -> list[DizzleAction | None]:
        sheet, size = self.sheet, self.sheet.size
        names = [sheet.field_name(i) for i in range(size)]
        table: list[DizzleAction | None] = [
            Place(names[i], self.numbers[i]) if self.numbers[i] else None for i in range(size)]
        table += [Return(names[i]) if self.numbers[i] else None for i in range(size)]
        table += [Planet(names[i]) if sheet.planets >> i & 1 else None for i in range(size)]
        table += [Reroll(), Pass(), Timeout()]
        lava = sheet.volcanoes != 0
        table += [Lava(names[i]) if lava and self.numbers[i] else None for i in range(size)]
        table += [Track(names[i], piece) if sheet.railway and self.numbers[i] else None
                  for i in range(size) for piece in TRACK_PIECES]
        return table

    # --- the engine's Game interface ----------------------------------------------
    @property
    def num_distinct_actions(self) -> int:
        return len(self._decode)

    def new_initial_state(self) -> DizzleState:
        return DizzleState(self)

    @property
    def max_game_length(self) -> int:
        """A truncation length: the rules do not bound a game (a player who cannot
        place may reroll again and again), so ``STEPS_PER_DIE_AND_SEAT`` steps per
        draft, die in the middle and seat, far beyond any game seen."""
        return self.drafts * STEPS_PER_DIE_AND_SEAT * (self.dice_count + self.num_players)

    @property
    def max_chance_outcomes(self) -> int:
        """The draft's roll of every die (rerolls have fewer, solo and lava dice
        two and one)."""
        return dice_outcome_count(self.dice_count)

    def score_bounds(self) -> tuple[int, int]:
        return score_bounds(self.sheet, self.solo)

    def action_from_id(self, action_id: int) -> DizzleAction:
        action = self._decode[action_id] if 0 <= action_id < len(self._decode) else None
        if action is None:
            raise NotationError(f"{action_id} is not an action id of this sheet")
        return action

    def action_id(self, action: Any) -> int:
        codes = self.codes
        if isinstance(action, Reroll):
            return codes.reroll
        if isinstance(action, Pass):
            return codes.passing
        if isinstance(action, Timeout):
            return codes.timeout
        if not isinstance(action, (Place, Return, Planet, Lava, Track)):
            raise NotationError(f"{action!r} is not a Dizzle action")
        index = self._field(action.field)
        if isinstance(action, (Lava, Track)):
            return self._level_action_id(action, index)
        if isinstance(action, Place):
            if self.numbers[index] != action.value:
                raise NotationError(f"{action.field} carries a {self._printed(index)}, "
                                    f"not a {action.value}")
            return index
        if isinstance(action, Planet):
            if not self.sheet.planets >> index & 1:
                raise NotationError(f"{action.field} is not a planet")
            return codes.planets + index
        if not self.numbers[index]:
            raise NotationError(f"{action.field} is not a numbered field")
        return codes.returns + index

    def _level_action_id(self, action: Lava | Track, index: int) -> int:
        """Ids of the level 7 and 8 decisions, valid only on sheets that have them."""
        if isinstance(action, Lava):
            action_id = self.codes.lava + index
        elif action.piece not in TRACK_PIECES:
            raise NotationError(f"{action.piece!r} is not a track piece ({', '.join(TRACK_PIECES)})")
        else:
            action_id = self.codes.track + 6 * index + list(TRACK_PIECES).index(action.piece)
        if self._decode[action_id] is None:
            raise NotationError(f"{action} is not possible on this sheet")
        return action_id

    def _field(self, name: str) -> int:
        index = self.sheet.field_index(name)
        if index is None:
            raise NotationError(f"{name!r} is not a field of the {self.sheet.width}x"
                                f"{self.sheet.height} sheet")
        return index

    def _printed(self, index: int) -> str:
        token = self.sheet.tokens[index]
        return {"X": "start cross", "P": "planet", ".": "hole"}.get(token, token)

    def parse_action(self, text: str) -> DizzleAction:
        words = text.strip().lower().split()
        simple = {"reroll": Reroll(), "pass": Pass(), "timeout": Timeout()}
        if len(words) == 1 and words[0] in simple:
            return simple[words[0]]
        if len(words) == 2 and words[0] in ("return", "planet", "lava"):
            name = self.sheet.field_name(self._field(words[1]))
            action = {"return": Return, "planet": Planet, "lava": Lava}[words[0]](name)
        elif len(words) == 3 and words[0] == "track":
            action = Track(self.sheet.field_name(self._field(words[1])), words[2])
        elif len(words) == 1:
            action = self._parse_place(words[0])
        else:
            raise NotationError(f"{text!r} is not a Dizzle action (try 4@c3, c3, reroll, "
                                "pass, return c3, planet h1, lava c3, track c3 ns)")
        self.action_id(action)
        return action

    def _parse_place(self, word: str) -> Place:
        value, at, name = word.rpartition("@")
        index = self._field(name)
        if at and value not in ("1", "2", "3", "4", "5", "6"):
            raise NotationError(f"{word!r}: the die value must be 1-6")
        number = self.numbers[index]
        if not number:
            raise NotationError(f"{name} is a {self._printed(index)}, not a numbered field")
        return Place(self.sheet.field_name(index), int(value) if at else number)

    def state_from_json(self, data: Mapping[str, Any]) -> DizzleState:
        from .serial import state_from_json
        return state_from_json(self, data)

    # --- extras -------------------------------------------------------------------
    def describe(self) -> str:
        players = "solo" if self.solo else f"{self.num_players} players"
        return f"Dizzle, {self.sheet.name}, {players}"

    def rating(self, score: int) -> str | None:
        return self.sheet.rating(score) if self.solo else None

    def layout(self) -> dict:
        from .layout import sheet_layout
        return sheet_layout(self)

    def evaluate(self, state: DizzleState, seat: int) -> float:
        from .heuristic import evaluate
        return evaluate(state, seat)
