// The score bubble: what a lit lot would score and how (base, each modifier,
// the multiplier and why), as the app's bubble says it. The numbers come
// worked out with the legal move (`why`, bigcity_desktop/present/preview.py);
// the page only words them.

import { rulesText, t } from "./i18n.js";

/**
 * @typedef {import("../protocol").ScoreWhy} ScoreWhy
 * @typedef {import("../protocol").LegalMove} LegalMove
 */

/** The reasons the app words (scene/text.py's _BECAUSE); any other is a kind of building. */
const BECAUSE = ["park", "factory", "outskirts", "center", "streetcar", "city_hall", "special", "residence", "business"];

/**
 * A reason in words: its tags (joined by "+") each worded, joined by "and".
 * @param {string} tag
 * @returns {string}
 */
function because(tag) {
  return tag
    .split("+")
    .map((x) => (BECAUSE.includes(x) ? t(`because_${x}`) : rulesText(x.replace(/_/g, " "))))
    .join(` ${t("why_and")} `);
}

/**
 * The lines of a breakdown, as scene/text.py's breakdown_lines.
 * @param {ScoreWhy} why
 * @returns {string[]}
 */
export function whyLines(why) {
  const lines = [t("why_base", { points: why.base })];
  for (const a of why.add) {
    const sign = a.points >= 0 ? "+" : "−";
    if (a.count != null && a.count > 1)
      lines.push(t("why_for", { sign, points: Math.abs(a.points), count: a.count, why: because(a.because) }));
    else lines.push(`${sign}${Math.abs(a.points)} ${because(a.because)}`);
  }
  if (why.multiplier !== 1) lines.push(`×${why.multiplier} ${why.because.map(because).join(` ${t("why_and")} `)}`);
  return lines;
}

/**
 * The bubble for a move over the element it would be played on, in the board's box.
 * @param {HTMLElement} box the board's box (positioned)
 * @param {Element} over the lit lot
 * @param {LegalMove} move
 * @param {string} headline its points in words
 */
export function showBubble(box, over, move, headline) {
  hideBubble(box);
  const bubble = document.createElement("div");
  bubble.className = "bubble";
  bubble.setAttribute("role", "status");
  const head = document.createElement("b");
  head.textContent = headline;
  bubble.append(head);
  for (const line of move.why ? whyLines(move.why) : []) {
    const div = document.createElement("div");
    div.textContent = line;
    bubble.append(div);
  }
  box.append(bubble);
  const r = over.getBoundingClientRect();
  const b = box.getBoundingClientRect();
  // above the lot if there is room, else below it; inside the box
  const left = Math.min(Math.max(0, r.left - b.left + r.width / 2 - bubble.offsetWidth / 2), b.width - bubble.offsetWidth);
  const above = r.top - b.top - bubble.offsetHeight - 6;
  bubble.style.left = `${Math.max(0, left)}px`;
  bubble.style.top = `${above >= 0 ? above : Math.min(r.bottom - b.top + 6, b.height - bubble.offsetHeight)}px`;
}

/** @param {HTMLElement} box */
export function hideBubble(box) {
  box.querySelector(".bubble")?.remove();
}
