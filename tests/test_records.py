"""Game records: writing, reading, replaying and refusing bad ones."""

import json

import pytest

import dicehall
from dicehall.bots import make_bot
from dicehall.engine import GameRecord, RecordError, ReplayError
from dicehall.engine.state import TERMINAL


def finished_match(seed=3, **options):
    match = dicehall.new_game("dizzle", seed=seed, **options)
    bot = make_bot("greedy")
    while match.current_player() != TERMINAL:
        for seat in match.state.deciders():
            match.play(bot.choose(match.state, seat, match.rng), seat)
    return match


def test_a_record_replays_to_the_same_state_without_a_seed():
    match = finished_match(players=3, level=4)
    data = json.loads(match.record(["greedy"] * 3).dumps())
    data.pop("seed")
    state = GameRecord.from_json(data).replay()
    assert state.to_json() == match.state.to_json()
    assert data["result"] == {"terminal": True, "scores": match.scores(),
                              "ranking": match.ranking()}


def test_a_custom_sheet_is_written_inline(tmp_path):
    sheet = tmp_path / "mine.toml"
    sheet.write_text('name = "Mine"\ngrid = ["X 1 2 3 4", "5 6 1 2 3", "4 5 6 1 2"]\n')
    match = finished_match(players=2, sheet=str(sheet))
    record = match.record()
    assert record.options["sheet"]["grid"] == ["X 1 2 3 4", "5 6 1 2 3", "4 5 6 1 2"]
    sheet.unlink()
    assert record.replay().to_json() == match.state.to_json()


def test_replay_names_index_notation_and_reason_of_an_illegal_action():
    record = finished_match(players=2).record()
    first_move = next(i for i, e in enumerate(record.entries) if e.seat is not None)
    record.entries[first_move] = type(record.entries[0])(0, "pass")
    with pytest.raises(ReplayError) as caught:
        record.replay()
    assert caught.value.index == first_move
    assert caught.value.notation == "pass"
    assert "you must take one" in caught.value.reason


def test_replay_refuses_a_roll_with_the_wrong_number_of_dice():
    record = finished_match(players=2).record()
    record.entries[0] = type(record.entries[0])(None, "roll 1 2 3")
    with pytest.raises(ReplayError, match=r"action 0 \('roll 1 2 3'\).*expected 'roll' with 7 dice"):
        record.replay()


@pytest.mark.parametrize("data, message", [
    ([], "a record must be a JSON object"),
    ({"format": "pgn"}, "format: expected 'dicehall-record'"),
    ({"format": "dicehall-record", "version": 1, "game": "dizzle", "options": {}},
     "actions: missing"),
    ({"format": "dicehall-record", "version": 1, "game": "dizzle", "options": {},
      "actions": [{"seat": "zero", "action": "pass"}]}, r"actions\[0\]\.seat: expected a whole number"),
])
def test_malformed_records_are_refused(data, message):
    with pytest.raises(RecordError, match=message):
        GameRecord.from_json(data)


def test_a_record_file_that_is_not_json_names_the_file(tmp_path):
    path = tmp_path / "broken.json"
    path.write_text("{not json")
    with pytest.raises(RecordError, match="broken.json"):
        GameRecord.load(path)


def test_a_partial_record_replays_to_where_it_stops():
    record = finished_match(players=2).record()
    state = record.replay(upto=10)
    assert not state.is_terminal()
