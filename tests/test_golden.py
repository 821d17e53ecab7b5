"""Golden records: whole games with their dice, replayed to the same end."""

import json
import sys
from pathlib import Path

import pytest

from dicehall.engine import GameRecord

GOLDEN = Path(__file__).parent / "golden"
RECORDS = sorted(GOLDEN.glob("*.record.json"))
sys.path.insert(0, str(GOLDEN))
from regenerate import configurations  # noqa: E402


def test_every_configuration_has_a_golden_record():
    assert {path.name.split(".")[0] for path in RECORDS} == set(configurations())


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
