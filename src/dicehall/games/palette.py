"""Colour words of sheets and boards as drawing colours, shared by the SVG
pictures and the layouts a browser client draws from."""

from __future__ import annotations

import re

# Colour words -> (fill, ink): ink is a darker shade for lines and text.
PALETTE = {
    "red": ("#e53935", "#b71c1c"), "blue": ("#1e88e5", "#0d47a1"),
    "green": ("#43a047", "#1b5e20"), "yellow": ("#fdd835", "#b28704"),
    "orange": ("#fb8c00", "#c25e00"), "purple": ("#8e24aa", "#4a148c"),
    "violet": ("#9575cd", "#512da8"), "pink": ("#f06292", "#ad1457"),
    "magenta": ("#d81b60", "#880e4f"), "cyan": ("#00bcd4", "#00838f"),
    "turquoise": ("#26c6da", "#00838f"), "teal": ("#00897b", "#004d40"),
    "white": ("#ffffff", "#616161"), "black": ("#212121", "#000000"),
    "grey": ("#9e9e9e", "#424242"), "gray": ("#9e9e9e", "#424242"),
    "silver": ("#bdbdbd", "#616161"), "gold": ("#ffc107", "#b28704"),
    "brown": ("#8d6e63", "#4e342e"),
}
UNKNOWN = ("#d81b60", "#880e4f")


def svg_colour(colour: str) -> tuple[str, str]:
    """(fill, ink) for a colour word; CSS colour names and ``#rrggbb`` pass through."""
    colour = colour.strip().lower()
    if colour in PALETTE:
        return PALETTE[colour]
    if re.fullmatch(r"#[0-9a-f]{3}|#[0-9a-f]{6}|[a-z]+", colour):
        return colour, colour
    return UNKNOWN


def colour_table(colours: object) -> dict[str, dict[str, str]]:
    """Each colour word of ``colours`` with its fill and ink, for a layout."""
    return {word: dict(zip(("fill", "ink"), svg_colour(word))) for word in sorted(set(colours))}
