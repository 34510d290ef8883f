// What the page's address shows (the lobby, a table, or one of the server's
// public pages of players and finished games, drawn by pages.js, which the
// page loads only at such an address).

/** @typedef {{kind: "lobby"|"table"|"players"|"player"|"game", id: string|null}} Where */

/**
 * What an address shows.
 * @param {string} path location.pathname
 * @returns {Where}
 */
export function where(path) {
  let m = /^\/t\/([A-Za-z0-9_-]{1,64})$/.exec(path);
  if (m) return { kind: "table", id: m[1] };
  m = /^\/g\/([A-Za-z0-9_-]{1,64})$/.exec(path);
  if (m) return { kind: "game", id: m[1] };
  m = /^\/p\/([A-Za-z0-9_-]{43})$/.exec(path);
  if (m) return { kind: "player", id: m[1] };
  if (path === "/players") return { kind: "players", id: null };
  return { kind: "lobby", id: null };
}

/** @returns {string} the edition a ranking shows (?edition=…) */
export function rankedEdition() {
  const e = new URLSearchParams(location.search).get("edition") || "original";
  return /^[a-z0-9_-]{1,40}$/.test(e) ? e : "original";
}
