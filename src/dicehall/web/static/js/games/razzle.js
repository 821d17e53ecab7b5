// Razzle-Dazzle: the ring from the layout as on the board (safe, jump and
// entry fields, the jump arrows, each colour's start and goal area) with the
// view's pieces, and each player's number wheel in the corner by their start.
// The player moves by clicking a piece, its highlighted landing field or the
// start area (the outermost piece enters); hovering or focusing one shows
// just that move (its path, the jump included, and a ghost where it lands),
// otherwise every possible move is shown lightly. A spin is the red button
// in the middle of the player's wheel. A move waiting for Confirm shows its
// path and landing; a moved piece walks its path, a hit piece returns to its
// start hollow and a spun wheel turns to its number (animate).

import { el } from "../dom.js";
import { t, word } from "../i18n.js";
import { canvas, colourOf, dieFace, figure, pickable, reducedMotion, svg, text, title } from "./common.js";

export const multi = false;

// the names of the targets that are not ring fields
const START = "start";
const SPIN = "spin";
// the numbers on every wheel (docs/razzle.md)
const NUMBERS = [1, 2, 3, 4, 5, 6];
// the colours of the fields; each text on them keeps 4.5:1 (3:1 dimmed)
const FIELD = { fill: "#ffffff", stroke: "#78909c", ink: "#455a64" };
const SAFE = { fill: "#dcedc8", stroke: "#2e7d32", ink: "#1b5e20" };
const JUMP = { fill: "#f3e5f5", stroke: "#8e24aa", ink: "#6a1b9a" };
const USED = { fill: "#eceff1", ink: "#616161" };
const SPIN_RED = "#c62828";

export function targets(action) {
  if (action.kind === "move") return [String(action.field)];
  if (action.kind === "enter") return [START];
  if (action.kind === "spin") return [SPIN];
  return [];
}

export function matches() {
  return true;
}

// The smallest pickable thing is a ring field (docs/web.md, "Sheets and boards").
export function targetSize(layout) {
  return 2 * layout.field_radius;
}

export function dice(layout, view) {
  if (!spun(view)) return [];
  const { fill, ink } = colourOf(layout, view.players[view.turn].colour);
  return [el("span", { class: "die", "data-testid": "die", "data-die": view.number,
    title: t("razzle.number", { value: view.number }) }, dieFace(view.number, { fill, ink }))];
}

function spun(view) {
  return ["move", "again"].includes(view.phase) && view.number > 0;
}

function colourWord(layout, seat) {
  return word("colour", layout.seats[seat].colour);
}

// What the terminal's header says: whose turn, the spun number, what to do,
// every colour's pieces in the goal of the goal count.
export function info(layout, view) {
  const items = [];
  if (!["first", "over"].includes(view.phase)) {
    items.push({ key: "turn", label: t("razzle.info.turn"), value: colourWord(layout, view.turn) });
    items.push({ key: "number", label: t("razzle.info.number"), value: spun(view) ? String(view.number) : "–" });
    items.push({ key: "step", label: t("razzle.info.step"), value: stepText(view) });
  }
  items.push({ key: "goals", label: t("razzle.info.goals"), value: view.players.map((player, seat) =>
    `${colourWord(layout, seat)} ${player.goals}/${layout.goal}`).join(" · ") });
  return items;
}

function stepText(view) {
  if (view.phase === "move") return t("razzle.info.move", { number: view.number });
  if (view.phase === "again") return t("razzle.info.again", { number: view.number });
  return t("razzle.info.spin");
}

// Beside each player: the numbers still on their wheel, the used ones struck.
export function extras(layout, view, seat) {
  const left = new Set(view.players[seat].wheel);
  return el("span", { class: "razzle-numbers", "data-testid": "wheel-numbers", "data-left": [...left].join(" "),
    title: t("razzle.wheel"), "aria-label": `${t("razzle.wheel")}: ${[...left].join(", ")}` },
  NUMBERS.map((n) => el("span", { class: left.has(n) ? "left" : "used", "aria-hidden": "true", text: n })),
  el("span", { class: "goals", text: t("razzle.goals", { count: view.players[seat].goals, goal: layout.goal }) }));
}

export function sheets(layout, view, ctx) {
  const caption = view.players.map((_, seat) => ctx.caption(seat)).join(" · ");
  const last = new Set([...(ctx.marks?.values() ?? [])].flatMap((names) => [...names]));
  const move = ctx.preview ? previewMove(layout, view, ctx.preview) : null;
  const moves = ctx.interactive ? possibleMoves(layout, view, ctx.legal) : [];
  const landings = landingTargets(moves);
  const previewed = new Set([...(ctx.preview ? targets(ctx.preview) : []),
    ...(move && move.field >= 0 ? [String(move.field)] : [])]);
  const board = {
    ...ctx, last, move, landings, previewed,
    path: new Set((move?.path ?? []).map(String)),
    targets: new Set([...ctx.targets, ...landings.keys()]),
    onPick: (name) => ctx.onPick(landings.get(name) ?? name),
  };
  return [figure("all", caption, ring(layout, view, board, move ? [] : moves), true)];
}

function ring(layout, view, ctx, options) {
  const pieces = piecesOnFields(layout, view);
  return canvas(layout.size, layout.size, { class: "board razzle", "aria-label": layout.name },
    svg("circle", { cx: layout.centre, cy: layout.centre, r: layout.ring_radius, fill: "none",
      stroke: "#b0bec5", "stroke-width": 3 }),
    wordmark(layout),
    layout.fields.filter((field) => field.jump_to !== undefined).map((field) => jumpArrow(layout, field)),
    layout.seats.map((seat) => areas(layout, view, seat, ctx)),
    layout.fields.map((field) => drawField(layout, field, pieces.get(field.index), ctx)),
    layout.seats.map((seat) => wheel(layout, view, seat, ctx)),
    options.map(({ name, move }) => route(layout, view, move, { class: "option", "data-move": name })),
    ctx.move && route(layout, view, ctx.move, { class: "chosen", "data-testid": "route" }));
}

// --- geometry ----------------------------------------------------------------------------
function angleOf(layout, index) {
  return (2 * Math.PI * index) / layout.track_length;
}

function at(layout, angle, radius) {
  return { x: layout.centre + radius * Math.sin(angle), y: layout.centre - radius * Math.cos(angle) };
}

function fieldOf(layout, seat, progress) {
  return (layout.seats[seat].entry + progress - 1) % layout.track_length;
}

// The curve of a jump across the inside of the ring, from the take-off
// field's inner edge to the landing field's, bowed towards the middle:
// {start, control, end} points (a quadratic Bézier).
function jumpCurve(layout, from, to) {
  const a = layout.fields[from];
  const b = layout.fields[to];
  const c = layout.centre;
  const mid = { x: (a.x + b.x) / 2 - c, y: (a.y + b.y) / 2 - c };
  const control = { x: c + mid.x * 0.4, y: c + mid.y * 0.4 };
  const edge = (p) => {
    const dx = control.x - p.x;
    const dy = control.y - p.y;
    const k = (layout.field_radius + 2) / Math.hypot(dx, dy);
    return { x: p.x + dx * k, y: p.y + dy * k };
  };
  return { start: edge(a), control, end: edge(b) };
}

function curvePath({ start, control, end }) {
  return `M${start.x} ${start.y} Q${control.x} ${control.y} ${end.x} ${end.y}`;
}

// Where a move would go, as the rules move a piece ("Moving" in
// docs/razzle.md): {seat, piece, from (ring index, -1 from the start area),
// path (ring indices passed and landed on, the jump's target last), field
// (-1: the goal), goal, jump (whether it flew from the field before last)}.
export function previewMove(layout, view, action) {
  if (!["move", "enter"].includes(action.kind)) return null;
  const seat = view.turn;
  const progress = view.players[seat].progress;
  const pieces = piecesOnFields(layout, view);
  const piece = action.kind === "enter" ? outermost(progress) : pieces.get(action.field)?.piece;
  if (piece === undefined || piece < 0) return null;
  const start = progress[piece];
  const reached = start + view.number;
  const length = layout.track_length;
  const path = [];
  for (let p = Math.max(start, 0) + 1; p <= Math.min(reached, length); p += 1) path.push(fieldOf(layout, seat, p));
  const from = start ? fieldOf(layout, seat, start) : -1;
  const move = { seat, piece, from, path, field: -1, goal: false, jump: false };
  if (reached > length) return { ...move, goal: true };
  const landed = path[path.length - 1];
  const jump = layout.fields[landed].jump_to;
  const held = jump === undefined ? undefined : pieces.get(jump);
  if (jump !== undefined && !(held && held.seat === seat && held.piece !== piece)) {
    return { ...move, path: [...path, jump], field: jump, jump: true };
  }
  return { ...move, field: landed };
}

// The piece that enters: the outermost one waiting in the start area (the
// hollows fill from the entry outwards, so the last filled one).
function outermost(progress) {
  return progress.lastIndexOf(0);
}

function waitingCount(view, seat) {
  return view.players[seat].progress.filter((p) => p === 0).length;
}

// Every move the legal actions allow: {name (what to click), move}.
function possibleMoves(layout, view, legal) {
  return legal.map((action) => ({ name: targets(action)[0], move: previewMove(layout, view, action) }))
    .filter(({ move }) => move);
}

// The landing fields that may be clicked for their move: field name -> the
// move's own target; a field two moves land on (by a jump) is left out.
function landingTargets(moves) {
  const count = new Map();
  for (const { move } of moves) if (move.field >= 0) count.set(move.field, (count.get(move.field) ?? 0) + 1);
  return new Map(moves.filter(({ move }) => move.field >= 0 && count.get(move.field) === 1)
    .map(({ name, move }) => [String(move.field), name]));
}

function piecesOnFields(layout, view) {
  const on = new Map();
  view.players.forEach((player, seat) => player.progress.forEach((progress, piece) => {
    if (progress > 0 && progress < layout.goal_progress) on.set(fieldOf(layout, seat, progress), { seat, piece });
  }));
  return on;
}

// A colour lightened towards white, for the areas and available numbers.
function tint(colour, amount = 0.72) {
  const hex = /^#([0-9a-f]{6})$/i.exec(colour)?.[1];
  if (!hex) return "#eeeeee";
  const mixed = [0, 2, 4].map((i) => Math.round(parseInt(hex.slice(i, i + 2), 16) * (1 - amount) + 255 * amount));
  return `#${mixed.map((v) => v.toString(16).padStart(2, "0")).join("")}`;
}

// Black or white, whichever reads better on a fill (a piece's number).
function inkOn(fill) {
  const hex = /^#([0-9a-f]{6})$/i.exec(fill)?.[1];
  if (!hex) return "#000000";
  const [r, g, b] = [0, 2, 4].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  return (luminance + 0.05) / 0.05 >= 1.05 / (luminance + 0.05) ? "#000000" : "#ffffff";
}

// --- the ring ----------------------------------------------------------------------------
function fieldStyle(layout, field) {
  if (field.kinds.includes("entry")) {
    const { fill } = colourOf(layout, layout.seats[field.entry_of].colour);
    return { fill: tint(fill, 0.8), stroke: fill, ink: "#212121", width: 4 };
  }
  if (field.kinds.includes("safe")) return { ...SAFE, width: 2.5 };
  if (field.kinds.includes("jump")) return { ...JUMP, width: 2.5 };
  return { ...FIELD, width: 1.5 };
}

function drawField(layout, field, piece, ctx) {
  const r = layout.field_radius;
  const name = String(field.index);
  const style = fieldStyle(layout, field);
  const classes = ["field", ctx.path?.has(name) && "path", ctx.landings?.has(name) && "landing"];
  const group = svg("g", { class: classes.filter(Boolean).join(" "), "data-field": field.index,
    "data-kind": field.kinds.join(" ") || null, "data-piece": piece ? piece.seat : null },
  title(fieldTitle(field)),
  svg("circle", { cx: field.x, cy: field.y, r, fill: style.fill, stroke: style.stroke, "stroke-width": style.width }),
  field.kinds.includes("safe") && svg("circle", { cx: field.x, cy: field.y, r: r - 3.5, fill: "none",
    stroke: SAFE.stroke, "stroke-width": 1, "pointer-events": "none" }),
  piece ? drawPiece(layout, field, piece) : text(field.x, field.y + r * 0.3, field.index, r * 0.8, style.ink,
    { "font-weight": "600" }),
  ctx.last?.has(name) && svg("circle", { cx: field.x, cy: field.y, r: r + 4.5, fill: "none",
    stroke: "#e65100", "stroke-width": 3, class: "last-ring", "pointer-events": "none" }));
  pickable(group, name, ctx, { free: !piece, label: fieldLabel(layout, field, piece, ctx) });
  const moveName = ctx.landings?.get(name) ?? (ctx.targets.has(name) ? name : null);
  if (ctx.interactive && moveName) showsItsMove(group, moveName);
  return group;
}

function fieldTitle(field) {
  const kinds = field.kinds.map((kind) => t(`razzle.kind.${kind}`));
  if (field.jump_to !== undefined) kinds.push(t("razzle.jump_to", { field: field.jump_to }));
  return [String(field.index), ...kinds].join(", ");
}

// What a screen reader says on a target: the move it makes.
function fieldLabel(layout, field, piece, ctx) {
  const name = String(field.index);
  const mover = ctx.landings?.get(name);
  if (mover === START) return t("razzle.label.land_enter", { field: name });
  if (mover) return t("razzle.label.landing", { field: name, from: mover });
  if (piece) return t("razzle.label.piece", { colour: colourWord(layout, piece.seat), field: name });
  return fieldTitle(field);
}

// A jump field's arrow, as on the board: across the inside of the ring
// from the take-off field to the field it flies to, its head there.
function jumpArrow(layout, field) {
  const curve = jumpCurve(layout, field.index, field.jump_to);
  const { control, end } = curve;
  const length = Math.hypot(end.x - control.x, end.y - control.y);
  const ux = (end.x - control.x) / length;
  const uy = (end.y - control.y) / length;
  const base = { x: end.x - 11 * ux, y: end.y - 11 * uy };
  const head = `M${end.x} ${end.y} L${base.x - 5 * uy} ${base.y + 5 * ux} L${base.x + 5 * uy} ${base.y - 5 * ux} Z`;
  return svg("g", { class: "arrow", "data-kind": "jump-arrow", "data-from": field.index, "data-to": field.jump_to,
    "pointer-events": "none" },
  svg("path", { d: curvePath({ ...curve, end: base }), fill: "none", stroke: JUMP.stroke, "stroke-width": 3,
    "stroke-linecap": "round" }),
  svg("path", { d: head, fill: JUMP.stroke }));
}

function drawPiece(layout, field, { seat, piece }) {
  const { fill, ink } = colourOf(layout, layout.seats[seat].colour);
  const r = layout.field_radius;
  return svg("g", { class: "token", "data-seat": seat, "data-piece": piece },
    svg("circle", { cx: field.x, cy: field.y, r: r - 1.5, fill, stroke: ink, "stroke-width": 2,
      class: "piece", "data-seat": seat }),
    text(field.x, field.y + r * 0.35, piece + 1, r * 0.95, inkOn(fill), { "font-weight": "bold" }));
}

// The game's name in the middle, where the goal lanes leave room for it.
function wordmark(layout) {
  const inner = layout.ring_radius - 24 * (layout.pieces + 0.5) - layout.hollow_radius;
  if (inner < 70) return null;
  const attrs = { "font-weight": "bold", "font-style": "italic", class: "wordmark" };
  return [text(layout.centre, layout.centre - 4, "Razzle", 20, FIELD.ink, attrs),
    text(layout.centre, layout.centre + 18, "Dazzle", 20, FIELD.ink, attrs)];
}

// --- start and goal areas ---------------------------------------------------------------
// Each colour's start area (a band outside the ring after its entry field,
// one hollow per piece) and goal lane (from the field before the entry
// inwards). The start area of the player to move enters a piece when clicked.
function areas(layout, view, seat, ctx) {
  const { fill, ink } = colourOf(layout, seat.colour);
  const waiting = waitingCount(view, seat.seat);
  const inGoal = view.players[seat.seat].goals;
  const goalCount = seat.goal.length;
  const enters = ctx.targets?.has(START) && seat.seat === view.turn;
  const hollow = (point, full, kind, i, mover = false) => svg("circle", { cx: point.x, cy: point.y,
    r: layout.hollow_radius, fill: full ? fill : "#fff", stroke: ink, "stroke-width": 1.5,
    class: `hollow ${kind}${mover ? " mover" : ""}`, "data-full": full ? "true" : null, "data-index": i });
  const colour = word("colour", seat.colour);
  const start = area(seat, "start", t("razzle.area.start", { colour }), startBand(layout, seat.start), fill,
    seat.start.map((point, i) => hollow(point, i < waiting, "start", i, enters && i === waiting - 1)));
  if (seat.seat === view.turn) {
    pickable(start, START, ctx, { free: false, label: t("razzle.label.enter", { colour }) });
    if (enters && ctx.interactive) showsItsMove(start, START);
  }
  const entrance = at(layout, angleOf(layout, seat.entry - 1), layout.ring_radius - layout.field_radius - 4);
  const lane = `M${entrance.x} ${entrance.y} L${seat.goal[goalCount - 1].x} ${seat.goal[goalCount - 1].y}`;
  const goal = area(seat, "goal", t("razzle.area.goal", { colour }), lane, fill,
    seat.goal.map((point, i) => hollow(point, i >= goalCount - inGoal, "goal", i)));
  return svg("g", { class: "hollows", "data-seat": seat.seat },
    title(t("razzle.hollows", { colour })), start, goal);
}

function area(seat, kind, label, d, fill, hollows) {
  const width = 26;
  return svg("g", { class: `area ${kind}`, "data-area": kind, "data-seat": seat.seat, "data-testid": `${kind}-area` },
    title(label),
    svg("path", { d, class: "band-edge", fill: "none", stroke: fill, "stroke-width": width + 3, "stroke-linecap": "round" }),
    svg("path", { d, class: "band", fill: "none", stroke: tint(fill), "stroke-width": width, "stroke-linecap": "round" }),
    svg("g", { class: "row" }, hollows));
}

// The start band follows the ring from the first hollow to the last.
function startBand(layout, hollows) {
  const [from, to] = [hollows[0], hollows[hollows.length - 1]];
  const r = Math.hypot(from.x - layout.centre, from.y - layout.centre);
  return `M${from.x} ${from.y} A${r} ${r} 0 0 1 ${to.x} ${to.y}`;
}

// --- a move's route ----------------------------------------------------------------------
// The fields a move passes drawn as a line along the ring (the jump along
// its arrow, into the goal to its hollow) and a ghost piece where it lands:
// every possible move lightly ("option", the one hovered or focused alone
// and strong), the move waiting for Confirm strongly ("chosen").
function route(layout, view, move, attrs) {
  const seat = layout.seats[move.seat];
  const { fill, ink } = colourOf(layout, seat.colour);
  const origin = move.from >= 0 ? layout.fields[move.from] : seat.start[outermost(view.players[move.seat].progress)];
  const walked = move.jump ? move.path.slice(0, -1) : move.path;
  let d = `M${origin.x} ${origin.y}`;
  let previous = move.from;
  for (const index of walked) {
    const field = layout.fields[index];
    d += previous >= 0 ? ` A${layout.ring_radius} ${layout.ring_radius} 0 0 1 ${field.x} ${field.y}`
      : ` L${field.x} ${field.y}`;
    previous = index;
  }
  const landing = landingPoint(layout, view, move);
  if (move.jump) {
    const curve = jumpCurve(layout, previous, move.field);
    d += ` L${curve.start.x} ${curve.start.y} Q${curve.control.x} ${curve.control.y} ${curve.end.x} ${curve.end.y}`
      + ` L${landing.x} ${landing.y}`;
  } else if (move.goal && landing) {
    d += ` L${landing.x} ${landing.y}`;
  }
  return svg("g", { ...attrs, "data-seat": move.seat, "pointer-events": "none" },
    svg("path", { d, class: "route", fill: "none", stroke: ink, "stroke-width": 4, "stroke-linecap": "round",
      "stroke-linejoin": "round", "stroke-dasharray": "2 7" }),
    landing && svg("circle", { cx: landing.x, cy: landing.y, r: layout.field_radius + 2, class: "ghost",
      "data-testid": "ghost", fill, "fill-opacity": 0.45, stroke: ink, "stroke-width": 2.5, "stroke-dasharray": "4 3" }));
}

// Where a move lands: its field, or the back-most free goal hollow.
function landingPoint(layout, view, move) {
  if (move.field >= 0) return layout.fields[move.field];
  const seat = layout.seats[move.seat];
  return seat.goal[seat.goal.length - 1 - view.players[move.seat].goals] ?? null;
}

// Hovering or focusing a piece, its landing field or the start area shows
// only its move; leaving it shows every move again.
function showsItsMove(node, name) {
  const show = (only) => {
    const board = node.ownerSVGElement;
    if (!board) return;
    board.classList.toggle("hovering", only);
    board.querySelectorAll("g.option").forEach((option) => option.classList.toggle("hovered",
      only && option.dataset.move === name));
  };
  node.addEventListener("pointerenter", () => show(true));
  node.addEventListener("pointerleave", () => show(false));
  node.addEventListener("focus", () => show(true));
  node.addEventListener("blur", () => show(false));
}

// --- the wheels --------------------------------------------------------------------------
// A player's number wheel: six sectors, the numbers drawn already greyed and
// struck; the wheel of the player to move turned so that the pointer above
// it shows the spun number; the red button in its middle spins when the
// player may spin.
function wheel(layout, view, seat, ctx) {
  const { x, y, r } = seat.wheel;
  const { fill, ink } = colourOf(layout, seat.colour);
  const left = new Set(view.players[seat.seat].wheel);
  const turn = seat.seat === view.turn && !["first", "over"].includes(view.phase);
  const current = turn && spun(view) ? view.number : 0;
  const angle = current ? -(current - 1) * 60 : 0;
  const spinner = svg("g", { class: "spinner", style: `transform-origin: ${x}px ${y}px; transform: rotate(${angle}deg)`,
    "data-angle": angle },
  NUMBERS.map((n) => sector(x, y, r, n, sectorState(n, left, current), fill)));
  const canSpin = ctx.interactive && ctx.targets.has(SPIN) && seat.seat === view.turn;
  return svg("g", { class: `wheel${turn ? " turn" : ""}`, "data-testid": "wheel", "data-seat": seat.seat,
    "data-left": [...left].join(" "), "data-number": current || null },
  title(`${t("razzle.wheel.of", { colour: word("colour", seat.colour) })}: ${[...left].join(", ")}`),
  svg("circle", { cx: x, cy: y, r: r + 3, fill: "#fff", stroke: ink, "stroke-width": turn ? 5 : 2.5, class: "rim" }),
  spinner,
  turn && svg("path", { d: `M${x - 8} ${y - r - 9} L${x + 8} ${y - r - 9} L${x} ${y - r + 6} Z`, fill: ink,
    stroke: "#fff", "stroke-width": 1.5, class: "pointer" }),
  canSpin ? spinButton(x, y, ctx) : svg("circle", { cx: x, cy: y, r: 7, fill: ink, class: "hub" }));
}

function sectorState(n, left, spunNumber) {
  if (n === spunNumber) return "spun";
  return left.has(n) ? "available" : "drawn";
}

// One number of a wheel: still on it (the colour's tint), drawn already
// (grey and struck) or the number just spun, under the pointer (white).
function sector(x, y, r, n, state, fill) {
  const from = ((n - 1.5) * Math.PI) / 3;
  const to = ((n - 0.5) * Math.PI) / 3;
  const point = (a, radius) => ({ x: x + radius * Math.sin(a), y: y - radius * Math.cos(a) });
  const p = point(from, r);
  const q = point(to, r);
  const mid = point((from + to) / 2, r * 0.64);
  const colours = { available: { fill: tint(fill, 0.75), ink: "#212121" }, spun: { fill: "#ffffff", ink: "#212121" },
    drawn: USED }[state];
  const upright = `rotate(${(n - 1) * 60} ${mid.x} ${mid.y})`;
  return svg("g", { class: `sector ${state}`, "data-number": n },
    svg("path", { d: `M${x} ${y} L${p.x} ${p.y} A${r} ${r} 0 0 1 ${q.x} ${q.y} Z`, fill: colours.fill,
      stroke: "#fff", "stroke-width": 1.5 }),
    text(mid.x, mid.y + 5.5, n, 16, colours.ink, { "font-weight": "bold", transform: upright }),
    state === "drawn" && svg("line", { x1: mid.x - 6, y1: mid.y + 6, x2: mid.x + 6, y2: mid.y - 6, stroke: USED.ink,
      "stroke-width": 1.5, class: "strike", transform: upright }));
}

// The red button that stops the wheel: a spin, previewed like every choice
// until Confirm (docs/web.md, "Confirm and undo").
function spinButton(x, y, ctx) {
  const button = svg("circle", { cx: x, cy: y, r: 15, fill: SPIN_RED, stroke: "#fff", "stroke-width": 3,
    class: "spin-button", "data-testid": "spin" });
  return pickable(button, SPIN, ctx, { free: false, label: t("razzle.wheel.stop") });
}

// --- animation ---------------------------------------------------------------------------
const STEP_MS = 80;
const MOVE_MS = 600;
const SPIN_MS = 600;

function point(layout, index) {
  const field = layout.fields[Number(index)];
  return field ? { x: field.x, y: field.y } : null;
}

// After a state with new log entries: the spun wheel turns to its number, a
// moved piece runs its path (jump included) and a piece hit by it flies back
// to its start hollow, each in at most 600 ms; nothing when the reader
// prefers reduced motion.
export function animate(root, layout, view, entries) {
  if (reducedMotion()) return;
  const board = root.querySelector("svg.razzle");
  if (!board) return;
  spinWheel(board, view, entries);
  let delay = 0;
  for (const entry of entries) {
    const path = entry.params?.path;
    if (["razzle.move", "razzle.enter", "razzle.goal"].includes(entry.key) && Array.isArray(path) && path.length) {
      delay = Math.max(delay, runPath(board, layout, view, entry, path));
    }
  }
  for (const entry of entries) {
    const hit = hitOf(entry);
    if (hit) backToStart(board, layout, view, hit, delay);
  }
}

// The wheel of the player to move, when its number was just spun: a few
// turns, slowing down, stopping on the number.
function spinWheel(board, view, entries) {
  const spin = entries.filter((entry) => entry.key === "razzle.spin").pop();
  if (!spin || spin.seat !== view.turn || spin.params?.number !== view.number) return;
  const spinner = board.querySelector(`g.wheel[data-seat="${spin.seat}"] g.spinner`);
  if (!spinner?.animate) return;
  const angle = Number(spinner.dataset.angle);
  spinner.animate([{ transform: `rotate(${angle - 720 - 150}deg)` }, { transform: `rotate(${angle}deg)` }],
    { duration: SPIN_MS, easing: "cubic-bezier(0.15, 0.6, 0.3, 1)" });
}

// The moved piece walks from where it stood (its start hollow, when it
// enters) along the path; into the goal a copy walks and fades in its hollow.
function runPath(board, layout, view, entry, path) {
  const seat = layout.seats[entry.seat];
  if (!seat) return 0;
  const points = path.map((index) => point(layout, index)).filter(Boolean);
  const from = entry.params.from;
  const origin = Number.isInteger(from) ? point(layout, from) : seat.start[waitingCount(view, entry.seat)] ?? null;
  const goal = entry.params.goal ? seat.goal[seat.goal.length - view.players[entry.seat].goals] : null;
  const stops = [origin, ...points, goal].filter(Boolean);
  const end = stops[stops.length - 1];
  let token = entry.params.goal ? null : board.querySelector(`g.field[data-field="${path[path.length - 1]}"] g.token`);
  if (!token && !entry.params.goal) return 0;
  if (!token) {
    const { fill, ink } = colourOf(layout, seat.colour);
    token = svg("circle", { cx: end.x, cy: end.y, r: layout.field_radius - 2, fill, stroke: ink, "stroke-width": 2,
      class: "flyer", "pointer-events": "none" });
    board.append(token);
  }
  const frames = stops.map((p) => ({ transform: `translate(${p.x - end.x}px, ${p.y - end.y}px)` }));
  const duration = Math.min(MOVE_MS, Math.max(250, frames.length * STEP_MS));
  if (frames.length < 2 || !token.animate) {
    if (token.classList.contains("flyer")) token.remove();
    return 0;
  }
  const walk = token.animate(frames, { duration, easing: "ease-in-out" });
  if (token.classList.contains("flyer")) walk.onfinish = () => token.remove();
  return duration;
}

// A log entry saying a piece was hit: {seat (the piece's owner), field}.
function hitOf(entry) {
  if (entry.key !== "razzle.hit") return null;
  const { other, field } = entry.params ?? {};
  if (!Number.isInteger(other) || field === undefined) return null;
  return { seat: other, field };
}

function backToStart(board, layout, view, { seat, field }, delay) {
  const from = point(layout, field);
  const waiting = view.players[seat] ? waitingCount(view, seat) : 0;
  const hollow = board.querySelector(`g.hollows[data-seat="${seat}"] circle.start[data-index="${Math.max(0, waiting - 1)}"]`);
  if (!from || !hollow) return;
  const to = { x: Number(hollow.getAttribute("cx")), y: Number(hollow.getAttribute("cy")) };
  const { fill, ink } = colourOf(layout, layout.seats[seat].colour);
  const flyer = svg("circle", { cx: to.x, cy: to.y, r: layout.field_radius - 2, fill, stroke: ink, "stroke-width": 2,
    class: "flyer", "pointer-events": "none" });
  board.append(flyer);
  const flight = flyer.animate?.([
    { transform: `translate(${from.x - to.x}px, ${from.y - to.y}px) scale(1.2)`, opacity: 1 },
    { transform: "translate(0, 0) scale(0.7)", opacity: 0.9 },
  ], { duration: 550, delay, easing: "ease-in", fill: "backwards" });
  hollow.animate?.([{ opacity: 0 }, { opacity: 0 }, { opacity: 1 }], { duration: 550 + delay });
  if (flight) flight.onfinish = () => flyer.remove();
  else flyer.remove();
}
