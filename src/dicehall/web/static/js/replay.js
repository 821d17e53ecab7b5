// The replay page: replay.html?id=…, stepping through a finished game with
// previous / next, the slider and the arrow keys.

import { api, recordUrl, tableUrl } from "./api.js";
import { $, el, param } from "./dom.js";
import { gameModule } from "./games/index.js";
import { initI18n, onLanguageChange, t } from "./i18n.js";
import { renderPlayers, seatName } from "./players.js";

const tableId = param("id");
const invite = param("invite");
const replay = { data: null, step: 0 };

function showError(error) {
  const box = $("#messages");
  box.replaceChildren(el("p", { class: "error", text: error.message ?? String(error) }));
  box.hidden = false;
}

function go(step) {
  const last = replay.data.steps.length - 1;
  replay.step = Math.max(0, Math.min(last, step));
  render();
}

function render() {
  const { table, layout, steps } = replay.data;
  if (!steps.length) return;
  const game = gameModule(table.game);
  const { view, notation, seat } = steps[replay.step];
  const ctx = { seat: null, legal: [], selection: {}, interactive: false, targets: new Set(), picked: new Set(),
    select: () => {}, onPick: () => {}, caption: (s) => `${seatName(table, s)}: ${view.scores[s]}` };
  $("#table-title").textContent = table.title;
  $("#step-slider").value = String(replay.step);
  $("#step-label").textContent = t("replay.step", { step: replay.step + 1, total: steps.length });
  $("#step-notation").textContent = seat === null || seat === undefined ? notation : `${seatName(table, seat)}: ${notation}`;
  $("#prev").disabled = replay.step === 0;
  $("#next").disabled = replay.step === steps.length - 1;
  renderPlayers($("#scores"), { game, layout, view, table, me: null });
  $("#dice").replaceChildren(...game.dice(layout, view, ctx).filter(Boolean));
  $("#sheets").replaceChildren(...game.sheets(layout, view, ctx));
}

function bind() {
  $("#prev").addEventListener("click", () => go(replay.step - 1));
  $("#next").addEventListener("click", () => go(replay.step + 1));
  $("#first").addEventListener("click", () => go(0));
  $("#last").addEventListener("click", () => go(Infinity));
  $("#step-slider").addEventListener("input", (event) => go(Number(event.target.value)));
  document.addEventListener("keydown", (event) => {
    if (event.target.matches("input, select")) return;
    if (event.key === "ArrowLeft") go(replay.step - 1);
    if (event.key === "ArrowRight") go(replay.step + 1);
  });
}

async function main() {
  await initI18n();
  $("#record-link").href = recordUrl(tableId, invite);
  $("#table-link").href = tableUrl(tableId, invite);
  try {
    replay.data = await api.replay(tableId, invite);
  } catch (error) {
    showError(error);
    return;
  }
  $("#step-slider").max = String(Math.max(0, replay.data.steps.length - 1));
  bind();
  onLanguageChange(render);
  go(replay.data.steps.length - 1);
}

main();
