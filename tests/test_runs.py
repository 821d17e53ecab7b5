"""The long runs kept in docs/runs can be resumed: their rows are their
command's games, and their levels still play what they played (docs/runs/README.md)."""

import shlex
import tomllib
from pathlib import Path

import pytest

from dicehall.bots import make_bot
from dicehall.engine.registry import make_game
from dicehall.sim.rows import read_rows
from dicehall.sim.runner import check_resumed

RUNS = Path(__file__).parent.parent / "docs" / "runs"
ENTRIES = tomllib.loads((RUNS / "runs.toml").read_text())["run"]


def command_args(command: str) -> dict:
    """The game, options, bots, players, games and seed of a ``dicehall tournament``
    or ``dicehall simulate`` command, and whether it rotates the seats (a tournament)."""
    words = shlex.split(command)
    assert words[0] == "dicehall" and words[1] in ("tournament", "simulate"), command
    pairs = list(zip(words[3::2], words[4::2]))
    flags = dict(pairs)
    options = dict(value.split("=", 1) for flag, value in pairs if flag == "-o")
    return {"game": words[2], "options": options, "bots": flags["--bots"].split(","),
            "players": int(flags["-p"]), "games": int(flags["--games"]), "seed": int(flags["--seed"]),
            "rotate": words[1] == "tournament"}


@pytest.mark.parametrize("entry", ENTRIES, ids=lambda entry: entry["file"])
def test_a_kept_run_is_its_commands_games(entry):
    args = command_args(entry["command"])
    results = read_rows(RUNS / entry["file"], args["players"])
    assert results, f"{entry['file']} has no games"
    check_resumed(results, args["bots"], args["players"], 0, args["games"], rotate=args["rotate"])
    assert len({result.index for result in results}) == len(results)


@pytest.mark.parametrize("entry", ENTRIES, ids=lambda entry: entry["file"])
def test_a_kept_runs_levels_play_as_when_it_began(entry):
    args = command_args(entry["command"])
    game = make_game(args["game"], players=args["players"], **args["options"])
    assert set(entry["levels"]) == set(args["bots"])
    for level, played in entry["levels"].items():
        # a level the game does not name (easy) is a bot of its own in every game
        now = game.levels[level] if level in game.levels else make_bot(level).name
        assert now == played, (
            f"{entry['file']}: {level} now plays {now}, the run began with {played}:"
            " start the run again in a new file (docs/runs/README.md)")

