// The engine's words: the templates of log entries (GET /api/words/{lang},
// keys such as "dizzle.place" or "common.timeout"), fetched once per language,
// and format() filling one in. JS never words a game step itself.

const SEATS = new Set(["player", "other"]);
const cache = new Map();
let words = {};

export async function loadWords(lang) {
  if (!cache.has(lang)) {
    cache.set(lang, fetch(`/api/words/${encodeURIComponent(lang)}`)
      .then((response) => (response.ok ? response.json() : {}))
      .catch(() => ({})));
  }
  words = await cache.get(lang);
  if (!Object.keys(words).length) cache.delete(lang); // try again next time
  return words;
}

export function hasWords() {
  return Object.keys(words).length > 0;
}

// A word of the catalog (a score part's name…), or the fallback when it has none.
export function word(key, fallback = key) {
  return words[key] ?? fallback;
}

function value(name, param, names) {
  const seat = (s) => names[s] ?? String(s);
  if (SEATS.has(name) && Number.isInteger(param)) return seat(param);
  if (name === "players" && Array.isArray(param)) return param.map(seat).join(", ");
  if (Array.isArray(param)) return param.join(", ");
  return String(param);
}

// Fill a template: {player}, {other}, {players} hold seats and become the
// seats' names (a list joined by ", "); every other parameter is shown as it is.
export function format(template, params = {}, names = []) {
  return template.replace(/\{(\w+)\}/g, (whole, name) => (name in params ? value(name, params[name], names) : whole));
}

// An event ({key, seat, params}) in words; without a template its key and
// parameters, so nothing is ever silently left out.
export function describe(event, names) {
  const template = words[event.key];
  if (template !== undefined) return format(template, event.params, names);
  const params = Object.entries(event.params ?? {}).map(([name, param]) => `${name}=${value(name, param, names)}`);
  return [event.key, ...params].join(" ");
}
