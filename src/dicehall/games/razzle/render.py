"""Razzle-Dazzle in the terminal: the ring, the players and the scores, drawn with Rich.

The track is drawn as the perimeter of a rectangle, clockwise from field 0 in the
top-left corner: the standard 48-field track is a 13 x 13 square; other lengths,
or a console too narrow for the square, get a rectangle (an odd length leaves one
cell blank). Every field is a fixed cell of twice the digits of the largest field
number plus three characters (seven on the standard board), so the ring aligns in
any monospaced terminal, and every mark reads without colour too
(``Console(no_color=True)`` or output to a file)::

     0 ◆R   1      2      3      4      5 R1   6      7      8 R2◆  9     10     11     12 ↷28
    47                                                                                  13
    46                                                                                  14
    45                            player     start  goal      wheel                     15
    44 Y1↷           ▸  R red     Ann (you)  ●●○○   ○○○○ 0/3  1 2 3 4 5 ·               16 ◆B
    43                  B blue    Bob        ●●○○   ○○○● 1/3  1 2 3 4 5 6               17
    ...

``◆`` a safe field, ``◆R`` red's entry field (``▸R`` if it is not safe), ``↷28`` a
jump field and the field its arrow points to, ``R1`` red's piece 1 (drawn on red),
followed by ``◆`` or ``↷`` when it stands on a safe or a jump field; a piece that
can move the spun number is underlined. The letters are the colours' initials
(A B C when two share one). Inside the ring, one row per player: the start area
(``●`` a piece waiting, ``○`` one out), the goal hollows (the entrance on the
left, filled back-most first) with the pieces in the goal of the goal count, and
the wheel (``·`` a number already drawn); below it a key to the fields. When the
ring is too small for them, they are drawn below it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from rich import box
from rich.align import Align
from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.measure import Measurement
from rich.segment import Segment
from rich.table import Table
from rich.text import Text

from ..terminal import COLOURS, colour_style
from .state import AGAIN, FIRST, MOVE, OVER, SLOT, SPIN

if TYPE_CHECKING:
    from .board import Board
    from .state import RazzleState

__all__ = ["COLOURS", "GLYPHS", "colour_style", "piece_letters", "render_board",
           "render_scores", "render_state", "ring_cells", "ring_shape"]

GLYPHS = {
    "safe": "◆", "entry": "▸", "jump": "↷", "waiting": "●", "out": "○", "filled": "●",
    "hollow": "○", "used": "·", "turn": "▸", "winner": "★",
}

STYLES = {
    "number": "dim", "safe": "bold green3", "jump": "bold magenta", "label": "dim",
    "missing": "dim", "title": "bold", "turn": "bold", "winner": "bold",
}


def piece_letters(board: Board) -> tuple[str, ...]:
    """One letter per seat: the colour's initial (R B Y), or A B C when two clash."""
    letters = tuple(colour.strip()[:1].upper() for colour in board.colours)
    if len(set(letters)) == len(letters) and all(letter.isalpha() for letter in letters):
        return letters
    return tuple("ABCDEF"[:len(letters)])


def _name(seat: int, names: Sequence[str] | None) -> str:
    if names is not None and seat < len(names) and names[seat]:
        return names[seat]
    return f"Seat {seat}"


# --- the ring ---------------------------------------------------------------------------
def ring_shape(length: int, max_columns: int | None = None) -> tuple[int, int]:
    """Columns and rows of the rectangle whose perimeter holds a track of ``length``
    fields (one spare cell when the length is odd): as square as ``max_columns``
    allows, at least 2 x 2."""
    half = (length + 1) // 2 + 2  # columns + rows, as 2 * (columns + rows) - 4 >= length
    columns = (half + 1) // 2
    if max_columns is not None:
        columns = max(2, min(columns, max_columns))
    return columns, max(2, half - columns)


def ring_cells(columns: int, rows: int) -> list[tuple[int, int]]:
    """(row, column) of each perimeter cell, clockwise from the top-left corner."""
    cells = [(0, column) for column in range(columns)]
    cells += [(row, columns - 1) for row in range(1, rows)]
    cells += [(rows - 1, column) for column in range(columns - 2, -1, -1)]
    cells += [(row, 0) for row in range(rows - 2, 0, -1)]
    return cells


def _number_width(board: Board) -> int:
    return len(str(board.track_length - 1))


def _cell_width(board: Board) -> int:
    """Number, space, a body one wider than a number ("↷28", "R1◆"), space."""
    width = _number_width(board)
    return 2 * width + 3


def _entry_seats(state: RazzleState) -> dict[int, int]:
    return {field: seat for seat, field in enumerate(state.board.entries[:state.game.num_players])}


def _movable_fields(state: RazzleState) -> set[int]:
    """Track fields holding a piece that can move the spun number (move phase only)."""
    if state.phase != MOVE:
        return set()
    codes = state.game.codes
    return {action - codes.move for action in state.movable(state.turn, state.number)
            if action != codes.enter}


def _cell(state: RazzleState, field: int, movable: set[int]) -> Text:
    """One track field as a Text of exactly :func:`_cell_width` characters."""
    board = state.board
    letters = piece_letters(board)
    width = _number_width(board)
    safe = field in board.safe
    target = board.jumps.get(field)
    entry = _entry_seats(state).get(field)
    if entry is not None:
        number_style = f"bold {colour_style(board.colours[entry])}"
    elif safe:
        number_style = STYLES["safe"]
    elif target is not None:
        number_style = STYLES["jump"]
    else:
        number_style = STYLES["number"]
    text = Text()
    text.append(f"{field:>{width}}", number_style)
    text.append(" ")
    there = state.occupant[field]
    if there >= 0:
        seat, piece = divmod(there, SLOT)
        style = f"bold reverse {colour_style(board.colours[seat])}"
        if field in movable:
            style += " underline"
        text.append(f"{letters[seat]}{piece + 1}", style)
        if safe:
            text.append(GLYPHS["safe"], STYLES["safe"])
        elif target is not None:
            text.append(GLYPHS["jump"], STYLES["jump"])
    elif target is not None:
        text.append(f"{GLYPHS['jump']}{target}", STYLES["jump"])
    elif entry is not None:
        glyph = GLYPHS["safe"] if safe else GLYPHS["entry"]
        text.append(glyph + letters[entry], f"bold {colour_style(board.colours[entry])}")
    elif safe:
        text.append(GLYPHS["safe"], STYLES["safe"])
    text.pad_right(_cell_width(board) - text.cell_len)
    return text


def _hollows(count: int, filled: int, style: str, front_first: bool,
             first_style: str = "") -> Text:
    """``count`` hollows with ``filled`` of them filled, at the front or the back;
    ``first_style`` is added to the first filled one."""
    text = Text()
    marks = [True] * filled + [False] * (count - filled)
    if not front_first:
        marks.reverse()
    for number, full in enumerate(marks):
        if full:
            text.append(GLYPHS["filled"], f"{style} {first_style}" if number == 0 else style)
        else:
            text.append(GLYPHS["hollow"], STYLES["missing"])
    return text


def _wheel(state: RazzleState, seat: int, style: str) -> Text:
    left = set(state.wheel_numbers(seat))
    text = Text()
    for number in range(1, 7):
        if number > 1:
            text.append(" ")
        if number in left:
            text.append(str(number), f"bold {style}")
        else:
            text.append(GLYPHS["used"], STYLES["missing"])
    return text


def _players(state: RazzleState, names: Sequence[str] | None, seat: int | None) -> Table:
    """One row per player: colour, name, start area, goal hollows, wheel."""
    board, game = state.board, state.game
    letters = piece_letters(board)
    table = Table(box=None, padding=(0, 1), pad_edge=False, show_edge=False,
                  header_style=STYLES["label"], expand=False)
    table.add_column("", no_wrap=True)
    table.add_column("", no_wrap=True)
    table.add_column("player", no_wrap=True, max_width=18, overflow="ellipsis")
    table.add_column("start", no_wrap=True)
    table.add_column("goal", no_wrap=True)
    table.add_column("wheel", no_wrap=True)
    moving = state.phase != OVER and state.phase != FIRST
    for player in range(game.num_players):
        style = colour_style(board.colours[player])
        turn = moving and player == state.turn
        marker = Text(GLYPHS["turn"] if turn else " ", STYLES["turn"])
        colour = Text(letters[player], f"bold {style}")
        colour.append(f" {board.colours[player]}", style)
        name = Text(_name(player, names), STYLES["turn"] if turn else "")
        if seat == player:
            name.append(" (you)")
        waiting = state.progress[player].count(0)
        enters = (state.phase == MOVE and player == state.turn
                  and game.codes.enter in state.movable(player, state.number))
        start = _hollows(game.pieces, waiting, style, front_first=True,
                         first_style="bold underline" if enters else "")
        goal = _hollows(game.pieces, state.goals[player], style, front_first=False)
        goal.append(f" {state.goals[player]}/{game.goal_count}",
                    "bold" if state.goals[player] >= game.goal_count else STYLES["missing"])
        table.add_row(marker, colour, name, start, goal, _wheel(state, player, style))
    return table


def _legend(state: RazzleState) -> Text:
    board = state.board
    text = Text()
    text.append(GLYPHS["safe"], STYLES["safe"])
    text.append(" safe")
    if board.jumps:
        text.append("   ")
        text.append(GLYPHS["jump"], STYLES["jump"])
        text.append(" jump ")
        for number, (origin, target) in enumerate(sorted(board.jumps.items())):
            if number:
                text.append(" ")
            text.append(f"{origin}{GLYPHS['jump']}{target}", STYLES["jump"])
    text.append("   entry ")
    letters = piece_letters(board)
    for seat in range(state.game.num_players):
        if seat:
            text.append(" ")
        text.append(f"{letters[seat]} {board.entries[seat]}",
                    f"bold {colour_style(board.colours[seat])}")
    return text


def _line_text(segments: list[Segment]) -> Text:
    text = Text()
    for segment in segments:
        if not segment.control:
            text.append(segment.text, segment.style)
    return text


class _Ring:
    """The track around the players' table; the table goes below when it does not fit."""

    def __init__(self, state: RazzleState, table: Table, legend: Text) -> None:
        self.state = state
        self.table = table
        self.info = Group(table, Text(""), legend)

    def _shape(self, max_width: int) -> tuple[int, int, int]:
        board = self.state.board
        cell = _cell_width(board)
        columns, rows = ring_shape(board.track_length, max_width // cell)
        return columns, rows, cell

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        columns, _, cell = self._shape(options.max_width)
        width = min(columns * cell, options.max_width)
        return Measurement(width, width)

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        state = self.state
        board = state.board
        columns, rows, cell = self._shape(options.max_width)
        inner_width, inner_height = (columns - 2) * cell, rows - 2
        inside: list[Text] = []
        room = inner_width - 1  # a blank column before the numbers of the right side
        if room > 0 and inner_height > 0:
            needed = Measurement.get(console, options, self.table).maximum
            if needed <= room:
                lines = console.render_lines(Align.center(self.info),
                                             options.update(width=room, height=None), pad=True)
                if len(lines) <= inner_height:
                    top = (inner_height - len(lines)) // 2
                    inside = [Text(" " * inner_width)] * top
                    inside += [_line_text(line + [Segment(" ")]) for line in lines]
        fitted = bool(inside)
        inside += [Text(" " * max(inner_width, 0))] * (inner_height - len(inside))
        movable = _movable_fields(state)
        grid: dict[tuple[int, int], Text] = {}
        for index, place in enumerate(ring_cells(columns, rows)):
            grid[place] = (_cell(state, index, movable) if index < board.track_length
                           else Text(" " * cell))
        for row in range(rows):
            if 0 < row < rows - 1:
                line = Text.assemble(grid[row, 0], inside[row - 1], grid[row, columns - 1])
            else:
                line = Text.assemble(*(grid[row, column] for column in range(columns)))
            line.rstrip()
            yield from line.render(console)
            yield Segment.line()
        if not fitted:
            yield from console.render(self.info, options)


def render_board(state: RazzleState, *, names: Sequence[str] | None = None,
                 seat: int | None = None) -> RenderableType:
    """The ring track with every piece on it and, inside the ring (below it when
    it does not fit), each player's start area, goal hollows and wheel numbers,
    and a key to the safe, jump and entry fields. ``seat`` marks the viewer "(you)"."""
    return _Ring(state, _players(state, names, seat), _legend(state))


# --- the table ----------------------------------------------------------------------------
def _who(state: RazzleState, seat: int, names: Sequence[str] | None) -> Text:
    """The colour word, then the name: "red Ann"."""
    colour = state.board.colours[seat]
    text = Text(colour, colour_style(colour))
    text.append(" ")
    text.append(_name(seat, names), f"bold {colour_style(colour)}")
    return text


def _header(state: RazzleState, names: Sequence[str] | None, seat: int | None) -> Text:
    """Three lines: the game, its players, what happens now."""
    game = state.game
    text = Text()
    text.append(f"Razzle-Dazzle · {state.board.name}", STYLES["title"])
    text.append(f" · {game.num_players} players · {game.pieces} pieces"
                f", {game.goal_count} in the goal wins")
    text.append("\nPlayers: ")
    for player in range(game.num_players):
        if player:
            text.append(", ")
        text.append_text(_who(state, player, names))
        if player == seat:
            text.append(" (you)")
    text.append("\n")
    phase, number = state.phase, state.number
    if phase == OVER:
        winner = next(seat for seat in range(game.num_players)
                      if state.goals[seat] >= game.goal_count)
        text.append(f"{GLYPHS['winner']} Game over: ", STYLES["winner"])
        text.append_text(_who(state, winner, names))
        goals = state.goals[winner]
        text.append(f" wins with {goals} {'piece' if goals == 1 else 'pieces'} in the goal",
                    STYLES["winner"])
        text.append(f" · last spin {number}")
        return text
    text.append(f"{GLYPHS['turn']} ", STYLES["turn"])
    if phase == FIRST:
        text.append("drawing who starts", STYLES["turn"])
        return text
    text.append_text(_who(state, state.turn, names))
    if phase == SPIN:
        text.append(" spins again" if state.spins else " to spin", STYLES["turn"])
        text.append(f" · last spin {number}" if number else " · no spin yet")
    elif phase == MOVE:
        text.append(f" spun {number}: ")
        text.append(f"choose a piece to move {number}", STYLES["turn"])
    elif phase == AGAIN:
        text.append(f" spun {number}: ")
        text.append("no move: spin again or end the turn", STYLES["turn"])
    return text


def render_state(state: RazzleState, seat: int | None = None,
                 names: Sequence[str] | None = None) -> RenderableType:
    """The whole table: a header (players, pieces, goal count, whose turn and what to
    do, the last spun number) and the board. ``seat`` marks the viewer "(you)"."""
    return Group(_header(state, names, seat), render_board(state, names=names, seat=seat))


# --- the result ---------------------------------------------------------------------------
def render_scores(state: RazzleState, names: Sequence[str] | None = None) -> RenderableType:
    """The standings, best first: place, seat, colour, name, pieces in the goal and
    total progress (the tie-break; a piece in the goal counts in full); the winner
    is marked with a star."""
    board, game = state.board, state.game
    over = state.is_terminal()
    table = Table(title="Final scores" if over else "Standings so far", title_style="bold",
                  title_justify="left", header_style="bold", box=box.SIMPLE_HEAD,
                  show_edge=False, pad_edge=False)
    table.add_column("Place", justify="right")
    table.add_column("Seat", justify="right")
    table.add_column("Colour", no_wrap=True)
    table.add_column("Name", no_wrap=True)
    table.add_column("In goal", justify="right", style="bold")
    table.add_column("Progress", justify="right")
    places = state.places()
    for player in state.ranking():
        style = colour_style(board.colours[player])
        name = Text(_name(player, names))
        parts = state.score_parts(player)
        if over and parts["goal"] >= game.goal_count:
            name.append(f" {GLYPHS['winner']} winner", STYLES["winner"])
        table.add_row(str(places[player]), str(player), Text(board.colours[player], style), name,
                      f"{parts['goal']}/{game.goal_count}", str(parts["progress"]))
    return table
