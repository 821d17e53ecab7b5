// The players panel (#scores): names, scores, whose turn, presence
// (connected, offline, away with a bot playing for them, bot), timers
// counting down to the deadlines of the state message for every deciding
// seat, each game's extra line, and a button to mute a player's chat; a
// guest's name has a "guest" badge, a rated table a "rated" mark; an
// account's name links to its profile; a turn-based table has its mark (the
// limit per decision) and each seat its missed limits.

import { el } from "./dom.js";
import { t } from "./i18n.js";
import { variantLabel } from "./variants.js";

export function seatName(table, seat) {
  const entry = table?.seats?.[seat];
  if (entry?.nickname) return entry.nickname;
  if (entry?.kind === "bot") return t("seat.bot", { level: t(`level.${entry.level}`) });
  return t("seat.name", { number: seat + 1 });
}

// connected, offline (the page is closed; the seat is kept for a while),
// away (a bot plays the seat) or bot.
export function presence(table, seat) {
  const entry = table?.seats?.[seat];
  if (!entry || entry.kind === "bot") return "bot";
  if (entry.away) return "away";
  return entry.connected ? "connected" : "offline";
}

function presenceText(state, name) {
  if (state === "away") return t("presence.away", { name });
  if (state === "offline") return t("presence.offline");
  if (state === "bot") return t("presence.bot");
  return t("presence.connected");
}

export function renderPlayers(node, { game, layout, view, table, me, deadlines = {}, banks = {}, mute = null }) {
  const deciders = new Set(view.deciders ?? []);
  node.replaceChildren(...view.scores.map((score, seat) => {
    const extra = game.extras(layout, view, seat);
    const state = presence(table, seat);
    const name = seatName(table, seat);
    const nickname = table?.seats?.[seat]?.nickname;
    return el("li", {
      "data-seat": seat, "data-testid": "player", "data-turn": deciders.has(seat) ? "true" : "false",
      "data-me": seat === me ? "true" : null, "data-presence": state,
      class: [deciders.has(seat) ? "turn" : null, seat === me ? "me" : null].filter(Boolean).join(" ") || null,
    },
    el("span", { class: "presence-dot", "aria-hidden": "true" }),
    nameNode(table, seat),
    guestBadge(table, seat),
    missesMark(table, seat),
    seat === me && el("span", { class: "you", "data-i18n": "players.you", text: t("players.you") }),
    deciders.has(seat) && el("span", { class: "turn-mark", text: t("table.deciding") }),
    el("span", { class: "score", "data-score": score, text: score }),
    timer(seat, deadlines, banks),
    el("span", { class: "presence", "data-testid": "presence", text: presenceText(state, name) }),
    mute && nickname && seat !== me && mute.button(nickname),
    extra && el("span", { class: "extra" }, extra));
  }));
  tick(node);
}

function timer(seat, deadlines, banks) {
  const deadline = deadlines[seat] ?? deadlines[String(seat)];
  const bank = banks[seat] ?? banks[String(seat)];
  if (deadline === undefined && bank === undefined) return null;
  return el("span", { class: "timer", "data-timer": seat, "data-deadline": deadline ?? null, "data-bank": bank ?? null });
}

// m:ss; an hour or more h:mm:ss; a day or more "2 d 5 h" (turn-based limits).
export function clock(seconds) {
  const s = Math.max(0, Math.ceil(seconds));
  const pad = (n) => String(n).padStart(2, "0");
  if (s >= 86400) return t("turn.days_hours", { days: Math.floor(s / 86400), hours: Math.floor((s % 86400) / 3600) });
  if (s >= 3600) return `${Math.floor(s / 3600)}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
  return `${Math.floor(s / 60)}:${pad(s % 60)}`;
}

// Update every timer under root: a deadline counts down, a bank stands still.
export function tick(root) {
  const now = Date.now() / 1000;
  for (const node of root.querySelectorAll("[data-timer]")) {
    const left = node.dataset.deadline ? Number(node.dataset.deadline) - now : Number(node.dataset.bank);
    node.textContent = clock(left);
    node.classList.toggle("urgent", Boolean(node.dataset.deadline) && left < 5);
  }
}

export function finalScores(node, view, table) {
  const order = view.scores.map((score, seat) => ({ score, seat })).sort((a, b) => b.score - a.score);
  node.replaceChildren(...order.map(({ score, seat }) => el("li", { "data-seat": seat },
    el("span", { class: "name", text: seatName(table, seat) }),
    el("span", { class: "score", "data-score": score, text: score }))));
}

// A human seat not held by an account is a guest's (table JSON `account`).
export function isGuest(table, seat) {
  const entry = table?.seats?.[seat];
  return entry?.kind === "human" && entry.account === false;
}

// The "guest" badge after a guest's name, or null.
export function guestBadge(table, seat) {
  if (!isGuest(table, seat)) return null;
  return el("span", { class: "guest-badge", "data-testid": "guest-badge", title: t("players.guest_title"),
    text: t("players.guest") });
}

// The "rated" mark of a rated table (its variant in the title), or null.
export function ratedMark(table) {
  if (!table?.rated) return null;
  const variant = variantLabel(table.game, table.variant);
  return el("span", { class: "rated-mark", "data-testid": "rated-mark",
    title: variant ? t("table.rated_title_variant", { variant }) : t("table.rated_title"), text: t("table.rated") });
}

// --- accounts' names, turn-based tables ------------------------------------------
export function profileUrl(name) {
  return `profile.html?name=${encodeURIComponent(name)}`;
}

// A seat's name: a link to the profile when an account holds the seat.
export function nameNode(table, seat, cls = "name") {
  const entry = table?.seats?.[seat];
  const text = seatName(table, seat);
  if (entry?.kind === "human" && entry.account && entry.nickname) {
    return el("a", { class: `${cls} profile-link`, href: profileUrl(entry.nickname), text });
  }
  return el("span", { class: cls, text });
}

export function isTurnBased(table) {
  return table?.timer?.kind === "turn";
}

function language() {
  return document.documentElement.lang || "en";
}

// A limit in words: "1 hour", "12 hours", "3 days" (in the page's language).
export function limitText(seconds) {
  const days = seconds / 86400;
  const [value, unit] = Number.isInteger(days) ? [days, "day"] : [Math.round(seconds / 3600), "hour"];
  try {
    return new Intl.NumberFormat(language(), { style: "unit", unit, unitDisplay: "long" }).format(value);
  } catch {
    return `${value} ${unit}`;
  }
}

// A unix time from now in words: "in 23 hours", "in 2 days", "in 5 minutes".
export function relativeTime(at, now = Date.now() / 1000) {
  const left = at - now;
  const [value, unit] = Math.abs(left) >= 2 * 86400 ? [left / 86400, "day"]
    : Math.abs(left) >= 3600 ? [left / 3600, "hour"] : [Math.max(left, 0) / 60, "minute"];
  try {
    return new Intl.RelativeTimeFormat(language(), { numeric: "auto" }).format(Math.round(value), unit);
  } catch {
    return `${Math.round(value)} ${unit}`;
  }
}

// The "turn-based · 1 day" mark of a turn-based table (the takeover in its title), or null.
export function turnMark(table) {
  if (!isTurnBased(table)) return null;
  const { seconds, takeover } = table.timer;
  return el("span", { class: "turn-based-mark", "data-testid": "turn-based-mark", "data-seconds": seconds,
    "data-takeover": takeover ? "true" : "false",
    title: takeover ? t("turn.mark_title_takeover", { limit: limitText(seconds) }) : t("turn.mark_title", { limit: limitText(seconds) }),
    text: t("turn.mark", { limit: limitText(seconds) }) });
}

// "missed 1": the limits a seat let pass at a turn-based table, or null.
export function missesMark(table, seat) {
  const misses = table?.seats?.[seat]?.misses ?? 0;
  if (!misses || !isTurnBased(table)) return null;
  return el("span", { class: "misses", "data-testid": "misses", "data-misses": misses,
    title: table.timer.takeover ? t("turn.misses_title_takeover") : t("turn.misses_title"),
    text: t("turn.missed", { count: misses }) });
}
