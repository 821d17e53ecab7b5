"""Finished games are handed on one by one, not per batch: a run stopped at
any moment has written (``--per-game-csv``) every game before the first one
still being played. The bots below hold every game after a process's first
ones until the run has handed on a game, which a run that hands games on per
batch never does (its first batch cannot end), so it would fail here. And a
run stopped (Ctrl-C) or killed takes its worker processes with it at once."""

import os
import signal
import subprocess
import sys
import textwrap
import time

import pytest

from dicehall.engine.registry import make_game
from dicehall.sim import runner as runner_module
from dicehall.sim import simulate
from dicehall.sim.runner import InOrder, run_games
from process_helpers import alive, wait_until_gone

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


STUCK_BOT = '''
import os
import time
from pathlib import Path


class Stuck:
    """Says which process plays it, then thinks for two minutes."""

    def choose(self, state, seat, rng):
        Path(os.environ["DICEHALL_TEST_PIDS"], str(os.getpid())).touch()
        time.sleep(120)
        return state.legal_action_ids(seat)[0]
'''

RUN = """
from dicehall.engine.registry import make_game
from dicehall.sim import simulate

if __name__ == "__main__":
    simulate(make_game("dizzle", players=1), ["stuckbot:Stuck"], games=8, seed=1, workers=2)
"""


def test_a_killed_runs_workers_exit_rather_than_play_on(tmp_path):
    """``kill -9`` of a run on two workers: both exit within
    seconds, rather than play out their batches and then wait for good on a
    pipe no one reads (``dicehall/orphans.py``)."""
    (tmp_path / "stuckbot.py").write_text(textwrap.dedent(STUCK_BOT))
    (tmp_path / "run.py").write_text(RUN)
    pids = tmp_path / "pids"
    pids.mkdir()
    env = {**os.environ, "DICEHALL_TEST_PIDS": str(pids),
           "PYTHONPATH": os.pathsep.join([str(tmp_path), os.environ.get("PYTHONPATH", "")])}
    run = subprocess.Popen([sys.executable, str(tmp_path / "run.py")], env=env, cwd=tmp_path)
    try:
        deadline = time.monotonic() + 120
        while len(list(pids.iterdir())) < 2 and time.monotonic() < deadline and run.poll() is None:
            time.sleep(0.05)
        workers = [int(path.name) for path in pids.iterdir()]
        assert len(workers) == 2 and run.pid not in workers and all(alive(pid) for pid in workers)
    finally:
        run.send_signal(signal.SIGKILL)
        run.wait()
    gone = wait_until_gone(workers)
    for pid in filter(alive, workers):      # a failing run leaves none behind
        os.kill(pid, signal.SIGKILL)
    assert gone, "a worker outlived its run"


SLOW_BOT = '''
import time

made = 0


class SlowAfterOne:
    """In each process, plays its first game at once (the run's own process
    makes one bot to check the name) and thinks two minutes a move after that."""

    def __init__(self):
        global made
        made += 1
        self.slow = made > 1

    def choose(self, state, seat, rng):
        if self.slow:
            time.sleep(120)
        return state.legal_action_ids(seat)[0]
'''

INTERRUPTED = """
from dicehall.engine.registry import make_game
from dicehall.sim import simulate

def stop(result):
    print(result.index, flush=True)
    raise KeyboardInterrupt

if __name__ == "__main__":
    try:
        simulate(make_game("dizzle", players=1), ["slowbot:SlowAfterOne"], games=8, seed=1,
                 workers=2, on_result=stop)
    except KeyboardInterrupt:
        print("stopped", flush=True)
"""


def test_an_interrupted_run_stops_at_once_and_ends_its_workers(tmp_path):
    """Ctrl-C in the run's process (here: ``on_result`` raises it after the
    first game): the run stops without waiting for the batches its workers
    are playing, which here would take hours, and ends them."""
    (tmp_path / "slowbot.py").write_text(textwrap.dedent(SLOW_BOT))
    (tmp_path / "run.py").write_text(INTERRUPTED)
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(tmp_path), os.environ.get("PYTHONPATH", "")])}
    run = subprocess.Popen([sys.executable, str(tmp_path / "run.py")], env=env, cwd=tmp_path,
                           stdout=subprocess.PIPE, text=True)
    try:
        out, _ = run.communicate(timeout=100)
    finally:
        run.kill()
    assert out.split() == ["0", "stopped"]
