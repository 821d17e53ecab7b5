"""Helpers for the Razzle-Dazzle scenario tests (rules: /work/shared/rules/razzle-dazzle.md).

Positions are given as *progress* per seat (0 start, 1..L on the track, L+1 goal)
and set up through ``to_json`` / ``state_from_json`` so the field map stays
consistent. On the standard board red (seat 0) has progress p on field p-1, blue
(seat 1) on field (p+15) % 48 and yellow (seat 2) on field (p+31) % 48.
"""

from __future__ import annotations

from dicehall.engine import make_game, state_from_json
from scenario import assert_legal, expect_illegal, legal, play  # noqa: F401

RED, BLUE, YELLOW = 0, 1, 2
SLOT = 8            # occupant code = seat * SLOT + piece
STANDARD = {
    "name": "standard copy", "track_length": 48, "colours": ["red", "blue", "yellow"],
    "entries": [0, 16, 32], "safe": [0, 8, 16, 24, 32, 40],
    "jumps": [[12, 28], [28, 44], [44, 12]], "pieces": 4,
}


def board(track_length: int = 12, entries=(0, 4, 8), safe=(0, 4, 8), jumps=(), pieces: int = 4,
          **more) -> dict:
    """An inline board table (a small 12-field track by default)."""
    return {"name": "test board", "track_length": track_length, "colours": ["red", "blue", "yellow"],
            "entries": list(entries), "safe": list(safe), "jumps": [list(j) for j in jumps],
            "pieces": pieces, **more}


def make(players: int = 2, **options):
    return make_game("razzle", players=players, **options)


def new_state(players: int = 2, **options):
    return make(players, **options).new_initial_state()


def started(players: int = 2, first: int = RED, **options):
    """A fresh game whose starting seat has been drawn: a spin is due."""
    state = new_state(players, **options)
    state.apply(f"first {first}")
    return state


def position(game, *progress, turn: int = RED, wheels=None, phase: str = "spin", number: int = 0,
             spins: int = 0):
    """A state of ``game`` with the given progress lists (one per seat, shorter
    lists are padded with start pieces), ``turn`` to spin."""
    data = game.new_initial_state().to_json()
    goal = game.board.track_length + 1
    for seat, player in enumerate(data["players"]):
        row = list(progress[seat]) if seat < len(progress) else []
        row += [0] * (game.pieces - len(row))
        player["progress"] = row
        player["goals"] = row.count(goal)
        if wheels is not None and wheels[seat] is not None:
            player["wheel"] = list(wheels[seat])
    data.update(phase=phase, turn=turn, number=number, spins=spins)
    state = state_from_json(data)
    state.check()
    return state










def fields(state, seat) -> list[int]:
    """The track fields of ``seat``'s pieces, sorted (start and goal pieces left out)."""
    return sorted(f for f, code in enumerate(state.occupant) if code >= 0 and code // SLOT == seat)


def who(state, field) -> int | None:
    """The seat whose piece stands on ``field``, or None."""
    code = state.occupant[field]
    return None if code < 0 else code // SLOT


def in_start(state, seat) -> int:
    return state.progress[seat].count(0)


def phase_name(state) -> str:
    return ("first", "spin", "move", "again", "over")[state.phase]
