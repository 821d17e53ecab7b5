"""Rectangular grids with their cells as bits of a Python int.

Cell ``row * width + column`` is bit number that; sets of cells are bitmasks,
so "every cell next to any of these" is four shifts. Cells are named like
``c4``: column letter, then row number with row 1 at the top.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import compress

from .bits import bit_list, mask_of

LETTERS = "abcdefghijklmnopqrstuvwxyz"
#: the digits of ``bin(mask)`` as the bytes 0 and 1 (for ``itertools.compress``)
_BITS = bytes.maketrans(b"01", b"\0\1")


@lru_cache(maxsize=64)
def cell_names(width: int, height: int) -> tuple[str, ...]:
    """Every cell's name of a ``width`` x ``height`` grid, by index."""
    return tuple(f"{LETTERS[index % width]}{index // width + 1}" for index in range(width * height))


def cell_index(name: object, width: int, height: int) -> int | None:
    """The index of a cell name like ``c4`` on a grid, or ``None`` if it is off it."""
    if not isinstance(name, str):
        return None
    name = name.strip().lower()
    if len(name) < 2 or name[0] not in LETTERS or not name[1:].isdigit():
        return None
    column, row = LETTERS.index(name[0]), int(name[1:]) - 1
    if column >= width or not 0 <= row < height:
        return None
    return row * width + column


class Grid:
    """Geometry shared by the games' sheets; a subclass sets ``width``,
    ``height`` and calls :meth:`set_cells` with its mask of real cells."""

    width: int
    height: int
    cells: int
    not_first_column: int
    not_last_column: int

    def set_cells(self, cells: int) -> None:
        rows, setter = range(self.height), object.__setattr__
        setter(self, "cells", cells)
        setter(self, "not_first_column",
               mask_of(r * self.width + c for r in rows for c in range(1, self.width)))
        setter(self, "not_last_column",
               mask_of(r * self.width + c for r in rows for c in range(self.width - 1)))

    @property
    def size(self) -> int:
        return self.width * self.height

    def neighbours(self, mask: int) -> int:
        """The cells orthogonally next to any cell of ``mask``."""
        width = self.width
        return (((mask << 1) & self.not_first_column) | ((mask >> 1) & self.not_last_column)
                | (mask << width) | (mask >> width)) & self.cells

    def cell_name(self, index: int) -> str:
        return f"{LETTERS[index % self.width]}{index // self.width + 1}"

    def cell_index(self, name: str) -> int | None:
        return cell_index(name, self.width, self.height)

    def names(self, mask: int) -> list[str]:
        """The names of the cells of ``mask``, lowest index first. Views name
        every crossed box of every sheet at every broadcast, so the bits are
        read from ``bin(mask)`` in C rather than one by one."""
        names = cell_names(self.width, self.height)
        if mask < 0 or mask >> len(names):
            return [self.cell_name(index) for index in bit_list(mask)]
        return list(compress(names, bin(mask)[:1:-1].encode().translate(_BITS)))
