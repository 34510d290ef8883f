// The board as SVG in the look of the app's plan view: the neighborhoods'
// lots (outskirts sage, centre sand) with their numbers on the asphalt of
// the streets, the buildings in their colours with their owners' markers,
// the streetcar line, and what the move being chosen lights: lots, streets,
// the spots a neighborhood may go. Every element is made with
// createElementNS; no text of a player goes into it.

import { CityMap, key } from "./city.js";
import { BUILDING_INSET, CELL, LEGAL, LOT_INSET, RAILS, SCHEME, STREETCAR, buildingColour, playerColour } from "./style.js";
import { rulesText } from "./i18n.js";
import { streetKey } from "./moves.js";

const NS = "http://www.w3.org/2000/svg";
/** A lit street's target reaches this far each side of it, a lit spot's disc this far from its centre
 * (scene units: 56 across, a lot's width, so the zoom that makes a lot a finger wide makes these too). */
const STREET_HALF = 28;
const SPOT_RADIUS = 28;

/**
 * An SVG element with its attributes.
 * @param {string} tag
 * @param {Record<string, string|number>} [attrs]
 * @param {string} [text]
 * @returns {SVGElement}
 */
export function svg(tag, attrs = {}, text) {
  const node = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  if (text !== undefined) node.textContent = text;
  return node;
}

/**
 * @typedef {import("./city.js").RulesData} RulesData
 * @typedef {import("./city.js").View} View
 * @typedef {import("./city.js").Presented} Presented
 * @typedef {import("./city.js").TileToCome} TileToCome
 * @typedef {import("./moves.js").Ask} Ask
 * @typedef {{ask: Ask|null, chosenLots: string[], tile: string|null, rotation: string|null}} Lighting
 */

/**
 * A rectangle of cells, inset.
 * @param {number} x
 * @param {number} y
 * @param {number} w
 * @param {number} h
 * @param {number} inset
 * @returns {Record<string, number>}
 */
function rect(x, y, w, h, inset) {
  return { x: x * CELL + inset, y: y * CELL + inset, width: w * CELL - 2 * inset, height: h * CELL - 2 * inset };
}

/**
 * The street between two cells as a segment (geometry.street_vertices).
 * @param {number[][]} street
 * @returns {[number, number, number, number]}
 */
function segment(street) {
  const [[x1, y1], [x2, y2]] = street;
  if (x1 !== x2) {
    const x = Math.max(x1, x2);
    return [x * CELL, y1 * CELL, x * CELL, (y1 + 1) * CELL];
  }
  const y = Math.max(y1, y2);
  return [x1 * CELL, y * CELL, (x1 + 1) * CELL, y * CELL];
}

/**
 * The whole board for a view, its presented geometry, and what is lit.
 * @param {RulesData} rules
 * @param {View} view
 * @param {Presented} presented
 * @param {Lighting} light
 * @returns {SVGElement}
 */
export function drawBoard(rules, view, presented, light) {
  const map = new CityMap(presented.board);
  const ask = light.ask;
  /** @type {[number, number, number, number]} */
  let [x0, y0, x1, y1] = map.box;
  /** @type {[number, number, number, number][]} spots lit for the neighborhood being laid */
  const spots = [];
  const laying = light.tile === null ? undefined : presented.tiles.find((t) => String(t.number) === light.tile);
  if (ask && ask.step === "spot" && laying) {
    const [w, h] = [laying.width, laying.height];
    const turned = Number(light.rotation) % 2 === 1;
    for (const v of ask.values) {
      const [sx, sy] = v.split(",").map(Number);
      const [fw, fh] = turned ? [h, w] : [w, h];
      spots.push([sx, sy, fw, fh]);
      x0 = Math.min(x0, sx - 1);
      y0 = Math.min(y0, sy - 1);
      x1 = Math.max(x1, sx + fw);
      y1 = Math.max(y1, sy + fh);
    }
  }
  const root = svg("svg", {
    viewBox: `${x0 * CELL} ${y0 * CELL} ${(x1 - x0 + 1) * CELL} ${(y1 - y0 + 1) * CELL}`,
    class: "board",
    role: "img",
    "aria-label": "board",
  });
  root.append(svg("rect", { ...rect(x0, y0, x1 - x0 + 1, y1 - y0 + 1, 0), fill: SCHEME.table }));
  for (const [x, y, fw, fh] of map.footprints) {
    root.append(svg("rect", { ...rect(x, y, fw, fh, 0), fill: SCHEME.street, stroke: SCHEME.street_edge, "stroke-width": 1.5 }));
  }
  for (const [x, y] of map.holes) root.append(svg("rect", { ...rect(x, y, 1, 1, LOT_INSET), fill: SCHEME.hole, rx: 3 }));
  const lit = ask && ask.step === "set" ? ask.values : new Set();
  for (const [lot, [x, y]] of map.cellOf) {
    const isLit = lit.has(String(lot));
    const chosen = light.chosenLots.includes(String(lot));
    const attrs = {
      ...rect(x, y, 1, 1, LOT_INSET),
      rx: 4,
      fill: map.outskirts.has(lot) ? SCHEME.outskirts : SCHEME.centre,
      "data-lot": lot,
      class: isLit ? "lot lit" : chosen ? "lot chosen" : "lot",
    };
    root.append(svg("rect", attrs));
    root.append(svg("text", { x: x * CELL + 8, y: y * CELL + 17, class: "lotnum", fill: SCHEME.number_text }, String(lot)));
  }
  for (const b of view.city.buildings) drawBuilding(root, map, b, rules);
  for (const street of view.city.streetcars) drawStreetcar(root, street, "streetcar");
  if (ask && ask.step === "street") {
    for (const k of ask.values) {
      const street = k.split(":").map((c) => c.split(",").map(Number));
      const [ax, ay, bx, by] = segment(street);
      // the target a finger wide (STREET_HALF each side), the street drawn lit inside it
      const half = STREET_HALF;
      const box = { x: Math.min(ax, bx) - half, y: Math.min(ay, by) - half, width: Math.abs(bx - ax) + 2 * half, height: Math.abs(by - ay) + 2 * half };
      root.append(svg("line", { x1: ax, y1: ay, x2: bx, y2: by, stroke: LEGAL, "stroke-width": 12, "stroke-linecap": "round", class: "streetline" }));
      root.append(svg("rect", { ...box, rx: 10, class: "street lit", "data-street": streetKey(street) }));
    }
  }
  // each spot: its outline, and a disc at its centre to tap (outlines overlap, centres do not)
  for (const [sx, sy, fw, fh] of spots) root.append(svg("rect", { ...rect(sx, sy, fw, fh, 3), class: "spotline", rx: 6 }));
  for (const [sx, sy, fw, fh] of spots) {
    const cx = (sx + fw / 2) * CELL;
    const cy = (sy + fh / 2) * CELL;
    root.append(svg("circle", { cx, cy, r: SPOT_RADIUS, class: "spot lit", "data-spot": `${sx},${sy}` }));
  }
  return root;
}

/**
 * The neighborhood being laid, shown on a spot before it is laid there (its lots and their numbers).
 * @param {TileToCome} tile
 * @param {number} rotation
 * @param {number} sx the spot's cell
 * @param {number} sy
 * @returns {SVGElement}
 */
export function drawSpotPreview(tile, rotation, sx, sy) {
  const group = svg("g", { class: "spotpreview" });
  const turned = rotation % 2 === 1;
  const [w, h] = turned ? [tile.height, tile.width] : [tile.width, tile.height];
  group.append(svg("rect", { ...rect(sx, sy, w, h, 0), fill: SCHEME.street, opacity: 0.85 }));
  for (const [lot, x, y] of tile.turns[rotation % 4]) {
    group.append(svg("rect", { ...rect(sx + x, sy + y, 1, 1, LOT_INSET), fill: SCHEME.outskirts, rx: 4 }));
    group.append(svg("text", { x: (sx + x) * CELL + 8, y: (sy + y) * CELL + 17, class: "lotnum", fill: SCHEME.number_text }, String(lot)));
  }
  return group;
}

/**
 * @param {SVGElement} root
 * @param {CityMap} map
 * @param {import("./city.js").Building} b
 * @param {RulesData} rules
 */
function drawBuilding(root, map, b, rules) {
  const cells = b.properties.map((p) => map.cellOf.get(p)).filter((c) => c !== undefined);
  const fill = buildingColour(b.type);
  const group = svg("g", { class: "building", "data-building": b.type });
  const cellSet = new Set(cells.map((c) => key(/** @type {[number, number]} */ (c))));
  for (const c of cells) {
    const [x, y] = /** @type {[number, number]} */ (c);
    group.append(svg("rect", { ...rect(x, y, 1, 1, BUILDING_INSET), fill, stroke: "#3a3a3a", "stroke-width": 1.2, rx: 3 }));
    // a bridge to the next cell of the same building, across the street
    if (cellSet.has(key([x + 1, y])))
      group.append(svg("rect", { x: (x + 1) * CELL - BUILDING_INSET - 1, y: y * CELL + BUILDING_INSET, width: 2 * BUILDING_INSET + 2, height: CELL - 2 * BUILDING_INSET, fill }));
    if (cellSet.has(key([x, y + 1])))
      group.append(svg("rect", { x: x * CELL + BUILDING_INSET, y: (y + 1) * CELL - BUILDING_INSET - 1, width: CELL - 2 * BUILDING_INSET, height: 2 * BUILDING_INSET + 2, fill }));
  }
  if (cells.length) {
    const [x, y] = /** @type {[number, number]} */ (cells[0]);
    const label = rulesText(rules.buildings[b.type]?.label || b.type);
    group.append(svg("text", { x: x * CELL + CELL / 2, y: y * CELL + CELL / 2 + 4, class: "blabel" }, label.length > 8 ? label.slice(0, 7) + "." : label));
    if (b.owner !== null) {
      group.append(svg("circle", { cx: x * CELL + CELL - 16, cy: y * CELL + 16, r: 6, fill: playerColour(b.owner), stroke: "#fff", "stroke-width": 2, "data-owner": b.owner }));
    }
    if (b.score) group.append(svg("text", { x: x * CELL + 14, y: y * CELL + CELL - 13, class: "bscore" }, String(b.score)));
  }
  root.append(group);
}

/**
 * @param {SVGElement} root
 * @param {number[][]} street
 * @param {string} cls
 */
function drawStreetcar(root, street, cls) {
  const [ax, ay, bx, by] = segment(street);
  root.append(svg("line", { x1: ax, y1: ay, x2: bx, y2: by, stroke: STREETCAR, "stroke-width": 7, "stroke-linecap": "round", class: cls }));
  root.append(svg("line", { x1: ax, y1: ay, x2: bx, y2: by, stroke: RAILS, "stroke-width": 1.5, "stroke-dasharray": "4 4", class: cls }));
}

/**
 * A neighborhood as a small picture (its lots numbered), for the tiles to come.
 * @param {TileToCome} tile
 * @param {number} rotation
 * @returns {SVGElement}
 */
export function drawTile(tile, rotation) {
  const cells = tile.turns[rotation % 4];
  const turned = rotation % 2 === 1;
  const w = turned ? tile.height : tile.width;
  const h = turned ? tile.width : tile.height;
  const root = svg("svg", { viewBox: `0 0 ${w * CELL} ${h * CELL}`, class: "tilepic" });
  root.append(svg("rect", { ...rect(0, 0, w, h, 0), fill: SCHEME.street }));
  for (const [lot, x, y] of cells) {
    root.append(svg("rect", { ...rect(x, y, 1, 1, LOT_INSET), fill: SCHEME.outskirts, rx: 4 }));
    root.append(svg("text", { x: x * CELL + CELL / 2, y: y * CELL + CELL / 2 + 8, class: "tilenum" }, String(lot)));
  }
  return root;
}
