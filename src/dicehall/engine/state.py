"""The state protocol every game implements, in the spirit of OpenSpiel.

A state says whose decision is due (:meth:`GameState.current_player`): one seat,
several seats deciding independently at once (``SIMULTANEOUS``), a chance event
(``CHANCE``) or the end (``TERMINAL``). Actions are identified by integers that
are stable for a game configuration; :class:`Game` turns them into value
objects with a notation and back.

Two layers:

* ``legal_action_ids`` / ``apply_id`` / ``sample_chance`` / ``apply_outcome``
  are the fast, unchecked path for bots and playouts: pass only legal values.
* :meth:`GameState.apply` accepts an action, its notation or its id (or, at a
  chance node, an outcome or its notation), checks it and raises
  :class:`IllegalAction` with the reason, leaving the state unchanged.
"""

from __future__ import annotations

import copy
import random
from abc import ABC, abstractmethod
from collections.abc import Iterable, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any, ClassVar

from .errors import IllegalAction

if TYPE_CHECKING:
    from .game import Game

CHANCE = -1
SIMULTANEOUS = -2
TERMINAL = -3


class GameState(ABC):
    """One position of a game. Mutable; :meth:`clone` is cheap."""

    __slots__ = ("game",)

    def __init__(self, game: Game) -> None:
        self.game = game

    # --- whose decision -------------------------------------------------
    @abstractmethod
    def current_player(self) -> int:
        """The seat to move, or ``CHANCE``, ``SIMULTANEOUS`` or ``TERMINAL``."""

    @abstractmethod
    def deciders(self) -> tuple[int, ...]:
        """The seats that still have to choose now (empty at chance and end)."""

    def is_terminal(self) -> bool:
        return self.current_player() == TERMINAL

    def is_chance(self) -> bool:
        return self.current_player() == CHANCE

    # --- actions (fast path) --------------------------------------------
    @abstractmethod
    def legal_action_ids(self, seat: int) -> list[int]:
        """The ids of the actions ``seat`` may take now (empty if none)."""

    @abstractmethod
    def apply_id(self, action_id: int, seat: int) -> None:
        """Apply a legal action id for ``seat``; unchecked."""

    @abstractmethod
    def chance_outcomes(self) -> list[tuple[Any, Fraction]]:
        """At a chance node: every outcome with its exact probability."""

    def chance_key(self) -> Any:
        """A hashable key of the pending chance event: states with equal keys have
        equal ``chance_outcomes()`` (same outcomes, order and probabilities), so a
        caller may cache them by it; ``None`` where no chance event is due. Games
        override this with the few values their dice depend on; by default the
        key is the outcomes themselves."""
        return tuple(self.chance_outcomes()) if self.is_chance() else None

    def roll_place(self) -> str | None:
        """Where in the game the pending roll is, the same for every player who
        reaches it (e.g. "the second roll of the third draft"): matches rolling
        ``same_dice`` (the daily challenge) roll the same dice at the same place.
        ``None`` (the default): the place is the number of rolls so far."""
        return None

    def chance_parts(self) -> tuple[tuple[tuple[Any, Fraction], ...], ...]:
        """The pending chance event as independent parts, each with every value
        and its probability: a value drawn from each part, in order, joined by
        :meth:`join_chance`, is an outcome of ``chance_outcomes()`` with the
        product of the parts' probabilities. A roll of many kinds of dice is
        offered this way by games that have one (Noch mal: colour dice, number
        dice, the special die), so a caller need not list every combination. By
        default one part, the outcomes themselves."""
        return (tuple(self.chance_outcomes()),)

    def join_chance(self, values: Sequence[Any]) -> Any:
        """The outcome made of one value of each of :meth:`chance_parts`, in order."""
        return values[0]

    def sample_chance(self, rng: random.Random) -> Any:
        """Draw an outcome of the pending chance event."""
        outcomes, weights = zip(*self.chance_outcomes())
        return rng.choices(outcomes, weights=weights)[0]

    @abstractmethod
    def apply_outcome(self, outcome: Any) -> None:
        """Apply a possible outcome of the pending chance event; unchecked."""

    @abstractmethod
    def chance_error(self, outcome: Any) -> str | None:
        """Why ``outcome`` cannot happen now, or ``None`` if it can."""

    # --- results ----------------------------------------------------------
    @abstractmethod
    def scores(self) -> list[int]:
        """Every seat's score as it stands (the final score once terminal)."""

    @abstractmethod
    def tie_break(self, seat: int) -> tuple:
        """Breaks equal scores: a smaller key ranks higher."""

    @abstractmethod
    def score_parts(self, seat: int) -> dict[str, int]:
        """``seat``'s score by the game's own categories, in display order, as the
        terminal's score table shows them (each part has the word
        ``<game>.part.<name>``)."""

    def ranking(self) -> list[int]:
        """Seats best first by score, then by the game's tie-break."""
        scores = self.scores()
        return sorted(range(len(scores)), key=lambda s: (-scores[s], self.tie_break(s), s))

    def places(self) -> list[int]:
        """Every seat's place (1 = best); seats tied on score and tie-break share it."""
        scores = self.scores()
        keys = [(-scores[s], self.tie_break(s)) for s in range(len(scores))]
        return [1 + sum(other < key for other in keys) for key in keys]

    def winners(self) -> list[int]:
        """The seats in first place (several when the win is shared)."""
        return [seat for seat, place in enumerate(self.places()) if place == 1]

    # --- copies, views, serialisation --------------------------------------
    @abstractmethod
    def clone(self) -> GameState:
        """An independent copy."""

    @abstractmethod
    def to_json(self) -> dict:
        """The state as JSON-ready data; ``Game.state_from_json`` reads it back."""

    #: where :meth:`conceal` hides things: ``"players"`` if it only replaces
    #: values of the per-player dicts in ``to_json()["players"]`` (then
    #: :meth:`views` copies just those dicts for each view; otherwise, for a
    #: game that conceals anything, the whole JSON)
    concealed_in: ClassVar[str | None] = None

    def view(self, seat: int | None) -> dict:
        """What ``seat`` may see (``None``: a spectator), as JSON-ready data: the
        state with the others' hidden choices concealed, the scores, who decides
        and, for a deciding seat, its legal actions."""
        return self.views((seat,))[seat]

    def views(self, seats: Iterable[int | None]) -> dict[int | None, dict]:
        """:meth:`view` of each of ``seats``, the state's JSON, scores and
        deciders built once for all (a live table sends every seat its view at
        each change). Each view is a dict of its own, but views share the
        parts that :meth:`conceal` leaves alone: read them, do not change them."""
        base, scores, deciders = self.to_json(), self.scores(), list(self.deciders())
        notation = self.game.action_notation
        hides = type(self).conceal is not GameState.conceal
        views = {}
        for seat in seats:
            if not hides:
                data = dict(base)
            elif self.concealed_in is None:
                data = copy.deepcopy(base)
            else:
                data = {**base, self.concealed_in: [dict(part) for part in base[self.concealed_in]]}
            self.conceal(data, seat)
            data.update(seat=seat, scores=scores, deciders=deciders)
            if seat is not None and seat in deciders:
                data["legal"] = [notation(action_id) for action_id in self.legal_action_ids(seat)]
            views[seat] = data
        return views

    def redacted(self, seat: int) -> GameState:
        """A clone as ``seat`` knows the game: the other players' hidden
        simultaneous choices are withdrawn, so they have to choose again. A
        search bot plays from here instead of peeking at them."""
        copy = self.clone()
        copy.withdraw_hidden(seat)
        return copy

    def withdraw_hidden(self, seat: int | None) -> None:
        """Undo the pending choices ``seat`` (``None``: a spectator) may not see
        (nothing by default)."""

    def conceal(self, data: dict, seat: int | None) -> None:
        """Hide in ``data`` (from :meth:`to_json`) what ``seat`` may not see;
        games with simultaneous choices hide those pending (nothing by default)."""

    @abstractmethod
    def check(self) -> None:
        """Raise :class:`InconsistentState` if an invariant of the game is broken."""

    @abstractmethod
    def timeout_action_id(self, seat: int) -> int:
        """The action applied for deciding ``seat`` when its move timer runs out.

        Every game documents it; it is accepted by :meth:`apply` even where it is
        not among the legal actions (a Dizzle player who must take a die passes)."""

    def why_illegal(self, action_id: int, seat: int) -> str:
        """Why a syntactically valid action is not legal; games refine this."""
        return "it is not among the legal actions"

    # --- checked API --------------------------------------------------------
    def legal_actions(self, seat: int | None = None) -> list:
        """The legal actions of ``seat`` as value objects: empty for a seat with
        nothing to decide; ``seat=None`` means the only decider."""
        if seat is None:
            deciders = self.deciders()
            if not deciders:
                return []
            seat = self.deciding_seat(None)
        decode = self.game.action_from_id
        return [decode(action_id) for action_id in self.legal_action_ids(seat)]

    def action_mask(self, seat: int | None = None) -> list[bool]:
        """One flag per action id of the game: is it legal for ``seat`` now?
        (``seat=None``: the only decider). Built from the ids, without decoding
        them; ``dicehall.rl`` has the numpy form."""
        mask = [False] * self.game.num_distinct_actions
        if seat is None:
            if not self.deciders():
                return mask
            seat = self.deciding_seat(None)
        for action_id in self.legal_action_ids(seat):
            mask[action_id] = True
        return mask

    def apply(self, action: Any, seat: int | None = None) -> None:
        """Check and apply an action (value object, notation or id) or, at a
        chance node, an outcome (value object or notation)."""
        if self.current_player() == CHANCE:
            self._apply_checked_outcome(action)
            return
        seat = self.deciding_seat(seat)
        action_id = self.game.to_action_id(action)
        if action_id not in self.legal_action_ids(seat) and action_id != self.timeout_action_id(seat):
            notation = str(self.game.action_from_id(action_id))
            raise IllegalAction(self.why_illegal(action_id, seat), notation)
        self.apply_id(action_id, seat)

    def apply_timeout(self, seat: int | None = None) -> Any:
        """Apply the default action for ``seat`` whose time ran out; returns it."""
        seat = self.deciding_seat(seat)
        action_id = self.timeout_action_id(seat)
        self.apply_id(action_id, seat)
        return self.game.action_from_id(action_id)

    def _apply_checked_outcome(self, outcome: Any) -> None:
        if isinstance(outcome, str):
            outcome = self.game.parse_chance(outcome)
        reason = self.chance_error(outcome)
        if reason is not None:
            raise IllegalAction(reason, str(outcome))
        self.apply_outcome(outcome)

    def deciding_seat(self, seat: int | None) -> int:
        """The seat an action is for: ``seat`` if it may decide now, or the only decider."""
        current = self.current_player()
        if current == TERMINAL:
            raise IllegalAction("the game is over")
        if current == CHANCE:
            raise IllegalAction("a chance event is due, not a player's decision")
        deciders = self.deciders()
        if seat is None:
            if len(deciders) > 1:
                raise IllegalAction(f"seats {list(deciders)} decide now: say which seat acts")
            return deciders[0]
        if seat not in deciders:
            if current >= 0:
                raise IllegalAction(f"it is seat {current}'s turn, not seat {seat}'s")
            raise IllegalAction(f"seat {seat} has nothing to decide now")
        return seat
