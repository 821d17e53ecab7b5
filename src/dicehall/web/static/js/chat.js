// The table's chat (#chat): lines from the state message's `chat` (the first
// one of a connection) and from `chat` messages, shown as text with the
// sender's name; sending (1-300 characters); muting a player by nickname,
// remembered in localStorage, hides their lines. Logged in, a line said by
// another account (its seat held by an account) has Block and Report: a block
// (POST /api/blocks) hides that name's lines at once (the server leaves them
// out from the next connection on), a report (POST /api/reports) asks for a
// short reason in a small form under the line and says how it went. An
// account's name links to its profile.

import { account, api, community, onSessionChange, profileUrl } from "./api.js";
import { $, el, param } from "./dom.js";
import { explain } from "./errors.js";
import { t } from "./i18n.js";

export const MAX_CHAT = 300;
const STORE = "dicehall.muted";

export const muted = {
  all() {
    try {
      const list = JSON.parse(localStorage.getItem(STORE));
      return new Set(Array.isArray(list) ? list : []);
    } catch {
      return new Set();
    }
  },
  has(name) {
    return this.all().has(name);
  },
  toggle(name) {
    const names = this.all();
    if (names.has(name)) names.delete(name);
    else names.add(name);
    localStorage.setItem(STORE, JSON.stringify([...names]));
  },
};

export class Chat {
  // send(text) sends a chat message; me() is the reader's nickname (or null);
  // changed() re-renders what shows mute buttons (the players panel).
  constructor(root, { send, me, changed }) {
    this.root = root;
    this.lines = [];
    this.me = me;
    this.changed = changed;
    const input = $("#chat-input", root);
    $("#chat-form", root).addEventListener("submit", (event) => {
      event.preventDefault();
      const text = input.value.trim();
      if (!text) return;
      if (text.length > MAX_CHAT) {
        this.error("chat-too-long");
        return;
      }
      if (send(text)) {
        input.value = "";
        this.error(null);
      }
    });
  }

  add(lines = []) {
    const known = new Set(this.lines.map((line) => line.n));
    const fresh = lines.filter((line) => !known.has(line.n));
    if (!fresh.length) return;
    this.lines.push(...fresh);
    this.lines.sort((a, b) => a.n - b.n);
    this.render();
  }

  // A server refusal (chat-too-long, chat-rate), or null to clear.
  error(code) {
    const node = $("#chat-error", this.root);
    node.hidden = !code;
    if (code === "chat-too-long") node.textContent = t("chat.too_long", { max: MAX_CHAT });
    else if (code === "chat-rate") node.textContent = t("chat.rate");
    else if (code) node.textContent = t("chat.failed");
  }

  // A button muting (or unmuting) a nickname's lines.
  button(nickname) {
    const on = muted.has(nickname);
    const name = nickname || t("chat.spectators");
    return el("button", {
      type: "button", class: "mute", "data-mute": nickname, "data-testid": "mute", "aria-pressed": String(on),
      title: on ? t("chat.unmute_title", { name }) : t("chat.mute_title", { name }),
      text: on ? t("chat.unmute") : t("chat.mute"),
      onclick: () => {
        muted.toggle(nickname);
        this.render();
        this.changed();
      },
    });
  }

  render() {
    const list = $("#chat-lines", this.root);
    const follow = list.scrollHeight - list.scrollTop - list.clientHeight < 24;
    const names = muted.all();
    const me = this.me();
    const hidden = this.lines.filter((line) => names.has(line.name)).length;
    const items = this.lines.map((line) => el("li", {
      "data-n": line.n, "data-seat": line.seat ?? null, "data-testid": "chat-line",
      class: line.name === me ? "mine" : null, hidden: names.has(line.name),
    },
    el("span", { class: "who", text: line.name || t("chat.spectator") }),
    el("span", { class: "text", text: line.text }),
    line.name !== me && this.button(line.name)));
    if (hidden) items.push(el("li", { class: "muted-note", text: t("chat.hidden", { count: hidden }) }));
    list.replaceChildren(...items);
    if (follow) list.scrollTop = list.scrollHeight;
  }
}
