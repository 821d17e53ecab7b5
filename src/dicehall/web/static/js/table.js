// The live table page: table.html?id=…[&invite=…]. One WebSocket carries the
// state messages (view, legal actions, deadlines) and the player's actions.

import { api, recordUrl, replayUrl, seats, socketUrl } from "./api.js";
import { $, el, param, show } from "./dom.js";
import { gameModule } from "./games/index.js";
import { initI18n, onLanguageChange, t } from "./i18n.js";
import { Play, renderActionList, renderChoices } from "./play.js";
import { finalScores, renderPlayers, seatName, tick } from "./players.js";
import { bindWaiting, renderWaiting } from "./waiting.js";

const tableId = param("id");
const invite = param("invite");
const current = { table: null, layout: null, message: null, socket: null, retry: 0, sent: false };
const play = new Play(sendAction, render);

function mine() {
  return seats.get(tableId);
}

function showError(error) {
  const box = $("#messages");
  box.replaceChildren(el("p", { class: "error", text: error.message ?? String(error) }));
  box.hidden = false;
}

function serverError(message) {
  current.sent = false;
  const key = `error.${message.code}`;
  const text = t(key) === key ? message.reason : `${t(key)} ${message.reason ?? ""}`.trim();
  showError(new Error(text));
  render();
}

function sendAction(notation) {
  const message = current.message;
  if (!message || !current.socket || current.socket.readyState !== WebSocket.OPEN) return;
  current.socket.send(JSON.stringify({ type: "action", version: message.version, action: notation }));
  current.sent = true;
  $("#messages").hidden = true;
  render();
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
    current.message = message;
    current.sent = false;
    play.reset(gameModule(current.table.game), message.legal ?? []);
    render();
  } else if (message.type === "error") {
    serverError(message);
  }
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
  const view = message?.view ?? null;
  const seat = message?.seat ?? null;
  const [state, text] = statusText(view, seat);
  $("#status").dataset.state = state;
  $("#status").dataset.version = message?.version ?? "";
  $("#status").textContent = seat === null ? `${text} · ${t("status.spectating")}` : text;
  show($("#waiting"), !started());
  show($("#game"), started());
  if (!started()) {
    renderWaiting($("#waiting"), { table, invite, mine: mine(), onSeated: reconnect, onError: showError });
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
    select: (partial) => play.select(partial), onPick: (name) => play.pick(name),
    caption: (s) => `${seatName(current.table, s)}: ${view.scores[s]}`,
  };
  renderPlayers($("#scores"), { game, layout, view, table: current.table, me: seat,
    deadlines: message.deadlines, banks: message.banks });
  $("#dice").replaceChildren(...game.dice(layout, view, ctx).filter(Boolean));
  $("#sheets").replaceChildren(...game.sheets(layout, view, ctx));
  renderControls(game, interactive);
  renderOver(view);
}

function renderControls(game, interactive) {
  show($("#controls"), interactive);
  renderChoices($("#choices"), play);
  show($("#confirm"), game.multi);
  $("#confirm").disabled = !play.confirmable();
  renderActionList($("#actions"), $("#action-filter"), interactive ? play.legal : [], sendAction);
}

function renderOver(view) {
  const over = view.phase === "over";
  show($("#game-over"), over);
  if (!over) return;
  finalScores($("#final-scores"), view, current.table);
  $("#replay-link").href = replayUrl(tableId, invite);
  $("#record-link").href = recordUrl(tableId, invite);
}

function bindControls() {
  $("#confirm").addEventListener("click", () => play.confirm());
  $("#clear").addEventListener("click", () => play.clear());
  const filter = $("#action-filter");
  filter.addEventListener("input", () => renderActionList($("#actions"), filter, play.legal, sendAction));
  filter.addEventListener("keydown", (event) => {
    if (event.key !== "Enter") return;
    const first = $("#actions [data-notation]");
    if (!first) return;
    filter.value = "";
    sendAction(first.dataset.notation);
  });
  bindWaiting($("#waiting"), {
    tableId, onError: showError,
    onChange: (table) => {
      current.table = table;
      reconnect();
    },
  });
}

async function main() {
  await initI18n();
  onLanguageChange(render);
  if (!tableId) {
    showError(new Error(t("table.no_id")));
    return;
  }
  bindControls();
  try {
    current.table = await api.table(tableId, invite);
  } catch (error) {
    showError(error);
  }
  render();
  connect();
  setInterval(() => tick(document), 250);
  setInterval(() => current.socket?.readyState === WebSocket.OPEN && current.socket.send('{"type":"ping"}'), 25000);
}

main();
