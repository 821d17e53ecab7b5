// The post-game review on the replay page: pick a player, ask the server
// (GET /api/tables/{id}/review, made in a worker process once per seat and
// kept), wait while it is made, then show the score's parts and the biggest
// mistakes; a mistake's button jumps the replay to that step.

import { api } from "./api.js";
import { $, el } from "./dom.js";
import { errorParagraph } from "./errors.js";
import { t } from "./i18n.js";

// milliseconds between two questions while the server makes a review
const ASK_EVERY = 1500;
const review = { tableId: null, invite: null, names: [], onStep: () => {}, found: null, asking: false };

function points(value) {
  return Math.abs(value).toFixed(1);
}

function summary(found) {
  // the play the values come from; a review stored before it was named was greedy play's
  const reference = found.reference || "greedy";
  const against = found.against_reference ?? found.against_greedy;
  const luck = found.luck >= 0 ? "review.luck_gave" : "review.luck_took";
  return [
    t(`review.score.${reference}`, { score: found.score, start: found.start.toFixed(1) }),
    against >= 0 ? t(`review.gained.${reference}`, { points: points(against) })
      : t(`review.lost.${reference}`, { points: points(against) }),
    t(luck, { points: points(found.luck) }),
    t("review.against_preferred", { points: Math.max(found.lost_to_decisions, 0).toFixed(1),
      mistakes: found.decisions.filter((d) => d.mistake).length }),
  ].join(" ");
}

function mistakeItem(decision) {
  const jump = el("button", { type: "button", class: "link", "data-testid": "review-mistake",
    "data-step": decision.step,
    text: t("review.mistake", { step: decision.step + 1, taken: decision.taken, preferred: decision.preferred,
      points: decision.loss.toFixed(1), low: decision.interval[0].toFixed(1), high: decision.interval[1].toFixed(1) }) });
  jump.addEventListener("click", () => review.onStep(decision.step));
  return el("li", {}, jump);
}

function show() {
  const found = review.found;
  $("#review-summary").hidden = !found;
  $("#review-mistakes").replaceChildren();
  if (!found) return;
  $("#review-status").textContent = t("review.done", { player: review.names[found.seat], decisions: found.decisions.length });
  $("#review-summary").textContent = summary(found);
  const byStep = new Map(found.decisions.map((d) => [d.step, d]));
  const mistakes = found.mistakes.map((step) => byStep.get(step));
  $("#review-mistakes").replaceChildren(...(mistakes.length
    ? mistakes.map(mistakeItem) : [el("li", { text: t("review.no_mistakes") })]));
}

async function ask(seat) {
  try {
    const answer = await api.review(review.tableId, seat, review.invite);
    if (Number($("#review-seat").value) !== seat) return; // another player was chosen meanwhile
    if (answer.status === "pending") {
      $("#review-status").textContent = t("review.pending", { player: review.names[seat] });
      setTimeout(() => ask(seat), ASK_EVERY);
      return;
    }
    review.found = answer.review;
    show();
  } catch (error) {
    $("#review-status").replaceChildren(errorParagraph(error));
  } finally {
    $("#review-start").disabled = false;
  }
}

function start() {
  review.found = null;
  show();
  $("#review-start").disabled = true;
  ask(Number($("#review-seat").value));
}

export function renderReview() {
  const select = $("#review-seat");
  const chosen = select.value;
  select.replaceChildren(...review.names.map((name, seat) => el("option", { value: seat, text: name })));
  if (chosen) select.value = chosen;
  show();
}

export function setupReview({ tableId, invite, names, onStep }) {
  Object.assign(review, { tableId, invite, names, onStep });
  $("#review-start").addEventListener("click", start);
  $("#review-seat").addEventListener("change", () => {
    review.found = null;
    $("#review-status").textContent = "";
    show();
  });
  renderReview();
  $("#review-panel").hidden = false;
}
