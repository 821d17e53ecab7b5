"""The game log: every kind of step in words (``Game.step_events``), the end
(``Game.result_events``) and the catalogs in every language (``dicehall.engine.words``)."""

import json
import random
import re
import string

import pytest
from typer.testing import CliRunner

from dicehall.bots import make_bot
from dicehall.cli import app
from dicehall.engine import Event, Match, RecordEntry, make_game, state_from_json
from dicehall.engine.words import LANGUAGES, catalog, render

NAMES = ["Anna", "Ben", "Cleo", "Dana", "Emil", "Fay"]


def told(state, *steps, timed_out=False) -> list[Event]:
    """Apply steps (a notation for the only decider or a chance outcome, or a
    ``(seat, notation)`` pair) and return the events of all of them."""
    events = []
    for step in steps:
        seat, notation = step if isinstance(step, tuple) else (None, step)
        if not state.is_chance():
            seat = state.deciding_seat(seat)
        before = state.clone()
        state.apply(notation, seat)
        events += state.game.step_events(before, RecordEntry(seat, notation), state, timed_out)
    return events


def words(events) -> list[str]:
    return [render(event, "en", NAMES) for event in events]


def marks(events) -> list[tuple[int, str]]:
    return [mark for event in events for mark in event.marks]


# === Dizzle =======================================================================================
# a1 X       b1 1 (bomb)  c1 2 (gem 3)  d1 3
# a2 4 (key) b2 5         c2 6          d2 1 (lock)      arrow a1-c1
SHEET = {"name": "t", "grid": ["X 1 2 3", "4 5 6 1"], "bombs": [{"at": "b1", "points": 4}],
         "gems": [{"at": "c1", "points": 3, "colour": "green"}],
         "keys": [{"at": "a2", "colour": "red"}], "locks": [{"at": "d2", "colour": "red"}],
         "arrows": [{"from": "a1", "to": "c1", "points": 5}]}


PLAIN = {"bombs": [], "gems": [], "keys": [], "locks": [], "arrows": []}


def dizzle(players=2, **sheet):
    return make_game("dizzle", players=players, sheet={**SHEET, **sheet}).new_initial_state()


def test_dizzle_draft_from_the_roll_to_the_crossing_and_what_it_set_off():
    state = dizzle()
    assert words(told(state, "roll 1 2 4 6 6 6 6")) == [
        "Round 1 of 6", "Draft 1 of 12: Anna is start player and rolls", "Rolled: 1, 2, 4, 6, 6, 6, 6"]
    placed = told(state, "1@b1")
    assert words(placed) == ["Anna took a 1 and placed it on b1"] and marks(placed) == [(0, "b1")]
    assert placed[0].to_json() == {"key": "dizzle.place", "seat": 0,
                                   "params": {"player": 0, "value": 1, "field": "b1"}, "marks": [[0, "b1"]]}
    told(state, "4@a2", "2@c1")
    assert words(told(state, "pass")) == ["Ben passed", "Everyone else has passed: Anna has one last turn"]
    last = told(state, "6@c2")
    assert words(last) == [
        "Anna took a 6 and placed it on c2",
        "The draft is over",
        "Anna crossed b1, c1, c2",
        "Anna crossed a gem on c1 (+3)",
        "Anna crossed every field of the arrow a1, b1, c1 (+5)",
        "Ben crossed a2",
        "Anna's bomb went off: Ben scribbles out b1 (−4 at the end)",
        "Ben crossed the key on a2: the locks on d2 open from the next draft",
    ]
    assert marks(last) == [(0, "c2"), (0, "b1"), (0, "c1"), (0, "c2"), (1, "a2"), (1, "b1")]
    assert words(told(state, "roll 1 1 2 2 3 3 3"))[0] == "Draft 2 of 12: Ben is start player and rolls"


def test_dizzle_reroll_return_and_a_jump():
    state = dizzle(grid=["X 1 . 2", ". . . X"], **PLAIN)
    told(state, "roll 1 2 2 6 6 6 6", "1@b1", "2@d1")
    assert words(told(state, "2@d1")) == ["Anna is enclosed and jumped: took a 2 and placed it on d1"]
    assert words(told(state, "pass", "reroll")) == [
        "Ben passed", "Everyone else has passed: Anna has one last turn",
        "No die fits: Anna rerolls the dice in the middle"]
    returned = told(state, "roll 6 6 6 6", "return d1")
    assert words(returned) == ["The reroll shows 6, 6, 6, 6",
                               "Still no die fits: Anna must return a die to the middle",
                               "Anna returned the 2 on d1 to the middle",
                               "The draft is over", "Anna crossed b1", "Ben crossed d1"]
    assert marks(returned)[0] == (0, "d1")


def test_dizzle_reroll_without_a_die_to_return_and_a_timeout():
    state = dizzle()
    told(state, "roll 6 6 6 6 6 6 6", "reroll")
    assert words(told(state, "roll 5 5 5 5 5 5 5")) == [
        "The reroll shows 5, 5, 5, 5, 5, 5, 5", "Still no die fits, but Anna has no die to return"]
    events = told(state, "timeout", timed_out=True)
    assert words(events) == ["Ben's time ran out: the server played “pass”", "Ben passed",
                             "Everyone else has passed: Anna has one last turn"]
    assert events[0].key == "common.timeout" and events[0].params == {"player": 1, "played": "pass"}


# a1 X  b1 1  c1 2  d1 3
# a2 4  b2 V  c2 1  d2 6
# a3 5  b3 6  c3 2  d3 1
VOLCANO = ["X 1 2 3", "4 V 1 6", "5 6 2 1"]


def test_dizzle_lava_choices_stay_hidden_until_everyone_has_chosen():
    match = Match(make_game("dizzle", players=2, sheet={"name": "t", "grid": VOLCANO}), auto_chance=False)
    match.force("lava 1")
    before = match.state.clone()
    match.play("lava c2", 0)
    hidden = match.game.step_events(before, match.entries[-1], match.state)
    assert words(hidden) == ["Anna has chosen"] and marks(hidden) == []
    assert match.state.view(1)["players"][0]["pick"] == "hidden"
    before = match.state.clone()
    match.play("lava b1", 1)
    revealed = match.game.step_events(before, match.entries[-1], match.state)
    assert words(revealed) == ["Ben has chosen", "The lava flowed onto c2 on Anna's sheet",
                               "The lava flowed onto b1 on Ben's sheet"]
    assert marks(revealed) == [(0, "c2"), (1, "b1")]
    assert words(told(make_game("dizzle", sheet={"name": "t", "grid": VOLCANO}).new_initial_state(),
                      "lava 5"))[-1] == "No free 5 next to a volcano or lava: the lava stands still"


def test_dizzle_rocket_planet_track_and_solo_dice():
    rocket = dizzle(grid=["X 1 . P 4", "3 . . P 5"], rockets=[{"at": "b1"}], **PLAIN)
    crossing = told(rocket, "roll 1 6 6 6 6 6 6", "1@b1", "pass", "pass")
    assert "Anna crossed the rocket on b1 and crosses a planet next" in words(crossing)
    planet = told(rocket, "planet d2")
    assert words(planet) == ["Thanks to the rocket, Anna crossed the planet d2"]
    assert marks(planet) == [(0, "d2")]

    rail = make_game("dizzle", players=2, sheet={"name": "t", "grid": ["X 1 5", "2 3 4"], "railway": True,
                                                 "tracks": [{"at": "a1", "piece": "es"}]}).new_initial_state()
    assert words(told(rail, "roll 1 6 6 6 6 6 6", "1@b1", "pass", "pass"))[-1] == \
        "Anna draws track pieces on b1"
    assert words(told(rail, "track b1 ew")) == ["Anna drew the track ─ on b1"]

    solo = dizzle(players=1)
    assert words(told(solo, "roll 1 2 3 3 4 5 6 6")) == ["Round 1 of 10", "Rolled: 1, 2, 3, 3, 4, 5, 6, 6"]
    assert words(told(solo, "1@b1", "solo 3 6")) == [
        "Anna took a 1 and placed it on b1", "The solo dice show 3, 6; removed from the middle: 3, 6"]
    assert words(told(solo, "2@c1", "solo 1 1"))[-1] == \
        "The solo dice show 1, 1; no such die is in the middle"


# === Noch mal =====================================================================================
def nochmal(players=2, crossed=(), hearts=0, rolls=0):
    """A Noch mal so gut! state before roll ``rolls + 1``, Anna's sheet with these crosses."""
    game = make_game("nochmal", players=players)
    data = game.new_initial_state().to_json()
    data.update(rolls=rolls, active=rolls % players)
    data["players"][0].update(crossed=sorted(crossed), hearts=hearts)
    return game.state_from_json(data)


def test_nochmal_choices_of_the_first_rolls_stay_hidden_until_resolved():
    state = nochmal()
    assert words(told(state, "roll g y x / 1 2 ? / heart")) == [
        "Anna rolled 🟩, 🟨, ✖ and 1, 2, ?; the special die shows a heart",
        "Rolls 1–3: everyone chooses at once from all dice"]
    hidden = told(state, (0, "x? h6 h7"))
    assert words(hidden) == ["Anna has chosen"] and marks(hidden) == []
    assert json.dumps([event.to_json() for event in hidden]).count("h6") == 0
    revealed = told(state, (1, "heart"))
    assert words(revealed) == ["Ben has chosen", "Anna took yellow and 2: crossed h6, h7",
                               "Anna struck 2 × “!” (4 left)", "Ben used the heart: circled heart 1 of 5"]
    assert marks(revealed) == [(0, "h6"), (0, "h7")]


def test_nochmal_from_roll_four_the_active_players_dice_are_told_at_once():
    state = nochmal(rolls=3)
    assert words(told(state, "roll g y b / 1 2 3 / bomb")) == [
        "Ben rolled 🟩, 🟨, 🟦 and 1, 2, 3; the special die shows a bomb"]
    taken = told(state, (1, "y2 h6 h7"))
    assert words(taken) == ["Ben took 🟨 and 2; the others choose from the dice left"] and marks(taken) == []
    resolved = told(state, (0, "bomb a1 b1 a2 b2"))
    assert words(resolved) == ["Ben took yellow and 2: crossed h6, h7",
                               "Anna used the bomb: crossed a1, b1, a2, b2"]
    assert marks(resolved) == [(1, "h6"), (1, "h7"), (0, "a1"), (0, "b1"), (0, "a2"), (0, "b2")]
    state = nochmal(rolls=3)
    told(state, "roll g y b / 1 2 3 / stars")
    assert words(told(state, (1, "stars h3"))) == [
        "Ben took the special die; the others choose from the colour and number dice"]
    assert words(told(state, (0, "pass"))) == ["Ben used the stars: crossed h3", "Anna passed"]
    state = nochmal(rolls=3)
    told(state, "roll g y b / 1 2 3 / heart")
    assert words(told(state, (1, "pass"))) == ["Ben passed; the others choose from all dice"]


def test_nochmal_a_cross_completing_a_row_column_and_colour_first():
    sheet = make_game("nochmal").sheet
    green, row, column = (set(sheet.names(mask)) for mask in
                          (sheet.colour_masks["g"], sheet.rows[0], sheet.columns[7]))
    state = nochmal(crossed=(green | row | column) - {"h1"}, hearts=2)
    events = told(state, "roll g y b / 1 2 3 / heart", (0, "g1 h1"), (1, "g1 h1"))
    assert words(events)[-8:] == [
        "Ben has chosen",
        "Anna took green and 1: crossed h1",
        "Ben took green and 1: crossed h1",
        "Anna completed row 1 first (+5 at the end) and circles a special die",
        "Anna completed column H first (+2)",
        "Anna writes a heart bonus of 2 under column H",
        "Anna crossed every green box (+5)",
        "Anna circles special dice: +1",         # column H circles one more
    ]


def test_nochmal_a_rows_bomb_item_is_set_before_the_roll_is_scored():
    sheet = make_game("nochmal").sheet
    state = nochmal(crossed=set(sheet.names(sheet.rows[1])) - {"h2"})
    events = told(state, "roll r y b / 1 2 3 / heart", (0, "r1 h2"), (1, "pass"))
    assert words(events)[-1] == "Anna completed row 2 first (+5 at the end) and sets a bomb at once"
    bomb = told(state, (0, "bomb a3 b3 a4 b4"))
    assert words(bomb) == ["Anna set the row's bomb on a3, b3, a4, b4",
                           "Anna circles special dice: +1"]        # b3 is a special-die field
    assert marks(bomb) == [(0, "a3"), (0, "b3"), (0, "a4"), (0, "b4")]


# === Razzle-Dazzle ================================================================================
def razzle(*progress, players=2, wheels=(), **options):
    """Red (seat 0) to spin, the seats' pieces at these progress values (red progress p
    stands on field p-1, blue on field (p+15) % 48)."""
    game = make_game("razzle", players=players, **options)
    data = game.new_initial_state().to_json()
    for seat, player in enumerate(data["players"]):
        row = list(progress[seat]) if seat < len(progress) else []
        player["progress"] = row + [0] * (game.pieces - len(row))
        player["goals"] = row.count(game.board.track_length + 1)
        if seat < len(wheels):
            player["wheel"] = wheels[seat]
    data.update(phase="spin", turn=0)
    return state_from_json(data)


def test_razzle_a_hit_sends_the_other_piece_back_to_start():
    state = razzle([10], [47])                          # red on field 9, blue on 14
    events = told(state, "spin 5", "move 9")
    assert words(events) == ["Anna spun a 5", "Anna moved a piece from 9 to 14",
                             "Anna hit Ben's piece on 14 back to start"]
    move, hit = events[1], events[2]
    assert move.params == {"player": 0, "from": 9, "to": 14, "path": [10, 11, 12, 13, 14],
                           "start": False, "goal": False}
    assert move.marks == ((0, "9"), (0, "14")) and hit.marks == ((1, "14"),)
    assert hit.params == {"player": 0, "other": 1, "field": 14}


def test_razzle_a_jump_names_its_path_and_hits_on_the_landing_field():
    state = razzle([10], [13])                          # red on 9, blue on the jump target 28
    events = told(state, "spin 3", "move 9")
    assert words(events)[1:] == ["Anna moved a piece from 9 to 28", "Anna's jump from 12 to 28",
                                 "Anna hit Ben's piece on 28 back to start"]
    assert events[1].params["path"] == [10, 11, 12, 28]
    assert events[2].params == {"player": 0, "from": 12, "to": 28}
    blocked = told(razzle([10, 29]), "spin 3", "move 9")
    assert words(blocked)[2] == "Anna's piece stays on 12: an own piece stands on 28"


def test_razzle_entering_the_goal_and_a_used_six():
    events = told(razzle([46], wheels=[[4]]), "spin 4", "move 45")
    assert words(events) == ["Anna spun a 4", "Anna's wheel is empty and fills up with 1–6 again",
                             "Anna moved a piece from 45 into the goal (1 of 3)"]
    assert events[2].params["path"] == [46, 47] and events[2].params["goal"]
    entered = told(razzle(), "spin 6", "enter")
    assert words(entered)[1:] == ["Anna brought a piece from the start onto 5",
                                  "Anna used a 6 and has another turn"]
    assert entered[1].params["start"] and entered[1].params["path"] == [0, 1, 2, 3, 4, 5]


def test_razzle_no_move_spin_again_end_and_timeouts():
    # red's only piece on the track is stuck behind blue on the safe field 8
    stuck = {"pieces": 3, "goal": 3}
    state = razzle([8, 49, 49], [41], wheels=[[1, 3]], **stuck)
    assert words(told(state, "spin 1", "spin", "spin 3")) == [
        "Anna spun a 1", "Anna cannot move 1: spin once more or end the turn", "Anna spins once more",
        "Anna spun a 3", "Anna's wheel is empty and fills up with 1–6 again"]
    state = razzle([8, 49, 49], [41], wheels=[[1]], **stuck)
    assert words(told(state, "spin 1", "spin", "spin 1"))[-1] == \
        "Anna cannot move 1 either: the turn passes on"
    state = razzle([8, 49, 49], [41], wheels=[[1]], **stuck)
    assert words(told(state, "spin 1", "end"))[-1] == "Anna ended the turn"
    state = razzle([5])
    told(state, "spin 2")
    assert words(told(state, "timeout", timed_out=True)) == [
        "Anna's time ran out: the server played “timeout”",
        "Anna's move is forfeited: no piece moves and the 2 stays used"]


def test_the_terminal_reports_a_knock_out():
    result = CliRunner().invoke(app, ["play", "razzle", "--seat", "greedy", "--seat", "greedy",
                                      "--seed", "3"])
    assert result.exit_code == 0, result.output
    assert re.search(r"greedy \(seat \d\) hit greedy \(seat \d\)'s piece on \d+ back to start", result.output)
    assert "greedy (seat 0) wins (3 in the goal)" in result.output


# === the end ======================================================================================
def over(crossed):
    """A finished 2-player Dizzle game with these crossed fields per seat."""
    game = make_game("dizzle", players=2, sheet=SHEET)
    data = game.new_initial_state().to_json()
    data.update(phase="over", draft=game.drafts)
    for player, fields in zip(data["players"], crossed):
        player["crossed"] = fields
    return game.state_from_json(data)


def test_result_events_name_a_shared_win_and_explain_a_tie_break():
    shared = over([["a1", "c1"], ["a1", "c1"]])
    assert words(shared.game.result_events(shared)) == ["Anna, Ben share the win with 3 points"]
    assert shared.game.result_events(shared)[0].params == {"players": [0, 1], "score": 3}
    split = over([["a1", "c1", "d2"], ["a1", "c1"]])
    assert words(split.game.result_events(split)) == [
        "Ben wins with 3 points",
        "Ben and Anna both have 3 points; Ben ranks ahead with fewer crossed fields (2 to 3)"]
    solo = make_game("dizzle", players=1, level=1)
    state = solo.new_initial_state()
    assert words(solo.result_events(state)) == ["Anna scored 0 points",
                                                f"Solo rating: {solo.rating(0)}"]


def test_render_names_seats_and_joins_lists_in_every_language():
    event = Event("dizzle.scribble", 1, {"player": 1, "other": 2, "fields": ["b1", "c1"], "points": 4})
    assert render(event, "en", NAMES) == "Cleo's bomb went off: Ben scribbles out b1, c1 (−4 at the end)"
    assert render(event, "de", NAMES) == \
        "Die Bombe von Cleo explodiert: Ben kritzelt b1, c1 durch (−4 am Spielende)"
    assert "Ben" in render(event, "sv", NAMES) and "Cleo" in render(event, "zh", NAMES)
    shared = Event("common.shared_win", None, {"players": [0, 2], "score": 7})
    assert render(shared, "sv", NAMES) == "Anna, Cleo delar på segern med 7 poäng"


# === the catalogs =================================================================================
def placeholders(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def test_every_key_has_the_same_placeholders_in_every_language():
    english = catalog("en")
    for lang in LANGUAGES:
        other = catalog(lang)
        assert other.keys() == english.keys()
        for key, template in other.items():
            assert placeholders(template) == placeholders(english[key]), (lang, key)
            assert template.strip(), (lang, key)


def test_every_score_part_has_a_word():
    english = catalog("en")
    for name, options in (("dizzle", {"level": 8}), ("dizzle", {"players": 1, "level": 4}),
                          ("nochmal", {"players": 1}), ("nochmal", {"edition": "classic"}), ("razzle", {})):
        state = make_game(name, **options).new_initial_state()
        for part in state.score_parts(0):
            assert f"{name}.part.{part}" in english
        if name != "razzle":
            assert sum(state.score_parts(0).values()) == state.scores()[0]


CONFIGS = ([("dizzle", {"players": p, "level": level}) for level in (1, 3, 4, 7, 8) for p in (1, 2, 4)]
           + [("nochmal", {"players": p, "edition": e}) for e in ("so-gut", "classic") for p in (1, 2, 4)]
           + [("razzle", {"players": p}) for p in (2, 3)])


def mark_names(game) -> set[str]:
    """The names marks may use: the layout's fields or boxes, Razzle-Dazzle's ring indices."""
    layout = game.layout()
    return {str(place.get("name", place.get("index"))) for place in layout.get("boxes", layout.get("fields"))}


@pytest.mark.parametrize("name, options", CONFIGS, ids=[f"{n}-{o}" for n, o in CONFIGS])
def test_every_step_of_random_games_is_worded_in_every_language(name, options):
    game = make_game(name, **options)
    names = mark_names(game)
    catalogs = {lang: catalog(lang) for lang in LANGUAGES}
    for seed in range(2):
        state, rng, bot, events = game.new_initial_state(), random.Random(seed), make_bot("random"), []
        while not state.is_terminal():
            if state.is_chance():
                entry = RecordEntry(None, str(state.sample_chance(rng)))
            else:
                seat = state.deciders()[0]
                entry = RecordEntry(seat, str(game.action_from_id(bot.choose(state, seat, rng))))
            before = state.clone()
            state.apply(entry.notation, entry.seat)
            events += game.step_events(before, entry, state, timed_out=rng.random() < 0.05)
        events += game.result_events(state)
        for event in events:
            json.dumps(event.to_json())
            for lang, templates in catalogs.items():
                assert placeholders(templates[event.key]) <= event.params.keys(), (lang, event)
                render(event, lang, NAMES)
            for seat, mark in event.marks:
                assert 0 <= seat < game.num_players and mark in names, event
