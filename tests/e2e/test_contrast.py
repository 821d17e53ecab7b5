"""Legibility of every sheet and board (issue 13): each text and symbol drawn
in an SVG sheet has WCAG contrast of at least 4.5:1 against what it is drawn
on, and at least 3:1 where its field is dimmed (a free field that cannot be
chosen now). The colours are the browser's computed ones, so CSS and SVG
attributes both count; the ground under a text is the topmost filled shape
painted before it that contains its centre, composed with every opacity on
the way, over the sheet's own background."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page
from test_table_story import EASY, OPEN, begin, join, my_turn, new_table, play_until_the_bot_has_moved, sit

pytestmark = pytest.mark.e2e

#: every shipped level, edition and board: (game, options)
SHEETS = {**{f"dizzle-{level}": ("dizzle", {"level": level}) for level in range(1, 9)},
          "nochmal-so-gut": ("nochmal", {}), "nochmal-classic": ("nochmal", {"edition": "classic"}),
          "razzle": ("razzle", {})}
TEXT = 4.5
DIMMED = 3.0
#: tall enough that every sheet is on screen (a point off screen has no hit)
VIEWPORT = {"viewport": {"width": 1280, "height": 2400}}

CONTRASTS = """() => {
  const rgba = (value) => {
    const m = /rgba?\\(([^)]+)\\)/.exec(value || "");
    if (!m) return null;
    const [r, g, b, a = 1] = m[1].split(/[\\s,\\/]+/).filter(Boolean).map(Number);
    return { r, g, b, a };
  };
  const over = (top, alpha, ground) => ({
    r: top.r * alpha + ground.r * (1 - alpha), g: top.g * alpha + ground.g * (1 - alpha),
    b: top.b * alpha + ground.b * (1 - alpha) });
  const luminance = ({ r, g, b }) => {
    const lin = (c) => { c /= 255; return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; };
    return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
  };
  const ratio = (a, b) => {
    const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
    return (hi + 0.05) / (lo + 0.05);
  };
  // the product of the opacities from a node up to its svg
  const opacity = (node, svg) => {
    let product = 1;
    for (let n = node; n && n !== svg.parentNode; n = n.parentNode) {
      product *= Number(getComputedStyle(n).opacity);
    }
    return product;
  };
  const dimmedGroup = (node) => Boolean(node.closest(".dimmed"));
  const visible = (node) => {
    const style = getComputedStyle(node);
    return style.visibility !== "hidden" && style.display !== "none";
  };
  const contains = (shape, x, y) => {
    const matrix = shape.getScreenCTM();
    if (!matrix || !shape.isPointInFill) return false;
    const point = new DOMPoint(x, y).matrixTransform(matrix.inverse());
    return shape.isPointInFill(point);
  };
  const results = [];
  for (const figure of document.querySelectorAll("#sheets figure.sheet")) {
    const svg = figure.querySelector("svg.board");
    if (!svg) continue;
    const card = rgba(getComputedStyle(figure).backgroundColor) ?? { r: 255, g: 255, b: 255 };
    const shapes = [...svg.querySelectorAll("rect, circle, ellipse, polygon, path")];
    for (const node of svg.querySelectorAll("text")) {
      const content = node.textContent.trim();
      if (!content || !visible(node)) continue;
      const ink = rgba(getComputedStyle(node).fill);
      if (!ink) continue;
      const box = node.getBoundingClientRect();
      if (!box.width || !box.height) continue;
      const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
      // the ground: the topmost filled shape painted before the text, under its centre
      let ground = card;
      const before = (shape) => shape.compareDocumentPosition(node) & Node.DOCUMENT_POSITION_FOLLOWING;
      const under = shapes.filter((shape) => before(shape) && visible(shape)
        && rgba(getComputedStyle(shape).fill) && contains(shape, x, y));
      for (const shape of under) {
        const style = getComputedStyle(shape);
        const fill = rgba(style.fill);
        ground = over(fill, fill.a * Number(style.fillOpacity) * opacity(shape, svg), ground);
      }
      const style = getComputedStyle(node);
      const text = over(ink, ink.a * Number(style.fillOpacity) * opacity(node, svg), ground);
      results.push({ seat: figure.dataset.seat, text: content, ratio: ratio(text, ground),
        dimmed: dimmedGroup(node), where: node.parentNode.getAttribute("data-name")
          ?? node.parentNode.getAttribute("data-kind") ?? node.parentNode.getAttribute("class") });
    }
  }
  return results;
}"""


@pytest.mark.parametrize("context", [VIEWPORT], indirect=True)
@pytest.mark.parametrize("sheet", list(SHEETS))
def test_every_text_on_the_sheet_is_legible(page: Page, sheet: str) -> None:
    game, options = SHEETS[sheet]
    table_id = new_table(page, game, [OPEN, EASY], options)
    seat = join(page, table_id, 0, "Anna")
    sit(page, table_id, seat)
    begin(page, table_id, seat["token"])
    play_until_the_bot_has_moved(page)  # crosses and pieces on the sheets
    assert my_turn(page)  # targets shown, the other free fields dimmed
    measured = page.evaluate(CONTRASTS)
    assert measured, "no text measured on the sheets"
    poor = [m for m in measured if m["ratio"] < (DIMMED if m["dimmed"] else TEXT)]
    assert not poor, "\n".join(f"seat {m['seat']} {m['where']} {m['text']!r}: {m['ratio']:.2f}:1"
                               f"{' (dimmed)' if m['dimmed'] else ''}" for m in poor[:30])
