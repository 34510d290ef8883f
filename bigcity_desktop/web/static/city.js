// The view the page holds (engine/viewjson.py's JSON) and the city's
// geometry worked out from it, for drawing: which cell each lot is on,
// which lots are outskirts, the pieces left in the supply.

/**
 * @typedef {[number, number]} Cell
 * @typedef {import("../protocol").Building} Building
 * @typedef {import("../protocol").CityJson} CityJson
 * @typedef {import("../protocol").View} View
 * @typedef {{label: string, with_card?: boolean, variants: {name: string, shape: string, count: number}[]}} BuildingRule
 * @typedef {{title: string, edition: string, tiles: {shapes: Record<string, [number, number]>, names?: Record<string, string>},
 *   cards: {special: Record<string, string>}, shapes: Record<string, Cell[]>, buildings: Record<string, BuildingRule>}} RulesData
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
  if (since.history !== old.history.length || since.events !== old.events.length) return null;
  if (since.scores !== old.score_history.length) return null;
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

/**
 * Property number -> cell of a tile laid at (x, y) turned `rotation` (geometry.tile_cells).
 * @param {RulesData} rules
 * @param {number} number
 * @param {number} x
 * @param {number} y
 * @param {number} rotation
 * @returns {Map<number, Cell>}
 */
export function tileCells(rules, number, x, y, rotation) {
  const [w, h] = rules.tiles.shapes[String(number)];
  /** @type {Map<number, Cell>} */
  const out = new Map();
  let k = 1;
  for (let r = 0; r < h; r++) {
    for (let c = 0; c < w; c++) {
      let dx = c;
      let dy = r;
      if (rotation === 1) [dx, dy] = [h - 1 - r, c];
      else if (rotation === 2) [dx, dy] = [w - 1 - c, h - 1 - r];
      else if (rotation === 3) [dx, dy] = [r, w - 1 - c];
      out.set(number * LOTS_BASE + k, [x + dx, y + dy]);
      k += 1;
    }
  }
  return out;
}

/** @param {Cell} c */
export const key = (c) => `${c[0]},${c[1]}`;

/** The city as the board draws it. */
export class CityMap {
  /**
   * @param {RulesData} rules
   * @param {CityJson} city
   */
  constructor(rules, city) {
    /** @type {Map<number, Cell>} lot -> cell */
    this.cellOf = new Map();
    /** @type {Map<string, number>} cell -> lot */
    this.lotAt = new Map();
    /** @type {Map<number, number>} lot -> its neighborhood */
    this.tileOf = new Map();
    for (const [number, x, y, rotation] of city.tiles) {
      for (const [lot, cell] of tileCells(rules, number, x, y, rotation)) {
        this.cellOf.set(lot, cell);
        this.lotAt.set(key(cell), lot);
        this.tileOf.set(lot, number);
      }
    }
    /** @type {Map<number, Building>} lot -> the building on it */
    this.buildingAt = new Map();
    for (const b of city.buildings) for (const p of b.properties) this.buildingAt.set(p, b);
    const { outside, box } = this.flood();
    this.box = box;
    /** @type {Set<number>} the lots of the outskirts (next to the outside) */
    this.outskirts = new Set();
    /** @type {Cell[]} empty cells enclosed by the city (city centre) */
    this.holes = [];
    for (const [lot, [x, y]] of this.cellOf) {
      if ([[1, 0], [-1, 0], [0, 1], [0, -1]].some(([dx, dy]) => outside.has(key([x + dx, y + dy]))))
        this.outskirts.add(lot);
    }
    for (let x = box[0] + 1; x < box[2]; x++)
      for (let y = box[1] + 1; y < box[3]; y++)
        if (!this.lotAt.has(key([x, y])) && !outside.has(key([x, y]))) this.holes.push([x, y]);
  }

  /**
   * The cells outside the city: a flood fill from a corner of the box
   * around it, one cell wider on each side (city._recompute_outside).
   * @returns {{outside: Set<string>, box: [number, number, number, number]}}
   */
  flood() {
    const cells = [...this.cellOf.values()];
    const xs = cells.map((c) => c[0]);
    const ys = cells.map((c) => c[1]);
    /** @type {[number, number, number, number]} */
    const box = cells.length
      ? [Math.min(...xs) - 1, Math.min(...ys) - 1, Math.max(...xs) + 1, Math.max(...ys) + 1]
      : [-1, -1, 1, 1];
    const outside = new Set([key([box[0], box[1]])]);
    /** @type {Cell[]} */
    let layer = [[box[0], box[1]]];
    while (layer.length) {
      /** @type {Cell[]} */
      const next = [];
      for (const [x, y] of layer) {
        for (const [dx, dy] of [[1, 0], [-1, 0], [0, 1], [0, -1]]) {
          const c = /** @type {Cell} */ ([x + dx, y + dy]);
          if (c[0] < box[0] || c[0] > box[2] || c[1] < box[1] || c[1] > box[3]) continue;
          const k = key(c);
          if (outside.has(k) || this.lotAt.has(k)) continue;
          outside.add(k);
          next.push(c);
        }
      }
      layer = next;
    }
    return { outside, box };
  }
}

/**
 * Every piece of the supply and how many are left: [type, variant, left, count].
 * @param {RulesData} rules
 * @param {CityJson} city
 * @returns {[string, string, number, number][]}
 */
export function supply(rules, city) {
  /** @type {Map<string, number>} */
  const used = new Map();
  for (const b of city.buildings) used.set(`${b.type}.${b.variant}`, (used.get(`${b.type}.${b.variant}`) || 0) + 1);
  /** @type {[string, string, number, number][]} */
  const out = [];
  for (const [type, rule] of Object.entries(rules.buildings))
    for (const v of rule.variants) out.push([type, v.name, v.count - (used.get(`${type}.${v.name}`) || 0), v.count]);
  return out;
}

/**
 * The variant of a building type with `size` lots (rules: variant_of_size).
 * @param {RulesData} rules
 * @param {string} type
 * @param {number} size
 * @returns {string}
 */
export function variantOfSize(rules, type, size) {
  const rule = rules.buildings[type];
  const v = rule && rule.variants.find((x) => (rules.shapes[x.shape] || []).length === size);
  return v ? v.name : "";
}

/**
 * The neighborhoods not yet in the city, in number order.
 * @param {RulesData} rules
 * @param {CityJson} city
 * @returns {number[]}
 */
export function tilesToCome(rules, city) {
  const laid = new Set(city.tiles.map((t) => t[0]));
  return Object.keys(rules.tiles.shapes)
    .map(Number)
    .filter((n) => !laid.has(n))
    .sort((a, b) => a - b);
}
