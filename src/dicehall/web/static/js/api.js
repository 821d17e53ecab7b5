// The server's HTTP API and WebSocket address (docs/server.md), the seat
// tokens kept in localStorage per table so a reload resumes the seat, and the
// account's session: its name and CSRF token (GET /api/session), sent as
// X-CSRF-Token with every state-changing request while logged in.

export class ApiError extends Error {
  // code: the server's error code (docs/server.md), when it gave one
  constructor(status, detail, code = null) {
    super(typeof detail === "string" ? detail : JSON.stringify(detail));
    this.status = status;
    this.code = code;
  }
}

const enc = encodeURIComponent;

// The session as the server last told it: {name, csrf}, both null for a guest.
const session = { name: null, csrf: null, loaded: null };
const sessionListeners = [];

function setSession(name, csrf) {
  const changed = session.name !== (name ?? null);
  session.name = name ?? null;
  session.csrf = csrf ?? null;
  if (changed) sessionListeners.forEach((listener) => listener(account()));
}

// The logged-in account's name, or null for a guest.
export function account() {
  return session.name;
}

// Called with the account's name (or null) whenever one logs in or out.
export function onSessionChange(listener) {
  sessionListeners.push(listener);
}

// Ask the server who we are (once per page unless `again`); the name or null.
export async function loadSession(again = false) {
  if (!session.loaded || again) {
    session.loaded = fetch("/api/session", { headers: { Accept: "application/json" } })
      .then((response) => (response.ok ? response.json() : {}))
      .then((data) => setSession(data.name, data.csrf), () => setSession(null, null));
  }
  await session.loaded;
  return account();
}

async function send(method, path, body) {
  const init = { method, headers: {}, credentials: "same-origin" };
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  if (method !== "GET" && session.csrf) init.headers["X-CSRF-Token"] = session.csrf;
  const response = await fetch(path, init);
  if (response.status === 204) return { response, data: null };
  return { response, data: await response.json().catch(() => ({})) };
}

async function request(method, path, body) {
  if (method !== "GET") await loadSession();
  let { response, data } = await send(method, path, body);
  if (response.status === 403 && data?.code === "csrf") {
    // the session changed meanwhile (another tab logged in or out): ask again once
    const before = session.csrf;
    await loadSession(true);
    if (session.csrf !== before) ({ response, data } = await send(method, path, body));
  }
  // the login ended (expired, or logged out everywhere): the page shows a guest again
  if (response.status === 401 && data?.code === "no-session") await loadSession(true);
  if (!response.ok) throw new ApiError(response.status, data?.detail ?? response.statusText, data?.code ?? null);
  return data;
}

// A request that logs in or changes the session: the answer's name and csrf are kept.
async function sessionRequest(method, path, body) {
  const data = await request(method, path, body);
  setSession(data.name, data.csrf);
  return data;
}

// 18 random bytes in base64url: the key of a new table, a join or a daily
// start (the table's id or the seat's token is derived from it, so the
// request sent again is answered the same)
function secretKey() {
  const bytes = crypto.getRandomValues(new Uint8Array(18));
  return btoa(String.fromCharCode(...bytes)).replaceAll("+", "-").replaceAll("/", "_");
}

function query(params) {
  const entries = Object.entries(params).filter(([, value]) => value !== null && value !== undefined && value !== "");
  return entries.length ? `?${new URLSearchParams(entries)}` : "";
}

export const api = {
  games: () => request("GET", "/api/games"),
  layout: (game, options) => request("GET", `/api/layout/${enc(game)}${query(options)}`),
  tables: () => request("GET", "/api/tables"),
  table: (id, invite) => request("GET", `/api/tables/${enc(id)}${query({ invite })}`),
  create: (spec) => request("POST", "/api/tables", { ...spec, key: secretKey() }),
  // a logged-in player sits under the account's name: no nickname is sent;
  // the key makes the same join, resent, answer the same token (docs/server.md)
  join: (id, seat, nickname, invite) => request("POST", `/api/tables/${enc(id)}/join`,
    { seat, key: secretKey(), ...(nickname && !session.name ? { nickname } : {}), ...(invite ? { invite } : {}) }),
  leave: (id, token) => request("POST", `/api/tables/${enc(id)}/leave`, { token }),
  start: (id, token) => request("POST", `/api/tables/${enc(id)}/start`, { token }),
  rematch: (id, token) => request("POST", `/api/tables/${enc(id)}/rematch`, { token }),
  replay: (id, invite) => request("GET", `/api/tables/${enc(id)}/replay${query({ invite })}`),
  review: (id, seat, invite) => request("GET", `/api/tables/${enc(id)}/review${query({ seat, invite })}`),
  leaderboard: (game, variant) => request("GET", `/api/leaderboard/${enc(game)}${query({ variant })}`),
  daily: (day, table, verified) => request("GET", `/api/daily${query({ day, table, verified: verified ? "true" : undefined })}`),
  dailyPlay: (game, nickname) => request("POST", `/api/daily/${enc(game)}/play`, { nickname, key: secretKey() }),
  register: (name, password) => sessionRequest("POST", "/api/accounts", { name, password }),
  login: (name, password) => sessionRequest("POST", "/api/session", { name, password }),
  async logout(everywhere = false) {
    await request("DELETE", `/api/session${everywhere ? "?everywhere=true" : ""}`);
    setSession(null, null);
  },
  changePassword: (oldPassword, newPassword) =>
    sessionRequest("POST", "/api/account/password", { old_password: oldPassword, new_password: newPassword }),
  recover: (name, code, newPassword) =>
    sessionRequest("POST", "/api/account/recover", { name, recovery_code: code, new_password: newPassword }),
  // the account's tables (your turn first), friends and invitations (docs/accounts.md)
  myTables: () => request("GET", "/api/my/tables"),
  friends: () => request("GET", "/api/friends"),
  addFriend: (name) => request("POST", "/api/friends", { name }),
  removeFriend: (name) => request("DELETE", `/api/friends/${enc(name)}`),
  invite: (name, table) => request("POST", "/api/invitations", { name, table }),
  invitations: () => request("GET", "/api/invitations"),
  dismissInvitation: (id) => request("DELETE", `/api/invitations/${enc(id)}`),
};

export function recordUrl(id, invite) {
  return `/api/tables/${enc(id)}/record${query({ invite })}`;
}

export function tableUrl(id, invite) {
  return `table.html${query({ id, invite })}`;
}

export function replayUrl(id, invite) {
  return `replay.html${query({ id, invite })}`;
}

export function socketUrl(id, { token, invite }) {
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  const params = token ? { token } : { invite };
  return `${scheme}//${location.host}/ws/tables/${enc(id)}${query(params)}`;
}

const seatKey = (id) => `dicehall.seat.${id}`;

export const seats = {
  get(id) {
    try {
      return JSON.parse(localStorage.getItem(seatKey(id)));
    } catch {
      return null;
    }
  },
  set(id, seat, token) {
    localStorage.setItem(seatKey(id), JSON.stringify({ seat, token }));
  },
  forget(id) {
    localStorage.removeItem(seatKey(id));
  },
};

export const nickname = {
  get: () => localStorage.getItem("dicehall.nickname") || "",
  set: (name) => localStorage.setItem("dicehall.nickname", name),
};

// Profiles, blocks and chat reports (docs/web.md "Profiles"; friends are in
// `api`): every call but a profile needs a login.
export const community = {
  profile: (name) => request("GET", `/api/profiles/${enc(name)}`),
  blocks: () => request("GET", "/api/blocks"),
  block: (name) => request("POST", "/api/blocks", { name }),
  unblock: (name) => request("DELETE", `/api/blocks/${enc(name)}`),
  report: (table, line, reason) => request("POST", "/api/reports", { table, line, reason }),
};

export function profileRecordsUrl(name) {
  return `/api/profiles/${enc(name)}/records`;
}
