"""Dizzle: dice drafting on a numbered sheet (rules: ``shared/rules/dizzle.md``)."""

from ..datafile import SheetError
from .actions import Pass, Place, Planet, Reroll, Return
from .game import DizzleGame
from .sheet import Sheet
from .sheetfile import level_sheet, load_sheet, sheet_from_data
from .state import DizzleState

__all__ = ["DizzleGame", "DizzleState", "Pass", "Place", "Planet", "Reroll", "Return",
           "Sheet", "SheetError", "level_sheet", "load_sheet", "sheet_from_data"]
