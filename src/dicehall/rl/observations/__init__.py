"""Observation tensors: what one seat may know of a state, as numpy float32.

Each game configuration has an :class:`Encoder` with a fixed layout of named
fields (docs/rl.md lists them game by game). :meth:`Encoder.encode` writes the
flat vector; :meth:`Encoder.views` gives the dict form as reshaped views into
that same vector, so both forms come from one pass. Encoders write the flat
vector by offsets, with as few numpy calls as they can (a call costs about a
microsecond, as much as a small rules step): the sets of fields, which the
games keep as bitmasks, become 0/1 planes in one unpacking. Fields about players are
indexed from the observing seat: row 0 is the seat itself, row ``k`` the seat
``k`` places after it. An encoder reads only what ``state.view(seat)`` shows:
never another seat's pending simultaneous choice, only whether it has chosen.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass
from math import prod

import numpy as np

from ...engine.game import Game
from ...engine.state import GameState


@dataclass(frozen=True)
class Field:
    """One named part of an observation, with the bounds of its values."""

    name: str
    shape: tuple[int, ...]
    high: float = 1.0
    low: float = 0.0

    @property
    def size(self) -> int:
        return prod(self.shape)


class Encoder(ABC):
    """The observation layout of one game configuration."""

    def __init__(self, game: Game) -> None:
        self.game = game
        #: fields this configuration has no room for (a sheet without flags) are left out
        self.fields: tuple[Field, ...] = tuple(field for field in self.layout() if field.size)
        self.slices: dict[str, slice] = {}
        self.offset: dict[str, int] = {}
        start = 0
        for field in self.fields:
            self.offset[field.name] = start
            self.slices[field.name] = slice(start, start + field.size)
            start += field.size
        self.size = start
        self.low = np.concatenate([np.full(f.size, f.low, np.float32) for f in self.fields])
        # a field always 0 here (no rockets, no hearts) still spans 0..1: spaces
        # whose bounds are equal draw warnings from the checkers
        self.high = np.concatenate([np.full(f.size, max(f.high, f.low + 1), np.float32)
                                    for f in self.fields])
        #: each seat's order of the seats (:func:`seat_order`)
        self.orders = [seat_order(seat, game.num_players) for seat in range(game.num_players)]
        #: per seat, the fields that never change in this configuration for it
        self.constants = []
        for seat in range(game.num_players):
            constant = np.zeros(self.size, np.float32)
            self.fill_constant(self.views(constant), seat)
            self.constants.append(constant)

    @abstractmethod
    def layout(self) -> list[Field]:
        """The fields in the order of the flat vector."""

    def fill_constant(self, out: dict[str, np.ndarray], seat: int) -> None:
        """Write the fields that never change in this configuration for ``seat``
        (the printed sheet or board, where the seats come onto it)."""

    @abstractmethod
    def fill(self, vector: np.ndarray, state: GameState, seat: int) -> None:
        """Write what ``seat`` may know of ``state`` into the flat ``vector`` (pre-filled
        with the constant fields, zero elsewhere)."""

    def span(self, first: str, last: str) -> slice:
        """The slice from field ``first`` to field ``last`` (adjacent in the layout)."""
        return slice(self.slices[first].start, self.slices[last].stop)

    def views(self, vector: np.ndarray) -> dict[str, np.ndarray]:
        """The dict form: one reshaped view of ``vector`` per field."""
        return {f.name: vector[self.slices[f.name]].reshape(f.shape) for f in self.fields}

    def encode(self, state: GameState, seat: int, out: np.ndarray | None = None) -> np.ndarray:
        """The flat observation of ``state`` for ``seat`` (written into ``out`` if given)."""
        constant = self.constants[seat]
        vector = constant.copy() if out is None else out
        if out is not None:
            np.copyto(vector, constant)
        self.fill(vector, state, seat)
        return vector

    def encode_dict(self, state: GameState, seat: int) -> dict[str, np.ndarray]:
        return self.views(self.encode(state, seat))


def seat_order(seat: int, players: int) -> list[int]:
    """The seats as an observation of ``seat`` lists them: itself first."""
    return [(seat + k) % players for k in range(players)]


def planes(masks: Sequence[int], size: int) -> np.ndarray:
    """Bitmasks over ``size`` cells as 0/1, one after the other (flat, uint8): the
    masks are joined into one integer and unpacked by a single numpy call
    (big-endian, then read backwards: numpy's little-endian unpacking is slower)."""
    joined = 0
    for k, mask in enumerate(masks):
        joined |= mask << (k * size)
    count = len(masks) * size
    data = np.frombuffer(joined.to_bytes((count + 7) // 8, "big"), np.uint8)
    return np.unpackbits(data)[::-1][:count]


def action_mask(state: GameState, seat: int, legal: Sequence[int] | None = None) -> np.ndarray:
    """One int8 flag per action id: 1 where ``seat`` may take it now (``legal``:
    its legal ids, if the caller has listed them already)."""
    mask = np.zeros(state.game.num_distinct_actions, np.int8)
    mask.put(state.legal_action_ids(seat) if legal is None else legal, 1)
    return mask


def encoder(game: Game) -> Encoder:
    """The observation encoder of ``game``'s configuration (build it once and keep it)."""
    from . import dizzle, nochmal, razzle
    kinds = {"dizzle": dizzle.DizzleEncoder, "nochmal": nochmal.NochmalEncoder,
             "razzle": razzle.RazzleEncoder}
    if game.name not in kinds:
        raise ValueError(f"no observation encoding for {game.name!r}")
    return kinds[game.name](game)
