// Friends (docs/web.md "Friends and invitations"): the lobby's card (add by
// user name, each friend with an online dot, a link to the profile and to
// the public tables they sit at, remove; the invitations waiting for you,
// joined or dismissed in one click), and the waiting room's "Invite a
// friend" (one click each). Refusals are told in words next to the list.

import { api, seats, tableUrl } from "./api.js";
import { $, el } from "./dom.js";
import { errorParagraph } from "./errors.js";
import { t } from "./i18n.js";
import { profileUrl } from "./players.js";

// The refusals of /api/friends and /api/invitations, in words.
const REFUSALS = {
  "friend-already": () => t("friends.error_already"),
  yourself: () => t("friends.error_yourself"),
  "no-account": () => t("friends.error_no_account"),
  "not-friend": () => t("invite.error_not_friend"),
  "no-seat": () => t("invite.error_no_seat"),
  "table-full": () => t("invite.error_full"),
};

export function friendError(error) {
  const own = REFUSALS[error?.code];
  if (!own) return errorParagraph(error);
  return el("p", { class: "error", "data-code": error.code }, el("span", { class: "error-text", text: own() }));
}

function say(box, error) {
  box.hidden = !error;
  box.replaceChildren(...(error ? [friendError(error)] : []));
}

// Online friends first, then by name.
function ordered(friends) {
  return [...friends].sort((a, b) => Number(b.online) - Number(a.online) || a.name.localeCompare(b.name));
}

function presenceDot(online) {
  const text = online ? t("friends.online") : t("friends.offline");
  return [el("span", { class: "presence-dot", "data-online": online ? "true" : "false", "aria-hidden": "true" }),
    el("span", { class: "visually-hidden", text })];
}

// --- the lobby's card ---------------------------------------------------------------
const card = { friends: [], invitations: [], titles: {} };

function friendRow(friend, onChange) {
  const box = $("#friends-messages");
  return el("li", { "data-friend": friend.name, "data-online": friend.online ? "true" : "false", "data-testid": "friend" },
    presenceDot(friend.online),
    el("a", { class: "name profile-link", href: profileUrl(friend.name), text: friend.name }),
    friend.tables.length > 0 && el("span", { class: "friend-tables" }, t("friends.at_tables"), " ",
      friend.tables.map((id, index) => [index > 0 && ", ",
        el("a", { href: tableUrl(id), "data-table": id, text: card.titles[id] ?? t("friends.a_table") })])),
    el("button", { type: "button", class: "remove", "data-remove": friend.name, text: t("friends.remove"),
      "aria-label": t("friends.remove_label", { name: friend.name }),
      onclick: async (event) => {
        const button = event.currentTarget;
        button.disabled = true;
        try {
          await api.removeFriend(friend.name);
          say(box, null);
          onChange();
        } catch (error) {
          button.disabled = false;
          say(box, error);
        }
      } }));
}

async function acceptInvitation(invitation) {
  const table = await api.table(invitation.table, invitation.invite);
  const seat = table.seats.findIndex((entry) => entry.kind === "open");
  if (seat < 0) throw Object.assign(new Error(t("invite.error_full")), { code: "table-full" });
  const answer = await api.join(invitation.table, seat, null, invitation.invite);
  seats.set(invitation.table, answer.seat, answer.token);
  await api.dismissInvitation(invitation.id).catch(() => null); // answered: it need not wait any more
  location.href = tableUrl(invitation.table, invitation.invite);
}

function invitationRow(invitation, onChange) {
  const box = $("#friends-messages");
  const act = (call) => async (event) => {
    const buttons = event.currentTarget.closest("li").querySelectorAll("button");
    buttons.forEach((button) => { button.disabled = true; });
    try {
      await call();
      say(box, null);
    } catch (error) {
      say(box, error);
    } finally {
      buttons.forEach((button) => { button.disabled = false; });
      onChange();
    }
  };
  return el("li", { "data-invitation": invitation.id, "data-table": invitation.table, "data-testid": "invitation" },
    el("span", { class: "invitation-text", text: t(invitation.rated ? "friends.invited_rated" : "friends.invited",
      { name: invitation.from, game: invitation.title }) }),
    el("span", { class: "buttons" },
      el("button", { type: "button", class: "primary", "data-accept": invitation.id, text: t("friends.join"),
        onclick: act(() => acceptInvitation(invitation)) }),
      el("button", { type: "button", "data-dismiss": invitation.id, text: t("friends.dismiss"),
        onclick: act(() => api.dismissInvitation(invitation.id)) })));
}

// titles: table id -> title, for the links to friends' tables (the public
// list's). Drawn again only when something shown changed (or `force`: a new
// language), so the polls do not take the focus from a button.
export function renderFriends(titles = card.titles, { force = false, onChange = refreshFriends } = {}) {
  card.titles = titles;
  const shown = card.friends.flatMap((friend) => friend.tables.map((id) => titles[id] ?? null));
  const key = JSON.stringify([card.friends, card.invitations, shown]);
  if (!force && key === card.drawn) return;
  card.drawn = key;
  $("#friend-list").replaceChildren(...ordered(card.friends).map((friend) => friendRow(friend, onChange)));
  $("#no-friends").hidden = card.friends.length > 0;
  $("#invitations").replaceChildren(...card.invitations.map((invitation) => invitationRow(invitation, onChange)));
  $("#invitations-box").hidden = card.invitations.length === 0;
}

export async function refreshFriends() {
  try {
    [card.friends, card.invitations] = await Promise.all([api.friends(), api.invitations()]);
    $("#friends").dataset.ready = "true";
  } catch {
    return; // logged out meanwhile, or the server away: the next poll asks again
  }
  renderFriends();
}

export function bindFriends() {
  const form = $("#friend-form");
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const name = $("#friend-name").value.trim();
    if (!name) return;
    const button = $("#friend-add");
    button.disabled = true;
    const notice = $("#friends-notice");
    notice.hidden = true;
    try {
      const friend = await api.addFriend(name);
      say($("#friends-messages"), null);
      notice.textContent = t("friends.added", { name: friend.name });
      notice.hidden = false;
      form.reset();
      await refreshFriends();
    } catch (error) {
      say($("#friends-messages"), error);
    } finally {
      button.disabled = false;
    }
  });
}

// --- the waiting room: invite a friend --------------------------------------------------
const inviting = { friends: null, loading: null, sent: {} };

function loadFriends(redraw) {
  if (inviting.loading) return;
  inviting.loading = api.friends().then((friends) => {
    inviting.friends = friends;
  }, () => {
    inviting.friends = [];
  }).finally(() => {
    inviting.loading = null;
    redraw();
  });
}

async function sendInvitation(tableId, name, status, redraw) {
  inviting.sent[name] = "sending";
  redraw();
  try {
    await api.invite(name, tableId);
    inviting.sent[name] = "sent";
    status.replaceChildren(el("span", { class: "ok", text: t("invite.sent", { name }) }));
  } catch (error) {
    delete inviting.sent[name];
    status.replaceChildren(friendError(error));
  }
  redraw();
}

// root: #invite-friends; shown to a seated account while a seat is open.
export function renderInviteFriends(root, { table, seated, loggedIn, redraw }) {
  const open = table.seats.some((seat) => seat.kind === "open");
  root.hidden = !(loggedIn && seated && open);
  if (root.hidden) return;
  if (inviting.friends === null) {
    loadFriends(redraw);
    return;
  }
  const status = $("#invite-status", root);
  const taken = new Set(table.seats.filter((seat) => seat.account).map((seat) => seat.nickname));
  const friends = ordered(inviting.friends).filter((friend) => !taken.has(friend.name));
  $("#friend-invites", root).replaceChildren(...friends.map((friend) => {
    const sent = inviting.sent[friend.name];
    return el("li", { "data-friend": friend.name, "data-online": friend.online ? "true" : "false", "data-testid": "invite-friend" },
      presenceDot(friend.online),
      el("span", { class: "name", text: friend.name }),
      el("button", { type: "button", "data-invite": friend.name, disabled: Boolean(sent),
        "aria-label": t("invite.button_label", { name: friend.name }),
        text: sent === "sent" ? t("invite.done") : t("invite.button"),
        onclick: () => sendInvitation(table.id, friend.name, status, redraw) }));
  }));
  $("#no-friends-to-invite", root).hidden = friends.length > 0;
}
