"""The daily challenge in the engine: the day's variant and seed, the same dice
for everyone whatever they choose, a game replayed from its moves, and a bot's game."""

import random
from datetime import date

import pytest

from dicehall.bots.daily import played_by
from dicehall.engine import OptionError
from dicehall.engine.daily import challenge, challenges, daily_games, parse_day, replayed

DAY = date(2026, 12, 2)


def test_each_game_with_solo_play_has_one_challenge_a_day_and_the_variants_take_turns():
    assert daily_games() == ["dizzle", "nochmal"]
    assert [found.game for found in challenges(DAY)] == ["dizzle", "nochmal"]
    levels = [challenge("dizzle", date.fromordinal(DAY.toordinal() + k)).options["level"] for k in range(8)]
    assert sorted(levels) == list(range(1, 9))
    editions = {challenge("nochmal", date.fromordinal(DAY.toordinal() + k)).options["edition"]
                for k in range(2)}
    assert editions == {"so-gut", "classic"}
    assert challenge("dizzle", DAY).seed != challenge("dizzle", date(2026, 12, 3)).seed
    assert challenge("dizzle", DAY) == challenge("dizzle", DAY)


def test_a_game_without_solo_play_and_a_bad_day_are_refused_clearly():
    with pytest.raises(OptionError, match="razzle has no solo game"):
        challenge("razzle", DAY)
    with pytest.raises(OptionError, match="YYYY-MM-DD"):
        parse_day("2. Dezember")


def play_randomly(found, seed: int):
    match, rng = found.match(), random.Random(seed)
    while not match.is_over():
        match.play(rng.choice(match.state.legal_action_ids(0)), 0)
    return match


def rolls_by_place(found, match) -> dict[str, list[str]]:
    """Each roll of the match by its place in the game (``roll_place``; rerolls
    have none)."""
    state, found_rolls = found.new_game().new_initial_state(), {}
    for entry in match.entries:
        if entry.seat is None and state.roll_place() is not None:
            found_rolls[state.roll_place()] = entry.notation.split()
        state.apply(entry.notation, entry.seat)
    return found_rolls


@pytest.mark.parametrize("game, day", [("dizzle", DAY), ("dizzle", date(2026, 12, 8)),
                                       ("nochmal", DAY), ("nochmal", date(2026, 12, 3))])
def test_everyone_meets_the_same_dice_at_the_same_place_whatever_they_choose(game, day):
    """Dizzle's every draft starts with the same dice for everyone, and so on:
    at each place both games reach, the same roll."""
    found = challenge(game, day)
    one, other = (rolls_by_place(found, play_randomly(found, seed)) for seed in (1, 2))
    shared = one.keys() & other.keys()
    assert len(shared) >= 10
    assert all(one[place] == other[place] for place in shared)
    assert one.keys() != other.keys() or game == "nochmal"       # the games went different ways


def test_a_game_replays_from_its_moves_and_scores_the_same():
    found = challenge("nochmal", DAY)
    match = played_by(found, "greedy")
    moves = [entry.notation for entry in match.entries if entry.seat == 0]
    assert replayed(found, moves).scores() == match.scores()
    with pytest.raises(OptionError, match="not over"):
        replayed(found, moves[:-1])
    with pytest.raises(OptionError, match="over before move"):
        replayed(found, [*moves, moves[-1]])


@pytest.mark.parametrize("day", [date(2023, 11, 14), DAY])
def test_rerolling_at_the_same_place_shows_new_dice(day):
    """Place a die, reroll, take it back, place it again...: were a reroll's
    dice those of its place, this would go on for ever with the same dice
    (a reroll's place is the number of rolls so far). Always the first legal
    action ends the game."""
    match = challenge("dizzle", day).match()
    for _ in range(1000):
        if match.is_over():
            break
        match.play(match.state.legal_action_ids(0)[0], 0)
    assert match.is_over()
    rerolls = [e.notation for e, after in zip(match.entries, match.entries[1:])
               if e.notation == "reroll" and after.seat is None]
    assert rerolls
