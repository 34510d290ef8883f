// Pause by agreement of all (net/pausing.py): at an unrated table in play a
// player asks for a pause, the others agree, and when every connected player
// has, the table pauses (its clocks stop, moves are refused) until any one
// player resumes it. A rated table cannot be paused: the box says why.

import { t } from "./i18n.js";

/** The request id of a pause (its refusal is said in the status line). */
const PAUSE_ID = 9;

/**
 * @param {string} tag
 * @param {string} text
 * @param {Record<string, string>} attrs
 * @returns {HTMLElement}
 */
function el(tag, text, attrs) {
  const node = document.createElement(tag);
  node.textContent = text;
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  return node;
}

/**
 * A button that sends `pause` with `on`.
 * @param {import("./main.js").Page} page
 * @param {string} word
 * @param {boolean} on
 * @param {string} kind the button's data-pause value (the tests find it by it)
 * @returns {HTMLElement}
 */
function pauseButton(page, word, on, kind) {
  const button = el("button", t(word), { "data-pause": kind, class: "button", type: "button" });
  button.addEventListener("click", () => page.send({ type: "pause", on, id: PAUSE_ID }));
  return button;
}

/**
 * Whether the page's player sits at a table in play (the pause is theirs to ask for or agree to).
 * @param {import("./main.js").Page} page
 * @returns {import("../protocol").TableInfo|null}
 */
function pausable(page) {
  const table = page.table;
  return !table || table.status !== "playing" || page.seat === null || page.seat === undefined ? null : table;
}

/**
 * What is asked or agreed, beside the players (a pause asked for, or the table paused), or null: nothing to decide.
 * @param {import("./main.js").Page} page
 * @returns {HTMLElement|null}
 */
export function pauseBox(page) {
  const table = pausable(page);
  if (!table || table.rated) return null;
  const asked = table.pause_asked || [];
  const names = asked.map((i) => (table.seats[i] && table.seats[i].name) || String(i + 1)).join(", ");
  const box = el("div", "", { id: "pause", class: "pause" });
  if (table.paused) {
    box.append(el("p", t("paused_line"), { class: "notice", "data-paused": "1" }), pauseButton(page, "resume", false, "resume"));
  } else if (page.seat !== null && asked.includes(page.seat)) {
    box.append(el("p", t("pause_asked_you"), { class: "hint" }), pauseButton(page, "play_on", false, "withdraw"));
  } else if (asked.length) {
    box.append(
      el("p", t("pause_asked_by", { names }), { class: "notice" }),
      pauseButton(page, "agree_pause", true, "agree"),
      pauseButton(page, "play_on", false, "decline"),
    );
  } else return null;
  return box;
}

/**
 * Ask for a pause, with the table's other buttons (Leave): on a phone it keeps out of the way of the board
 * and the hand; at a rated table, why there is none. Null when a pause is asked or on (pauseBox says so).
 * @param {import("./main.js").Page} page
 * @returns {HTMLElement|null}
 */
export function pauseAsk(page) {
  const table = pausable(page);
  if (!table) return null;
  if (table.rated) return el("p", t("pause_rated"), { class: "hint", "data-pause-slot": "1" });
  if (table.paused || (table.pause_asked || []).length) return null;
  const button = pauseButton(page, "ask_pause", true, "ask");
  button.dataset.pauseSlot = "1";
  return button;
}
