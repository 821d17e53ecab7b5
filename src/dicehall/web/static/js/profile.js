// A player's profile: profile.html?name=NAME (GET /api/profiles/{name}, docs/web.md
// "Profiles"). The name, member since, online or not; a card per game and
// variant with the rating, a small SVG graph of it game by game, games and
// wins; games played and won; the best solo score of each game and sheet
// (with its replay); the finished games (newest first) with their replays and
// a link downloading every record. A logged-in viewer of another's profile
// adds or removes the friend and blocks or unblocks the account. No such
// account: "no such player".

import { account, api, community, loadSession, profileRecordsUrl, replayUrl } from "./api.js";
import { $, el, param } from "./dom.js";
import { errorParagraph } from "./errors.js";
import { svg } from "./games/common.js";
import { currentLanguage, initI18n, onLanguageChange, t } from "./i18n.js";
import { profileUrl } from "./players.js";
import { variantLabel } from "./variants.js";

const name = param("name");
const state = { profile: null, games: {}, friend: false, blocked: false, busy: false };

// --- words ------------------------------------------------------------------

function gameTitle(game) {
  return state.games[game] ?? game;
}

function gameAndVariant(game, variant) {
  const label = variantLabel(game, variant);
  return label ? `${gameTitle(game)} · ${label}` : gameTitle(game);
}

function date(seconds, withTime = false) {
  const options = withTime ? { dateStyle: "medium", timeStyle: "short" } : { dateStyle: "medium" };
  return new Date(seconds * 1000).toLocaleString(currentLanguage(), options);
}

function playerName(entry) {
  if (entry.startsWith("bot:")) return t("seat.bot", { level: t(`level.${entry.slice(4)}`) });
  return entry;
}

function signed(delta) {
  return delta >= 0 ? `+${delta}` : `−${-delta}`;
}

// --- the head: name, online, since, totals, friend and block ----------------

function renderHead(profile) {
  $("#profile-name").textContent = profile.name;
  const dot = $("#profile-online");
  dot.dataset.online = String(profile.online);
  dot.setAttribute("aria-label", t(profile.online ? "profile.online" : "profile.offline"));
  dot.title = dot.getAttribute("aria-label");
  $("#profile-since").textContent = `${t(profile.online ? "profile.online" : "profile.offline")} · ${
    t("profile.since", { date: date(profile.since) })}`;
  const totals = [["profile.played", profile.played, "played"], ["profile.won", profile.won, "won"]];
  $("#profile-totals").replaceChildren(...totals.map(([key, value, kind]) => el("div", { class: "total", "data-kind": kind },
    el("dt", { text: t(key) }), el("dd", { "data-testid": `profile-${kind}`, text: value }))));
  document.title = `${profile.name} · ${t("app.name")}`;
  renderActions();
}

function own() {
  return account() !== null && state.profile !== null && account() === state.profile.name;
}

function renderActions() {
  const shown = account() !== null && state.profile !== null && !own();
  $("#profile-actions").hidden = !shown;
  if (!shown) return;
  const friend = $("#friend-toggle");
  friend.textContent = t(state.friend ? "profile.remove_friend" : "profile.add_friend");
  friend.setAttribute("aria-pressed", String(state.friend));
  friend.classList.toggle("primary", !state.friend);
  friend.disabled = state.busy;
  const block = $("#block-toggle");
  block.textContent = t(state.blocked ? "profile.unblock" : "profile.block");
  block.setAttribute("aria-pressed", String(state.blocked));
  block.title = t(state.blocked ? "profile.unblock_title" : "profile.block_title", { name: state.profile.name });
  block.disabled = state.busy;
}

function notice(text) {
  const node = $("#profile-notice");
  node.hidden = !text;
  node.textContent = text ?? "";
}

function refused(error) {
  const box = $("#profile-messages");
  box.hidden = !error;
  if (!error) box.replaceChildren();
  else if (error.code === "friend-already") box.replaceChildren(el("p", { class: "error", "data-code": error.code, text: t("profile.friend_already") }));
  else box.replaceChildren(errorParagraph(error));
}

// What the viewer has with the profile's account: friend? blocked?
async function loadRelations() {
  state.friend = false;
  state.blocked = false;
  if (account() === null || own()) return;
  const [friends, blocks] = await Promise.all([api.friends(), community.blocks()]);
  state.friend = friends.some((friend) => friend.name === state.profile.name);
  state.blocked = blocks.includes(state.profile.name);
}

async function toggle(call, change, said) {
  if (state.busy) return;
  state.busy = true;
  notice(null);
  refused(null);
  renderActions();
  try {
    await call(state.profile.name);
    change();
    notice(t(said(), { name: state.profile.name }));
  } catch (error) {
    refused(error);
  } finally {
    state.busy = false;
    renderActions();
  }
}

function bindActions() {
  $("#friend-toggle").addEventListener("click", () => {
    const adding = !state.friend;
    toggle(adding ? api.addFriend : api.removeFriend, () => { state.friend = adding; },
      () => (adding ? "profile.friend_added" : "profile.friend_removed"));
  });
  $("#block-toggle").addEventListener("click", () => {
    const blocking = !state.blocked;
    toggle(blocking ? community.block : community.unblock, () => { state.blocked = blocking; },
      () => (blocking ? "profile.blocked" : "profile.unblocked"));
  });
}

// --- ratings: a card per game and variant, with its graph --------------------

const GRAPH = { width: 320, height: 150, left: 42, right: 12, top: 12, bottom: 30 };

// Three round values spanning the ratings, for the y axis.
function ticks(low, high) {
  const span = Math.max(high - low, 20);
  const step = [5, 10, 20, 25, 50, 100, 200, 250, 500].find((s) => span / s <= 4) ?? 1000;
  const from = Math.floor(low / step) * step;
  const to = Math.max(Math.ceil(high / step) * step, from + step);
  const values = [];
  for (let v = from; v <= to + 1e-9; v += step) values.push(v);
  return values;
}

// The rating after each game (the first point: before the first), as a line.
export function ratingGraph(entry, who) {
  const { width, height, left, right, top, bottom } = GRAPH;
  const history = entry.history.length ? entry.history : [[null, entry.rating]];
  const ratings = history.map(([, rating]) => rating);
  const values = ticks(Math.min(...ratings), Math.max(...ratings));
  const low = values[0];
  const high = values.at(-1);
  const plotW = width - left - right;
  const plotH = height - top - bottom;
  const inset = 8; // the first and last points clear of the axis and the edge
  const x = (i) => left + inset + (history.length > 1 ? (i / (history.length - 1)) * (plotW - 2 * inset) : (plotW - 2 * inset) / 2);
  const y = (rating) => top + plotH - ((rating - low) / (high - low)) * plotH;
  const label = gameAndVariant(entry.game, entry.variant);
  const first = ratings[0];
  const last = ratings.at(-1);
  const id = `graph-${entry.game}-${entry.variant}`.replace(/[^\w-]/g, "_");
  const desc = t("profile.graph_desc", {
    games: entry.games, from: Math.round(first), to: Math.round(last),
    low: Math.round(Math.min(...ratings)), high: Math.round(Math.max(...ratings)),
  });
  const dated = history.filter(([at]) => at !== null);
  const points = history.map(([at, rating], i) => svg("circle", {
    cx: x(i).toFixed(1), cy: y(rating).toFixed(1), r: i === history.length - 1 ? 4 : 2.5, class: i === history.length - 1 ? "last" : null,
  }, svg("title", {}, i === 0 && history.length > 1
    ? t("profile.graph_start", { rating: Math.round(rating), date: at === null ? "" : date(at) })
    : t("profile.graph_point", { game: i, rating: Math.round(rating), date: at === null ? "" : date(at) }))));
  return svg("svg", {
    class: "rating-graph", "data-testid": "rating-graph", viewBox: `0 0 ${width} ${height}`, role: "img",
    "aria-labelledby": `${id}-title ${id}-desc`, "data-points": history.length,
    "font-family": "system-ui, 'DejaVu Sans', Verdana, sans-serif",
  },
  svg("title", { id: `${id}-title` }, t("profile.graph_title", { name: who, game: label })),
  svg("desc", { id: `${id}-desc` }, desc),
  values.map((v) => [
    svg("line", { x1: left, x2: width - right, y1: y(v), y2: y(v), class: "grid" }),
    svg("text", { x: left - 6, y: y(v) + 4, "text-anchor": "end", class: "tick" }, String(v)),
  ]),
  svg("line", { x1: left, x2: left, y1: top, y2: top + plotH, class: "axis" }),
  svg("line", { x1: left, x2: width - right, y1: top + plotH, y2: top + plotH, class: "axis" }),
  dated.length && svg("text", { x: left + inset, y: height - 10, "text-anchor": "start", class: "tick" }, date(dated[0][0])),
  dated.length > 1 && date(dated[0][0]) !== date(dated.at(-1)[0]) &&
    svg("text", { x: width - right, y: height - 10, "text-anchor": "end", class: "tick" }, date(dated.at(-1)[0])),
  history.length > 1 && svg("polyline", {
    class: "line", points: history.map(([, rating], i) => `${x(i).toFixed(1)},${y(rating).toFixed(1)}`).join(" "),
  }),
  points);
}

function ratingCard(entry, who) {
  const history = entry.history;
  const start = history.length ? history[0][1] : entry.rating;
  const delta = Math.round(entry.rating) - Math.round(start);
  return el("article", { class: "rating-card", "data-testid": "rating-card", "data-game": entry.game, "data-variant": entry.variant },
    el("h3", {}, el("span", { class: "game", text: gameTitle(entry.game) }),
      entry.variant && el("span", { class: "variant", text: variantLabel(entry.game, entry.variant) })),
    el("p", { class: "rating-line" },
      el("span", { class: "rating", "data-testid": "rating-value", "data-rating": entry.rating, text: Math.round(entry.rating) }),
      history.length > 1 && el("span", { class: delta >= 0 ? "delta up" : "delta down", text: t("profile.since_start", { delta: signed(delta) }) })),
    ratingGraph(entry, who),
    el("p", { class: "counts", "data-testid": "rating-counts", text: t("profile.games_wins", { games: entry.games, wins: entry.wins }) }));
}

// --- best solo scores and the finished games ---------------------------------

function soloItem(best) {
  return el("li", { "data-game": best.game, "data-variant": best.variant ?? "", "data-testid": "best-solo-item" },
    el("span", { class: "game", text: gameAndVariant(best.game, best.variant) }),
    el("span", { class: "score", text: best.score }),
    el("a", { href: replayUrl(best.table), "data-testid": "best-solo-replay", text: t("profile.replay") }));
}

function resultText(game) {
  if (game.players.length <= 1) return t("profile.result.solo");
  return game.won ? t("profile.result.won") : t("profile.result.lost");
}

function ratingCell(rating) {
  const label = t("profile.col.rating");
  if (!rating) return el("td", { class: "num rating-change", "data-label": label, text: "—" });
  const delta = Math.round(rating.after) - Math.round(rating.before);
  return el("td", {
    class: `num rating-change ${delta >= 0 ? "up" : "down"}`, "data-testid": "game-rating", "data-label": label,
    "data-before": rating.before, "data-after": rating.after,
    title: t("profile.rating_change_title", { before: Math.round(rating.before), after: Math.round(rating.after) }),
  }, el("span", { class: "after", text: Math.round(rating.after) }), " ",
  el("span", { class: "delta", text: `(${signed(delta)})` }));
}

function playersCell(game, who) {
  const names = game.players.map((entry, seat) => {
    const text = playerName(entry);
    if (seat === game.seat) return el("strong", { class: "self", text });
    if (entry.startsWith("bot:")) return el("span", { class: "bot", text });
    if (!game.accounts?.[seat]) return el("span", { class: "guest", text }); // a guest has no profile
    return el("a", { class: "profile-link", href: profileUrl(entry), text });
  });
  return el("td", { class: "players", "data-testid": "game-players", title: who },
    names.flatMap((node, i) => (i ? [", ", node] : [node])));
}

function gameRow(game, who) {
  return el("tr", { "data-table": game.table, "data-game": game.game, "data-testid": "profile-game", "data-won": String(game.won),
    class: game.won ? "won" : null },
  el("td", { class: "date", text: date(game.created, true) }),
  el("td", { class: "game" }, el("span", { text: gameTitle(game.game) }),
    game.variant && el("span", { class: "variant", text: variantLabel(game.game, game.variant) }),
    game.rated && el("span", { class: "rated-badge", text: t("profile.rated") })),
  playersCell(game, who),
  el("td", { class: "num score", "data-label": t("profile.col.score"), text: game.score ?? "—" }),
  el("td", { class: "result", "data-testid": "game-result", text: resultText(game) }),
  ratingCell(game.rating),
  el("td", { class: "replay" }, el("a", { href: replayUrl(game.table), "data-testid": "game-replay", text: t("profile.replay") })));
}

function render() {
  const profile = state.profile;
  if (!profile) return;
  renderHead(profile);
  $("#ratings-none").hidden = profile.ratings.length > 0;
  $("#rating-cards").replaceChildren(...profile.ratings.map((entry) => ratingCard(entry, profile.name)));
  $("#solo-none").hidden = profile.best_solo.length > 0;
  $("#best-solo").replaceChildren(...profile.best_solo.map(soloItem));
  $("#games-none").hidden = profile.games.length > 0;
  $("#profile-games").hidden = profile.games.length === 0;
  $("#profile-game-rows").replaceChildren(...profile.games.map((game) => gameRow(game, profile.name)));
  $("#games-more").hidden = profile.played <= profile.games.length;
  $("#games-more").textContent = t("profile.games_more", { shown: profile.games.length, played: profile.played });
  const records = $("#records-link");
  records.href = profileRecordsUrl(profile.name);
  records.hidden = profile.played === 0;
}

function missing() {
  const node = $("#profile-missing");
  node.textContent = name ? t("profile.missing", { name }) : t("profile.no_name");
  node.hidden = false;
  $("#profile").hidden = true;
}

async function main() {
  await initI18n();
  onLanguageChange(() => (state.profile ? render() : !$("#profile-missing").hidden && missing()));
  bindActions();
  try {
    if (!name) {
      missing();
      return;
    }
    const [profile, games] = await Promise.all([
      community.profile(name), api.games().catch(() => []), loadSession(),
    ]);
    state.profile = profile;
    state.games = Object.fromEntries(games.map((game) => [game.name, game.title]));
    await loadRelations().catch(refused);
    $("#profile").hidden = false;
    render();
  } catch (error) {
    if (error?.status === 404) missing();
    else {
      const box = $("#messages");
      box.replaceChildren(errorParagraph(error));
      box.hidden = false;
    }
  } finally {
    document.body.dataset.ready = "true";
  }
}

main();
