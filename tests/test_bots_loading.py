"""Bots from outside the project, named ``module:Class``, in the API and on the command line."""

import json
import sys
import textwrap

import pytest
from typer.testing import CliRunner

from dicehall.bots import hint, make_bot
from dicehall.cli import app
from dicehall.engine import GameRecord, OptionError, make_game
from dicehall.sim import simulate, tournament

runner = CliRunner()

BOT_MODULE = '''
from dicehall.bots.base import SearchBot


class FirstBot:
    """Always the first legal action (or the one at ``pick``)."""

    name = "first"

    def __init__(self, pick=0):
        self.pick = pick

    def choose(self, state, seat, rng):
        actions = state.legal_action_ids(seat)
        return actions[min(self.pick, len(actions) - 1)]


def make_first():
    return FirstBot()


class FirstSearch(SearchBot):
    name = "first-search"

    def analyse(self, state, seat, rng):
        from dicehall.bots.mcts import MCTSBot
        return MCTSBot(iterations=20).analyse(state, seat, rng)


class NoChoose:
    pass


class Grumpy:
    def __init__(self):
        raise RuntimeError("not today")


NUMBER = 3
'''


@pytest.fixture
def bot_module(tmp_path, monkeypatch):
    """A module ``mybots`` in a package ``labbots`` on ``sys.path``, and its folder."""
    package = tmp_path / "labbots"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "mybots.py").write_text(textwrap.dedent(BOT_MODULE))
    (tmp_path / "broken.py").write_text("import not_a_module_anywhere\n")
    (tmp_path / "syntax.py").write_text("def (:\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    yield tmp_path
    for name in ("labbots", "labbots.mybots", "broken", "syntax"):
        sys.modules.pop(name, None)


def test_a_class_or_a_factory_is_made_with_its_parameters(bot_module):
    bot = make_bot("labbots.mybots:FirstBot:pick=2")
    assert type(bot).__name__ == "FirstBot" and bot.pick == 2
    assert type(make_bot("labbots.mybots:make_first")).__name__ == "FirstBot"


@pytest.mark.parametrize("name, message", [
    ("labbots.nothing:X", "no module named 'labbots.nothing'"),
    ("labbots.mybots:Missing", "module 'labbots.mybots' has no attribute 'Missing'"),
    ("labbots.mybots:NUMBER", "labbots.mybots.NUMBER is not a class or a function"),
    ("labbots.mybots:NoChoose", "made a NoChoose, which is not a bot: it has no choose"),
    ("labbots.mybots:Grumpy", "making it failed: RuntimeError: not today"),
    ("labbots.mybots:FirstBot:colour=3", "making it failed: TypeError:"),
    ("labbots.mybots:FirstBot:pick", "'pick' is not key=value"),
    ("broken:Bot", "importing 'broken' failed: No module named 'not_a_module_anywhere'"),
    ("syntax:Bot", "importing 'syntax' failed: SyntaxError:"),
    ("labbots.mybots:", "name a module and a class as module:Class"),
])
def test_bad_names_say_what_is_wrong(bot_module, name, message):
    with pytest.raises(OptionError, match="^bot .*" + message.replace("(", r"\(").replace(")", r"\)")):
        make_bot(name)


def test_registered_bots_with_parameters_are_not_imports():
    assert make_bot("mcts:iterations=7").iterations == 7
    with pytest.raises(OptionError, match="or module:Class for a bot of your own"):
        make_bot("wizard")


def test_an_imported_bot_plays_simulations_in_worker_processes_and_tournaments(bot_module):
    game = make_game("dizzle", players=2)
    names = ["greedy", "labbots.mybots:FirstBot"]
    here = simulate(game, names, games=4, seed=3)
    spread = simulate(game, names, games=4, seed=3, workers=2)
    assert here.scores == spread.scores, "the workers import the bot's module too"
    league = tournament(game, names, games=4, seed=3)
    assert [stats.bot for stats in league.stats] == names


def test_an_imported_search_bot_gives_hints_and_a_plain_bot_cannot(bot_module):
    import dicehall

    state = dicehall.new_game("razzle", players=2, seed=1).state
    assert hint(state, bot="labbots.mybots:FirstSearch").visits > 0
    with pytest.raises(OptionError, match="does not search"):
        hint(state, bot="labbots.mybots:FirstBot")


def test_the_commands_take_imported_bots_from_the_current_folder(tmp_path, monkeypatch):
    (tmp_path / "herebot.py").write_text(textwrap.dedent(BOT_MODULE))
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "path", [p for p in sys.path if p not in ("", str(tmp_path))])
    monkeypatch.delitem(sys.modules, "herebot", raising=False)
    result = runner.invoke(app, ["simulate", "dizzle", "--bots", "greedy,herebot:FirstBot",
                                 "-n", "2", "-w", "1", "--json"])
    assert result.exit_code == 0, result.output
    assert [s["bot"] for s in json.loads(result.output)["seats"]] == ["greedy", "herebot:FirstBot"]
    result = runner.invoke(app, ["tournament", "dizzle", "--bots", "herebot:FirstBot,random",
                                 "-n", "2", "-w", "1", "--json"])
    assert result.exit_code == 0, result.output
    sys.modules.pop("herebot", None)


def test_the_hint_command_takes_an_imported_search_bot(bot_module, tmp_path):
    records = tmp_path / "records"
    assert runner.invoke(app, ["simulate", "dizzle", "--bots", "random", "-n", "1", "-w", "1",
                               "--records", str(records)]).exit_code == 0
    path = next(records.glob("*.record.json"))
    steps = next(i for i, e in enumerate(GameRecord.load(path).entries) if e.seat is not None)
    result = runner.invoke(app, ["hint", str(path), "--upto", str(steps), "--bot",
                                 "labbots.mybots:FirstSearch", "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["visits"] > 0


@pytest.mark.parametrize("command", ["simulate", "tournament"])
def test_bad_imported_bots_on_the_command_line_are_one_line_errors(bot_module, command):
    result = runner.invoke(app, [command, "dizzle", "--bots", "greedy,labbots.mybots:NoChoose", "-n", "2"])
    assert result.exit_code == 2
    assert result.output.count("\n") == 1 and "Traceback" not in result.output
    assert "error: bot 'labbots.mybots:NoChoose':" in result.output
