"""Bots: legal choices in random positions of every game, determinism, sound
handling of hidden simultaneous choices, hints, and a quick strength check."""

import math
import random

import pytest

import dicehall
from dicehall.bots import MCTSBot, RolloutBot, bot_names, hint, make_bot
from dicehall.bots.base import Future
from dicehall.bots.levels import LevelBot
from dicehall.bots.mcts import estimate
from dicehall.engine import OptionError, make_game, state_from_json
from dicehall.sim import simulate
from scenario import random_game

GAMES = [("dizzle", {"players": 2, "level": 3}), ("dizzle", {"players": 1, "level": 7}),
         ("dizzle", {"players": 3, "level": 8}), ("nochmal", {"players": 2}),
         ("nochmal", {"players": 1, "edition": "classic"}), ("razzle", {"players": 3})]
QUICK = {"mcts": lambda: MCTSBot(iterations=15), "rollout": lambda: RolloutBot(rounds=2, width=3)}


def positions(name, options, seed, every=7):
    """Some positions with a decision due, from a random game."""
    found, pick = [], random.Random(seed)

    def keep(state):
        if state.deciders() and len(found) < 12 and pick.random() < 1 / every:
            found.append(state.clone())

    random_game(make_game(name, options), seed, keep)
    return found


@pytest.mark.parametrize("name, options", GAMES, ids=lambda v: str(v))
@pytest.mark.parametrize("bot_name", ["random", "greedy", "easy", "mcts", "rollout", "medium", "learned",
                                      "lookahead:samples=2:width=2"])
def test_every_bot_chooses_a_legal_action_in_random_positions(name, options, bot_name):
    bot = QUICK.get(bot_name, lambda: make_bot(bot_name))()
    for state in positions(name, options, seed=5):
        for seat in state.deciders():
            before = state.to_json()
            assert bot.choose(state, seat, random.Random(1)) in state.legal_action_ids(seat)
            assert state.to_json() == before, "a bot must not change the state it is shown"


def test_bot_names_and_levels():
    assert {"random", "greedy", "mcts", "easy", "medium", "hard", "learned", "lookahead"} <= set(bot_names())
    state = make_game("razzle").new_initial_state()
    assert make_bot("hard").search(state).iterations == 1000
    nochmal = make_game("nochmal").new_initial_state()
    assert isinstance(LevelBot("hard").search(nochmal), RolloutBot)
    with pytest.raises(OptionError, match="unknown bot 'wizard'"):
        make_bot("wizard")
    with pytest.raises(ValueError, match="budget"):
        MCTSBot(iterations=None, seconds=None)


def test_bot_parameters_in_the_name():
    bot = make_bot("rollout:depth=2:rounds=5:seconds=none")
    assert (bot.depth, bot.rounds, bot.seconds) == (2, 5, None)
    search = make_bot("mcts:exploration=1.4:lead=5")
    assert (search.exploration, search.lead, search.iterations) == (1.4, 5, 1000)
    for bad, reason in [("mcts:iterations", "not key=value"), ("mcts:speed=3", "speed"),
                        ("mcts:iterations=many", "not a number"),
                        ("mcts:exploration=-1", "exploration must be 0 or more, not -1"),
                        ("mcts:lead=0", "lead must be more than 0, not 0")]:
        with pytest.raises(OptionError, match=reason):
            make_bot(bad)
    with pytest.raises(OptionError, match="does not search"):
        hint(dicehall.new_game("razzle", seed=1).state, bot="greedy")


def test_a_smaller_lead_scale_values_the_same_lead_more_surely():
    """``mcts:lead=L``: a lead of ``L`` evaluation points is a reward of about 0.73."""
    state = next(s for s in positions("dizzle", {"players": 2, "level": 1}, seed=3)
                 if s.game.evaluate(s, 0) != s.game.evaluate(s, 1))
    leader = max((0, 1), key=lambda seat: state.game.evaluate(state, seat))
    lead = abs(state.game.evaluate(state, 0) - state.game.evaluate(state, 1))
    assert estimate(state, lead)[leader] == pytest.approx(1 / (1 + math.exp(-1)))
    sure, unsure = estimate(state, lead / 2)[leader], estimate(state, lead * 2)[leader]
    assert sure > estimate(state, lead)[leader] > unsure > 0.5
    assert estimate(state) == estimate(state, 10.0)


def test_rollouts_compare_candidates_on_the_same_dice():
    state = positions("nochmal", {"players": 2}, seed=4)[0]
    seat = state.deciders()[0]
    first = RolloutBot(rounds=6, width=4).analyse(state, seat, random.Random(2))
    assert first == RolloutBot(rounds=6, width=4).analyse(state, seat, random.Random(2))
    assert len(first) == 4 and all(a.action_id in state.legal_action_ids(seat) for a in first)
    assert first[0].visits == max(a.visits for a in first), "the best survives every halving"


@pytest.mark.parametrize("options", [{"players": 2}, {"players": 1, "edition": "classic"}])
def test_every_candidate_of_a_rollout_round_meets_the_same_dice(options, monkeypatch):
    """The search's own rollouts, each round's rolls recorded by its seed: after
    every candidate the same rolls, however the greedy players' choices went."""
    rounds: dict[float, list[list]] = {}

    class Recorded(Future):
        def __init__(self, seed):
            super().__init__(seed)
            self.rolls = []
            rounds.setdefault(seed, []).append(self.rolls)

        def roll(self, state):
            self.rolls.append(super().roll(state))
            return self.rolls[-1]

    monkeypatch.setattr("dicehall.bots.rollout.Future", Recorded)
    state = positions("nochmal", options, seed=4)[0]
    seat = state.deciders()[0]
    RolloutBot(rounds=2, width=5, depth=3).analyse(state, seat, random.Random(1))
    first = [paths for paths in rounds.values() if len(paths) == 5]
    assert len(first) == 2, "the first batch plays two rounds of all five candidates"
    for paths in rounds.values():
        shortest = min(len(rolls) for rolls in paths)
        assert shortest >= 3 and all(rolls[:shortest] == paths[0][:shortest] for rolls in paths)
    assert first[0][0][:3] != first[1][0][:3], "two rounds, two futures"


def test_rollouts_out_of_time_keep_to_the_candidates_played():
    state = positions("nochmal", {"players": 2}, seed=4)[0]
    seat = state.deciders()[0]
    found = RolloutBot(rounds=None, seconds=1e-9, width=6).analyse(state, seat, random.Random(2))
    best_by_evaluation = make_bot("greedy").choose(state.redacted(seat), seat, random.Random(2))
    assert [a.action_id for a in found] == [best_by_evaluation] and found[0].visits == 1


def test_search_is_deterministic_for_a_seed():
    state = positions("dizzle", {"players": 2, "level": 4}, seed=2)[0]
    seat = state.deciders()[0]
    first = MCTSBot(iterations=60).analyse(state, seat, random.Random(9))
    second = MCTSBot(iterations=60).analyse(state, seat, random.Random(9))
    assert first == second and first
    assert sum(a.visits for a in first) <= 60


def test_redacted_states_withdraw_the_hidden_choices_of_others():
    match = dicehall.new_game("nochmal", players=3, seed=1, auto_chance=False)
    match.force("roll g y x / 1 3 ? / heart")
    match.play("pass", 1)
    match.play("heart", 2)
    state = match.state
    assert state.deciders() == (0,)
    mine = state.redacted(0)
    assert mine.pending == [-1, -1, -1] and mine.deciders() == (0, 1, 2)
    assert state.redacted(1).pending == [-1, 0, -1]
    assert state.pending == [-1, 0, 1], "redacting leaves the real state alone"


def test_the_search_does_not_peek_at_hidden_choices():
    """Seat 0 decides last; what seats 1 and 2 chose must not change its search."""
    results = []
    for choices in (("pass", "pass"), ("heart", "y3 h1 h2 h3")):
        match = dicehall.new_game("nochmal", players=3, seed=1, auto_chance=False)
        match.force("roll g y x / 1 3 ? / heart")
        if choices[1] not in map(str, match.legal_actions(2)):
            choices = (choices[0], "pass")
        match.play(choices[0], 1)
        match.play(choices[1], 2)
        results.append(MCTSBot(iterations=40).analyse(match.state, 0, random.Random(4)))
    assert results[0] == results[1]


def test_hint_recommends_a_legal_action_with_its_value():
    match = dicehall.new_game("razzle", players=2, seed=3)
    advice = hint(match.state, bot="mcts:iterations=80:seconds=none")
    assert advice.action in match.legal_actions()
    assert 0 <= advice.value <= 1 and advice.visits > 0
    assert all(other in match.legal_actions() for other, _, _ in advice.alternatives)


@pytest.mark.parametrize("name, options", [("dizzle", {"players": 2}), ("nochmal", {"players": 2}),
                                           ("razzle", {"players": 2})])
def test_greedy_beats_random(name, options):
    result = simulate(make_game(name, options), ["greedy", "random"], 120, seed="strength")
    greedy, random_bot = result.seats
    assert greedy.win_rate > 0.7 > random_bot.win_rate


def test_in_a_simultaneous_step_the_search_weighs_its_own_seats_actions():
    """Everyone chooses at once in roll 1; seat 1 searches its own choices even
    though seat 0 comes first in the list of deciders."""
    state = make_game("nochmal", players=2).new_initial_state()
    data = state.to_json()
    data["players"][0]["crossed"] = ["h1", "i1", "h2"]
    state = state_from_json(data)
    state.apply("roll g y b / 1 2 3 / stars")
    assert state.deciders() == (0, 1)
    mine, theirs = set(state.legal_action_ids(1)), set(state.legal_action_ids(0))
    assert theirs - mine, "the two seats have different choices"
    found = MCTSBot(iterations=40).analyse(state, 1, random.Random(2))
    assert found and {a.action_id for a in found} <= mine
