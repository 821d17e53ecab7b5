"""Score distribution pictures: PNG files, solo rating bands behind the bars."""

import json
import math

import pytest
from typer.testing import CliRunner

from dicehall.cli import app
from dicehall.engine import make_game
from dicehall.sim import plot_scores, rating_bands, simulate, tournament
from dicehall.sim.plots import band_spans

PNG = b"\x89PNG\r\n\x1a\n"
runner = CliRunner()


def texts(figure):
    return [text.get_text() for axes in figure.axes for text in axes.texts]


def test_a_two_player_simulation_draws_a_png_without_bands(tmp_path):
    result = simulate(make_game("dizzle", players=2), ["greedy", "random"], games=6, seed=1)
    path = tmp_path / "two.png"
    figure = plot_scores(result, path)
    assert path.read_bytes().startswith(PNG)
    assert texts(figure) == [], "no rating bands for a game with two players"
    legend = figure.legends[0]
    assert [text.get_text() for text in legend.get_texts()] == ["greedy", "random"]


def test_a_solo_game_draws_its_rating_bands_behind_the_histograms(tmp_path):
    game = make_game("dizzle", players=1, level=1)
    result = tournament(game, ["greedy", "random"], games=4, seed=2)
    path = tmp_path / "solo.png"
    figure = plot_scores(result, path)
    assert path.read_bytes().startswith(PNG)
    labels = {band.label for band in game.sheet.solo_rating}
    drawn = texts(figure)
    assert drawn and set(drawn) <= labels
    scores = [score for scores in result.scores_by_bot().values() for score in scores]
    for score in scores:   # the band of every score is labelled
        label = next(band.label for band in game.sheet.solo_rating if band.min is None or score >= band.min)
        assert label in drawn


def test_noch_mal_solo_bands_and_none_for_razzle(tmp_path):
    game = make_game("nochmal", players=1, edition="classic")
    result = simulate(game, ["greedy"], games=2, seed=1)
    assert texts(plot_scores(result, tmp_path / "n.png"))
    assert rating_bands(game) == game.sheet.solo_rating
    assert rating_bands(make_game("razzle")) == ()


def test_bands_span_from_their_minimum_to_the_next():
    bands = make_game("dizzle", players=1).sheet.solo_rating
    spans = band_spans(bands)
    assert spans[0][0] == -math.inf and spans[-1][1] == math.inf
    assert spans[-1] == (bands[0].min - 0.5, math.inf, bands[0].label)
    assert spans[0] == (-math.inf, bands[-2].min - 0.5, bands[-1].label)
    for (_, high, _), (low, _, _) in zip(spans, spans[1:]):
        assert high == low


def test_plain_scores_by_bot_and_nothing_to_plot(tmp_path):
    figure = plot_scores({"x": [1, 2, 2, 3], "y": [5]}, tmp_path / "plain.png", title="plain")
    assert (tmp_path / "plain.png").read_bytes().startswith(PNG)
    assert figure.axes[0].get_title(loc="left") == "plain"
    with pytest.raises(ValueError, match="no scores"):
        plot_scores({"x": []})


@pytest.mark.parametrize("command, args", [
    ("simulate", ["dizzle", "--bots", "greedy,random"]),
    ("tournament", ["dizzle", "-p", "1", "--bots", "greedy,random"]),
])
def test_the_commands_write_the_plot(tmp_path, command, args):
    path = tmp_path / "plot.png"
    result = runner.invoke(app, [command, *args, "-n", "4", "-w", "1", "--plot", str(path), "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["games"] == 4, "--json prints only the JSON object"
    assert path.read_bytes().startswith(PNG)


def test_discrete_scores_get_a_bar_per_score_and_a_win_rate_panel_with_intervals():
    from matplotlib.patches import Rectangle

    result = tournament(make_game("razzle", players=2), ["greedy", "random"], games=8, seed=1)
    figure = plot_scores(result)
    scores, rates = figure.axes
    bars = [patch for patch in scores.patches if isinstance(patch, Rectangle)]
    values = [score for bot in result.scores_by_bot().values() for score in bot]
    span = range(min(values), max(values) + 1)
    assert len(bars) == 2 * len(span), "one bar per score and bot"
    assert list(scores.get_xticks()) == list(span)
    assert scores.get_xlim() == (min(values) - 0.5, max(values) + 0.5)
    assert "Razzle-Dazzle" in scores.get_title(loc="left")
    assert [label.get_text() for label in rates.get_yticklabels()] == ["greedy", "random"]
    assert rates.get_xlim() == (0, 1) and rates.get_xlabel() == "win rate (95% CI)"
    drawn = [x for line in rates.lines for x in line.get_xdata()]
    for stats in result.stats:
        assert any(abs(x - stats.win_rate) < 1e-3 for x in drawn)
        assert any(abs(x - stats.win_rate_low) < 1e-3 for x in drawn)
        assert any(abs(x - stats.win_rate_high) < 1e-3 for x in drawn)


def test_wide_scores_stay_histograms_and_solo_has_no_win_rate_panel():
    solo = plot_scores(simulate(make_game("dizzle", players=1), ["greedy"], games=3, seed=1))
    assert len(solo.axes) == 1
    assert not solo.axes[0].containers, "no bar containers: histograms"
    assert solo.axes[0].patches


def test_the_title_names_the_edition():
    figure = plot_scores(simulate(make_game("nochmal", players=2, edition="classic"), ["greedy"], games=1))
    title = figure.axes[0].get_title(loc="left")
    assert title.startswith("Noch mal!") and "so gut" not in title


def test_rating_band_labels_stand_above_the_bars():
    game = make_game("dizzle", players=1, level=1)
    figure = plot_scores(tournament(game, ["greedy", "random"], games=6, seed=3))
    axes = figure.axes[0]
    renderer = figure.canvas.get_renderer()
    figure.draw(renderer)
    top_of_bars = axes.transData.transform((0, axes.dataLim.y1))[1]
    labels = [text for text in axes.texts if text.get_text()]
    assert labels
    for text in labels:
        box = text.get_window_extent(renderer)
        assert box.y0 > top_of_bars, f"{text.get_text()!r} overlaps the bars"
        assert box.y1 <= axes.get_window_extent(renderer).y1 + 1, f"{text.get_text()!r} leaves the axes"
