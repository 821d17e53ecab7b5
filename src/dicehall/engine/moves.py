"""Steps grouped into moves, as a player thinks of them.

A record is a list of steps: chance outcomes and single decisions. People
think in moves: a roll and the choices it led to (every Noch mal player's
crosses after one roll), one player's placement, one Razzle-Dazzle turn (the
spin, its number and the move). The replay steps by moves, the log groups by
them.
"""

from __future__ import annotations

from collections.abc import Sequence

from .game import Game
from .record import RecordEntry
from .state import SIMULTANEOUS


def move_starts(game: Game, entries: Sequence[RecordEntry]) -> list[int]:
    """The indices of the steps that begin a move.

    A roll begins a move, unless a seat asked for it (a Razzle-Dazzle spin, a
    Dizzle reroll: ``game.roll_requests``), when it stays in that seat's move;
    chance steps in a row (a draw for the start player, then the dice) stay together.
    A seat's action begins a move when it follows another seat's action,
    unless both choose at the same time (the choices one roll led to)."""
    starts: list[int] = []
    state = game.new_initial_state()
    actor: int | None = None  # the seat whose action the current move holds last
    for index, entry in enumerate(entries):
        previous = entries[index - 1] if index else None
        if previous is None:
            begins = True
        elif entry.seat is None:
            begins = previous.seat is not None and not isinstance(
                game.parse_action(previous.notation), game.roll_requests)
        else:
            begins = (previous.seat is not None and entry.seat != actor
                      and state.current_player() != SIMULTANEOUS)
        if begins:
            starts.append(index)
        if entry.seat is not None:
            actor = entry.seat
        state.apply(entry.notation, entry.seat)
    return starts


def moves(game: Game, entries: Sequence[RecordEntry]) -> list[dict]:
    """Each move as ``{"seat": the first acting seat or None, "steps": [first, last]}``."""
    starts = move_starts(game, entries)
    ends = [start - 1 for start in starts[1:]] + [len(entries) - 1]
    return [{"seat": next((entries[i].seat for i in range(first, last + 1)
                           if entries[i].seat is not None), None), "steps": [first, last]}
            for first, last in zip(starts, ends)]
