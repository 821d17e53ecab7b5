// Choosing an action: selecting dice narrows the legal actions and highlights
// their fields; a click on a field plays the only action there (or offers the
// few that are); in Noch mal boxes are picked and confirmed. The accessible
// list (#actions, filtered by #action-filter) offers every legal action.

import { el } from "./dom.js";
import { t } from "./i18n.js";

const LIST_LIMIT = 300;

function sameSet(names, picked) {
  return names.length === picked.size && names.every((name) => picked.has(name));
}

function sameActions(a, b) {
  return a.length === b.length && a.every((action, i) => action.id === b[i].id);
}

export class Play {
  constructor(send, changed) {
    this.send = send;
    this.changed = changed;
    this.reset(null, []);
  }

  // A new state: the selection is kept when the seat's legal actions did not
  // change (another player's move at a simultaneous step), otherwise cleared.
  reset(game, legal) {
    const kept = game === this.game && sameActions(legal, this.legal ?? []);
    this.game = game;
    this.legal = legal;
    if (kept) return;
    this.selection = {};
    this.picked = new Set();
    this.offered = null;
  }

  candidates() {
    return this.legal.filter((action) => this.game.matches(action, this.selection));
  }

  targets() {
    const candidates = this.candidates();
    if (!this.game.multi) return new Set(candidates.flatMap((a) => this.game.targets(a)));
    const picked = [...this.picked];
    return new Set(candidates.map((a) => this.game.targets(a))
      .filter((names) => picked.every((name) => names.includes(name))).flat());
  }

  select(partial) {
    for (const [key, value] of Object.entries(partial)) {
      if (value !== undefined && this.selection[key] === value) delete this.selection[key];
      else this.selection[key] = value;
    }
    this.picked.clear();
    this.offered = null;
    this.changed();
  }

  pick(name) {
    if (this.game.multi) {
      if (this.picked.has(name)) this.picked.delete(name);
      else this.picked.add(name);
      this.offered = null;
      this.changed();
      return;
    }
    this.choose(this.candidates().filter((a) => this.game.targets(a).includes(name)));
  }

  confirm() {
    this.choose(this.candidates().filter((a) => sameSet(this.game.targets(a), this.picked)));
  }

  choose(actions) {
    if (actions.length === 1) {
      this.play(actions[0].notation);
      return;
    }
    this.offered = actions;
    this.changed();
  }

  play(notation) {
    this.send(notation);
  }

  clear() {
    this.selection = {};
    this.picked.clear();
    this.offered = null;
    this.changed();
  }

  buttons() {
    return this.offered ?? this.candidates().filter((a) => !this.game.targets(a).length);
  }

  confirmable() {
    return this.picked.size > 0 && this.candidates().some((a) => sameSet(this.game.targets(a), this.picked));
  }
}

export function actionButton(action, onPlay) {
  return el("button", {
    type: "button", class: "action", "data-notation": action.notation, "data-action-id": action.id,
    "data-kind": action.kind, "data-testid": "action", text: action.notation, onclick: () => onPlay(action.notation),
  });
}

export function renderChoices(node, play) {
  node.replaceChildren(...play.buttons().map((action) => actionButton(action, (n) => play.play(n))));
}

// The list of every legal action, filtered by the text typed in the filter.
export function renderActionList(list, filter, legal, onPlay) {
  const words = filter.value.trim().toLowerCase();
  const shown = legal.filter((a) => a.notation.toLowerCase().includes(words));
  const items = shown.slice(0, LIST_LIMIT).map((action) => el("li", { role: "option" }, actionButton(action, onPlay)));
  if (shown.length > LIST_LIMIT) {
    items.push(el("li", { class: "more", text: t("actions.more", { count: shown.length - LIST_LIMIT }) }));
  }
  list.replaceChildren(...items);
  list.dataset.count = String(shown.length);
  return shown;
}
