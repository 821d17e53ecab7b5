// Noch mal: every player's sheet drawn from the layout as the paper prints it —
// the column letters (the solo game's roll strokes in them), the coloured boxes
// with their stars and golden special-die fields, the start column, the row
// numbers of the notation, beside the rows the row bonuses (item and points)
// and the heart column, under the columns their first/later values and the
// heart bonuses, then the "!" joker boxes, the special-dice row and the colour
// bonuses — with the view's pen marks: crossed boxes, circled and struck
// values, used jokers and special dice, circled hearts. Every printed element
// is a group with data-kind (docs/web.md, "Sheets and boards").

import { t } from "../i18n.js";
import { canvas, colourOf, dieButton, figure, pickable, previewed, svg, text, title } from "./common.js";

const CELL = 40;      // a box, in SVG units: targetSize()
const LEFT = 30;      // the row numbers
const TOP = 36;       // the column letters
const GAP = 8;
const VALUES = 50;    // the column bonuses under the grid: first above, later below
const HEART_ROW = 36; // the heart bonuses under them
const BAND = 40;      // a line of joker boxes or special dice
const ROW_BONUS = 66;
const HEART_COLUMN = 40;
const COLOUR_BONUS = 88;
const JOKER = { fill: "#212121", ink: "#ffffff" };
const SPECIAL_DIE = { fill: "#fff8e1", ink: "#6d4c41" };
const GOLD = { fill: "#ffca28", ink: "#3e2723" };
const HEART_RED = "#c62828";
// the two sheets' paper: inks chosen for at least 4.5:1 on their ground
const THEMES = {
  "so-gut": { paper: "#fafafa", panel: "#ffffff", edge: "#757575", ink: "#212121", start: "#b71c1c",
    pen: "#0d1b4a", mark: "#0d47a1" },
  classic: { paper: "#263238", panel: "#37474f", edge: "#90a4ae", ink: "#ffffff", start: "#ffab91",
    pen: "#0b0b0b", mark: "#fff59d" },
};

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

// The width of a box: on a phone the own sheet is drawn so that it is 44 px.
export function targetSize() {
  return CELL;
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
    label: t(`nochmal.special.${special}`), colours: SPECIAL_DIE,
    playable: ctx.legal.some((a) => a.face === special), selected: sel.special === special,
    onSelect: () => ctx.select({ special, colour: undefined, number: undefined }),
  });
  return [...colourDice, ...numberDice, specialDie];
}

const SPECIAL_GLYPHS = { heart: "♥", bomb: "✹", stars: "★", row: "≡", block: "▦" };

export function extras(layout, view, seat) {
  const p = view.players[seat];
  const parts = [t("nochmal.jokers", { left: layout.jokers - p.jokers_used, total: layout.jokers })];
  if (layout.hearts) parts.push(t("nochmal.hearts", { count: p.hearts, total: layout.hearts }));
  if (layout.special_dice) parts.push(t("nochmal.specials", { left: p.specials - p.specials_used }));
  if (p.pending) parts.push(p.pending === "chosen" ? t("nochmal.chosen") : t("nochmal.pending", { action: p.pending }));
  return parts.join(" · ");
}

// --- the counters above the dice (what the terminal's header says) -----------
const PHASES = {
  roll: () => t("nochmal.phase.roll"), all: () => t("nochmal.phase.all"), active: () => t("nochmal.phase.active"),
  others: () => t("nochmal.phase.others"), item: () => t("nochmal.phase.item"), over: () => t("nochmal.phase.over"),
};

export function info(layout, view, ctx) {
  const solo = view.players.length === 1;
  const over = view.phase === "over";
  const items = [{ key: "roll", label: t("nochmal.info.roll"),
    value: solo ? t("nochmal.info.of", { n: view.rolls + (over ? 0 : 1), total: layout.solo_rolls })
      : String(view.rolls + (over ? 0 : 1)) }];
  if (!solo && !over) {
    const you = view.active === view.seat ? ` ${t("players.you")}` : "";
    items.push({ key: "active", label: t("nochmal.info.active"),
      value: `${ctx?.name ? ctx.name(view.active) : t("seat.name", { number: view.active + 1 })}${you}` });
  }
  items.push({ key: "phase", label: t("nochmal.info.phase"), value: PHASES[view.phase]?.() ?? view.phase });
  const player = view.players[view.seat];
  if (player) items.push(...ownCounters(layout, player));
  const taken = takenWords(layout, view);
  if (!solo && taken) items.push({ key: "taken", label: t("nochmal.info.taken"), value: taken });
  return items;
}

function ownCounters(layout, player) {
  const items = [{ key: "jokers", label: t("nochmal.info.jokers"),
    value: t("nochmal.info.of", { n: layout.jokers - player.jokers_used, total: layout.jokers }) }];
  if (layout.hearts) {
    items.push({ key: "hearts", label: t("nochmal.info.hearts"),
      value: t("nochmal.info.of", { n: player.hearts, total: layout.hearts }) });
  }
  if (layout.special_dice) {
    items.push({ key: "specials", label: t("nochmal.info.specials"),
      value: t("nochmal.info.specials_value", { free: player.specials - player.specials_used,
        circled: player.specials, total: layout.special_dice }) });
  }
  return items;
}

// The first bonuses gone: "columns A H · colours green".
function takenWords(layout, view) {
  const parts = [];
  if (view.taken.columns.length) {
    parts.push(t("nochmal.info.columns", { list: view.taken.columns.map((c) => layout.columns[c]).join(" ") }));
  }
  if (view.taken.rows.length && layout.row_items.length) {
    parts.push(t("nochmal.info.rows", { list: view.taken.rows.map((r) => rowLabel(layout, r)).join(" ") }));
  }
  if (view.taken.colours.length) {
    parts.push(t("nochmal.info.colours", { list: view.taken.colours
      .map((i) => t(`nochmal.colour.${layout.colour_order[i]}`)).join(", ") }));
  }
  return parts.join(" · ");
}

// --- the sheets ----------------------------------------------------------------
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

// The row's name: its number in the notation (h3 is row 3); a custom sheet's
// own row name goes before it, as in the terminal ("P 1").
function rowLabel(layout, row) {
  const own = layout.row_labels[row];
  return own === undefined || own === String(row + 1) ? String(row + 1) : `${own} ${row + 1}`;
}

function pendingBoxes(player) {
  if (!player.pending || player.pending === "chosen") return new Set();
  return new Set(player.pending.split(" ").slice(1));
}

// Where each part goes: beside the rows the row bonuses and the heart column
// (so-gut) or the colour bonuses (classic, which has neither); under the grid
// the column values, the heart bonuses, then the bands.
function geometry(layout) {
  const gridRight = LEFT + layout.width * CELL;
  const gridBottom = TOP + layout.height * CELL;
  const rowBonus = layout.row_items.length > 0 || layout.row_points > 0;
  const colourBeside = !rowBonus && layout.colour_order.length <= layout.height;
  let x = gridRight + GAP;
  const side = {};
  if (rowBonus) { side.rowBonus = x; x += ROW_BONUS; }
  if (layout.hearts) { side.hearts = x; x += HEART_COLUMN; }
  if (colourBeside) { side.colours = x; x += COLOUR_BONUS; }
  const values = gridBottom + 6;
  const heartBonus = values + VALUES;
  const jokers = heartBonus + (layout.hearts ? HEART_ROW : 0) + 6;
  const specials = jokers + BAND;
  const bottom = specials + (layout.special_dice ? BAND : 0) + 4;
  const bandWidth = LEFT + Math.max(layout.jokers, layout.special_dice) * 34
    + (colourBeside ? 0 : 16 + layout.colour_order.length * COLOUR_BONUS);
  return { gridRight, gridBottom, side, colourBeside, values, heartBonus, jokers, specials,
    width: Math.max(x, bandWidth) + 4, height: bottom };
}

function sheet(layout, view, player, ctx) {
  const theme = THEMES[layout.edition] ?? THEMES["so-gut"];
  const at = geometry(layout);
  const crossed = new Set(player.crossed);
  const pending = pendingBoxes(player);
  const solo = view.players.length === 1;
  return canvas(at.width, at.height, { class: "board nochmal", "data-edition": layout.edition, "aria-label": layout.name },
    svg("rect", { x: 0, y: 0, width: at.width, height: at.height, fill: theme.paper, rx: 8 }),
    columnLetters(layout, theme, solo ? view.rolls : 0),
    layout.row_labels.map((_, r) => text(LEFT / 2, TOP + r * CELL + CELL / 2 + 5, rowLabel(layout, r), 15, theme.ink,
      { "data-kind": "row-label", "data-row": r })),
    layout.boxes.map((box) => drawBox(layout, box, crossed, pending, ctx)),
    startColumn(layout, theme),
    at.side.rowBonus !== undefined && rowBonuses(layout, view, player, theme, at.side.rowBonus),
    at.side.hearts !== undefined && heartColumn(layout, player, theme, at.side.hearts),
    columnBonuses(layout, view, player, theme, at.values),
    layout.hearts > 0 && heartBonuses(layout, player, theme, at.heartBonus),
    jokerBoxes(layout, player, theme, at.jokers),
    layout.special_dice > 0 && specialDice(layout, player, theme, at.specials),
    colourBonuses(layout, view, player, theme, at));
}

// The letters A-O in boxes; in the solo game each roll strokes one of them
// (the first 15 rolls "/", the next "\"), as the solo rules ask.
function columnLetters(layout, theme, rolls) {
  return layout.columns.map((letter, c) => {
    const x = LEFT + c * CELL;
    const start = c === layout.start_column;
    const strokes = [0, 1].filter((k) => rolls > c + k * layout.width);
    return svg("g", { "data-kind": "column-letter", "data-column": c },
      svg("rect", { x: x + 4, y: 5, width: CELL - 8, height: TOP - 10, rx: 4, fill: theme.panel,
        stroke: start ? theme.start : theme.edge, "stroke-width": start ? 2 : 1 }),
      text(x + CELL / 2, TOP - 12, letter, 16, start ? theme.start : theme.ink, { "font-weight": "bold" }),
      strokes.map((k) => svg("path", { "data-kind": "roll-stroke", d: k === 0
        ? `M${x + 9} ${TOP - 7} L${x + CELL - 9} 7` : `M${x + 9} 7 L${x + CELL - 9} ${TOP - 7}`,
      stroke: theme.mark, "stroke-width": 2.5, "stroke-linecap": "round", fill: "none" })));
  });
}

function boxLabel(layout, box) {
  const parts = [box.name, t(`nochmal.colour.${box.colour}`)];
  if (box.star) parts.push("★");
  if (box.special) parts.push(t("nochmal.sheet.special_field"));
  return parts.join(" · ");
}

function drawBox(layout, box, crossed, pending, ctx) {
  const x = LEFT + box.column * CELL;
  const y = TOP + box.row * CELL;
  const { fill } = colourOf(layout, box.colour);
  const isCrossed = crossed.has(box.name);
  const isPending = !isCrossed && pending.has(box.name);
  const label = boxLabel(layout, box);
  const group = svg("g", { class: "box", "data-box": box.name, "data-colour": box.colour,
    "data-state": isCrossed ? "crossed" : isPending ? "pending" : null, "data-star": box.star ? "true" : null,
    "data-special": box.special ? "true" : null },
  title(label),
  svg("rect", { x: x + 1, y: y + 1, width: CELL - 2, height: CELL - 2, rx: 4, fill, stroke: "#ffffff", "stroke-width": 1 }),
  box.star && star(x + CELL / 2, y + CELL / 2, 12),
  box.special && goldenDie(box.star ? x + CELL - 10 : x + CELL / 2, box.star ? y + 10 : y + CELL / 2, box.star ? 11 : 20),
  isPending && penCross(x, y, CELL, "#000000", { dashed: true }),
  isCrossed && penCross(x, y, CELL, "#000000"));
  return pickable(group, box.name, ctx, { free: !isCrossed && !isPending, label });
}

// A cross as a pen draws it: two slightly bowed strokes, thin enough that the
// star or die under it stays readable.
function penCross(x, y, size, colour, { dashed = false } = {}) {
  const a = size * 0.2;
  const b = size * 0.8;
  const m = size / 2;
  return svg("path", {
    class: "cross", d: `M${x + a} ${y + a + 1} Q${x + m + 2} ${y + m - 2} ${x + b} ${y + b}`
      + ` M${x + b - 1} ${y + a} Q${x + m - 2} ${y + m - 1} ${x + a + 1} ${y + b - 1}`,
    stroke: colour, "stroke-width": size * 0.075, "stroke-linecap": "round", fill: "none",
    "stroke-dasharray": dashed ? "4 4" : null, "stroke-opacity": 0.9, "pointer-events": "none",
  });
}

// A ring as a pen draws it around a value (circled, scored, available).
function penRing(cx, cy, r, colour) {
  return svg("ellipse", { class: "ring", cx, cy, rx: r * 1.08, ry: r * 0.92, fill: "none", stroke: colour,
    "stroke-width": 2.2, transform: `rotate(-8 ${cx} ${cy})`, "pointer-events": "none" });
}

// A value struck out with one pen line (a first bonus that went to someone else).
function penStrike(cx, cy, half, colour) {
  return svg("path", { class: "strike", d: `M${cx - half} ${cy + 4} L${cx + half} ${cy - 5}`, stroke: colour,
    "stroke-width": 2.4, "stroke-linecap": "round", fill: "none" });
}

function star(cx, cy, r) {
  const points = Array.from({ length: 10 }, (_, i) => {
    const radius = i % 2 ? r * 0.45 : r;
    const angle = Math.PI / 5 * i - Math.PI / 2;
    return `${(cx + radius * Math.cos(angle)).toFixed(1)},${(cy + radius * Math.sin(angle)).toFixed(1)}`;
  });
  return svg("polygon", { class: "star", points: points.join(" "), fill: "#ffffff", stroke: "#000000",
    "stroke-width": 1.6, "stroke-linejoin": "round" });
}

// The golden die of a special-die field and of the special-dice row.
function goldenDie(cx, cy, size) {
  const h = size / 2;
  const pip = Math.max(1.2, size * 0.09);
  return svg("g", { class: "golden-die" },
    svg("rect", { x: cx - h, y: cy - h, width: size, height: size, rx: size * 0.2, fill: GOLD.fill,
      stroke: GOLD.ink, "stroke-width": 1.4 }),
    [-1, 0, 1].map((k) => svg("circle", { cx: cx + k * h * 0.5, cy: cy - k * h * 0.5, r: pip, fill: GOLD.ink })));
}

function heartShape(cx, cy, size, { fill, stroke }) {
  const s = size / 2;
  return svg("path", { class: "heart-shape", fill, stroke, "stroke-width": 1.8, "stroke-linejoin": "round",
    d: `M${cx} ${cy + s * 0.85} C${cx - s * 1.2} ${cy - s * 0.05} ${cx - s * 0.75} ${cy - s * 1.05} ${cx} ${cy - s * 0.45}`
      + ` C${cx + s * 0.75} ${cy - s * 1.05} ${cx + s * 1.2} ${cy - s * 0.05} ${cx} ${cy + s * 0.85} Z` });
}

function bomb(cx, cy, r) {
  return svg("g", { class: "bomb" },
    svg("circle", { cx, cy: cy + 1, r, fill: "#212121" }),
    svg("path", { d: `M${cx + r * 0.5} ${cy - r * 0.6} q${r * 0.4} ${-r * 0.7} ${r * 0.9} ${-r * 0.5}`, stroke: "#e65100",
      "stroke-width": 2, fill: "none", "stroke-linecap": "round" }));
}

const ITEMS = {
  special: (cx, cy) => goldenDie(cx, cy, 20),
  bomb: (cx, cy) => bomb(cx, cy, 9),
  heart: (cx, cy) => heartShape(cx, cy, 20, { fill: HEART_RED, stroke: HEART_RED }),
};

function startColumn(layout, theme) {
  const x = LEFT + layout.start_column * CELL;
  return svg("rect", { class: "start-column", x: x + 0.5, y: TOP + 0.5, width: CELL - 1, height: layout.height * CELL - 1,
    fill: "none", stroke: theme.start, "stroke-width": 2.5, "pointer-events": "none" });
}

// Beside each row: its item for the first completer(s) and its points; the
// item struck out once someone else completed the row first, the points
// circled once the player completed it.
function rowBonuses(layout, view, player, theme, x) {
  return Array.from({ length: layout.height }, (_, r) => {
    const y = TOP + r * CELL;
    const item = layout.row_items[r];
    const done = player.rows_done.includes(r);
    const gone = !done && view.taken.rows.includes(r);
    return svg("g", { class: "row-item", "data-kind": "row-bonus", "data-row": r, "data-item": item ?? null,
      "data-done": done ? "true" : null, "data-state": done ? "done" : gone ? "gone" : null },
    title(t("nochmal.row_item", { item: item ? t(`nochmal.item.${item}`) : "—", points: layout.row_points })),
    svg("rect", { x, y: y + 3, width: ROW_BONUS - 6, height: CELL - 6, rx: 6, fill: theme.panel, stroke: theme.edge }),
    item && ITEMS[item](x + 16, y + CELL / 2),
    gone && penStrike(x + 16, y + CELL / 2, 12, theme.ink),
    layout.row_points > 0 && text(x + 44, y + CELL / 2 + 6, layout.row_points, 16, theme.ink, { "font-weight": "bold" }),
    done && penRing(x + 44, y + CELL / 2, 12, theme.mark));
  });
}

// The heart column: one heart per special-die heart, circled from the top.
function heartColumn(layout, player, theme, x) {
  const step = Math.min(CELL, (layout.height * CELL) / layout.hearts);
  return Array.from({ length: layout.hearts }, (_, i) => {
    const cx = x + HEART_COLUMN / 2 - 2;
    const cy = TOP + i * step + step / 2;
    const circled = i < player.hearts;
    return svg("g", { class: "heart", "data-kind": "heart", "data-index": i, "data-state": circled ? "circled" : null },
      title(t("nochmal.sheet.heart", { number: i + 1 })),
      heartShape(cx, cy + 2, 24, { fill: circled ? HEART_RED : theme.panel, stroke: HEART_RED }),
      circled && penRing(cx, cy + 1, 15, theme.mark));
  });
}

// Under each column its values: the first completer's above, the later
// completers' below; the scored one circled, the first struck out once it
// went to someone else.
function columnBonuses(layout, view, player, theme, y) {
  return layout.column_first.map((first, c) => {
    const x = LEFT + c * CELL;
    const cx = x + CELL / 2;
    const later = layout.column_later[c];
    const scored = player.column_points[c];
    const gotFirst = scored !== null && scored === first;
    const gone = !gotFirst && view.taken.columns.includes(c);
    return svg("g", { class: "column-value", "data-kind": "column-bonus", "data-column": c,
      "data-scored": scored === null ? null : gotFirst ? "first" : "later", "data-taken": gone ? "true" : null },
    title(t("nochmal.sheet.column_bonus", { column: layout.columns[c], first, later })),
    svg("rect", { x: x + 3, y, width: CELL - 6, height: VALUES - 4, rx: 5, fill: theme.panel,
      stroke: c === layout.start_column ? theme.start : theme.edge }),
    text(cx, y + 19, first, 17, theme.ink, { "font-weight": "bold" }),
    text(cx, y + 39, later, 14, theme.ink),
    gone && penStrike(cx, y + 13, 9, theme.ink),
    scored !== null && penRing(cx, gotFirst ? y + 13 : y + 34, 10, theme.mark));
  });
}

// The heart bonus written under a completed column: the hearts circled then.
function heartBonuses(layout, player, theme, y) {
  return layout.columns.map((letter, c) => {
    const cx = LEFT + c * CELL + CELL / 2;
    const bonus = player.heart_bonus[c];
    return svg("g", { class: "heart-bonus", "data-kind": "heart-bonus", "data-column": c,
      "data-value": bonus ?? null },
    title(t("nochmal.sheet.heart_bonus", { column: letter })),
    heartShape(cx, y + HEART_ROW / 2 - 1, 30, { fill: theme.panel, stroke: HEART_RED }),
    bonus !== null && text(cx, y + HEART_ROW / 2 + 1, bonus, 14, theme.ink, { "font-weight": "bold" }));
  });
}

// The "!" boxes: one struck per joker used.
function jokerBoxes(layout, player, theme, y) {
  return Array.from({ length: layout.jokers }, (_, i) => {
    const x = LEFT + i * 34;
    const used = i < player.jokers_used;
    return svg("g", { class: "joker-box", "data-kind": "joker-box", "data-index": i, "data-state": used ? "used" : null },
      title(t("nochmal.sheet.joker", { number: i + 1 })),
      svg("rect", { x, y, width: 30, height: 30, rx: 4, fill: "#ffffff", stroke: theme.edge, "stroke-width": 1.5 }),
      text(x + 15, y + 22, "!", 19, "#212121", { "font-weight": "bold" }),
      used && penCross(x, y, 30, theme.pen));
  });
}

// The special-dice row under the joker bar: circled when available, struck
// when used (the first is circled from the start).
function specialDice(layout, player, theme, y) {
  return Array.from({ length: layout.special_dice }, (_, i) => {
    const x = LEFT + i * 34;
    const circled = i < player.specials;
    const used = i < player.specials_used;
    return svg("g", { class: "special-die", "data-kind": "special", "data-index": i,
      "data-state": used ? "used" : circled ? "circled" : null },
    title(t("nochmal.sheet.special", { number: i + 1 })),
    goldenDie(x + 15, y + 15, 24),
    circled && penRing(x + 15, y + 15, 16, theme.mark),
    used && penCross(x, y, 30, theme.pen));
  });
}

// Each colour's bonus: the first completers' value and the later ones'.
function colourBonuses(layout, view, player, theme, at) {
  return layout.colour_order.map((colour, i) => {
    const [x, y] = at.colourBeside
      ? [at.side.colours, TOP + i * CELL + 5]
      : [LEFT + Math.max(layout.jokers, layout.special_dice) * 34 + 16 + i * COLOUR_BONUS, at.jokers];
    const [first, later] = layout.colour_bonus;
    const points = player.colour_points[i];
    const gotFirst = points !== null && points === first;
    const gone = !gotFirst && view.taken.colours.includes(i);
    const { fill } = colourOf(layout, colour);
    return svg("g", { class: "colour-bonus", "data-kind": "colour-bonus", "data-colour": colour,
      "data-scored": points === null ? null : gotFirst ? "first" : "later", "data-taken": gone ? "true" : null },
    title(t("nochmal.sheet.colour_bonus", { colour: t(`nochmal.colour.${colour}`), first, later })),
    svg("rect", { x, y, width: 24, height: 30, rx: 4, fill, stroke: theme.edge }),
    svg("rect", { x: x + 28, y, width: 54, height: 30, rx: 4, fill: theme.panel, stroke: theme.edge }),
    text(x + 42, y + 21, first, 16, theme.ink, { "font-weight": "bold" }),
    text(x + 68, y + 21, later, 16, theme.ink),
    gone && penStrike(x + 42, y + 15, 9, theme.ink),
    points !== null && penRing(gotFirst ? x + 42 : x + 68, y + 15, 11, theme.mark));
  });
}
