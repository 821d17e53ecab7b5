"""Bots: agents that play any game through the engine API only.

A bot chooses an action id for a seat that has to decide::

    bot = make_bot("greedy")
    action_id = bot.choose(state, seat, rng)
"""

from .base import Bot, bot_names, make_bot
from .greedy import GreedyBot
from .random_bot import RandomBot

__all__ = ["Bot", "GreedyBot", "RandomBot", "bot_names", "make_bot"]
