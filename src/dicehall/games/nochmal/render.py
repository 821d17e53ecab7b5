"""Noch mal so gut! (and classic Noch mal!) in the terminal: sheets, the dice and
the final scores, drawn with Rich.

Every box is a fixed three-character cell on its colour, so the grids align in
any monospaced terminal, and every mark reads without colour too
(``Console(no_color=True)`` or output to a file)::

         A  B  C  D  E  F  G [H] I  J  K  L  M  N  O
      1  r  r  o★ y  y  r★ r  X  X  y  y★ o★ o  o  b  $ 5
      2  b  y  y  y  o  o  r  X  b  b★ y  y  r  o  o  ✹ 5
      3  b  y$ b  b  b  o  o  X★ b  g  g  y  r  r  o$ ♥ 5
    ...
    1st  5  3  3  3  2  2  2 [2] 2  2  2  3  3  3  5
    2nd  3  2  2  2  1  1  1  0  1  1  1  2  2  2  3
      ♥                       1
    ! jokers 4/6   $ special 1 free, 2/9 circled   ♥ 1/5
    g 2/21  y 3/21  b 0/21  r 0/21  o 0/21

The letter names a box's colour (g y b r o; it is drawn on that colour), ★ marks
a star, $ a special-die field, X a crossed box and [x] a box of a choice not yet
applied. Boxes are named in the notation by lower-case column letter and row
number (``h4``), and the rows are labelled by that number (a custom sheet's own
row names are shown beside it: ``P 1``); the start column H is bracketed. Below the grid: the column
values for the first completer and for later ones ([2]: scored, –: the first
value went to someone else) and (so-gut) the heart bonus written under each
completed column; at the right of each row (so-gut) the item for its first
completer and its row points. The colours adapt to the terminal: a 16-colour
terminal gets its own palette, so red and orange stay apart.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from rich import box
from rich.columns import Columns
from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.measure import Measurement
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from ...engine.grid import LETTERS
from .actions import COLOUR_FACES, NUMBER_FACES
from .sheet import COLOUR_NAMES, COLOURS, NochmalSheet
from .state import ACTIVE, ALL, OTHERS, OVER, ROLL
from .tables import HEART, PASS

if TYPE_CHECKING:
    from .state import NochmalState

__all__ = ["GLYPHS", "PALETTES", "choice_mask", "render_scores", "render_sheet",
           "render_state", "visible_choice"]

CELL = 3  # characters per box: " r ", " y★", " X$", "[x]"

GLYPHS = {
    "star": "★", "special": "$", "cross": "X", "chosen": "[x]", "joker": "!",
    "heart": "♥", "bomb": "✹", "stars": "★", "row": "≡", "block": "▦",
    "colour joker": "✕", "done": "✓", "gone": "–",
}
ITEM_GLYPHS = {"special": GLYPHS["special"], "bomb": GLYPHS["bomb"], "heart": GLYPHS["heart"]}
SPECIAL_NAMES = {"heart": "heart", "bomb": "bomb", "stars": "stars", "row": "three in a row",
                 "block": "colour block"}

# Per colour: the paper of its boxes, the ink of its letter, the ink of a cross.
Palette = dict[str, tuple[str, str, str]]
PALETTES: dict[str, Palette] = {
    "full": {   # 256 colours and true colour
        "g": ("#4fb848", "#2e7d2a", "bold #000000"),
        "y": ("#f2d13a", "#a88a10", "bold #000000"),
        "b": ("#3f9fe0", "#1f5f94", "bold #000000"),
        "r": ("#e0443a", "#8f2019", "bold #000000"),
        "o": ("#f28c28", "#a4550e", "bold #000000"),
    },
    "standard": {   # 16 colours: no orange, so the dark yellow stands in for it
        "g": ("green", "black", "bold bright_white"),
        "y": ("bright_yellow", "black", "bold black"),
        "b": ("blue", "black", "bold bright_white"),
        "r": ("red", "black", "bold bright_white"),
        "o": ("yellow", "black", "bold bright_white"),
    },
}
STYLES = {
    "label": "dim", "start": "bold reverse", "chosen": "bold reverse", "scored": "bold",
    "gone": "dim", "heart": "bold bright_red", "bomb": "bold red", "special": "bold",
    "number die": "bold reverse", "colour joker": "bold white on black", "missing": "dim",
    "done": "green",
}


def _palette(console: Console) -> Palette:
    return PALETTES["standard" if console.color_system in ("standard", "windows") else "full"]


def _paper(palette: Palette, colour: str) -> str:
    return f"on {palette[colour][0]}"


def _ink(palette: Palette, colour: str) -> str:
    paper, ink, _ = palette[colour]
    return f"{ink} on {paper}"


class _Drawn:
    """Lines of text built when drawn, in the palette of the console; measured at
    ``width`` (their longest line when ``None``), never wider than the console."""

    def __init__(self, build: Callable[[Palette], list[Text]], width: int | None = None) -> None:
        self.build = build
        self.width = width

    def _width(self, lines: list[Text], options: ConsoleOptions) -> int:
        width = self.width if self.width is not None else max(
            (line.cell_len for line in lines), default=0)
        return min(width, options.max_width)

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        width = self._width(self.build(_palette(console)), options)
        return Measurement(width, width)

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        lines = self.build(_palette(console))
        yield from console.render(Group(*lines), options.update_width(self._width(lines, options)))


# --- the sheet -----------------------------------------------------------------------
def _row_label(sheet: NochmalSheet, row: int) -> str:
    """``P 1``: the printed label and the row number of the notation (once if equal)."""
    label = sheet.row_labels[row] if row < len(sheet.row_labels) else str(row + 1)
    return label if label == str(row + 1) else f"{label} {row + 1}"


def _label_width(sheet: NochmalSheet) -> int:
    return max([3] + [len(_row_label(sheet, row)) for row in range(sheet.height)])


def _rows_scored(sheet: NochmalSheet) -> bool:
    return bool(sheet.row_items) or sheet.row_points > 0


def _grid_width(sheet: NochmalSheet) -> int:
    """Label, a space, the boxes and (so-gut) item and row points."""
    return _label_width(sheet) + 1 + CELL * sheet.width + (2 + CELL if _rows_scored(sheet) else 0)


def _cell(sheet: NochmalSheet, index: int, crossed: int, pending: int, palette: Palette) -> Text:
    colour = sheet.colours[index]
    bit = 1 << index
    marker = (GLYPHS["star"] if sheet.stars & bit else
              GLYPHS["special"] if sheet.special_fields & bit else " ")
    paper = _paper(palette, colour)
    if pending & bit and not crossed & bit:
        return Text(GLYPHS["chosen"], f"{STYLES['chosen']} {paper}")
    text = Text()
    text.append(" ", paper)
    if crossed & bit:
        text.append(GLYPHS["cross"] + marker, f"{palette[colour][2]} {paper}")
    else:
        text.append(colour, _ink(palette, colour))
        text.append(marker, f"{palette[colour][2]} {paper}")
    return text


def _value(value: int | str, style: str = "", circled: bool = False) -> Text:
    """A value centred in a cell; ``circled`` (scored) puts it in brackets."""
    word = str(value)
    if circled and len(word) == 1:
        return Text(f"[{word}]", STYLES["scored"])
    return Text(word.center(CELL), style)


def _line(label: str, width: int, cells: Sequence[Text], tail: Text | None = None,
          label_style: str = STYLES["label"]) -> Text:
    text = Text(no_wrap=True, overflow="crop")
    text.append(label.rjust(width), label_style)
    text.append(" ")
    for cell in cells:
        text.append_text(cell)
    if tail is not None:
        text.append_text(tail)
    return text


def _grid(sheet: NochmalSheet, crossed: int, pending: int,
          column_points: Sequence[int | None], heart_bonus: Sequence[int | None] | None,
          columns_taken: int, rows_taken: int, palette: Palette) -> list[Text]:
    width = _label_width(sheet)
    header = []
    for column in range(sheet.width):
        letter = LETTERS[column].upper()
        if column == sheet.start_column:
            header.append(Text(f"[{letter}]", STYLES["start"]))
        else:
            header.append(Text(letter.center(CELL), STYLES["label"]))
    lines = [_line("", width, header)]
    for row in range(sheet.height):
        cells = [_cell(sheet, row * sheet.width + column, crossed, pending, palette)
                 for column in range(sheet.width)]
        tail = None
        if _rows_scored(sheet):
            done = sheet.rows[row] & crossed == sheet.rows[row]
            tail = Text(" ")
            if row < len(sheet.row_items):
                item = sheet.row_items[row]
                if rows_taken >> row & 1 and not done:
                    tail.append(GLYPHS["gone"], STYLES["gone"])  # went to a first completer
                else:
                    tail.append(ITEM_GLYPHS[item], STYLES[item])
            else:
                tail.append(" ")
            tail.append_text(_value(sheet.row_points, circled=done))
        lines.append(_line(_row_label(sheet, row), width, cells, tail))
    first, later = [], []
    for column in range(sheet.width):
        points = column_points[column]
        got_first = points is not None and points == sheet.column_first[column]
        if got_first:
            first.append(_value(sheet.column_first[column], circled=True))
        elif columns_taken >> column & 1:
            first.append(_value(GLYPHS["gone"], STYLES["gone"]))
        else:
            first.append(_value(sheet.column_first[column]))
        later.append(_value(sheet.column_later[column],
                            circled=points is not None and not got_first))
    lines.append(_line("1st", width, first))
    lines.append(_line("2nd", width, later))
    if heart_bonus is not None:
        bonuses = [_value("" if bonus is None else bonus, STYLES["heart"])
                   for bonus in heart_bonus]
        lines.append(_line(GLYPHS["heart"], width, bonuses, label_style=STYLES["heart"]))
    return lines


def _status(sheet: NochmalSheet, crossed: int, colour_points: Sequence[int | None] | None,
            jokers_used: int, specials: int, specials_used: int, hearts: int,
            bombs_due: int, palette: Palette) -> list[Text]:
    line = Text()
    line.append(GLYPHS["joker"], "bold")
    line.append(f" jokers {sheet.jokers - jokers_used}/{sheet.jokers}")
    if sheet.special_dice or sheet.special_dice_at_start:
        line.append("   ")
        line.append(GLYPHS["special"], STYLES["special"])
        line.append(f" special {specials - specials_used} free, {specials}/"
                    f"{max(sheet.special_dice, sheet.special_dice_at_start)} circled")
    if sheet.hearts:
        line.append("   ")
        line.append(GLYPHS["heart"], STYLES["heart"])
        line.append(f" {hearts}/{sheet.hearts}")
    lines = [line]
    if bombs_due:
        due = Text()
        due.append(GLYPHS["bomb"], STYLES["bomb"])
        due.append(f" row bomb{'s' if bombs_due > 1 else ''} to cross: {bombs_due}")
        lines.append(due)
    line = Text()
    for number, colour in enumerate(COLOURS):
        mask = sheet.colour_masks[colour]
        if number:
            line.append("  ")
        line.append(colour, f"bold {_ink(palette, colour)}")
        points = colour_points[number] if colour_points is not None else None
        if mask & crossed == mask:
            line.append(f" {GLYPHS['done']}", STYLES["done"])
            if points is not None:
                line.append(f"+{points}", STYLES["scored"])
        else:
            line.append(f" {(mask & crossed).bit_count()}/{mask.bit_count()}")
    lines.append(line)
    return lines


def render_sheet(sheet: NochmalSheet, crossed: int = 0, *, pending: int = 0,
                 column_points: Sequence[int | None] | None = None,
                 heart_bonus: Sequence[int | None] | None = None,
                 colour_points: Sequence[int | None] | None = None,
                 columns_taken: int = 0, rows_taken: int = 0, jokers_used: int = 0,
                 specials: int | None = None, specials_used: int = 0, hearts: int = 0,
                 bombs_due: int = 0, status: bool = True) -> RenderableType:
    """One sheet, of any size: column letters on top (the start column bracketed),
    the notation's row numbers on the left (after a custom sheet's own row
    names: "P 1"), the coloured
    boxes, the column values (and, so-gut, the heart bonuses, row items and row
    points), then, when ``status``, the jokers, special dice, hearts and colours.

    ``crossed`` and ``pending`` (the boxes of a choice not applied yet) are box
    bitmasks; the other keywords are one seat's fields of :class:`NochmalState`
    (``specials=None``: the special dice circled at the start), ``columns_taken``
    and ``rows_taken`` the columns and rows whose first bonus is gone.
    """
    points = list(column_points) if column_points is not None else [None] * sheet.width
    bonuses = None
    if sheet.hearts:
        bonuses = list(heart_bonus) if heart_bonus is not None else [None] * sheet.width
    circled = sheet.special_dice_at_start if specials is None else specials

    def build(palette: Palette) -> list[Text]:
        lines = _grid(sheet, crossed, pending, points, bonuses, columns_taken, rows_taken,
                      palette)
        if status:
            lines += _status(sheet, crossed, colour_points, jokers_used, circled, specials_used,
                             hearts, bombs_due, palette)
        return lines

    return _Drawn(build, _grid_width(sheet))


# --- choices ---------------------------------------------------------------------------
def visible_choice(state: NochmalState, player: int, seat: int | None) -> str | None:
    """What ``seat`` may see of ``player``'s pending choice, as ``state.view(seat)``
    tells it: ``None`` (nothing chosen), ``"chosen"`` (hidden) or the notation. A
    seat sees its own choice, and everyone the active player's in phase others."""
    action_id = state.pending[player]
    if action_id < 0:
        return None
    if player != seat and not (state.phase == OTHERS and player == state.active):
        return "chosen"
    return str(state.game.action_from_id(action_id))


def choice_mask(state: NochmalState, action_id: int) -> int:
    """The boxes an action id crosses (0 for pass, heart and no choice)."""
    table = state.table
    if action_id < 0 or action_id in (PASS, HEART):
        return 0
    if action_id < table.bomb_base:
        return table.crosses[(action_id - table.cross_base) // 4]
    return table.special_mask(action_id)


# --- the table -------------------------------------------------------------------------
def _name(seat: int, names: Sequence[str] | None) -> str:
    if names is not None and seat < len(names) and names[seat]:
        return names[seat]
    return f"Seat {seat}"


def _who(seats: Sequence[int], names: Sequence[str] | None) -> str:
    return ", ".join(_name(seat, names) for seat in seats) or "nobody"


def _header(state: NochmalState, names: Sequence[str] | None) -> Text:
    """Two lines: where the game stands, then what happens now."""
    sheet, solo = state.sheet, state.solo
    text = Text()
    text.append(state.game.title, "bold")
    if sheet.name != state.game.title:   # a sheet of one's own
        text.append(f" · {sheet.name}")
    text.append(" · solo" if solo else f" · {state.game.num_players} players")
    if state.phase == OVER:
        text.append(f" · game over after roll {state.rolls}", "bold")
        return text
    text.append(f" · roll {state.rolls + 1}" + (f" of {sheet.solo_rolls}" if solo else ""))
    active = _name(state.active, names)
    if not solo:
        text.append(f" · active {active}")
    phase, deciders = state.phase, state.deciders()
    if phase == ROLL:
        doing = "the dice are rolled" if solo else f"{active} rolls the dice"
    elif phase == ACTIVE:
        dice = "a colour and a number die" + (", the special die" if state.special_face else "")
        doing = (f"choose {dice} or pass" if solo else f"{active} chooses {dice} or passes")
    elif phase == OTHERS:
        doing = f"others choosing from the dice {active} left: {_who(deciders, names)}"
    elif phase == ALL:
        doing = f"everyone chooses from all dice (rolls 1-3): {_who(deciders, names)}"
    else:  # ITEM
        doing = f"row bomb: {_who(deciders, names)} cross up to 4 boxes in one 2×2 square"
    text.append("\n▸ ")
    text.append(doing, "bold")
    return text


def _dice(colours: Sequence[int], numbers: Sequence[int], special: str | None,
          with_special: bool, palette: Palette) -> Text:
    text = Text()
    faces = [face for face, count in zip(COLOUR_FACES, colours) for _ in range(count)]
    for face in faces:
        if face == "x":
            text.append(f"[{GLYPHS['colour joker']}]", STYLES["colour joker"])
        else:
            text.append(f"[{face}]", f"bold {palette[face][2]} {_paper(palette, face)}")
        text.append(" ")
    if not faces:
        text.append("no colour die ", STYLES["missing"])
    text.append(" ")
    values = [face for face, count in zip(NUMBER_FACES, numbers) for _ in range(count)]
    for face in values:
        text.append(f"[{face}]", STYLES["number die"])
        text.append(" ")
    if not values:
        text.append("no number die ", STYLES["missing"])
    if with_special:
        text.append(" ")
        if special is None:
            text.append("special die taken", STYLES["missing"])
        else:
            text.append(f"[{GLYPHS[special]}]", STYLES["number die"])
            text.append(f" {SPECIAL_NAMES[special]}")
    text.rstrip()
    return text


def _dice_lines(state: NochmalState) -> RenderableType:
    with_special = state.game.dice[2]

    def build(palette: Palette) -> list[Text]:
        line = Text()
        line.append("Dice: ", "bold")
        if state.phase == ROLL:
            line.append("to be rolled", STYLES["missing"])
            return [line]
        line.append_text(_dice(state.colour_dice, state.number_dice, state.special_face,
                               with_special, palette))
        lines = [line]
        if state.phase == OTHERS:
            other = (state.active + 1) % state.game.num_players
            colours, numbers, special = state.dice_for(other)
            left = Text()
            left.append("Left for the others: ", "bold")
            left.append_text(_dice(colours, numbers, special, with_special, palette))
            lines.append(left)
        return lines

    return _Drawn(build)


def _taken_line(state: NochmalState) -> RenderableType | None:
    """The first bonuses already gone (multi-player)."""
    sheet = state.sheet
    parts = []
    if state.columns_taken:
        parts.append("columns " + " ".join(LETTERS[c].upper() for c in range(sheet.width)
                                           if state.columns_taken >> c & 1))
    if state.rows_taken and sheet.row_items:
        parts.append("row items " + " ".join(_row_label(sheet, r).split()[0]
                                             for r in range(sheet.height)
                                             if state.rows_taken >> r & 1))
    if state.colours_taken:
        parts.append("colours " + " ".join(COLOUR_NAMES[c] for n, c in enumerate(COLOURS)
                                           if state.colours_taken >> n & 1))
    if state.solo or not parts:
        return None
    first = Text()
    first.append("First bonuses gone: ", "bold")
    first.append(parts[0])
    return _Packed([first] + [Text(part) for part in parts[1:]], separator=" · ")


class _Packed:
    """Short items packed greedily into lines as wide as the console."""

    def __init__(self, items: list[Text], style: str = "", separator: str = "  ") -> None:
        self.items = items
        self.style = style
        self.separator = separator

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        lines: list[Text] = []
        gap = len(self.separator)
        for item in self.items:
            if lines and lines[-1].cell_len + gap + item.cell_len <= options.max_width:
                lines[-1].append(self.separator)
                lines[-1].append_text(item)
            else:
                lines.append(Text(style=self.style, no_wrap=True, overflow="fold"))
                lines[-1].append_text(item)
        yield from lines


def _legend(sheet: NochmalSheet, solo: bool) -> _Packed:
    words = [f"{GLYPHS['star']} star (-2 if open)"]
    if sheet.special_fields or sheet.special_dice:
        words.append(f"{GLYPHS['special']} special die")
    words += [f"{GLYPHS['cross']} crossed", f"{GLYPHS['chosen']} chosen", "[5] scored"]
    if not solo:
        words.append(f"{GLYPHS['gone']} gone to others")
    if sheet.row_items:
        words += [f"{GLYPHS['bomb']} bomb", f"{GLYPHS['heart']} heart"]
    start = LETTERS[sheet.start_column]
    words.append(f"box {start}4: column {start.upper()}, row 4")
    return _Packed([Text(word) for word in words], STYLES["missing"])


def _player_panel(state: NochmalState, player: int, score: int, seat: int | None,
                  names: Sequence[str] | None) -> Panel:
    title = Text(_name(player, names), "bold")
    if seat == player:
        title.append(" (you)")
    title.append(f" · {score} points")
    choice = visible_choice(state, player, seat)
    deciding = player in state.deciders()
    notes = []
    if state.phase != OVER and player == state.active and not state.solo:
        notes.append("active")
    if choice == "chosen":
        notes.append("chosen")
    elif choice is not None:
        notes.append(f"chose {choice}")
    elif deciding:
        notes.append("to choose")
    pending = 0 if choice in (None, "chosen") else choice_mask(state, state.pending[player])
    body = render_sheet(
        state.sheet, state.crossed[player], pending=pending,
        column_points=state.column_points[player], heart_bonus=state.heart_bonus[player],
        colour_points=state.colour_points[player], columns_taken=state.columns_taken,
        rows_taken=state.rows_taken, jokers_used=state.jokers_used[player],
        specials=state.specials[player], specials_used=state.specials_used[player],
        hearts=state.hearts[player], bombs_due=state.bombs_due[player])
    return Panel(body, title=title, title_align="left",
                 subtitle=" · ".join(notes) or None, subtitle_align="right",
                 border_style="bold" if deciding else "dim", expand=False)


def render_state(state: NochmalState, seat: int | None = None,
                 names: Sequence[str] | None = None) -> RenderableType:
    """The whole table: a header (edition, roll, active player, phase), the dice
    (in phase others also those left for the others), the first bonuses already
    gone, a key to the marks and every player's sheet with name, score and
    whether they have chosen, side by side when they fit the console.

    ``seat`` is the viewer: their sheet is marked "(you)" and only their own
    pending choice is shown (and, in phase others, the active player's); the
    others' show as "chosen"."""
    scores = state.scores()
    parts: list[RenderableType] = [_header(state, names)]
    if state.phase != OVER:
        parts.append(_dice_lines(state))
    taken = _taken_line(state)
    if taken is not None:
        parts.append(taken)
    parts.append(_legend(state.sheet, state.solo))
    panels = [_player_panel(state, player, scores[player], seat, names)
              for player in range(state.game.num_players)]
    parts.append(Columns(panels, padding=(0, 1)))
    return Group(*parts)


# --- the result ------------------------------------------------------------------------
def render_scores(state: NochmalState, names: Sequence[str] | None = None) -> RenderableType:
    """The score table, best first: place, seat, name, score and the parts of the
    score the edition has (colours, columns, hearts, rows, unused jokers, unused
    special dice, open stars, early end in solo) and, in solo, the rating."""
    parts = list(state.score_parts(0))   # the same parts for every seat
    table = Table(title="Final scores" if state.is_terminal() else "Scores so far",
                  title_style="bold", title_justify="left", header_style="bold",
                  box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False, padding=(0, 0))
    table.add_column("Place", justify="right", no_wrap=True)
    table.add_column("Seat", justify="right", no_wrap=True)
    table.add_column("Name", min_width=8)   # the column that wraps on a narrow console
    table.add_column("Score", justify="right", style="bold", no_wrap=True)
    for part in parts:
        table.add_column(part.capitalize().replace(" ", "\n"), justify="right", no_wrap=True)
    scores, places = state.scores(), state.places()
    for player in state.ranking():
        split = state.score_parts(player)
        table.add_row(str(places[player]), str(player), Text(_name(player, names)),
                      str(scores[player]), *(str(split[part]) for part in parts))
    rating = state.game.rating(scores[0]) if state.solo else None
    if rating is None:
        return table
    line = Text()
    line.append("Rating: ", "bold")
    line.append(rating)
    if not state.is_terminal():
        line.append(" (so far)", STYLES["missing"])
    return Group(table, line)
