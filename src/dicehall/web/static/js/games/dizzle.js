// Dizzle: every player's sheet from the layout, drawn like the printed pad —
// numbers, start crosses, planets, volcanoes, each field's specials with their
// symbol and value (gems, bombs, keys, locks, rockets, flags with their score
// track, puzzle pieces, poop, stations), printed tracks, arrows and areas —
// with the view's pen crosses, scribbles, lava, drawn tracks and this draft's
// dice; the dice in the middle, or the lava die while the players choose where
// the lava flows (level 7); on level 8 the six track pieces as pictures beside
// the field that waits for one. Every drawn element has a data-kind hook named
// as in the layout (docs/web.md, "Sheets and boards").

import { el } from "../dom.js";
import { t, word } from "../i18n.js";
import { canvas, colourOf, dieButton, dieFace, figure, pickable, previewed, svg, text, title } from "./common.js";

const CELL = 60;
const MARGIN = 28;
const INK = {
  paper: "#fafafa", field: "#fff", number: "#212121", grid: "#9e9e9e", label: "#616161", start: "#eceff1",
  printed: "#546e7a", pen: "#1565c0", scribble: "#c62828", lava: "#ff5722", die: "#212121", track: "#3e2723",
  drawn: "#1565c0", arrow: "#37474f", due: "#1565c0", choice: "#bbdefb",
};
// the order of the track pieces: the engine's (action ids) and the cycling order
const PIECES = ["ns", "ew", "ne", "es", "sw", "wn"];
const PIECE_WORDS = {
  ns: "dizzle.piece.ns", ew: "dizzle.piece.ew", ne: "dizzle.piece.ne",
  es: "dizzle.piece.es", sw: "dizzle.piece.sw", wn: "dizzle.piece.wn",
};
const TILE = 56;  // a track piece picture of the picker, in SVG units
const GAP = 4;

export const multi = false;

export function targets(action) {
  return action.field ? [action.field] : [];
}

// The selection narrows the actions: a die by its value, a track by its piece.
export function matches(action, selection) {
  if (selection.die !== undefined && !(action.kind === "place" && action.value === selection.die)) return false;
  return selection.piece === undefined || action.piece === selection.piece;
}

// The smallest pickable thing is a field (the track pictures are as large).
export function targetSize() {
  return CELL;
}

// The words of an action without a picture of its own: a button's text and a
// help title (null: the notation will do).
export function actionLabel(action) {
  const field = action.field;
  switch (action.kind) {
    case "reroll": return { text: t("dizzle.action.reroll"), title: t("dizzle.action.reroll_title") };
    case "pass": return { text: t("dizzle.action.pass"), title: t("dizzle.action.pass_title") };
    case "return": return { text: t("dizzle.action.return", { field }), title: t("dizzle.action.return_title") };
    case "planet": return { text: t("dizzle.action.planet", { field }), title: t("dizzle.action.planet_title") };
    case "lava": return { text: t("dizzle.action.lava", { field }), title: t("dizzle.action.lava_title") };
    case "track": return {
      text: t("dizzle.action.track", { field, piece: t(PIECE_WORDS[action.piece]) }),
      title: t("dizzle.action.track_title"),
    };
    default: return null;
  }
}

export function dice(layout, view, ctx) {
  if (view.phase === "lava") return lavaDie(view.lava_die);
  const due = trackField(ctx);
  if (due) return [el("p", { class: "dice-note", "data-testid": "dice-note", text: t("dizzle.track_note", { field: due }) })];
  const values = ctx.legal.filter((a) => a.kind === "place").map((a) => a.value);
  return view.middle.map((value) => dieButton(value, value, {
    label: t("dizzle.die", { value }), playable: values.includes(value),
    selected: ctx.selection.die === value, onSelect: () => ctx.select({ die: value }),
  }));
}

function lavaDie(value) {
  return [
    el("span", { class: "die lava", "data-die": value, "data-testid": "lava-die", title: t("dizzle.lava_die", { value }) },
      dieFace(value, { fill: INK.lava, ink: "#fff" })),
    el("p", { class: "dice-note", "data-testid": "dice-note", text: t("dizzle.lava", { value }) }),
  ];
}

export function extras(layout, view, seat) {
  const player = view.players[seat];
  const flags = player.flags.filter((value) => value !== null);
  return flags.length ? t("dizzle.flags", { values: flags.join(" ") }) : null;
}

// --- the counters above the dice (what the terminal's header and legend say) ------------
export function info(layout, view, ctx = {}) {
  const players = view.players.length;
  const name = (seat) => ctx.name?.(seat) ?? t("dizzle.info.player", { number: seat + 1 });
  const draft = Math.min(view.draft + 1, layout.drafts);
  const items = [{ key: "draft", label: t("dizzle.info.draft"), value: t("dizzle.info.of", { n: draft, total: layout.drafts }) }];
  if (players > 1) {
    const rounds = Math.floor(layout.drafts / players);
    items.push({ key: "round", label: t("dizzle.info.round"),
      value: t("dizzle.info.of", { n: Math.min(Math.floor(view.draft / players) + 1, rounds), total: rounds }) });
    items.push({ key: "start", label: t("dizzle.info.start"), value: name(view.draft % players) });
  }
  if (view.phase !== "over") {
    const deciders = view.deciders ?? [];
    items.push({ key: "turn", label: t("dizzle.info.turn"),
      value: deciders.length ? deciders.map(name).join(", ") : t("dizzle.info.rolling") });
  }
  const player = view.players[view.seat];
  if (player) items.push(...progress(layout, new Set(player.crossed)));
  items.push(...flagCounters(layout, view));
  return items;
}

// The viewer's arrows, puzzle colours and areas: how many are complete, and
// how far each one is.
function progress(layout, crossed) {
  const done = (group) => group.fields.filter((f) => crossed.has(f)).length;
  const counter = (key, label, groups, named) => ({
    key, label,
    value: `${t("dizzle.info.complete", { done: groups.filter((g) => done(g) === g.fields.length).length, total: groups.length })}`
      + ` (${groups.map((g) => `${named ? `${word("colour", g.colour)} ` : ""}${done(g)}/${g.fields.length}`).join(" · ")})`,
  });
  return [
    layout.arrows.length && counter("arrows", t("dizzle.info.arrows"), layout.arrows, false),
    layout.puzzles.length && counter("puzzles", t("dizzle.info.puzzles"), layout.puzzles, true),
    layout.areas.length && counter("areas", t("dizzle.info.areas"), layout.areas, false),
  ].filter(Boolean);
}

// Flags: the values still to win, and which flags' first (highest) value is gone.
function flagCounters(layout, view) {
  if (!layout.flags.length) return [];
  const taken = (i) => view.flag_next?.[i] ?? 0;
  const left = layout.flags.map((flag, i) => `${word("colour", flag.colour)}: ${flag.track.slice(taken(i)).join(" ") || t("dizzle.info.none")}`);
  const gone = layout.flags.filter((flag, i) => taken(i) > 0).map((flag) => word("colour", flag.colour));
  return [
    { key: "flags", label: t("dizzle.info.flags"), value: left.join(" · ") },
    { key: "first", label: t("dizzle.info.first_gone"), value: gone.join(", ") || t("dizzle.info.none") },
  ];
}

// --- the sheets ---------------------------------------------------------------------------
export function sheets(layout, view, ctx) {
  return view.players.map((player, seat) => {
    const mine = seat === ctx.seat;
    const drawing = sheet(layout, view, player, {
      ...ctx, interactive: mine && ctx.interactive, last: ctx.marks?.get(seat),
      preview: mine ? ctx.preview : null, previewed: mine ? previewed(targets, ctx) : null,
    });
    return figure(seat, ctx.caption(seat), drawing, mine);
  });
}

function sheet(layout, view, player, ctx) {
  const width = MARGIN + layout.width * CELL + 12;
  const height = MARGIN + layout.height * CELL + 12;
  const marks = {
    crossed: new Set(player.crossed), scribbled: new Set(player.scribbled), lava: new Set(player.lava),
    dice: new Set(player.dice), due: new Set(player.track_due ?? []), drawn: player.tracks ?? {},
    printed: Object.fromEntries(layout.tracks.map(({ field, piece }) => [field, piece])),
    open: openLocks(layout, new Set(player.crossed)), gone: view.flag_next ?? [],
  };
  const due = ctx.interactive ? trackField(ctx) : null;
  return canvas(width, height, { class: "board dizzle", "aria-label": layout.name, "data-level": layout.level },
    svg("rect", { x: 0, y: 0, width, height, fill: INK.paper }),
    layout.columns.map((c, i) => text(MARGIN + i * CELL + CELL / 2, MARGIN - 9, c, 14, INK.label)),
    layout.rows.map((r, i) => text(MARGIN - 8, MARGIN + i * CELL + CELL / 2 + 5, r, 14, INK.label,
      { "text-anchor": "end" })),
    layout.fields.map((field) => drawField(layout, field, marks, ctx)),
    layout.areas.map((area) => drawArea(layout, area)),
    layout.arrows.map((arrow) => drawArrow(layout, arrow)),
    due && trackPicker(layout, fieldOf(layout, due), ctx, width, height));
}

function openLocks(layout, crossed) {
  const keyed = new Set(layout.keys.filter((k) => k.fields.some((f) => crossed.has(f))).map((k) => k.colour));
  return new Set(layout.locks.filter((lock) => keyed.has(lock.colour)).flatMap((lock) => lock.fields));
}

function origin(field) {
  return [MARGIN + field.column * CELL, MARGIN + field.row * CELL];
}

function fieldOf(layout, name) {
  return layout.fields.find((f) => f.name === name);
}

// A field: paper, tint of its coloured special, what the player did on it
// (lava, scribble, the pen cross or track piece under the number), its printed
// symbols and values, the number, this draft's die and the preview.
function drawField(layout, field, marks, ctx) {
  const [x, y] = origin(field);
  const name = field.name;
  const piece = marks.drawn[name] ?? marks.printed[name];
  const due = marks.due.has(name);
  const crossed = marks.crossed.has(name) || field.kind === "start";
  const states = ["crossed", "scribbled", "lava", "dice", "due"].filter((k) => marks[k].has(name));
  const tint = field.specials.find((s) => s.colour && s.kind !== "station");
  // on a railway sheet a numbered field gets a track piece, never an X
  const penned = crossed && !piece && !due && !(layout.railway && field.number > 0);
  const group = svg("g", {
    class: "field", "data-field": name, "data-field-kind": field.kind, "data-number": field.number || null,
    "data-specials": field.specials.map((s) => s.kind).join(" ") || null, "data-state": states.join(" ") || null,
  },
  title(fieldWords(field)),
  svg("rect", { x, y, width: CELL, height: CELL, fill: field.kind === "start" ? INK.start : INK.field, stroke: INK.grid }),
  tint && svg("rect", { x: x + 1, y: y + 1, width: CELL - 2, height: CELL - 2,
    fill: colourOf(layout, tint.colour).fill, "fill-opacity": 0.16 }),
  marks.lava.has(name) && svg("rect", { x: x + 1, y: y + 1, width: CELL - 2, height: CELL - 2,
    fill: INK.lava, "fill-opacity": 0.85, class: "lava", "data-kind": "lava" }),
  marks.scribbled.has(name) && hatching(x, y),
  field.kind === "planet" && planet(x, y),
  field.kind === "volcano" && volcano(x, y),
  penned && penCross(x, y, field.kind === "start"),
  piece && track(layout, x, y, CELL, piece, { printed: !marks.drawn[name], field: name }),
  specials(layout, field, x, y, marks),
  field.number > 0 && number(x, y, field.number, penned || Boolean(piece)),
  due && svg("rect", { x: x + 5, y: y + 5, width: CELL - 10, height: CELL - 10, rx: 8, fill: "none",
    stroke: INK.due, "stroke-width": 2.5, "stroke-dasharray": "5 4", class: "due", "data-kind": "due" },
  title(t("dizzle.track_due"))),
  marks.dice.has(name) && svg("rect", { x: x + 12, y: y + 12, width: CELL - 24, height: CELL - 24, rx: 7,
    fill: "none", stroke: INK.die, "stroke-width": 3, class: "die-mark" }),
  ctx.preview?.field === name && previewMark(layout, ctx.preview, x, y));
  const free = !crossed && !states.length;
  const label = [t("dizzle.field", { field: name, number: field.number || "–" }), ...specialWords(field)].join(", ");
  if (ctx.interactive && ctx.legal.some((a) => a.kind === "track" && a.field === name)) {
    return cycling(pickable(group, name, { ...ctx, onPick: () => cycle(ctx, name, 1) }, { free, label }), ctx, name);
  }
  return pickable(group, name, ctx, { free, label });
}

function fieldWords(field) {
  return [field.name, ...specialWords(field)].join(", ");
}

function specialWords(field) {
  return field.specials.map((s) => `${s.colour ? `${word("colour", s.colour)} ` : ""}${s.kind}`
    + (s.points === null ? "" : ` ${signed(s.points)}`));
}

function signed(points) {
  return points > 0 ? `+${points}` : `−${-points}`;
}

// The number; under a cross or a track with a halo of paper, so that it stays readable.
function number(x, y, value, halo) {
  return text(x + CELL / 2, y + CELL / 2 + 8, value, 22, INK.number, halo
    ? { class: "number", stroke: INK.field, "stroke-width": 4, "stroke-linejoin": "round", "paint-order": "stroke" }
    : { class: "number" });
}

// A cross as a pen draws it: two slightly bent strokes under the number (the
// printed start crosses straight and grey).
function penCross(x, y, printed) {
  const [a, b] = [10, CELL - 10];
  const d = printed
    ? `M${x + a} ${y + a} L${x + b} ${y + b} M${x + b} ${y + a} L${x + a} ${y + b}`
    : `M${x + a} ${y + a + 2} Q${x + CELL / 2 + 3} ${y + CELL / 2 - 3} ${x + b} ${y + b - 1} `
      + `M${x + b - 1} ${y + a} Q${x + CELL / 2 - 2} ${y + CELL / 2 - 2} ${x + a + 1} ${y + b}`;
  return svg("path", { d, stroke: printed ? INK.printed : INK.pen, "stroke-width": printed ? 4 : 4.5,
    "stroke-opacity": printed ? 1 : 0.8, "stroke-linecap": "round", fill: "none",
    class: printed ? "cross printed" : "cross", "data-kind": printed ? "start" : "cross" });
}

// What the action waiting for Confirm would draw: the die on its field, the
// lava, the track piece, or a cross.
function previewMark(layout, action, x, y) {
  const parts = [svg("rect", { x: x + 3, y: y + 3, width: CELL - 6, height: CELL - 6, rx: 6, fill: INK.choice,
    "fill-opacity": 0.55, stroke: INK.pen, "stroke-width": 3, "stroke-dasharray": "6 4" })];
  if (action.kind === "place") {
    parts.push(svg("g", { transform: `translate(${x + 13} ${y + 13}) scale(0.85)` },
      dieFace(action.value, { fill: "#fff", ink: INK.pen, size: 40 })));
  } else if (action.kind === "lava") {
    parts.push(svg("rect", { x: x + 6, y: y + 6, width: CELL - 12, height: CELL - 12, fill: INK.lava, "fill-opacity": 0.6 }));
  } else if (action.kind === "track" && layout.track_pieces?.[action.piece]) {
    parts.push(track(layout, x, y, CELL, action.piece, { preview: true }));
  } else {
    parts.push(penCross(x, y, false));
  }
  return svg("g", { class: "preview-mark", "pointer-events": "none" }, parts);
}

// --- the printed specials --------------------------------------------------------------------
// Up to two symbols side by side at the top left, their values at the right;
// a flag's score track beside it, the values already won struck through.
function specials(layout, field, x, y, marks) {
  const valued = field.specials.filter((s) => s.points !== null);
  return field.specials.map((special, i) => {
    const at = valued.indexOf(special);
    const { fill, ink } = special.colour ? colourOf(layout, special.colour) : { fill: "#9e9e9e", ink: "#424242" };
    return svg("g", { class: `special ${special.kind}`, "data-kind": special.kind, "data-colour": special.colour || null,
      "data-points": special.points ?? null },
    svg("g", { transform: `translate(${x + 4 + 18 * i} ${y + 4})` },
      SYMBOLS[special.kind](fill, ink, marks.open.has(field.name))),
    at >= 0 && text(x + CELL - 11, y + 15 + 12 * at, signed(special.points), 11.5, textInk(special.colour ? ink : null),
      { "text-anchor": "end", "font-weight": "bold", class: "points" }),
    special.kind === "flag" && flagTrack(layout, field, x + 4 + 18 * field.specials.length, y, marks.gone));
  });
}

// Text in a special's colour, darkened so that it reads on the tinted paper
// (the palette's ink of yellow or orange is too light for text).
function textInk(ink) {
  if (!ink) return INK.number;
  const channels = [1, 3, 5].map((i) => Math.round(parseInt(ink.slice(i, i + 2), 16) * 0.5));
  return `#${channels.map((c) => c.toString(16).padStart(2, "0")).join("")}`;
}

// The score track in the room right of the flag, clear of a column arrow:
// one line, or two when it is long (10 6 / 3 1).
function flagTrack(layout, field, x, y, gone) {
  const index = layout.flags.findIndex((f) => f.field === field.name);
  const flag = layout.flags[index];
  const ink = textInk(colourOf(layout, flag.colour).ink);
  const room = origin(field)[0] + CELL - 10 - x;
  const half = flag.track.length > 2 ? Math.ceil(flag.track.length / 2) : flag.track.length;
  const lines = [flag.track.slice(0, half), flag.track.slice(half)].filter((line) => line.length);
  const size = Math.min(lines.length > 1 ? 9 : 10, ...lines.map((line) => room / (line.join(" ").length * 0.62)));
  return lines.flatMap((line, row) => {
    let at = x;
    return line.map((value, i) => {
      const width = String(value).length * size * 0.62;
      const taken = row * half + i < (gone[index] ?? 0);
      const base = y + 11 + row * (size + 0.5);
      const node = svg("g", { class: `flag-value${taken ? " gone" : ""}`, "data-kind": "flag-value", "data-value": value,
        "data-gone": String(taken) },
      text(at, base, value, size, ink, { "text-anchor": "start", "font-weight": "bold" }),
      taken && svg("line", { x1: at - 1, y1: base - size * 0.35, x2: at + width + 1, y2: base - size * 0.35,
        stroke: INK.scribble, "stroke-width": 1.5 }));
      at += width + size * 0.45;
      return node;
    });
  });
}

const SYMBOLS = {
  gem: (fill, ink) => [svg("polygon", { points: "8,0 16,6 8,16 0,6", fill, stroke: ink, "stroke-width": 1.2 }),
    svg("polyline", { points: "0,6 16,6", stroke: ink, "stroke-width": 0.8, fill: "none" })],
  bomb: () => [svg("circle", { cx: 7, cy: 10, r: 5.5, fill: "#212121" }),
    svg("path", { d: "M10 6 Q12 1 15 2", stroke: "#5d4037", "stroke-width": 1.5, fill: "none" }),
    svg("circle", { cx: 15, cy: 2, r: 2, fill: "#ff9800" })],
  key: (fill, ink) => svg("path", { d: "M8 8 H16 M12.5 8 V12 M15.5 8 V11 M8 8 A3.5 3.5 0 1 1 1 8 A3.5 3.5 0 1 1 8 8",
    stroke: ink, "stroke-width": 2.2, fill: "none", "stroke-linecap": "round" }),
  lock: (fill, ink, open) => [
    svg("path", { d: open ? "M4 3 V1 A4 4 0 0 1 12 1 V8" : "M4 8 V5 A4 4 0 0 1 12 5 V8", stroke: ink,
      "stroke-width": 2, fill: "none" }),
    svg("rect", { x: 1.5, y: 8, width: 13, height: 8, rx: 1.5, fill, stroke: ink, "stroke-width": 1.2 }),
    svg("circle", { cx: 8, cy: 11.5, r: 1.4, fill: ink })],
  rocket: () => [svg("polygon", { points: "6,12 8,16 10,12", fill: "#ff7043" }),
    svg("polygon", { points: "4.5,7 1,13 5,12", fill: "#e53935" }), svg("polygon", { points: "11.5,7 15,13 11,12", fill: "#e53935" }),
    svg("path", { d: "M8 0 C12 4 12 9 11 12 H5 C4 9 4 4 8 0 Z", fill: "#cfd8dc", stroke: "#455a64" }),
    svg("circle", { cx: 8, cy: 5.5, r: 1.8, fill: "#29b6f6" })],
  flag: (fill, ink) => [svg("line", { x1: 3, y1: 0.5, x2: 3, y2: 16, stroke: "#424242", "stroke-width": 1.6 }),
    svg("polygon", { points: "3.5,1 14,5 3.5,9", fill, stroke: ink })],
  puzzle: (fill, ink) => svg("path", { d: "M1 5 H5 A2.6 2.6 0 1 1 9 5 H12 V8 A2.6 2.6 0 1 1 12 12 V15 H1 Z",
    fill, stroke: ink }),
  poop: () => [svg("ellipse", { cx: 8, cy: 13, rx: 7, ry: 2.8, fill: "#8d6e63", stroke: "#4e342e", "stroke-width": 0.8 }),
    svg("ellipse", { cx: 8, cy: 9.5, rx: 5, ry: 2.4, fill: "#8d6e63", stroke: "#4e342e", "stroke-width": 0.8 }),
    svg("ellipse", { cx: 8, cy: 6.2, rx: 3.2, ry: 2, fill: "#8d6e63", stroke: "#4e342e", "stroke-width": 0.8 })],
  station: () => [svg("polygon", { points: "0,7 8,1 16,7", fill: "#283593" }),
    svg("rect", { x: 2, y: 7, width: 12, height: 8, fill: "#5c6bc0", stroke: "#283593" }),
    svg("rect", { x: 6.5, y: 10, width: 3, height: 5, fill: "#fff" })],
};

function planet(x, y) {
  const cx = x + CELL / 2;
  const cy = y + CELL / 2;
  return svg("g", { class: "planet", "data-kind": "planet" },
    svg("circle", { cx, cy, r: 13, fill: "#4fc3f7", stroke: "#0277bd", "stroke-width": 1.5 }),
    svg("ellipse", { cx, cy, rx: 22, ry: 6, fill: "none", stroke: "#0277bd", "stroke-width": 2,
      transform: `rotate(-20 ${cx} ${cy})` }),
    svg("circle", { cx: cx - 4, cy: cy - 4, r: 3, fill: "#b3e5fc" }));
}

function volcano(x, y) {
  return svg("g", { class: "volcano", "data-kind": "volcano" },
    svg("polygon", { points: `${x + 6},${y + 52} ${x + 22},${y + 22} ${x + 38},${y + 22} ${x + 54},${y + 52}`,
      fill: "#6d4c41", stroke: "#3e2723" }),
    svg("polygon", { points: `${x + 22},${y + 22} ${x + 26},${y + 17} ${x + 30},${y + 21} ${x + 34},${y + 16} ${x + 38},${y + 22}`,
      fill: "#ff5722" }),
    svg("path", { d: `M${x + 28} ${y + 24} L${x + 25} ${y + 34} L${x + 30} ${y + 30} L${x + 27} ${y + 42}`,
      fill: "none", stroke: "#ff7043", "stroke-width": 2 }),
    svg("circle", { cx: x + 32, cy: y + 10, r: 4, fill: "#bdbdbd" }));
}

function hatching(x, y) {
  const steps = [];
  for (let k = 8; k < 108; k += 8) {
    const s = [x + 3 + Math.max(0, k - 54), y + 3 + Math.min(k, 54)];
    const e = [x + 3 + Math.min(k, 54), y + 3 + Math.max(0, k - 54)];
    steps.push(`M${s[0]} ${s[1]} L${e[0]} ${e[1]}`);
  }
  return svg("path", { d: steps.join(" "), stroke: INK.scribble, "stroke-width": 2, fill: "none", class: "scribble",
    "data-kind": "scribble" });
}

// --- tracks (level 8) ------------------------------------------------------------------------
// A piece in the square (x, y, size): a straight line or a quarter arc between
// the midpoints of the two edges it joins; printed ones as rails with sleepers.
function trackPath(layout, x, y, size, piece) {
  const half = size / 2;
  const ends = { n: [x + half, y], e: [x + size, y + half], s: [x + half, y + size], w: [x, y + half] };
  const corners = { ne: [x + size, y], es: [x + size, y + size], sw: [x, y + size], wn: [x, y] };
  const [a, b] = layout.track_pieces[piece].map((edge) => ends[edge]);
  const o = corners[piece];
  if (!o) return `M${a[0]} ${a[1]} L${b[0]} ${b[1]}`;
  const sweep = (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]) > 0 ? 1 : 0;
  return `M${a[0]} ${a[1]} A${half} ${half} 0 0 ${sweep} ${b[0]} ${b[1]}`;
}

function track(layout, x, y, size, piece, { printed = false, preview = false, field = null } = {}) {
  const d = trackPath(layout, x, y, size, piece);
  const scale = size / CELL;
  const colour = printed ? INK.track : INK.drawn;
  return svg("g", { class: `track${printed ? " printed" : ""}`, "data-kind": preview || !field ? null : "track",
    "data-piece": piece, "data-field": field, "data-printed": field ? String(printed) : null, opacity: preview ? 0.75 : null },
  svg("path", { d, stroke: colour, "stroke-width": (printed ? 9 : 7) * scale, fill: "none" }),
  svg("path", { d, stroke: INK.field, "stroke-width": 1.6 * scale, "stroke-dasharray": `${4 * scale} ${4 * scale}`, fill: "none" }));
}

// The field whose track the viewer draws now (the engine asks for one field at a time).
function trackField(ctx) {
  if (!ctx.interactive) return null;
  return ctx.legal.find((a) => a.kind === "track")?.field ?? null;
}

// Show one piece on the field, waiting for Confirm: the selection keeps the
// piece, so the click on the field leaves exactly that action. A second
// click on the piece previewed takes it back.
function showPiece(ctx, field, piece) {
  if (ctx.selection.piece === piece && ctx.preview?.piece === piece) {
    ctx.select({ piece });
    return;
  }
  if (ctx.selection.piece !== piece) ctx.select({ piece });
  ctx.onPick(field);
}

// A click on the field (or an arrow key) shows the next piece, round and round.
function cycle(ctx, field, step) {
  const at = PIECES.indexOf(ctx.preview?.piece);
  const next = at < 0 ? (step > 0 ? 0 : PIECES.length - 1) : (at + step + PIECES.length) % PIECES.length;
  const piece = PIECES[next];
  if (ctx.selection.piece !== piece) ctx.select({ piece });
  ctx.onPick(field);
  // the page was drawn anew: keep the keyboard on the field
  document.querySelector(`#sheets figure.mine g[data-field="${field}"]`)?.focus();
}

function cycling(group, ctx, field) {
  group.addEventListener("keydown", (event) => {
    const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
    if (!step) return;
    event.preventDefault();
    cycle(ctx, field, step);
  });
  return group;
}

// The six pieces as pictures beside the field, each a button previewing its track.
function trackPicker(layout, field, ctx, width, height) {
  const [fx, fy] = origin(field);
  const w = 3 * TILE + 4 * GAP;
  const h = 2 * TILE + 3 * GAP;
  const px = fx + CELL + 6 + w <= width ? fx + CELL + 6 : fx - 6 - w;
  const py = Math.max(2, Math.min(fy - (h - CELL) / 2, height - h - 2));
  const offered = new Set(ctx.legal.filter((a) => a.kind === "track" && a.field === field.name).map((a) => a.piece));
  return svg("g", { class: "track-picker", "data-testid": "track-picker", "data-field": field.name, role: "group" },
    svg("rect", { x: px, y: py, width: w, height: h, rx: 8, fill: INK.field, stroke: INK.pen, "stroke-width": 2,
      filter: "drop-shadow(0 2px 3px rgba(0,0,0,0.35))" }),
    PIECES.filter((piece) => offered.has(piece)).map((piece, i) => {
      const x = px + GAP + (i % 3) * (TILE + GAP);
      const y = py + GAP + Math.floor(i / 3) * (TILE + GAP);
      const chosen = ctx.preview?.piece === piece;
      const words = t("dizzle.action.track", { field: field.name, piece: t(PIECE_WORDS[piece]) });
      const tile = svg("g", { class: `track-choice${chosen ? " chosen" : ""}`, "data-track": piece, "data-field": field.name,
        role: "button", tabindex: "0", "aria-label": words, "aria-pressed": String(chosen) },
      title(words),
      svg("rect", { x, y, width: TILE, height: TILE, rx: 5, fill: chosen ? INK.choice : INK.start,
        stroke: chosen ? INK.pen : INK.grid, "stroke-width": chosen ? 3 : 1 }),
      track(layout, x, y, TILE, piece));
      tile.addEventListener("click", () => showPiece(ctx, field.name, piece));
      tile.addEventListener("keydown", (event) => {
        if (event.key !== "Enter" && event.key !== " ") return;
        event.preventDefault();
        showPiece(ctx, field.name, piece);
        document.querySelector(`#sheets figure.mine g[data-track="${piece}"]`)?.focus();
      });
      return tile;
    }));
}

// --- arrows and areas ------------------------------------------------------------------------
function drawArrow(layout, arrow) {
  const first = fieldOf(layout, arrow.fields[0]);
  const last = fieldOf(layout, arrow.fields[arrow.fields.length - 1]);
  const [x0, y0] = origin(first);
  const [x1, y1] = origin(last);
  const row = first.row === last.row;
  const line = row ? [x0 + 25, y0 + CELL - 6, x1 + CELL - 9, y0 + CELL - 6]
    : [x0 + CELL - 7, y0 + 4, x0 + CELL - 7, y1 + CELL - 9];
  const tip = row ? [line[2] + 6, line[3]] : [line[2], line[3] + 6];
  const head = row ? `${tip[0]},${tip[1]} ${tip[0] - 8},${tip[1] - 4.5} ${tip[0] - 8},${tip[1] + 4.5}`
    : `${tip[0]},${tip[1]} ${tip[0] - 4.5},${tip[1] - 8} ${tip[0] + 4.5},${tip[1] - 8}`;
  const pill = row ? [x0 + 3, y0 + CELL - 13, 22, 14] : [x0 + CELL - 16, y0 + CELL / 2 + 1, 16, 14];
  return svg("g", { class: "arrow", "data-kind": "arrow", "data-fields": arrow.fields.join(" "), "data-points": arrow.points,
    "pointer-events": "none" },
  title(t("dizzle.arrow", { points: arrow.points })),
  svg("line", { x1: line[0], y1: line[1], x2: line[2], y2: line[3], stroke: INK.arrow, "stroke-width": 2.5 }),
  svg("polygon", { points: head, fill: INK.arrow }),
  svg("rect", { x: pill[0], y: pill[1], width: pill[2], height: pill[3], rx: 7, fill: INK.arrow }),
  text(pill[0] + pill[2] / 2, pill[1] + 10.5, arrow.points, 10, "#fff", { "font-weight": "bold" }));
}

function drawArea(layout, area) {
  const inside = new Set(area.fields);
  const segments = area.fields.map((name) => fieldOf(layout, name)).flatMap((f) => {
    const [x, y] = origin(f);
    const near = (dc, dr) => inside.has(`${layout.columns[f.column + dc] ?? "?"}${f.row + dr + 1}`);
    return [[!near(0, -1), `M${x} ${y} H${x + CELL}`], [!near(0, 1), `M${x} ${y + CELL} H${x + CELL}`],
      [!near(-1, 0), `M${x} ${y} V${y + CELL}`], [!near(1, 0), `M${x + CELL} ${y} V${y + CELL}`]]
      .filter(([edge]) => edge).map(([, d]) => d);
  });
  const [px, py] = origin(fieldOf(layout, area.fields[0]));
  return svg("g", { class: "area", "data-kind": "area", "data-fields": area.fields.join(" "), "data-points": area.points,
    "pointer-events": "none" },
  title(t("dizzle.area", { points: area.points })),
  svg("path", { d: segments.join(" "), stroke: "#000", "stroke-width": 4.5, fill: "none" }),
  svg("rect", { x: px + CELL / 2 - 12, y: py - 8, width: 24, height: 16, rx: 8, fill: "#000" }),
  text(px + CELL / 2, py + 4, area.points, 11, "#fff", { "font-weight": "bold" }));
}
