// The account's own tables (GET /api/my/tables, docs/web.md "Your games"):
// the lobby's card listing them ("Your turn" first, with the time left),
// the tab title's count of tables where it is your turn, polled every 20 s
// and when the page comes back into view, and the opt-in browser
// notification when a table turns to you (asked only on a click, the choice
// kept in localStorage).

import { account, api, tableUrl } from "./api.js";
import { bindNotifyBox } from "./attention.js";
import { el } from "./dom.js";
import { t } from "./i18n.js";
import { ratedMark, relativeTime, seatName, turnMark } from "./players.js";

const POLL_MS = 20000;
const NOTIFY = "dicehall.notify.turns";

// The tables where it is the account's turn, but for `except` (the open table page's).
export function turnCount(tables, except = null) {
  return (tables ?? []).filter((table) => table.your_turn && table.id !== except).length;
}

// "(2) Dicehall": a title with the count in front (none when 0); an earlier count replaced.
export function countedTitle(count, title = document.title) {
  const base = title.replace(/^\(\d+\) /, "");
  return count > 0 ? `(${count}) ${base}` : base;
}

// Poll the account's tables while logged in: onTables(tables) after each
// answer (an empty list for a guest). The poll's `refresh()` asks at once.
export function watchMyTables(onTables, interval = POLL_MS) {
  let busy = false;
  const refresh = async () => {
    if (busy) return;
    if (!account()) {
      onTables([]);
      return;
    }
    busy = true;
    try {
      onTables(await api.myTables());
    } catch {
      // the next poll asks again; a lost login shows as a guest (api.js)
    } finally {
      busy = false;
    }
  };
  setInterval(refresh, interval);
  window.addEventListener("focus", refresh);
  document.addEventListener("visibilitychange", () => document.visibilityState === "visible" && refresh());
  return refresh;
}

// --- the lobby's card ---------------------------------------------------------------
function others(table) {
  return table.seats.map((seat, index) => ({ seat, index })).filter(({ index }) => index !== table.seat);
}

function opponents(table) {
  const named = others(table).filter(({ seat }) => seat.kind !== "open").map(({ index }) => seatName(table, index));
  const open = others(table).filter(({ seat }) => seat.kind === "open").length;
  const parts = [];
  if (named.length) parts.push(t("mine.against", { names: named.join(", ") }));
  if (open) parts.push(open === 1 ? t("mine.open_seat") : t("mine.open_seats", { count: open }));
  return parts.join(" · ");
}

function turnState(table) {
  if (table.your_turn) {
    return [el("strong", { class: "your-turn-mark", "data-testid": "your-turn", text: t("mine.your_turn") }),
      table.deadline && el("span", { class: "deadline", "data-deadline": table.deadline,
        text: t("mine.deadline", { when: relativeTime(table.deadline) }) })];
  }
  if (table.status === "waiting") return [el("span", { class: "waiting", text: t("mine.waiting") })];
  // the seats deciding now (the server's `deciders`), named
  const deciding = (table.deciders ?? []).filter((seat) => seat !== table.seat);
  const text = deciding.length
    ? t("status.waiting_for", { names: deciding.map((seat) => seatName(table, seat)).join(", ") })
    : t("mine.others_turn");
  return [el("span", { class: "their-turn", text })];
}

// Drawn again only when something shown changed (or `force`: a new language).
// `tables` is null while a new session's are not known yet: nothing is shown
// then (neither the last session's rows nor "no table"), and the list is busy.
export function renderMyTables(list, empty, tables, force = false) {
  const key = tables === null ? "" : JSON.stringify(tables.map((table) => [table.id, table.your_turn,
    table.status, table.version, table.deadline && relativeTime(table.deadline)]));
  if (!force && key === list.dataset.drawn) return;
  list.dataset.drawn = key;
  list.setAttribute("aria-busy", String(tables === null));
  list.replaceChildren(...(tables ?? []).map((table) => el("li", {
    "data-table": table.id, "data-your-turn": table.your_turn ? "true" : "false", "data-status": table.status,
    "data-testid": "my-table", class: table.your_turn ? "your-turn" : null,
  }, el("a", { href: tableUrl(table.id, table.invite), class: "open-table" },
    el("span", { class: "title-line" }, el("span", { class: "game", text: table.title }), ratedMark(table), turnMark(table)),
    el("span", { class: "opponents", text: opponents(table) }),
    el("span", { class: "turn-state" }, turnState(table))))));
  empty.hidden = tables === null || tables.length > 0;
}

// --- notifications --------------------------------------------------------------------
const known = { turns: null };

function notifyOn() {
  return "Notification" in window && Notification.permission === "granted" && localStorage.getItem(NOTIFY) === "on";
}

// After each poll: a notification for every table that has just turned to
// the account (none for those already its turn when the page opened), while
// the page is not in front.
export function notifyNewTurns(tables) {
  const now = new Set(tables.filter((table) => table.your_turn).map((table) => table.id));
  const before = known.turns;
  known.turns = now;
  if (!before || !notifyOn() || document.hasFocus()) return;
  for (const table of tables.filter((item) => now.has(item.id) && !before.has(item.id))) {
    try {
      const note = new Notification(t("turn.notify_title"), { body: t("turn.notify_body", { title: table.title }),
        tag: `dicehall-turn-${table.id}` });
      note.onclick = () => {
        window.focus();
        location.href = tableUrl(table.id, table.invite);
        note.close();
      };
    } catch {
      // some browsers only notify from a service worker: the title still counts
    }
  }
}

// The opt-in box: permission is asked only when it is ticked.
export function bindTurnNotify(box, help, onError) {
  if (!("Notification" in window)) help.textContent = t("mine.notify_unsupported");
  bindNotifyBox(box, NOTIFY, onError);
}
