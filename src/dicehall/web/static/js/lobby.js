// The lobby (index.html): public tables from GET /api/tables, a form to
// create a table from GET /api/games (game, options, seats, timer, public),
// and the leaderboard of a game from GET /api/leaderboard/{game}.

import { api, nickname, seats, tableUrl } from "./api.js";
import { $, el } from "./dom.js";
import { initI18n, onLanguageChange, t } from "./i18n.js";
import { seatName } from "./players.js";

const state = { games: [], tables: [] };

function showError(error) {
  const box = $("#messages");
  box.replaceChildren(el("p", { class: "error", text: error.message ?? String(error) }));
  box.hidden = false;
}

function gameOf(name) {
  return state.games.find((game) => game.name === name);
}

// --- the list of tables ---------------------------------------------------------
function renderTables() {
  const rows = state.tables.map((table) => el("li", { "data-table": table.id, "data-status": table.status, "data-testid": "table" },
    el("span", { class: "game", text: table.title }),
    el("span", { class: "status", text: t(`lobby.status.${table.status}`) }),
    el("span", { class: "seats" }, table.seats.map((seat, index) => seatChip(table, seat, index))),
    el("a", { href: tableUrl(table.id), class: "watch", "data-i18n": "lobby.open", text: t("lobby.open") })));
  $("#tables").replaceChildren(...rows);
  $("#no-tables").hidden = rows.length > 0;
}

function seatChip(table, seat, index) {
  if (seat.kind !== "open" || table.status !== "waiting") return el("span", { class: "seat", text: seatName(table, index) });
  return el("button", { type: "button", class: "seat join", "data-join": index, text: t("lobby.join_seat", { number: index + 1 }),
    onclick: () => joinAndGo(table.id, index, undefined).catch(showError) });
}

async function refreshTables() {
  try {
    state.tables = await api.tables();
    renderTables();
  } catch (error) {
    showError(error);
  }
}

async function joinAndGo(id, seat, invite) {
  const name = $("#nickname").value.trim();
  if (!name) throw new Error(t("waiting.need_nickname"));
  nickname.set(name);
  const answer = await api.join(id, seat, name, invite);
  seats.set(id, answer.seat, answer.token);
  location.href = tableUrl(id, invite);
}

// --- the leaderboard ------------------------------------------------------------
function leaderRow(entry, index) {
  return el("tr", { "data-player": entry.nickname, "data-testid": "leaderboard-row" },
    el("td", { class: "rank", text: index + 1 }),
    el("td", { class: "name", text: entry.nickname }),
    el("td", { class: "rating", text: Math.round(entry.rating) }),
    el("td", { class: "games", text: entry.games }));
}

function renderLeaderboard(entries) {
  $("#leaderboard-rows").replaceChildren(...entries.map(leaderRow));
  $("#leaderboard-table").hidden = entries.length === 0;
  $("#no-ratings").hidden = entries.length > 0;
}

async function refreshLeaderboard() {
  const game = $("#leaderboard-game").value;
  if (!game) return;
  try {
    const entries = await api.leaderboard(game);
    if ($("#leaderboard-game").value === game) renderLeaderboard(entries);
  } catch (error) {
    showError(error);
  }
}

// --- creating a table -----------------------------------------------------------
function optionInput(option) {
  const id = `option-${option.name}`;
  const attrs = { id, name: option.name, "data-option": option.name, "data-kind": option.kind };
  const input = option.choices
    ? el("select", attrs, el("option", { value: "", "data-i18n": "create.default", text: t("create.default") }),
      option.choices.map((choice) => el("option", { value: choice, text: choice })))
    : el("input", { ...attrs, type: option.kind === "int" ? "number" : "text", placeholder: option.default ?? "" });
  if (option.choices && option.default !== null) input.value = String(option.default);
  return el("label", { for: id, title: option.help }, el("span", { text: option.name }), input);
}

function seatRow(game, index) {
  const label = (key) => ({ "data-i18n": key, text: t(key) });
  const levels = game.bots.map((level) => el("option", { value: level, ...label(`level.${level}`) }));
  return el("li", { "data-seat": index, "data-testid": "seat-spec" },
    el("span", label("create.seat")), ` ${index + 1} `,
    el("select", { class: "seat-kind", "data-i18n-aria-label": "create.seat_kind", "aria-label": t("create.seat_kind") },
      el("option", { value: "open", ...label("seat.open") }), el("option", { value: "bot", ...label("create.bot") })),
    el("select", { class: "seat-level", "data-i18n-aria-label": "create.bot_level", "aria-label": t("create.bot_level") },
      levels));
}

function renderGameForm() {
  const game = gameOf($("#game").value);
  if (!game) return;
  $("#options").replaceChildren(...game.options.map(optionInput));
  const players = $("#players");
  const count = Number(players.value) || game.players[0];
  const range = Array.from({ length: game.players[1] - game.players[0] + 1 }, (_, i) => game.players[0] + i);
  players.replaceChildren(...range.map((n) => el("option", { value: n, text: n })));
  players.value = String(Math.min(Math.max(count, game.players[0]), game.players[1]));
  renderSeats();
}

function renderSeats() {
  const game = gameOf($("#game").value);
  const count = Number($("#players").value);
  $("#seat-specs").replaceChildren(...Array.from({ length: count }, (_, i) => seatRow(game, i)));
}

function readOptions() {
  const options = { players: Number($("#players").value) };
  for (const input of document.querySelectorAll("#options [data-option]")) {
    if (input.value === "") continue;
    options[input.dataset.option] = input.dataset.kind === "int" ? Number(input.value) : input.value;
  }
  return options;
}

function readTimer() {
  const kind = $("#timer-kind").value;
  if (kind === "default") return undefined;
  return kind === "none" ? null : { kind, seconds: Number($("#timer-seconds").value) };
}

async function create(event) {
  event.preventDefault();
  const seatSpecs = [...document.querySelectorAll("#seat-specs li")].map((row) => {
    const kind = row.querySelector(".seat-kind").value;
    return kind === "bot" ? { kind, level: row.querySelector(".seat-level").value } : { kind };
  });
  const spec = { game: $("#game").value, options: readOptions(), seats: seatSpecs, public: $("#public").checked };
  const timer = readTimer();
  if (timer !== undefined) spec.timer = timer;
  try {
    const table = await api.create(spec);
    const open = seatSpecs.findIndex((seat) => seat.kind === "open");
    if ($("#nickname").value.trim() && open >= 0) await joinAndGo(table.id, open, table.invite);
    else location.href = tableUrl(table.id, table.invite);
  } catch (error) {
    showError(error);
  }
}

function gameChoices() {
  return state.games.map((game) => el("option", { value: game.name, text: game.title }));
}

function renderGames() {
  $("#game").replaceChildren(...gameChoices());
  $("#leaderboard-game").replaceChildren(...gameChoices());
  renderGameForm();
}

async function main() {
  await initI18n();
  $("#nickname").value = nickname.get();
  $("#game").addEventListener("change", renderGameForm);
  $("#players").addEventListener("change", renderSeats);
  $("#timer-kind").addEventListener("change", () => { $("#timer-seconds").disabled = ["none", "default"].includes($("#timer-kind").value); });
  $("#create-form").addEventListener("submit", create);
  $("#refresh").addEventListener("click", refreshTables);
  $("#leaderboard-game").addEventListener("change", refreshLeaderboard);
  onLanguageChange(renderTables);
  try {
    state.games = await api.games();
  } catch (error) {
    showError(error);
  }
  renderGames();
  await Promise.all([refreshTables(), refreshLeaderboard()]);
  setInterval(refreshTables, 5000);
}

main();
