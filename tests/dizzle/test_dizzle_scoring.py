"""Scoring (dizzle.md "Special fields" and "End and score") and the shipped
level sheets ("Levels")."""

from collections import Counter

import pytest
from dizzle_helpers import make, new_state, play

from dicehall.engine import make_game
from dicehall.games.dizzle import level_sheet

# a1 X  b1 1  c1 2  d1 3 (gem 1)
# a2 4  b2 5  c2 6  d2 1
# a3 2  b3 3  c3 4  d3 5
GRID = ["X 1 2 3", "4 5 6 1", "2 3 4 5"]
SPECIALS = {
    "gems": [{"at": "d1", "points": 1, "colour": "green"}],
    "arrows": [{"from": "a1", "to": "d1", "points": 5},      # row, includes the X
               {"from": "b3", "to": "b1", "points": 4}],     # column, given bottom-up
    "puzzles": [{"at": ["c2", "d3"], "colour": "red", "points": 6},
                {"at": "a3", "colour": "blue", "points": 2}],
    "areas": [{"at": ["b2", "c2", "b3", "c3"], "points": 10}],
    "poops": [{"at": "a2", "points": 2}],
    "bombs": [{"at": "d2", "points": 3}],
}
ALL_NUMBERED = ["b1", "c1", "d1", "a2", "b2", "c2", "d2", "a3", "b3", "c3", "d3"]


def score(crossed=(), scribbled=(), players=2, seat=0):
    """The score of ``seat`` on a sheet with these fields crossed / scribbled."""
    game = make(GRID, players, **SPECIALS)
    data = game.new_initial_state().to_json()
    player = data["players"][seat]
    player["crossed"] = sorted(set(player["crossed"]) | set(crossed))
    player["scribbled"] = sorted(scribbled)
    state = game.state_from_json(data)
    return state.scores()[seat]


@pytest.mark.parametrize("crossed, expected", [
    ([], 0),
    (["b1", "c1"], 0),                          # row arrow incomplete
    (["b1", "c1", "d1"], 5 + 1),                # row arrow (with the X) + gem
    (["b1", "b2"], 0),                          # column arrow incomplete
    (["b1", "b2", "b3"], 4),                    # column arrow
    (["b2", "c2", "b3"], 0),                    # area 3 of 4
    (["b2", "c2", "b3", "c3"], 10),             # area complete
    (["c2"], 0),                                # red puzzle 1 of 2
    (["c2", "d3"], 6),                          # red puzzle complete
    (["a3"], 2),                                # blue puzzle (one piece)
    (["a2"], -2),                               # poop
    (["d2"], 0),                                # a crossed bomb is worth nothing (not solo)
])
def test_scoring_groups_complete_and_incomplete(crossed, expected):
    assert score(crossed) == expected


def test_scribbled_bomb_costs_its_points():
    assert score(scribbled=["d2"]) == -3
    assert score(["a2"], scribbled=["d2"]) == -5


def test_everything_together():
    crossed = [f for f in ALL_NUMBERED if f != "d2"]
    assert score(crossed, scribbled=["d2"]) == 5 + 1 + 4 + 6 + 2 + 10 - 2 - 3


def test_solo_crossed_bomb_scores_two():
    assert score(["d2"], players=1) == 2
    assert score(["d2", "a2"], players=1) == 0


def test_scores_of_a_played_game_add_up():
    # seat 0 completes the row arrow by play and takes the gem
    state = new_state(GRID, **SPECIALS)
    play(state, "roll 1 2 3 6 6 6 6", "1@b1", "pass", "2@c1")
    assert state.scores() == [0, 0]
    play(state, "roll 3 6 6 6 6 6 6", "pass", "3@d1")
    # the last active player's die on d1: crossed at the draft's end
    assert state.scores() == [6, 0]


# --- the shipped sheets ----------------------------------------------------------------------
def reachable(sheet, through_planets: bool) -> set[int]:
    """Numbered fields reachable over numbered fields from the start X's (and,
    with ``through_planets``, from the planets a rocket may cross)."""
    allowed = {i for i in range(sheet.size) if sheet.number(i)}
    starts = "XP" if through_planets else "X"
    seen = {i for i in range(sheet.size) if sheet.tokens[i] in starts}
    todo = list(seen)
    while todo:
        i = todo.pop()
        r, c = divmod(i, sheet.width)
        for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            j = rr * sheet.width + cc
            if 0 <= rr < sheet.height and 0 <= cc < sheet.width and j in allowed \
                    and j not in seen:
                seen.add(j)
                todo.append(j)
    return seen & allowed


@pytest.mark.parametrize("level", [1, 2, 3, 4])
def test_shipped_sheets_have_the_shape_the_rules_ask_for(level):
    sheet = level_sheet(level)
    counts = Counter(t for t in sheet.tokens if t.isdigit())
    assert set(counts) == set("123456")
    assert max(counts.values()) - min(counts.values()) <= 2
    assert 2 <= sheet.tokens.count("X") <= 3
    assert sheet.width * sheet.height >= 60
    assert sheet.gems and sheet.bombs and sheet.arrows


def test_level_contents():
    one, two, three, four = (level_sheet(level) for level in (1, 2, 3, 4))
    assert len({p.colour for p in one.puzzles}) == 1
    assert not (one.keys or one.locks or one.flags or one.rocket_fields or one.poops)
    assert len({k.colour for k in two.keys}) == 2 == len({lock.colour for lock in two.locks})
    assert len({p.colour for p in two.puzzles}) == 2
    assert three.flags and three.rocket_fields and three.planets
    assert len({f.colour for f in four.flags}) == 2
    assert four.poops and four.rocket_fields
    assert four.areas and all(a.points == 10 and a.mask.bit_count() == 4 for a in four.areas)
    # some fields can only be reached by way of a rocket's planet, and every
    # numbered field can be reached one way or the other
    numbered = {i for i in range(four.size) if four.number(i)}
    assert reachable(four, False) < reachable(four, True) == numbered


@pytest.mark.parametrize("players", [1, 2, 3, 4])
@pytest.mark.parametrize("level", [1, 2, 3, 4])
def test_shipped_levels_start_cleanly(level, players):
    state = make_game("dizzle", players=players, level=level).new_initial_state()
    state.check()
    assert state.scores() == [0] * players
