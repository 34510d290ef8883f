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
 * The pause's line and buttons for a seated player while the game is in play, or null.
 * @param {import("./main.js").Page} page
 * @returns {HTMLElement|null}
 */
export function pauseBox(page) {
  const table = page.table;
  if (!table || table.status !== "playing" || page.seat === null || page.seat === undefined) return null;
  const box = el("div", "", { id: "pause", class: "pause" });
  if (table.rated) {
    box.append(el("p", t("pause_rated"), { class: "hint" }));
    return box;
  }
  const asked = table.pause_asked || [];
  const names = asked.map((i) => (table.seats[i] && table.seats[i].name) || String(i + 1)).join(", ");
  if (table.paused) {
    box.append(el("p", t("paused_line"), { class: "notice", "data-paused": "1" }), pauseButton(page, "resume", false, "resume"));
  } else if (asked.includes(page.seat)) {
    box.append(el("p", t("pause_asked_you"), { class: "hint" }), pauseButton(page, "play_on", false, "withdraw"));
  } else if (asked.length) {
    box.append(
      el("p", t("pause_asked_by", { names }), { class: "notice" }),
      pauseButton(page, "agree_pause", true, "agree"),
      pauseButton(page, "play_on", false, "decline"),
    );
  } else {
    box.append(pauseButton(page, "ask_pause", true, "ask"));
  }
  return box;
}
