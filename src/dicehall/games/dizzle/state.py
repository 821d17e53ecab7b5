"""The Dizzle state machine: drafts, turns, rerolls, crossing and scoring.

Phases of a draft (see "A draft" in ``dizzle.md``)::

    [LAVA_ROLL (chance) -> LAVA] -> ROLL (chance) -> TURN -> ... -> crossing
        -> [PLANET] -> [TRACK] -> next draft or OVER
                       |-- reroll --> REROLL (chance) -> REROLLED (place or return)
                       |-- solo placement --> SOLO (chance: the two solo dice)

Every player's sheet is a handful of bitmasks over the shared :class:`Sheet`:
``crossed``, ``scribbled``, ``lava`` (level 7), this draft's ``dice`` and the
closed ``locked`` fields (derived from ``crossed`` at each crossing). On level 8
every field with a track counts as crossed; ``tracks`` keeps the pieces drawn.

LAVA, PLANET and TRACK are simultaneous steps: each player concerned picks
one field (or piece) into ``pick``; the picks are applied when all have chosen.
"""

from __future__ import annotations

import random
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from ...engine.bits import bit_list
from ...engine.chance import Roll, dice_outcomes, roll_dice
from ...engine.state import CHANCE, SIMULTANEOUS, TERMINAL, GameState
from .railway import NO_PIECES, TRACK_BITS, with_piece
from .scoring import remembered_score, score_parts, sheet_parts

if TYPE_CHECKING:
    from .game import DizzleGame

ROLL, TURN, REROLL, REROLLED, SOLO, PLANET, OVER, LAVA_ROLL, LAVA, TRACK = range(10)
PHASES = ("roll", "turn", "reroll", "rerolled", "solo", "planet", "over", "lava roll", "lava",
          "track")
SOLO_DICE = 2
STEPS = (PLANET, LAVA, TRACK)          # the simultaneous steps


class DizzleState(GameState):
    __slots__ = ("sheet", "phase", "draft", "turn", "middle", "left", "set_aside", "active",
                 "last_turn", "crossed", "scribbled", "dice", "locked", "flag_next",
                 "flag_values", "planets_due", "pick", "lava", "lava_die", "tracks",
                 "track_due", "piece_masks", "kept_scores")

    game: DizzleGame

    def __init__(self, game: DizzleGame) -> None:
        super().__init__(game)
        n = game.num_players
        sheet = self.sheet = game.sheet
        self.phase = LAVA_ROLL if sheet.volcanoes else ROLL
        self.draft = 0
        self.turn = 0
        self.middle = [0] * 7
        self.left = 0
        self.set_aside = 0
        self.active = (1 << n) - 1
        self.last_turn = False
        self.crossed = [sheet.start] * n
        self.scribbled = [0] * n
        self.dice = [0] * n
        self.locked = [sheet.locked(sheet.start)] * n
        self.flag_next = [0] * len(sheet.flags)
        self.flag_values: list[list[int | None]] = [[None] * len(sheet.flags) for _ in range(n)]
        self.planets_due = [0] * n
        self.pick = [-1] * n
        self.lava = [0] * n
        self.lava_die = 0
        self.tracks: list[dict[int, int]] = [{} for _ in range(n)]
        self.track_due = [0] * n
        #: per seat, the fields holding each kind of track piece (in ``TRACK_BITS`` order):
        #: ``tracks`` as masks, kept up to date for the observation encoders
        self.piece_masks: list[tuple[int, ...]] = [NO_PIECES] * n
        #: per seat, the sheet's score since its last change; ``None``: worked out
        #: again by :meth:`scores` (only crossing and the planet and track choices change one)
        self.kept_scores: list[int | None] = [None] * n

    # --- whose decision ---------------------------------------------------------
    def current_player(self) -> int:
        phase = self.phase
        if phase == TURN or phase == REROLLED:
            return self.turn
        if phase in STEPS:
            return SIMULTANEOUS
        if phase == OVER:
            return TERMINAL
        return CHANCE

    def deciders(self) -> tuple[int, ...]:
        if self.phase == TURN or self.phase == REROLLED:
            return (self.turn,)
        if self.phase in STEPS:
            due = (self.planets_due if self.phase == PLANET else
                   self.track_due if self.phase == TRACK else self._lava_options())
            return tuple(p for p, more in enumerate(due) if more and self.pick[p] < 0)
        return ()

    def _lava_options(self) -> list[int]:
        """Per seat, the free fields with the lava die's number next to a volcano or lava."""
        sheet = self.sheet
        number = sheet.number_masks[self.lava_die]
        return [number & ~(crossed | scribbled | lava) & sheet.neighbours(sheet.volcanoes | lava)
                for crossed, scribbled, lava in zip(self.crossed, self.scribbled, self.lava)]

    @property
    def start_player(self) -> int:
        """The seat that rolls the dice of the current draft."""
        return self.draft % self.game.num_players

    # --- legal actions -------------------------------------------------------------
    def targets(self, seat: int) -> int:
        """The fields where ``seat`` may place one of the dice in the middle."""
        sheet = self.sheet
        crossed = self.crossed[seat]
        dice = self.dice[seat]
        free = sheet.numbered & ~(crossed | self.scribbled[seat] | self.lava[seat] | dice
                                  | self.locked[seat])
        region = sheet.neighbours(dice) & free if dice else 0
        if not region:
            region = sheet.neighbours(crossed) & free
        middle = self.middle
        masks = sheet.number_masks
        fits = 0
        for value in range(1, 7):
            if middle[value]:
                fits |= masks[value]
        return region & fits

    def legal_action_ids(self, seat: int) -> list[int]:
        phase = self.phase
        codes = self.game.codes
        if phase == TURN or phase == REROLLED:
            if seat != self.turn:
                return []
            targets = self.targets(seat)
            if targets:
                return bit_list(targets)
            if phase == TURN:
                return [codes.reroll, codes.passing]
            return [codes.returns + i for i in bit_list(self.dice[seat])]
        if phase not in STEPS or seat not in self.deciders():
            return []
        if phase == PLANET:
            return [codes.planets + i for i in bit_list(self.sheet.planets & ~self.crossed[seat])]
        if phase == LAVA:
            return [codes.lava + i for i in bit_list(self._lava_options()[seat])]
        due = self.track_due[seat]
        first = (due & -due).bit_length() - 1
        return [codes.track + 6 * first + piece for piece in range(6)]

    def timeout_action_id(self, seat: int) -> int:
        """Time ran out: on a turn the player passes (out of this draft, even if a
        die fits); a planet, lava or track choice takes the first legal one."""
        if self.phase in STEPS:
            return self.legal_action_ids(seat)[0]
        return self.game.codes.timeout

    def apply_id(self, action_id: int, seat: int) -> None:
        codes = self.game.codes
        if action_id < codes.returns:
            self._place(seat, action_id)
        elif action_id < codes.planets:
            self._return(seat, action_id - codes.returns)
        elif action_id < codes.reroll or action_id >= codes.lava:
            self._pick(seat, action_id)
        elif action_id == codes.reroll:
            self.phase = REROLL
        else:   # pass, or a timeout, which passes
            self._pass(seat)

    def _place(self, seat: int, index: int) -> None:
        self.middle[self.game.numbers[index]] -= 1
        self.left -= 1
        self.dice[seat] |= 1 << index
        if not self.game.solo:
            self._end_turn()
        elif self.left:
            self.phase = SOLO
        else:
            self._cross()

    def _return(self, seat: int, index: int) -> None:
        self.dice[seat] &= ~(1 << index)
        self.middle[self.game.numbers[index]] += 1
        self.left += 1
        self._end_turn()

    def _pass(self, seat: int) -> None:
        active = self.active & ~(1 << seat)
        self.active = active
        if not active or self.last_turn:
            self._cross()
        elif active & (active - 1) == 0 and self.game.num_players > 1:
            self.last_turn = True
            self.turn = active.bit_length() - 1
            self.phase = TURN
        else:
            self._end_turn()

    def _end_turn(self) -> None:
        if not self.left or self.last_turn:
            self._cross()
            return
        n = self.game.num_players
        for step in range(1, n + 1):
            seat = (self.turn + step) % n
            if self.active >> seat & 1:
                self.turn = seat
                self.phase = TURN
                return
        self._cross()

    # --- chance ------------------------------------------------------------------
    def _pending_roll(self) -> tuple[str, int]:
        if self.phase == ROLL:
            return "roll", self.game.dice_count
        if self.phase == LAVA_ROLL:
            return "lava", 1
        if self.phase == REROLL:
            return "roll", self.left
        return "solo", SOLO_DICE

    def roll_place(self) -> str | None:
        """The kind of roll (the draft's roll, the lava die, the solo dice), the
        draft, and the dice left in it. A reroll has no place of its own (it
        follows the player's choices, and one at the same place again must not
        show the same dice again): its place is the number of rolls so far."""
        if self.phase == REROLL:
            return None
        return f"{PHASES[self.phase]}:{self.draft}:{self.left}"

    def chance_outcomes(self) -> list[tuple[Roll, Fraction]]:
        if self.current_player() != CHANCE:
            return []
        return dice_outcomes(*self._pending_roll())

    def chance_key(self) -> tuple[str, int] | None:
        """The roll due, as (kind, number of dice)."""
        return self._pending_roll() if self.current_player() == CHANCE else None

    def sample_chance(self, rng: random.Random) -> Roll:
        kind, count = self._pending_roll()
        return roll_dice(kind, count, rng)

    def chance_error(self, outcome: Any) -> str | None:
        if self.current_player() != CHANCE:
            return "no chance event is due"
        kind, count = self._pending_roll()
        if not isinstance(outcome, Roll) or outcome.kind != kind or len(outcome.values) != count:
            return f"expected '{kind}' with {count} dice"
        return None

    def apply_outcome(self, outcome: Roll) -> None:
        phase = self.phase
        if phase == SOLO:
            self._remove_solo(outcome.values)
            return
        if phase == LAVA_ROLL:
            self.lava_die = outcome.values[0]
            self.phase = LAVA if any(self._lava_options()) else ROLL
            return
        self.middle = outcome.counts()
        if phase == ROLL:
            self.left = len(outcome.values)
            self.turn = self.start_player
            self.phase = TURN
        elif self.targets(self.turn) or self.dice[self.turn]:
            self.phase = REROLLED
        else:
            self._end_turn()

    def _remove_solo(self, values: tuple[int, ...]) -> None:
        middle = self.middle
        for value in values:
            if middle[value]:
                middle[value] -= 1
                self.left -= 1
                self.set_aside += 1
        if self.left:
            self.phase = TURN
        else:
            self._cross()

    # --- crossing and the end of a draft ---------------------------------------------
    def _cross(self) -> None:
        """Cross every die, then bombs, flags and rockets (dizzle.md, A draft, 6)."""
        sheet = self.sheet
        placed = self.dice
        crossed = self.crossed
        seats = range(self.game.num_players)
        for seat in seats:
            crossed[seat] |= placed[seat]
        self.kept_scores = [None] * len(placed)
        if not self.game.solo:
            for bomb in sheet.bombs:
                if any(placed[seat] & bomb.mask for seat in seats):
                    for seat in seats:
                        if not (crossed[seat] | self.scribbled[seat] | self.lava[seat]) & bomb.mask:
                            self.scribbled[seat] |= bomb.mask
        for number, flag in enumerate(sheet.flags):
            holders = [seat for seat in seats if placed[seat] >> flag.index & 1]
            if holders:
                step = self.flag_next[number]
                value = flag.track[step] if step < len(flag.track) else 0
                for seat in holders:
                    self.flag_values[seat][number] = value
                self.flag_next[number] = step + len(holders)
        self.planets_due = [(placed[seat] & sheet.rockets).bit_count() for seat in seats]
        if sheet.railway:
            self.track_due = placed[:]
        self.dice = [0] * len(placed)
        self.middle = [0] * 7
        self.left = self.set_aside = 0
        self.locked = [sheet.locked(c) for c in crossed]
        self._planet_step()

    def _planet_step(self) -> None:
        """Start the next round of planet choices, or go on to the tracks."""
        planets = self.sheet.planets
        for seat, due in enumerate(self.planets_due):
            if due and not planets & ~self.crossed[seat]:
                self.planets_due[seat] = 0
        if any(self.planets_due):
            self.phase = PLANET
        elif any(self.track_due):
            self.phase = TRACK
        else:
            self._next_draft()

    def _pick(self, seat: int, action_id: int) -> None:
        """A player's choice in a simultaneous step; applied when all have chosen."""
        self.pick[seat] = action_id
        if self.deciders():
            return
        codes, phase = self.game.codes, self.phase
        for seat, pick in enumerate(self.pick):
            if pick < 0:
                continue
            if phase == PLANET:
                self.crossed[seat] |= 1 << (pick - codes.planets)
                self.planets_due[seat] -= 1
                self.kept_scores[seat] = None
            elif phase == LAVA:
                self.lava[seat] |= 1 << (pick - codes.lava)
            else:
                field, piece = divmod(pick - codes.track, 6)
                self.tracks[seat][field] = TRACK_BITS[piece]
                self.track_due[seat] &= ~(1 << field)
                self.piece_masks[seat] = with_piece(self.piece_masks[seat], piece, field)
                self.kept_scores[seat] = None
        self.pick = [-1] * len(self.pick)
        if phase == LAVA:
            self.phase = ROLL
        else:
            self._planet_step()

    def _next_draft(self) -> None:
        numbered = self.sheet.numbered
        exhausted = any(not numbered & ~(crossed | scribbled | lava) for crossed, scribbled, lava
                        in zip(self.crossed, self.scribbled, self.lava))
        self.draft += 1
        if exhausted or self.draft == self.game.drafts:
            self.phase = OVER
            return
        self.phase = LAVA_ROLL if self.sheet.volcanoes else ROLL
        self.active = (1 << self.game.num_players) - 1
        self.last_turn = False

    # --- results -----------------------------------------------------------------
    def scores(self) -> list[int]:
        """Each sheet's score: kept from the last call while the sheet is unchanged
        (per-step rewards ask at every step), else remembered by its inputs
        (:func:`.scoring.remembered_score`)."""
        kept = self.kept_scores
        if None in kept:
            sheet, solo = self.sheet, self.game.solo
            for seat, score in enumerate(kept):
                if score is None:
                    kept[seat] = remembered_score(sheet, self.crossed[seat], self.scribbled[seat],
                                                  tuple(self.flag_values[seat]), solo,
                                                  self.piece_masks[seat])
        return kept[:]      # type: ignore[return-value]

    def tie_break(self, seat: int) -> tuple:
        """Fewer crossed fields wins a tie on points."""
        return (self.crossed[seat].bit_count(),)

    def score_parts(self, seat: int) -> dict[str, int]:
        """The parts of the kinds of fields the sheet has; they add up to the score."""
        split = score_parts(self.sheet, self.crossed[seat], self.scribbled[seat],
                            self.flag_values[seat], self.game.solo, self.tracks[seat])
        return {part: split[part] for part in sheet_parts(self.sheet)}

    # --- copies ---------------------------------------------------------------------
    def clone(self) -> DizzleState:
        other = object.__new__(DizzleState)
        other.game = self.game
        other.sheet = self.sheet
        other.phase = self.phase
        other.draft = self.draft
        other.turn = self.turn
        other.middle = self.middle[:]
        other.left = self.left
        other.set_aside = self.set_aside
        other.active = self.active
        other.last_turn = self.last_turn
        other.crossed = self.crossed[:]
        other.scribbled = self.scribbled[:]
        other.dice = self.dice[:]
        other.locked = self.locked[:]
        other.flag_next = self.flag_next[:]
        other.flag_values = [values[:] for values in self.flag_values]
        other.planets_due = self.planets_due[:]
        other.pick = self.pick[:]
        other.lava = self.lava[:]
        other.lava_die = self.lava_die
        other.tracks = [dict(tracks) for tracks in self.tracks]
        other.track_due = self.track_due[:]
        other.piece_masks = self.piece_masks[:]
        other.kept_scores = self.kept_scores[:]
        return other

    # --- serialisation, views and checks live in their own module --------------------
    def to_json(self) -> dict:
        from .serial import state_to_json
        return state_to_json(self)

    def withdraw_hidden(self, seat: int | None) -> None:
        if self.phase in STEPS:
            self.pick = [pick if p == seat else -1 for p, pick in enumerate(self.pick)]

    concealed_in = "players"

    def conceal(self, data: dict, seat: int | None) -> None:
        """Everything on the table is public in Dizzle, except the choice (planet,
        lava, track) another player has made while the others are still choosing."""
        for other, player in enumerate(data["players"]):
            if other != seat and player["pick"] is not None:
                player["pick"] = "hidden"

    def check(self) -> None:
        from .serial import check_state
        check_state(self)

    def why_illegal(self, action_id: int, seat: int) -> str:
        from .explain import why_illegal
        return why_illegal(self, action_id, seat)
