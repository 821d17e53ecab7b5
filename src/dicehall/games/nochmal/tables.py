"""Precomputed action tables of a Noch mal sheet.

Every way to cross boxes gets a stable id. The sets are enumerated once per
sheet, as bitmasks:

* ``crosses``: connected subsets of one block, sizes 1-5 (a colour+number
  choice); four ids each, for the colour die and the number die being real
  dice or jokers;
* ``bombs``: 1-4 boxes inside one 2x2 square;
* ``stars``: 1-2 star boxes;
* ``rows``: 1-3 boxes of one row;
* ``blocks``: one per block (the colour-block action).

Legal-move generation then only filters these lists; the filters are memoised
on the few bitmasks they depend on, so a repeated situation costs a lookup.
A table pickles without its memos (they start empty again once read back).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import cache
from itertools import combinations

from ...engine.bits import bit_list, mask_of
from .sheet import NochmalSheet

PASS, HEART = 0, 1
COLOUR_JOKER, NUMBER_JOKER = 1, 2
MAX_CROSSES = 5
#: the memoised filters, each ``name`` wrapping the method ``_name``
MEMOISED = ("candidates", "bomb_candidates", "star_candidates", "row_candidates")
#: action tables kept for sheets in use (the editions' and a few custom sheets)
TABLES_KEPT = 8


@dataclass(eq=False)
class ActionTable:
    sheet: NochmalSheet
    crosses: list[int] = field(default_factory=list)
    bombs: list[int] = field(default_factory=list)
    stars: list[int] = field(default_factory=list)
    rows: list[int] = field(default_factory=list)

    def __post_init__(self) -> None:
        sheet = self.sheet
        self.block_sets: list[range] = []
        for block in sheet.blocks:
            start = len(self.crosses)
            self.crosses += connected_subsets(sheet, block.mask)
            self.block_sets.append(range(start, len(self.crosses)))
        self.squares = [mask_of((r * sheet.width + c, r * sheet.width + c + 1,
                                 (r + 1) * sheet.width + c, (r + 1) * sheet.width + c + 1))
                        for r in range(sheet.height - 1) for c in range(sheet.width - 1)]
        self.bombs = sorted({mask_of(chosen) for square in self.squares
                             for size in range(1, 5) for chosen in combinations(bit_list(square), size)})
        star_boxes = bit_list(sheet.stars)
        self.stars = [mask_of(chosen) for size in (1, 2) for chosen in combinations(star_boxes, size)]
        self.row_sets: list[range] = []
        for row in sheet.rows:
            start = len(self.rows)
            self.rows += [mask_of(chosen) for size in (1, 2, 3)
                          for chosen in combinations(bit_list(row), size)]
            self.row_sets.append(range(start, len(self.rows)))
        self.cross_base = 2
        self.bomb_base = self.cross_base + 4 * len(self.crosses)
        self.star_base = self.bomb_base + len(self.bombs)
        self.row_base = self.star_base + len(self.stars)
        self.block_base = self.row_base + len(self.rows)
        self.size = self.block_base + len(sheet.blocks)
        self.cross_index = {mask: i for i, mask in enumerate(self.crosses)}
        self.bomb_index = {mask: i for i, mask in enumerate(self.bombs)}
        self.star_index = {mask: i for i, mask in enumerate(self.stars)}
        self.row_index = {mask: i for i, mask in enumerate(self.rows)}
        self.bombs_of_square = [self._canonical_bombs(s) for s in range(len(self.squares))]
        self.decode_special = self.bombs + self.stars + self.rows
        self._memoise()

    def _memoise(self) -> None:
        """Wrap the filters in memos of this table."""
        for name in MEMOISED:
            setattr(self, name, cache(getattr(self, "_" + name)))

    def __reduce__(self) -> tuple:
        """Pickled as its sheet: the table is made again from it (or found among
        those kept) where it is unpickled, so a pickled game or state stays small."""
        return action_table, (self.sheet,)

    def _canonical_bombs(self, square: int) -> list[tuple[int, int]]:
        """The bomb sets first found in this square, as (mask, id)."""
        out = []
        for mask in self.bombs:
            if mask & self.squares[square] == mask and not any(
                    mask & other == mask for other in self.squares[:square]):
                out.append((mask, self.bomb_base + self.bomb_index[mask]))
        return out

    def _candidates(self, free: int, reach: int) -> tuple[tuple[int, ...], ...]:
        """Indices of the cross sets inside ``free`` (the free boxes of one block)
        that contain a box of ``reach``, grouped by size (index 0 unused)."""
        by_size: list[list[int]] = [[] for _ in range(MAX_CROSSES + 1)]
        block = self.sheet.block_of[free.bit_length() - 1]
        for i in self.block_sets[block]:
            mask = self.crosses[i]
            if mask & free == mask and mask & reach:
                by_size[mask.bit_count()].append(i)
        return tuple(tuple(group) for group in by_size)

    def _bomb_candidates(self, square: int, free: int) -> tuple[int, ...]:
        """Ids of the bomb sets (first found in ``square``) inside its free boxes."""
        return tuple(i for mask, i in self.bombs_of_square[square] if mask & free == mask)

    def _star_candidates(self, free: int, reach: int) -> tuple[int, ...]:
        """Ids of the 1-2 free stars that can be crossed one after the other,
        each next to a crossed box (or the other star) or in the start column."""
        return tuple(self.star_base + i for i, mask in enumerate(self.stars)
                     if mask & free == mask and chained(self.sheet, mask, reach))

    def _row_candidates(self, free: int, reach: int) -> tuple[int, ...]:
        """Ids of the 1-3 free boxes of one row (``free``: that row's free boxes)
        that can be crossed one after the other from ``reach``."""
        row = (free.bit_length() - 1) // self.sheet.width
        return tuple(self.row_base + i for i in self.row_sets[row]
                     if self.rows[i] & free == self.rows[i] and chained(self.sheet, self.rows[i], reach))

    def special_mask(self, action_id: int) -> int:
        """The boxes a special-die action (bomb, stars, row, block) crosses."""
        if action_id >= self.block_base:
            return self.sheet.blocks[action_id - self.block_base].mask
        return self.decode_special[action_id - self.bomb_base]


def chained(sheet: NochmalSheet, mask: int, reach: int) -> bool:
    """Can the boxes of ``mask`` be crossed one by one, each in ``reach`` or
    next to one crossed before it?"""
    grown = mask & reach
    while grown:
        more = (grown | sheet.neighbours(grown)) & mask
        if more == grown:
            break
        grown = more
    return grown == mask


def connected_subsets(sheet: NochmalSheet, block: int) -> list[int]:
    """Every orthogonally connected subset of ``block`` with 1-5 boxes."""
    boxes = bit_list(block)
    found = []
    for size in range(1, min(MAX_CROSSES, len(boxes)) + 1):
        for chosen in combinations(boxes, size):
            mask = mask_of(chosen)
            if is_connected(sheet, mask):
                found.append(mask)
    return found


def is_connected(sheet: NochmalSheet, mask: int) -> bool:
    grown = mask & -mask
    while True:
        more = (grown | sheet.neighbours(grown)) & mask
        if more == grown:
            return grown == mask
        grown = more


#: the tables made, by their sheet's data (see :func:`action_table`)
_tables: dict[str, ActionTable] = {}


def action_table(sheet: NochmalSheet) -> ActionTable:
    """The table of a sheet, shared by the games on sheets of the same data (an
    unpickled sheet is another object with the same data); a few sheets kept."""
    key = json.dumps(sheet.data, sort_keys=True)
    table = _tables.get(key)
    if table is None:
        if len(_tables) >= TABLES_KEPT:
            del _tables[next(iter(_tables))]
        table = _tables[key] = ActionTable(sheet)
    return table
