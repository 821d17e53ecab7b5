// The game log (#log): every log entry of the table in the reader's words,
// newest at the bottom and scrolled into view unless the reader scrolled up;
// and which fields count as "the last move" for the reader (lastMarks).

import { el } from "./dom.js";
import { describe } from "./words.js";

// Entries the client has, in order of n; a state message's log is appended
// (the first message of a connection repeats the whole log).
export class GameLog {
  constructor() {
    this.entries = [];
    //: n of the last entry of the reader's own last decision (-1: none seen)
    this.mine = null;
    this.awaiting = false;
  }

  get last() {
    return this.entries.length ? this.entries[this.entries.length - 1].n : -1;
  }

  // Append a state message's entries; the ones that are new. After the
  // reader (seat `me`) sent an action, its step is the first new one with an
  // entry of the reader's (another seat's step may come before it).
  add(entries = [], me = null) {
    const last = this.last;
    const fresh = entries.filter((entry) => entry.n > last).sort((a, b) => a.n - b.n);
    this.entries.push(...fresh);
    const own = this.awaiting ? fresh.find((entry) => entry.seat === me) : undefined;
    if (own) {
      this.mine = Math.max(...fresh.filter((entry) => entry.step === own.step).map((entry) => entry.n));
      this.awaiting = false;
    }
    return fresh;
  }

  // The reader sent an action: its step is the first of the next entries.
  sent() {
    this.awaiting = true;
  }

  refused() {
    this.awaiting = false;
  }

  // The n after which entries are "since the reader's last decision".
  boundary(seat) {
    if (seat === null || seat === undefined) {
      // a spectator: the last step that changed a field, and what followed
      const marked = [...this.entries].reverse().find((entry) => entry.marks?.length);
      if (!marked) return this.last;
      const first = this.entries.find((entry) => entry.step === marked.step);
      return first.n - 1;
    }
    if (this.mine !== null) return this.mine;
    // after a (re)load: the last step in which the reader acted
    const own = [...this.entries].reverse().find((entry) => entry.seat === seat);
    if (!own) return -1;
    return Math.max(...this.entries.filter((entry) => entry.step === own.step).map((entry) => entry.n));
  }

  // Map seat -> Set of field/box names marked by every entry since the
  // boundary, and by the other seats' entries of the reader's own step (the
  // choices revealed when the reader was the last to choose).
  marks(seat) {
    const from = this.boundary(seat);
    const seated = seat !== null && seat !== undefined;
    const own = seated ? this.entries.find((entry) => entry.n === from)?.step : undefined;
    const marks = new Map();
    for (const entry of this.entries) {
      const revealed = own !== undefined && entry.step === own && entry.seat !== seat;
      if (entry.n <= from && !revealed) continue;
      for (const [who, name] of entry.marks ?? []) {
        if (!marks.has(who)) marks.set(who, new Set());
        marks.get(who).add(String(name));
      }
    }
    return marks;
  }
}

function line(entry, names, me) {
  const classes = [entry.key.replace(".", "-"), entry.seat !== null && entry.seat === me ? "mine" : null];
  return el("li", {
    "data-n": entry.n, "data-key": entry.key, "data-seat": entry.seat ?? null, "data-step": entry.step,
    "data-marks": (entry.marks ?? []).map(([seat, name]) => `${seat}:${name}`).join(" ") || null,
    "data-params": JSON.stringify(entry.params ?? {}),
    "data-testid": "log-entry", class: classes.filter(Boolean).join(" "), text: describe(entry, names),
  });
}

function atBottom(node) {
  return node.scrollHeight - node.scrollTop - node.clientHeight < 24;
}

// Append entries to the list (all of them again when `all`), keeping the
// newest in view unless the reader scrolled up to read older ones.
export function renderLog(node, entries, { names, me, all = false }) {
  const follow = all || atBottom(node);
  if (all) node.replaceChildren();
  node.append(...entries.map((entry) => line(entry, names, me)));
  if (follow) node.scrollTop = node.scrollHeight;
}
