// The board described lot by lot for a screen reader, as the app's board
// cursor says it: the words are the presenter's (present/lots.py), sent with
// the table presented (each lot's place with the board, what stands on each
// built lot with every view) and with the legal moves (a neighborhood's spot
// in words), and translated here from the app's catalogue (engineText). The
// page adds only what the move being chosen makes of the lot: whether the
// chosen piece can go there, and for how many points.

import { engineText, t } from "./i18n.js";

/** @typedef {import("./main.js").Page} Page */

/**
 * Where a lot lies and what stands on it, in the page's language
 * ("Property 23, neighborhood 3, outskirts, House of Bea, 4 points").
 * @param {Page} page
 * @param {string} lot
 * @returns {string}
 */
export function lotPlace(page, lot) {
  const board = page.presented?.board;
  if (!board) return t("lot_n", { n: lot });
  const at = board.lots.findIndex((x) => String(x[0]) === lot);
  const place = at >= 0 && board.places ? engineText(board.places[at]) : t("lot_n", { n: lot });
  const built = (page.presented?.built || []).find(([lots]) => lots.map(String).includes(lot));
  return `${place}, ${built ? engineText(built[1]) : t("lot_free")}`;
}

/**
 * A lot's whole description: its place and contents, then, while a piece is
 * being placed, whether it can go there and for how many points.
 * @param {Page} page
 * @param {string} lot
 * @param {Map<string, number>} points the points of each lit lot that completes a building
 * @returns {string}
 */
export function lotSentence(page, lot, points) {
  const text = lotPlace(page, lot);
  const ask = page.choosing ? page.choosing.ask() : null;
  if (!ask || ask.step !== "set" || page.choosing?.kind !== "build") return text;
  if (!ask.values.has(lot)) return t("lot_cannot", { lot: text });
  const n = points.get(lot);
  if (n === undefined) return t("lot_can", { lot: text });
  return t("lot_can_points", { lot: text, points: n === 1 ? t("point") : t("points", { n: n > 0 ? `+${n}` : n }) });
}

/**
 * A neighborhood's spot in words ("Place for the neighborhood north of neighborhood 3"), never its cells.
 * @param {Page} page
 * @param {string} spot "x,y", as the board's data-spot says it
 * @returns {string}
 */
export function spotSentence(page, spot) {
  const shape = page.choosing?.candidates().find((s) => s.fixed.some(([k, v]) => k === "spot" && v === spot));
  const where = shape?.move.where;
  return where === undefined ? t("spot") : t("spot_at", { where: engineText(where) });
}

/**
 * The live region that says the lot (or spot, or street) the keyboard is on
 * (made once, hidden from sight; a screen reader reads what is put in it).
 * @param {HTMLElement} app
 * @param {string} text
 */
export function sayOnBoard(app, text) {
  let box = /** @type {HTMLElement|null} */ (app.querySelector("#lotsaid"));
  if (box === null) {
    box = document.createElement("p");
    box.id = "lotsaid";
    box.className = "sr-only";
    box.setAttribute("role", "status");
    box.setAttribute("aria-live", "polite");
    app.append(box);
  }
  if (box.textContent !== text) box.textContent = text;
}
