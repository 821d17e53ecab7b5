"""The words of the game log in every language: catalogs of templates.

The engine's ``words.toml`` holds the keys ``common.*``; each game's package
holds a ``words.toml`` beside its ``game.py`` with its own keys, which become
``<game>.<key>``. A file has one table per key (nested tables for dotted keys,
``[part.gems]`` is ``dizzle.part.gems``) with a template per language::

    [place]
    en = "{player} took a {value} and placed it on {field}"
    de = "{player} nimmt eine {value} und legt sie auf {field}"
    ...

Templates name the event's params in braces; ``player``, ``other`` and
``players`` are seats and become the seats' names, lists are joined by ", ".
"""

from __future__ import annotations

import tomllib
from collections.abc import Sequence
from functools import cache
from importlib import resources

from .errors import DicehallError
from .events import Event
from .registry import game_class, game_names

LANGUAGES = ("en", "de", "sv", "zh")
SEATS = ("player", "other")


@cache
def _templates() -> dict[str, dict[str, str]]:
    """key -> language -> template, from the engine's and every game's words."""
    found = _read(__package__, "common")
    for name in game_names():
        package = game_class(name).__module__.rpartition(".")[0]
        found.update(_read(package, name))
    return found


def _read(package: str, prefix: str) -> dict[str, dict[str, str]]:
    text = resources.files(package).joinpath("words.toml").read_text("utf-8")
    return _flatten(tomllib.loads(text), prefix, f"{package}/words.toml")


def _flatten(table: dict, prefix: str, source: str) -> dict[str, dict[str, str]]:
    """The key tables of a words file; a table with an ``en`` template is a key."""
    if "en" not in table:
        found = {}
        for name, inner in table.items():
            if not isinstance(inner, dict):
                raise DicehallError(f"{source}: {prefix}.{name} must be a table of templates")
            found.update(_flatten(inner, f"{prefix}.{name}", source))
        return found
    missing = [lang for lang in LANGUAGES if not isinstance(table.get(lang), str)]
    if missing or set(table) - set(LANGUAGES):
        raise DicehallError(f"{source}: {prefix} needs exactly the templates {', '.join(LANGUAGES)}")
    return {prefix: table}


def catalog(lang: str) -> dict[str, str]:
    """Every key of every game with its template in ``lang`` (flat: "dizzle.place")."""
    return dict(_catalog(lang))


@cache
def _catalog(lang: str) -> dict[str, str]:
    if lang not in LANGUAGES:
        raise DicehallError(f"no words in {lang!r}; languages: {', '.join(LANGUAGES)}")
    return {key: texts[lang] for key, texts in _templates().items()}


def render(event: Event, lang: str, names: Sequence[str]) -> str:
    """An event in words: its template in ``lang`` filled with its params, seats
    replaced by ``names[seat]``."""
    values = {}
    for name, value in event.params.items():
        if name in SEATS:
            value = names[value]
        elif name == "players":
            value = [names[seat] for seat in value]
        values[name] = ", ".join(map(str, value)) if isinstance(value, list) else str(value)
    return _catalog(lang)[event.key].format_map(values)
