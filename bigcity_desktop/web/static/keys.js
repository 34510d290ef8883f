// The game by keyboard and for a screen reader, over what the panels draw:
// each group of lit things (the kinds of move and the choices, the pieces,
// the hand, the neighborhoods to come, the offers, the board's lots, spots
// and streets) is one tab stop with a roving focus: the arrow keys move
// within it (on the board to the nearest lit place that way), Enter or
// Space chooses (the focus then goes on to the lit things of the step the
// choice asks next; the choice that completes a move plays it at once, as a
// tap does), Esc cancels the move being chosen. The board's stop holds
// every lot as well as the lit places, so the arrows go lot by lot as the
// app's board cursor does, N and Shift+N to the next and previous lit place;
// each lot is described as the app describes it (lotsaid.js: its number,
// neighborhood and area, what stands on it, whether the chosen piece can go
// there and for how many points), in its label and in a live region, and a
// neighborhood's spot by its place, never its cells. The lit places are
// also listed for assistive technology (#places, each with the points a
// building there would score), as buttons a screen reader can press.
// Focus survives the page's redraws: the same place again, else the first
// lit thing of the next step.

import { el } from "./dom.js";
import { t } from "./i18n.js";
import { lotSentence, sayOnBoard, spotSentence } from "./lotsaid.js";

/** @typedef {import("./main.js").Page} Page */

/** The groups, in the order a move's steps come, each a selector of its lit items. */
const GROUPS = [
  ["kinds", "#actions [data-kind]"],
  ["choices", "#actions .lit"],
  ["tray", "#tray .lit"],
  ["hand", "#hand .lit"],
  ["tiles", "#tiles .lit"],
  ["offers", "#offers .lit"],
  ["board", "#board [data-lot], #board .lit"],
];
/** The data attributes that name a lit item (its identity across redraws). */
const NAMES = ["kind", "lot", "card", "piece", "tile", "rotation", "spot", "street", "stack", "face", "slot", "act"];

/**
 * A lit item's identity: its attribute and value ("lot=23").
 * @param {Element} node
 * @returns {string}
 */
function nameOf(node) {
  const d = /** @type {HTMLElement} */ (node).dataset;
  for (const k of NAMES) if (d[k] !== undefined) return `${k}=${d[k]}`;
  return "";
}

/** @type {{group: string, name: string}|null} what had the focus before a redraw */
let remembered = null;
/** whether the keyboard was used last in the game (then a redraw carries focus on; a tap ends it) */
let keyboard = false;

/**
 * The items of each group now, and the group an item is in.
 * @param {HTMLElement} app
 * @returns {Map<string, Element[]>}
 */
function groups(app) {
  /** @type {Map<string, Element[]>} */
  const out = new Map();
  for (const [name, selector] of GROUPS) {
    const items = [...app.querySelectorAll(selector)];
    if (items.length) out.set(name, items);
  }
  return out;
}

/**
 * After each redraw of the game: one tab stop per group, names for the
 * board's places, the list of lit places, and the focus put back.
 * @param {HTMLElement} app
 * @param {Page} page
 */
export function keysGame(app, page) {
  if (!app.dataset.keys) {
    app.dataset.keys = "1";
    app.addEventListener("keydown", (event) => onKey(app, page, event));
    document.addEventListener("pointerdown", () => (keyboard = false)); // a tap: the focus stays where the pointer left it
    app.addEventListener("focusin", (event) => {
      const target = /** @type {Element} */ (event.target);
      for (const [group, items] of groups(app))
        if (items.includes(target)) {
          remembered = { group, name: nameOf(target) };
          if (group === "board") sayOnBoard(app, target.getAttribute("aria-label") || "");
        }
    });
  }
  const points = pointsByLot(page);
  const all = groups(app);
  for (const [group, items] of all) {
    const current =
      items.find((x) => remembered && remembered.group === group && nameOf(x) === remembered.name) ||
      items.find((x) => x.classList.contains("lit")) ||
      items[0];
    for (const item of items) {
      item.setAttribute("tabindex", item === current ? "0" : "-1");
      if (item instanceof SVGElement) {
        item.setAttribute("role", "button");
        item.setAttribute("aria-label", placeText(item, page, points));
        if (item.classList.contains("lit")) item.removeAttribute("aria-disabled");
        else item.setAttribute("aria-disabled", "true");
      }
    }
  }
  const board = all.get("board") || [];
  listPlaces(app, page, board.filter((x) => x.classList.contains("lit")), points);
  if (document.activeElement && board.includes(document.activeElement))
    sayOnBoard(app, document.activeElement.getAttribute("aria-label") || "");
  restore(app, all);
}

/**
 * The points a lit lot would score, by lot (the move it completes), when the step asks for lots.
 * @param {Page} page
 * @returns {Map<string, number>}
 */
function pointsByLot(page) {
  /** @type {Map<string, number>} */
  const out = new Map();
  const ask = page.choosing ? page.choosing.ask() : null;
  if (!page.choosing || !ask || ask.step !== "set") return out;
  for (const value of ask.values) {
    const move = page.choosing.completedBy(value);
    if (move && move.points != null) out.set(String(value), move.points);
  }
  return out;
}

/**
 * A place of the board in words: a lot as the app's cursor says it (with the
 * points a lit one would score), a spot by its place ("north of neighborhood 3"), a street.
 * @param {Element} item
 * @param {Page} page
 * @param {Map<string, number>} points
 * @returns {string}
 */
function placeText(item, page, points) {
  const d = /** @type {HTMLElement} */ (/** @type {unknown} */ (item)).dataset;
  if (d.lot !== undefined) return lotSentence(page, d.lot, points);
  if (d.spot !== undefined) return spotSentence(page, d.spot);
  if (d.street !== undefined) return t("street_n", { n: d.street });
  return nameOf(item);
}

/**
 * The lit places of the board as a list of buttons (for assistive technology;
 * hidden from sight, as the board shows them).
 * @param {HTMLElement} app
 * @param {Page} page
 * @param {Element[]} places
 * @param {Map<string, number>} points
 */
function listPlaces(app, page, places, points) {
  let box = /** @type {HTMLElement|null} */ (app.querySelector("#places"));
  if (box === null) {
    box = el("ul", undefined, { id: "places", class: "sr-only", "aria-label": t("places") });
    app.append(box);
  }
  const key = places.map(nameOf).join(" ") + [...points].join(" ");
  if (box.dataset.key === key) return;
  box.dataset.key = key;
  box.replaceChildren(
    ...places.map((place) => {
      const li = el("li");
      const button = el("button", placeText(place, page, points), { type: "button", tabindex: -1, "data-place": nameOf(place) });
      button.addEventListener("click", () => {
        const now = [...app.querySelectorAll("#board .lit")].find((x) => nameOf(x) === nameOf(place));
        if (now && !page.pending) now.dispatchEvent(new MouseEvent("click", { bubbles: true }));
      });
      li.append(button);
      return li;
    }),
  );
}

/**
 * The focus put back after a redraw that took it away: the same item, else
 * the first lit item of the first group (the move's next step), else Play.
 * @param {HTMLElement} app
 * @param {Map<string, Element[]>} all
 */
function restore(app, all) {
  const active = document.activeElement;
  if (!keyboard || (active && active !== document.body && app.contains(active))) return;
  for (const items of all.values()) {
    const again = remembered && items.find((x) => nameOf(x) === remembered?.name);
    if (again) return focus(again);
  }
  // only lit things (the board's stop holds every lot, lit or not)
  const isLit = (/** @type {string} */ group, /** @type {Element} */ x) => group === "kinds" || x.classList.contains("lit");
  const withLit = [...all.entries()].filter(([group, items]) => items.some((x) => isLit(group, x)));
  const lit = withLit.find(([group]) => group !== "kinds") || withLit[0];
  const play = app.querySelector('[data-act="play"]:not([disabled])');
  if (play) return focus(play);
  if (lit) focus(lit[1].find((x) => x.getAttribute("tabindex") === "0" && isLit(lit[0], x)) || lit[1].find((x) => isLit(lit[0], x)) || lit[1][0]);
}

/** @param {Element} node */
function focus(node) {
  /** @type {HTMLElement} */ (node).focus({ preventScroll: false });
}

/**
 * @param {HTMLElement} app
 * @param {Page} page
 * @param {KeyboardEvent} event
 */
function onKey(app, page, event) {
  keyboard = true;
  const target = /** @type {Element} */ (event.target);
  if (event.key === "Escape") {
    const cancel = app.querySelector('[data-act="cancel"]');
    const choosing = page.choosing;
    if (cancel) {
      event.preventDefault();
      /** @type {HTMLElement} */ (cancel).click();
    } else if (choosing && choosing.ask() && (choosing.fixed.size || choosing.set.length || choosing.kinds().length > 1)) {
      // the move given up before it was whole: back to its first step, as Cancel does
      event.preventDefault();
      choosing.choose(choosing.kinds().length === 1 ? choosing.kinds()[0] : null);
      remembered = null;
      page.render();
    }
    return;
  }
  const found = [...groups(app)].find(([, items]) => items.includes(target));
  if (!found) return;
  const [group, items] = found;
  if (group === "board" && (event.key === "n" || event.key === "N")) {
    // N, Shift+N: the next (previous) lit place, as the app's N
    event.preventDefault();
    const lit = items.filter((x) => x.classList.contains("lit"));
    const next = lit.length ? nextLit(items, lit, target, event.shiftKey ? -1 : 1) : null;
    if (next) moveTo(group, target, next);
    else sayOnBoard(app, t("nothing_lit"));
    return;
  }
  if (group === "board" && !target.classList.contains("lit") && (event.key === "Enter" || event.key === " ")) {
    event.preventDefault(); // nothing to choose here: the lot said again
    sayOnBoard(app, "");
    sayOnBoard(app, target.getAttribute("aria-label") || "");
    return;
  }
  if (event.key === "Enter" || event.key === " ") {
    // the click made here, not by the browser (a button's own comes after this handler), so the
    // focus can follow the choice to the step it asks next
    event.preventDefault();
    const before = askedKey(page);
    target.dispatchEvent(new MouseEvent("click", { bubbles: true }));
    followStep(app, page, before);
    return;
  }
  const step = { ArrowRight: [1, 0], ArrowLeft: [-1, 0], ArrowDown: [0, 1], ArrowUp: [0, -1] }[event.key];
  if (!step) return;
  event.preventDefault();
  const next = group === "board" ? nearest(target, items, step) : items[(items.indexOf(target) + (step[0] + step[1] > 0 ? 1 : items.length - 1)) % items.length];
  if (next) moveTo(group, target, next);
}

/**
 * The group's roving focus moved from `target` to `next`.
 * @param {string} group
 * @param {Element} target
 * @param {Element} next
 */
function moveTo(group, target, next) {
  target.setAttribute("tabindex", "-1");
  next.setAttribute("tabindex", "0");
  remembered = { group, name: nameOf(next) };
  focus(next);
}

/**
 * The lit place after (`step` 1) or before (-1) `from` in the board's order, round the end.
 * @param {Element[]} items every item of the board's stop
 * @param {Element[]} lit its lit ones
 * @param {Element} from
 * @param {number} step
 * @returns {Element}
 */
function nextLit(items, lit, from, step) {
  const at = items.indexOf(from);
  const ordered = step > 0 ? lit : [...lit].reverse();
  return ordered.find((x) => (items.indexOf(x) - at) * step > 0) || ordered[0];
}

/**
 * The step asked now, with what is chosen so far ("spot|tile=3|..."), or "" when none.
 * @param {Page} page
 * @returns {string}
 */
function askedKey(page) {
  const ask = page.choosing ? page.choosing.ask() : null;
  return ask ? `${ask.step}|${[...(page.choosing?.fixed || [])].join(" ")}` : "";
}

/** The lit items of each step, where a choice made by key sends the focus on to the next step. */
const STEP_ITEMS = {
  piece: "#tray .lit",
  set: "#board [data-lot].lit, #hand [data-card].lit",
  tile: "#tiles .lit",
  rotation: "#actions [data-rotation].lit",
  spot: "#board [data-spot].lit",
  street: "#board [data-street].lit",
  stack: "#actions [data-stack].lit",
  face: "#actions [data-face].lit",
  slot: "#offers .lit",
};

/**
 * After a choice by key: when it asked a new step (and did not play the move,
 * as one tap plays it), the focus goes on to that step's first lit item; a
 * choice that completes the move plays at once, as a tap does.
 * @param {HTMLElement} app
 * @param {Page} page
 * @param {string} before the step asked before the choice (askedKey)
 */
function followStep(app, page, before) {
  const now = askedKey(page);
  if (page.pending || now === "" || now === before) return;
  const step = now.split("|")[0];
  const selector = STEP_ITEMS[/** @type {keyof typeof STEP_ITEMS} */ (step)];
  const next = selector ? app.querySelector(selector) : null;
  if (next === null || next === document.activeElement) return;
  const group = [...groups(app)].find(([, items]) => items.includes(next));
  if (group) {
    for (const x of group[1]) x.setAttribute("tabindex", x === next ? "0" : "-1");
    remembered = { group: group[0], name: nameOf(next) };
  }
  focus(next);
}

/**
 * The lit place nearest to `from` in the direction `step` (within a 45° cone
 * either side), or the first one further round if none lies that way.
 * @param {Element} from
 * @param {Element[]} items
 * @param {number[]} step
 * @returns {Element|undefined}
 */
function nearest(from, items, step) {
  const centre = (/** @type {Element} */ x) => {
    const r = x.getBoundingClientRect();
    return [r.left + r.width / 2, r.top + r.height / 2];
  };
  const [fx, fy] = centre(from);
  let best;
  let bestScore = Infinity;
  for (const item of items) {
    if (item === from) continue;
    const [x, y] = centre(item);
    const along = (x - fx) * step[0] + (y - fy) * step[1];
    const across = Math.abs((x - fx) * step[1] - (y - fy) * step[0]);
    if (along <= 0 || across > along) continue;
    const score = along + 2 * across;
    if (score < bestScore) [best, bestScore] = [item, score];
  }
  return best || items[(items.indexOf(from) + (step[0] + step[1] > 0 ? 1 : items.length - 1)) % items.length];
}
