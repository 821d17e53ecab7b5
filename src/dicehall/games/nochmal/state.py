"""The Noch mal state machine: rolls, simultaneous choices and scoring.

One roll (see "A roll" in ``nochmal.md``)::

    ROLL (chance) -> ACTIVE (the active player) -> OTHERS (simultaneous) -> settle
    ROLL (chance) -> ALL (rolls 1-3: everyone at once, from all dice) -> settle
    settle: choices applied together -> rows and their items [ITEM bombs] -> columns, colours

Choices are held in ``pending`` until every decider has chosen, so nobody sees
another's choice before it counts; all "first" bonuses of a roll are settled
against what was taken before the roll.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from fractions import Fraction
from functools import cache
from itertools import combinations_with_replacement
from typing import TYPE_CHECKING, Any

from ...engine.bits import bit_list
from ...engine.chance import multiset_probability
from ...engine.state import CHANCE, SIMULTANEOUS, TERMINAL, GameState
from .actions import COLOUR_FACES, NUMBER_FACES, SPECIAL_FACES, SPECIAL_WEIGHTS, NochmalRoll
from .scoring import final_score, score_parts, shown_parts
from .sheet import COLOURS
from .tables import HEART, PASS

if TYPE_CHECKING:
    from .game import NochmalGame

ROLL, ACTIVE, OTHERS, ALL, ITEM, OVER = range(6)
PHASES = ("roll", "active", "others", "all", "item", "over")
OPEN_ROLLS = 3          # in rolls 1-3 everyone chooses from all dice
JOKER = 5               # index of the joker face among colour and number faces


class NochmalState(GameState):
    __slots__ = ("sheet", "table", "phase", "rolls", "active", "colour_dice", "number_dice",
                 "special_face", "pending", "crossed", "jokers_used", "specials",
                 "specials_used", "hearts", "column_points", "heart_bonus", "rows_done",
                 "colour_points", "bombs_due", "columns_taken", "rows_taken",
                 "colours_taken", "rows_now")

    game: NochmalGame

    def __init__(self, game: NochmalGame) -> None:
        super().__init__(game)
        n, sheet = game.num_players, game.sheet
        self.sheet = sheet
        self.table = game.table
        self.phase = ROLL
        self.rolls = 0
        self.active = 0
        self.colour_dice = [0] * 6
        self.number_dice = [0] * 6
        self.special_face: str | None = None
        self.pending = [-1] * n
        self.crossed = [0] * n
        self.jokers_used = [0] * n
        self.specials = [sheet.special_dice_at_start] * n
        self.specials_used = [0] * n
        self.hearts = [0] * n
        self.column_points: list[list[int | None]] = [[None] * sheet.width for _ in range(n)]
        self.heart_bonus: list[list[int | None]] = [[None] * sheet.width for _ in range(n)]
        self.rows_done = [0] * n
        self.colour_points: list[list[int | None]] = [[None] * len(COLOURS) for _ in range(n)]
        self.bombs_due = [0] * n
        self.columns_taken = self.rows_taken = self.colours_taken = self.rows_now = 0

    # --- whose decision -------------------------------------------------------------
    def current_player(self) -> int:
        phase = self.phase
        if phase == ACTIVE:
            return self.active
        if phase == ROLL:
            return CHANCE
        if phase == OVER:
            return TERMINAL
        return SIMULTANEOUS

    def deciders(self) -> tuple[int, ...]:
        phase, pending = self.phase, self.pending
        if phase == ACTIVE:
            return (self.active,)
        if phase == OTHERS:
            return tuple(p for p, choice in enumerate(pending) if choice < 0 and p != self.active)
        if phase == ALL:
            return tuple(p for p, choice in enumerate(pending) if choice < 0)
        if phase == ITEM:
            return tuple(p for p, choice in enumerate(pending) if choice < 0 and self.bombs_due[p])
        return ()

    @property
    def solo(self) -> bool:
        return self.game.num_players == 1

    # --- dice -----------------------------------------------------------------------------
    def dice_for(self, seat: int) -> tuple[list[int], list[int], str | None]:
        """The colour and number dice counts and the special face ``seat`` may choose from."""
        if self.phase != OTHERS:
            return self.colour_dice, self.number_dice, self.special_face
        colours, numbers, special = self.colour_dice[:], self.number_dice[:], self.special_face
        taken = self.pending[self.active]
        table = self.table
        if taken == HEART or taken >= table.bomb_base:
            special = None
        elif taken != PASS:
            k, variant = divmod(taken - table.cross_base, 4)
            mask = table.crosses[k]
            colour = JOKER if variant & 1 else COLOURS.index(self.sheet.colours[mask.bit_length() - 1])
            colours[colour] -= 1
            numbers[JOKER if variant & 2 else mask.bit_count() - 1] -= 1
        return colours, numbers, special

    # --- legal actions -------------------------------------------------------------------
    def legal_action_ids(self, seat: int) -> list[int]:
        """The legal ids, sorted (the filters below yield them grouped by block,
        size and square)."""
        if seat not in self.deciders():
            return []
        free = self.sheet.all_boxes & ~self.crossed[seat]
        if self.phase == ITEM:
            ids = self._bomb_ids(free)
        else:
            colours, numbers, special = self.dice_for(seat)
            ids = [PASS]
            ids += self._cross_ids(seat, colours, numbers)
            if special is not None and self.specials[seat] > self.specials_used[seat]:
                ids += self._special_ids(seat, special, free)
        ids.sort()
        return ids

    def _cross_ids(self, seat: int, colours: list[int], numbers: list[int]) -> list[int]:
        sheet, table = self.sheet, self.table
        crossed = self.crossed[seat]
        jokers = sheet.jokers - self.jokers_used[seat]
        colour_joker = colours[JOKER] > 0 and jokers >= 1
        number_joker = numbers[JOKER] > 0 and jokers >= 1
        both_jokers = colours[JOKER] > 0 and numbers[JOKER] > 0 and jokers >= 2
        reach = sheet.neighbours(crossed) | sheet.start
        base, candidates = table.cross_base, table.candidates
        ids: list[int] = []
        for block in sheet.blocks:
            real_colour = colours[block.colour_index] > 0
            if not (real_colour or colour_joker):
                continue
            free = block.mask & ~crossed
            touch = free & reach
            if not touch:
                continue
            groups = candidates(free, touch)
            for size in range(1, 6):
                group = groups[size]
                if not group:
                    continue
                real_number = numbers[size - 1] > 0
                for variant, usable in ((0, real_colour and real_number),
                                        (1, colour_joker and real_number),
                                        (2, real_colour and number_joker), (3, both_jokers)):
                    if usable:
                        ids += [base + 4 * k + variant for k in group]
        return ids

    def _special_ids(self, seat: int, face: str, free: int) -> list[int]:
        if face == "heart":
            return [HEART]
        if face == "bomb":
            return self._bomb_ids(free)
        table, crossed = self.table, self.crossed[seat]
        reach = self.sheet.neighbours(crossed) | self.sheet.start
        if face == "stars":
            return list(table.star_candidates(free & self.sheet.stars, free & reach))
        if face == "row":
            ids = []
            for row in self.sheet.rows:
                if row & free & reach:
                    ids += table.row_candidates(row & free, row & free & reach)
            return ids
        return [table.block_base + block.number for block in self.sheet.blocks
                if block.mask & free and block.mask & (reach | crossed)]

    def _bomb_ids(self, free: int) -> list[int]:
        ids: list[int] = []
        bombs = self.table.bomb_candidates
        for square_number, square in enumerate(self.table.squares):
            if square & free:
                ids += bombs(square_number, square & free)
        return ids

    def timeout_action_id(self, seat: int) -> int:
        """Time ran out: the player passes; a row's bomb item, which cannot be
        declined, crosses the legal bomb set with the lowest id."""
        return self.legal_action_ids(seat)[0] if self.phase == ITEM else PASS

    # --- choosing and settling ------------------------------------------------------------
    def apply_id(self, action_id: int, seat: int) -> None:
        self.pending[seat] = action_id
        if self.phase == ACTIVE:
            if not self.solo:
                self.phase = OTHERS
                return
        elif self.deciders():
            return
        if self.phase == ITEM:
            self._explode_items()
        else:
            self._apply_choices()

    def _apply_choices(self) -> None:
        for seat, choice in enumerate(self.pending):
            if choice >= 0:
                self.use_choice(seat, choice)
        self.pending = [-1] * len(self.pending)
        self.rows_now = 0
        self._settle_rows()

    def use_choice(self, seat: int, action_id: int) -> None:
        table = self.table
        if action_id == PASS:
            return
        if action_id == HEART:
            self.specials_used[seat] += 1
            self.hearts[seat] = min(self.hearts[seat] + 1, self.sheet.hearts)
        elif action_id < table.bomb_base:
            k, variant = divmod(action_id - table.cross_base, 4)
            self._cross(seat, table.crosses[k])
            self.jokers_used[seat] += (variant & 1) + (variant >> 1)
        else:
            self.specials_used[seat] += 1
            self._cross(seat, table.special_mask(action_id))

    def _cross(self, seat: int, mask: int) -> None:
        """Cross boxes; a crossed special-die field circles one more special die."""
        new = mask & ~self.crossed[seat]
        self.crossed[seat] |= mask
        if new & self.sheet.special_fields:
            self._circle_special(seat, (new & self.sheet.special_fields).bit_count())

    def _circle_special(self, seat: int, count: int = 1) -> None:
        self.specials[seat] = min(self.specials[seat] + count, self.sheet.special_dice)

    def _explode_items(self) -> None:
        for seat, choice in enumerate(self.pending):
            if choice >= 0:
                self._cross(seat, self.table.special_mask(choice))
                self.bombs_due[seat] -= 1
        self.pending = [-1] * len(self.pending)
        self._settle_rows()

    def _settle_rows(self) -> None:
        """Completed rows: their points, and the item for first completers;
        a bomb item is a decision (ITEM) before the roll is scored."""
        sheet, solo = self.sheet, self.solo
        for seat, crossed in enumerate(self.crossed):
            new = 0
            for number, row in enumerate(sheet.rows):
                if row & crossed == row and not self.rows_done[seat] >> number & 1:
                    new |= 1 << number
            self.rows_done[seat] |= new
            self.rows_now |= new
            for number in bit_list(new):
                if sheet.row_items and (solo or not self.rows_taken >> number & 1):
                    self._take_item(seat, sheet.row_items[number])
            if self.bombs_due[seat] and crossed == sheet.all_boxes:
                self.bombs_due[seat] = 0
        if any(self.bombs_due):
            self.phase = ITEM
        else:
            self._settle_scores()

    def _take_item(self, seat: int, item: str) -> None:
        if item == "special":
            self._circle_special(seat)
        elif item == "heart":
            self.hearts[seat] = min(self.hearts[seat] + 1, self.sheet.hearts)
        else:
            self.bombs_due[seat] += 1

    def _settle_scores(self) -> None:
        """Columns (with the heart bonus), colours, then the end of the roll."""
        sheet, solo = self.sheet, self.solo
        columns_now = colours_now = 0
        for seat, crossed in enumerate(self.crossed):
            for number, column in enumerate(sheet.columns):
                if self.column_points[seat][number] is None and column & crossed == column:
                    first = solo or not self.columns_taken >> number & 1
                    values = sheet.column_first if first else sheet.column_later
                    self.column_points[seat][number] = values[number]
                    self.heart_bonus[seat][number] = self.hearts[seat]
                    columns_now |= 1 << number
                    if number == sheet.start_column and sheet.start_column_special:
                        self._circle_special(seat)
            for number, colour in enumerate(COLOURS):
                mask = sheet.colour_masks[colour]
                if self.colour_points[seat][number] is None and mask & crossed == mask:
                    first = solo or not self.colours_taken >> number & 1
                    self.colour_points[seat][number] = sheet.colour_bonus[0 if first else 1]
                    colours_now |= 1 << number
        self.columns_taken |= columns_now
        self.rows_taken |= self.rows_now
        self.colours_taken |= colours_now
        self.rolls += 1
        if self._game_over():
            self.phase = OVER
        else:
            self.phase = ROLL
            self.active = self.rolls % self.game.num_players

    def colours_complete(self, seat: int) -> int:
        return sum(points is not None for points in self.colour_points[seat])

    def _game_over(self) -> bool:
        two_colours = any(self.colours_complete(seat) >= 2 for seat in range(len(self.crossed)))
        if not self.solo:
            return two_colours
        if self.sheet.edition == "classic":
            return self.rolls >= self.sheet.solo_rolls
        return two_colours or self.rolls >= self.sheet.solo_rolls

    # --- chance ---------------------------------------------------------------------------
    def chance_outcomes(self) -> list[tuple[NochmalRoll, Fraction]]:
        """Every roll of the configuration's dice (a list made from a table built
        once per set of dice, shared by all states)."""
        if self.phase != ROLL:
            return []
        return list(roll_outcomes(self.game.dice))

    def chance_parts(self) -> tuple[tuple[tuple[Any, Fraction], ...], ...]:
        """The colour dice, the number dice and (so-gut) the special die, each
        as one part: at most 56 values each instead of 15,680 rolls."""
        return roll_parts(self.game.dice) if self.phase == ROLL else ()

    def join_chance(self, values: Sequence[Any]) -> NochmalRoll:
        colours, numbers, *special = values
        return NochmalRoll(colours, numbers, special[0] if special else None)

    def chance_key(self) -> tuple[int, int, bool] | None:
        """The dice to roll (colour, number, special die?): the same in every roll."""
        return self.game.dice if self.phase == ROLL else None

    def roll_place(self) -> str:
        return f"roll {self.rolls}"

    def sample_chance(self, rng: random.Random) -> NochmalRoll:
        colours, numbers, special = self.game.dice
        return NochmalRoll(
            tuple(sorted(rng.choices(COLOUR_FACES, k=colours), key=COLOUR_FACES.index)),
            tuple(sorted(rng.choices(NUMBER_FACES, k=numbers), key=NUMBER_FACES.index)),
            rng.choices(SPECIAL_FACES, SPECIAL_WEIGHTS)[0] if special else None)

    def chance_error(self, outcome: Any) -> str | None:
        if self.phase != ROLL:
            return "no roll is due"
        colours, numbers, special = self.game.dice
        if (not isinstance(outcome, NochmalRoll) or len(outcome.colours) != colours
                or len(outcome.numbers) != numbers or (outcome.special is not None) != special):
            return (f"expected {colours} colour dice, {numbers} number dice"
                    + (" and the special die" if special else ""))
        return None

    def apply_outcome(self, outcome: NochmalRoll) -> None:
        self.colour_dice = [outcome.colours.count(face) for face in COLOUR_FACES]
        self.number_dice = [outcome.numbers.count(face) for face in NUMBER_FACES]
        self.special_face = outcome.special
        self.phase = ALL if self.rolls < OPEN_ROLLS and not self.solo else ACTIVE

    # --- results --------------------------------------------------------------------------
    def scores(self) -> list[int]:
        return [final_score(self, seat) for seat in range(len(self.crossed))]

    def tie_break(self, seat: int) -> tuple:
        """More unused jokers win a tie on points."""
        return (self.jokers_used[seat] - self.sheet.jokers,)

    def score_parts(self, seat: int) -> dict[str, int]:
        """The parts this edition can make; they add up to the score."""
        split = score_parts(self, seat)
        return {part: split[part] for part in shown_parts(self)}

    def clone(self) -> NochmalState:
        other = object.__new__(NochmalState)
        other.game, other.sheet, other.table = self.game, self.sheet, self.table
        other.phase, other.rolls, other.active = self.phase, self.rolls, self.active
        other.colour_dice, other.number_dice = self.colour_dice[:], self.number_dice[:]
        other.special_face = self.special_face
        other.pending = self.pending[:]
        other.crossed = self.crossed[:]
        other.jokers_used = self.jokers_used[:]
        other.specials, other.specials_used = self.specials[:], self.specials_used[:]
        other.hearts = self.hearts[:]
        other.column_points = [points[:] for points in self.column_points]
        other.heart_bonus = [bonus[:] for bonus in self.heart_bonus]
        other.rows_done = self.rows_done[:]
        other.colour_points = [points[:] for points in self.colour_points]
        other.bombs_due = self.bombs_due[:]
        other.columns_taken, other.rows_taken = self.columns_taken, self.rows_taken
        other.colours_taken, other.rows_now = self.colours_taken, self.rows_now
        return other

    def to_json(self) -> dict:
        from .serial import state_to_json
        return state_to_json(self)

    def withdraw_hidden(self, seat: int | None) -> None:
        """Others' choices of this roll are hidden, except the active player's
        once the others choose (it decides which dice they have)."""
        public = self.active if self.phase == OTHERS else None
        self.pending = [choice if p in (seat, public) else -1 for p, choice in enumerate(self.pending)]

    concealed_in = "players"

    def conceal(self, data: dict, seat: int | None) -> None:
        """Everything is public except the choices others made this roll and that
        are not applied yet; those show as ``"chosen"``. The active player's choice
        is public once the others choose: they see which dice are left."""
        public = self.active if self.phase == OTHERS else None
        for other, player in enumerate(data["players"]):
            if other not in (seat, public) and player["pending"] is not None:
                player["pending"] = "chosen"

    def check(self) -> None:
        from .serial import check_state
        check_state(self)

    def why_illegal(self, action_id: int, seat: int) -> str:
        from .explain import why_illegal
        return why_illegal(self, action_id, seat)


@cache
def roll_outcomes(dice: tuple[int, int, bool]) -> tuple[tuple[NochmalRoll, Fraction], ...]:
    """Every roll of ``dice`` (colour dice, number dice, special die?) with its
    probability, in the order records and golden replays were made with."""
    faces = roll_parts(dice) + (() if dice[2] else (((None, Fraction(1)),),))
    colour_sets, number_sets, specials = faces
    return tuple((NochmalRoll(c, n, s), pc * pn * ps)
                 for c, pc in colour_sets for n, pn in number_sets for s, ps in specials)


@cache
def roll_parts(dice: tuple[int, int, bool]) -> tuple[tuple[tuple[Any, Fraction], ...], ...]:
    """A roll of ``dice`` factored: the colour faces' multisets, the number
    faces' multisets and, with the special die, its faces."""
    colours, numbers, special = dice
    parts = (tuple(_multisets(COLOUR_FACES, colours)), tuple(_multisets(NUMBER_FACES, numbers)))
    if special:
        parts += (tuple((face, Fraction(w, 6)) for face, w in zip(SPECIAL_FACES, SPECIAL_WEIGHTS)),)
    return parts


def _multisets(faces: str, count: int) -> list[tuple[tuple[str, ...], Fraction]]:
    """Every multiset of ``count`` dice with these six faces, with its probability."""
    return [(values, multiset_probability(tuple(faces.index(v) + 1 for v in values)))
            for values in combinations_with_replacement(faces, count)]
