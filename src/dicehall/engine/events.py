"""The game log: every step of a game in words, as data.

A step (a seat's action or a chance outcome, one :class:`RecordEntry`) becomes
a few :class:`Event` values: a key of the words catalog (:mod:`.words`), the
seat it is about, JSON-ready parameters and the fields it changed on whose
sheet. Events are computed from the states before and after the step, off the
hot path: bots and playouts never pay for them, and every surface (terminal,
server, replay) words a step the same way.

The generic parts live here: chance rolls, timeouts, hidden simultaneous
choices, winners. Each game words its own steps with a :class:`Narrator`
(``games/<game>/events.py``) that its ``Game`` class sets as ``narrator``.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .actions import Timeout
from .chance import Roll
from .state import SIMULTANEOUS

if TYPE_CHECKING:
    from .game import Game
    from .record import RecordEntry
    from .state import GameState


@dataclass(frozen=True, slots=True)
class Event:
    """One thing that happened, in the catalog's words.

    ``params`` named ``player``, ``other`` and ``players`` hold seats, which each
    surface replaces by the seats' names; ``marks`` are (seat, field name) pairs:
    the fields or boxes this event changed on that seat's sheet (the ring index
    as a string in Razzle-Dazzle)."""

    key: str
    seat: int | None
    params: dict
    marks: tuple[tuple[int, str], ...] = ()

    def to_json(self) -> dict:
        return {"key": self.key, "seat": self.seat, "params": self.params,
                "marks": [list(mark) for mark in self.marks]}


def event(key: str, player: int | None = None, marks: Iterable[tuple[int, str]] = (), **params: Any) -> Event:
    """An event about ``player`` (also its ``player`` param), or about no one."""
    if player is not None:
        params = {"player": player, **params}
    return Event(key, player, params, tuple(marks))


class Narrator:
    """How one game words its steps; ``games/<game>/events.py`` subclasses it.

    ``before`` and ``after`` are the states around the step: the narrator finds
    what a step did by comparing them, so the rules code stays free of it."""

    #: the key of the winner event (a game whose score is not points words it itself)
    winner = "common.winner"
    #: the notation of the ordinary action a ``Timeout`` amounts to, if any
    timeout_plays: str | None = None

    def chance(self, before: GameState, outcome: Any, after: GameState) -> list[Event]:
        """A chance outcome: by default the dice rolled."""
        return [roll_event(outcome)] if isinstance(outcome, Roll) else []

    def action(self, before: GameState, seat: int, action: Any, after: GameState) -> list[Event]:
        """A seat's action, once it is public, and what it set off. When it resolves
        a simultaneous step, the choices revealed with it too."""
        return []

    def tie_break(self, state: GameState, ahead: int, behind: int) -> Event | None:
        """Why ``ahead`` ranks above ``behind`` on the same score."""
        return None


def roll_event(roll: Roll) -> Event:
    return event("common.roll", dice=list(roll.values))


def hidden_choices(state: GameState) -> set[int]:
    """The seats whose choice is made but still concealed: a spectator's copy of
    the state (hidden choices withdrawn) still waits for them."""
    if state.current_player() != SIMULTANEOUS:
        return set()
    copy = state.clone()
    copy.withdraw_hidden(None)
    return set(copy.deciders()) - set(state.deciders())


def step_events(game: Game, before: GameState, entry: RecordEntry, after: GameState,
                timed_out: bool = False) -> list[Event]:
    """The words of one record step; see :meth:`Game.step_events`."""
    narrator = game.narrator
    if entry.seat is None:
        return narrator.chance(before, game.parse_chance(entry.notation), after)
    seat, action = entry.seat, game.parse_action(entry.notation)
    events = []
    if timed_out:
        played = narrator.timeout_plays if isinstance(action, Timeout) else None
        events.append(event("common.timeout", seat, played=played or entry.notation))
    if seat in hidden_choices(after):
        return [*events, event("common.chose", seat)]
    if hidden_choices(before):
        events.append(event("common.chose", seat))    # the last to choose, then all revealed
    return events + narrator.action(before, seat, action, after)


def result_events(game: Game, state: GameState) -> list[Event]:
    """The winner or winners (or, solo, the score and its rating), then for every
    two neighbours in the ranking with the same score why the tie-break split them."""
    scores, places, ranking = state.scores(), state.places(), state.ranking()
    winners = state.winners()
    if len(scores) == 1:
        events = [event("common.solo", 0, score=scores[0])]
        rating = game.rating(scores[0])
        if rating is not None:
            events.append(event("common.rating", rating=rating))
        return events
    if len(winners) > 1:
        events = [event("common.shared_win", players=winners, score=scores[winners[0]])]
    else:
        events = [event(game.narrator.winner, winners[0], score=scores[winners[0]])]
    for ahead, behind in zip(ranking, ranking[1:]):
        if scores[ahead] == scores[behind] and places[ahead] != places[behind]:
            explained = game.narrator.tie_break(state, ahead, behind)
            if explained is not None:
                events.append(explained)
    return events


def record_events(game: Game, entries: Iterable[RecordEntry],
                  state: GameState | None = None) -> list[list[Event]]:
    """The events of each of ``entries`` played from ``state`` (the initial state
    by default; it is not changed)."""
    before = game.new_initial_state() if state is None else state
    found = []
    for entry in entries:
        after = before.clone()
        after.apply(entry.notation, entry.seat)
        found.append(game.step_events(before, entry, after))
        before = after
    return found
