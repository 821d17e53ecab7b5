"""The Noch mal game definition: options, dice and the action codec."""

from __future__ import annotations

from collections.abc import Mapping
from math import comb
from typing import Any

from ...engine.bits import mask_of
from ...engine.errors import NotationError
from ...engine.game import Game
from ...engine.options import Option
from ...engine.registry import register
from ..datafile import check_data_option, load_data_option
from .actions import (
    COLOUR_FACES,
    NUMBER_FACES,
    SPECIAL_FACES,
    Cross,
    NochmalAction,
    NochmalRoll,
    Pass,
    Special,
)
from .events import NochmalNarrator
from .scoring import score_bounds
from .sheet import NochmalSheet
from .sheetfile import EDITIONS, edition_sheet, load_sheet, sheet_from_data
from .state import NochmalState
from .tables import HEART, PASS, action_table

SPECIAL_KINDS = ("bomb", "stars", "row", "block")
#: each edition's own name, on its tables, plots and in the terminal
EDITION_TITLES = {"so-gut": "Noch mal so gut!", "classic": "Noch mal!"}
#: the rolls of the truncation length of a game for several (docs/engine.md,
#: "Game length"): the rules end it only when someone completes two colours;
#: random games end within 200 rolls
MAX_ROLLS = 500
#: solo so-gut on the printed sheet: rollouts two of one's own decisions deep
#: (mean 46.7 against 45.4 one deep) from the 16 best actions by the
#: evaluation instead of 8 (49.5 against 46.7; 200 games each, seed 7); each
#: difference alone is not significant (docs/strength.md, "Solo Noch mal");
#: 53.4 since the rollouts meet the same dice ("The same dice all the way down")
SOLO_LEVELS = {"hard": "rollout:depth=2:rounds=8:width=16:seconds=1.8",
               "expert": "rollout:depth=2:rounds=32:width=16:seconds=9"}


@register
class NochmalGame(Game):
    name = "nochmal"
    title = "Noch mal so gut!"
    option_specs = (
        Option("players", int, 2, "number of players (1 = solo)", choices=(1, 2, 3, 4, 5, 6)),
        Option("edition", str, "so-gut", "so-gut (7 dice, special die) or classic (Noch mal!)",
               choices=EDITIONS),
        Option("sheet", object, None, "a sheet file (TOML) or inline sheet (JSON) instead of "
               "the edition's printed sheet", check=check_data_option("sheet", "sheet")),
    )
    data_option = "sheet"
    daily_option = "edition"
    variant_option = "edition"
    narrator = NochmalNarrator()
    # hundreds of actions a roll and dice that change every roll: rollouts of
    # the greedy policy from the best few actions beat a tree (docs/bots.md)
    levels = {
        "medium": "rollout:depth=1:rounds=2:seconds=0.25",
        "hard": "rollout:depth=1:rounds=8:seconds=1.8",
        "expert": "rollout:depth=1:rounds=32:seconds=9",
    }

    def __init__(self, options: Mapping[str, Any]) -> None:
        super().__init__(options)
        given = self.options["sheet"]
        self.sheet: NochmalSheet = (edition_sheet(self.options["edition"]) if given is None else
                                    load_data_option("sheet", given, sheet_from_data, load_sheet))
        self.data = self.sheet.data
        self.title = EDITION_TITLES[self.sheet.edition]
        self.table = action_table(self.sheet)
        solo = self.num_players == 1
        if solo and given is None and self.sheet.edition == "so-gut":
            self.levels = {**NochmalGame.levels, **SOLO_LEVELS}
        special = self.sheet.edition == "so-gut"
        self.dice = (2 if solo else 3, 2 if solo else 3, special)

    @property
    def num_distinct_actions(self) -> int:
        return self.table.size

    def new_initial_state(self) -> NochmalState:
        return NochmalState(self)

    @property
    def max_game_length(self) -> int:
        """Solo, the bound of the rules: two steps (the roll, the choice) a roll and
        one per bomb item. For several, a truncation length: ``MAX_ROLLS`` rolls of
        one step and one per seat, and one step per seat and bomb item (a game
        where everyone passes never ends)."""
        rolls = self.sheet.solo_rolls if self.num_players == 1 else MAX_ROLLS
        bombs = self.sheet.row_items.count("bomb")
        return rolls * (1 + self.num_players) + bombs * self.num_players

    @property
    def max_chance_outcomes(self) -> int:
        """Every roll: colour and number multisets, times the special die's faces."""
        colours, numbers, special = self.dice
        faces = len(COLOUR_FACES)
        return (comb(colours + faces - 1, colours) * comb(numbers + faces - 1, numbers)
                * (len(SPECIAL_FACES) if special else 1))

    @property
    def max_chance_parts(self) -> int:
        """Colour dice, number dice and, in so-gut, the special die."""
        return 3 if self.dice[2] else 2

    @property
    def max_chance_part_outcomes(self) -> int:
        colours, numbers, special = self.dice
        faces = len(COLOUR_FACES)
        return max(comb(colours + faces - 1, colours), comb(numbers + faces - 1, numbers),
                   len(SPECIAL_FACES) if special else 1)

    def score_bounds(self) -> tuple[int, int]:
        return score_bounds(self.sheet, self.num_players == 1)

    # --- the action codec -------------------------------------------------------------
    def action_from_id(self, action_id: int) -> NochmalAction:
        table, names = self.table, self.sheet.names
        if not 0 <= action_id < table.size:
            raise NotationError(f"{action_id} is not an action id of this sheet")
        if action_id == PASS:
            return Pass()
        if action_id == HEART:
            return Special("heart")
        if action_id < table.bomb_base:
            k, variant = divmod(action_id - table.cross_base, 4)
            mask = table.crosses[k]
            colour = "x" if variant & 1 else self.sheet.colours[mask.bit_length() - 1]
            number = "?" if variant & 2 else str(mask.bit_count())
            return Cross(colour, number, tuple(names(mask)))
        if action_id >= table.block_base:
            block = self.sheet.blocks[action_id - table.block_base]
            return Special("block", (names(block.mask)[0],))
        face = ("bomb" if action_id < table.star_base else
                "stars" if action_id < table.row_base else "row")
        return Special(face, tuple(names(table.special_mask(action_id))))

    def action_id(self, action: Any) -> int:
        table = self.table
        if isinstance(action, Pass):
            return PASS
        if isinstance(action, Special):
            return self._special_id(action)
        if not isinstance(action, Cross):
            raise NotationError(f"{action!r} is not a Noch mal action")
        mask = self._boxes(action.boxes)
        if mask not in table.cross_index:
            raise NotationError(f"{' '.join(action.boxes)}: not 1-5 connected boxes of one block")
        colour = self.sheet.colours[mask.bit_length() - 1]
        if action.colour_die not in (colour, "x"):
            raise NotationError(f"{action}: the boxes are {colour}, the colour die is {action.colour_die}")
        if action.number_die not in (str(mask.bit_count()), "?"):
            raise NotationError(f"{action}: {mask.bit_count()} boxes with a {action.number_die}")
        variant = (action.colour_die == "x") + 2 * (action.number_die == "?")
        return table.cross_base + 4 * table.cross_index[mask] + variant

    def _special_id(self, action: Special) -> int:
        table = self.table
        if action.face == "heart" and not action.boxes:
            return HEART
        mask = self._boxes(action.boxes)
        if action.face == "block" and len(action.boxes) == 1:
            return table.block_base + self.sheet.block_of[mask.bit_length() - 1]
        index, base = {"bomb": (table.bomb_index, table.bomb_base),
                       "stars": (table.star_index, table.star_base),
                       "row": (table.row_index, table.row_base)}.get(action.face, ({}, 0))
        if mask not in index:
            raise NotationError(f"{action}: not a {action.face} action on this sheet")
        return base + index[mask]

    def _boxes(self, names: tuple[str, ...]) -> int:
        indices = [self.sheet.box_index(name) for name in names]
        for name, index in zip(names, indices):
            if index is None:
                raise NotationError(f"{name!r} is not a box of the {self.sheet.width}x"
                                    f"{self.sheet.height} sheet")
        if not indices or len(set(indices)) != len(indices):
            raise NotationError("name each box once")
        return mask_of(indices)

    def parse_action(self, text: str) -> NochmalAction:
        words = text.strip().lower().split()
        if not words:
            raise NotationError("an empty text is not an action")
        head, boxes = words[0], tuple(words[1:])
        if words == ["pass"]:
            return Pass()
        if head in ("heart", *SPECIAL_KINDS):
            action = Special(head, boxes)
        elif len(head) == 2 and head[0] in COLOUR_FACES and head[1] in NUMBER_FACES:
            action = Cross(head[0], head[1], boxes)
        else:
            raise NotationError(f"{text!r} is not a Noch mal action (try 'y3 h3 h4 i4', "
                                "'bomb d2 e2', 'stars c1', 'row b3 f3', 'block e5', 'heart', 'pass')")
        return self.action_from_id(self.action_id(action))

    def parse_chance(self, text: str) -> NochmalRoll:
        return NochmalRoll.parse(text)

    def state_from_json(self, data: Mapping[str, Any]) -> NochmalState:
        from .serial import state_from_json
        return state_from_json(self, data)

    # --- extras -------------------------------------------------------------------------
    def describe(self) -> str:
        players = "solo" if self.num_players == 1 else f"{self.num_players} players"
        return f"{self.sheet.name}, {players}"

    def rating(self, score: int) -> str | None:
        return self.sheet.rating(score) if self.num_players == 1 else None

    def layout(self) -> dict:
        from .layout import sheet_layout
        return sheet_layout(self)

    def evaluate(self, state: NochmalState, seat: int) -> float:
        from .heuristic import evaluate
        return evaluate(state, seat)

