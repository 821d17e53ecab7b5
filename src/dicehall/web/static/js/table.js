// The live table page: table.html?id=…[&invite=…]. One WebSocket carries the
// state messages (view, legal actions, deadlines, the log, the summary, the
// rematch, the chat) and the player's actions and chat lines. A logged-in
// player's seat needs no stored token: the socket and the requests carry the
// session's cookie, so the account plays its seats from any browser. The tab
// title counts the account's other tables where it is its turn (mine.js).

import { account, api, loadSession, recordUrl, replayUrl, seats, socketUrl, tableUrl } from "./api.js";
import { announce, attention, bindToggles } from "./attention.js";
import { Chat } from "./chat.js";
import { renderBoard } from "./board.js";
import { renderDailyResult } from "./daily.js";
import { $, param, show } from "./dom.js";
import { errorParagraph } from "./errors.js";
import { gameModule } from "./games/index.js";
import { rollDice } from "./games/common.js";
import { currentLanguage, initI18n, onLanguageChange, t } from "./i18n.js";
import { askHint, hinted, hintRefused, receiveHint, renderHint } from "./hints.js";
import { GameLog, renderLog } from "./log.js";
import { renderBreakdown, renderRatings, renderRematch, renderWinners } from "./over.js";
import { Play, renderActionList, renderChoices } from "./play.js";
import { countedTitle, turnCount, watchMyTables } from "./mine.js";
import { finalScores, ratedMark, renderPlayers, seatName, tick, turnMark } from "./players.js";
import { bindWaiting, renderWaiting } from "./waiting.js";
import { describe, loadWords } from "./words.js";

const tableId = param("id");
const invite = param("invite");
const current = {
  table: null, layout: null, message: null, socket: null, retry: 0, sent: false,
  summary: null, rematch: null, fresh: [], othersTurn: 0,
};
const play = new Play(sendAction, render);
const log = new GameLog();
const chat = new Chat(document.getElementById("chat"), {
  send: sendChat, me: () => myNickname(), changed: () => render(), table: () => current.table,
});

// The page's seat: the token kept for a guest (or from joining here), else
// the logged-in account's seat as the socket tells it (or its name in the seats).
function mine() {
  const stored = seats.get(tableId);
  if (stored) return stored;
  if (!account()) return null;
  const seat = current.message?.seat;
  if (seat !== null && seat !== undefined) return { seat, token: null };
  const held = (current.table?.seats ?? []).findIndex((entry) => entry.account && entry.nickname === account());
  return held >= 0 ? { seat: held, token: null } : null;
}

function myNickname() {
  const seat = current.message?.seat;
  return seat === null || seat === undefined ? null : current.table?.seats?.[seat]?.nickname ?? null;
}

function names() {
  return (current.table?.seats ?? []).map((_, seat) => seatName(current.table, seat));
}

function showError(error) {
  const box = $("#messages");
  box.replaceChildren(errorParagraph(error));
  box.hidden = false;
}

function serverError(message) {
  if (String(message.code).startsWith("chat")) {
    chat.error(message.code);
    return;
  }
  current.sent = false;
  log.refused();
  const key = `error.${message.code}`;
  const text = t(key) === key ? message.reason : `${t(key)} ${message.reason ?? ""}`.trim();
  showError(new Error(text));
  render();
}

function open() {
  return current.socket && current.socket.readyState === WebSocket.OPEN;
}

function sendAction(notation) {
  const message = current.message;
  if (!message || !open() || current.sent) return;
  current.socket.send(JSON.stringify({ type: "action", version: message.version, action: notation }));
  current.sent = true;
  log.sent();
  $("#messages").hidden = true;
  play.clear(); // the decision is made: the next state, even with the same legal actions, starts afresh
}

function send(message) {
  if (!open()) return false;
  current.socket.send(JSON.stringify(message));
  return true;
}

function sendChat(text) {
  return send({ type: "chat", text });
}

function connect() {
  const socket = new WebSocket(socketUrl(tableId, { token: mine()?.token, invite }));
  current.socket = socket;
  $("#connection").dataset.state = "connecting";
  socket.addEventListener("open", () => {
    current.retry = 0;
    $("#connection").dataset.state = "open";
  });
  socket.addEventListener("message", (event) => receive(JSON.parse(event.data)));
  socket.addEventListener("close", () => {
    if (current.socket !== socket) return;
    $("#connection").dataset.state = "closed";
    current.retry = Math.min(current.retry + 1, 5);
    setTimeout(connect, 1000 * 2 ** (current.retry - 1));
  });
}

function reconnect() {
  const old = current.socket;
  current.socket = null;
  old?.close();
  connect();
}

function receive(message) {
  if (message.type === "state") {
    current.layout = message.layout ?? current.layout;
    current.table = message.table ?? current.table;
    const first = !current.message;
    current.message = message;
    current.sent = false;
    if ("summary" in message) current.summary = message.summary;
    if ("rematch" in message) current.rematch = message.rematch;
    const fresh = log.add(message.log, message.seat);
    current.fresh = first ? [] : fresh;
    if (message.chat) chat.add(message.chat);
    play.reset(gameModule(current.table.game), message.legal ?? []);
    renderLog($("#log"), fresh, { names: names(), me: message.seat });
    render();
    tell(current.fresh);
    current.fresh = [];
  } else if (message.type === "chat") {
    chat.add([message]);
  } else if (message.type === "hint") {
    receiveHint(message, current.table);
    render();
  } else if (message.type === "error") {
    hintRefused();
    serverError(message);
  }
}

// What just happened, beyond the drawing: timeouts announced, dice rolled,
// pieces moved (each game's own animate).
function tell(fresh) {
  if (!fresh.length || !started()) return;
  const who = names();
  for (const entry of fresh.filter((e) => e.key === "common.timeout")) announce(describe(entry, who));
  if (fresh.some(isRoll)) rollDice($("#dice"));
  gameModule(current.table.game).animate?.($("#sheets"), current.layout, current.message.view, fresh);
}

function isRoll(entry) {
  return /(^|[._])(roll|rerolled|spin)(_|$)/.test(entry.key);
}

function started() {
  return current.table.status !== "waiting" && Boolean(current.message?.view);
}

function statusText(view, seat) {
  if (!started()) return ["lobby", t("status.waiting_players")];
  if (view.phase === "over") return ["over", t("status.over")];
  const deciders = view.deciders ?? [];
  if (seat !== null && seat !== undefined && deciders.includes(seat)) return ["your-turn", t("status.your_turn")];
  if (deciders.length) {
    const names = deciders.map((s) => seatName(current.table, s)).join(", ");
    return ["waiting", t("status.waiting_for", { names })];
  }
  return ["rolling", t("status.rolling")];
}

function render() {
  const { table, message, layout } = current;
  if (!table) return;
  $("#table-title").textContent = table.title ?? table.game;
  $("#table-rated").replaceChildren(...[ratedMark(table), turnMark(table)].filter(Boolean));
  const view = message?.view ?? null;
  const seat = message?.seat ?? null;
  const [state, text] = statusText(view, seat);
  $("#status").dataset.state = state;
  $("#status").dataset.version = message?.version ?? "";
  $("#status").textContent = seat === null ? `${text} · ${t("status.spectating")}` : text;
  attention(state, table.title ?? table.game);
  document.title = countedTitle(current.othersTurn);
  show($("#waiting"), !started());
  show($("#game"), started());
  if (started() && !current.logShown) {
    current.logShown = true; // the log filled while hidden: show its newest entries
    $("#log").scrollTop = $("#log").scrollHeight;
  }
  if (!started()) {
    renderWaiting($("#waiting"), { table, invite, mine: mine(), onSeated: reconnect, onError: showError, redraw: render });
    return;
  }
  renderGame(gameModule(table.game), layout, view, seat);
}

function renderGame(game, layout, view, seat) {
  const message = current.message;
  const interactive = !current.sent && play.legal.length > 0;
  const ctx = {
    seat, legal: play.legal, selection: play.selection, interactive,
    targets: interactive ? play.targets() : new Set(), picked: play.picked,
    preview: interactive ? play.preview : null, marks: log.marks(seat),
    select: (partial) => play.select(partial), onPick: (name) => play.pick(name),
    name: (s) => seatName(current.table, s),
    caption: (s) => `${seatName(current.table, s)}: ${view.scores[s]}`,
  };
  renderPlayers($("#scores"), { game, layout, view, table: current.table, me: seat,
    deadlines: message.deadlines, banks: message.banks, mute: chat });
  renderBoard(game, layout, view, ctx);
  renderControls(game, interactive);
  renderHint({ table: current.table, message, interactive, describe: choiceText });
  renderOver(view, seat);
}

function renderControls(game, interactive) {
  show($("#controls"), interactive);
  show($("#decision"), interactive || current.sent);
  renderChoices($("#choices"), play);
  $("#confirm").disabled = !interactive || !play.confirmable();
  $("#undo").disabled = !interactive || !play.undoable();
  show($("#clear"), game.multi);
  $("#clear").disabled = !interactive || !play.undoable();
  const preview = $("#preview-text");
  preview.dataset.state = current.sent ? "sent" : play.preview ? "preview" : "choose";
  preview.textContent = current.sent ? t("confirm.sent")
    : play.preview ? t("confirm.pending", { action: choiceText(play.preview) })
      : play.confirmable() ? t("confirm.pending_boxes")
        : t(game.multi ? "confirm.hint_boxes" : "confirm.hint_field");
  renderActionList($("#actions"), $("#action-filter"), interactive ? play.legal : [], sendAction);
}

// The action waiting for Confirm, in a few words (its notation otherwise).
function choiceText(action) {
  switch (action.kind) {
    case "place": return t("confirm.place", { value: action.value, field: action.field });
    case "move": return t("confirm.move", { field: action.field });
    case "enter": return t("confirm.enter");
    case "spin": return t("confirm.spin");
    case "endturn": return t("confirm.end");
    case "pass": return t("confirm.pass");
    case "reroll": return t("confirm.reroll");
    default: return gameModule(current.table.game).actionLabel?.(action)?.text ?? action.notation;
  }
}

function renderOver(view, seat) {
  const over = view.phase === "over";
  show($("#game-over"), over);
  if (!over) return;
  const table = current.table;
  const summary = current.summary;
  renderWinners($("#winners"), summary, table);
  renderBreakdown($("#breakdown"), summary, table, table.game);
  renderRatings($("#solo-rating"), $("#rating-changes"), summary, table);
  finalScores($("#final-scores"), view, table);
  show($("#final-scores"), !summary);
  if (table.daily) show($("#rematch"), false);   // once a day: no rematch
  else renderRematch($("#game-over"), { rematch: current.rematch, table, seat, onRematch: rematch });
  $("#replay-link").href = replayUrl(tableId, invite);
  $("#record-link").href = recordUrl(tableId, invite);
  if (table.daily && !current.dailyShown) {
    current.dailyShown = true;
    renderDailyResult($("#daily-result"), table, replayUrl(tableId, invite)).catch(() => { current.dailyShown = false; });
  }
}

async function rematch(kind, newTable) {
  if (kind === "watch" || kind === "go") {
    location.href = tableUrl(newTable);
    return;
  }
  try {
    $("#rematch").disabled = true;
    const answer = await api.rematch(tableId, mine()?.token);
    seats.set(answer.table, answer.seat, answer.token);
    location.href = tableUrl(answer.table);
  } catch (error) {
    $("#rematch").disabled = false;
    showError(error);
  }
}

function typing(event) {
  return event.target.closest?.("input, textarea, select, [contenteditable]");
}

function bindControls() {
  $("#confirm").addEventListener("click", () => play.confirm());
  $("#undo").addEventListener("click", () => play.undo());
  $("#clear").addEventListener("click", () => play.clear());
  $("#hint").addEventListener("click", () => askHint(send, current.message?.version) && render());
  $("#hint-play").addEventListener("click", () => hinted() && sendAction(hinted().notation));
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && !typing(event) && play.undo()) event.preventDefault();
  });
  const filter = $("#action-filter");
  filter.addEventListener("input", () => renderActionList($("#actions"), filter, play.legal, sendAction));
  filter.addEventListener("keydown", (event) => {
    if (event.key === "Escape") {
      play.undo();
      return;
    }
    if (event.key !== "Enter") return;
    const first = $("#actions [data-notation]");
    if (!first) return;
    filter.value = "";
    sendAction(first.dataset.notation);
  });
  bindToggles(showError);
  bindWaiting($("#waiting"), {
    tableId, onError: showError,
    onChange: (table) => {
      current.table = table;
      reconnect();
    },
  });
}

async function wordsChanged(code) {
  await loadWords(code);
  renderLog($("#log"), log.entries, { names: names(), me: current.message?.seat ?? null, all: true });
  chat.render();
  render();
}

async function main() {
  await initI18n();
  onLanguageChange((code) => wordsChanged(code));
  if (!tableId) {
    showError(new Error(t("table.no_id")));
    return;
  }
  await Promise.all([loadWords(currentLanguage()), loadSession()]);
  bindControls();
  try {
    current.table = await api.table(tableId, invite);
  } catch (error) {
    showError(error);
  }
  render();
  connect();
  watchMyTables((tables) => {
    current.othersTurn = turnCount(tables, tableId);
    document.title = countedTitle(current.othersTurn);
  }, 30000)();
  setInterval(() => tick(document), 250);
  setInterval(() => open() && current.socket.send('{"type":"ping"}'), 25000);
}

main();
