"""Golden records: whole games with their dice, replayed to the same end."""

import json
from pathlib import Path

import pytest

from dicehall.engine import GameRecord

GOLDEN = Path(__file__).parent / "golden"
RECORDS = sorted(GOLDEN.glob("*.record.json"))


def test_every_level_and_player_count_has_a_golden_record():
    names = {path.name.split(".")[0] for path in RECORDS}
    assert names == {f"dizzle-l{level}-p{players}" for level in range(1, 5) for players in range(1, 5)}


@pytest.mark.parametrize("path", RECORDS, ids=lambda path: path.name.split(".")[0])
def test_golden_record_replays_to_its_final_position(path):
    record = GameRecord.load(path)
    state = record.replay()
    assert state.is_terminal()
    assert state.scores() == record.result["scores"]
    assert state.ranking() == record.result["ranking"]
    final = json.loads(path.with_name(path.name.replace(".record.", ".final.")).read_text())
    assert state.to_json() == final
    assert GameRecord.from_json(json.loads(record.dumps())).entries == record.entries
