// The waiting room of a table: its seats (open, a player, a bot; a guest's
// name marked), taking a seat with a nickname (a logged-in player under the
// account's name), the invite link to copy, inviting a friend in one click
// (friends.js), starting and leaving. A rated table says that only accounts
// may sit; a turn-based one its limit, and that the seat waits for you.

import { account, api, nickname, seats, tableUrl } from "./api.js";
import { $, el } from "./dom.js";
import { renderInviteFriends } from "./friends.js";
import { t } from "./i18n.js";
import { guestBadge, isTurnBased, limitText, nameNode } from "./players.js";

export function inviteLink(table, invite) {
  return new URL(tableUrl(table.id, invite ?? table.invite), location.href).href;
}

export function renderWaiting(root, { table, invite, mine, onSeated, onError, redraw = () => {} }) {
  const nameInput = $("#nickname", root);
  if (!nameInput.value) nameInput.value = nickname.get();
  const name = account();
  // a guest cannot sit at a rated table: told so, with the way to the lobby's login
  const refused = Boolean(table.rated && !name);
  $("#waiting-guest", root).hidden = Boolean(name) || refused;
  $("#waiting-member", root).hidden = !name;
  $("#waiting-name", root).textContent = name ?? "";
  const note = $("#rated-note", root);
  note.hidden = !table.rated;
  note.dataset.state = refused ? "refused" : "ok";
  note.replaceChildren(...(!table.rated ? [] : refused
    ? [t("waiting.rated_guest"), " ", el("a", { href: "index.html", text: t("over.to_lobby") })]
    : [t("waiting.rated")]));
  const turn = $("#turn-note", root);
  turn.hidden = !isTurnBased(table);
  turn.textContent = isTurnBased(table) ? [t("turn.waiting_note", { limit: limitText(table.timer.seconds) }),
    table.timer.takeover ? t("turn.takeover_note") : t("turn.no_takeover_note")].join(" ") : "";
  $("#seat-list", root).replaceChildren(...table.seats.map((seat, index) => el("li", {
    "data-seat": index, "data-kind": seat.kind, "data-testid": "seat",
  },
  seat.kind === "open" ? el("span", { class: "name", text: t("seat.open") }) : nameNode(table, index),
  guestBadge(table, index),
  mine?.seat === index && el("span", { class: "you", "data-i18n": "players.you", text: t("players.you") }),
  seat.kind === "open" && !mine && el("button", {
    type: "button", class: "join", "data-join": index, text: t("waiting.take_seat"), disabled: refused,
    title: refused ? t("error.http.account-needed") : null,
    onclick: () => join(table, index, nameInput, invite).then(onSeated, onError),
  }))));
  $("#invite-link", root).value = inviteLink(table, invite);
  $("#start", root).disabled = !mine || table.seats.some((seat) => seat.kind === "open");
  $("#leave", root).hidden = !mine;
  renderInviteFriends($("#invite-friends", root), { table, seated: Boolean(mine), loggedIn: Boolean(name), redraw });
}

async function join(table, seat, nameInput, invite) {
  if (account()) {
    const answer = await api.join(table.id, seat, null, invite ?? table.invite);
    seats.set(table.id, answer.seat, answer.token);
    return answer;
  }
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
