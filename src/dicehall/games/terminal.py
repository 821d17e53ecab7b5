"""What every game's terminal rendering shares: colour words to Rich colours."""

from __future__ import annotations

from rich.color import Color, ColorParseError

# Sheet and board colours are free words; these are the common ones, readable
# on dark and light backgrounds. Anything else Rich can parse ("#8b4513",
# "orchid") works too.
COLOURS = {
    "red": "bright_red", "blue": "dodger_blue1", "green": "green3", "yellow": "yellow3",
    "orange": "dark_orange", "purple": "magenta", "violet": "violet",
    "pink": "hot_pink", "magenta": "magenta", "cyan": "cyan", "turquoise": "turquoise2",
    "teal": "dark_cyan", "white": "white", "black": "grey50", "grey": "grey62",
    "gray": "grey62", "silver": "grey70", "gold": "gold1", "brown": "orange4",
}


def colour_style(colour: str) -> str:
    """A Rich colour for a colour word (magenta when Rich does not know it)."""
    colour = colour.strip().lower()
    if colour in COLOURS:
        return COLOURS[colour]
    try:
        Color.parse(colour)
    except ColorParseError:
        return "magenta"
    return colour
