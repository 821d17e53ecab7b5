"""Property tests over random Dizzle games of every level and player count."""

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dicehall.engine import make_game
from dicehall.engine.playout import play_on
from dicehall.games.dizzle.scoring import sheet_score
from scenario import check_legal_actions, check_round_trips
from scenario import random_game as play_randomly

configs = st.tuples(st.integers(1, 8), st.integers(1, 4), st.integers(0, 2**32))


def random_game(level: int, players: int, seed: int, inspect=lambda state: None):
    return play_randomly(make_game("dizzle", players=players, level=level), seed, inspect)


def recomputed_score(state, seat: int) -> int:
    """The score from the final sheet as JSON and the sheet's own tables,
    independently of the engine's bitmasks."""
    sheet_data = state.sheet.data
    player = state.to_json()["players"][seat]
    crossed, scribbled = set(player["crossed"]), set(player["scribbled"])
    solo = state.game.solo

    def fields(table):
        at = table["at"]
        return [at] if isinstance(at, str) else at

    def arrow_fields(arrow):
        (c0, r0), (c1, r1) = [(ord(a[0]) - 97, int(a[1:])) for a in (arrow["from"], arrow["to"])]
        return {f"{chr(97 + c)}{r}" for c in range(min(c0, c1), max(c0, c1) + 1)
                for r in range(min(r0, r1), max(r0, r1) + 1)}

    score = 0
    for gem in sheet_data.get("gems", []):
        score += gem["points"] * len(crossed & set(fields(gem)))
    for group in sheet_data.get("puzzles", []) + sheet_data.get("areas", []):
        score += group["points"] if set(fields(group)) <= crossed else 0
    for arrow in sheet_data.get("arrows", []):
        score += arrow["points"] if arrow_fields(arrow) <= crossed else 0
    for bomb in sheet_data.get("bombs", []):
        if solo:
            score += 2 * len(crossed & set(fields(bomb)))
        else:
            score -= bomb["points"] * len(scribbled & set(fields(bomb)))
    for poop in sheet_data.get("poops", []):
        score -= poop["points"] * len(crossed & set(fields(poop)))
    score += sum(value or 0 for value in player["flags"])
    if sheet_data.get("railway"):
        score += recomputed_railway(sheet_data, player["tracks"])
    return score


def recomputed_railway(sheet_data, drawn: dict) -> int:
    """Railway points from the piece names, by walking the track connections."""
    steps = {"n": (0, -1), "e": (1, 0), "s": (0, 1), "w": (-1, 0)}
    back = {"n": "s", "s": "n", "e": "w", "w": "e"}
    pieces = {t["at"]: t["piece"] for t in sheet_data.get("tracks", [])} | drawn

    def next_to(name, edge):
        dx, dy = steps[edge]
        return f"{chr(ord(name[0]) + dx)}{int(name[1:]) + dy}"

    networks, seen = [], set()
    for start in pieces:
        if start in seen:
            continue
        todo, fields, closed = [start], {start}, True
        while todo:
            name = todo.pop()
            for edge in pieces[name]:
                other = next_to(name, edge)
                if back[edge] not in pieces.get(other, ""):
                    closed = False
                elif other not in fields:
                    fields.add(other)
                    todo.append(other)
        seen |= fields
        networks.append((fields, closed))
    closed = sorted((f for f, c in networks if c), key=len, reverse=True)
    points = sum(len(f) for f, c in networks if not c) + 2 * sum(map(len, closed))
    points += len(closed[0]) if closed else 0
    in_closed = set().union(*closed) if closed else set()
    for station in sheet_data.get("stations", []):
        at = [station["at"]] if isinstance(station["at"], str) else station["at"]
        points += station["points"] * len(in_closed & set(at))
    return points


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(configs)
def test_random_games_end_consistently_and_score_from_the_sheet(config):
    level, players, seed = config
    final = random_game(level, players, seed, inspect=lambda state: state.check())
    game = final.game
    assert final.draft <= game.drafts
    assert final.draft == game.drafts or any(
        not game.sheet.numbered & ~(c | s) for c, s in zip(final.crossed, final.scribbled))
    assert final.scores() == [recomputed_score(final, seat) for seat in range(players)]
    assert sorted(final.ranking()) == list(range(players))


@settings(max_examples=15, deadline=None)
@given(configs)
def test_serialisation_and_clone_round_trip_in_every_state(config):
    level, players, seed = config

    random_game(level, players, seed, check_round_trips)


@settings(max_examples=15, deadline=None)
@given(configs)
def test_legal_actions_round_trip_through_notation_and_mask(config):
    level, players, seed = config

    random_game(level, players, seed, check_legal_actions)


@settings(max_examples=25, deadline=None)
@given(configs)
def test_kept_scores_follow_every_change_of_a_sheet(config):
    """Scores asked at every step (as per-step rewards ask) come from the state's
    kept scores; they equal the scores worked out from the sheets afresh, also
    in clones that go their own way."""
    level, players, seed = config
    clones, asked = [], 0

    def fresh(state):
        return [sheet_score(state.sheet, state.crossed[p], state.scribbled[p], state.flag_values[p],
                            state.game.solo, state.tracks[p]) for p in range(players)]

    def inspect(state, seat=None):
        nonlocal asked
        assert state.scores() == fresh(state)
        asked += 1
        if asked % 25 == 0 and len(clones) < 3:
            clones.append(state.clone())

    random_game(level, players, seed, inspect)
    for number, clone in enumerate(clones):
        play_on(clone, lambda state, seat, rng: rng.choice(state.legal_action_ids(seat)),
                random.Random(seed + number), inspect)
        inspect(clone)
