"""Simulation: playing games out with bots, batch statistics and benchmarks."""

from .bench import BenchResult, bench
from .playout import play_out
from .simulate import SeatStats, SimulationResult, simulate

__all__ = ["BenchResult", "SeatStats", "SimulationResult", "bench", "play_out", "simulate"]
