// The end of a game (#game-over) from the state message's `summary`: the
// winners and how ties were broken (#winners, the engine's words), each
// seat's score by the game's own categories (#breakdown), the solo rating
// band (#solo-rating), rating changes (#rating-changes), and the rematch
// (#rematch, #rematch-offer) from the state's `rematch`.

import { $, el } from "./dom.js";
import { t } from "./i18n.js";
import { seatName } from "./players.js";
import { describe, word as term } from "./words.js";

function names(table) {
  return table.seats.map((_, seat) => seatName(table, seat));
}

function order(summary, count) {
  const places = summary?.places ?? [];
  return [...Array(count).keys()].sort((a, b) => (places[a] ?? 0) - (places[b] ?? 0) || a - b);
}

export function renderWinners(node, summary, table) {
  const who = names(table);
  // the solo rating has a line of its own (#solo-rating)
  const explain = (summary?.explain ?? []).filter((event) => event.key !== "common.rating");
  const lines = explain.length ? explain.map((event) => el("p", {
    class: "explain", "data-key": event.key, "data-testid": "winner-line", text: describe(event, who),
  })) : (summary?.winners ?? []).map((seat) => el("p", { class: "explain", text: t("over.winner", { name: who[seat] }) }));
  node.replaceChildren(...lines);
  node.dataset.winners = (summary?.winners ?? []).join(" ");
}

export function renderBreakdown(node, summary, table, game) {
  const parts = summary?.parts ?? [];
  const columns = (parts.find((row) => row?.length) ?? []).map((part) => part.name);
  const seats = order(summary, table.seats.length);
  const head = el("tr", {},
    el("th", { scope: "col", text: t("over.place") }),
    el("th", { scope: "col", text: t("over.player") }),
    columns.map((name) => el("th", { scope: "col", "data-part": name, text: term(`${game}.part.${name}`, name) })),
    el("th", { scope: "col", text: t("over.total") }));
  const rows = seats.map((seat) => {
    const values = Object.fromEntries((parts[seat] ?? []).map((part) => [part.name, part.value]));
    const winner = summary?.winners?.includes(seat);
    return el("tr", { "data-seat": seat, class: winner ? "winner" : null },
      el("td", { class: "place", text: summary?.places?.[seat] ?? "" }),
      el("th", { scope: "row", class: "name", text: seatName(table, seat) }),
      columns.map((name) => el("td", { "data-part": name, text: values[name] ?? "" })),
      el("td", { class: "total", "data-score": summary?.scores?.[seat] ?? "", text: summary?.scores?.[seat] ?? "" }));
  });
  node.replaceChildren(el("thead", {}, head), el("tbody", {}, rows));
  node.hidden = !summary;
}

export function renderRatings(solo, list, summary, table) {
  solo.hidden = !summary?.rating;
  solo.textContent = summary?.rating ? t("over.solo_rating", { band: summary.rating }) : "";
  const changes = Object.entries(summary?.ratings ?? {});
  list.hidden = !changes.length;
  list.replaceChildren(...changes.map(([seat, { before, after }]) => {
    const delta = Math.round(after) - Math.round(before);
    return el("li", { "data-seat": seat, "data-before": before, "data-after": after, "data-testid": "rating-change" },
      el("span", { class: "name", text: seatName(table, Number(seat)) }),
      el("span", { class: "change", text: t("over.rating_change", {
        before: Math.round(before), after: Math.round(after), delta: delta >= 0 ? `+${delta}` : `−${-delta}`,
      }) }));
  }));
}

// The rematch: offer it, accept another's offer, or follow it to the new table.
export function renderRematch(root, { rematch, table, seat, onRematch }) {
  const button = $("#rematch", root);
  const offer = $("#rematch-offer", root);
  const accepted = rematch?.seats ?? [];
  const who = accepted.map((s) => seatName(table, s)).join(", ");
  offer.hidden = !rematch;
  offer.textContent = rematch ? t("over.rematch_offer", { names: who }) : "";
  offer.dataset.table = rematch?.table ?? "";
  const seated = seat !== null && seat !== undefined;
  button.hidden = !seated && !rematch;
  if (!seated) {
    button.textContent = t("over.rematch_watch");
    button.onclick = () => onRematch("watch", rematch.table);
  } else if (!rematch) {
    button.textContent = t("over.rematch");
    button.onclick = () => onRematch("offer");
  } else if (!accepted.includes(seat)) {
    button.textContent = t("over.rematch_accept");
    button.onclick = () => onRematch("accept");
  } else {
    button.textContent = t("over.rematch_go");
    button.onclick = () => onRematch("go", rematch.table);
  }
  button.dataset.action = !seated ? "watch" : !rematch ? "offer" : accepted.includes(seat) ? "go" : "accept";
}
