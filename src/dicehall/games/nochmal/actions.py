"""Noch mal's actions and dice as value objects with round-trip notations.

| action | notation | meaning |
|---|---|---|
| :class:`Cross` | ``y3 h3 h4 i4`` | yellow die + 3 die: cross h3, h4, i4 |
| | ``x? g1 h1`` | colour joker + number joker (two "!"): cross g1, h1 |
| :class:`Special` | ``bomb d2 e2 e3`` | special die (or a row's bomb item): boxes in one 2x2 square |
| | ``stars c1 h6`` / ``row b3 f3 k3`` / ``block e5`` / ``heart`` | the other faces |
| :class:`Pass` | ``pass`` | cross nothing this roll |

Colour faces are ``g y b r o`` and ``x`` (the black joker cross); number faces
``1``-``5`` and ``?`` (the joker). A roll reads ``roll g y x / 1 3 ? / heart``:
colour dice, number dice and (so-gut) the special die.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...engine.errors import NotationError

COLOUR_FACES = "gybrox"
NUMBER_FACES = "12345?"
SPECIAL_FACES = ("heart", "bomb", "stars", "row", "block")
SPECIAL_WEIGHTS = (2, 1, 1, 1, 1)   # the special die shows a heart on two faces


@dataclass(frozen=True, slots=True)
class Cross:
    colour_die: str
    number_die: str
    boxes: tuple[str, ...]

    def __str__(self) -> str:
        return f"{self.colour_die}{self.number_die} {' '.join(self.boxes)}"


@dataclass(frozen=True, slots=True)
class Special:
    face: str
    boxes: tuple[str, ...] = ()

    def __str__(self) -> str:
        return " ".join((self.face, *self.boxes))


@dataclass(frozen=True, slots=True)
class Pass:
    def __str__(self) -> str:
        return "pass"


NochmalAction = Cross | Special | Pass


@dataclass(frozen=True, slots=True)
class NochmalRoll:
    """A roll: colour faces and number faces (each sorted), and the special die."""

    colours: tuple[str, ...]
    numbers: tuple[str, ...]
    special: str | None

    def __str__(self) -> str:
        parts = [" ".join(self.colours), " ".join(self.numbers)]
        if self.special is not None:
            parts.append(self.special)
        return "roll " + " / ".join(parts)

    @classmethod
    def parse(cls, text: str) -> NochmalRoll:
        words = text.strip()
        if not words.startswith("roll"):
            raise NotationError(f"{text!r}: a roll reads 'roll g y x / 1 3 ? / heart'")
        parts = [part.split() for part in words[4:].split("/")]
        if len(parts) not in (2, 3) or (len(parts) == 3 and len(parts[2]) != 1):
            raise NotationError(f"{text!r}: a roll reads 'roll g y x / 1 3 ? / heart'")
        colours, numbers = parts[0], parts[1]
        special = parts[2][0] if len(parts) == 3 else None
        if any(face not in COLOUR_FACES for face in colours):
            raise NotationError(f"{text!r}: colour faces are g y b r o x")
        if any(face not in NUMBER_FACES for face in numbers):
            raise NotationError(f"{text!r}: number faces are 1 2 3 4 5 ?")
        if special is not None and special not in SPECIAL_FACES:
            raise NotationError(f"{text!r}: special faces are {' '.join(SPECIAL_FACES)}")
        return cls(tuple(sorted(colours, key=COLOUR_FACES.index)),
                   tuple(sorted(numbers, key=NUMBER_FACES.index)), special)
