"""Score distributions as pictures (matplotlib, drawn off screen with Agg).

:func:`plot_scores` draws one histogram per bot; for a solo game (one player)
the game's solo rating bands, where it has them, are shaded behind the
histograms with their labels. The figure is made without ``pyplot``, so no
window opens and the global matplotlib backend is left alone.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..engine.registry import make_game

if TYPE_CHECKING:
    from matplotlib.figure import Figure

    from ..engine.game import Game

#: the most histogram bars across the score range
MAX_BINS = 40


def rating_bands(game: Game) -> tuple:
    """The game's solo rating bands (``RatingBand(min, label)``, decreasing
    ``min``, the last ``min`` ``None``), or ``()`` where it has none."""
    return tuple(getattr(getattr(game, "sheet", None), "solo_rating", ()) or ())


def band_spans(bands: Sequence[Any]) -> list[tuple[float, float, str]]:
    """Each band as ``(low, high, label)`` on the score axis, lowest first:
    a band with ``min = m`` holds the scores ``m, m+1, ...`` up to the next
    band's ``min`` (exclusive); the ends are open (``-inf``/``inf``)."""
    spans = []
    upper = math.inf
    for band in bands:
        low = -math.inf if band.min is None else band.min - 0.5
        spans.append((low, upper, band.label))
        upper = low
    return spans[::-1]


def _edges(values: Sequence[int]) -> list[float]:
    low, high = min(values), max(values)
    width = max(1, math.ceil((high - low + 1) / MAX_BINS))
    edges = [low - 0.5 + width * k for k in range(math.ceil((high - low + 1) / width) + 1)]
    return edges


def _describe(game: Game) -> str:
    options = ", ".join(f"{key}={value.get('name', 'custom') if isinstance(value, dict) else value}"
                        for key, value in game.options.items() if value is not None)
    return f"{game.title} ({options})"


def plot_scores(result: Any, path: str | Path | None = None, *, game: Game | None = None,
                title: str | None = None) -> Figure:
    """Draw the score distribution of every bot in ``result`` as histograms.

    ``result`` is a :class:`~dicehall.sim.SimulationResult`, a
    :class:`~dicehall.sim.TournamentResult` or a mapping of bot name to scores.
    For a solo game (one player) the solo rating bands of ``game`` (by default
    rebuilt from the result's game and options) are shaded behind the bars.
    The picture is written to ``path`` (PNG, or any format matplotlib knows by
    the suffix) if given; the :class:`matplotlib.figure.Figure` is returned.
    """
    import matplotlib
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure
    from matplotlib.ticker import MaxNLocator

    if isinstance(result, Mapping):
        by_bot = {str(bot): list(scores) for bot, scores in result.items()}
    else:
        by_bot = result.scores_by_bot()
        if game is None:
            game = make_game(result.game, result.options)
    by_bot = {bot: scores for bot, scores in by_bot.items() if scores}
    values = [score for scores in by_bot.values() for score in scores]
    if not values:
        raise ValueError("no scores to plot")

    figure = Figure(figsize=(9, 5), dpi=100, layout="constrained")
    FigureCanvasAgg(figure)
    axes = figure.add_subplot()
    edges = _edges(values)
    colours = matplotlib.rcParams["axes.prop_cycle"].by_key().get("color", ["C0"])
    for number, (bot, scores) in enumerate(by_bot.items()):
        colour = colours[number % len(colours)]
        axes.hist(scores, bins=edges, label=bot, histtype="stepfilled", alpha=0.4, color=colour, zorder=2)
        axes.hist(scores, bins=edges, histtype="step", color=colour, linewidth=1.2, zorder=3)
    pad = max(2.0, 0.05 * (edges[-1] - edges[0]))
    view = (edges[0] - pad, edges[-1] + pad)
    axes.set_xlim(*view)

    solo = game is not None and game.num_players == 1
    if solo:
        spans = band_spans(rating_bands(game))
        top = axes.get_ylim()[1] * 1.18
        axes.set_ylim(0, top)
        shades = ("#dbe9f6", "#f6ecd6")
        for number, (low, high, label) in enumerate(spans):
            left, right = max(low, view[0]), min(high, view[1])
            if left >= right:
                continue
            axes.axvspan(left, right, color=shades[number % 2], zorder=0, linewidth=0)
            axes.text((left + right) / 2, top * 0.98, label, ha="center", va="top", rotation=90,
                      fontsize=7, color="#555555", clip_on=True, zorder=1)
        axes.set_title("solo rating bands shaded", fontsize=8, loc="right", color="#555555")

    axes.set_xlabel("score")
    axes.set_ylabel("games")
    if title is None and not isinstance(result, Mapping):
        title = f"{_describe(game) if game is not None else result.game}: {result.games} games"
    if title:
        axes.set_title(title, fontsize=10, loc="left")
    axes.yaxis.set_major_locator(MaxNLocator(integer=True))
    figure.legend(loc="outside right upper", fontsize=8, title="bot", title_fontsize=8)
    if path is not None:
        figure.savefig(path)
    return figure
