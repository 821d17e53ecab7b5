"""Observation tensors: what one seat may know of a state, as numpy float32.

Each game configuration has an :class:`Encoder` with a fixed layout of named
fields (docs/rl.md lists them game by game). :meth:`Encoder.encode` writes the
flat vector; :meth:`Encoder.views` gives the dict form as reshaped views into
that same vector, so both forms come from one pass. A numpy call costs about a
microsecond, as much as a small rules step, so an encoder builds the whole
observation as one ``bytes``, a byte a value, in Python (the sets of fields,
which the games keep as bitmasks, become 0/1 bytes through one ``format`` of
the joined masks), and numpy converts it once; the fields that never change
for a seat (the printed sheet or board) lead the layout and are kept as one
prefix. Fields about players are indexed from the observing seat: row 0 is the
seat itself, row ``k`` the seat ``k`` places after it. An encoder reads only
what ``state.view(seat)`` shows: never another seat's pending simultaneous
choice, only whether it has chosen.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from math import prod
from typing import Any

import numpy as np

from ...engine.game import Game
from ...engine.state import GameState

#: the most a value may be in the bytes an encoder builds (:meth:`Encoder.finish` writes larger ones)
BYTE_MAX = 255
#: where :func:`bits` turns from Python's ``format`` to numpy (measured: equal at about 600 bits)
FEW_BITS = 512
#: ``format``'s binary digits as the bytes 0 and 1
DIGITS = bytes.maketrans(b"01", b"\x00\x01")
#: the most planes a :class:`Planes` keeps before it starts again
PLANES_KEPT = 1 << 15


@dataclass(frozen=True)
class Field:
    """One named part of an observation, with the bounds of its values.
    ``constant`` fields never change for a seat in a configuration."""

    name: str
    shape: tuple[int, ...]
    high: float = 1.0
    low: float = 0.0
    constant: bool = False

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
        constants = [field.constant for field in self.fields]
        if constants != sorted(constants, reverse=True):
            raise ValueError(f"{type(self).__name__}: the constant fields must lead the layout")
        #: per seat, the bytes of the fields that never change for it (the layout's first ones)
        self.prefixes = [self.constant(seat) for seat in range(game.num_players)]
        leading = sum(field.size for field in self.fields if field.constant)
        if any(len(prefix) != leading for prefix in self.prefixes):
            raise ValueError(f"{type(self).__name__}: constant() must give {leading} bytes")

    @abstractmethod
    def layout(self) -> list[Field]:
        """The fields in the order of the flat vector."""

    def constant(self, seat: int) -> bytes:
        """The fields that never change in this configuration for ``seat`` (the
        printed sheet or board, where the seats come onto it), a byte a value."""
        return b""

    @abstractmethod
    def raw(self, state: GameState, seat: int) -> bytes:
        """What ``seat`` may know of ``state``: the whole flat vector, a byte a value,
        starting with ``self.prefixes[seat]``."""

    def finish(self, vector: np.ndarray, state: GameState, seat: int) -> None:
        """Write the values a byte cannot hold (a field whose ``high`` passes
        :data:`BYTE_MAX`); :meth:`raw` gives 0 in their place."""

    def span(self, first: str, last: str) -> slice:
        """The slice from field ``first`` to field ``last`` (adjacent in the layout)."""
        return slice(self.slices[first].start, self.slices[last].stop)

    def views(self, vector: np.ndarray) -> dict[str, np.ndarray]:
        """The dict form: one reshaped view of ``vector`` per field."""
        return {f.name: vector[self.slices[f.name]].reshape(f.shape) for f in self.fields}

    def encode(self, state: GameState, seat: int, out: np.ndarray | None = None) -> np.ndarray:
        """The flat observation of ``state`` for ``seat`` (written into ``out`` if given)."""
        values = np.frombuffer(self.raw(state, seat), np.uint8)
        if out is None:
            vector = values.astype(np.float32)
        else:
            vector = out
            np.copyto(vector, values, casting="unsafe")
        self.finish(vector, state, seat)
        return vector

    def encode_dict(self, state: GameState, seat: int) -> dict[str, np.ndarray]:
        return self.views(self.encode(state, seat))


def seat_order(seat: int, players: int) -> list[int]:
    """The seats as an observation of ``seat`` lists them: itself first."""
    return [(seat + k) % players for k in range(players)]


def bits(joined: int, count: int) -> bytes:
    """The ``count`` bits of ``joined`` (below ``2 ** count``), lowest first, as the bytes 0 and 1.
    Up to :data:`FEW_BITS`, ``format`` in Python (which writes the highest bit
    first: the slice reads backwards); beyond, one numpy unpacking, whose fixed
    cost of about a microsecond is then the smaller."""
    if count <= FEW_BITS:
        return format(joined, f"0{count}b")[:-count - 1:-1].encode().translate(DIGITS)
    data = np.frombuffer(joined.to_bytes((count + 7) // 8, "little"), np.uint8)
    return np.unpackbits(data, count=count, bitorder="little").tobytes()


def planes(masks: Iterable[int], size: int) -> bytes:
    """Bitmasks over ``size`` cells as 0/1 bytes, one mask after the other."""
    joined = count = 0
    for mask in masks:
        joined |= mask << count
        count += size
    return bits(joined, count)


class Kept(dict, ABC):
    """Bytes remembered by a key, at most :data:`PLANES_KEPT` (then forgotten
    all at once); :meth:`make` makes one that is missing."""

    def __missing__(self, key: Any) -> bytes:
        if len(self) >= PLANES_KEPT:
            self.clear()
        made = self[key] = self.make(key)
        return made

    @abstractmethod
    def make(self, key: Any) -> bytes:
        """The bytes of ``key``."""


class Planes(Kept):
    """The 0/1 bytes of bitmasks over ``size`` cells, remembered by the mask.
    Between one observation and the next most of a table's masks are unchanged
    (a step marks one sheet), so a lookup, about 50 ns, takes the place of
    :func:`bits`; ``b"".join(map(planes.__getitem__, masks))`` is
    :func:`planes` of ``masks``."""

    def __init__(self, size: int) -> None:
        super().__init__()
        self.size = size

    def make(self, mask: int) -> bytes:
        return bits(mask, self.size)


@cache
def one_hot(length: int, index: int) -> bytes:
    """``length`` bytes, 1 at ``index`` and 0 elsewhere (none at all for ``index`` -1)."""
    return bytes(1 if k == index else 0 for k in range(length))


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
