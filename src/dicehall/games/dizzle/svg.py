"""Dizzle sheets as standalone SVG pictures, built from plain strings.

:func:`sheet_svg` draws a sheet (optionally with a player's marks on it) and
:func:`state_svg` draws one seat's sheet of a game in progress. Every field is
one ``<g class="field" data-field="c4">`` element (holes have none) carrying
``data-number``, ``data-kind`` (its specials) and ``data-state`` (``start``,
``crossed``, ``scribbled``, ``lava``, ``die``, ``track``) attributes, so the
picture can be inspected as data too. Arrows and bordered areas are drawn on
top as ``<g class="arrow">`` and ``<g class="area">`` groups.

What is drawn::

    number            in the middle of the field
    start cross X     grey field with a dark X          crossed field   a big blue X
    gem               diamond in its colour, +points    bomb            black bomb, -points
    key / lock        key / padlock in its colour (the shackle opens once a key is crossed)
    rocket            small rocket                      planet          ringed planet
    volcano           brown mountain                    flag            flag, its track below
    puzzle piece      jigsaw piece, the colour's points poop            brown heap, -points
    station           station house, +points            track           lines between edge midpoints
    scribbled         red hatching                      lava            orange-red fill
    die of the draft  rounded die outline               arrow / area    arrow line / thick outline
"""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING, Any

from ...engine.bits import bit_list
from ...engine.grid import LETTERS
from ..palette import PALETTE, svg_colour
from .sheet import EAST, NORTH, SOUTH, WEST, Sheet

if TYPE_CHECKING:
    from .state import DizzleState

__all__ = ["PALETTE", "sheet_svg", "state_svg", "svg_colour"]

CELL = 60      # pixels per field
MARGIN = 28    # room for the column letters and row numbers
PAD = 12       # right and bottom border
TITLE = 34     # height of the title line
FONT = "DejaVu Sans, Verdana, Arial, sans-serif"

INK = {
    "number": "#212121", "grid": "#9e9e9e", "label": "#757575", "start": "#eceff1",
    "cross": "#37474f", "pen": "#1565c0", "scribble": "#c62828", "lava": "#ff5722",
    "die": "#212121", "bomb": "#c62828", "poop": "#6d4c41", "station": "#283593",
    "track": "#3e2723", "drawn": "#1565c0", "arrow": "#37474f", "area": "#000000",
}


def _num(value: float) -> str:
    return f"{value:.2f}".rstrip("0").rstrip(".")


def _attrs(**attributes: Any) -> str:
    """XML attributes; ``class_`` is ``class``, ``data_field`` is ``data-field``."""
    out = []
    for name, value in attributes.items():
        if value is None:
            continue
        name = name.rstrip("_").replace("_", "-")
        if isinstance(value, float):
            value = _num(value)
        out.append(f'{name}="{escape(str(value), quote=True)}"')
    return " ".join(out)


def _el(tag: str, **attributes: Any) -> str:
    return f"<{tag} {_attrs(**attributes)}/>"


def _text(x: float, y: float, text: str, size: float, fill: str, anchor: str = "middle",
          weight: str | None = None, class_: str | None = None) -> str:
    attributes = _attrs(x=float(x), y=float(y), font_size=float(size), fill=fill, text_anchor=anchor,
                        font_weight=weight, class_=class_)
    return f"<text {attributes}>{escape(text, quote=False)}</text>"


def _points(points: list[tuple[float, float]]) -> str:
    return " ".join(f"{_num(x)},{_num(y)}" for x, y in points)


# --- symbols: each draws into the 16x16 box at (x, y) ---------------------------------
def _gem(x: float, y: float, fill: str, ink: str) -> str:
    return _el("polygon", points=_points([(x + 8, y), (x + 16, y + 6), (x + 8, y + 16), (x, y + 6)]),
               fill=fill, stroke=ink, stroke_width=1.2) + _el(
        "polyline", points=_points([(x, y + 6), (x + 16, y + 6)]), stroke=ink, stroke_width=0.8,
        fill="none")


def _bomb(x: float, y: float) -> str:
    return (_el("circle", cx=x + 7.0, cy=y + 10.0, r=5.5, fill="#212121")
            + _el("path", d=f"M{_num(x + 10)} {_num(y + 6)} Q{_num(x + 12)} {_num(y + 1)} "
                            f"{_num(x + 15)} {_num(y + 2)}", stroke="#5d4037", stroke_width=1.5, fill="none")
            + _el("circle", cx=x + 15.0, cy=y + 2.0, r=2.0, fill="#ff9800"))


def _key(x: float, y: float, ink: str) -> str:
    style = {"stroke": ink, "stroke_width": 2.2, "fill": "none", "stroke_linecap": "round"}
    return (_el("circle", cx=x + 4.5, cy=y + 8.0, r=3.5, **style)
            + _el("path", d=f"M{_num(x + 8)} {_num(y + 8)} H{_num(x + 16)} M{_num(x + 12.5)} {_num(y + 8)} "
                            f"V{_num(y + 12)} M{_num(x + 15.5)} {_num(y + 8)} V{_num(y + 11)}", **style))


def _lock(x: float, y: float, fill: str, ink: str, open_: bool) -> str:
    if open_:   # the shackle lifted and swung free of the body
        shackle = (f"M{_num(x + 4)} {_num(y + 3)} V{_num(y + 1)} "
                   f"A4 4 0 0 1 {_num(x + 12)} {_num(y + 1)} V{_num(y + 8)}")
    else:
        shackle = (f"M{_num(x + 4)} {_num(y + 8)} V{_num(y + 5)} "
                   f"A4 4 0 0 1 {_num(x + 12)} {_num(y + 5)} V{_num(y + 8)}")
    return (_el("path", d=shackle, stroke=ink, stroke_width=2.0, fill="none")
            + _el("rect", x=x + 1.5, y=y + 8.0, width=13, height=8, rx=1.5, fill=fill, stroke=ink,
                  stroke_width=1.2)
            + _el("circle", cx=x + 8.0, cy=y + 11.5, r=1.4, fill=ink))


def _rocket(x: float, y: float) -> str:
    body = (f"M{_num(x + 8)} {_num(y)} C{_num(x + 12)} {_num(y + 4)} {_num(x + 12)} {_num(y + 9)} "
            f"{_num(x + 11)} {_num(y + 12)} H{_num(x + 5)} C{_num(x + 4)} {_num(y + 9)} {_num(x + 4)} "
            f"{_num(y + 4)} {_num(x + 8)} {_num(y)} Z")
    return (_el("polygon", points=_points([(x + 6, y + 12), (x + 8, y + 16), (x + 10, y + 12)]),
                fill="#ff7043")
            + _el("polygon", points=_points([(x + 4.5, y + 7), (x + 1, y + 13), (x + 5, y + 12)]),
                  fill="#e53935")
            + _el("polygon", points=_points([(x + 11.5, y + 7), (x + 15, y + 13), (x + 11, y + 12)]),
                  fill="#e53935")
            + _el("path", d=body, fill="#cfd8dc", stroke="#455a64", stroke_width=1.0)
            + _el("circle", cx=x + 8.0, cy=y + 5.5, r=1.8, fill="#29b6f6"))


def _flag(x: float, y: float, fill: str, ink: str) -> str:
    return (_el("line", x1=x + 3.0, y1=y + 0.5, x2=x + 3.0, y2=y + 16.0, stroke="#424242",
                stroke_width=1.6)
            + _el("polygon", points=_points([(x + 3.5, y + 1), (x + 14, y + 5), (x + 3.5, y + 9)]),
                  fill=fill, stroke=ink, stroke_width=1.0))


def _puzzle(x: float, y: float, fill: str, ink: str) -> str:
    piece = (f"M{_num(x + 1)} {_num(y + 5)} H{_num(x + 5)} A2.6 2.6 0 1 1 {_num(x + 9)} {_num(y + 5)} "
             f"H{_num(x + 12)} V{_num(y + 8)} A2.6 2.6 0 1 1 {_num(x + 12)} {_num(y + 12)} "
             f"V{_num(y + 15)} H{_num(x + 1)} Z")
    return _el("path", d=piece, fill=fill, stroke=ink, stroke_width=1.0)


def _poop(x: float, y: float) -> str:
    style = {"fill": "#8d6e63", "stroke": "#4e342e", "stroke_width": 0.8}
    return (_el("ellipse", cx=x + 8.0, cy=y + 13.0, rx=7.0, ry=2.8, **style)
            + _el("ellipse", cx=x + 8.0, cy=y + 9.5, rx=5.0, ry=2.4, **style)
            + _el("ellipse", cx=x + 8.0, cy=y + 6.2, rx=3.2, ry=2.0, **style)
            + _el("path", d=f"M{_num(x + 7)} {_num(y + 4.5)} Q{_num(x + 9)} {_num(y + 2)} "
                            f"{_num(x + 10)} {_num(y)}", **style))


def _station(x: float, y: float) -> str:
    ink = INK["station"]
    return (_el("polygon", points=_points([(x, y + 7), (x + 8, y + 1), (x + 16, y + 7)]), fill=ink)
            + _el("rect", x=x + 2.0, y=y + 7.0, width=12, height=8, fill="#5c6bc0", stroke=ink,
                  stroke_width=1.0)
            + _el("rect", x=x + 6.5, y=y + 10.0, width=3, height=5, fill="#ffffff"))


def _planet(x: float, y: float) -> str:
    cx, cy = x + CELL / 2, y + CELL / 2
    return (_el("circle", cx=cx, cy=cy, r=13.0, fill="#4fc3f7", stroke="#0277bd", stroke_width=1.5)
            + _el("ellipse", cx=cx, cy=cy, rx=22.0, ry=6.0, fill="none", stroke="#0277bd",
                  stroke_width=2.0, transform=f"rotate(-20 {_num(cx)} {_num(cy)})")
            + _el("circle", cx=cx - 4, cy=cy - 4, r=3.0, fill="#b3e5fc"))


def _volcano(x: float, y: float) -> str:
    s = CELL
    mountain = [(x + 6, y + s - 8), (x + 22, y + 22), (x + 38, y + 22), (x + s - 6, y + s - 8)]
    crater = [(x + 22, y + 22), (x + 26, y + 17), (x + 30, y + 21), (x + 34, y + 16), (x + 38, y + 22)]
    return (_el("polygon", points=_points(mountain), fill="#6d4c41", stroke="#3e2723", stroke_width=1.5)
            + _el("polygon", points=_points(crater), fill="#ff5722")
            + _el("path", d=f"M{_num(x + 28)} {_num(y + 24)} L{_num(x + 25)} {_num(y + 34)} "
                            f"L{_num(x + 30)} {_num(y + 30)} L{_num(x + 27)} {_num(y + 42)}",
                  fill="none", stroke="#ff7043", stroke_width=2.0)
            + _el("circle", cx=x + 32.0, cy=y + 10.0, r=4.0, fill="#bdbdbd")
            + _el("circle", cx=x + 38.0, cy=y + 6.0, r=3.0, fill="#e0e0e0"))


# --- field marks ----------------------------------------------------------------------
def _cross(x: float, y: float, colour: str, inset: float = 9.0, width: float = 4.0) -> str:
    a, b = inset, CELL - inset
    return _el("path", d=f"M{_num(x + a)} {_num(y + a)} L{_num(x + b)} {_num(y + b)} "
                         f"M{_num(x + b)} {_num(y + a)} L{_num(x + a)} {_num(y + b)}",
               stroke=colour, stroke_width=width, stroke_linecap="round", fill="none", class_="cross")


def _hatching(x: float, y: float) -> str:
    """45-degree lines clipped to the field (computed, no clip path needed)."""
    inset, step = 3.0, 8.0
    size = CELL - 2 * inset
    x0, y0 = x + inset, y + inset
    parts = []
    k = step
    while k < 2 * size:
        sx, sy = x0 + max(0.0, k - size), y0 + min(k, size)
        ex, ey = x0 + min(k, size), y0 + max(0.0, k - size)
        parts.append(f"M{_num(sx)} {_num(sy)} L{_num(ex)} {_num(ey)}")
        k += step
    return _el("path", d=" ".join(parts), stroke=INK["scribble"], stroke_width=2.0, fill="none",
               class_="scribble")


def _track(x: float, y: float, bits: int, printed: bool) -> str:
    """A track piece: a straight line or a quarter arc between the edge midpoints it joins."""
    half = CELL / 2
    cx, cy = x + half, y + half
    ends = {NORTH: (cx, y), EAST: (x + CELL, cy), SOUTH: (cx, y + CELL), WEST: (x, cy)}
    corners = {NORTH | EAST: (x + CELL, y), EAST | SOUTH: (x + CELL, y + CELL),
               SOUTH | WEST: (x, y + CELL), WEST | NORTH: (x, y)}
    edges = [edge for edge in (NORTH, EAST, SOUTH, WEST) if bits & edge]
    if bits in corners:
        (sx, sy), (ex, ey) = (ends[edge] for edge in edges)
        ox, oy = corners[bits]
        sweep = 1 if (sx - ox) * (ey - oy) - (sy - oy) * (ex - ox) > 0 else 0
        d = f"M{_num(sx)} {_num(sy)} A{_num(half)} {_num(half)} 0 0 {sweep} {_num(ex)} {_num(ey)}"
    elif bits in (NORTH | SOUTH, EAST | WEST):
        (sx, sy), (ex, ey) = (ends[edge] for edge in edges)
        d = f"M{_num(sx)} {_num(sy)} L{_num(ex)} {_num(ey)}"
    else:   # not one of the six pieces: spokes from the middle
        d = " ".join(f"M{_num(cx)} {_num(cy)} L{_num(ends[e][0])} {_num(ends[e][1])}" for e in edges)
    kind = "printed" if printed else "drawn"
    if printed:
        return (_el("path", d=d, stroke=INK["track"], stroke_width=7, fill="none",
                    class_=f"track {kind}", data_bits=bits)
                + _el("path", d=d, stroke="#d7ccc8", stroke_width=1.5, stroke_dasharray="3 3",
                      fill="none"))
    return _el("path", d=d, stroke=INK["drawn"], stroke_width=5, fill="none", stroke_linecap="butt",
               class_=f"track {kind}", data_bits=bits)


def _specials(sheet: Sheet) -> dict[int, list[tuple[str, str, str, str]]]:
    """Field index -> [(kind, colour word, label, description)] for the numbered specials."""
    marks: dict[int, list[tuple[str, str, str, str]]] = {}

    def add(mask: int, kind: str, colour: str, label: str) -> None:
        for index in bit_list(mask):
            marks.setdefault(index, []).append((kind, colour, label, f"{colour} {kind}".strip()))

    for gem in sheet.gems:
        add(gem.mask, "gem", gem.colour, f"+{gem.points}")
    for bomb in sheet.bombs:
        add(bomb.mask, "bomb", "", f"\u2212{bomb.points}")
    for key in sheet.keys:
        add(key.mask, "key", key.colour, "")
    for lock in sheet.locks:
        add(lock.mask, "lock", lock.colour, "")
    for index in sheet.rocket_fields:
        add(1 << index, "rocket", "", "")
    for flag in sheet.flags:
        add(1 << flag.index, "flag", flag.colour, "")
    for puzzle in sheet.puzzles:
        add(puzzle.mask, "puzzle", puzzle.colour, str(puzzle.points))
    for poop in sheet.poops:
        add(poop.mask, "poop", "", f"\u2212{poop.points}")
    for station in sheet.stations:
        add(station.mask, "station", "", f"+{station.points}")
    return marks


def _symbol(kind: str, colour: str, x: float, y: float, open_lock: bool) -> tuple[str, str]:
    """The symbol of a special in the 16x16 box at (x, y), and its label colour."""
    fill, ink = svg_colour(colour) if colour else ("#9e9e9e", "#424242")
    if kind == "gem":
        return _gem(x, y, fill, ink), ink
    if kind == "bomb":
        return _bomb(x, y), INK["bomb"]
    if kind == "key":
        return _key(x, y, ink), ink
    if kind == "lock":
        return _lock(x, y, fill, ink, open_lock), ink
    if kind == "rocket":
        return _rocket(x, y), INK["label"]
    if kind == "flag":
        return _flag(x, y, fill, ink), ink
    if kind == "puzzle":
        return _puzzle(x, y, fill, ink), ink
    if kind == "poop":
        return _poop(x, y), INK["poop"]
    return _station(x, y), INK["station"]


def _field(sheet: Sheet, index: int, x: float, y: float, specials: list, marks: dict[str, bool],
           track: tuple[int, bool] | None, open_locks: int) -> str:
    token = sheet.tokens[index]
    states = [name for name, on in marks.items() if on]
    if track is not None:
        states.append("track")
    if token == "X":
        states.insert(0, "start")
    tinted = [colour for kind, colour, *_ in specials
              if colour and kind in ("gem", "key", "lock", "puzzle", "flag")]
    head = _attrs(class_="field", data_field=sheet.field_name(index), data_number=token,
                  data_kind=" ".join(kind for kind, *_ in specials) or None,
                  data_state=" ".join(states) or None)
    parts = [f"<g {head}>"]
    description = ", ".join(d for *_, d in specials)
    parts.append(f"<title>{escape(sheet.field_name(index))}"
                 f"{': ' + escape(description) if description else ''}</title>")
    background = INK["start"] if token == "X" else "#ffffff"
    parts.append(_el("rect", x=float(x), y=float(y), width=CELL, height=CELL, fill=background,
                     stroke=INK["grid"], stroke_width=1))
    if tinted:
        parts.append(_el("rect", x=x + 1.0, y=y + 1.0, width=CELL - 2, height=CELL - 2,
                         fill=svg_colour(tinted[0])[0], fill_opacity=0.16))
    if marks["lava"]:
        parts.append(_el("rect", x=x + 1.0, y=y + 1.0, width=CELL - 2, height=CELL - 2,
                         fill=INK["lava"], fill_opacity=0.85, class_="lava"))
    if marks["scribbled"]:
        parts.append(_hatching(x, y))
    if token == "P":
        parts.append(_planet(x, y))
    elif token == "V":
        parts.append(_volcano(x, y))
    labels = []
    for number, (kind, colour, label, _) in enumerate(specials):
        symbol, ink = _symbol(kind, colour, x + 4 + 18 * number, y + 4, bool(open_locks >> index & 1))
        parts.append(symbol)
        if label:
            labels.append((label, ink))
        if kind == "flag":
            flag = next(f for f in sheet.flags if f.index == index)
            values = "\u00b7".join(map(str, flag.track))
            size = min(9.5, 34 / (0.6 * len(values)))
            parts.append(_text(x + 22, y + 13, values, size, ink, anchor="start", weight="bold",
                               class_="flag-track"))
    for number, (label, ink) in enumerate(labels):
        parts.append(_text(x + CELL - 9, y + 15 + 12 * number, label, 11.5, ink, anchor="end",
                           weight="bold"))
    if token.isdigit():
        parts.append(_text(x + CELL / 2, y + CELL / 2 + 8, token, 22, INK["number"], class_="number"))
    if track is not None:
        parts.append(_track(x, y, *track))
    # on a railway sheet a numbered field gets a track piece, never an X (until
    # its piece is drawn it is only marked as due)
    if marks["crossed"] and track is None and not (sheet.railway and token.isdigit()):
        parts.append(_cross(x, y, INK["cross"] if token == "X" else INK["pen"]))
    if marks["die"]:
        parts.append(_el("rect", x=x + 12.0, y=y + 12.0, width=CELL - 24, height=CELL - 24, rx=7,
                         fill="none", stroke=INK["die"], stroke_width=3, class_="die"))
    parts.append("</g>")
    return "".join(parts)


# --- arrows and areas -----------------------------------------------------------------------
def _arrow(sheet: Sheet, mask: int, points: int, origin: tuple[float, float]) -> str:
    """An arrow along a row (left to right) or column (top to bottom) with its points."""
    fields = bit_list(mask)
    ox, oy = origin
    first, last = fields[0], fields[-1]
    (r0, c0), (r1, c1) = divmod(first, sheet.width), divmod(last, sheet.width)
    x0, y0 = ox + c0 * CELL, oy + r0 * CELL
    x1, y1 = ox + c1 * CELL, oy + r1 * CELL
    ink = INK["arrow"]
    label = str(points)
    head: list[tuple[float, float]]
    if r0 == r1:   # a row: along the bottom of the fields
        line_y = y0 + CELL - 6
        pill = (x0 + 3, line_y - 6, 22, 12)
        start, end = (x0 + 25, line_y), (x1 + CELL - 9, line_y)
        head = [(x1 + CELL - 3, line_y), (x1 + CELL - 11, line_y - 4.5), (x1 + CELL - 11, line_y + 4.5)]
    else:          # a column: along the right side of the fields
        line_x = x0 + CELL - 7
        pill = (line_x - 7, y0 + CELL / 2 - 6, 14, 12)
        start, end = (line_x, y0 + 4), (line_x, y1 + CELL - 9)
        head = [(line_x, y1 + CELL - 3), (line_x - 4.5, y1 + CELL - 11), (line_x + 4.5, y1 + CELL - 11)]
    px, py, pw, ph = pill
    names = sheet.names(mask)
    return (f"<g {_attrs(class_='arrow', data_fields=' '.join(names), data_points=points)}>"
            f"<title>arrow {names[0]}-{names[-1]}: {points} points</title>"
            + _el("line", x1=float(start[0]), y1=float(start[1]), x2=float(end[0]), y2=float(end[1]),
                  stroke=ink, stroke_width=2.5)
            + _el("polygon", points=_points(head), fill=ink)
            + _el("rect", x=float(px), y=float(py), width=pw, height=ph, rx=6, fill=ink)
            + _text(px + pw / 2, py + 9, label, 9 if len(label) < 3 else 7, "#ffffff", weight="bold")
            + "</g>")


def _area(sheet: Sheet, mask: int, points: int, origin: tuple[float, float]) -> str:
    """A thick outline around the area's border edges, its points on the first field's top edge."""
    ox, oy = origin
    width = sheet.width
    segments = []
    for index in bit_list(mask):
        row, col = divmod(index, width)
        x, y = ox + col * CELL, oy + row * CELL
        inside = {
            "n": row > 0 and mask >> (index - width) & 1,
            "s": row < sheet.height - 1 and mask >> (index + width) & 1,
            "w": col > 0 and mask >> (index - 1) & 1,
            "e": col < width - 1 and mask >> (index + 1) & 1,
        }
        edges = {"n": (x, y, x + CELL, y), "s": (x, y + CELL, x + CELL, y + CELL),
                 "w": (x, y, x, y + CELL), "e": (x + CELL, y, x + CELL, y + CELL)}
        for side, (ax, ay, bx, by) in edges.items():
            if not inside[side]:
                segments.append(f"M{_num(ax)} {_num(ay)} L{_num(bx)} {_num(by)}")
    first = bit_list(mask)[0]
    row, col = divmod(first, width)
    px, py = ox + col * CELL + CELL / 2 - 12, oy + row * CELL - 8
    names = sheet.names(mask)
    return (f"<g {_attrs(class_='area', data_fields=' '.join(names), data_points=points)}>"
            f"<title>area {' '.join(names)}: {points} points</title>"
            + _el("path", d=" ".join(segments), stroke=INK["area"], stroke_width=4.5, fill="none",
                  stroke_linecap="square")
            + _el("rect", x=float(px), y=float(py), width=24, height=16, rx=8, fill=INK["area"])
            + _text(px + 12, py + 12, str(points), 11 if points < 100 else 8, "#ffffff", weight="bold")
            + "</g>")


# --- the picture -------------------------------------------------------------------------
def sheet_svg(sheet: Sheet, *, crossed: int = 0, scribbled: int = 0, lava: int = 0, dice: int = 0,
              tracks: dict[int, int] | None = None, title: str | None = None) -> str:
    """A standalone SVG document of ``sheet`` with a player's marks on it.

    ``crossed``, ``scribbled``, ``lava`` and ``dice`` (this draft's dice) are field
    masks; the printed start crosses are always drawn. ``tracks`` maps field indices
    to the track pieces a player drew (bits ``NORTH | EAST ...`` of :mod:`.sheet`);
    printed tracks are always drawn. ``title`` goes above the grid.
    """
    crossed |= sheet.start
    tracks = dict(tracks or {})
    top = MARGIN + (TITLE if title else 0)
    origin = (float(MARGIN), float(top))
    width = MARGIN + sheet.width * CELL + PAD
    height = top + sheet.height * CELL + PAD
    specials = _specials(sheet)
    open_locks = sum(lock.mask for lock in sheet.locks) & ~sheet.locked(crossed)
    printed = dict(sheet.printed_tracks)
    label = title if title else sheet.name
    out = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="{escape(FONT, quote=True)}" class="dizzle-sheet">',
        f"<title>{escape(label, quote=False)}</title>",
        _el("rect", x=0, y=0, width=width, height=height, fill="#fafafa"),
    ]
    if title:
        out.append(_text(MARGIN, MARGIN + 6, title, 18, INK["number"], anchor="start", weight="bold",
                         class_="title"))
    for col in range(sheet.width):
        out.append(_text(MARGIN + col * CELL + CELL / 2, top - 9, LETTERS[col], 14, INK["label"],
                         class_="column"))
    for row in range(sheet.height):
        out.append(_text(MARGIN - 8, top + row * CELL + CELL / 2 + 5, str(row + 1), 14, INK["label"],
                         anchor="end", class_="row"))
    out.append('<g class="fields">')
    for index in range(sheet.size):
        if not sheet.fields >> index & 1:
            continue
        row, col = divmod(index, sheet.width)
        bit = 1 << index
        marks = {"crossed": bool(crossed & bit), "scribbled": bool(scribbled & bit),
                 "lava": bool(lava & bit), "die": bool(dice & bit)}
        if index in printed:
            track: tuple[int, bool] | None = (printed[index], True)
        elif index in tracks:
            track = (tracks[index], False)
        else:
            track = None
        out.append(_field(sheet, index, origin[0] + col * CELL, origin[1] + row * CELL,
                          specials.get(index, []), marks, track, open_locks))
    out.append("</g>")
    for area in sheet.areas:
        out.append(_area(sheet, area.mask, area.points, origin))
    for arrow in sheet.arrows:
        out.append(_arrow(sheet, arrow.mask, arrow.points, origin))
    out.append("</svg>")
    return "\n".join(out) + "\n"


def state_svg(state: DizzleState, seat: int) -> str:
    """The SVG of ``seat``'s sheet in a game: its crosses, scribbles, lava, tracks and
    the dice of the current draft, titled with the sheet name and the seat's score."""
    sheet = state.sheet
    score = state.scores()[seat]
    return sheet_svg(
        sheet, crossed=state.crossed[seat], scribbled=state.scribbled[seat],
        lava=state.lava[seat], dice=state.dice[seat], tracks=state.tracks[seat],
        title=f"{sheet.name} \u2014 seat {seat}: {score} point{'' if score in (1, -1) else 's'}")


def game_svg(state: DizzleState) -> str:
    """Every seat's sheet of a game side by side, as one SVG document."""
    sheets = [state_svg(state, seat) for seat in range(state.game.num_players)]
    if len(sheets) == 1:
        return sheets[0]
    width, height = _size(sheets[0])
    parts = [f'<svg x="{_num(width * seat)}" y="0"{sheet.split("<svg", 1)[1]}'
             for seat, sheet in enumerate(sheets)]
    return ('<?xml version="1.0" encoding="UTF-8"?>\n'
            f'<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="{_num(width * len(sheets))}" '
            f'height="{_num(height)}" viewBox="0 0 {_num(width * len(sheets))} {_num(height)}">\n'
            + "\n".join(parts) + "\n</svg>\n")


def _size(document: str) -> tuple[float, float]:
    """The width and height of an SVG document made by :func:`sheet_svg`."""
    head = document.split("<svg", 1)[1].split(">", 1)[0]
    width = float(head.split(' width="', 1)[1].split('"', 1)[0])
    height = float(head.split(' height="', 1)[1].split('"', 1)[0])
    return width, height
