"""Random games checked step by step against a small independent model of the rules
(razzle-dazzle.md): every legal move set, every move's result (knock-outs, jumps,
laps, the goal), the wheel after every spin and who acts next."""

import random

import pytest
from razzle_helpers import board, make

from dicehall.engine import CHANCE, TERMINAL


def reference_moves(game, progress, seat, number):
    """{notation: progress of every seat after the move} for every legal move."""
    b = game.board
    length, goal = b.track_length, b.track_length + 1

    def field(s, p):
        return (b.entries[s] + p - 1) % length

    occupant = {field(s, p): (s, i) for s, row in enumerate(progress)
                for i, p in enumerate(row) if 0 < p <= length}
    results = {}
    starters = [i for i, p in enumerate(progress[seat]) if p == 0]
    for i, p in enumerate(progress[seat]):
        if p == goal or (p == 0 and i != starters[0]):
            continue
        after = [row[:] for row in progress]
        reached = p + number
        if reached > length:
            if p == 0:
                continue
            after[seat][i] = goal
        else:
            f = field(seat, reached)
            there = occupant.get(f)
            if there and (there[0] == seat or f in b.safe):
                continue
            knocked = [there]
            new = reached
            if f in b.jumps:
                target = b.jumps[f]
                held = occupant.get(target)
                if not (held and held[0] == seat and held != (seat, i)):
                    knocked.append(held if held != (seat, i) else None)
                    new = reached + (target - f) % length
                    if new > length:
                        new -= length
            for victim in knocked:
                if victim:
                    after[victim[0]][victim[1]] = 0
            after[seat][i] = new
        results["enter" if p == 0 else f"move {field(seat, p)}"] = after
    return results


def play_checked(game, rng, max_steps=4000):
    state = game.new_initial_state()
    n, goal_count = game.num_players, game.goal_count
    counts = {"moves": 0, "spins": 0, "again": 0, "timeouts": 0, "jumps": 0, "knocks": 0}
    for _ in range(max_steps):
        state.check()
        player = state.current_player()
        if player == TERMINAL:
            winners = [s for s in range(n) if state.goals[s] >= goal_count]
            assert winners == state.winners() == [state.ranking()[0]]
            return counts
        if player == CHANCE:
            if state.phase == 0:
                state.apply(f"first {rng.randrange(n)}")
                continue
            seat, wheel, spins = state.turn, state.wheel_numbers(state.turn), state.spins
            number = rng.choice(wheel)
            state.apply(f"spin {number}")
            counts["spins"] += 1
            rest = [x for x in wheel if x != number] or [1, 2, 3, 4, 5, 6]
            assert state.wheel_numbers(seat) == rest
            moves = reference_moves(game, state.progress, seat, number)
            if moves:
                assert (state.turn, state.phase, state.number) == (seat, 2, number)
            elif spins == 0:
                assert (state.turn, state.phase) == (seat, 3)
            else:
                assert (state.turn, state.phase) == ((seat + 1) % n, 1)
            continue
        seat = player
        if state.phase == 3:
            assert sorted(map(str, state.legal_actions())) == ["end", "spin"]
            counts["again"] += 1
            action = rng.choice(["spin", "spin", "end"])
            state.apply(action)
            assert state.turn == (seat if action == "spin" else (seat + 1) % n)
            continue
        moves = reference_moves(game, state.progress, seat, state.number)
        assert sorted(map(str, state.legal_actions())) == sorted(moves)
        before = [row[:] for row in state.progress]
        if rng.random() < 0.05:
            state.apply("timeout")
            counts["timeouts"] += 1
            assert state.progress == before and state.turn == (seat + 1) % n and state.phase == 1
            continue
        action = rng.choice(sorted(moves))
        number = state.number
        state.apply(action)
        counts["moves"] += 1
        assert state.progress == moves[action], (action, before)
        counts["knocks"] += sum(
            1 for s in range(n) for a, b in zip(before[s], state.progress[s]) if a and not b)
        counts["jumps"] += sum(
            abs(b - a) > 6 and a and b <= game.board.track_length
            for a, b in zip(before[seat], state.progress[seat]))
        if max(state.goals) >= goal_count:
            assert state.is_terminal()
        elif number == 6:
            assert (state.turn, state.phase) == (seat, 1)
        else:
            assert (state.turn, state.phase) == ((seat + 1) % n, 1)
    raise AssertionError("the game did not end")


CONFIGS = {
    "standard-2": dict(players=2),
    "standard-3-six": dict(players=3, pieces=6),
    "ring-3": dict(players=3, pieces=3, goal=3, board=board(jumps=[[2, 6], [6, 10], [10, 2]])),
    "ring-2-crowded": dict(players=2, pieces=6, goal=6,
                           board=board(safe=[0, 3, 4, 8], jumps=[[1, 5], [5, 11], [11, 1], [7, 10]])),
    "exact-ring": dict(players=3, pieces=2, goal=2, board=board(jumps=[[7, 11], [2, 9]])),
}


@pytest.mark.parametrize("name", list(CONFIGS))
def test_random_games_follow_the_rules(name):
    totals = {}
    for seed in range(12):
        counts = play_checked(make(**CONFIGS[name]), random.Random(f"{name}:{seed}"))
        for key, value in counts.items():
            totals[key] = totals.get(key, 0) + value
    # the games really exercised the rules
    assert totals["moves"] > 100 and totals["timeouts"] > 0
    assert totals["jumps"] > 0 and totals["knocks"] > 0
    if not name.startswith("standard"):
        assert totals["again"] > 0       # crowded small boards block moves
