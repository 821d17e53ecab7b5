"""Dizzle in the terminal: sheets, the table and the final scores, drawn with Rich.

Every field is a fixed four-character cell, so grids align in any monospaced
terminal, and every mark is readable without colour too (``Console(no_color=True)``
or output to a file)::

      a   b   c   d
    1 X   X◆  2  [3✹]     X   a crossed field (start cross, crossed, crossed planet X◯)
    2 4   5   #✹  ◯       [3] a die of this draft; #✹ a scribbled bomb; blank: a hole
    3 Ѧ   ≈≈  1   6       Ѧ a volcano, ≈≈ lava (level 7)

Specials carry a marker after the number, in their colour: gem ◆, bomb ✹,
key ⚷, lock ▣ (dim while closed), rocket ▲, planet ◯, flag ⚑, puzzle piece ✚,
poop ●, station Ⓢ; a field with two specials shows both (`1◆✚`; on a die the
second marker takes the closing bracket's place, `[1◆✚`). Arrows, areas, puzzles
and flag tracks are listed below the grid.

On a railway sheet (level 8) a track field shows its piece instead of an X, with
arms reaching into the cell gaps so that connected pieces join up::

      a   b   c
    1 ┌───────┐           printed a1 es, drawn b1 ew and c1 sw
    2 └── 4Ⓢ  5?          drawn a2 ne; b2 a station; c2 a piece still to draw

Tracks of closed networks are green.
"""

from __future__ import annotations

import io
from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import TYPE_CHECKING

from rich import box
from rich.columns import Columns
from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.measure import Measurement
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from ...engine.bits import bit_list
from ...engine.grid import LETTERS
from ..terminal import COLOURS, colour_style
from .railway import CLOSED_POINTS, LONGEST_POINTS, OPEN_POINTS, networks, railway_points
from .scoring import SOLO_BOMB_POINTS
from .sheet import EAST, TRACK_PIECES, WEST, Sheet
from .state import LAVA, LAVA_ROLL, OVER, PLANET, REROLL, REROLLED, ROLL, SOLO, TRACK, TURN

if TYPE_CHECKING:
    from .state import DizzleState

__all__ = ["COLOURS", "GLYPHS", "colour_style", "render_scores", "render_sheet", "render_state",
           "sheet_text"]

CELL = 4  # characters per field: "[4◆]", " X◆ ", " 4  "
LEGEND_WIDTH = 44  # legend lines wrap at this width or the grid's, whichever is wider

GLYPHS = {
    "gem": "◆", "bomb": "✹", "key": "⚷", "lock": "▣", "rocket": "▲", "planet": "◯",
    "flag": "⚑", "puzzle": "✚", "poop": "●", "cross": "X", "scribble": "#",
    "done": "✓", "volcano": "Ѧ", "lava": "≈≈", "station": "Ⓢ", "due": "?",
}
# Track pieces (level 8) by their edge bits, drawn with box-drawing characters.
TRACK_GLYPHS = {TRACK_PIECES["ns"]: "│", TRACK_PIECES["ew"]: "─", TRACK_PIECES["ne"]: "└",
                TRACK_PIECES["es"]: "┌", TRACK_PIECES["sw"]: "┐", TRACK_PIECES["wn"]: "┘"}

STYLES = {
    "bomb": "bold red", "rocket": "bright_cyan", "planet": "bright_cyan", "poop": "orange4",
    "cross": "bold", "scribble": "bold red strike", "die": "bold reverse",
    "label": "dim", "done": "green", "missing": "dim",
    "volcano": "bold bright_red", "lava": "bold bright_yellow on red3", "station": "bold orchid",
    "track": "bold", "closed": "bold green3", "due": "bold yellow",
}


# --- the sheet -----------------------------------------------------------------------
@lru_cache(maxsize=64)
def _specials(sheet: Sheet) -> dict[int, list[tuple[str, str]]]:
    """Field index -> [(kind, style)] for every special numbered field (at most two)."""
    marks: dict[int, list[tuple[str, str]]] = {}

    def add(index: int, kind: str, style: str) -> None:
        marks.setdefault(index, []).append((kind, style))

    for kind, groups in (("gem", sheet.gems), ("bomb", sheet.bombs), ("key", sheet.keys),
                         ("lock", sheet.locks), ("puzzle", sheet.puzzles),
                         ("poop", sheet.poops)):
        for group in groups:
            style = colour_style(group.colour) if group.colour else STYLES[kind]
            for index in bit_list(group.mask):
                add(index, kind, style)
    for index in sheet.rocket_fields:
        add(index, "rocket", STYLES["rocket"])
    for flag in sheet.flags:
        add(flag.index, "flag", colour_style(flag.colour))
    for station in sheet.stations:
        for index in bit_list(station.mask):
            add(index, "station", STYLES["station"])
    return marks


def _markers(specials: list[tuple[str, str]], dim_lock: bool) -> Text:
    """The glyphs of a field's specials, each in its style (a closed lock dim)."""
    text = Text()
    for kind, style in specials:
        text.append(GLYPHS[kind], f"dim {style}" if kind == "lock" and dim_lock else style)
    return text


class _Marks:
    """What a sheet's grid shows besides its numbers: bitmasks as in
    :class:`DizzleState`, the track pieces (field -> edge bits, printed ones
    included) and the fields whose track lies in a closed network."""

    __slots__ = ("closed", "crossed", "dice", "due", "lava", "locked", "pieces", "scribbled")

    def __init__(self, crossed: int, scribbled: int, dice: int, locked: int, lava: int,
                 pieces: Mapping[int, int], closed: int, due: int) -> None:
        self.crossed, self.scribbled, self.dice, self.locked = crossed, scribbled, dice, locked
        self.lava, self.pieces, self.closed, self.due = lava, pieces, closed, due


def _track_cell(piece: int, markers: Text, style: str) -> Text:
    """A track piece: west arm, the piece, the field's markers (or the east arm)."""
    east = "─" if piece & EAST else " "
    text = Text("─" if piece & WEST else " ", style)
    text.append(TRACK_GLYPHS.get(piece, "?"), style)
    text.append_text(markers)
    while text.cell_len < CELL:
        text.append(east, style)
    return text


def _cell(sheet: Sheet, index: int, marks: _Marks) -> Text:
    """One field as a Text of exactly :data:`CELL` characters; with two specials a
    die's closing bracket gives way to the second marker."""
    token = sheet.tokens[index]
    bit = 1 << index
    crossed, scribbled, dice = marks.crossed, marks.scribbled, marks.dice
    if token == ".":
        return Text(" " * CELL)
    specials = _specials(sheet).get(index, [])
    markers = _markers(specials, bool(marks.locked & bit))
    if token == "P":
        markers = Text(GLYPHS["planet"], STYLES["planet"])
    text = Text(" ")
    if token == "V":
        text.append(GLYPHS["volcano"], STYLES["volcano"])
    elif marks.lava & bit:
        text.append(GLYPHS["lava"], STYLES["lava"])
    elif index in marks.pieces and not dice & bit:
        track = STYLES["closed"] if marks.closed & bit else STYLES["track"]
        return _track_cell(marks.pieces[index], markers, track)
    elif marks.due & bit:
        text.append(token, specials[0][1] if specials else "")
        text.append_text(markers[:1])   # the "?" matters more than a second marker
        text.append(GLYPHS["due"], STYLES["due"])
    elif crossed & bit:
        text.append(GLYPHS["cross"], STYLES["cross"])
        text.append_text(markers)
    elif scribbled & bit:
        text = Text(" " + GLYPHS["scribble"] + markers.plain, STYLES["scribble"])
    elif dice & bit:
        style = f"{specials[0][1]} {STYLES['die']}".strip() if specials else STYLES["die"]
        text = Text(f"[{token}{markers.plain}]", style)
    elif token == "P":
        text.append_text(markers)
    else:
        text.append(token, specials[0][1] if specials else "")
        text.append_text(markers)
    text.truncate(CELL)
    text.pad_right(CELL - text.cell_len)
    return text


def _grid(sheet: Sheet, marks: _Marks) -> Table:
    label_width = len(str(sheet.height))
    table = Table(box=None, padding=0, show_edge=False, pad_edge=False, collapse_padding=True,
                  header_style=STYLES["label"], expand=False)
    table.add_column(" " * label_width, justify="right", no_wrap=True, style=STYLES["label"],
                     width=label_width)
    for column in range(sheet.width):
        table.add_column(f" {LETTERS[column]}", justify="left", no_wrap=True, width=CELL,
                         overflow="crop")
    for row in range(sheet.height):
        cells = [_cell(sheet, row * sheet.width + column, marks) for column in range(sheet.width)]
        table.add_row(str(row + 1), *cells)
    return table


def _span(sheet: Sheet, mask: int) -> str:
    """``a1-g1`` for a straight segment, else the field names."""
    names = sheet.names(mask)
    return f"{names[0]}-{names[-1]}" if len(names) > 2 else " ".join(names)


def _progress(text: Text, mask: int, crossed: int | None) -> None:
    if crossed is None:
        return
    done = (mask & crossed).bit_count()
    total = mask.bit_count()
    text.append(f" [{done}/{total} crossed]", STYLES["missing"] if done < total else "")
    if done == total:
        text.append(" " + GLYPHS["done"], STYLES["done"])


def _legend(sheet: Sheet, crossed: int | None, marks: _Marks, solo: bool,
            flag_next: Sequence[int] | None, flag_values: Sequence[int | None] | None,
            width: int) -> list[Text]:
    locked = marks.locked
    items: list[Text] = []

    def mark(kind: str, style: str, words: str) -> Text:
        item = Text()
        item.append(GLYPHS[kind], style)
        item.append(" " + words)
        items.append(item)
        return item

    gem_points: dict[str, set[int]] = {}
    for gem in sheet.gems:
        gem_points.setdefault(gem.colour, set()).add(gem.points)
    for colour, points in gem_points.items():
        mark("gem", colour_style(colour),
             f"{colour} gem +{'/'.join(map(str, sorted(points)))}")
    if sheet.bombs:
        costs = sorted({bomb.points for bomb in sheet.bombs})
        mark("bomb", STYLES["bomb"], f"bomb +{SOLO_BOMB_POINTS} crossed" if solo
             else f"bomb -{'/'.join(map(str, costs))} scribbled")
    for keys in sheet.keys:
        style = colour_style(keys.colour)
        item = mark("key", style, f"{keys.colour} key")
        locks = [lock for lock in sheet.locks if lock.colour == keys.colour]
        if locks:
            closed = any(lock.mask & locked for lock in locks)
            item.append(" ")
            item.append(GLYPHS["lock"], f"dim {style}" if closed else style)
            item.append(" lock")
            if crossed is not None:
                item.append(" closed" if closed else " open")
    if sheet.rocket_fields:
        item = mark("rocket", STYLES["rocket"], "rocket → ")
        item.append(GLYPHS["planet"], STYLES["planet"])
        item.append(" planet")
    if sheet.poops:
        costs = sorted({poop.points for poop in sheet.poops})
        mark("poop", STYLES["poop"], f"poop -{'/'.join(map(str, costs))}")
    if sheet.volcanoes:
        item = mark("volcano", STYLES["volcano"], "volcano → ")
        item.append(GLYPHS["lava"], STYLES["lava"])
        item.append(" lava")
        if crossed is not None:
            count = marks.lava.bit_count()
            item.append(f" ({count} {'field' if count == 1 else 'fields'})", STYLES["missing"])
    if sheet.railway:
        item = Text("".join(TRACK_GLYPHS.values()), STYLES["track"])
        item.append(" track")
        items.append(item)
    if marks.due:
        item = Text("4")
        item.append(GLYPHS["due"], STYLES["due"])
        item.append(" track to draw")
        items.append(item)
    lines: list[Text] = []
    for item in items:  # pack the key greedily into lines of ``width`` cells
        if lines and lines[-1].cell_len + 2 + item.cell_len <= width:
            lines[-1].append("  ")
            lines[-1].append_text(item)
        else:
            lines.append(item)

    for arrow in sheet.arrows:
        line = Text(f"arrow {_span(sheet, arrow.mask)}: {arrow.points} points")
        _progress(line, arrow.mask, crossed)
        lines.append(line)
    for area in sheet.areas:
        line = Text(f"area {' '.join(sheet.names(area.mask))}: {area.points} points")
        _progress(line, area.mask, crossed)
        lines.append(line)
    for puzzle in sheet.puzzles:
        line = Text("puzzle ")
        line.append(GLYPHS["puzzle"], colour_style(puzzle.colour))
        line.append(f" {puzzle.colour}: {puzzle.points} points")
        _progress(line, puzzle.mask, crossed)
        lines.append(line)
    for number, flag in enumerate(sheet.flags):
        line = Text("flag ")
        line.append(GLYPHS["flag"], colour_style(flag.colour))
        line.append(f" {flag.colour} {sheet.field_name(flag.index)}: ")
        step = flag_next[number] if flag_next is not None else 0
        for position, value in enumerate(flag.track):
            if position:
                line.append(" ")
            line.append(str(value), "dim strike" if position < step else "bold")
        left = flag.track[step:]
        if flag_next is not None:
            line.append(f" [left {' '.join(map(str, left))}]" if left else " [none left]",
                        STYLES["missing"])
        if flag_values is not None and flag_values[number] is not None:
            line.append(f" +{flag_values[number]} " + GLYPHS["done"], STYLES["done"])
        lines.append(line)
    for station in sheet.stations:
        index = station.mask.bit_length() - 1
        line = Text("station ")
        line.append(GLYPHS["station"], STYLES["station"])
        line.append(f" {sheet.field_name(index)}: {station.points} points")
        if crossed is not None:
            if marks.closed >> index & 1:
                line.append(" [closed network] " + GLYPHS["done"], STYLES["done"])
            else:
                line.append(" [no closed network]", STYLES["missing"])
        lines.append(line)
    if sheet.railway:
        # points per track field, by the network it lies in
        lines.append(Text(f"railway: open {OPEN_POINTS}, closed {CLOSED_POINTS}, "
                          f"longest closed {LONGEST_POINTS}"))
        if crossed is not None:
            found = networks(sheet, marks.pieces)
            opened = sum(fields.bit_count() for fields, closed in found if not closed)
            closed = [fields.bit_count() for fields, is_closed in found if is_closed]
            points = railway_points(sheet, marks.pieces)
            lines.append(Text(f"tracks: {opened} open, {sum(closed)} closed → {points} "
                              f"{'point' if points == 1 else 'points'}"))
    return lines


class _Fixed:
    """A renderable measured and drawn at a fixed width (less if the console is narrower)."""

    def __init__(self, renderable: RenderableType, width: int) -> None:
        self.renderable = renderable
        self.width = width

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        width = min(self.width, options.max_width)
        return Measurement(width, width)

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield from console.render(self.renderable,
                                  options.update_width(min(self.width, options.max_width)))


def render_sheet(sheet: Sheet, crossed: int | None = None, scribbled: int = 0, dice: int = 0,
                 locked: int | None = None, *, flag_next: Sequence[int] | None = None,
                 flag_values: Sequence[int | None] | None = None, solo: bool = False,
                 lava: int = 0, tracks: Mapping[int, int] | None = None, track_due: int = 0,
                 legend: bool = True) -> RenderableType:
    """A sheet: the grid (column letters on top, row numbers on the left) and, when
    ``legend``, a key to the markers and one line per arrow, area, puzzle colour and
    flag track.

    ``crossed``, ``scribbled``, ``dice`` and ``locked`` are field bitmasks as in
    :class:`DizzleState`; ``crossed=None`` draws the empty sheet (start crosses only,
    no progress counts) and ``locked=None`` derives the closed locks from ``crossed``.
    ``flag_next`` (values struck per flag) and ``flag_values`` (this player's claims)
    show the flag tracks as they stand; ``solo`` switches the bomb legend to +2.
    ``lava`` (level 7) is the player's lava mask; ``tracks`` (level 8) the pieces
    drawn (field -> edge bits; the printed ones are added) and ``track_due`` the
    crossed fields still waiting for their piece.
    """
    shown = sheet.start if crossed is None else crossed | sheet.start
    if locked is None:
        locked = sheet.locked(shown)
    pieces = {**dict(sheet.printed_tracks), **(tracks or {})}
    closed = 0
    for fields, is_closed in networks(sheet, pieces) if pieces else ():
        if is_closed:
            closed |= fields
    marks = _Marks(shown, scribbled, dice, locked, lava, pieces, closed, track_due)
    grid = _grid(sheet, marks)
    if not legend:
        return grid
    width = max(len(str(sheet.height)) + CELL * sheet.width, LEGEND_WIDTH)
    lines = _legend(sheet, crossed, marks, solo, flag_next, flag_values, width)
    # Long legend lines wrap instead of widening the sheet (and its panel), so two
    # sheets fit side by side in a 100-column terminal, and all panels match.
    return _Fixed(Group(grid, *lines), width) if lines else grid


def sheet_text(sheet: Sheet, width: int = 100, header: bool = True) -> str:
    """The empty sheet as plain text without colour (for ``levels show`` into a file)."""
    console = Console(file=io.StringIO(), width=width, no_color=True, force_terminal=False,
                      color_system=None, highlight=False, emoji=False)
    if header:
        title = sheet.name if sheet.level is None else f"Level {sheet.level}: {sheet.name}"
        console.print(Text(title))
        if sheet.description:
            console.print(Text(sheet.description))
        console.print()
    console.print(render_sheet(sheet))
    return "".join(line.rstrip() + "\n" for line in console.file.getvalue().splitlines())


# --- the table -------------------------------------------------------------------------
def _name(seat: int, names: Sequence[str] | None) -> str:
    if names is not None and seat < len(names) and names[seat]:
        return names[seat]
    return f"Seat {seat}"


def _in_draft(state: DizzleState) -> bool:
    return state.phase in (TURN, REROLL, REROLLED, SOLO)


def _header(state: DizzleState, names: Sequence[str] | None) -> Text:
    """Two lines: where the game stands, then what happens now."""
    game = state.game
    n = game.num_players
    text = Text()
    text.append(f"Dizzle · {state.sheet.name}", "bold")
    text.append(" · solo" if game.solo else f" · {n} players")
    if state.phase == OVER:
        text.append(f" · game over after draft {state.draft} of {game.drafts}", "bold")
        return text
    text.append(f" · draft {state.draft + 1} of {game.drafts}")
    if not game.solo:
        text.append(f" (round {state.draft // n + 1} of {game.drafts // n})")
        text.append(f" · start player {_name(state.start_player, names)}")
    who = _name(state.turn, names)
    phase = state.phase
    if phase == ROLL:
        doing = f"{_name(state.start_player, names)} rolls the dice"
    elif phase == TURN:
        doing = f"{who} to move" + (" (last turn)" if state.last_turn else "")
    elif phase == REROLL:
        doing = f"{who} rerolls the middle"
    elif phase == REROLLED:
        doing = f"{who} rerolled: place a die or return one"
    elif phase == SOLO:
        doing = "the solo dice are rolled"
    elif phase == LAVA_ROLL:
        doing = f"the volcano erupts: {_name(state.start_player, names)} rolls the lava die"
    else:  # the simultaneous steps
        deciders = ", ".join(_name(seat, names) for seat in state.deciders())
        if phase == LAVA:
            doing = (f"the volcano erupts: lava die {state.lava_die} · "
                     f"choose where the lava flows: {deciders}")
        elif phase == TRACK:
            doing = f"draw track pieces: {deciders}"
        else:  # PLANET
            doing = f"a rocket was crossed: {deciders} to cross a planet"
    text.append("\n▸ ")
    text.append(doing, "bold")
    return text


def _dice_line(state: DizzleState) -> Text:
    text = Text("Middle: ", "bold")
    values = [value for value in range(1, 7) for _ in range(state.middle[value])]
    if not values:
        text.append("no dice" if _in_draft(state) else "—", STYLES["missing"])
    for number, value in enumerate(values):
        if number:
            text.append(" ")
        text.append(f"[{value}]", "bold")
    if state.set_aside:
        text.append(f"   ({state.set_aside} set aside by the solo dice)", STYLES["missing"])
    if state.sheet.volcanoes and state.lava_die and state.phase != LAVA_ROLL:
        text.append("   Lava die: ", "bold")
        text.append(f"[{state.lava_die}]", STYLES["lava"])
    return text


def _player_panel(state: DizzleState, player: int, score: int, seat: int | None,
                  names: Sequence[str] | None) -> Panel:
    sheet = state.sheet
    title = Text(_name(player, names), "bold")
    if seat == player:
        title.append(" (you)")
    title.append(f" · {score} points")
    notes = []
    phase = state.phase
    moving = player in state.deciders()
    chosen = state.pick[player] >= 0  # what was chosen stays hidden until all have chosen
    if _in_draft(state) and not state.active >> player & 1:
        notes.append("passed")
    elif moving and phase not in (PLANET, LAVA, TRACK):
        notes.append("to move")
    if phase == PLANET and state.planets_due[player]:
        notes.append("picked a planet" if chosen else "must cross a planet")
    elif phase == LAVA:
        if chosen:
            notes.append("lava chosen")
        elif moving:
            notes.append("must choose a lava field")
        else:
            notes.append("no field for the lava")
    elif phase == TRACK and state.track_due[player]:
        due = state.track_due[player].bit_count()
        if chosen:
            notes.append("track chosen" + (f", {due - 1} more to draw" if due > 1 else ""))
        else:
            notes.append(f"must draw {due} {'track' if due == 1 else 'tracks'}")
    placed = state.dice[player].bit_count()
    if placed:
        notes.append(f"{placed} {'die' if placed == 1 else 'dice'} placed")
    body = render_sheet(sheet, state.crossed[player], state.scribbled[player],
                        state.dice[player], state.locked[player], flag_next=state.flag_next,
                        flag_values=state.flag_values[player], solo=state.game.solo,
                        lava=state.lava[player], tracks=state.tracks[player],
                        track_due=state.track_due[player])
    return Panel(body, title=title, title_align="left",
                 subtitle=" · ".join(notes) or None, subtitle_align="right",
                 border_style="bold" if moving else "dim", expand=False)


def render_state(state: DizzleState, seat: int | None = None,
                 names: Sequence[str] | None = None) -> RenderableType:
    """The whole table: a header (draft, start player, whose turn), the dice in the
    middle and every player's sheet with name and score, side by side when they fit
    the console. ``seat`` marks the viewer's own sheet "(you)"."""
    scores = state.scores()
    panels = [_player_panel(state, player, scores[player], seat, names)
              for player in range(state.game.num_players)]
    sheets = Columns(panels, padding=(0, 2))
    if state.phase == OVER:
        return Group(_header(state, names), sheets)
    return Group(_header(state, names), _dice_line(state), sheets)


# --- the result ------------------------------------------------------------------------
def render_scores(state: DizzleState, names: Sequence[str] | None = None) -> RenderableType:
    """The score table, best first: place, seat, name, score, the score parts for
    the kinds the sheet has, crossed fields (the tie-break) and, in solo on a sheet
    with a rating table, the rating below it."""
    game = state.game
    parts = list(state.score_parts(0))   # the same parts for every seat
    table = Table(title="Final scores" if state.is_terminal() else "Scores so far",
                  title_style="bold", title_justify="left", header_style="bold",
                  box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False)
    table.add_column("Place", justify="right")
    table.add_column("Seat", justify="right")
    table.add_column("Name", no_wrap=True)
    table.add_column("Score", justify="right", style="bold")
    for part in parts:
        table.add_column(part.capitalize(), justify="right")
    table.add_column("Crossed", justify="right")
    scores, places = state.scores(), state.places()
    for player in state.ranking():
        split = state.score_parts(player)
        table.add_row(str(places[player]), str(player), Text(_name(player, names)),
                      str(scores[player]), *(str(split[part]) for part in parts),
                      str(state.crossed[player].bit_count()))
    rating = game.rating(scores[0]) if game.solo else None
    if rating is None:
        return table
    line = Text("Rating: ", "bold")
    line.append(rating)
    if not state.is_terminal():
        line.append(" (so far)", STYLES["missing"])
    return Group(table, line)
