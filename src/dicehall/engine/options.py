"""Typed game options with defaults and validation.

A game declares its options as a tuple of :class:`Option`; :func:`resolve_options`
checks what a caller gave (Python values, or strings from ``-o key=value``) and
returns the complete, validated options with defaults filled in.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from .errors import OptionError
from .schema import shown

MAX_DIGITS = 100  # characters of a whole number given as text (``-o move_time=...``)


@dataclass(frozen=True)
class Option:
    """One option of a game.

    ``kind`` is ``int``, ``str`` or ``object`` (anything JSON-like, such as an
    inline sheet table). ``choices`` limits an ``int``/``str`` option to a set of
    values and ``bounds`` an ``int`` option to a range (inclusive); every ``int``
    option has one or the other, so that no value from a client or a file can
    reach the game's arithmetic unbounded. ``check`` may reject a value by
    raising :class:`OptionError`.
    """

    name: str
    kind: type
    default: Any
    help: str
    choices: tuple | None = None
    check: Callable[[Any], None] | None = None
    bounds: tuple[int, int] | None = None

    def __post_init__(self) -> None:
        if self.kind is int and self.choices is None and self.bounds is None:
            raise TypeError(f"option {self.name!r}: a whole-number option needs choices or bounds")

    def convert(self, value: Any) -> Any:
        """Return ``value`` as this option's type, or raise :class:`OptionError`."""
        if self.kind is int:
            value = self._to_int(value)
        elif self.kind is str and not isinstance(value, str):
            raise OptionError(f"option {self.name!r} must be a string, not {shown(value)}")
        if self.choices is not None and value not in self.choices:
            allowed = ", ".join(map(str, self.choices))
            raise OptionError(f"option {self.name!r} must be one of {allowed}, not {shown(value)}")
        if self.bounds is not None and not self.bounds[0] <= value <= self.bounds[1]:
            low, high = self.bounds
            raise OptionError(f"option {self.name!r} must be {low}-{high}, not {shown(value)}")
        if self.check is not None:
            self.check(value)
        return value

    def _to_int(self, value: Any) -> int:
        if isinstance(value, int) and not isinstance(value, bool):
            return value
        if isinstance(value, str) and len(value) <= MAX_DIGITS:
            try:
                return int(value.strip())
            except ValueError:
                pass
        raise OptionError(f"option {self.name!r} must be a whole number, not {shown(value)}")

    def describe(self) -> str:
        """One line for ``dicehall games``."""
        if self.choices is not None:
            values = "|".join(map(str, self.choices))
        elif self.bounds is not None:
            values = f"{self.bounds[0]}-{self.bounds[1]}"
        else:
            values = self.kind.__name__ if self.kind is not object else "value"
        default = "" if self.default is None else f" (default {self.default})"
        return f"{self.name}={values}{default}: {self.help}"


def resolve_options(game: str, declared: tuple[Option, ...], given: Mapping[str, Any]) -> dict:
    """Validate ``given`` against ``declared`` and fill in the defaults."""
    by_name = {option.name: option for option in declared}
    unknown = [name for name in given if name not in by_name]
    if unknown:
        known = ", ".join(by_name)
        raise OptionError(f"{game} has no option {shown(unknown[0])}; its options are: {known}")
    resolved = {}
    for option in declared:
        if option.name in given and given[option.name] is not None:
            resolved[option.name] = option.convert(given[option.name])
        else:
            resolved[option.name] = option.default
    return resolved


def parse_option_pairs(pairs: list[str]) -> dict[str, str]:
    """Turn ``["level=3", "sheet=my.toml"]`` into a dict; values stay strings."""
    options = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise OptionError(f"option {pair!r} is not of the form key=value")
        options[key.strip()] = value.strip()
    return options
