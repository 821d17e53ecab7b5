"""Post-game review (``dicehall.bots.review``, ``dicehall review``): decisions
weighed in points, a blunder found and flagged, the score's parts adding up,
the same review for the same seed, and clear refusals."""

import json
import random

import pytest
from typer.testing import CliRunner

from dicehall.bots import make_bot
from dicehall.bots.review import MISTAKE_POINTS, reference, review
from dicehall.cli import app
from dicehall.engine import make_game
from dicehall.engine.record import GameRecord, RecordEntry


def played(name: str, options: dict, bots: list[str], seed: int) -> GameRecord:
    """A finished game of ``bots``, its record."""
    game = make_game(name, **options)
    state, rng = game.new_initial_state(), random.Random(seed)
    players = [make_bot(bot) for bot in bots]
    entries = []
    while not state.is_terminal():
        if state.is_chance():
            outcome = state.sample_chance(rng)
            entries.append(RecordEntry(None, str(outcome)))
            state.apply_outcome(outcome)
            continue
        seat = state.deciders()[0]
        action = players[seat].choose(state, seat, rng)
        entries.append(RecordEntry(seat, str(game.action_from_id(action))))
        state.apply_id(action, seat)
    return GameRecord.of(game, state, entries, seats=bots)


def test_the_parts_of_the_score_add_up_and_each_decision_is_weighed():
    record = played("dizzle", {"players": 1}, ["greedy"], seed=1)
    found = review(record, 0, rounds=6, width=3)
    decisions = [entry for entry in record.entries if entry.seat == 0]
    assert [d.taken for d in found.decisions] == [entry.notation for entry in decisions]
    assert found.score == record.result["scores"][0]
    assert found.start + found.against_reference + found.luck == pytest.approx(found.score)
    for decision in found.decisions:
        assert decision.taken in decision.values and decision.preferred in decision.values
        assert decision.low <= decision.loss <= decision.high
        assert list(decision.values.values()) == sorted(decision.values.values(), reverse=True)
    assert found.summary().startswith(f"You scored {found.score} ")


def test_random_play_is_found_to_lose_points_and_its_mistakes_flagged():
    careless = review(played("dizzle", {"players": 1}, ["random"], seed=4), 0, rounds=8, width=3)
    careful = review(played("dizzle", {"players": 1}, ["learned"], seed=4), 0, rounds=8, width=3)
    assert careless.against_reference < -10 < careful.against_reference
    assert careless.lost_to_decisions > careful.lost_to_decisions + 10
    mistakes = careless.mistakes(len(careless.decisions))
    assert len(mistakes) >= 3 and careless.mistakes() == mistakes[:3]
    assert [m.loss for m in mistakes] == sorted((m.loss for m in mistakes), reverse=True)
    for mistake in mistakes:
        assert mistake.taken != mistake.preferred and mistake.loss >= MISTAKE_POINTS and mistake.low > 0
    assert careless.to_json()["mistakes"] == [m.step for m in mistakes[:3]]


def test_a_review_of_a_game_for_two_keeps_to_what_the_seat_knew_and_repeats_by_seed():
    record = played("nochmal", {"players": 2, "edition": "classic"}, ["greedy", "greedy"], seed=2)
    one = review(record, 1, rounds=4, width=2, seed=5)
    again = review(record, 1, rounds=4, width=2, seed=5)
    assert one.to_json() == again.to_json()
    assert one.seat == 1 and len(one.decisions) == sum(entry.seat == 1 for entry in record.entries)
    assert "the others' play" in one.summary()


def test_solo_games_on_shipped_sheets_are_weighed_by_the_learned_value_others_by_greedy_play():
    """The learned value plays solo Dizzle far better than greedy play, so its
    play-outs value decisions by what a strong player makes of them."""
    solo = review(played("dizzle", {"players": 1, "level": 2}, ["greedy"], seed=3), 0, rounds=4, width=2)
    assert solo.reference == "learned" and "the learned value's play" in solo.summary()
    learned = reference(make_game("dizzle", players=1, level=2))
    greedy = reference(make_game("dizzle", players=2))
    assert (learned.name, greedy.name) == ("learned", "greedy")
    state, rng = make_game("dizzle", players=1, level=2).new_initial_state(), random.Random(1)
    state.apply_outcome(state.sample_chance(rng))
    bot = make_bot("learned")
    assert learned.ranking(state, 0, rng)[0] == bot.choose(state, 0, random.Random(2))
    # greedy decisions lose points against the learned value's play
    assert solo.against_reference < 0 and solo.to_json()["reference"] == "learned"
    sheet_of_ones_own = make_game("dizzle", players=1, sheet=make_game("dizzle", level=2).sheet.data)
    assert reference(sheet_of_ones_own).name == "greedy"


def test_unfinished_games_bad_seats_and_budgets_are_refused():
    record = played("razzle", {"players": 2}, ["greedy", "random"], seed=3)
    unfinished = GameRecord(record.game, record.options, record.entries[:10])
    with pytest.raises(ValueError, match="not finished"):
        review(unfinished, 0)
    with pytest.raises(ValueError, match="seat 5"):
        review(record, 5)
    with pytest.raises(ValueError, match="at least 4 rounds"):
        review(record, 0, rounds=1)


def test_the_review_command_prints_the_decisions_and_a_summary(tmp_path):
    record = played("dizzle", {"players": 2}, ["random", "greedy"], seed=6)
    path = tmp_path / "game.json"
    record.save(path)
    run = CliRunner()
    text = run.invoke(app, ["review", str(path), "--rounds", "4", "--width", "2"])
    assert text.exit_code == 0, text.output
    assert "Seat 0:" in text.output and "You scored" in text.output
    data = run.invoke(app, ["review", str(path), "--rounds", "4", "--width", "2", "--seat", "1", "--json"])
    assert data.exit_code == 0, data.output
    summary = json.loads(data.output)
    assert summary["seat"] == 1 and len(summary["decisions"]) == sum(e.seat == 1 for e in record.entries)
    unfinished = tmp_path / "unfinished.json"
    GameRecord(record.game, record.options, record.entries[:5]).save(unfinished)
    refused = run.invoke(app, ["review", str(unfinished)])
    assert refused.exit_code == 2 and "not finished" in refused.output and "Traceback" not in refused.output
    seatless = run.invoke(app, ["review", str(path), "--seat", "7"])
    assert seatless.exit_code == 2 and "seat 7" in seatless.output
