"""A bot's game of a daily challenge: the score to beat, on the day's dice."""

from __future__ import annotations

import random
from collections.abc import Callable
from datetime import date

from ..engine.daily import Challenge, challenge
from ..engine.match import Match
from .base import make_bot


def played_by(found: Challenge, bot: str, progress: Callable[[], None] | None = None) -> Match:
    """``bot`` plays the challenge to its end (``progress`` after each decision)."""
    match, player = found.match(), make_bot(bot)
    rng = random.Random(found.seed)
    while not match.is_over():
        match.play(player.choose(match.state, 0, rng), 0)
        if progress:
            progress()
    return match


def bot_game_json(game: str, day: str, bot: str) -> dict:
    """The score and record of ``bot``'s game of ``game``'s challenge of ``day``
    (plain data: the server makes it in a worker process)."""
    match = played_by(challenge(game, date.fromisoformat(day)), bot)
    return {"bot": bot, "score": match.scores()[0], "record": match.record([bot]).to_json()}
