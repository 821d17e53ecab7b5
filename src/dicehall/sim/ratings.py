"""Solo rating bands for sheets without a printed table, derived from simulation.

The printed tables (Dizzle levels 1–4) tell where a good player lands. We let
the ``hard`` bot play each printed level solo and measure how far its mean
score lies below the level's top band (``gap = top band minimum − mean``).
A level without a table gets the same shape as the printed ones: its top band
starts at the bot's mean on that level plus the average gap, rounded to a
whole number, and each lower band starts ``width`` points below the one above,
with the labels of the printed table. So ``hard`` lands in the same band on
every level, as a good player does on levels 1–4.
"""

from __future__ import annotations

from collections.abc import Sequence
from statistics import fmean

from ..games.datafile import RatingBand


def calibration_gap(printed: Sequence[tuple[tuple[RatingBand, ...], float]]) -> float:
    """The average distance from the bot's mean to the top band's minimum,
    over (printed bands, bot's mean score) pairs."""
    return fmean(bands[0].min - mean for bands, mean in printed)


def derive_bands(mean: float, gap: float, labels: Sequence[str], width: int = 10) -> tuple[RatingBand, ...]:
    """Bands with ``labels`` (best first) for a level where the bot averages ``mean``."""
    top = round(mean + gap)
    bands = [RatingBand(top - width * step, label) for step, label in enumerate(labels[:-1])]
    return (*bands, RatingBand(None, labels[-1]))


def bands_toml(bands: Sequence[RatingBand]) -> str:
    """The ``[[solo_rating]]`` tables of a sheet file."""
    parts = []
    for band in bands:
        lines = ["[[solo_rating]]"]
        if band.min is not None:
            lines.append(f"min = {band.min}")
        lines.append(f'label = "{band.label}"')
        parts.append("\n".join(lines))
    return "\n\n".join(parts) + "\n"
