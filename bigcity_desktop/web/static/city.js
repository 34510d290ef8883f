// The view the page holds (engine/viewjson.py's JSON), deltas put on top of
// it, and the table the server presented with it (bigcity_desktop/present:
// the players' rows, the supply, the neighborhoods to come, the board's
// geometry) indexed for drawing. The page works out no rules geometry of
// its own: which cell each lot is on, the outskirts, the enclosed cells and
// the pieces left all come presented.

/**
 * @typedef {[number, number]} Cell
 * @typedef {import("../protocol").Building} Building
 * @typedef {import("../protocol").CityJson} CityJson
 * @typedef {import("../protocol").View} View
 * @typedef {{label: string, with_card?: boolean, variants: {name: string, shape: string, count: number}[]}} BuildingRule
 * @typedef {{title: string, edition: string, tiles: {shapes: Record<string, [number, number]>, names?: Record<string, string>},
 *   cards: {special: Record<string, string>}, shapes: Record<string, Cell[]>, buildings: Record<string, BuildingRule>}} RulesData
 * The table presented, as the protocol declares it (protocol.d.ts, made from net/shapes.py):
 * @typedef {import("../protocol").LastMove} LastMove
 * @typedef {import("../protocol").PlayerRow} PlayerRow
 * @typedef {import("../protocol").SupplyRow} SupplyRow
 * @typedef {import("../protocol").TileToCome} TileToCome
 * @typedef {import("../protocol").BoardJson} BoardJson
 * @typedef {[number, number, number]} TileLot [lot, x, y]
 * @typedef {Required<import("../protocol").Presented>} Presented the whole table presented the page holds
 *   (a delta's leaves out `tiles` and `board` when it lays no neighborhood: main.js keeps the last ones)
 */

/** A property number is neighborhood * LOTS_BASE + lot (engine/cards.py). */
export const LOTS_BASE = 10;

/** The lists of a view that a delta continues (viewjson.LogMark), and their `since` keys. */
const GROWING = /** @type {const} */ ([
  ["history", "history"],
  ["actors", "history"],
  ["events", "events"],
  ["score_history", "scores"],
]);
const CITY_GROWING = /** @type {const} */ (["tiles", "buildings", "streetcars"]);

/**
 * A delta put on top of the view held: the growing lists continue from
 * `since`, every other entry replaces. Null when it does not follow.
 * @param {View} old
 * @param {View} delta
 * @returns {View|null}
 */
export function mergeDelta(old, delta) {
  const since = delta.since;
  if (!since || typeof since !== "object") return null;
  // (a whole view may carry the log's recent events and actions only: `events_from` and
  // `history_from` count those before them)
  const moves = (old.history_from ?? 0) + old.history.length;
  if (since.history !== moves || since.events !== (old.events_from ?? 0) + old.events.length) return null;
  if (since.scores !== (old.scores_from ?? 0) + old.score_history.length) return null;
  for (const k of CITY_GROWING) if (since[k] !== old.city[k].length) return null;
  /** @type {View} */
  const out = { ...old, ...delta };
  const lists = /** @type {Record<string, unknown[]>} */ (/** @type {unknown} */ (out));
  for (const [name] of GROWING) lists[name] = [...old[name], ...delta[name]];
  /** @type {any} */
  const city = { ...delta.city };
  for (const k of CITY_GROWING) city[k] = [...old.city[k], ...delta.city[k]];
  out.city = city;
  if (old.rules && !delta.rules) out.rules = old.rules;
  delete out.since;
  return out;
}

/** @param {Cell} c */
export const key = (c) => `${c[0]},${c[1]}`;

/** The city as the board draws it: the presented board, indexed. */
export class CityMap {
  /**
   * @param {BoardJson} board
   */
  constructor(board) {
    /** @type {Map<number, Cell>} lot -> cell */
    this.cellOf = new Map();
    /** @type {Set<number>} the lots of the outskirts (next to the outside) */
    this.outskirts = new Set();
    for (const [lot, x, y, , outskirts] of board.lots) {
      this.cellOf.set(lot, [x, y]);
      if (outskirts) this.outskirts.add(lot);
    }
    /** @type {Cell[]} empty cells enclosed by the city (city centre) */
    this.holes = board.holes;
    /** @type {[number, number, number, number]} the city's cells, one wider on each side */
    this.box = board.box;
    /** @type {[number, number, number, number][]} each neighborhood's footprint: x, y, width, height as laid */
    this.footprints = board.tiles.map(([, x, y, , w, h]) => /** @type {[number, number, number, number]} */ ([x, y, w, h]));
  }
}
