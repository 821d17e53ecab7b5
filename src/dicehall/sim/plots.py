"""Score distributions as pictures (matplotlib, drawn off screen with Agg).

:func:`plot_scores` draws every bot's scores — a bar per score where they take
few values (Razzle-Dazzle's 0-3), else a histogram — and, with several players,
a panel of win rates with their 95% intervals; for a solo game (one player)
the game's solo rating bands, where it has them, are shaded behind the bars
and labelled in head room above them. The figure is made without ``pyplot``, so no
window opens and the global matplotlib backend is left alone.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..engine.registry import make_game
from .stats import Tally, tally_bots

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

    from ..engine.game import Game

#: the most histogram bars across the score range
MAX_BINS = 40

#: scores spanning fewer values than this get one bar per score (per bot)
MAX_BARS = 16


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


def _discrete(values: Sequence[int], game: Game | None) -> bool:
    """Whether the scores can take few enough values to draw a bar per score:
    by the game's score bounds where it states them, else by the scores seen."""
    bounds = game.score_bounds() if game is not None else None
    low, high = bounds if bounds is not None else (min(values), max(values))
    return high - low < MAX_BARS


def _draw_bars(axes: Axes, by_bot: Mapping[str, list[int]], colours: Sequence[str]) -> list[float]:
    """Side-by-side bars, one per bot at every score; the x range they cover."""
    values = [score for scores in by_bot.values() for score in scores]
    low, high = min(values), max(values)
    width = 0.8 / len(by_bot)
    for number, (bot, scores) in enumerate(by_bot.items()):
        counts = Counter(scores)
        xs = [score - 0.4 + width * (number + 0.5) for score in range(low, high + 1)]
        axes.bar(xs, [counts[score] for score in range(low, high + 1)], width=width, label=bot,
                 color=colours[number % len(colours)], alpha=0.75, zorder=2)
    axes.set_xticks(range(low, high + 1))
    return [low - 0.5, high + 0.5]


def _draw_histograms(axes: Axes, by_bot: Mapping[str, list[int]], colours: Sequence[str]) -> list[float]:
    """Overlaid step histograms, one per bot; the bin edges."""
    edges = _edges([score for scores in by_bot.values() for score in scores])
    for number, (bot, scores) in enumerate(by_bot.items()):
        colour = colours[number % len(colours)]
        axes.hist(scores, bins=edges, label=bot, histtype="stepfilled", alpha=0.4, color=colour, zorder=2)
        axes.hist(scores, bins=edges, histtype="step", color=colour, linewidth=1.2, zorder=3)
    return edges


def _draw_bands(axes: Axes, bands: Sequence[Any], view: tuple[float, float]) -> None:
    """Shade the rating bands and label them in head room above the highest bar,
    which is made tall enough for the longest label (measured once drawn)."""
    tallest = axes.dataLim.y1 or 1
    base = tallest * 1.04
    shades = ("#dbe9f6", "#f6ecd6")
    labels = []
    for number, (low, high, label) in enumerate(band_spans(bands)):
        left, right = max(low, view[0]), min(high, view[1])
        if left >= right:
            continue
        axes.axvspan(left, right, color=shades[number % 2], zorder=0, linewidth=0)
        labels.append(axes.text((left + right) / 2, base, label, ha="center", va="bottom", rotation=90,
                                fontsize=7, color="#555555", zorder=1))
    axes.set_ylim(0, base * 1.1)
    figure = axes.get_figure()
    renderer = figure.canvas.get_renderer()
    figure.draw_without_rendering()
    longest = max((text.get_window_extent(renderer).height for text in labels), default=0)
    height = axes.get_window_extent(renderer).height
    share = min(0.6, longest / height * 1.1) if height else 0.3
    axes.set_ylim(0, base / (1 - share))
    axes.set_title("solo rating bands shaded", fontsize=8, loc="right", color="#555555")


def _draw_win_rates(axes: Axes, tallies: Mapping[str, Tally], colours: Sequence[str]) -> None:
    """Each bot's win rate with its 95% Wilson interval, as a point and a bar."""
    for number, (bot, tally) in enumerate(tallies.items()):
        low, high = tally.win_interval()
        axes.errorbar([tally.win_rate], [number], xerr=[[tally.win_rate - low], [high - tally.win_rate]],
                      fmt="o", color=colours[number % len(colours)], capsize=4)
    axes.set_yticks(range(len(tallies)), list(tallies))
    axes.set_ylim(len(tallies) - 0.5, -0.5)
    axes.set_xlim(0, 1)
    axes.set_xlabel("win rate (95% CI)")
    axes.grid(axis="x", alpha=0.3)


def plot_scores(result: Any, path: str | Path | None = None, *, game: Game | None = None,
                title: str | None = None) -> Figure:
    """Draw the score distribution of every bot in ``result``, and beside it,
    for a game of several players, every bot's win rate with its 95% interval.

    ``result`` is a :class:`~dicehall.sim.SimulationResult`, a
    :class:`~dicehall.sim.TournamentResult` or a mapping of bot name to scores
    (then without the win rates). Scores of a game whose score bounds span
    fewer than ``MAX_BARS`` values (Razzle-Dazzle's 0-3) are drawn as a bar per
    score, wider ranges as histograms. For a solo game (one player) the solo rating bands of ``game``
    (by default rebuilt from the result's game and options) are shaded behind
    the bars, labelled above them. The title names the game by its edition's
    own name (``Game.describe()``). The picture is written to ``path`` (PNG,
    or any format matplotlib knows by the suffix) if given; the
    :class:`matplotlib.figure.Figure` is returned.
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

    solo = game is not None and game.num_players == 1
    panel = not isinstance(result, Mapping) and not solo
    figure = Figure(figsize=(11 if panel else 9, 5), dpi=100, layout="constrained")
    FigureCanvasAgg(figure)
    if panel:
        axes, rates = figure.subplots(1, 2, width_ratios=(3, 1))
    else:
        axes = figure.add_subplot()
    colours = matplotlib.rcParams["axes.prop_cycle"].by_key().get("color", ["C0"])
    discrete = _discrete(values, game)
    edges = (_draw_bars if discrete else _draw_histograms)(axes, by_bot, colours)
    pad = 0.0 if discrete else max(2.0, 0.05 * (edges[-1] - edges[0]))
    view = (edges[0] - pad, edges[-1] + pad)
    axes.set_xlim(*view)
    if solo:
        _draw_bands(axes, rating_bands(game), view)
    if panel:
        _draw_win_rates(rates, tally_bots(result.results, list(by_bot)), colours)

    axes.set_xlabel("score")
    axes.set_ylabel("games")
    if title is None and not isinstance(result, Mapping):
        title = f"{game.describe() if game is not None else result.game}: {result.games} games"
    if title:
        axes.set_title(title, fontsize=10, loc="left")
    axes.yaxis.set_major_locator(MaxNLocator(integer=True))
    figure.legend(loc="outside right upper", fontsize=8, title="bot", title_fontsize=8)
    if path is not None:
        figure.savefig(path)
    return figure
