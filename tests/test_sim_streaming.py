"""Finished games are handed on one by one, not per batch: a run stopped at
any moment has written (``--per-game-csv``) every game before the first one
still being played. The bots below hold every game after a process's first
ones until the run has handed on a game, which a run that hands games on per
batch never does (its first batch cannot end), so it would fail here."""

import sys
import textwrap

import pytest

from dicehall.engine.registry import make_game
from dicehall.sim import runner as runner_module
from dicehall.sim import simulate
from dicehall.sim.runner import InOrder, run_games

GATED_BOT = '''
import os
import time
from pathlib import Path

made = 0


class Gated:
    """Plays the first legal action; in each process, the bots after the
    first two (in the run's own process, the first is the one the run makes
    to check the name) wait until the file $DICEHALL_TEST_GATE exists."""

    def __init__(self):
        global made
        made += 1
        gate = Path(os.environ["DICEHALL_TEST_GATE"])
        give_up = time.monotonic() + 120
        while made > 2 and not gate.exists():
            if time.monotonic() > give_up:
                raise TimeoutError("no game was handed on before the batch's last one")
            time.sleep(0.01)

    def choose(self, state, seat, rng):
        return state.legal_action_ids(seat)[0]
'''


@pytest.fixture
def gated(tmp_path, monkeypatch):
    (tmp_path / "gatedbot.py").write_text(textwrap.dedent(GATED_BOT))
    monkeypatch.syspath_prepend(str(tmp_path))
    gate = tmp_path / "gate"
    monkeypatch.setenv("DICEHALL_TEST_GATE", str(gate))
    yield gate
    sys.modules.pop("gatedbot", None)


@pytest.mark.parametrize("workers", [1, 2])
def test_games_are_handed_on_before_their_batch_ends(gated, workers, monkeypatch):
    monkeypatch.setattr(runner_module, "POLL_SECONDS", 0.05)
    handed = []

    def on_result(result):
        handed.append(result.index)
        if len(handed) == 1:
            gated.touch()

    games = 40     # batches of 25 on one core, of 5 on two
    result = simulate(make_game("dizzle", players=1), ["gatedbot:Gated"], games=games, seed=1,
                      workers=workers, on_result=on_result)
    assert handed == list(range(games)) and result.games == games


def test_games_that_come_back_out_of_order_are_handed_on_in_order():
    arrived = InOrder([3, 4, 6, 7])
    results = {index: runner_module.GameResult(index, ("a",), (index,), (1,)) for index in (3, 4, 6, 7)}
    arrived.add(results[6], None)
    arrived.add(results[4], None)
    assert arrived.ready() == []
    arrived.add(results[3], None)
    assert [result.index for result, _ in arrived.ready()] == [3, 4, 6], "5 is not one of the run's"
    assert arrived.ready() == []
    arrived.add(results[7], None)
    assert [result.index for result, _ in arrived.ready()] == [7] and not arrived.waiting


def test_records_come_with_their_games_from_worker_processes():
    game = make_game("razzle", players=2)
    here, spread = {}, {}
    run_games(game, ["greedy", "random"], 6, seed=2, on_record=here.__setitem__)
    run_games(game, ["greedy", "random"], 6, seed=2, workers=2, on_record=spread.__setitem__)
    assert list(spread) == list(range(6))
    assert {i: r.to_json() for i, r in spread.items()} == {i: r.to_json() for i, r in here.items()}
