"""Deriving solo rating bands from simulation (dicehall.sim.ratings)."""

import tomllib

from dicehall.engine import make_game
from dicehall.games.datafile import RatingBand
from dicehall.games.dizzle.sheetfile import sheet_from_data
from dicehall.sim.ratings import bands_toml, calibration_gap, derive_bands

LABELS = ["top", "good", "fair", "last"]


def test_the_gap_is_the_mean_distance_from_the_bot_to_the_top_band():
    printed = [((RatingBand(81, "a"), RatingBand(None, "b")), 53.0),
               ((RatingBand(91, "a"), RatingBand(None, "b")), 61.0)]
    assert calibration_gap(printed) == 29.0


def test_derived_bands_start_at_mean_plus_gap_and_step_down():
    bands = derive_bands(57.4, 29.0, LABELS)
    assert bands == (RatingBand(86, "top"), RatingBand(76, "good"), RatingBand(66, "fair"),
                     RatingBand(None, "last"))


def test_derived_bands_load_as_a_sheets_rating_table():
    bands = derive_bands(40.0, 30.0, LABELS, width=5)
    data = {"name": "t", "grid": ["X 1 2"], **tomllib.loads(bands_toml(bands))}
    sheet = sheet_from_data(data)
    assert sheet.solo_rating == bands
    assert sheet.rating(70) == "top" and sheet.rating(66) == "good" and sheet.rating(0) == "last"


def test_every_shipped_level_has_a_solo_rating_table():
    for level in range(1, 9):
        game = make_game("dizzle", players=1, level=level)
        assert len(game.sheet.solo_rating) == 7
        assert game.rating(1000) == "on the podium"
