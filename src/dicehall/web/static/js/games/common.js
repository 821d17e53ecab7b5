// Drawing helpers shared by the games' SVG modules: elements, text, crosses,
// dice with pips, and marking the fields a player may pick (targets) or not (dimmed).

import { el } from "../dom.js";

const NS = "http://www.w3.org/2000/svg";

export function svg(tag, attrs = {}, ...children) {
  const node = document.createElementNS(NS, tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value !== null && value !== undefined && value !== false) node.setAttribute(name, String(value));
  }
  node.append(...children.flat(Infinity).filter((c) => c !== null && c !== undefined && c !== false));
  return node;
}

export function canvas(width, height, attrs, ...children) {
  return svg("svg", {
    viewBox: `0 0 ${width} ${height}`, class: "board", role: "group",
    "font-family": "system-ui, 'DejaVu Sans', Verdana, sans-serif", ...attrs,
  }, children);
}

export function text(x, y, content, size, fill, attrs = {}) {
  return svg("text", { x, y, "font-size": size, fill, "text-anchor": "middle", ...attrs }, String(content));
}

export function title(content) {
  return svg("title", {}, content);
}

export function colourOf(layout, word) {
  return layout.colours[word] ?? { fill: word, ink: word };
}

export function cross(x, y, size, colour, inset = size * 0.15) {
  const a = inset;
  const b = size - inset;
  return svg("path", {
    d: `M${x + a} ${y + a} L${x + b} ${y + b} M${x + b} ${y + a} L${x + a} ${y + b}`,
    stroke: colour, "stroke-width": size * 0.07, "stroke-linecap": "round", fill: "none", class: "cross",
  });
}

// Mark a drawn field or box: data-name, class "last" when the last move
// changed it (ctx.last, a Set of names), "preview" when the action waiting
// for Confirm points at it (ctx.previewed), and for the interactive sheet its
// target/dimmed/picked classes, pointer and keyboard activation. Only a field
// that is still free (`free`: not crossed, filled or occupied) and cannot be
// chosen now is dimmed, so the player's own marks stay readable.
export function pickable(node, name, ctx, { free = true, label = name } = {}) {
  node.setAttribute("data-name", name);
  if (ctx.last?.has(name)) node.classList.add("last");
  if (ctx.previewed?.has(name)) node.classList.add("preview");
  if (!ctx.interactive) return node;
  if (ctx.picked?.has(name)) node.classList.add("picked");
  if (ctx.targets.has(name)) {
    node.classList.add("target");
    node.setAttribute("tabindex", "0");
    node.setAttribute("role", "button");
    node.setAttribute("aria-label", label);
    node.addEventListener("click", () => ctx.onPick(name));
    node.addEventListener("keydown", (event) => {
      if (event.key === "Enter" || event.key === " ") {
        event.preventDefault();
        ctx.onPick(name);
      }
    });
  } else if (ctx.targets.size && free) {
    node.classList.add("dimmed");
  }
  return node;
}

const PIPS = {
  1: [[2, 2]], 2: [[1, 1], [3, 3]], 3: [[1, 1], [2, 2], [3, 3]],
  4: [[1, 1], [3, 1], [1, 3], [3, 3]], 5: [[1, 1], [3, 1], [2, 2], [1, 3], [3, 3]],
  6: [[1, 1], [3, 1], [1, 2], [3, 2], [1, 3], [3, 3]],
};

// A die face: pips for 1-6, otherwise its label ("?", a symbol).
export function dieFace(face, { fill = "#fff", ink = "#212121", size = 40 } = {}) {
  const parts = [svg("rect", { x: 2, y: 2, width: 36, height: 36, rx: 7, fill, stroke: ink, "stroke-width": 2 })];
  if (PIPS[face]) {
    parts.push(...PIPS[face].map(([c, r]) => svg("circle", { cx: c * 9 + 2, cy: r * 9 + 2, r: 3.4, fill: ink })));
  } else {
    parts.push(text(20, 28, face, String(face).length > 1 ? 14 : 22, ink, { "font-weight": "bold" }));
  }
  return svg("svg", { viewBox: "0 0 40 40", width: size, height: size, "aria-hidden": "true" }, parts);
}

// A die as a button: data-die is its key, aria-pressed whether it is selected.
export function dieButton(key, face, { label, playable, selected, onSelect, colours }) {
  return el("button", {
    type: "button", class: `die${playable ? " playable" : ""}`, "data-die": key, "data-testid": "die",
    "aria-pressed": selected ? "true" : "false", "aria-label": label, title: label,
    disabled: !playable, onclick: () => onSelect(key),
  }, dieFace(face, colours));
}

export function figure(seat, caption, drawing, mine) {
  return el("figure", { class: `sheet${mine ? " mine" : ""}`, "data-seat": seat, "data-testid": "sheet" },
    el("figcaption", { text: caption }), drawing);
}

// The names an action waiting for Confirm points at, for the viewer's sheet.
export function previewed(targets, ctx) {
  return new Set(ctx.preview ? targets(ctx.preview) : []);
}

export function reducedMotion() {
  return window.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;
}

// Dice that were just rolled tumble in (at most 600 ms; none for reduced motion).
export function rollDice(root) {
  if (reducedMotion()) return;
  root.querySelectorAll(".die").forEach((die, i) => die.animate?.([
    { transform: "rotate(-200deg) scale(0.4)", opacity: 0.2 },
    { transform: "rotate(20deg) scale(1.1)", opacity: 1, offset: 0.7 },
    { transform: "rotate(0) scale(1)", opacity: 1 },
  ], { duration: 450, delay: Math.min(i * 25, 150), easing: "ease-out", fill: "backwards" }));
}
