// Choosing an action: selecting dice narrows the legal actions and highlights
// their fields; a click on a field previews the only action there (or offers
// the few that are); in Noch mal boxes are picked. Nothing clicked is sent
// until it is confirmed (#confirm); #undo, Escape or a second click on the
// previewed field takes it back. The accessible list (#actions, filtered by
// #action-filter) plays a typed notation at once: Enter is the confirmation.

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
    this.preview = null;
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
    this.preview = null;
    this.changed();
  }

  pick(name) {
    if (this.game.multi) {
      if (this.picked.has(name)) this.picked.delete(name);
      else this.picked.add(name);
      this.offered = null;
      this.preview = null;
      this.changed();
      return;
    }
    if (this.preview && this.game.targets(this.preview).includes(name)) {
      this.undo(); // a second click on the previewed field takes it back
      return;
    }
    this.choose(this.candidates().filter((a) => this.game.targets(a).includes(name)));
  }

  // Confirm: send the previewed action; in Noch mal the one whose boxes are
  // exactly the picked ones (several dice combinations fit: offered first).
  confirm() {
    if (this.preview) {
      this.send(this.preview.notation);
      return;
    }
    if (!this.game.multi) return;
    const fitting = this.candidates().filter((a) => sameSet(this.game.targets(a), this.picked));
    if (fitting.length === 1) this.send(fitting[0].notation);
    else this.choose(fitting);
  }

  choose(actions) {
    if (actions.length === 1) {
      this.preview = actions[0];
      this.changed();
      return;
    }
    this.offered = actions.length ? actions : null;
    this.preview = null;
    this.changed();
  }

  // A button of #choices: preview it (a second click takes it back).
  offer(action) {
    if (this.preview?.id === action.id) this.preview = null;
    else this.preview = action;
    this.changed();
  }

  // Take back the last thing chosen: the preview, else the last picked box,
  // else the die selection. Whether anything was taken back.
  undo() {
    if (this.preview) {
      this.preview = null;
    } else if (this.offered) {
      this.offered = null;
    } else if (this.picked.size) {
      this.picked.delete([...this.picked].pop());
    } else if (Object.keys(this.selection).length) {
      this.selection = {};
    } else {
      return false;
    }
    this.changed();
    return true;
  }

  clear() {
    this.selection = {};
    this.picked.clear();
    this.offered = null;
    this.preview = null;
    this.changed();
  }

  undoable() {
    return Boolean(this.preview || this.offered || this.picked.size || Object.keys(this.selection).length);
  }

  buttons() {
    return this.offered ?? this.candidates().filter((a) => !this.game.targets(a).length);
  }

  confirmable() {
    if (this.preview) return true;
    return this.game.multi && this.picked.size > 0
      && this.candidates().some((a) => sameSet(this.game.targets(a), this.picked));
  }
}

// A button for an action: its notation, or the game's words for it (label:
// {text, title} from the module's actionLabel).
export function actionButton(action, onPlay, pressed = null, label = null) {
  return el("button", {
    type: "button", class: `action${pressed ? " preview" : ""}`, "data-notation": action.notation,
    "data-action-id": action.id, "data-kind": action.kind, "data-testid": "action",
    text: label?.text ?? action.notation, title: label?.title ?? null,
    "aria-pressed": pressed === null ? null : String(pressed), onclick: () => onPlay(action),
  });
}

export function renderChoices(node, play) {
  node.replaceChildren(...play.buttons().map((action) => actionButton(action, (a) => play.offer(a),
    play.preview?.id === action.id, play.game?.actionLabel?.(action))));
}

// The list of every legal action, filtered by the text typed in the filter.
export function renderActionList(list, filter, legal, onPlay) {
  const words = filter.value.trim().toLowerCase();
  const shown = legal.filter((a) => a.notation.toLowerCase().includes(words));
  const items = shown.slice(0, LIST_LIMIT).map((action) => el("li", { role: "option" },
    actionButton(action, (a) => onPlay(a.notation))));
  if (shown.length > LIST_LIMIT) {
    items.push(el("li", { class: "more", text: t("actions.more", { count: shown.length - LIST_LIMIT }) }));
  }
  list.replaceChildren(...items);
  list.dataset.count = String(shown.length);
  return shown;
}
