// Dizzle: every player's sheet from the layout (numbers, start crosses, planets,
// volcanoes, gems, bombs, keys, locks, rockets, flags, puzzle pieces, poop,
// stations, printed tracks, arrows, areas) with the view's crosses, scribbles,
// lava, drawn tracks and this draft's dice; the dice in the middle, or the lava
// die while the players choose where the lava flows (level 7).

import { el } from "../dom.js";
import { t } from "../i18n.js";
import { canvas, colourOf, cross, dieButton, dieFace, figure, pickable, previewed, svg, text, title } from "./common.js";

const CELL = 60;
const MARGIN = 28;
const INK = {
  number: "#212121", grid: "#9e9e9e", label: "#757575", start: "#eceff1", pen: "#1565c0",
  scribble: "#c62828", lava: "#ff5722", die: "#212121", track: "#3e2723", arrow: "#37474f",
};

export const multi = false;

export function targets(action) {
  return action.field ? [action.field] : [];
}

export function matches(action, selection) {
  return selection.die === undefined || (action.kind === "place" && action.value === selection.die);
}

export function dice(layout, view, ctx) {
  if (view.phase === "lava") return lavaDie(view.lava_die);
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

export function sheets(layout, view, ctx) {
  return view.players.map((player, seat) => {
    const mine = seat === ctx.seat;
    const drawing = sheet(layout, player, {
      ...ctx, interactive: mine && ctx.interactive, last: ctx.marks?.get(seat),
      preview: mine ? ctx.preview : null, previewed: mine ? previewed(targets, ctx) : null,
    });
    return figure(seat, ctx.caption(seat), drawing, mine);
  });
}

function sheet(layout, player, ctx) {
  const width = MARGIN + layout.width * CELL + 12;
  const height = MARGIN + layout.height * CELL + 12;
  const marks = {
    crossed: new Set(player.crossed), scribbled: new Set(player.scribbled), lava: new Set(player.lava),
    dice: new Set(player.dice), tracks: { ...trackMap(layout.tracks), ...player.tracks },
    open: openLocks(layout, new Set(player.crossed)),
  };
  return canvas(width, height, { class: "board dizzle", "aria-label": layout.name },
    svg("rect", { x: 0, y: 0, width, height, fill: "#fafafa" }),
    layout.columns.map((c, i) => text(MARGIN + i * CELL + CELL / 2, MARGIN - 9, c, 14, INK.label)),
    layout.rows.map((r, i) => text(MARGIN - 8, MARGIN + i * CELL + CELL / 2 + 5, r, 14, INK.label,
      { "text-anchor": "end" })),
    layout.fields.map((field) => drawField(layout, field, marks, ctx)),
    layout.areas.map((area) => drawArea(layout, area)),
    layout.arrows.map((arrow) => drawArrow(layout, arrow)));
}

function trackMap(tracks) {
  return Object.fromEntries(tracks.map(({ field, piece }) => [field, piece]));
}

function openLocks(layout, crossed) {
  const keyed = new Set(layout.keys.filter((k) => k.fields.some((f) => crossed.has(f))).map((k) => k.colour));
  return new Set(layout.locks.filter((lock) => keyed.has(lock.colour)).flatMap((lock) => lock.fields));
}

function origin(field) {
  return [MARGIN + field.column * CELL, MARGIN + field.row * CELL];
}

function drawField(layout, field, marks, ctx) {
  const [x, y] = origin(field);
  const name = field.name;
  const tint = field.specials.find((s) => s.colour && s.kind !== "station");
  const states = ["crossed", "scribbled", "lava", "dice"].filter((k) => marks[k].has(name));
  const group = svg("g", {
    class: "field", "data-field": name, "data-kind": field.specials.map((s) => s.kind).join(" ") || null,
    "data-state": states.join(" ") || null,
  },
  title([name, ...field.specials.map((s) => `${s.colour} ${s.kind}`.trim())].join(", ")),
  svg("rect", { x, y, width: CELL, height: CELL, fill: field.kind === "start" ? INK.start : "#fff",
    stroke: INK.grid }),
  tint && svg("rect", { x: x + 1, y: y + 1, width: CELL - 2, height: CELL - 2,
    fill: colourOf(layout, tint.colour).fill, "fill-opacity": 0.16 }),
  marks.lava.has(name) && svg("rect", { x: x + 1, y: y + 1, width: CELL - 2, height: CELL - 2,
    fill: INK.lava, "fill-opacity": 0.85 }),
  marks.scribbled.has(name) && hatching(x, y),
  field.kind === "planet" && planet(x, y),
  field.kind === "volcano" && volcano(x, y),
  specials(layout, field, x, y, marks.open.has(name)),
  field.number > 0 && text(x + CELL / 2, y + CELL / 2 + 8, field.number, 22, INK.number),
  marks.tracks[name] && track(layout, x, y, marks.tracks[name]),
  (marks.crossed.has(name) || field.kind === "start") && !(layout.railway && marks.tracks[name])
    && cross(x, y, CELL, field.kind === "start" ? "#37474f" : INK.pen),
  marks.dice.has(name) && svg("rect", { x: x + 12, y: y + 12, width: CELL - 24, height: CELL - 24, rx: 7,
    fill: "none", stroke: INK.die, "stroke-width": 3, class: "die-mark" }),
  ctx.preview?.field === name && previewMark(layout, ctx.preview, x, y));
  return pickable(group, name, ctx);
}

// What the action waiting for Confirm would draw: the die on its field, the
// lava, the track piece, or a cross.
function previewMark(layout, action, x, y) {
  const parts = [svg("rect", { x: x + 3, y: y + 3, width: CELL - 6, height: CELL - 6, rx: 6, fill: "#bbdefb",
    "fill-opacity": 0.55, stroke: INK.pen, "stroke-width": 3, "stroke-dasharray": "6 4" })];
  if (action.kind === "place") {
    parts.push(svg("g", { transform: `translate(${x + 13} ${y + 13}) scale(0.85)` },
      dieFace(action.value, { fill: "#fff", ink: INK.pen, size: 40 })));
  } else if (action.kind === "lava") {
    parts.push(svg("rect", { x: x + 6, y: y + 6, width: CELL - 12, height: CELL - 12, fill: INK.lava, "fill-opacity": 0.6 }));
  } else if (action.kind === "track" && layout.track_pieces?.[action.piece]) {
    parts.push(svg("g", { opacity: 0.6 }, track(layout, x, y, action.piece)));
  } else {
    parts.push(cross(x, y, CELL, INK.pen));
  }
  return svg("g", { class: "preview-mark", "pointer-events": "none" }, parts);
}

function specials(layout, field, x, y, open) {
  const labels = field.specials.filter((s) => s.points !== null);
  return [
    field.specials.map((s, i) => symbol(layout, s, x + 4 + 18 * i, y + 4, open)),
    labels.map((s, i) => text(x + CELL - 9, y + 15 + 12 * i, s.points > 0 ? `+${s.points}` : `−${-s.points}`,
      11.5, s.colour ? colourOf(layout, s.colour).ink : INK.label, { "text-anchor": "end", "font-weight": "bold" })),
    field.specials.filter((s) => s.kind === "flag").map(() => flagTrack(layout, field, x, y)),
  ];
}

function flagTrack(layout, field, x, y) {
  const flag = layout.flags.find((f) => f.field === field.name);
  return text(x + 22, y + 13, flag.track.join("·"), 9, colourOf(layout, flag.colour).ink,
    { "text-anchor": "start", "font-weight": "bold" });
}

function symbol(layout, special, x, y, open) {
  const { fill, ink } = special.colour ? colourOf(layout, special.colour) : { fill: "#9e9e9e", ink: "#424242" };
  const draw = SYMBOLS[special.kind];
  return svg("g", { transform: `translate(${x} ${y})`, class: `special ${special.kind}` }, draw(fill, ink, open));
}

const SYMBOLS = {
  gem: (fill, ink) => svg("polygon", { points: "8,0 16,6 8,16 0,6", fill, stroke: ink, "stroke-width": 1.2 }),
  bomb: () => [svg("circle", { cx: 7, cy: 10, r: 5.5, fill: "#212121" }),
    svg("path", { d: "M10 6 Q12 1 15 2", stroke: "#5d4037", "stroke-width": 1.5, fill: "none" }),
    svg("circle", { cx: 15, cy: 2, r: 2, fill: "#ff9800" })],
  key: (fill, ink) => svg("path", { d: "M8 8 H16 M12.5 8 V12 M15.5 8 V11 M8 8 A3.5 3.5 0 1 1 1 8 A3.5 3.5 0 1 1 8 8",
    stroke: ink, "stroke-width": 2.2, fill: "none", "stroke-linecap": "round" }),
  lock: (fill, ink, open) => [
    svg("path", { d: open ? "M4 3 V1 A4 4 0 0 1 12 1 V8" : "M4 8 V5 A4 4 0 0 1 12 5 V8", stroke: ink,
      "stroke-width": 2, fill: "none" }),
    svg("rect", { x: 1.5, y: 8, width: 13, height: 8, rx: 1.5, fill, stroke: ink, "stroke-width": 1.2 })],
  rocket: () => [svg("polygon", { points: "6,12 8,16 10,12", fill: "#ff7043" }),
    svg("path", { d: "M8 0 C12 4 12 9 11 12 H5 C4 9 4 4 8 0 Z", fill: "#cfd8dc", stroke: "#455a64" }),
    svg("circle", { cx: 8, cy: 5.5, r: 1.8, fill: "#29b6f6" })],
  flag: (fill, ink) => [svg("line", { x1: 3, y1: 0.5, x2: 3, y2: 16, stroke: "#424242", "stroke-width": 1.6 }),
    svg("polygon", { points: "3.5,1 14,5 3.5,9", fill, stroke: ink })],
  puzzle: (fill, ink) => svg("path", { d: "M1 5 H5 A2.6 2.6 0 1 1 9 5 H12 V8 A2.6 2.6 0 1 1 12 12 V15 H1 Z",
    fill, stroke: ink }),
  poop: () => [svg("ellipse", { cx: 8, cy: 13, rx: 7, ry: 2.8, fill: "#8d6e63" }),
    svg("ellipse", { cx: 8, cy: 9.5, rx: 5, ry: 2.4, fill: "#8d6e63" }),
    svg("ellipse", { cx: 8, cy: 6.2, rx: 3.2, ry: 2, fill: "#8d6e63" })],
  station: () => [svg("polygon", { points: "0,7 8,1 16,7", fill: "#283593" }),
    svg("rect", { x: 2, y: 7, width: 12, height: 8, fill: "#5c6bc0" }),
    svg("rect", { x: 6.5, y: 10, width: 3, height: 5, fill: "#fff" })],
};

function planet(x, y) {
  const cx = x + CELL / 2;
  const cy = y + CELL / 2;
  return [svg("circle", { cx, cy, r: 13, fill: "#4fc3f7", stroke: "#0277bd", "stroke-width": 1.5 }),
    svg("ellipse", { cx, cy, rx: 22, ry: 6, fill: "none", stroke: "#0277bd", "stroke-width": 2,
      transform: `rotate(-20 ${cx} ${cy})` })];
}

function volcano(x, y) {
  return [svg("polygon", { points: `${x + 6},${y + 52} ${x + 22},${y + 22} ${x + 38},${y + 22} ${x + 54},${y + 52}`,
    fill: "#6d4c41", stroke: "#3e2723" }),
  svg("polygon", { points: `${x + 22},${y + 22} ${x + 26},${y + 17} ${x + 30},${y + 21} ${x + 34},${y + 16} ${x + 38},${y + 22}`,
    fill: "#ff5722" })];
}

function hatching(x, y) {
  const steps = [];
  for (let k = 8; k < 108; k += 8) {
    const s = [x + 3 + Math.max(0, k - 54), y + 3 + Math.min(k, 54)];
    const e = [x + 3 + Math.min(k, 54), y + 3 + Math.max(0, k - 54)];
    steps.push(`M${s[0]} ${s[1]} L${e[0]} ${e[1]}`);
  }
  return svg("path", { d: steps.join(" "), stroke: INK.scribble, "stroke-width": 2, fill: "none" });
}

function track(layout, x, y, piece) {
  const half = CELL / 2;
  const ends = { n: [x + half, y], e: [x + CELL, y + half], s: [x + half, y + CELL], w: [x, y + half] };
  const corners = { ne: [x + CELL, y], es: [x + CELL, y + CELL], sw: [x, y + CELL], wn: [x, y] };
  const [a, b] = layout.track_pieces[piece].map((edge) => ends[edge]);
  const o = corners[piece];
  const d = o
    ? `M${a[0]} ${a[1]} A${half} ${half} 0 0 ${(a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]) > 0 ? 1 : 0} ${b[0]} ${b[1]}`
    : `M${a[0]} ${a[1]} L${b[0]} ${b[1]}`;
  return svg("path", { d, stroke: INK.track, "stroke-width": 6, fill: "none", class: "track" });
}

function fieldOf(layout, name) {
  return layout.fields.find((f) => f.name === name);
}

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
  const pill = row ? [x0 + 3, y0 + CELL - 12, 22, 12] : [x0 + CELL - 14, y0 + CELL / 2 - 6, 14, 12];
  return svg("g", { class: "arrow", "data-fields": arrow.fields.join(" "), "data-points": arrow.points },
    title(t("dizzle.arrow", { points: arrow.points })),
    svg("line", { x1: line[0], y1: line[1], x2: line[2], y2: line[3], stroke: INK.arrow, "stroke-width": 2.5 }),
    svg("polygon", { points: head, fill: INK.arrow }),
    svg("rect", { x: pill[0], y: pill[1], width: pill[2], height: pill[3], rx: 6, fill: INK.arrow }),
    text(pill[0] + pill[2] / 2, pill[1] + 9, arrow.points, 8, "#fff", { "font-weight": "bold" }));
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
  return svg("g", { class: "area", "data-fields": area.fields.join(" "), "data-points": area.points },
    title(t("dizzle.area", { points: area.points })),
    svg("path", { d: segments.join(" "), stroke: "#000", "stroke-width": 4.5, fill: "none" }),
    svg("rect", { x: px + CELL / 2 - 12, y: py - 8, width: 24, height: 16, rx: 8, fill: "#000" }),
    text(px + CELL / 2, py + 4, area.points, 11, "#fff", { "font-weight": "bold" }));
}
