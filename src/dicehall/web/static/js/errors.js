// Errors of the HTTP API in the reader's language: a refusal is translated by
// what the server's `detail` says (the reasons of docs/server.md), else by its
// status; the server's own reason follows, smaller. A failed fetch (no
// server) has its own message.

import { el } from "./dom.js";
import { t } from "./i18n.js";

// The server names each refusal by a code (error.http.<code>); a body that does
// not fit its schema (422) has none, and a bad nickname is told apart by its words.
const NICKNAME = /nickname/;

// The codes the server gives that have their own message (docs/server.md).
const CODES = new Set(["no-table", "private", "started", "seat-taken", "nickname-taken", "seats-open",
  "no-seat", "not-over", "open-seat-needed", "seat-count", "bot-level", "open-level", "storage",
  "quota-waiting", "quota-tables", "quota-connections", "spectators-full", "seat-kept", "rematch-taken",
  "too-slow-to-set-up", "sheet-file", "options", "daily-played",
  // accounts (docs/server.md): registering, logging in, rated tables, guests
  "bad-name", "weak-password", "name-taken", "name-confusable", "throttled", "bad-login", "locked", "csrf",
  "bad-password", "no-session", "seated", "nickname-needed",
  "account-needed", "rated-solo", "rated-variant", "nickname-account", "variant"]);

const STATUSES = ["400", "401", "403", "404", "409", "422", "423", "429", "500"];

// The reason as the server gave it: a string, or pydantic's list of {msg}.
function serverReason(error) {
  const text = error?.message ?? String(error);
  if (!text.startsWith("[")) return text;
  try {
    return JSON.parse(text).map((item) => item.msg ?? JSON.stringify(item)).join("; ");
  } catch {
    return text;
  }
}

// The code of an error: the server's code, else its status, else "network" (the
// request did not reach the server), else null (not an HTTP error).
export function errorCode(error) {
  const status = error?.status;
  if (status === undefined) return error instanceof TypeError ? "network" : null;
  if (CODES.has(error.code)) return error.code;
  if (status === 422 && NICKNAME.test(error.message ?? "")) return "nickname"; // pydantic's loc names the field
  const group = STATUSES.includes(String(status)) ? String(status) : status >= 500 ? "500" : "400";
  return group;
}

// {text, reason}: the translated message and the server's words (or null).
export function explain(error) {
  const code = errorCode(error);
  if (code === null) return { text: error?.message ?? String(error), reason: null };
  const reason = code === "network" ? null : serverReason(error);
  return { code, text: t(`error.http.${code}`), reason };
}

// A paragraph for #messages: the translated message, then the server's reason.
export function errorParagraph(error) {
  const { code, text, reason } = explain(error);
  return el("p", { class: "error", "data-code": code ?? null },
    el("span", { class: "error-text", text }),
    reason && " ", reason && el("span", { class: "error-reason", text: `(${reason})` }));
}
