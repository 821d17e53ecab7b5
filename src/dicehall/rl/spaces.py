"""The observation and action spaces the PettingZoo and Gymnasium adapters share.

An observation is ``{"observation": ..., "action_mask": ...}``: the encoding
(flat vector, or with ``observation="dict"`` one array per field) and one int8
flag per action id, 1 where the seat may take it now.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from gymnasium import spaces

from ..engine.state import GameState
from .observations import Encoder, action_mask

FORMS = ("flat", "dict")


def observation_space(encoder: Encoder, form: str) -> spaces.Dict:
    if form not in FORMS:
        raise ValueError(f"observation must be one of {', '.join(FORMS)}, not {form!r}")
    if form == "flat":
        encoding: spaces.Space = spaces.Box(encoder.low, encoder.high, dtype=np.float32)
    else:
        encoding = spaces.Dict({
            field.name: spaces.Box(encoder.low[encoder.slices[field.name]].reshape(field.shape),
                                   encoder.high[encoder.slices[field.name]].reshape(field.shape),
                                   dtype=np.float32)
            for field in encoder.fields})
    mask = spaces.Box(0, 1, (encoder.game.num_distinct_actions,), np.int8)
    return spaces.Dict({"observation": encoding, "action_mask": mask})


def observe(encoder: Encoder, form: str, state: GameState, seat: int,
            legal: Sequence[int] | None) -> dict:
    """The observation of ``seat``; its mask flags ``legal`` (the seat's legal
    ids if it is deciding, ``None`` if not: an empty mask)."""
    vector = encoder.encode(state, seat)
    mask = (action_mask(state, seat, legal) if legal is not None
            else np.zeros(state.game.num_distinct_actions, np.int8))
    return {"observation": vector if form == "flat" else encoder.views(vector), "action_mask": mask}


class Legal:
    """The legal ids of the seat deciding now, listed once per decision: the
    observation's action mask and the step's legality check share them (a
    listing costs as much as a small rules step). ``forget()`` after the state changes."""

    __slots__ = ("ids", "seat")

    def __init__(self) -> None:
        self.seat, self.ids = -1, None

    def of(self, state: GameState, seat: int) -> list[int]:
        if self.ids is None or self.seat != seat:
            self.seat, self.ids = seat, state.legal_action_ids(seat)
        return self.ids

    def forget(self) -> None:
        self.ids = None
