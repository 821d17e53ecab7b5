"""Write the golden records: one greedy/random game per game configuration.

Run only when a rule change is intended (``python tests/golden/regenerate.py
[PREFIX]``); ``tests/test_golden.py`` replays every record and compares the
final position. ``--finals`` only rewrites the final positions from the
existing records (after a change of the state's JSON, not of the rules).
"""

import json
from pathlib import Path

from dicehall.engine import GameRecord, make_game
from dicehall.sim import simulate

HERE = Path(__file__).parent
BOTS = ["greedy", "random"]


def configurations() -> dict[str, tuple[str, dict]]:
    """Golden record name -> (game, options)."""
    configs = {f"dizzle-l{level}-p{players}": ("dizzle", {"players": players, "level": level})
               for level in range(1, 9) for players in (1, 2, 3, 4)}
    configs |= {f"nochmal-{edition}-p{players}": ("nochmal", {"players": players, "edition": edition})
                for edition in ("so-gut", "classic") for players in (1, 2, 4, 6)}
    configs |= {f"razzle-p{players}": ("razzle", {"players": players}) for players in (2, 3)}
    configs["razzle-p3-pieces2-goal2"] = ("razzle", {"players": 3, "pieces": 2, "goal": 2})
    return configs


def write(name: str, game_name: str, options: dict) -> None:
    def save(index, record):
        record.save(HERE / f"{name}.record.json")
        write_final(name, record)

    simulate(make_game(game_name, options), BOTS, 1, seed=f"golden-{name}", on_record=save)


def write_final(name: str, record: GameRecord) -> None:
    final = record.replay().to_json()
    (HERE / f"{name}.final.json").write_text(json.dumps(final, indent=1) + "\n")


def main(prefix: str = "") -> None:
    """(Re)write the golden records whose names start with ``prefix``."""
    for name, (game_name, options) in configurations().items():
        if name.startswith(prefix):
            write(name, game_name, options)


if __name__ == "__main__":
    import sys
    if sys.argv[1:] == ["--finals"]:
        for name in configurations():
            write_final(name, GameRecord.load(HERE / f"{name}.record.json"))
    else:
        main(*sys.argv[1:2])
