// The waiting room of a table: its seats (open, a player, a bot), taking a seat
// with a nickname, the invite link to copy, starting and leaving.

import { api, nickname, seats, tableUrl } from "./api.js";
import { $, el } from "./dom.js";
import { t } from "./i18n.js";
import { seatName } from "./players.js";

export function inviteLink(table, invite) {
  return new URL(tableUrl(table.id, invite ?? table.invite), location.href).href;
}

export function renderWaiting(root, { table, invite, mine, onSeated, onError }) {
  const nameInput = $("#nickname", root);
  if (!nameInput.value) nameInput.value = nickname.get();
  $("#seat-list", root).replaceChildren(...table.seats.map((seat, index) => el("li", {
    "data-seat": index, "data-kind": seat.kind, "data-testid": "seat",
  },
  el("span", { class: "name", text: seat.kind === "open" ? t("seat.open") : seatName(table, index) }),
  mine?.seat === index && el("span", { class: "you", "data-i18n": "players.you", text: t("players.you") }),
  seat.kind === "open" && !mine && el("button", {
    type: "button", class: "join", "data-join": index, text: t("waiting.take_seat"),
    onclick: () => join(table, index, nameInput, invite).then(onSeated, onError),
  }))));
  $("#invite-link", root).value = inviteLink(table, invite);
  $("#start", root).disabled = !mine || table.seats.some((seat) => seat.kind === "open");
  $("#leave", root).hidden = !mine;
}

async function join(table, seat, nameInput, invite) {
  const name = nameInput.value.trim();
  if (!name) throw new Error(t("waiting.need_nickname"));
  nickname.set(name);
  const answer = await api.join(table.id, seat, name, invite ?? table.invite);
  seats.set(table.id, answer.seat, answer.token);
  return answer;
}

export function bindWaiting(root, { tableId, onChange, onError }) {
  $("#copy-invite", root).addEventListener("click", () => copy($("#invite-link", root), $("#copied", root)));
  $("#start", root).addEventListener("click", () => {
    api.start(tableId, seats.get(tableId)?.token).then(onChange, onError);
  });
  $("#leave", root).addEventListener("click", () => {
    api.leave(tableId, seats.get(tableId)?.token).then((table) => {
      seats.forget(tableId);
      onChange(table);
    }, onError);
  });
}

async function copy(input, done) {
  try {
    await navigator.clipboard.writeText(input.value);
  } catch {
    input.select();
    document.execCommand("copy");
  }
  done.hidden = false;
  setTimeout(() => { done.hidden = true; }, 2000);
}
