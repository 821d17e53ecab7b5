"""The Noch mal sheet: coloured boxes in blocks, stars, special-die fields and
the printed values around the grid.

Sets of boxes are bitmasks over Python ints (bit ``row * width + column``).
Blocks (orthogonally connected boxes of one colour) are found on load.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ...engine.bits import bit_list, mask_of
from ...engine.grid import Grid
from ..datafile import RatingBand, rating_label

COLOURS = "gybro"
COLOUR_NAMES = {"g": "green", "y": "yellow", "b": "blue", "r": "red", "o": "orange"}
ITEMS = ("special", "bomb", "heart")


@dataclass(frozen=True, slots=True)
class Block:
    number: int
    colour: str
    mask: int
    size: int
    colour_index: int


@dataclass(frozen=True, eq=False)
class NochmalSheet(Grid):
    name: str
    edition: str
    width: int
    height: int
    colours: tuple[str, ...]
    stars: int
    special_fields: int
    start_column: int
    column_first: tuple[int, ...]
    column_later: tuple[int, ...]
    colour_bonus: tuple[int, int]
    jokers: int
    hearts: int
    special_dice: int
    special_dice_at_start: int
    start_column_special: bool
    row_points: int
    row_items: tuple[str, ...]
    solo_rolls: int
    row_labels: tuple[str, ...]
    solo_rating: tuple[RatingBand, ...]
    data: dict
    blocks: tuple[Block, ...] = field(init=False)

    def __post_init__(self) -> None:
        setter = object.__setattr__
        width, height, size = self.width, self.height, self.width * self.height
        self.set_cells((1 << size) - 1)
        setter(self, "all_boxes", self.cells)
        setter(self, "colour_masks", {c: mask_of(i for i in range(size) if self.colours[i] == c)
                                      for c in COLOURS})
        setter(self, "columns", tuple(mask_of(r * width + c for r in range(height))
                                      for c in range(width)))
        setter(self, "rows", tuple(mask_of(r * width + c for c in range(width))
                                   for r in range(height)))
        setter(self, "start", self.columns[self.start_column])
        setter(self, "blocks", self._find_blocks())
        block_of = [0] * size
        for block in self.blocks:
            for index in bit_list(block.mask):
                block_of[index] = block.number
        setter(self, "block_of", tuple(block_of))

    def _find_blocks(self) -> tuple[Block, ...]:
        blocks: list[Block] = []
        seen = 0
        for index in range(self.size):
            if seen >> index & 1:
                continue
            same = self.colour_masks[self.colours[index]]
            block = 1 << index
            while True:
                grown = (block | self.neighbours(block)) & same
                if grown == block:
                    break
                block = grown
            seen |= block
            colour = self.colours[index]
            blocks.append(Block(len(blocks), colour, block, block.bit_count(), COLOURS.index(colour)))
        return tuple(blocks)

    box_name = Grid.cell_name
    box_index = Grid.cell_index

    def rating(self, score: int) -> str | None:
        return rating_label(self.solo_rating, score)
