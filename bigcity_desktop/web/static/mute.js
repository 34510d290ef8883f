// Muting a player's chat, for this browser only (the server is not told):
// a player is muted by their player id where they have one, else by the
// name they sit under; the muted are kept in this site's localStorage.

const KEY = "bigcity.muted";

/** @returns {Set<string>} the muted players, as kept */
export function loadMuted() {
  try {
    const raw = localStorage.getItem(KEY);
    const list = raw ? JSON.parse(raw) : [];
    return new Set(Array.isArray(list) ? list.filter((x) => typeof x === "string").slice(0, 1000) : []);
  } catch {
    return new Set();
  }
}

/** @param {Set<string>} muted */
export function saveMuted(muted) {
  try {
    localStorage.setItem(KEY, JSON.stringify([...muted]));
  } catch {
    // no storage: muted for this visit only
  }
}

/**
 * Who said a chat line, as the mute list knows them: "p:<player id>" or "n:<name>"; null for a spectator's line.
 * @param {import("../protocol").TableInfo|null} table
 * @param {import("../protocol").ChatLine} line
 * @returns {string|null}
 */
export function speakerKey(table, line) {
  if (line.seat === null) return null;
  const seat = table ? table.seats.find((s) => s.seat === line.seat) : undefined;
  return seat && seat.player ? `p:${seat.player}` : `n:${line.name}`;
}
