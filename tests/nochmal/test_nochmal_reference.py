"""Random games checked against a plain, independent reading of nochmal.md: at
every decision each decider's exact legal actions, and after every roll the
first/later values, heart bonuses, items, hearts and special dice."""

import random
from itertools import combinations

import pytest
from nochmal_helpers import make

from dicehall.engine import CHANCE, TERMINAL

ROLL, ACTIVE, OTHERS, ALL, ITEM, OVER = range(6)
LETTERS = "abcdefghijklmnopqrstuvwxyz"


class Board:
    """The sheet as coordinates, read again from the sheet's own table."""

    def __init__(self, sheet):
        data = sheet.data
        self.cells = [[token for token in row.split()] for row in data["grid"]]
        self.h, self.w = len(self.cells), len(self.cells[0])
        self.colour = {(r, c): t[0].lower() for r, row in enumerate(self.cells)
                       for c, t in enumerate(row)}
        self.star = {rc for rc, t in self._tokens() if t[0].isupper()}
        self.field = {rc for rc, t in self._tokens() if t.endswith("$")}
        self.start = LETTERS.index(data["start_column"].lower())
        self.boxes = sorted(self.colour)
        self.blocks = []
        seen = set()
        for box in self.boxes:          # row-major, so a block's first box comes first
            if box in seen:
                continue
            block, todo = {box}, [box]
            while todo:
                for n in self.near(todo.pop()):
                    if n not in block and self.colour[n] == self.colour[box]:
                        block.add(n)
                        todo.append(n)
            seen |= block
            self.blocks.append(sorted(block))

    def _tokens(self):
        return (((r, c), t) for r, row in enumerate(self.cells) for c, t in enumerate(row))

    def near(self, box):
        r, c = box
        return [(r + dr, c + dc) for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))
                if 0 <= r + dr < self.h and 0 <= c + dc < self.w]

    @staticmethod
    def name(box):
        return f"{LETTERS[box[1]]}{box[0] + 1}"

    def names(self, boxes):
        return " ".join(self.name(b) for b in sorted(boxes))

    def connected(self, boxes):
        boxes = set(boxes)
        first = next(iter(boxes))
        grown, todo = {first}, [first]
        while todo:
            for n in self.near(todo.pop()):
                if n in boxes and n not in grown:
                    grown.add(n)
                    todo.append(n)
        return grown == boxes

    def chained(self, boxes, crossed):
        """Each box in the start column or next to a cross or an earlier box of the set."""
        boxes, done = set(boxes), set()
        while True:
            more = {b for b in boxes - done if b[1] == self.start
                    or any(n in crossed or n in done for n in self.near(b))}
            if not more:
                return done == boxes
            done |= more


def available_dice(state, seat):
    colours = [f for f, n in zip("gybrox", state.colour_dice) for _ in range(n)]
    numbers = [f for f, n in zip("12345?", state.number_dice) for _ in range(n)]
    special = state.special_face
    if state.phase == OTHERS:
        taken = str(state.game.action_from_id(state.pending[state.active])).split()[0]
        if taken in ("heart", "bomb", "stars", "row", "block"):
            special = None
        elif taken != "pass":
            colours.remove(taken[0])
            numbers.remove(taken[1])
    return colours, numbers, special


def reference_legal(state, board, seat):
    if seat not in state.deciders():
        return set()
    crossed = {board.boxes[i] for i in range(len(board.boxes))
               if state.crossed[seat] >> (board.boxes[i][0] * board.w + board.boxes[i][1]) & 1}
    free = set(board.boxes) - crossed
    bombs = set()
    for r in range(board.h - 1):
        for c in range(board.w - 1):
            square = [b for b in ((r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)) if b in free]
            for size in range(1, 5):
                bombs |= {"bomb " + board.names(s) for s in combinations(square, size)}
    if state.phase == ITEM:
        return bombs
    out = {"pass"}
    colours, numbers, special = available_dice(state, seat)
    jokers = state.sheet.jokers - state.jokers_used[seat]

    def touches(box):
        return box[1] == board.start or any(n in crossed for n in board.near(box))

    for block in board.blocks:
        colour = board.colour[block[0]]
        open_boxes = [b for b in block if b in free]
        for size in range(1, 6):
            sets = [s for s in combinations(open_boxes, size)
                    if board.connected(s) and any(touches(b) for b in s)]
            if not sets:
                continue
            for cdie in set(colours):
                if cdie not in (colour, "x"):
                    continue
                for ndie in set(numbers):
                    if ndie not in (str(size), "?"):
                        continue
                    if (cdie == "x") + (ndie == "?") > jokers:
                        continue
                    out |= {f"{cdie}{ndie} {board.names(s)}" for s in sets}
    if special is None or state.specials[seat] <= state.specials_used[seat]:
        return out
    if special == "heart":
        out.add("heart")
    elif special == "bomb":
        out |= bombs
    elif special == "stars":
        stars = sorted(board.star & free)
        out |= {"stars " + board.names(s) for k in (1, 2) for s in combinations(stars, k)
                if board.chained(s, crossed)}
    elif special == "row":
        for r in range(board.h):
            row = [b for b in free if b[0] == r]
            out |= {"row " + board.names(s) for k in (1, 2, 3) for s in combinations(sorted(row), k)
                    if board.chained(s, crossed)}
    else:
        out |= {"block " + board.name(block[0]) for block in board.blocks
                if set(block) & free and any(touches(b) for b in block)}
    return out


class Settlement:
    """What a roll must settle, from the state before it and after it."""

    def __init__(self, state, board):
        self.board, self.sheet = board, state.sheet
        self.n = state.game.num_players
        self.before = state.clone()
        self.hearts_used = [0] * self.n
        self.items = [{"special": 0, "heart": 0, "bomb": 0} for _ in range(self.n)]

    def complete(self, state, seat, masks):
        return {i for i, m in enumerate(masks) if state.crossed[seat] & m == m}

    def check(self, after):
        sheet, before, n = self.sheet, self.before, self.n
        cols_before = [self.complete(before, s, sheet.columns) for s in range(n)]
        rows_before = [self.complete(before, s, sheet.rows) for s in range(n)]
        colours = [sheet.colour_masks[c] for c in "gybro"]
        colours_before = [self.complete(before, s, colours) for s in range(n)]
        taken_cols = set().union(*cols_before)
        taken_rows = set().union(*rows_before)
        taken_colours = set().union(*colours_before)
        solo = n == 1
        for s in range(n):
            new_cols = self.complete(after, s, sheet.columns) - cols_before[s]
            for col in range(sheet.width):
                if col in new_cols:
                    first = solo or col not in taken_cols
                    value = (sheet.column_first if first else sheet.column_later)[col]
                    assert after.column_points[s][col] == value
                    assert after.heart_bonus[s][col] == after.hearts[s]
                else:
                    assert after.column_points[s][col] == before.column_points[s][col]
                    assert after.heart_bonus[s][col] == before.heart_bonus[s][col]
            new_colours = self.complete(after, s, colours) - colours_before[s]
            for i in range(5):
                if i in new_colours:
                    first = solo or i not in taken_colours
                    assert after.colour_points[s][i] == sheet.colour_bonus[0 if first else 1]
                else:
                    assert after.colour_points[s][i] == before.colour_points[s][i]
            new_rows = self.complete(after, s, sheet.rows) - rows_before[s]
            items = {"special": 0, "heart": 0, "bomb": 0}
            if sheet.row_items:
                for row in new_rows:
                    if solo or row not in taken_rows:
                        items[sheet.row_items[row]] += 1
            fields = ((after.crossed[s] & ~before.crossed[s]) & sheet.special_fields).bit_count()
            h_done = int(sheet.start_column_special and sheet.start_column in new_cols)
            assert after.specials[s] == min(sheet.special_dice,
                                            before.specials[s] + fields + items["special"] + h_done)
            assert after.hearts[s] == min(sheet.hearts,
                                          before.hearts[s] + self.hearts_used[s] + items["heart"])
            assert self.items[s]["bomb"] == items["bomb"]


def play_random(game, seed, max_rolls=60):
    rng = random.Random(seed)
    state = game.new_initial_state()
    board = Board(game.sheet)
    checked = 0
    settlement = None
    while not state.is_terminal() and state.rolls < max_rolls:
        if state.current_player() == CHANCE:
            settlement = Settlement(state, board)
            state.apply(state.sample_chance(rng))
            continue
        for seat in state.deciders():
            expected = reference_legal(state, board, seat)
            assert sorted(map(str, state.legal_actions(seat))) == sorted(expected), \
                f"seed {seed} roll {state.rolls + 1} seat {seat} phase {state.phase}"
            checked += 1
        seat = state.deciders()[0]
        actions = [str(a) for a in state.legal_actions(seat)]
        crosses = [a for a in actions if a != "pass" and a != "heart"]
        action = rng.choice(crosses) if crosses and rng.random() < 0.85 else rng.choice(actions)
        if state.phase == ITEM:
            settlement.items[seat]["bomb"] += 1
        if action == "heart":
            settlement.hearts_used[seat] += 1
        rolls = state.rolls
        state.apply(action, seat)
        state.check()
        if state.rolls != rolls:
            settlement.check(state)
    if state.is_terminal():
        assert state.current_player() == TERMINAL
    return checked


@pytest.mark.parametrize("players, edition, seed", [
    (2, "so-gut", 1), (3, "so-gut", 2), (4, "so-gut", 3), (1, "so-gut", 4),
    (2, "classic", 5), (1, "classic", 6),
])
def test_random_games_on_the_printed_sheets_agree_with_the_reference(players, edition, seed):
    assert play_random(make(players=players, edition=edition), seed) > 20


DENSE = ["g g$ Y y b", "R b b y$ o", "o O g G g", "y r R r B"]


@pytest.mark.parametrize("seed", range(8))
def test_random_games_on_a_dense_sheet_agree_with_the_reference(seed):
    game = make(DENSE, players=2 + seed % 3, row_items=["bomb", "heart", "special", "bomb"],
                start="c", jokers=3, hearts=3, special_dice=5, special_dice_at_start=2,
                start_column_special=True)
    assert play_random(game, seed) > 5
