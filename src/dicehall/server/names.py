"""Names of accounts and guests: their normal form, and when two look alike.

Two names are the same name when their NFKC case-folded forms are equal
(:func:`name_key`), and they are confusable when their *skeletons* are equal
(:func:`skeleton`): as in Unicode TS #39, every character is mapped to a
prototype of the characters that look like it (the confusables data that
``confusable-homoglyphs`` ships), after the case is folded, combining marks
are dropped and spaces and joiners removed. So "Champion", "champion",
"Сhampion" (a Cyrillic С), "Ｃｈａｍｐｉｏｎ" and "Champ ion" share one skeleton."""

from __future__ import annotations

import json
import re
import unicodedata
from functools import cache
from importlib import resources

#: what an account's name may hold: letters, digits and ``_ - .``, 3 to 24 of them
ACCOUNT_NAME = re.compile(r"[^\W_][\w.\-]{1,22}[^\W_]")
NAME_LENGTH = (3, 24)


def name_key(name: str) -> str:
    """The form in which two names are the same name: NFKC, case-folded and
    NFKC again (folding can undo the normal form), without outer spaces."""
    return unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", name).casefold()).strip()


@cache
def prototypes() -> dict[str, str]:
    """Each confusable character's prototype: the characters the data says
    look alike form one group (joined transitively), and the group's
    prototype is its ASCII member if it has one, else its smallest."""
    data = json.loads(resources.files("confusable_homoglyphs").joinpath("confusables.json")
                      .read_text("utf-8"))
    parent: dict[str, str] = {}

    def root(char: str) -> str:
        while parent.setdefault(char, char) != char:
            parent[char] = parent[parent[char]]
            char = parent[char]
        return char

    for char, alikes in data.items():
        for alike in alikes:
            first, second = root(char), root(alike["c"])
            if first != second:
                parent[max(first, second, key=rank)] = min(first, second, key=rank)
    return {char: root(char) for char in parent if root(char) != char}


def rank(text: str) -> tuple[bool, int, str]:
    """Prototypes are ASCII where possible, then the shortest, then the smallest."""
    return (not text.isascii(), len(text), text)


def skeleton(name: str) -> str:
    """The form in which two names look alike (see the module's docstring)."""
    table = prototypes()
    text = unicodedata.normalize("NFKD", name_key(name))
    kept = "".join(table.get(char, char) for char in text
                   if not unicodedata.combining(char) and not char.isspace()
                   and unicodedata.category(char) != "Cf")
    return unicodedata.normalize("NFKD", kept).casefold()


def check_account_name(name: str) -> str | None:
    """Why ``name`` cannot be an account's name, or ``None`` when it can."""
    low, high = NAME_LENGTH
    if not low <= len(name) <= high:
        return f"a user name has {low} to {high} characters"
    if not ACCOUNT_NAME.fullmatch(name):
        return ("a user name holds letters and digits, and '_', '-' or '.' between them "
                "(no spaces)")
    if unicodedata.normalize("NFKC", name) != name:
        return "a user name cannot hold compatibility characters (write it in its plain form)"
    return None
