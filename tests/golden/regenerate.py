"""Write the golden Dizzle records: one greedy/random game per level and player count.

Run only when a rule change is intended (``python tests/golden/regenerate.py``);
``tests/test_golden.py`` replays every record and compares the final position.
"""

import json
from pathlib import Path

from dicehall.engine import make_game
from dicehall.sim import simulate

HERE = Path(__file__).parent


def main() -> None:
    for level in (1, 2, 3, 4):
        for players in (1, 2, 3, 4):
            game = make_game("dizzle", players=players, level=level)
            bots = ["greedy", "random"]
            name = f"dizzle-l{level}-p{players}"

            def save(index, record, name=name):
                record.save(HERE / f"{name}.record.json")
                final = record.replay().to_json()
                (HERE / f"{name}.final.json").write_text(json.dumps(final, indent=1) + "\n")

            simulate(game, bots, 1, seed=f"golden-{level}-{players}", on_record=save)


if __name__ == "__main__":
    main()
