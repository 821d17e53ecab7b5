"""One checker for every table a user supplies: sheets, boards, game records.

A schema is built from a few specs (:class:`Int`, :class:`Text`, :class:`Flag`,
:class:`Items`, :class:`OneOrList`, :class:`Table`). :func:`validate` walks the
data with it and returns the *normalised* copy: only the keys the schema knows,
at every level, each of a type its field allows and within its field's bounds
(numbers, text lengths, list lengths). A table can then nest no deeper than its
schema, and what a game keeps, records and stores is that copy, never the
caller's object. Refusals name the field: ``gems[1].at[0]: expected a field
name like c4, got 'k33x'``. Values are shown cut short, so a refusal of a huge
or deeply nested value is itself small.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Protocol

from .errors import DicehallError
from .inputs import located

SHOWN = 40  # characters of a refused text shown in the message


class Refusal(Exception):
    """A value that breaks its spec, at a field path such as ``gems[1].at``."""

    def __init__(self, where: str, message: str):
        super().__init__(message)
        self.where = where
        self.message = message


def key_path(where: str, key: str) -> str:
    return f"{where}.{key}" if where else key


def shown(value: Any, longest: int = SHOWN) -> str:
    """A short description of any value, for a refusal (text cut at ``longest``)."""
    if isinstance(value, str):
        return repr(value[:longest]) + ("..." if len(value) > longest else "")
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 10**18:
        digits = int((value.bit_length() - 1) * math.log10(2)) + 1  # str() refuses 4,300 digits and more
        return f"a number of {digits + (abs(value) >= 10**digits)} digits"
    if isinstance(value, (bool, int, float)) or value is None:
        return repr(value)
    if isinstance(value, list):
        return f"a list of {len(value)} item{'' if len(value) == 1 else 's'}"
    if isinstance(value, dict):
        return "a table"
    return f"a {type(value).__name__}"


class Spec(Protocol):
    def check(self, value: Any, where: str) -> Any:
        """The normalised value, or raise :class:`Refusal`."""


@dataclass(frozen=True)
class Int:
    """A whole number from ``low`` to ``high``."""

    low: int
    high: int

    def check(self, value: Any, where: str) -> int:
        if not isinstance(value, int) or isinstance(value, bool):
            raise Refusal(where, f"expected a whole number, got {shown(value)}")
        if not self.low <= value <= self.high:
            allowed = self.low if self.low == self.high else f"{self.low}-{self.high}"
            raise Refusal(where, f"must be {allowed}, got {shown(value)}")
        return value


@dataclass(frozen=True)
class Text:
    """A string of at most ``longest`` characters, matching ``pattern`` if given
    (``what`` names such strings in a refusal)."""

    longest: int
    pattern: str | None = None
    what: str = "text"

    def check(self, value: Any, where: str) -> str:
        if not isinstance(value, str):
            raise Refusal(where, f"expected {self.what}, got {shown(value)}")
        if len(value) > self.longest:
            raise Refusal(where, f"must have at most {self.longest} characters, got {len(value)}")
        if self.pattern is not None and not re.fullmatch(self.pattern, value):
            raise Refusal(where, f"expected {self.what}, got {shown(value)}")
        return value


@dataclass(frozen=True)
class Flag:
    """``true`` or ``false``."""

    def check(self, value: Any, where: str) -> bool:
        if not isinstance(value, bool):
            raise Refusal(where, f"expected true or false, got {shown(value)}")
        return value


@dataclass(frozen=True)
class Items:
    """A list of ``fewest`` to ``most`` items, each checked by ``item``
    (``noun`` names them in a refusal)."""

    item: Spec
    most: int
    fewest: int = 0
    noun: str = "items"

    def check(self, value: Any, where: str) -> list:
        if not isinstance(value, list):
            raise Refusal(where, f"expected a list, got {shown(value)}")
        if not self.fewest <= len(value) <= self.most:
            count = (f"{self.most}" if self.fewest == self.most else
                     f"at most {self.most}" if self.fewest == 0 else f"{self.fewest}-{self.most}")
            raise Refusal(where, f"must have {count} {self.noun}, got {len(value)}")
        return [self.item.check(item, f"{where}[{i}]") for i, item in enumerate(value)]


@dataclass(frozen=True)
class OneOrList:
    """One ``item``, or a non-empty list of at most ``most`` of them (kept as given)."""

    item: Spec
    most: int

    def check(self, value: Any, where: str) -> Any:
        if isinstance(value, list):
            return Items(self.item, self.most, 1).check(value, where)
        return self.item.check(value, where)


@dataclass(frozen=True)
class Table:
    """A table with the keys of ``fields`` (the ``required`` ones must be there)."""

    fields: Mapping[str, Spec]
    required: frozenset[str] = frozenset()

    def check(self, value: Any, where: str) -> dict:
        if not isinstance(value, dict):
            raise Refusal(where, f"must be a table, got {shown(value)}")
        for key in value:
            if key not in self.fields:
                plain = isinstance(key, str) and key.isprintable() and len(key) <= SHOWN
                raise Refusal(key_path(where, key if plain else shown(key)),
                              f"unknown key (known: {', '.join(sorted(self.fields))})")
        missing = sorted(self.required - set(value))
        if missing:
            raise Refusal(where, f"missing key {missing[0]!r}") if where else Refusal(missing[0], "missing")
        return {key: spec.check(value[key], key_path(where, key))
                for key, spec in self.fields.items() if key in value}


def validate(spec: Spec, data: Any, source: str, error: type[DicehallError]) -> Any:
    """The normalised ``data``, or ``error`` naming ``source`` and the field."""
    try:
        return spec.check(data, "")
    except Refusal as refusal:
        raise error(located(source, refusal.where, refusal.message)) from None
