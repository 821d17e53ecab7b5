"""The learned evaluation (``dicehall.bots.learned``, ``dicehall train``): a
tiny training run learns (its bot beats the untrained value, which plays at
random), model files round-trip and bad ones are
refused by name, shipped models load and play legal actions, and a sheet of
one's own falls back to the greedy bot."""

import random
import statistics

import numpy as np
import pytest
from typer.testing import CliRunner

from dicehall.bots import make_bot
from dicehall.bots.greedy import greedy_choice
from dicehall.bots.learned import MODELS, ValueModel, exploring, model_key, play_game, shipped_model, train
from dicehall.cli import app
from dicehall.engine import make_game


@pytest.fixture(scope="module")
def tiny():
    game = make_game("dizzle", players=1, level=1)
    return game, train(game, iterations=2, games=40, evaluation=20, seed=1)


def test_a_tiny_training_run_learns_to_play(tiny):
    game, made = tiny
    model = made.model
    untrained = ValueModel(game.name, game.record_options(), np.zeros_like(model.weights))
    seeds = [random.Random(f"e:{k}") for k in range(20)]
    learned = [play_game(game, exploring(model, 0.0), random.Random(f"e:{k}"))[0] for k in range(20)]
    before = [play_game(game, exploring(untrained, 0.0), rng)[0] for rng in seeds]
    assert statistics.mean(learned) > statistics.mean(before) + 5, (learned, before)
    assert len(made.curve) == 2 and model.trained["curve"] == made.curve
    assert min(made.curve) > statistics.mean(before)


def test_model_files_round_trip_and_bad_ones_are_refused_by_name(tiny, tmp_path):
    game, made = tiny
    path = tmp_path / "m.npz"
    made.model.save(path)
    read = ValueModel.load(path)
    state = game.new_initial_state()
    while state.is_chance():
        state.apply_outcome(state.sample_chance(random.Random(0)))
    assert read.value(state, 0) == pytest.approx(made.model.value(state, 0), abs=1e-3)
    assert read.trained["games"] == 40
    (tmp_path / "junk.npz").write_bytes(b"not a model")
    with pytest.raises(ValueError, match="junk.npz: not a dicehall model"):
        ValueModel.load(tmp_path / "junk.npz")
    wrong = ValueModel("dizzle", {"players": 2, "level": 1}, made.model.weights)
    wrong.save(tmp_path / "wrong.npz")
    with pytest.raises(ValueError, match="wrong.npz: .* weights, the encoding has"):
        ValueModel.load(tmp_path / "wrong.npz")


def test_every_shipped_model_loads_and_its_bot_plays_legal_actions():
    files = sorted(MODELS.glob("*.npz"))
    assert files, "models are shipped"
    for path in files:
        model = ValueModel.load(path)
        game = make_game(model.game, **model.options)
        assert model_key(game) == path.stem and shipped_model(game) is not None
        state, rng = game.new_initial_state(), random.Random(3)
        while state.is_chance():
            state.apply_outcome(state.sample_chance(rng))
        seat = state.deciders()[0]
        assert make_bot("learned").choose(state, seat, rng) in state.legal_action_ids(seat)


def test_a_sheet_of_ones_own_has_no_model_and_plays_greedily():
    from dicehall.games.datafile import read_packaged
    data = read_packaged("dicehall.games.dizzle", "levels/level1.toml")
    game = make_game("dizzle", players=1, sheet=data)
    assert model_key(game) is None and shipped_model(game) is None
    state, rng = game.new_initial_state(), random.Random(2)
    while state.is_chance():
        state.apply_outcome(state.sample_chance(rng))
    assert make_bot("learned").choose(state, 0, random.Random(5)) == greedy_choice(state, 0, random.Random(5))


def test_the_train_command_writes_a_model_and_a_curve(tmp_path):
    out, plot = tmp_path / "model.npz", tmp_path / "curve.png"
    result = CliRunner().invoke(app, ["train", "razzle", "-p", "2", "--iterations", "1", "--games", "4",
                                      "--evaluation", "2", "--out", str(out), "--plot", str(plot)])
    assert result.exit_code == 0, result.output
    assert "round 1: mean score" in result.output and ValueModel.load(out).game == "razzle"
    assert plot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_solo_dizzle_on_a_shipped_sheet_plays_hard_and_expert_by_the_learned_value():
    from dicehall.engine.game import Game

    solo = make_game("dizzle", players=1, level=3)
    assert solo.levels["hard"].startswith("lookahead") and solo.levels["expert"].startswith("lookahead")
    assert make_game("dizzle", players=2, level=3).levels == Game.levels
    own = make_game("dizzle", players=1, sheet=make_game("dizzle", level=3).sheet.data)
    assert own.levels == Game.levels                          # no model for a sheet of one's own


def test_a_hint_from_the_lookahead_ranks_legal_actions_by_expected_score():
    from dicehall.bots import hint

    game = make_game("dizzle", players=1, level=1)
    state, rng = game.new_initial_state(), random.Random(2)
    while state.is_chance():
        state.apply_outcome(state.sample_chance(rng))
    advice = hint(state, 0, seed=3)
    legal = {str(game.action_from_id(a)) for a in state.legal_action_ids(0)}
    assert str(advice.action) in legal and all(str(a) in legal for a, _, _ in advice.alternatives)
    values = [advice.value, *(value for _, value, _ in advice.alternatives)]
    assert values == sorted(values, reverse=True) and 0.2 < advice.value < 1.5   # a solo score / 100
