"""Design checks of Dizzle sheets (dicehall.games.dizzle.check)."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

import dicehall.games.dizzle as dizzle
from dicehall.games.datafile import SheetError
from dicehall.games.dizzle.check import Problem, check_level_file, check_sheet, reachable
from dicehall.games.dizzle.sheet import Flag, Scored
from dicehall.games.dizzle.sheetfile import load_sheet, sheet_from_data

LEVEL_FILES = sorted((Path(dizzle.__file__).parent / "levels").glob("level*.toml"))

# A small sheet that passes every check: numbers 1-6 evenly spread, no equal
# neighbours, everything reachable.
GOOD_GRID = ["X 1 2 3 4 5",
             "2 3 4 5 6 1",
             "4 5 6 1 2 3",
             "6 1 2 3 X 4"]


def sheet(grid=GOOD_GRID, **specials):
    return sheet_from_data({"name": "test", "grid": list(grid), **specials})


def problems(grid=GOOD_GRID, **specials) -> list[Problem]:
    return check_sheet(sheet(grid, **specials))


def texts(found: list[Problem]) -> list[str]:
    return [str(problem) for problem in found]


def at(found: list[Problem], field: str | None) -> list[str]:
    """The messages of the problems at ``field``."""
    return [problem.message for problem in found if problem.field == field]


# --- the shipped levels ---------------------------------------------------------------
def test_the_levels_folder_has_the_shipped_levels():
    names = {path.name for path in LEVEL_FILES}
    assert {"level1.toml", "level2.toml", "level3.toml", "level4.toml"} <= names


@pytest.mark.parametrize("path", LEVEL_FILES, ids=lambda path: path.stem)
def test_every_shipped_level_passes(path):
    found = check_sheet(load_sheet(path))
    assert found == [], "\n".join(texts(found))


@pytest.mark.parametrize("path", LEVEL_FILES, ids=lambda path: path.stem)
def test_check_level_file_by_number_and_by_path(path):
    number = path.stem.removeprefix("level")
    by_number, found = check_level_file(number)
    assert found == []
    assert by_number.name == load_sheet(path).name
    by_path, found = check_level_file(path)
    assert found == [] and by_path.name == by_number.name
    assert check_level_file(str(path))[0].name == by_number.name


def test_check_level_file_errors(tmp_path):
    with pytest.raises(SheetError, match="no shipped level 99"):
        check_level_file("99")
    bad = tmp_path / "bad.toml"
    bad.write_text('name = "bad"\ngrid = ["1 2"]\n', encoding="utf-8")
    with pytest.raises(SheetError, match="start cross"):
        check_level_file(bad)
    good = tmp_path / "good.toml"
    good.write_text('name = "odd"\ngrid = ["X 1 . 2"]\n', encoding="utf-8")
    loaded, found = check_level_file(good)
    assert loaded.name == "odd"
    assert "d1: unreachable from the start crosses" in texts(found)


# --- a good sheet and the Problem type -------------------------------------------------------
def test_a_good_small_sheet_has_no_problems():
    assert problems() == []
    full = dict(gems=[{"at": "b1", "points": 3, "colour": "red"}],
                bombs=[{"at": "c2", "points": 2}],
                keys=[{"at": "d1", "colour": "blue"}], locks=[{"at": "f2", "colour": "blue"}],
                flags=[{"at": "e3", "colour": "green", "track": [6, 3, 1]}],
                puzzles=[{"at": ["a3", "f4"], "colour": "purple", "points": 8}],
                poops=[{"at": "b4", "points": 2}],
                arrows=[{"from": "a2", "to": "f2", "points": 9}],
                areas=[{"at": ["c3", "d3", "c4", "d4"], "points": 10}])
    assert problems(**full) == []


def test_problem_text_names_the_field():
    assert str(Problem("c4", "unreachable from the start crosses")) == \
        "c4: unreachable from the start crosses"
    assert str(Problem(None, "railway sheet without a station")) == "railway sheet without a station"
    with pytest.raises(dataclasses.FrozenInstanceError):
        Problem("a1", "x").field = "b1"


# --- reach ------------------------------------------------------------------------------------
def test_fields_behind_holes_are_unreachable():
    found = problems(["X 1 . 2", "3 4 . 5"])
    assert "d1: unreachable from the start crosses" in texts(found)
    assert "d2: unreachable from the start crosses" in texts(found)
    assert not at(found, "b1") and not at(found, "a2")


def test_unreachable_specials_say_what_they_are():
    found = problems(["X 1 . 2 3"], gems=[{"at": "d1", "points": 4, "colour": "red"}],
                     bombs=[{"at": "e1", "points": 2}])
    assert at(found, "d1") == ["unreachable from the start crosses (red gem)"]
    assert at(found, "e1") == ["unreachable from the start crosses (bomb)"]


def test_volcanoes_block():
    found = problems(["X 1 V 2", "3 4 V 5"])
    assert at(found, "d1") == ["unreachable from the start crosses"]
    assert at(found, "d2") == ["unreachable from the start crosses"]


def test_a_key_behind_its_own_lock_never_opens_it():
    found = problems(["X 1 2 3 4"], keys=[{"at": "e1", "colour": "blue"}],
                     locks=[{"at": "c1", "colour": "blue"}])
    assert at(found, "c1") == [
        "unreachable from the start crosses (blue lock; no blue key can be reached to open it)"]
    assert at(found, "d1") == ["unreachable from the start crosses"]
    assert at(found, "e1") == ["unreachable from the start crosses (blue key)"]


def test_a_reachable_key_opens_its_locks_and_chains_of_keys_work():
    assert not [p for p in problems(["X 1 2 3 4"], keys=[{"at": "b1", "colour": "blue"}],
                                    locks=[{"at": "c1", "colour": "blue"}])
                if "unreachable" in p.message]
    # the orange key lies behind the blue lock; the blue key is free
    chain = sheet(["1 X 2 3 4 5"], keys=[{"at": "a1", "colour": "blue"},
                                         {"at": "e1", "colour": "orange"}],
                  locks=[{"at": "c1", "colour": "blue"}, {"at": "f1", "colour": "orange"}])
    reached, opened = reachable(chain)
    assert reached == chain.fields and opened == {"blue", "orange"}
    # the same, but the blue key lies behind the orange lock: neither opens
    stuck = sheet(["X 2 3 4 5"], keys=[{"at": "e1", "colour": "blue"},
                                       {"at": "d1", "colour": "orange"}],
                  locks=[{"at": "b1", "colour": "blue"}, {"at": "c1", "colour": "orange"}])
    found = check_sheet(stuck)
    assert at(found, "b1") == [
        "unreachable from the start crosses (blue lock; no blue key can be reached to open it)"]
    assert "e1: unreachable from the start crosses (blue key)" in texts(found)


def test_rockets_reach_every_planet_and_play_goes_on_from_there():
    moon = sheet(["X 1 . P 2", "3 4 . 5 6"], rockets=[{"at": "b1"}])
    assert reachable(moon)[0] == moon.fields
    assert [p for p in check_sheet(moon) if "unreachable" in p.message] == []
    # the rocket itself is walled off: the planet and its land are lost
    found = problems(["X 1 . P 2", "3 . 4 . 5"], rockets=[{"at": "c2"}])
    assert at(found, "d1") == ["unreachable from the start crosses (planet; no rocket can be reached)"]
    assert "e1: unreachable from the start crosses" in texts(found)
    assert "c2: unreachable from the start crosses (rocket)" in texts(found)


def test_railway_printed_tracks_are_start_fields():
    rail = sheet(["1 2 . X 3"], railway=True, tracks=[{"at": "d1", "piece": "ew"}],
                 stations=[{"at": "e1", "points": 4}])
    found = check_sheet(rail)
    assert at(found, "e1") == []
    assert at(found, "a1") == ["unreachable from the start crosses"]


# --- numbers ------------------------------------------------------------------------------
def test_numbers_must_be_spread_evenly():
    found = problems(["X 1 2 1 3", "4 1 5 1 6", "1 2 1 3 1"])
    spread = [m for m in at(found, None) if m.startswith("numbers are not spread evenly")]
    assert len(spread) == 1
    assert "1 appears 7 times" in spread[0] and "4 appears 1 times" in spread[0]
    assert "2 appears" not in spread[0]
    assert "counts 1:7 2:2 3:2 4:1 5:1 6:1" in spread[0]


def test_small_differences_are_fine():
    # 1 and 2 appear 3 times, the rest twice: more than 25% off the mean of 2.3,
    # but within one, which is as even as 14 fields can be
    assert not [p for p in problems(["X 1 2 3 4 5 6", "2 1 X 3 4 5 6", "1 2 . . . . ."])
                if "spread" in p.message]


def test_too_many_equal_neighbours():
    found = problems(["X 1 1 2 3", "4 5 6 6 2", "3 4 5 1 2"])
    messages = [m for m in at(found, None) if "neighbouring pairs share" in m]
    assert messages == ["3 of 20 neighbouring pairs share their number (more than 10%): "
                        "b1-c1 (1), c2-d2 (6), e2-e3 (2)"]
    # two of twenty is still fine
    assert not [p for p in problems(["X 1 1 2 3", "4 5 6 6 2", "3 4 5 1 6"])
                if "neighbouring" in p.message]


# --- arrows and areas -------------------------------------------------------------------------
def test_odd_arrows():
    found = problems(["X X 1 2 3 4", "5 6 1 2 3 4", "5 6 1 2 3 4"],
                     arrows=[{"from": "c2", "to": "c2", "points": 3},
                             {"from": "a1", "to": "b1", "points": 3},
                             {"from": "c3", "to": "f3", "points": 5},
                             {"from": "f3", "to": "c3", "points": 5}])
    assert "arrow c2 is a single field" in at(found, "c2")
    assert "arrow a1-b1 is complete from the start" in at(found, "a1")
    assert "arrow c3-f3 is given twice" in at(found, "c3")


def test_arrows_and_areas_with_holes_or_unplayable_fields():
    base = sheet(["X 1 . 2", "3 4 P V"])
    odd = dataclasses.replace(base, arrows=(Scored(0b1111, 5),),
                              areas=(Scored(1 << 5 | 1 << 6 | 1 << 7 | 1 << 1, 6),))
    found = check_sheet(odd)
    assert "arrow a1-d1 includes a hole" in at(found, "c1")
    assert "area b1 b2 c2 d2 includes a planet" in at(found, "c2")
    assert "area b1 b2 c2 d2 includes a volcano" in at(found, "d2")


def test_odd_areas():
    found = problems(GOOD_GRID, areas=[{"at": ["b1", "d1"], "points": 5},
                                       {"at": ["b2"], "points": 2},
                                       {"at": ["b2", "c2"], "points": 4},
                                       {"at": ["a1", "e4"], "points": 4}])
    assert "area b1 d1 is not connected" in at(found, "b1")
    assert "area b2 is a single field" in at(found, "b2")
    assert "area b2 c2 overlaps area b2" in at(found, "b2")
    assert "area a1 e4 is complete from the start" in at(found, "a1")


# --- values ------------------------------------------------------------------------------------
def test_flag_tracks():
    found = problems(flags=[{"at": "b1", "colour": "red", "track": [5]}])
    assert at(found, "b1") == ["red flag track [5] needs at least 2 values"]
    # the schema already refuses these; a sheet built in code is checked all the same
    odd = dataclasses.replace(sheet(), flags=(Flag(1, "blue", (3, 5)), Flag(2, "green", (4, 0))))
    found = check_sheet(odd)
    assert at(found, "b1") == ["blue flag track [3, 5] must not increase"]
    assert at(found, "c1") == ["green flag track [4, 0] must be strictly positive"]


@pytest.mark.parametrize("kind, table, field, message", [
    ("gems", {"at": "b1", "points": 11, "colour": "red"}, "b1", "red gem is worth 11 points; expected 1-10"),
    ("bombs", {"at": "c1", "points": 12}, "c1", "bomb is worth 12 points; expected 1-10"),
    ("poops", {"at": "d1", "points": 15}, "d1", "poop is worth 15 points; expected 1-10"),
    ("arrows", {"from": "a2", "to": "f2", "points": 25}, "a2",
     "arrow a2-f2 is worth 25 points; expected 1-20"),
    ("areas", {"at": ["b2", "c2"], "points": 21}, "b2", "area b2 c2 is worth 21 points; expected 1-20"),
    ("puzzles", {"at": ["b2", "c2"], "colour": "teal", "points": 30}, "b2",
     "teal puzzle colour is worth 30 points; expected 1-20"),
])
def test_points_must_be_sane(kind, table, field, message):
    assert message in at(problems(**{kind: [table]}), field)


def test_station_points_must_be_sane():
    found = problems(["X 1 2 3", "4 5 6 1"], railway=True, tracks=[{"at": "a1", "piece": "es"}],
                     stations=[{"at": "c2", "points": 40}])
    assert "station is worth 40 points; expected 1-20" in at(found, "c2")


# --- elements that need each other ----------------------------------------------------------------
def test_planets_need_a_rocket_and_rockets_a_planet():
    found = problems(["X 1 2 P"])
    assert "planet, but the sheet has no rocket" in at(found, "d1")
    odd = dataclasses.replace(sheet(), rocket_fields=(1,))
    assert "rocket, but the sheet has no planet" in at(check_sheet(odd), "b1")


def test_locks_need_keys_and_keys_need_locks():
    found = problems(keys=[{"at": "b1", "colour": "red"}])
    assert "red key, but no red lock on the sheet" in at(found, "b1")
    odd = dataclasses.replace(sheet(), locks=(Scored(1 << 2, 0, "green"),))
    assert "green lock, but no green key on the sheet" in at(check_sheet(odd), "c1")


def test_volcanoes_need_numbered_neighbours():
    found = problems(["X 1 2", "V . 3", "X . 4"])
    assert "volcano without a numbered field next to it (lava cannot start)" in at(found, "a2")
    assert not [p for p in problems(["X 1 2", "V 3 4"]) if "volcano" in p.message]


def test_railway_sheets_need_a_station():
    found = problems(["X 1 2 3", "4 5 6 1"], railway=True, tracks=[{"at": "a1", "piece": "es"}])
    assert "railway sheet without a station" in texts(found)
    with_station = problems(["X 1 2 3", "4 5 6 1"], railway=True, tracks=[{"at": "a1", "piece": "es"}],
                            stations=[{"at": "a1", "points": 3}])
    assert "railway sheet without a station" not in texts(with_station)


def test_specials_must_sit_on_numbered_fields():
    odd = dataclasses.replace(sheet(), gems=(Scored(1 << 0, 3, "red"),))
    assert "gem is not on a numbered field" in at(check_sheet(odd), "a1")
