// Razzle-Dazzle: the ring from the layout (safe, jump and entry fields, each
// seat's start and goal hollows) with the view's pieces, the spun number in
// the middle and each player's wheel.

import { el } from "../dom.js";
import { t, word } from "../i18n.js";
import { canvas, colourOf, dieFace, figure, pickable, svg, text, title } from "./common.js";

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
  return [figure("all", caption, ring(layout, view, ctx), true)];
}

function ring(layout, view, ctx) {
  const size = layout.size;
  const pieces = piecesOnFields(layout, view);
  return canvas(size, size, { class: "board razzle", "aria-label": layout.name },
    svg("circle", { cx: layout.centre, cy: layout.centre, r: layout.ring_radius, fill: "none",
      stroke: "#cfd8dc", "stroke-width": 3 }),
    layout.fields.map((field) => drawField(layout, field, pieces.get(field.index), ctx)),
    layout.seats.map((seat) => hollows(layout, view, seat)),
    centre(layout, view));
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
  const group = svg("g", { class: "field", "data-field": field.index, "data-kind": field.kinds.join(" ") || null,
    "data-piece": piece ? piece.seat : null },
  title(fieldTitle(field)),
  svg("circle", { cx: field.x, cy: field.y, r, fill: safe ? "#c8e6c9" : "#fff",
    stroke: entry ? entry.fill : safe ? "#2e7d32" : "#90a4ae", "stroke-width": entry ? 4 : 1.5 }),
  field.kinds.includes("jump") && jumpMark(layout, field),
  piece ? drawPiece(layout, field, piece) : text(field.x, field.y + 3.5, field.index, r * 0.8, "#90a4ae"));
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
  return [svg("circle", { cx: field.x, cy: field.y, r: layout.field_radius - 2, fill, stroke: ink, "stroke-width": 2,
    class: "piece", "data-seat": seat }),
  text(field.x, field.y + 4, piece + 1, 11, ink, { "font-weight": "bold" })];
}

function hollows(layout, view, seat) {
  const player = view.players[seat.seat];
  const { fill, ink } = colourOf(layout, seat.colour);
  const waiting = player.progress.filter((p) => p === 0).length;
  const inGoal = player.goals;
  const hollow = (point, full, kind) => svg("circle", { cx: point.x, cy: point.y, r: layout.hollow_radius,
    fill: full ? fill : "#fff", stroke: ink, "stroke-width": 1.5, class: `hollow ${kind}`, "data-full": full ? "true" : null });
  const goal = seat.goal.length;
  return svg("g", { class: "hollows", "data-seat": seat.seat },
    title(t("razzle.hollows", { colour: word("colour", seat.colour) })),
    seat.start.map((point, i) => hollow(point, i < waiting, "start")),
    seat.goal.map((point, i) => hollow(point, i >= goal - inGoal, "goal")));
}

function centre(layout, view) {
  if (!["move", "again"].includes(view.phase)) return null;
  const { fill, ink } = colourOf(layout, view.players[view.turn].colour);
  return [svg("circle", { cx: layout.centre, cy: layout.centre, r: 30, fill, stroke: ink, "stroke-width": 3 }),
    text(layout.centre, layout.centre + 11, view.number, 30, ink, { "font-weight": "bold" })];
}
