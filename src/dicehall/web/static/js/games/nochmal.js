// Noch mal: every player's sheet from the layout (coloured boxes, stars,
// special-die fields, start column, column values, row items) with the view's
// crosses and the seat's pending choice; colour, number and special dice.

import { t } from "../i18n.js";
import { canvas, colourOf, cross, dieButton, figure, pickable, previewed, svg, text, title } from "./common.js";

const CELL = 40;
const LEFT = 30;
const TOP = 30;
const JOKER = { fill: "#212121", ink: "#ffffff" };

export const multi = true;

export function targets(action) {
  return action.boxes ?? [];
}

export function matches(action, selection) {
  if (selection.special !== undefined) return action.kind === "special" && action.face === selection.special;
  if (selection.colour === undefined && selection.number === undefined) return true;
  return action.kind === "cross" && [action.colour_die, undefined].includes(selection.colour)
    && [action.number_die, undefined].includes(selection.number);
}

export function dice(layout, view, ctx) {
  const crosses = ctx.legal.filter((a) => a.kind === "cross");
  const { colours, numbers, special } = view.dice;
  const sel = ctx.selection;
  const colourDice = colours.map((face) => dieButton(`c${face}`, face === "x" ? "✕" : "", {
    label: t(`nochmal.colour.${face}`), colours: face === "x" ? JOKER : colourOf(layout, face),
    playable: crosses.some((a) => a.colour_die === face), selected: sel.colour === face,
    onSelect: () => ctx.select({ colour: face, special: undefined }),
  }));
  const numberDice = numbers.map((face) => dieButton(`n${face}`, face, {
    label: face === "?" ? t("nochmal.number.joker") : t("nochmal.number", { value: face }),
    playable: crosses.some((a) => a.number_die === face), selected: sel.number === face,
    onSelect: () => ctx.select({ number: face, special: undefined }),
  }));
  const specialDie = special && dieButton(`s${special}`, SPECIAL_GLYPHS[special], {
    label: t(`nochmal.special.${special}`), colours: { fill: "#fff8e1", ink: "#6d4c41" },
    playable: ctx.legal.some((a) => a.face === special), selected: sel.special === special,
    onSelect: () => ctx.select({ special, colour: undefined, number: undefined }),
  });
  return [...colourDice, ...numberDice, specialDie];
}

const SPECIAL_GLYPHS = { heart: "♥", bomb: "✹", stars: "★", row: "≡", block: "▦" };
const ITEM_GLYPHS = { special: "◆", bomb: "✹", heart: "♥" };

export function extras(layout, view, seat) {
  const p = view.players[seat];
  const parts = [t("nochmal.jokers", { left: layout.jokers - p.jokers_used, total: layout.jokers })];
  if (layout.hearts) parts.push(t("nochmal.hearts", { count: p.hearts, total: layout.hearts }));
  if (layout.special_dice) parts.push(t("nochmal.specials", { left: p.specials - p.specials_used }));
  if (p.pending) parts.push(p.pending === "chosen" ? t("nochmal.chosen") : t("nochmal.pending", { action: p.pending }));
  return parts.join(" · ");
}

export function sheets(layout, view, ctx) {
  return view.players.map((player, seat) => {
    const mine = seat === ctx.seat;
    const drawing = sheet(layout, view, player, {
      ...ctx, interactive: mine && ctx.interactive, last: ctx.marks?.get(seat),
      previewed: mine ? previewed(targets, ctx) : null,
    });
    return figure(seat, ctx.caption(seat), drawing, mine);
  });
}

function pendingBoxes(player) {
  if (!player.pending || player.pending === "chosen") return new Set();
  return new Set(player.pending.split(" ").slice(1));
}

function sheet(layout, view, player, ctx) {
  const width = LEFT + layout.width * CELL + CELL + 8;
  const height = TOP + layout.height * CELL + 2 * 26 + 40;
  const crossed = new Set(player.crossed);
  const pending = pendingBoxes(player);
  return canvas(width, height, { class: "board nochmal", "aria-label": layout.name },
    svg("rect", { x: 0, y: 0, width, height, fill: layout.edition === "classic" ? "#263238" : "#fafafa", rx: 8 }),
    layout.columns.map((c, i) => text(LEFT + i * CELL + CELL / 2, TOP - 9, c, 14,
      i === layout.start_column ? "#d32f2f" : "#9e9e9e", { "font-weight": "bold" })),
    layout.row_labels.map((r, i) => text(LEFT / 2, TOP + i * CELL + CELL / 2 + 5, r, 14, "#9e9e9e")),
    layout.boxes.map((box) => drawBox(layout, box, crossed, pending, ctx)),
    startColumn(layout),
    rowItems(layout, player),
    columnValues(layout, view, player),
    colourBonuses(layout, player));
}

function drawBox(layout, box, crossed, pending, ctx) {
  const x = LEFT + box.column * CELL;
  const y = TOP + box.row * CELL;
  const { fill } = colourOf(layout, box.colour);
  const state = crossed.has(box.name) ? "crossed" : pending.has(box.name) ? "pending" : null;
  const group = svg("g", { class: "box", "data-box": box.name, "data-colour": box.colour, "data-state": state },
    title(`${box.name.toUpperCase()}: ${t(`nochmal.colour.${box.colour}`)}`),
    svg("rect", { x: x + 1, y: y + 1, width: CELL - 2, height: CELL - 2, rx: 5, fill, stroke: "#fff", "stroke-width": 1 }),
    box.star && text(x + CELL / 2, y + CELL / 2 + 8, "★", 22, "#ffffff", { opacity: 0.9 }),
    box.special && svg("rect", { x: x + CELL - 13, y: y + 4, width: 9, height: 9, rx: 2, fill: "#fff",
      stroke: "#424242", class: "special-field" }),
    pending.has(box.name) && svg("circle", { cx: x + CELL / 2, cy: y + CELL / 2, r: 14, fill: "none",
      stroke: "#212121", "stroke-width": 3, "stroke-dasharray": "4 3" }),
    crossed.has(box.name) && cross(x, y, CELL, "#212121"));
  return pickable(group, box.name, ctx);
}

function startColumn(layout) {
  const x = LEFT + layout.start_column * CELL;
  return svg("rect", { x: x + 0.5, y: TOP + 0.5, width: CELL - 1, height: layout.height * CELL - 1,
    fill: "none", stroke: "#d32f2f", "stroke-width": 2, "pointer-events": "none" });
}

function rowItems(layout, player) {
  const x = LEFT + layout.width * CELL + CELL / 2;
  return layout.row_items.map((item, r) => {
    const y = TOP + r * CELL + CELL / 2;
    const done = player.rows_done.includes(r);
    return svg("g", { class: "row-item", "data-row": r, "data-done": done ? "true" : null },
      title(t("nochmal.row_item", { item: t(`nochmal.item.${item}`), points: layout.row_points })),
      svg("circle", { cx: x, cy: y, r: 14, fill: done ? "#ffe082" : "#fff", stroke: "#757575" }),
      text(x, y + 6, ITEM_GLYPHS[item], 16, "#5d4037"));
  });
}

function columnValues(layout, view, player) {
  const y = TOP + layout.height * CELL + 20;
  return layout.column_first.map((first, c) => {
    const x = LEFT + c * CELL + CELL / 2;
    const taken = view.taken.columns.includes(c);
    const scored = player.column_points[c];
    return svg("g", { class: "column-value", "data-column": c },
      text(x, y, first, 14, "#616161", { "text-decoration": taken ? "line-through" : null,
        "font-weight": scored === first ? "bold" : null }),
      text(x, y + 24, layout.column_later[c], 12, "#9e9e9e", { "font-weight": scored !== null && scored !== first ? "bold" : null }),
      scored !== null && svg("circle", { cx: x, cy: scored === first ? y - 5 : y + 20, r: 10, fill: "none",
        stroke: "#2e7d32", "stroke-width": 2 }));
  });
}

function colourBonuses(layout, player) {
  const y = TOP + layout.height * CELL + 2 * 26 + 22;
  return layout.colour_order.map((colour, i) => {
    const x = LEFT + i * 3 * CELL;
    const points = player.colour_points[i];
    const { fill } = colourOf(layout, colour);
    return svg("g", { class: "colour-bonus", "data-colour": colour },
      svg("rect", { x, y: y - 14, width: 2.6 * CELL, height: 20, rx: 10, fill, opacity: points === null ? 0.45 : 1 }),
      text(x + 1.3 * CELL, y + 1, `${layout.colour_bonus.join(" / ")}${points === null ? "" : ` ✓ ${points}`}`,
        13, "#212121", { "font-weight": "bold" }));
  });
}
