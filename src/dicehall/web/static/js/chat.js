// The table's chat (#chat): lines from the state message's `chat` (the first
// one of a connection) and from `chat` messages, shown as text with the
// sender's name; sending (1-300 characters); muting a player by nickname,
// remembered in localStorage, hides their lines. Logged in, a line said by
// another account (its seat held by an account) has Block and Report: a block
// (POST /api/blocks) hides that name's lines at once (the server leaves them
// out from the next connection on), a report (POST /api/reports) asks for a
// short reason in a small form under the line and says how it went. An
// account's name links to its profile.

import { account, api, community, onSessionChange } from "./api.js";
import { $, el, param } from "./dom.js";
import { explain } from "./errors.js";
import { t } from "./i18n.js";
import { profileUrl } from "./players.js";

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

export const MAX_REASON = 500;

// A refusal of the community calls in words: the chat's own for a report, else errors.js's.
function refusal(error) {
  if (error?.code === "reported") return t("chat.report_already");
  if (error?.code === "no-line") return t("chat.report_no_line");
  const { text, reason } = explain(error);
  return reason ? `${text} (${reason})` : text;
}

export class Chat {
  // send(text) sends a chat message; me() is the reader's nickname (or null);
  // changed() re-renders what shows mute buttons (the players panel); table()
  // (optional) is the page's table JSON, which says which seats accounts hold
  // (without it the chat asks GET /api/tables/{id} itself); tableId (optional,
  // else the page's ?id=) is where reports go.
  constructor(root, { send, me, changed, table = null, tableId = null }) {
    this.root = root;
    this.lines = [];
    this.me = me;
    this.changed = changed;
    this.table = table;
    this.tableId = tableId ?? param("id");
    this.fetched = null;     // the table as asked here: {table, upTo: the newest line then}
    this.fetching = false;
    this.blocked = new Set(); // the names the account blocked (GET /api/blocks)
    this.reports = new Map(); // line n -> {form, status, state: "open" | "sending" | "done"}
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
    onSessionChange(() => this.sessionChanged());
    this.sessionChanged();
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

  // A refusal of a block or unblock, in words (null clears it).
  say(text) {
    const node = $("#chat-error", this.root);
    node.hidden = !text;
    node.textContent = text ?? "";
  }

  // Logged in or out: the blocks of the account (none for a guest).
  async sessionChanged() {
    this.blocked = new Set();
    if (account()) {
      try {
        this.blocked = new Set(await community.blocks());
      } catch {
        // the list stays empty: the server still leaves blocked lines out
      }
    }
    this.render();
  }

  tableNow() {
    return this.table?.() ?? this.fetched?.table ?? null;
  }

  // Whether an account holds the seat a line was said from (and still under that name).
  byAccount(line) {
    if (line.seat === null || line.seat === undefined || !line.name) return false;
    const seat = this.tableNow()?.seats?.[line.seat];
    if (seat && seat.nickname === line.name) return seat.account === true;
    this.refetch();
    return false;
  }

  // Ask for the table once more when lines came that the table known here does not explain.
  async refetch() {
    const newest = this.lines.at(-1)?.n ?? -1;
    if (this.table?.() || this.fetching || !this.tableId || (this.fetched && this.fetched.upTo >= newest)) return;
    this.fetching = true;
    try {
      this.fetched = { table: await api.table(this.tableId, param("invite")), upTo: newest };
    } catch {
      this.fetched = { table: this.fetched?.table ?? null, upTo: newest };
    } finally {
      this.fetching = false;
    }
    this.render();
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

  async block(name, button) {
    button.disabled = true;
    this.say(null);
    try {
      await community.block(name);
      this.blocked.add(name);
    } catch (error) {
      this.say(refusal(error));
    }
    this.render();
  }

  async unblock(name, button) {
    button.disabled = true;
    this.say(null);
    try {
      await community.unblock(name);
      this.blocked.delete(name);
    } catch (error) {
      this.say(refusal(error));
    }
    this.render();
  }

  // The small form asking why a line is reported; kept across renders (with what is typed).
  reportForm(line) {
    const status = el("p", { class: "report-status", "data-testid": "report-status", role: "status" });
    const reason = el("input", {
      name: "reason", maxlength: MAX_REASON, "aria-required": "true", autocomplete: "off",
      "data-testid": "report-reason", "aria-label": t("chat.report_reason"), placeholder: t("chat.report_reason"),
      oninput: () => { status.textContent = ""; },
    });
    const sendButton = el("button", { type: "submit", class: "primary", "data-testid": "report-send", text: t("chat.report_send") });
    const form = el("form", { class: "report-form", "data-testid": "report-form", "data-n": line.n },
      reason, sendButton,
      el("button", {
        type: "button", "data-testid": "report-cancel", text: t("chat.report_cancel"),
        onclick: () => {
          this.reports.delete(line.n);
          this.render();
        },
      }),
      status);
    const entry = { form, status, state: "open" };
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      const text = reason.value.trim();
      if (!text) {
        status.textContent = t("chat.report_empty");
        reason.focus();
        return;
      }
      entry.state = "sending";
      sendButton.disabled = true;
      status.textContent = "";
      try {
        await community.report(this.tableId, line.n, text.slice(0, MAX_REASON));
        entry.done = t("chat.reported");
        entry.state = "done";
      } catch (error) {
        if (error?.code === "reported") {
          entry.done = t("chat.report_already");
          entry.state = "done";
        } else {
          entry.state = "open";
          status.textContent = refusal(error);
        }
      } finally {
        sendButton.disabled = false;
      }
      this.render();
    });
    return entry;
  }

  // Block and Report beside a line of another account (logged in only).
  controls(line) {
    const name = line.name;
    const report = this.reports.get(line.n);
    return [
      el("button", {
        type: "button", class: "chat-act block", "data-testid": "chat-block", "data-block": name,
        title: t("chat.block_title", { name }), text: t("chat.block"),
        onclick: (event) => this.block(name, event.currentTarget),
      }),
      report?.state === "done"
        ? el("span", { class: "report-done", "data-testid": "report-done", role: "status", text: report.done })
        : el("button", {
          type: "button", class: "chat-act report", "data-testid": "chat-report",
          "aria-expanded": String(Boolean(report)), title: t("chat.report_title", { name }), text: t("chat.report"),
          onclick: () => {
            if (this.reports.has(line.n)) this.reports.delete(line.n);
            else this.reports.set(line.n, this.reportForm(line));
            this.render();
            this.reports.get(line.n)?.form.querySelector("input").focus();
          },
        }),
      report && report.state !== "done" && report.form,
    ];
  }

  line(line, { me, member, hide }) {
    const mine = line.name === me || (member && line.name === member);
    const byAccount = this.byAccount(line);
    const who = line.name || t("chat.spectator");
    return el("li", {
      "data-n": line.n, "data-seat": line.seat ?? null, "data-testid": "chat-line", "data-name": line.name ?? null,
      "data-account": byAccount ? "true" : null, class: mine ? "mine" : null, hidden: hide,
    },
    byAccount
      ? el("a", { class: "who profile-link", href: profileUrl(line.name), target: "_blank", title: t("chat.profile_title", { name: who }), text: who })
      : el("span", { class: "who", text: who }),
    el("span", { class: "text", text: line.text }),
    line.name !== me && this.button(line.name),
    member && byAccount && !mine && !hide && this.controls(line));
  }

  render() {
    const list = $("#chat-lines", this.root);
    const follow = list.scrollHeight - list.scrollTop - list.clientHeight < 24;
    const focused = list.contains(document.activeElement) ? document.activeElement : null;
    const names = muted.all();
    const me = this.me();
    const member = account();
    const isBlocked = (line) => Boolean(member) && this.blocked.has(line.name);
    const hidden = this.lines.filter((line) => names.has(line.name) && !isBlocked(line)).length;
    const items = this.lines.map((line) => this.line(line, { me, member, hide: names.has(line.name) || isBlocked(line) }));
    if (hidden) items.push(el("li", { class: "muted-note", text: t("chat.hidden", { count: hidden }) }));
    const blockedNames = [...new Set(this.lines.filter(isBlocked).map((line) => line.name))];
    for (const name of blockedNames) {
      const count = this.lines.filter((line) => line.name === name).length;
      items.push(el("li", { class: "muted-note blocked-note", "data-testid": "blocked-note", "data-blocked": name },
        el("span", { text: t("chat.blocked_hidden", { name, count }) }),
        el("button", {
          type: "button", class: "chat-act", "data-testid": "chat-unblock", text: t("chat.unblock"),
          title: t("chat.unblock_title", { name }), onclick: (event) => this.unblock(name, event.currentTarget),
        })));
    }
    list.replaceChildren(...items);
    if (focused?.isConnected) focused.focus();
    if (follow) list.scrollTop = list.scrollHeight;
  }
}
