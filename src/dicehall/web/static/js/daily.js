// The daily challenge (docs/server.md, "Daily challenge"): the lobby's card
// with each game's challenge of the day, its leaderboard and the bot's score
// to beat (GET /api/daily; accounts' entries marked verified, their names
// linking to their profiles, or the accounts' entries only), a button that
// starts one's own game of it (POST /api/daily/{game}/play: the account's
// when logged in, else the nickname's), and at the end of a daily game its
// place today and whether it was entered verified.

import { api } from "./api.js";
import { el } from "./dom.js";
import { t } from "./i18n.js";
import { profileUrl } from "./players.js";

// How often the end of a daily game asks again while the bot still plays the dice.
const BOT_POLL_MS = 3000;

// The day's variant in words; none where the title names it (Noch mal's editions).
function variant(item) {
  const [[option, value]] = Object.entries(item.options);
  const key = `option.${item.game}.${option}.${value}`;
  const words = t(key) === key ? `${option} ${value}` : t(key);
  return words === item.title ? null : words;
}

function botLine(item) {
  if (!item.bot) return t("daily.bot_pending");
  const key = `level.${item.bot.bot}`;
  return t("daily.bot", { bot: t(key) === key ? item.bot.bot : t(key), score: item.bot.score });
}

// A verified entry's name links to the account's profile, with the verified mark.
function entryName(entry) {
  if (!entry.verified) return el("span", { class: "name", text: entry.nickname });
  return el("span", { class: "name" },
    el("a", { class: "profile-link", href: profileUrl(entry.nickname), text: entry.nickname }),
    el("span", { class: "verified-mark", "data-testid": "daily-verified", title: t("daily.verified_title"),
      "aria-label": t("daily.verified_title"), text: "✓" }));
}

function leaderboard(item) {
  if (!item.leaderboard.length) {
    return el("p", { class: "help", "data-testid": "daily-empty", text: t(item.verified ? "daily.empty_verified" : "daily.empty") });
  }
  return el("ol", { class: "daily-board", "data-testid": "daily-board" }, item.leaderboard.map((entry) =>
    el("li", { "data-player": entry.nickname, "data-verified": String(entry.verified), "data-testid": "daily-row" },
      el("span", { class: "rank", text: `${entry.rank}.` }),
      entryName(entry),
      el("span", { class: "score", text: entry.score }),
      entry.source === "terminal" ? el("span", { class: "source", text: t("daily.terminal") }) : null)));
}

// The lobby's card: one block per game, each with its Play button.
export function renderDailyCard(node, items, onPlay) {
  node.replaceChildren(...items.map((item) => el("div", { class: "daily-game", "data-game": item.game, "data-testid": "daily-game" },
    el("h3", {}, el("span", { class: "game", text: item.title }),
      variant(item) && [" · ", el("span", { class: "variant", text: variant(item) })]),
    el("p", { class: "help", "data-testid": "daily-bot", text: botLine(item) }),
    leaderboard(item),
    el("p", { class: "help", "data-testid": "daily-entries", text: item.verified
      ? t("daily.entries_verified", { count: item.entries })
      : t("daily.entries", { count: item.entries, verified: item.verified_entries }) }),
    el("button", { type: "button", class: "primary", "data-testid": "daily-play", text: t("daily.play"),
      onclick: () => onPlay(item.game) }))));
}

// The end of a daily game: its place on today's leaderboard and the score to
// beat, asked again while the bot still plays.
export async function renderDailyResult(node, table, replay) {
  const items = await api.daily(table.daily, table.id);
  const item = items.find((entry) => entry.game === table.game);
  const yours = item?.yours;
  if (!yours) return;
  const place = yours.status === "done"
    ? t("daily.result", { day: table.daily, rank: yours.rank, entries: item.entries, score: yours.score })
    : t("daily.abandoned", { day: table.daily, score: yours.score });
  node.replaceChildren(
    el("p", { "data-testid": "daily-place", text: place }),
    el("p", { "data-testid": "daily-bot", text: botLine(item) }),
    el("p", {}, el("a", { href: replay, "data-testid": "daily-review", text: t("daily.review") })),
    el("p", { class: "help", "data-testid": "daily-kind", "data-verified": String(yours.verified),
      text: t(yours.verified ? "daily.yours_verified" : "daily.yours_guest") }));
  node.hidden = false;
  if (!item.bot) setTimeout(() => renderDailyResult(node, table, replay), BOT_POLL_MS);
}
