"""Bots: agents that play any game through the engine API only.

A bot chooses an action id for a seat that has to decide::

    bot = make_bot("hard")
    action_id = bot.choose(state, seat, rng)

Bots: ``random``, ``greedy``, ``learned``, ``mcts``, ``rollout`` and the difficulty levels ``easy``,
``medium``, ``hard`` (see :mod:`.levels`); :func:`hint` recommends an action.
"""

from .base import Bot, bot_names, make_bot
from .greedy import GreedyBot
from .learned import LearnedBot
from .levels import LEVELS, Hint, hint
from .mcts import MCTSBot
from .random_bot import RandomBot
from .rollout import RolloutBot

__all__ = ["LEVELS", "Bot", "GreedyBot", "Hint", "LearnedBot", "MCTSBot", "RandomBot", "RolloutBot",
           "bot_names", "hint", "make_bot"]
