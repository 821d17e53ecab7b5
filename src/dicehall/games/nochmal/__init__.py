"""Noch mal so gut! and classic Noch mal! (rules: ``shared/rules/nochmal.md``)."""

from .actions import Cross, NochmalRoll, Pass, Special
from .game import NochmalGame
from .sheet import NochmalSheet
from .sheetfile import edition_sheet, load_sheet, sheet_from_data
from .state import NochmalState

__all__ = ["Cross", "NochmalGame", "NochmalRoll", "NochmalSheet", "NochmalState", "Pass",
           "Special", "edition_sheet", "load_sheet", "sheet_from_data"]
