// Hints: the player asks for the hard level's choice ({"type": "hint",
// "version"}), sees it in words and may play it with one click. A seat that
// asked is marked for good (the server stores the mark before it answers);
// rated tables and the daily challenge offer no hints (`hints_allowed`).

import { $ } from "./dom.js";
import { t } from "./i18n.js";

const hint = { version: null, answer: null, asking: false };

// Ask for a hint on the decision at `version`; false if one is on its way.
export function askHint(send, version) {
  if (hint.asking || hint.version !== version) return false;
  if (!send({ type: "hint", version })) return false;
  hint.asking = true;
  return true;
}

export function receiveHint(message, table) {
  if (message.version !== hint.version) return;
  hint.answer = message;
  hint.asking = false;
  if (!table.hints.includes(message.seat)) table.hints = [...table.hints, message.seat].sort();
}

export function hintRefused() {
  hint.asking = false;
}

export function hinted() {
  return hint.answer?.action ?? null;
}

// The hint box of the table page: `describe(action)` words an action.
export function renderHint({ table, message, interactive, describe }) {
  const box = $("#hint-box");
  const seat = message?.seat ?? null;
  box.hidden = !table.hints_allowed || seat === null;
  if (box.hidden) return;
  if (hint.version !== message.version) Object.assign(hint, { version: message.version, answer: null, asking: false });
  $("#hint").disabled = !interactive || hint.asking || Boolean(hint.answer);
  $("#hint-text").textContent = hint.asking ? t("hint.thinking")
    : hint.answer ? t("hint.suggest", { action: describe(hint.answer.action) }) : "";
  $("#hint-play").hidden = !hint.answer || !interactive;
  $("#hints-used").hidden = !(table.hints ?? []).includes(seat);
}
