// Razzle-Dazzle: the ring from the layout (safe, jump and entry fields, each
// seat's start and goal hollows) with the view's pieces, the spun number in
// the middle and each player's wheel; the path and landing field of a move
// waiting for Confirm; a moved piece travels its path and a hit piece
// returns to its start hollow (animate).

import { el } from "../dom.js";
import { t, word } from "../i18n.js";
import { canvas, colourOf, dieFace, figure, pickable, reducedMotion, svg, text, title } from "./common.js";

export const multi = false;

export function targets(action) {
  return action.kind === "move" ? [String(action.field)] : [];
}

export function matches() {
  return true;
}

export function dice(layout, view) {
  if (!["move", "again"].includes(view.phase)) return [];
  const { fill, ink } = colourOf(layout, view.players[view.turn].colour);
  return [el("span", { class: "die", "data-testid": "die", "data-die": view.number,
    title: t("razzle.number", { value: view.number }) }, dieFace(view.number, { fill, ink }))];
}

export function extras(layout, view, seat) {
  const wheel = new Set(view.players[seat].wheel);
  return el("span", { class: "wheel", "data-testid": "wheel", title: t("razzle.wheel") },
    [1, 2, 3, 4, 5, 6].map((n) => el("span", { class: wheel.has(n) ? "left" : "used", text: n })),
    el("span", { class: "goals", text: t("razzle.goals", { count: view.players[seat].goals, goal: layout.goal }) }));
}

export function sheets(layout, view, ctx) {
  const caption = view.players.map((_, seat) => ctx.caption(seat)).join(" · ");
  const last = new Set([...(ctx.marks?.values() ?? [])].flatMap((names) => [...names]));
  const move = ctx.preview ? previewMove(layout, view, ctx.preview) : null;
  const path = new Set((move?.path ?? []).map(String));
  const previewed = new Set([...(ctx.preview ? targets(ctx.preview) : []),
    ...(move && move.field >= 0 ? [String(move.field)] : [])]);
  return [figure("all", caption, ring(layout, view, { ...ctx, last, path, previewed, move }), true)];
}

function ring(layout, view, ctx) {
  const size = layout.size;
  const pieces = piecesOnFields(layout, view);
  return canvas(size, size, { class: "board razzle", "aria-label": layout.name },
    svg("circle", { cx: layout.centre, cy: layout.centre, r: layout.ring_radius, fill: "none",
      stroke: "#cfd8dc", "stroke-width": 3 }),
    layout.fields.map((field) => drawField(layout, field, pieces.get(field.index), ctx)),
    layout.seats.map((seat) => hollows(layout, view, seat)),
    centre(layout, view),
    ctx.move && ghost(layout, view, ctx.move));
}

function fieldOf(layout, seat, progress) {
  return (layout.seats[seat].entry + progress - 1) % layout.track_length;
}

// Where a move would go, as the rules move a piece ("Moving" in
// docs/razzle.md): {seat, from (ring index, -1 from the start area), path
// (ring indices passed and landed on), field (-1: the goal), goal}.
export function previewMove(layout, view, action) {
  if (!["move", "enter"].includes(action.kind)) return null;
  const seat = view.turn;
  const progress = view.players[seat].progress;
  const pieces = piecesOnFields(layout, view);
  const piece = action.kind === "enter" ? progress.indexOf(0) : pieces.get(action.field)?.piece;
  if (piece === undefined || piece < 0) return null;
  const start = progress[piece];
  const reached = start + view.number;
  const length = layout.track_length;
  const path = [];
  for (let p = Math.max(start, 0) + 1; p <= Math.min(reached, length); p += 1) path.push(fieldOf(layout, seat, p));
  const from = start ? fieldOf(layout, seat, start) : -1;
  if (reached > length) return { seat, piece, from, path, field: -1, goal: true };
  const landed = path[path.length - 1];
  const jump = layout.fields[landed].jump_to;
  const held = jump === undefined ? undefined : pieces.get(jump);
  if (jump !== undefined && !(held && held.seat === seat && held.piece !== piece)) {
    path.push(jump);
    return { seat, piece, from, path, field: jump, goal: false };
  }
  return { seat, piece, from, path, field: landed, goal: false };
}

// The piece of a previewed move, drawn dashed on its landing field (or by the goal).
function ghost(layout, view, move) {
  const { fill, ink } = colourOf(layout, layout.seats[move.seat].colour);
  const seat = layout.seats[move.seat];
  const at = move.field >= 0 ? layout.fields[move.field] : seat.goal[seat.goal.length - 1 - view.players[move.seat].goals];
  if (!at) return null;
  return svg("g", { class: "ghost", "pointer-events": "none", "data-testid": "ghost" },
    svg("circle", { cx: at.x, cy: at.y, r: layout.field_radius + 3, fill, "fill-opacity": 0.45, stroke: ink,
      "stroke-width": 2.5, "stroke-dasharray": "4 3" }));
}

function piecesOnFields(layout, view) {
  const on = new Map();
  view.players.forEach((player, seat) => player.progress.forEach((progress, piece) => {
    if (progress > 0 && progress < layout.goal_progress) {
      const field = (layout.seats[seat].entry + progress - 1) % layout.track_length;
      on.set(field, { seat, piece });
    }
  }));
  return on;
}

function drawField(layout, field, piece, ctx) {
  const r = layout.field_radius;
  const entry = field.kinds.includes("entry") ? colourOf(layout, layout.seats[field.entry_of].colour) : null;
  const safe = field.kinds.includes("safe");
  const group = svg("g", { class: `field${ctx.path?.has(String(field.index)) ? " path" : ""}`,
    "data-field": field.index, "data-kind": field.kinds.join(" ") || null, "data-piece": piece ? piece.seat : null },
  title(fieldTitle(field)),
  svg("circle", { cx: field.x, cy: field.y, r, fill: safe ? "#c8e6c9" : "#fff",
    stroke: entry ? entry.fill : safe ? "#2e7d32" : "#90a4ae", "stroke-width": entry ? 4 : 1.5 }),
  field.kinds.includes("jump") && jumpMark(layout, field),
  piece ? drawPiece(layout, field, piece) : text(field.x, field.y + 3.5, field.index, r * 0.8, "#90a4ae"),
  ctx.last?.has(String(field.index)) && svg("circle", { cx: field.x, cy: field.y, r: r + 4.5, fill: "none",
    stroke: "#e65100", "stroke-width": 3, class: "last-ring", "pointer-events": "none" }));
  return pickable(group, String(field.index), ctx);
}

function fieldTitle(field) {
  const kinds = field.kinds.map((kind) => t(`razzle.kind.${kind}`));
  if (field.jump_to !== undefined) kinds.push(t("razzle.jump_to", { field: field.jump_to }));
  return [String(field.index), ...kinds].join(", ");
}

function jumpMark(layout, field) {
  const c = layout.centre;
  const k = (layout.ring_radius - 2.2 * layout.field_radius) / layout.ring_radius;
  const x = c + (field.x - c) * k;
  const y = c + (field.y - c) * k;
  return [svg("circle", { cx: field.x, cy: field.y, r: layout.field_radius + 3, fill: "none", stroke: "#8e24aa",
    "stroke-width": 2, "stroke-dasharray": "3 2" }),
  text(x, y + 4, `↷${field.jump_to}`, 11, "#8e24aa", { "font-weight": "bold" })];
}

function drawPiece(layout, field, { seat, piece }) {
  const { fill, ink } = colourOf(layout, layout.seats[seat].colour);
  return svg("g", { class: "token", "data-seat": seat, "data-piece": piece },
    svg("circle", { cx: field.x, cy: field.y, r: layout.field_radius - 2, fill, stroke: ink, "stroke-width": 2,
      class: "piece", "data-seat": seat }),
    text(field.x, field.y + 4, piece + 1, 11, ink, { "font-weight": "bold" }));
}

function hollows(layout, view, seat) {
  const player = view.players[seat.seat];
  const { fill, ink } = colourOf(layout, seat.colour);
  const waiting = player.progress.filter((p) => p === 0).length;
  const inGoal = player.goals;
  const hollow = (point, full, kind, i) => svg("circle", { cx: point.x, cy: point.y, r: layout.hollow_radius,
    fill: full ? fill : "#fff", stroke: ink, "stroke-width": 1.5, class: `hollow ${kind}`, "data-full": full ? "true" : null,
    "data-index": i });
  const goal = seat.goal.length;
  return svg("g", { class: "hollows", "data-seat": seat.seat },
    title(t("razzle.hollows", { colour: word("colour", seat.colour) })),
    seat.start.map((point, i) => hollow(point, i < waiting, "start", i)),
    seat.goal.map((point, i) => hollow(point, i >= goal - inGoal, "goal", i)));
}

function centre(layout, view) {
  if (!["move", "again"].includes(view.phase)) return null;
  const { fill, ink } = colourOf(layout, view.players[view.turn].colour);
  return [svg("circle", { cx: layout.centre, cy: layout.centre, r: 30, fill, stroke: ink, "stroke-width": 3 }),
    text(layout.centre, layout.centre + 11, view.number, 30, ink, { "font-weight": "bold" })];
}

const STEP_MS = 80;
const MOVE_MS = 600;

function point(layout, index) {
  const field = layout.fields[Number(index)];
  return field ? { x: field.x, y: field.y } : null;
}

// After a state with new log entries: a moved piece runs its path (jump
// included) and a piece hit by it flies back to its start hollow, each in at
// most 600 ms; nothing when the reader prefers reduced motion.
export function animate(root, layout, view, entries) {
  if (reducedMotion()) return;
  const board = root.querySelector("svg.razzle");
  if (!board) return;
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

// The moved piece walks from where it stood (its start hollow, when it
// enters) along the path; into the goal a copy walks and fades in its hollow.
function runPath(board, layout, view, entry, path) {
  const seat = layout.seats[entry.seat];
  if (!seat) return 0;
  const points = path.map((index) => point(layout, index)).filter(Boolean);
  const from = entry.params.from;
  const origin = Number.isInteger(from) ? point(layout, from)
    : seat.start[view.players[entry.seat].progress.filter((p) => p === 0).length] ?? null;
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
  if (!/\.(hit|knock|knocked|knock_out|knockout)/.test(entry.key)) return null;
  const params = entry.params ?? {};
  const field = params.field ?? params.at ?? params.on;
  const owner = params.other ?? params.victim;
  if (!Number.isInteger(owner) || field === undefined) return null;
  return { seat: owner, field };
}

function backToStart(board, layout, view, { seat, field }, delay) {
  const from = point(layout, field);
  const waiting = view.players[seat]?.progress.filter((p) => p === 0).length ?? 0;
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
