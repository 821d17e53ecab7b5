// The rules page: rules.html?game=dizzle|nochmal|razzle. Short rules and a
// symbol legend in the reader's language, from rules/<game>.json (per
// language: sections of paragraphs, "- " items and **bold** words, and a name
// and text per symbol). Each symbol is drawn by the game's own drawing module
// (js/games/*.js), as the table draws it: a small sheet or ring with the
// symbol's field in a made-up view, cropped to that field.

import { api } from "./api.js";
import { $, el, param } from "./dom.js";
import { errorParagraph } from "./errors.js";
import { gameModule } from "./games/index.js";
import { currentLanguage, initI18n, onLanguageChange, t } from "./i18n.js";

const GAMES = ["dizzle", "nochmal", "razzle"];
const TITLES = { dizzle: "Dizzle", nochmal: "Noch mal so gut!", razzle: "Razzle-Dazzle" };
const game = GAMES.includes(param("game")) ? param("game") : null;
const page = { rules: null, layouts: new Map() };

function showError(error) {
  const box = $("#messages");
  box.replaceChildren(errorParagraph(error));
  box.hidden = false;
}

// --- text ----------------------------------------------------------------------------
// "**word**" in a text becomes <strong>word</strong>; the rest stays text.
function rich(tag, text, attrs = {}) {
  const parts = text.split(/\*\*(.+?)\*\*/g);
  return el(tag, attrs, parts.map((part, i) => (i % 2 ? el("strong", { text: part }) : part)));
}

// Paragraphs; consecutive "- " lines form one list.
function blocks(lines) {
  const out = [];
  let list = null;
  for (const line of lines) {
    if (line.startsWith("- ")) {
      if (!list) out.push(list = el("ul"));
      list.append(rich("li", line.slice(2)));
    } else {
      list = null;
      out.push(rich("p", line));
    }
  }
  return out;
}

function texts(lang) {
  return page.rules[lang] ?? page.rules.en;
}

function renderText(lang) {
  const words = texts(lang);
  $("#rules-title").textContent = t("rules.heading", { game: words.title });
  document.title = `${words.title} · ${t("rules.title")} · Dicehall`;
  $("#rules-toc").replaceChildren(el("ol", {}, page.rules.sections.map((id) => el("li", {},
    el("a", { href: `#section-${id}`, text: words.sections[id].title })))));
  $("#rules-sections").replaceChildren(...page.rules.sections.map((id) => el("section", {
    id: `section-${id}`, "data-section": id, "data-testid": "rules-section" },
  el("h2", { text: words.sections[id].title }), blocks(words.sections[id].text))));
}

function renderGames() {
  $("#rules-games").replaceChildren(...GAMES.map((name) => el("a", {
    href: `rules.html?game=${name}`, "data-game": name, text: TITLES[name],
    "aria-current": name === game ? "page" : null })));
}

// --- symbols -------------------------------------------------------------------------
const NOOP = () => {};

function context(marks = new Map()) {
  return { seat: null, legal: [], selection: {}, interactive: false, targets: new Set(), picked: new Set(),
    select: NOOP, onPick: NOOP, caption: () => "", marks };
}

function marked(seat, names) {
  return new Map([[seat, new Set(names.map(String))]]);
}

async function layout(name, options = {}) {
  const key = `${name}?${new URLSearchParams(options)}`;
  if (!page.layouts.has(key)) page.layouts.set(key, api.layout(name, { players: 2, ...options }));
  return page.layouts.get(key);
}

// The drawn sheet or ring of a made-up view, to crop to one part.
function board(game, layoutData, view, marks) {
  const figure = gameModule(game).sheets(layoutData, view, context(marks))[0];
  return figure.querySelector("svg");
}

// A part drawn at its size: the board and the parts to show (selectors).
function crop(drawing, selectors, pad = 4) {
  return { drawing, selectors, pad };
}

// --- Dizzle --------------------------------------------------------------------------
function dizzlePlayer(extra = {}) {
  return { crossed: [], scribbled: [], dice: [], flags: [], planets_due: 0, pick: null, lava: [], tracks: {},
    track_due: [], ...extra };
}

function dizzleView(extra) {
  return { phase: "place", middle: [], players: [dizzlePlayer(extra)], scores: [0], deciders: [] };
}

function neighbours(L, field) {
  return L.fields.filter((f) => Math.abs(f.row - field.row) + Math.abs(f.column - field.column) === 1);
}

// A numbered field without specials, in the sheet's interior when there is one.
function plain(L) {
  const fields = L.fields.filter((f) => f.kind === "number" && !f.specials.length && f.number > 0);
  return fields.find((f) => neighbours(L, f).length === 4) ?? fields[0];
}

function withSpecial(kind) {
  return (L) => L.fields.find((f) => f.specials.some((s) => s.kind === kind));
}

function fieldNamed(L, name) {
  return L.fields.find((f) => f.name === name);
}

const DIZZLE = {
  number: { level: 1, field: plain },
  start: { level: 1, field: (L) => L.fields.find((f) => f.kind === "start") },
  dice: { level: 1, field: plain, player: (name) => ({ dice: [name] }) },
  crossed: { level: 1, field: plain, player: (name) => ({ crossed: [name] }) },
  scribbled: { level: 1, field: withSpecial("bomb"), player: (name) => ({ scribbled: [name] }) },
  gem: { level: 1, field: withSpecial("gem"), symbol: true, pad: 3 },
  bomb: { level: 1, field: withSpecial("bomb"), symbol: true, pad: 3 },
  arrow: { level: 1, field: (L) => fieldNamed(L, L.arrows[0].fields[0]), pad: 6 },
  puzzle: { level: 1, field: withSpecial("puzzle"), symbol: true, pad: 3 },
  key: { level: 2, field: withSpecial("key"), symbol: true, pad: 3 },
  lock: { level: 2, field: withSpecial("lock"), symbol: true, pad: 3 },
  rocket: { level: 3, field: withSpecial("rocket"), symbol: true, pad: 3 },
  planet: { level: 3, field: (L) => L.fields.find((f) => f.kind === "planet") },
  flag: { level: 3, field: withSpecial("flag") },
  area: { level: 4, field: (L) => fieldNamed(L, L.areas[0].fields[0]), pad: 10 },
  poop: { level: 4, field: withSpecial("poop"), symbol: true, pad: 3 },
  volcano: { level: 7, field: (L) => L.fields.find((f) => f.kind === "volcano") },
  lava: { level: 7, player: (name) => ({ lava: [name] }),
    field: (L) => L.fields.find((f) => f.number > 0 && neighbours(L, f).some((n) => n.kind === "volcano")) },
  track: { level: 8, field: (L) => fieldNamed(L, (L.tracks.find((t) => ["ns", "ew"].includes(t.piece)
    && fieldNamed(L, t.field).kind === "number") ?? L.tracks[0]).field) },
  station: { level: 8, field: withSpecial("station"), symbol: true, pad: 3 },
  last: { level: 1, field: plain, player: (name) => ({ crossed: [name] }), marks: (name) => marked(0, [name]) },
};

async function dizzleSymbol(id) {
  const spec = DIZZLE[id];
  const L = await layout("dizzle", { level: spec.level });
  const name = spec.field(L).name;
  const view = dizzleView(spec.player?.(name));
  // a special field's symbol is shown large: the drawing cropped to the symbol
  const part = spec.symbol ? ` g.special.${id}` : "";
  return crop(board("dizzle", L, view, spec.marks?.(name)), [`g[data-name="${name}"]${part}`], spec.pad);
}

// --- Noch mal ------------------------------------------------------------------------
function nochmalView(L, extra = {}, dice = { colours: [], numbers: [], special: null }) {
  const player = { jokers_used: 0, specials: 1, specials_used: 0, hearts: 0, bombs_due: 0, crossed: [],
    column_points: L.columns.map(() => null), heart_bonus: L.columns.map(() => null), rows_done: [],
    colour_points: L.colour_order.map(() => null), pending: null, ...extra };
  return { phase: "roll", rolls: 3, active: 0, dice, players: [player], scores: [0], deciders: [],
    taken: { columns: [], rows: [], colours: [], rows_now: [] } };
}

function box(test) {
  return (L) => L.boxes.find((b) => b.column !== L.start_column && test(b));
}

const NOCHMAL_BOXES = {
  box: { box: box((b) => !b.star && !b.special) },
  star: { box: box((b) => b.star) },
  start_column: { box: (L) => L.boxes.find((b) => b.column === L.start_column && !b.star && !b.special), pad: 5 },
  special_field: { box: box((b) => b.special) },
  crossed: { box: box((b) => !b.star && !b.special), player: (name) => ({ crossed: [name] }) },
  last: { box: box((b) => !b.star && !b.special), player: (name) => ({ crossed: [name] }),
    marks: (name) => marked(0, [name]) },
};

const NOCHMAL_PARTS = {
  row_item: { part: () => 'g.row-item[data-row="0"]' },
  column_value: { part: (L) => `g.column-value[data-column="${L.start_column}"]`, pad: 8 },
  colour_bonus: { part: (L) => `g.colour-bonus[data-colour="${L.colour_order[0]}"]` },
};

// die key -> the view's dice showing it
const NOCHMAL_DICE = {
  colour_die: ["cg", { colours: ["g"], numbers: [], special: null }],
  colour_joker: ["cx", { colours: ["x"], numbers: [], special: null }],
  number_die: ["n3", { colours: [], numbers: [3], special: null }],
  number_joker: ["n?", { colours: [], numbers: ["?"], special: null }],
  special_bomb: ["sbomb", { colours: [], numbers: [], special: "bomb" }],
  special_heart: ["sheart", { colours: [], numbers: [], special: "heart" }],
  special_stars: ["sstars", { colours: [], numbers: [], special: "stars" }],
  special_row: ["srow", { colours: [], numbers: [], special: "row" }],
  special_block: ["sblock", { colours: [], numbers: [], special: "block" }],
};

// A die as the table draws it, without being a button.
function dieOf(game, L, view, key) {
  const buttons = gameModule(game).dice(L, view, context()).filter(Boolean);
  const button = buttons.find((node) => node.dataset.die === key) ?? buttons[0];
  return button.querySelector("svg").cloneNode(true);
}

async function nochmalSymbol(id) {
  const L = await layout("nochmal", id === "joker_classic" ? { edition: "classic" } : {});
  if (NOCHMAL_DICE[id]) {
    const [key, dice] = NOCHMAL_DICE[id];
    return { node: dieOf("nochmal", L, nochmalView(L, {}, dice), key) };
  }
  if (id === "jokers" || id === "joker_classic") {
    return { node: el("span", { class: "chip", text: gameModule("nochmal").extras(L, nochmalView(L), 0) }) };
  }
  if (NOCHMAL_PARTS[id]) {
    const spec = NOCHMAL_PARTS[id];
    return crop(board("nochmal", L, nochmalView(L)), [spec.part(L)], spec.pad);
  }
  const spec = NOCHMAL_BOXES[id];
  const name = spec.box(L).name;
  const view = nochmalView(L, spec.player?.(name));
  return crop(board("nochmal", L, view, spec.marks?.(name)), [`g[data-name="${name}"]`], spec.pad ?? 2);
}

// --- Razzle-Dazzle -------------------------------------------------------------------
function razzleView(L, progress = [[0, 0, 0, 0], [0, 0, 0, 0]], extra = {}) {
  return { phase: "move", turn: 0, number: 4, spins: 1, scores: [0, 0], deciders: [],
    players: L.seats.map((seat, i) => ({ colour: seat.colour, progress: progress[i], wheel: [1, 2, 5, 6],
      goals: progress[i].filter((p) => p >= L.goal_progress).length })), ...extra };
}

function ringField(L, test) {
  return L.fields.find(test);
}

const RAZZLE = {
  field: { field: (L) => ringField(L, (f) => [-1, 0, 1].every((d) =>
    !L.fields[(f.index + d + L.track_length) % L.track_length].kinds.length)) },
  safe: { field: (L) => ringField(L, (f) => f.kinds.includes("safe") && !f.kinds.includes("entry")) },
  jump: { field: (L) => ringField(L, (f) => f.kinds.includes("jump")), pad: 6 },
  entry: { field: (L) => ringField(L, (f) => f.kinds.includes("entry") && f.entry_of === 0) },
  piece: { field: (L) => ({ index: (L.seats[0].entry + 4) % L.track_length }), progress: () => [[5, 0, 0, 0], [0, 0, 0, 0]] },
  last: { field: (L) => ({ index: (L.seats[0].entry + 4) % L.track_length }), progress: () => [[5, 0, 0, 0], [0, 0, 0, 0]],
    marks: (index) => marked(0, [index]) },
};

async function razzleSymbol(id) {
  const L = await layout("razzle");
  if (id === "number") return { node: gameModule("razzle").dice(L, razzleView(L))[0].querySelector("svg").cloneNode(true) };
  if (id === "wheel") return { node: el("span", { class: "chip" }, gameModule("razzle").extras(L, razzleView(L), 0)) };
  if (id === "start" || id === "goal") {
    const progress = [[0, 0, 12, L.goal_progress], [0, 0, 0, 0]];
    return crop(board("razzle", L, razzleView(L, progress)), [`g.hollows[data-seat="0"] circle.${id}`], 4);
  }
  const spec = RAZZLE[id];
  const index = spec.field(L).index;
  const view = razzleView(L, spec.progress?.());
  return crop(board("razzle", L, view, spec.marks?.(index)), [`g[data-name="${index}"]`], spec.pad ?? 4);
}

const SYMBOLS = { dizzle: dizzleSymbol, nochmal: nochmalSymbol, razzle: razzleSymbol };

// After the drawing is in the page: its view box becomes the parts' box.
// A part's box in the drawing's own coordinates (its transforms applied).
function boxOf(drawing, node) {
  const box = node.getBBox();
  const matrix = drawing.getScreenCTM().inverse().multiply(node.getScreenCTM());
  const corners = [[box.x, box.y], [box.x + box.width, box.y], [box.x, box.y + box.height],
    [box.x + box.width, box.y + box.height]].map(([x, y]) => new DOMPoint(x, y).matrixTransform(matrix));
  const xs = corners.map((c) => c.x);
  const ys = corners.map((c) => c.y);
  return { x: Math.min(...xs), y: Math.min(...ys), width: Math.max(...xs) - Math.min(...xs),
    height: Math.max(...ys) - Math.min(...ys) };
}

function fit(drawing, selectors, pad) {
  const boxes = selectors.flatMap((selector) => [...drawing.querySelectorAll(selector)])
    .map((node) => boxOf(drawing, node));
  if (!boxes.length) return;
  const x = Math.min(...boxes.map((b) => b.x)) - pad;
  const y = Math.min(...boxes.map((b) => b.y)) - pad;
  const w = Math.max(...boxes.map((b) => b.x + b.width)) - x + pad;
  const h = Math.max(...boxes.map((b) => b.y + b.height)) - y + pad;
  drawing.setAttribute("viewBox", `${x} ${y} ${w} ${h}`);
  drawing.setAttribute("data-cropped", "true");
  // the drawing's box has the view box's shape, so nothing beyond it shows
  drawing.style.aspectRatio = `${w} / ${h}`;
  drawing.classList.add(w / h > 1.3 ? "wide" : "tall");
}

async function symbol(id) {
  try {
    return await SYMBOLS[game](id);
  } catch (error) {
    console.warn(`no symbol drawn for ${id}`, error);
    return { node: el("span", { class: "chip", text: "?" }) };
  }
}

async function renderLegend(lang) {
  const words = texts(lang);
  const drawn = await Promise.all(page.rules.legend.map(symbol));
  const items = page.rules.legend.map((id, i) => {
    const { drawing, node } = drawn[i];
    const picture = drawing ?? node;
    picture.setAttribute("aria-hidden", "true");
    picture.classList.add("symbol-drawing");
    return el("li", { "data-symbol": id, "data-testid": "legend-item" },
      el("span", { class: "symbol" }, picture),
      el("span", { class: "symbol-text" }, el("strong", { class: "symbol-name", text: words.legend[id].name }),
        " ", rich("span", words.legend[id].text, { class: "symbol-about" })));
  });
  $("#legend-list").replaceChildren(...items);
  drawn.forEach(({ drawing, selectors, pad }) => drawing && fit(drawing, selectors, pad));
  $("#legend").dataset.ready = "true";
}

async function render() {
  const lang = currentLanguage();
  renderText(lang);
  $("#legend").dataset.ready = "false";
  await renderLegend(lang);
}

function renderChooser() {
  $("#rules-title").textContent = t("rules.title");
  $("#rules-toc").replaceChildren();
  $("#rules-sections").replaceChildren(el("p", { text: t("rules.choose") }),
    el("ul", {}, GAMES.map((name) => el("li", {}, el("a", { href: `rules.html?game=${name}`, text: TITLES[name] })))));
  $("#legend").hidden = true;
}

async function main() {
  await initI18n();
  renderGames();
  if (!game) {
    renderChooser();
    onLanguageChange(renderChooser);
    return;
  }
  try {
    const response = await fetch(`rules/${game}.json`);
    if (!response.ok) throw new Error(`rules/${game}.json: ${response.status}`);
    page.rules = await response.json();
    await render();
  } catch (error) {
    showError(error);
    return;
  }
  onLanguageChange(() => render().catch(showError));
  if (location.hash) document.getElementById(location.hash.slice(1))?.scrollIntoView();
}

main();
