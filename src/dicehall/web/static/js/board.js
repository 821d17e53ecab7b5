// A game's drawing on the table and replay pages: its counters (#game-info),
// the dice and the sheets, the viewer's own sheet first and large, the
// others after it, each enlarged by a click (or Enter) on it. On a phone a
// seated player's own sheet is drawn so that its smallest field is at least
// TAP_PX wide, in a frame that pans (docs/web.md, "Sheets and boards").

import { $, el, show } from "./dom.js";

// the smallest tap target on a touch screen, in CSS px (WCAG 2.5.5 asks 44)
export const TAP_PX = 44;
const PHONE = "(max-width: 40rem), (pointer: coarse)";
// which other sheets the reader enlarged, by seat, kept across renders
const enlarged = new Map();

export function renderBoard(game, layout, view, ctx) {
  renderInfo($("#game-info"), game.info?.(layout, view, ctx) ?? []);
  $("#dice").replaceChildren(...game.dice(layout, view, ctx).filter(Boolean));
  const sheets = $("#sheets");
  const panned = $("figure.mine.panned", sheets);
  const kept = panned ? { left: panned.scrollLeft, top: panned.scrollTop } : null;
  const focused = focusedIn(sheets);
  const figures = game.sheets(layout, view, ctx);
  const own = figures.filter((figure) => figure.classList.contains("mine"));
  sheets.replaceChildren(...own, ...figures.filter((figure) => !own.includes(figure)));
  if (focused) sheets.querySelector(focused)?.focus({ preventScroll: true });
  sheets.dataset.count = String(figures.length);
  const seated = ctx.seat !== null && ctx.seat !== undefined;
  if (seated) for (const figure of own) fitForTouch(figure, game.targetSize?.(layout), kept);
  for (const figure of figures) if (!own.includes(figure)) enlargeable(figure);
}

// The focused field (or piece) of a sheet as a selector of its figure's seat
// and its data attributes, so a redraw (another player's move) gives the
// focus back to the same field and the keyboard goes on where it was.
function focusedIn(root) {
  const node = document.activeElement;
  if (!node || node === root || !root.contains(node) || !Object.keys(node.dataset).length) return null;
  const figure = node.closest("figure[data-seat]");
  const data = Object.entries(node.dataset)
    .map(([key, value]) => `[data-${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}="${CSS.escape(value)}"]`);
  const within = figure ? `figure[data-seat="${CSS.escape(figure.dataset.seat)}"] ` : "";
  return `${within}${node.tagName.toLowerCase()}${data.join("")}`;
}

function renderInfo(node, items) {
  show(node, items.length > 0);
  node.replaceChildren(...items.map(({ key, label, value }) => el("div", { class: "info", "data-info": key },
    el("dt", { text: label }), el("dd", { text: value }))));
}

// The own sheet on a phone: wide enough for TAP_PX targets, panned in its
// frame; a redraw keeps where the player panned to, the first drawing shows
// the first target.
function fitForTouch(figure, targetUnits, kept) {
  const board = figure.querySelector("svg.board");
  if (!board || !targetUnits || !window.matchMedia?.(PHONE).matches) return;
  const width = board.viewBox.baseVal.width;
  const needed = Math.ceil(width * TAP_PX / targetUnits);
  if (needed <= figure.clientWidth) return;
  Object.assign(board.style, { width: `${needed}px`, maxWidth: "none", maxHeight: "none" });
  figure.classList.add("panned");
  if (kept) {
    figure.scrollLeft = kept.left;
    figure.scrollTop = kept.top;
  } else {
    figure.querySelector(".target")?.scrollIntoView({ block: "nearest", inline: "center" });
  }
}

// Another player's sheet: a click or Enter shows it large, again to shrink it.
function enlargeable(figure) {
  figure.classList.add("other");
  figure.setAttribute("tabindex", "0");
  figure.setAttribute("aria-expanded", String(figure.classList.contains("enlarged")));
  const toggle = () => {
    const large = figure.classList.toggle("enlarged");
    figure.setAttribute("aria-expanded", String(large));
    enlarged.set(figure.dataset.seat, large);
  };
  if (enlarged.get(figure.dataset.seat)) {
    figure.classList.add("enlarged");
    figure.setAttribute("aria-expanded", "true");
  }
  figure.addEventListener("click", toggle);
  figure.addEventListener("keydown", (event) => {
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      toggle();
    }
  });
}
