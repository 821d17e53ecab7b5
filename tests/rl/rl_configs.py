"""The game configurations every adapter's checkers run on (issue 14)."""

import pytest

#: (game, options): Dizzle levels 1 and 8 solo and for two, both Noch mal
#: editions solo and for two, Razzle-Dazzle for two and three
CONFIGURATIONS = [
    ("dizzle", {"players": 1, "level": 1}),
    ("dizzle", {"players": 1, "level": 8}),
    ("dizzle", {"players": 2, "level": 1}),
    ("dizzle", {"players": 2, "level": 8}),
    ("nochmal", {"players": 1, "edition": "so-gut"}),
    ("nochmal", {"players": 2, "edition": "so-gut"}),
    ("nochmal", {"players": 1, "edition": "classic"}),
    ("nochmal", {"players": 2, "edition": "classic"}),
    ("razzle", {"players": 2}),
    ("razzle", {"players": 3}),
]


def name_of(configuration: tuple[str, dict]) -> str:
    name, options = configuration
    return "-".join([name, *(f"{key}={value}" for key, value in options.items())])


def each_configuration(configurations=CONFIGURATIONS):
    return pytest.mark.parametrize("name, options", configurations,
                                   ids=[name_of(c) for c in configurations])
