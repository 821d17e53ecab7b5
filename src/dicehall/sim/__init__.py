"""Simulation: playing games out with bots, batch statistics, tournaments,
plots and benchmarks.

For notebooks and scripts (see ``docs/simulation.md``)::

    from dicehall.engine import make_game
    from dicehall.sim import plot_scores, simulate, tournament

    game = make_game("dizzle", players=2)
    result = simulate(game, ["greedy", "random"], games=100, seed=1, workers=2)
    league = tournament(game, ["greedy", "random"], games=100, seed=1)
    plot_scores(league, "scores.png")
"""

from .bench import BenchResult, bench
from .playout import play_out
from .plots import plot_scores, rating_bands
from .rotation import full_cycle_length, rotation_length, seating
from .runner import GameResult, play_games, run_games
from .simulate import SeatStats, SimulationResult, simulate
from .stats import Tally, head_to_head, mean_and_stdev, tally_bots, tally_seats, wilson_interval
from .tournament import BotStats, TournamentResult, tournament

__all__ = [
    "BenchResult", "BotStats", "GameResult", "SeatStats", "SimulationResult", "Tally", "TournamentResult",
    "bench", "full_cycle_length", "head_to_head", "mean_and_stdev", "play_games", "play_out",
    "plot_scores", "rating_bands", "rotation_length", "run_games", "seating", "simulate", "tally_bots",
    "tally_seats", "tournament", "wilson_interval",
]
