"""Tournaments: several bots over many games with rotating seats.

Game *i* seats the bots as :func:`dicehall.sim.rotation.seating` says (every bot
plays every seat equally often over each :func:`rotation_length` games; with
more bots than seats, every subset of bots takes its turn) and uses
``random.Random(f"{seed}:{i}")`` like :func:`dicehall.sim.simulate`, so the
results are the same for any number of worker processes.
"""

from __future__ import annotations

import csv
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path

from ..engine.errors import OptionError
from ..engine.game import Game
from ..engine.record import GameRecord
from .rotation import full_cycle_length, rotation_length
from .runner import GameResult, run_games
from .simulate import SavedRun, check_mergeable, merged_seed, saved_results
from .stats import Tally, head_to_head, tally_bots


@dataclass
class BotStats:
    """One bot's results in a tournament.

    ``wins`` counts a shared win as a fraction (1/k for k winners);
    ``win_rate_low``/``win_rate_high`` are the 95% Wilson score interval of
    ``win_rate``; ``stdev_score`` is the population standard deviation;
    ``seats[s]`` is how many games the bot played in seat ``s``."""

    bot: str
    games: int
    wins: float
    win_rate: float
    win_rate_low: float
    win_rate_high: float
    mean_score: float
    stdev_score: float
    seats: list[int]

    @classmethod
    def of(cls, bot: str, tally: Tally, players: int) -> BotStats:
        """The rounded statistics of a bot's exact :class:`Tally`."""
        low, high = tally.win_interval()
        mean, stdev = tally.mean_and_stdev()
        seats = tally.seats + [0] * (players - len(tally.seats))
        return cls(bot, tally.games, round(float(tally.wins), 3), round(tally.win_rate, 4), round(low, 4),
                   round(high, 4), round(mean, 3), round(stdev, 3), seats)


#: the columns of :meth:`TournamentResult.write_csv`, one row per bot
BOT_FIELDS = ("bot", "games", "wins", "win_rate", "win_rate_low", "win_rate_high",
              "mean_score", "stdev_score")


@dataclass
class TournamentResult(SavedRun):
    """A tournament: per-bot statistics, the head-to-head table and every game.

    ``head_to_head[a][b]`` is ``{"games": n, "ahead": x}``: in the ``n`` games
    where both ``a`` and ``b`` played, ``a`` finished ahead of ``b`` ``x`` times
    (a tie on place counts one half)."""

    game: str
    options: dict
    players: int
    bots: list[str]
    games: int
    seed: int | str
    seconds: float
    rotation_length: int
    stats: list[BotStats]
    head_to_head: dict[str, dict[str, dict[str, float]]]
    results: list[GameResult] = field(default_factory=list)

    @classmethod
    def of(cls, game: str, options: dict, players: int, bots: Sequence[str], seed: int | str,
           seconds: float, results: Sequence[GameResult]) -> TournamentResult:
        """The tournament of the games ``results`` between ``bots``."""
        results = sorted(results, key=lambda result: result.index)
        names = list(bots)
        stats = [BotStats.of(bot, tally, players) for bot, tally in tally_bots(results, names).items()]
        table = head_to_head(results)
        ordered = {a: {b: table[a][b] for b in names if b in table.get(a, {})} for a in names if a in table}
        return cls(game, options, players, names, len(results), seed, seconds,
                   rotation_length(len(names), players), stats, ordered, list(results))

    def __add__(self, other: TournamentResult) -> TournamentResult:
        """Both tournaments as one: the same game and bots, other games (another
        seed, or other indices of the same seed by ``tournament(..., first=)``)."""
        check_mergeable(self, other, self.bots, other.bots)
        return TournamentResult.of(self.game, self.options, self.players, self.bots,
                                   merged_seed(self.seed, other.seed), self.seconds + other.seconds,
                                   self.results + other.results)

    merge = __add__

    def tallies(self) -> dict[str, Tally]:
        """The exact counts behind :attr:`stats`, one :class:`Tally` per bot."""
        return tally_bots(self.results, self.bots)

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds if self.seconds else 0.0

    @property
    def balanced(self) -> bool:
        """Whether every bot played every seat equally often."""
        return self.games % self.rotation_length == 0

    def scores_by_bot(self) -> dict[str, list[int]]:
        """Every score each bot made, in game order, by bot name (in ``bots`` order)."""
        by_bot: dict[str, list[int]] = {bot: [] for bot in self.bots}
        for result in self.results:
            for bot, score in zip(result.bots, result.scores):
                by_bot[bot].append(score)
        return by_bot

    def to_json(self) -> dict:
        """The tournament as one JSON-ready object (without the per-game results)."""
        return {"game": self.game, "options": self.options, "players": self.players,
                "bots": self.bots, "games": self.games, "seed": self.seed,
                "seconds": round(self.seconds, 3), "games_per_second": round(self.games_per_second, 2),
                "rotation_length": self.rotation_length, "balanced": self.balanced,
                "stats": [asdict(stats) for stats in self.stats],
                "head_to_head": self.head_to_head}

    @classmethod
    def from_json(cls, data: dict) -> TournamentResult:
        """A run from :meth:`write_json`'s object (its statistics made again from the games)."""
        return cls.of(data["game"], data["options"], data["players"], data["bots"], data["seed"],
                      data["seconds"], saved_results(data))

    def write_csv(self, path: str | Path) -> None:
        """Write one row per bot with the columns of ``BOT_FIELDS``."""
        with open(path, "w", newline="", encoding="utf-8") as out:
            writer = csv.DictWriter(out, BOT_FIELDS, extrasaction="ignore")
            writer.writeheader()
            for stats in self.stats:
                writer.writerow(asdict(stats))


def check_bots(bot_names: Sequence[str], players: int) -> list[str]:
    """The tournament's bots: different names, at least one per seat."""
    names = list(bot_names)
    if not names:
        raise OptionError("no bot named")
    for name in names:
        if names.count(name) > 1:
            raise OptionError(f"bot {name!r} is named twice; a tournament compares different bots")
    if len(names) < players:
        raise OptionError(f"a {players}-player tournament needs at least {players} different bots, "
                          f"not {len(names)}")
    return names


def tournament(game: Game, bot_names: Sequence[str], games: int, seed: int | str = 0, *,
               workers: int | None = 1, first: int = 0,
               on_record: Callable[[int, GameRecord], None] | None = None,
               progress: Callable[[int], None] | None = None, resumed: Sequence[GameResult] = (),
               on_result: Callable[[GameResult], None] | None = None,
               ray: str | None = None) -> TournamentResult:
    """Play ``games`` games of ``game`` between ``bot_names`` with rotating seats.

    * Seating: for ``P = game.num_players`` seats and ``B >= P`` different bots,
      game *i* seats the bots by :func:`dicehall.sim.rotation.seating`; over every
      ``rotation_length`` (``P * C(B, P)``) games each bot plays each seat
      equally often.
    * ``seed`` — game *i* uses ``random.Random(f"{seed}:{i}")``; the results do
      not depend on ``workers`` (``None``: one process per CPU; 1, the default:
      this process).
    * ``first`` — the games are numbered ``first`` to ``first + games - 1`` (the
      seating goes on from there), so tournaments of the same seed with
      ``first=0`` and ``first=n`` add up (``+``) to one of ``2n`` games.
    * ``on_record(index, record)`` — every game's record, in index order.
    * ``progress(n)`` — called each time ``n`` more games have finished.
    * ``resumed``, ``on_result``, ``ray`` — as for :func:`dicehall.sim.simulate`.

    Per bot: games, wins (shared wins as fractions), win rate with its 95%
    Wilson interval, mean and population standard deviation of its scores; and
    the head-to-head table (see :class:`TournamentResult`).

    Raises :class:`~dicehall.engine.OptionError` for an unknown or repeated
    bot, fewer bots than seats, or fewer than one game.
    """
    players = game.num_players
    names = check_bots(bot_names, players)
    started = time.perf_counter()
    results = [*resumed, *run_games(game, names, games, seed, rotate=True, workers=workers, first=first,
                                    on_record=on_record, progress=progress,
                                    skip={r.index for r in resumed}, on_result=on_result, ray=ray)]
    seconds = time.perf_counter() - started
    return TournamentResult.of(game.name, game.record_options(), players, names, seed, seconds, results)


__all__ = ["BOT_FIELDS", "BotStats", "TournamentResult", "check_bots", "full_cycle_length",
           "rotation_length", "tournament"]
