// The replay page: replay.html?id=…[&invite=…][&step=n]. A finished game from
// GET /api/tables/{id}/replay, stepped through by moves as a player thinks of
// them (a roll and the choices it led to: `moves`), or step by step (Shift
// with the arrows, or the "step by step" toggle); autoplay at a chosen speed;
// the log beside the sheets (every step's events in the engine's words, the
// chat at the step where it was said), the current move's entries and the
// fields it changed highlighted (ctx.marks), the end summary at the last
// step, and the post-game review of a chosen player (review.js).

import { api, recordUrl, tableUrl } from "./api.js";
import { renderBoard } from "./board.js";
import { $, el, param } from "./dom.js";
import { errorParagraph } from "./errors.js";
import { gameModule } from "./games/index.js";
import { currentLanguage, initI18n, onLanguageChange, t } from "./i18n.js";
import { renderPlayers, seatName } from "./players.js";
import { renderReview, setupReview } from "./review.js";
import { describe, loadWords, word } from "./words.js";

const tableId = param("id");
const invite = param("invite");
const SPEEDS = [2000, 1000, 500, 250]; // milliseconds per move
const SPEED_STORE = "dicehall.replay.speed";
const replay = { data: null, moves: [], moveOf: [], step: 0, playing: false, timer: null };

function showError(error) {
  const box = $("#messages");
  box.replaceChildren(errorParagraph(error));
  box.hidden = false;
}

function names() {
  const { table } = replay.data;
  return table.seats.map((_, seat) => seatName(table, seat));
}

// --- moves ---------------------------------------------------------------------------
// Without `moves` from the server: a roll begins a move unless the seat that
// acted just before asked for it (a spin, a reroll); a seat's action after
// another seat's action begins one.
function guessMoves(steps) {
  const moves = [];
  steps.forEach((step, index) => {
    const previous = steps[index - 1];
    const begins = !previous
      || (step.seat === null ? previous.seat === null : previous.seat !== null && previous.seat !== step.seat);
    if (begins) moves.push({ seat: step.seat, steps: [index, index] });
    else moves[moves.length - 1].steps[1] = index;
  });
  return moves;
}

function indexMoves() {
  const { steps } = replay.data;
  replay.moves = replay.data.moves?.length ? replay.data.moves : guessMoves(steps);
  replay.moveOf = new Array(steps.length).fill(0);
  replay.moves.forEach((move, m) => {
    for (let s = move.steps[0]; s <= move.steps[1]; s += 1) replay.moveOf[s] = m;
  });
}

function currentMove() {
  return replay.moves[replay.moveOf[replay.step]];
}

function lastStep() {
  return replay.data.steps.length - 1;
}

// --- stepping ------------------------------------------------------------------------
function byStep(event) {
  return Boolean(event?.shiftKey) || $("#by-step").checked;
}

function go(step) {
  replay.step = Math.max(0, Math.min(lastStep(), step));
  render();
}

function forward(event) {
  if (byStep(event)) return go(replay.step + 1);
  const m = replay.moveOf[replay.step];
  const end = replay.moves[m].steps[1];
  return go(replay.step < end ? end : replay.moves[Math.min(m + 1, replay.moves.length - 1)].steps[1]);
}

function back(event) {
  if (byStep(event)) return go(replay.step - 1);
  const m = replay.moveOf[replay.step];
  return go(m > 0 ? replay.moves[m - 1].steps[1] : 0);
}

function atEnd() {
  return replay.step >= lastStep();
}

function speed() {
  return Number($("#speed").value) || 1000;
}

function schedule() {
  clearTimeout(replay.timer);
  if (!replay.playing) return;
  replay.timer = setTimeout(() => {
    if (atEnd()) return setPlaying(false);
    forward();
    if (atEnd()) setPlaying(false);
    else schedule();
    return undefined;
  }, speed());
}

function setPlaying(playing) {
  replay.playing = playing;
  if (playing && atEnd()) go(replay.moves[0].steps[1]);
  renderAutoplay();
  schedule();
}

function renderAutoplay() {
  const button = $("#autoplay");
  button.setAttribute("aria-pressed", replay.playing ? "true" : "false");
  button.dataset.state = replay.playing ? "playing" : "paused";
  button.replaceChildren(replay.playing ? "❚❚ " : "▶ ", el("span", { text: t(replay.playing ? "replay.pause" : "replay.play") }));
}

function renderSpeeds() {
  const select = $("#speed");
  const chosen = select.value || localStorage.getItem(SPEED_STORE) || "1000";
  select.replaceChildren(...SPEEDS.map((ms) => el("option", { value: ms,
    text: t("replay.speed_value", { seconds: String(ms / 1000) }) })));
  select.value = SPEEDS.includes(Number(chosen)) ? String(chosen) : "1000";
}

// --- the log -------------------------------------------------------------------------
function stepText(step) {
  const who = step.seat === null || step.seat === undefined ? t("replay.chance") : names()[step.seat];
  return step.events?.length ? null : `${who}: ${step.notation}`;
}

function entryButton(text, attrs, step) {
  return el("li", attrs, el("button", { type: "button", class: "entry-button", text, onclick: () => go(step) }));
}

function logEntries(step, index) {
  const fallback = stepText(step);
  if (fallback) return [entryButton(fallback, { class: "entry", "data-step": index, "data-testid": "replay-entry" }, index)];
  return step.events.map((event) => entryButton(describe(event, names()), {
    class: "entry", "data-step": index, "data-key": event.key, "data-seat": event.seat ?? null,
    "data-testid": "replay-entry" }, index));
}

function chatEntries(lines, index) {
  return lines.map((line) => el("li", { class: "chat", "data-step": index, "data-testid": "replay-chat" },
    el("button", { type: "button", class: "entry-button", onclick: () => go(Math.max(0, index)) },
      el("span", { class: "chat-name", text: line.name ?? names()[line.seat] ?? "" }), ": ",
      el("span", { class: "chat-text", text: line.text }))));
}

function chatByStep() {
  const lines = new Map();
  for (const line of replay.data.chat ?? []) {
    const step = Math.min(Number.isInteger(line.step) ? line.step : -1, lastStep());
    if (!lines.has(step)) lines.set(step, []);
    lines.get(step).push(line);
  }
  return lines;
}

function moveTitle(move, m) {
  const seat = move.seat;
  const who = seat === null || seat === undefined ? t("replay.chance") : names()[seat];
  return t("replay.move_title", { move: m + 1, player: who });
}

function renderLog() {
  const { steps } = replay.data;
  const chat = chatByStep();
  const moves = replay.moves.map((move, m) => {
    const [first, last] = move.steps;
    const items = [];
    if (m === 0) items.push(...chatEntries(chat.get(-1) ?? [], 0));
    for (let s = first; s <= last; s += 1) {
      items.push(...logEntries(steps[s], s), ...chatEntries(chat.get(s) ?? [], s));
    }
    return el("li", { class: "move", "data-move": m, "data-first": first, "data-last": last, "data-testid": "replay-move" },
      el("button", { type: "button", class: "move-title", text: moveTitle(move, m), onclick: () => go(last) }),
      el("ol", { class: "entries" }, items));
  });
  $("#replay-log").replaceChildren(...moves);
}

// Mark the current move and the entries up to the current step; keep the
// current move in view inside the log (without scrolling the page).
function markLog() {
  const m = replay.moveOf[replay.step];
  for (const node of $("#replay-log").children) {
    const index = Number(node.dataset.move);
    node.classList.toggle("current", index === m);
    node.classList.toggle("future", index > m);
    if (index === m) node.setAttribute("aria-current", "step");
    else node.removeAttribute("aria-current");
  }
  for (const node of $("#replay-log").querySelectorAll("li[data-step]")) {
    const step = Number(node.dataset.step);
    node.classList.toggle("now", step === replay.step);
    node.classList.toggle("after", step > replay.step);
  }
  const log = $("#replay-log");
  const current = log.querySelector("li.move.current");
  if (!current) return;
  const top = current.getBoundingClientRect().top - log.getBoundingClientRect().top + log.scrollTop;
  if (top < log.scrollTop || top + Math.min(current.offsetHeight, log.clientHeight) > log.scrollTop + log.clientHeight) {
    log.scrollTop = Math.max(0, top - log.clientHeight / 4);
  }
}

// --- highlights and the summary ---------------------------------------------------------
// Map seat -> Set of the field names the current move changed, up to this step.
function moveMarks() {
  const marks = new Map();
  const first = currentMove().steps[0];
  for (let s = first; s <= replay.step; s += 1) {
    for (const event of replay.data.steps[s].events ?? []) {
      for (const [seat, name] of event.marks ?? []) {
        if (!marks.has(seat)) marks.set(seat, new Set());
        marks.get(seat).add(String(name));
      }
    }
  }
  return marks;
}

function renderSummary() {
  const summary = replay.data.summary;
  const box = $("#replay-summary");
  box.hidden = !summary || !atEnd();
  if (box.hidden) return;
  const { table } = replay.data;
  const seatNames = names();
  const explain = (summary.explain ?? []).map((event) => el("li", { text: describe(event, seatNames) }));
  const winners = summary.winners?.length
    ? [el("li", { class: "winner", text: t("replay.winners", { names: summary.winners.map((s) => seatNames[s]).join(", ") }) })] : [];
  $("#replay-winners").replaceChildren(...(explain.length ? explain : winners));
  const order = seatNames.map((_, seat) => seat).sort((a, b) => (summary.places?.[a] ?? 0) - (summary.places?.[b] ?? 0));
  const parts = (summary.parts?.[0] ?? []).map((part) => part.name);
  const head = el("tr", {}, el("th", { scope: "col", text: t("replay.place") }), el("th", { scope: "col", text: t("players.title") }),
    parts.map((name) => el("th", { scope: "col", text: word(`${table.game}.part.${name}`, name) })),
    el("th", { scope: "col", text: t("replay.total") }));
  const rows = order.map((seat) => el("tr", { "data-seat": seat },
    el("td", { class: "place", text: summary.places?.[seat] ?? "" }), el("th", { scope: "row", class: "name", text: seatNames[seat] }),
    (summary.parts?.[seat] ?? []).map((part) => el("td", { text: part.value })),
    el("td", { class: "total", text: summary.scores?.[seat] ?? "" })));
  $("#replay-breakdown").replaceChildren(el("thead", {}, head), el("tbody", {}, rows));
  $("#replay-rating").hidden = !summary.rating;
  $("#replay-rating").textContent = summary.rating ? t("replay.solo_rating", { rating: summary.rating }) : "";
  const ratings = Object.entries(summary.ratings ?? {});
  $("#replay-ratings").hidden = ratings.length === 0;
  $("#replay-ratings").replaceChildren(...ratings.map(([seat, { before, after }]) => el("li", { text: t("replay.rating_change", {
    player: seatNames[Number(seat)], before: Math.round(before), after: Math.round(after) }) })));
}

// --- drawing -------------------------------------------------------------------------
function render() {
  const { table, layout, steps } = replay.data;
  if (!steps.length) return;
  const game = gameModule(table.game);
  const { view, notation, seat } = steps[replay.step];
  const move = replay.moveOf[replay.step];
  const marks = moveMarks();
  const ctx = { seat: null, legal: [], selection: {}, interactive: false, targets: new Set(), picked: new Set(),
    select: () => {}, onPick: () => {}, marks, name: (s) => seatName(table, s),
    caption: (s) => `${seatName(table, s)}: ${view.scores[s]}` };
  $("#table-title").textContent = table.title;
  $("#step-slider").value = String(replay.step);
  $("#step-label").textContent = t("replay.position", { move: move + 1, moves: replay.moves.length,
    step: replay.step + 1, steps: steps.length });
  $("#step-notation").textContent = seat === null || seat === undefined ? notation : `${seatName(table, seat)}: ${notation}`;
  document.body.dataset.step = String(replay.step);
  document.body.dataset.move = String(move);
  $("#prev").disabled = replay.step === 0;
  $("#first").disabled = replay.step === 0;
  $("#next").disabled = atEnd();
  $("#last").disabled = atEnd();
  renderPlayers($("#scores"), { game, layout, view, table, me: null });
  renderBoard(game, layout, view, ctx);
  markLog();
  renderSummary();
}

async function retranslate() {
  await loadWords(currentLanguage());
  renderSpeeds();
  renderAutoplay();
  renderLog();
  renderReview();
  render();
}

function bind() {
  $("#prev").addEventListener("click", (event) => back(event));
  $("#next").addEventListener("click", (event) => forward(event));
  $("#first").addEventListener("click", () => go(0));
  $("#last").addEventListener("click", () => go(Infinity));
  $("#autoplay").addEventListener("click", () => setPlaying(!replay.playing));
  $("#speed").addEventListener("change", () => {
    localStorage.setItem(SPEED_STORE, $("#speed").value);
    schedule();
  });
  $("#step-slider").addEventListener("input", (event) => go(Number(event.target.value)));
  document.addEventListener("keydown", (event) => {
    if (event.target.matches("input:not([type=checkbox]), select, textarea") || event.altKey || event.ctrlKey || event.metaKey) return;
    const keys = {
      ArrowRight: () => forward(event), ArrowLeft: () => back(event),
      Home: () => go(0), End: () => go(Infinity), " ": () => setPlaying(!replay.playing),
    };
    if (!keys[event.key]) return;
    event.preventDefault();
    keys[event.key]();
  });
}

async function main() {
  await initI18n();
  renderSpeeds();
  renderAutoplay();
  if (!tableId) {
    showError(new Error(t("table.no_id")));
    return;
  }
  $("#record-link").href = recordUrl(tableId, invite);
  $("#table-link").href = tableUrl(tableId, invite);
  try {
    [replay.data] = await Promise.all([api.replay(tableId, invite), loadWords(currentLanguage())]);
  } catch (error) {
    showError(error);
    return;
  }
  $("#rules-link").href = `rules.html?game=${encodeURIComponent(replay.data.table.game)}`;
  $("#rules-link").hidden = false;
  if (!replay.data.steps.length) return;
  indexMoves();
  $("#step-slider").max = String(lastStep());
  bind();
  onLanguageChange(() => retranslate().catch(showError));
  renderLog();
  setupReview({ tableId, invite, names: names(), onStep: (step) => { setPlaying(false); go(step); } });
  const wanted = param("step");
  go(wanted !== null && wanted !== "" ? Number(wanted) : replay.moves[0].steps[1]);
  document.body.dataset.ready = "true";
}

main();
