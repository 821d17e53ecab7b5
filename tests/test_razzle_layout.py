"""The Razzle-Dazzle layout's number wheels (docs/razzle.md, "The board in
the browser"): one per seat, each in a corner of its own, inside the square
and clear of the ring, the start hollows and the jump arrows' fields."""

from __future__ import annotations

import math

import pytest

from dicehall.engine import make_game


def distance(a: dict, b: dict) -> float:
    return math.hypot(a["x"] - b["x"], a["y"] - b["y"])


@pytest.mark.parametrize("players", [2, 3])
@pytest.mark.parametrize("pieces", [2, 4, 6])
def test_each_seat_has_a_wheel_in_a_corner_of_its_own_clear_of_the_board(players, pieces):
    layout = make_game("razzle", players=players, pieces=pieces, goal=1).layout()
    wheels = [seat["wheel"] for seat in layout["seats"]]
    assert len({(w["x"], w["y"]) for w in wheels}) == players
    centre = {"x": layout["centre"], "y": layout["centre"]}
    for seat, wheel in zip(layout["seats"], wheels):
        r = wheel["r"]
        assert r >= 40 and r <= wheel["x"] <= layout["size"] - r and r <= wheel["y"] <= layout["size"] - r
        assert distance(wheel, centre) - r > layout["ring_radius"] + layout["field_radius"]
        for other in layout["seats"]:
            assert all(distance(wheel, hollow) > r + layout["hollow_radius"] for hollow in other["start"])
        # the corner nearest the seat's own start hollows
        def nearest(w: dict) -> float:
            return min(distance(w, hollow) for hollow in seat["start"])
        assert all(nearest(wheel) < nearest(w) for w in wheels if w is not wheel)


def test_the_standard_wheels_stand_by_red_blue_and_yellow():
    layout = make_game("razzle", players=3).layout()
    half = layout["size"] / 2
    corners = [(seat["wheel"]["x"] > half, seat["wheel"]["y"] > half) for seat in layout["seats"]]
    assert corners == [(True, False), (True, True), (False, True)]  # top right, bottom right, bottom left
