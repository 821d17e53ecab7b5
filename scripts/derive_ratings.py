"""Derive solo rating tables for the Dizzle levels that have none (5–8).

    .venv/bin/python scripts/derive_ratings.py [--games 20] [--seed 7] [--workers 2]

Plays the ``hard`` bot solo on every level (see ``dicehall.sim.ratings`` for
the method) and prints each new level's ``[[solo_rating]]`` tables, to be put
at the end of its level file with a comment naming this command.
"""

import argparse

from dicehall.engine import make_game
from dicehall.sim import simulate
from dicehall.sim.ratings import bands_toml, calibration_gap, derive_bands

PRINTED, UNRATED = (1, 2, 3, 4), (5, 6, 7, 8)


def hard_mean(level: int, games: int, seed: int, workers: int) -> float:
    result = simulate(make_game("dizzle", players=1, level=level), ["hard"], games, seed,
                      workers=workers)
    return result.seats[0].mean_score


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    printed = []
    for level in PRINTED:
        bands = make_game("dizzle", level=level).sheet.solo_rating
        mean = hard_mean(level, args.games, args.seed, args.workers)
        printed.append((bands, mean))
        print(f"# level {level}: hard averages {mean:.1f}, top band from {bands[0].min}")
    gap = calibration_gap(printed)
    labels = [band.label for band in printed[-1][0]]
    print(f"# average gap to the top band: {gap:.1f}\n")
    for level in UNRATED:
        mean = hard_mean(level, args.games, args.seed, args.workers)
        print(f"# level {level}: hard averages {mean:.1f}")
        print(bands_toml(derive_bands(mean, gap, labels)))


if __name__ == "__main__":
    main()
