// The lobby (index.html): public tables from GET /api/tables, the games with
// a link to their rules, a form to create a table from GET /api/games (game,
// players, options with translated labels, values and help, seats, one timer
// with the game's true default, public), and the leaderboard of a game from
// GET /api/leaderboard/{game}?variant=…, the daily challenge (daily.js), and
// the account area (account.js: log in, register, recover, log out; the
// nickname field is a guest's), and for a logged-in player "Your games"
// (mine.js: the tab title counts where it is your turn) and Friends
// (friends.js). HTTP errors are translated (errors.js).

import { bindAccount, renderAccount } from "./account.js";
import { account, api, loadSession, nickname, onSessionChange, seats, tableUrl } from "./api.js";
import { renderDailyCard } from "./daily.js";
import { $, el } from "./dom.js";
import { errorParagraph } from "./errors.js";
import { bindFriends, refreshFriends, renderFriends } from "./friends.js";
import { initI18n, onLanguageChange, t } from "./i18n.js";
import { bindTurnNotify, countedTitle, notifyNewTurns, renderMyTables, turnCount, watchMyTables } from "./mine.js";
import { guestBadge, limitText, nameNode, profileUrl, ratedMark, turnMark } from "./players.js";
import { variantLabel } from "./variants.js";

const DEFAULT_PLAYERS = 2;
// Options that are not drawn as options: a game's move time is its timer.
const TIMER_OPTION = "move_time";
// Option values with a name and a help text of their own in the catalogs
// (option.<game>.<option>.<value> and …<value>.help); others show as numbers.
const NAMED_VALUES = { "dizzle.level": true, "nochmal.edition": true };
const SECONDS = { move: 30, bank: 600 };
// A turn-based table's limits per decision on offer (seconds), and the one chosen at first.
const TURN_LIMITS = [3600, 43200, 86400, 3 * 86400, 7 * 86400];
const TURN_DEFAULT = 86400;

const state = { games: [], tables: [], defaults: {}, daily: [], mine: null };

function showError(error) {
  const box = $("#messages");
  box.replaceChildren(errorParagraph(error));
  box.hidden = false;
}

function clearError() {
  $("#messages").hidden = true;
}

function gameOf(name) {
  return state.games.find((game) => game.name === name);
}

function known(key) {
  return t(key) !== key;
}

function rulesUrl(game) {
  return `rules.html?game=${encodeURIComponent(game)}`;
}

// --- the list of tables ---------------------------------------------------------
function renderTables() {
  const rows = state.tables.map((table) => el("li", { "data-table": table.id, "data-status": table.status, "data-testid": "table" },
    el("span", { class: "game", text: table.title }),
    ratedMark(table),
    turnMark(table),
    el("span", { class: "status", text: t(`lobby.status.${table.status}`) }),
    el("span", { class: "seats" }, table.seats.map((seat, index) => seatChip(table, seat, index))),
    el("a", { href: tableUrl(table.id), class: "watch", "data-i18n": "lobby.open", text: t("lobby.open") })));
  $("#tables").replaceChildren(...rows);
  $("#no-tables").hidden = rows.length > 0;
  renderFriends(Object.fromEntries(state.tables.map((table) => [table.id, table.title])));
}

function seatChip(table, seat, index) {
  if (seat.kind !== "open" || table.status !== "waiting") {
    return el("span", { class: "seat" }, nameNode(table, index), guestBadge(table, index));
  }
  const refused = table.rated && !account(); // rated tables seat accounts only
  return el("button", { type: "button", class: "seat join", "data-join": index, text: t("lobby.join_seat", { number: index + 1 }),
    disabled: refused, title: refused ? t("error.http.account-needed") : null,
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

// The lobby's nickname, kept for next time; an error if there is none. A
// logged-in player plays under the account's name.
function chosenNickname() {
  if (account()) return account();
  const name = $("#nickname").value.trim();
  if (!name) throw new Error(t("waiting.need_nickname"));
  nickname.set(name);
  return name;
}

async function joinAndGo(id, seat, invite) {
  const name = chosenNickname();
  const answer = await api.join(id, seat, name, invite);
  seats.set(id, answer.seat, answer.token);
  location.href = tableUrl(id, invite);
}

// --- the daily challenge ------------------------------------------------------------
function renderDaily() {
  renderDailyCard($("#daily-games"), state.daily, (game) => playDaily(game).catch(showError));
}

// The leaderboards as last asked for (everyone's, or with "Accounts only" the
// accounts' entries): an older answer arriving late is dropped.
let dailyAsked = 0;
async function refreshDaily() {
  const asked = ++dailyAsked;
  try {
    const items = await api.daily(undefined, undefined, $("#daily-verified-only").checked);
    if (asked !== dailyAsked) return;
    state.daily = items;
    renderDaily();
  } catch (error) {
    showError(error);
  }
}

async function playDaily(game) {
  const answer = await api.dailyPlay(game, chosenNickname());
  seats.set(answer.table, answer.seat, answer.token);
  location.href = tableUrl(answer.table, answer.invite);
}

// --- the games and their rules ------------------------------------------------------
function renderGameList() {
  $("#game-list").replaceChildren(...state.games.map((game) => el("li", { "data-game": game.name, "data-testid": "game-entry" },
    el("span", { class: "game", text: game.title }),
    el("span", { class: "about", text: t(`lobby.about.${game.name}`) }),
    el("a", { class: "rules-link", href: rulesUrl(game.name), text: t("lobby.rules") }))));
}

// --- the leaderboard ------------------------------------------------------------
function leaderRow(entry, index) {
  const name = entry.name ?? entry.nickname;
  return el("tr", { "data-player": name, "data-testid": "leaderboard-row", class: name === account() ? "me" : null },
    el("td", { class: "rank", text: index + 1 }),
    el("td", { class: "name" }, el("a", { class: "profile-link", href: profileUrl(name), text: name })),
    el("td", { class: "rating", text: Math.round(entry.rating) }),
    el("td", { class: "games", text: entry.games }));
}

function renderLeaderboard(entries) {
  $("#leaderboard-rows").replaceChildren(...entries.map(leaderRow));
  $("#leaderboard-table").hidden = entries.length === 0;
  $("#no-ratings").hidden = entries.length > 0;
}

// The variants of the chosen game (GET /api/games `variants`), in words.
function renderVariants() {
  const game = gameOf($("#leaderboard-game").value);
  const menu = $("#leaderboard-variant");
  const wanted = menu.value;
  const variants = game?.variants ?? [];
  menu.replaceChildren(...variants.map((variant) => el("option", { value: variant, text: variantLabel(game.name, variant) })));
  if (variants.includes(wanted)) menu.value = wanted;
  menu.closest("label").hidden = variants.length === 0;
}

async function refreshLeaderboard() {
  const game = $("#leaderboard-game").value;
  const variant = $("#leaderboard-variant").value;
  if (!game) return;
  const table = $("#leaderboard-table");
  table.dataset.game = game;
  table.dataset.variant = variant;
  table.dataset.ready = "false";
  try {
    const entries = await api.leaderboard(game, variant || undefined);
    if ($("#leaderboard-game").value !== game || $("#leaderboard-variant").value !== variant) return;
    renderLeaderboard(entries);
    table.dataset.ready = "true";
  } catch (error) {
    showError(error);
  }
}

function leaderboardGameChanged() {
  renderVariants();
  refreshLeaderboard();
}

// --- creating a table: options ---------------------------------------------------------
// The value an option takes when none is sent: its default, or for an option
// the server works out (Razzle-Dazzle's pieces and goal) the default layout's.
function defaultOf(game, option, values) {
  if (game.name === "razzle" && option.name === "goal") return Number(values.pieces ?? defaultOf(game, { name: "pieces" }, {})) - 1;
  if (option.default !== null && option.default !== undefined) return option.default;
  return state.defaults[game.name]?.[option.name] ?? null;
}

// The values offered: the server's choices, for the goal count 1..pieces.
function choicesOf(game, option, values) {
  if (game.name === "razzle" && option.name === "goal") {
    const pieces = Number(values.pieces ?? defaultOf(game, { name: "pieces" }, {}));
    return pieces > 0 ? Array.from({ length: pieces }, (_, i) => i + 1) : null;
  }
  return option.choices;
}

function optionLabel(game, option) {
  const key = `option.${game.name}.${option.name}`;
  return known(key) ? t(key) : option.name;
}

function optionHelp(game, option, value) {
  const key = `option.${game.name}.${option.name}.help`;
  const general = known(key) ? t(key) : option.help;
  if (!NAMED_VALUES[`${game.name}.${option.name}`]) return general;
  const own = `option.${game.name}.${option.name}.${value}.help`;
  return known(own) ? t(own) : general;
}

function valueLabel(game, option, value, isDefault) {
  const key = `option.${game.name}.${option.name}.${value}`;
  const text = NAMED_VALUES[`${game.name}.${option.name}`] && known(key) ? t(key) : String(value);
  return isDefault ? t("option.default", { value: text }) : text;
}

function optionInput(game, option, values) {
  const id = `option-${option.name}`;
  const attrs = { id, name: option.name, "data-option": option.name, "data-kind": option.kind, "data-testid": "option",
    "aria-describedby": `${id}-help` };
  const choices = choicesOf(game, option, values);
  const fallback = defaultOf(game, option, values);
  let input;
  if (choices) {
    const hasDefault = fallback !== null && choices.some((choice) => String(choice) === String(fallback));
    input = el("select", attrs,
      !hasDefault && el("option", { value: "", text: t("option.default", { value: "…" }) }),
      choices.map((choice) => el("option", { value: choice, text: valueLabel(game, option, choice, String(choice) === String(fallback)) })));
    const wanted = values[option.name];
    input.value = wanted !== undefined && choices.some((c) => String(c) === String(wanted)) ? String(wanted)
      : hasDefault ? String(fallback) : "";
  } else {
    input = el("input", { ...attrs, type: option.kind === "int" ? "number" : "text", placeholder: fallback ?? "" });
    if (values[option.name] !== undefined) input.value = values[option.name];
  }
  const help = el("p", { class: "help", id: `${id}-help`, text: optionHelp(game, option, input.value || fallback) });
  input.addEventListener("change", () => {
    help.textContent = optionHelp(game, option, input.value || fallback);
    if (game.name === "razzle" && option.name === "pieces") renderOptions();
  });
  return el("div", { class: "field option", "data-option-field": option.name },
    el("label", { for: id, text: optionLabel(game, option) }), input, help);
}

// The options chosen so far (kept when the form is drawn again).
function chosenValues() {
  const values = {};
  for (const input of document.querySelectorAll("#options [data-option]")) {
    if (input.value !== "") values[input.dataset.option] = input.value;
  }
  return values;
}

function renderOptions() {
  const game = gameOf($("#game").value);
  if (!game) return;
  const values = chosenValues();
  const shown = game.options.filter((option) => option.name !== TIMER_OPTION);
  $("#options").replaceChildren(...shown.map((option) => optionInput(game, option, values)));
  $("#options").closest("fieldset").hidden = shown.length === 0;
}

// --- seats -------------------------------------------------------------------------
function seatRow(game, index, previous) {
  const label = (key) => ({ "data-i18n": key, text: t(key) });
  const kind = el("select", { class: "seat-kind", "data-i18n-aria-label": "create.seat_kind", "aria-label": t("create.seat_kind") },
    el("option", { value: "open", ...label("lobby.seat_open") }), el("option", { value: "bot", ...label("create.bot") }));
  const level = el("select", { class: "seat-level", "data-i18n-aria-label": "create.bot_level", "aria-label": t("create.bot_level") },
    game.bots.map((name) => el("option", { value: name, ...label(`level.${name}`) })));
  if (previous) {
    kind.value = previous.kind;
    if (game.bots.includes(previous.level)) level.value = previous.level;
  }
  const sync = () => { level.hidden = kind.value !== "bot"; };
  kind.addEventListener("change", sync);
  sync();
  return el("li", { "data-seat": index, "data-testid": "seat-spec" },
    el("span", { class: "seat-number", text: t("seat.name", { number: index + 1 }) }), kind, level);
}

function renderSeats() {
  const game = gameOf($("#game").value);
  const count = Number($("#players").value);
  const previous = [...document.querySelectorAll("#seat-specs li")].map((row) => ({
    kind: row.querySelector(".seat-kind").value, level: row.querySelector(".seat-level").value }));
  $("#seat-specs").replaceChildren(...Array.from({ length: count }, (_, i) => seatRow(game, i, previous[i])));
  $("#players-help").textContent = t("lobby.players_help", { min: game.players[0], max: game.players[1] });
}

// --- the timer -----------------------------------------------------------------------
// The game's own timer: Razzle-Dazzle's rules time every move (its move_time
// option, 20 s); the others have none.
function gameTimer(game) {
  const option = game.options.find((o) => o.name === TIMER_OPTION);
  return option?.default ? { kind: "move", seconds: option.default } : null;
}

function renderTimerHelp() {
  const game = gameOf($("#game").value);
  if (!game) return;
  const kind = $("#timer-kind").value;
  const seconds = $("#timer-seconds");
  const help = {
    none: () => t("lobby.timer.help_none"),
    move: () => t("lobby.timer.help_move", { seconds: seconds.value, what: t(`lobby.timer.timeout.${game.name}`) }),
    bank: () => t("lobby.timer.help_bank", { seconds: seconds.value }),
    turn: () => t("turn.help", { limit: limitText(Number($("#turn-limit").value)) }),
  }[kind];
  seconds.closest("label").hidden = kind === "none" || kind === "turn";
  seconds.disabled = kind === "none" || kind === "turn";
  $("#turn-options").hidden = kind !== "turn";
  $("#timer-help").textContent = help();
  const own = gameTimer(game);
  $("#timer-default").textContent = own
    ? t("lobby.timer.default_move", { game: game.title, seconds: own.seconds })
    : t("lobby.timer.default_none", { game: game.title });
}

function setTimer(kind, seconds) {
  $("#timer-kind").value = kind;
  $("#timer-seconds").value = String(seconds);
  renderTimerHelp();
}

function resetTimer() {
  const own = gameTimer(gameOf($("#game").value));
  if (own) setTimer(own.kind, own.seconds);
  else setTimer("none", SECONDS.move);
}

function timerChanged() {
  const kind = $("#timer-kind").value;
  const own = gameTimer(gameOf($("#game").value));
  const seconds = own && own.kind === kind ? own.seconds : SECONDS[kind] ?? SECONDS.move;
  setTimer(kind, seconds);
}

function readTimer() {
  const kind = $("#timer-kind").value;
  if (kind === "turn") return { kind, seconds: Number($("#turn-limit").value), takeover: $("#turn-takeover").checked };
  return kind === "none" ? null : { kind, seconds: Number($("#timer-seconds").value) };
}

// The limits of a turn-based table, in words of the page's language.
function renderTurnLimits() {
  const menu = $("#turn-limit");
  const wanted = menu.value || String(TURN_DEFAULT);
  menu.replaceChildren(...TURN_LIMITS.map((seconds) => el("option", { value: seconds, text: limitText(seconds) })));
  menu.value = wanted;
}

// --- the form ----------------------------------------------------------------------------
// --- rated ----------------------------------------------------------------------------
// Rated tables need an account, and a game for several (solo play has its own rating band).
function ratedBlocker() {
  if (!account()) return "guest";
  if (Number($("#players").value) < 2) return "solo";
  return null;
}

function renderRated() {
  const box = $("#rated");
  const blocker = ratedBlocker();
  box.disabled = blocker !== null;
  if (blocker) box.checked = false;
  $("#rated-help").dataset.state = blocker ?? (box.checked ? "on" : "off");
  $("#rated-help").textContent = blocker === "guest" ? t("create.rated_guest")
    : blocker === "solo" ? t("create.rated_solo") : t("create.rated_help");
}

function renderGameForm() {
  const game = gameOf($("#game").value);
  if (!game) return;
  $("#options").replaceChildren();
  renderOptions();
  const players = $("#players");
  const wanted = Number(players.value) || DEFAULT_PLAYERS;
  const range = Array.from({ length: game.players[1] - game.players[0] + 1 }, (_, i) => game.players[0] + i);
  players.replaceChildren(...range.map((n) => el("option", { value: n, text: n })));
  players.value = String(Math.min(Math.max(wanted, game.players[0]), game.players[1]));
  renderSeats();
  renderRated();
  resetTimer();
  $("#game-help").textContent = t(`lobby.about.${game.name}`);
  $("#rules-link").href = rulesUrl(game.name);
}

function readOptions(game) {
  const options = { players: Number($("#players").value) };
  for (const input of document.querySelectorAll("#options [data-option]")) {
    if (input.value === "") continue;
    options[input.dataset.option] = input.dataset.kind === "int" ? Number(input.value) : input.value;
  }
  const timer = readTimer();
  if (timer?.kind === "move" && game.options.some((o) => o.name === TIMER_OPTION)) options[TIMER_OPTION] = timer.seconds;
  return options;
}

async function create(event) {
  event.preventDefault();
  clearError();
  const game = gameOf($("#game").value);
  const seatSpecs = [...document.querySelectorAll("#seat-specs li")].map((row) => {
    const kind = row.querySelector(".seat-kind").value;
    return kind === "bot" ? { kind, level: row.querySelector(".seat-level").value } : { kind };
  });
  const spec = { game: game.name, options: readOptions(game), seats: seatSpecs, public: $("#public").checked,
    timer: readTimer(), rated: $("#rated").checked && !$("#rated").disabled };
  try {
    const table = await api.create(spec);
    const open = seatSpecs.findIndex((seat) => seat.kind === "open");
    if ((account() || $("#nickname").value.trim()) && open >= 0) await joinAndGo(table.id, open, table.invite);
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
  renderVariants();
  renderGameList();
  renderGameForm();
}

// Defaults the server works out from the layout (Razzle-Dazzle's pieces).
async function loadDefaults() {
  await Promise.all(state.games.filter((game) => game.options.some((o) => o.default === null)).map(async (game) => {
    try {
      const layout = await api.layout(game.name, { players: Math.max(game.players[0], DEFAULT_PLAYERS) });
      state.defaults[game.name] = { ...layout.options, ...(layout.pieces ? { pieces: layout.pieces } : {}) };
    } catch {
      state.defaults[game.name] = {};
    }
  }));
}

function retranslate() {
  renderTables();
  renderTurnLimits();
  renderMine(true);
  renderFriends(undefined, { force: true });
  renderDaily();
  renderGameList();
  renderOptions();
  renderVariants();
  renderRated();
  renderAccount();
  const rows = [...document.querySelectorAll("#seat-specs .seat-number")];
  rows.forEach((node, i) => { node.textContent = t("seat.name", { number: i + 1 }); });
  const game = gameOf($("#game").value);
  if (game) {
    $("#players-help").textContent = t("lobby.players_help", { min: game.players[0], max: game.players[1] });
    $("#game-help").textContent = t(`lobby.about.${game.name}`);
  }
  renderTimerHelp();
}

// Logged in or out: the account area, the rated box, one's own leaderboard
// row, the cards of one's games and friends.
function sessionChanged() {
  renderAccount();
  renderTables();
  renderRated();
  refreshLeaderboard();
  $("#my-games").hidden = !account();
  $("#friends").hidden = !account();
  state.mine = null;                 // not known for this session until the server answers
  renderMine();
  state.refreshMine?.();
}

// --- your games and friends ---------------------------------------------------------
function renderMine(force = false) {
  renderMyTables($("#my-tables"), $("#no-my-tables"), state.mine, force);
  document.title = countedTitle(turnCount(state.mine), t("app.name"));
}

function mineArrived(tables) {
  state.mine = tables;
  $("#my-games").dataset.ready = account() ? "true" : "false";
  renderMine();
  notifyNewTurns(tables);
  if (account()) refreshFriends();
}

async function main() {
  await initI18n();
  $("#nickname").value = nickname.get();
  bindAccount({ onError: showError });
  bindFriends();
  bindTurnNotify($("#turn-notify"), $("#turn-notify-help"), showError);
  renderTurnLimits();
  state.refreshMine = watchMyTables(mineArrived);
  onSessionChange(sessionChanged);
  const session = loadSession().then(sessionChanged);
  $("#game").addEventListener("change", renderGameForm);
  $("#players").addEventListener("change", () => {
    renderSeats();
    renderRated();
  });
  $("#rated").addEventListener("change", renderRated);
  $("#timer-kind").addEventListener("change", timerChanged);
  $("#timer-seconds").addEventListener("input", renderTimerHelp);
  $("#turn-limit").addEventListener("change", renderTimerHelp);
  $("#create-form").addEventListener("submit", create);
  $("#refresh").addEventListener("click", refreshTables);
  $("#leaderboard-game").addEventListener("change", leaderboardGameChanged);
  $("#leaderboard-variant").addEventListener("change", refreshLeaderboard);
  $("#daily-verified-only").addEventListener("change", refreshDaily);
  onLanguageChange(retranslate);
  try {
    state.games = await api.games();
    await loadDefaults();
  } catch (error) {
    showError(error);
  }
  renderGames();
  await session;
  document.body.dataset.ready = "true";
  await Promise.all([refreshTables(), refreshLeaderboard(), refreshDaily()]);
  setInterval(refreshTables, 5000);
}

main();
