// The server's HTTP API and WebSocket address (docs/server.md), and the seat
// tokens kept in localStorage per table so a reload resumes the seat.

export class ApiError extends Error {
  // code: the server's error code (docs/server.md), when it gave one
  constructor(status, detail, code = null) {
    super(typeof detail === "string" ? detail : JSON.stringify(detail));
    this.status = status;
    this.code = code;
  }
}

const enc = encodeURIComponent;

async function request(method, path, body) {
  const init = { method, headers: {} };
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  const response = await fetch(path, init);
  const data = await response.json().catch(() => ({}));
  if (!response.ok) throw new ApiError(response.status, data.detail ?? response.statusText, data.code ?? null);
  return data;
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
  create: (spec) => request("POST", "/api/tables", spec),
  join: (id, seat, nickname, invite) =>
    request("POST", `/api/tables/${enc(id)}/join`, { seat, nickname, ...(invite ? { invite } : {}) }),
  leave: (id, token) => request("POST", `/api/tables/${enc(id)}/leave`, { token }),
  start: (id, token) => request("POST", `/api/tables/${enc(id)}/start`, { token }),
  rematch: (id, token) => request("POST", `/api/tables/${enc(id)}/rematch`, { token }),
  replay: (id, invite) => request("GET", `/api/tables/${enc(id)}/replay${query({ invite })}`),
  review: (id, seat, invite) => request("GET", `/api/tables/${enc(id)}/review${query({ seat, invite })}`),
  leaderboard: (game) => request("GET", `/api/leaderboard/${enc(game)}`),
  daily: (day, table) => request("GET", `/api/daily${query({ day, table })}`),
  dailyPlay: (game, nickname) => request("POST", `/api/daily/${enc(game)}/play`, { nickname }),
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
