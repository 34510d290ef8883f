// The rules summary of the table's own rules (Help): the same summary as
// the app's Help, worded by the server as engine messages
// (present/rulesummary.py, answered at summary.<digest>.json by
// net/rulesummaries.py) and put in the page's language here. Each value is
// marked "our reading" when it is this project's reading of the rule book,
// and "changed from the bundled edition" when house rules changed it, as in
// the app. Built from DOM elements and their text only: a house-rules file
// comes from a player, and nothing of it is ever read as HTML. Loaded when a
// Help is first opened (host.js: rulesHelp).

import { el } from "./dom.js";
import { engineText, rulesText, t } from "./i18n.js";

/**
 * @typedef {{text: unknown, house: boolean, changed: boolean}} SummaryValue
 * @typedef {{title: unknown, head: unknown[], rows: SummaryValue[][]}} SummarySection
 * @typedef {{title: string, house_rules: boolean, sections: SummarySection[]}} Summary
 */

/** @type {Record<string, Promise<Summary|null>>} the summaries asked, by rules digest */
const asked = {};

/** The marks, worded by the engine's catalogue like the app's. */
const OUR_READING = { $msg: "our reading", fields: {} };
const CHANGED = { $msg: "changed from the bundled edition", fields: {} };

/**
 * The summary of the rules of `digest` (once per digest; null when the server has none).
 * @param {string} digest
 * @returns {Promise<Summary|null>}
 */
function summaryOf(digest) {
  // the digest's first 40 hex digits (net/rulesummaries.py: a served name is at most 64 characters)
  if (!/^[0-9a-f]{40,128}$/.test(digest)) return Promise.resolve(null);
  asked[digest] ||= fetch(new URL(`summary.${digest.slice(0, 40)}.json`, import.meta.url))
    .then((answer) => (answer.ok ? answer.json() : null))
    .catch(() => null);
  return asked[digest];
}

/**
 * One value with its marks.
 * @param {string} tag
 * @param {SummaryValue} v
 * @returns {HTMLElement}
 */
function valueCell(tag, v) {
  const cell = el(tag, engineText(v.text));
  if (v.house) cell.append(" ", el("i", `(${engineText(OUR_READING)})`, { class: "reading" }));
  if (v.changed) {
    cell.classList.add("changed");
    cell.dataset.changed = "1";
    cell.append(" ", el("strong", `(${engineText(CHANGED)})`, { class: "changedmark" }));
  }
  return cell;
}

/**
 * The summary's elements: its title, for house rules what the mark means, each section.
 * @param {Summary} summary
 * @returns {HTMLElement[]}
 */
export function summaryParts(summary) {
  const out = [el("h3", rulesText(String(summary.title)))];
  if (summary.house_rules) out.push(el("p", t("house_marked", { mark: `(${engineText(CHANGED)})` })));
  for (const section of summary.sections || []) {
    out.push(el("h4", engineText(section.title)));
    if (section.head && section.head.length) {
      const table = el("table", undefined, { class: "summarytable" });
      const head = el("tr");
      head.append(...section.head.map((h) => el("th", engineText(h), { scope: "col" })));
      table.append(head, ...section.rows.map((row) => {
        const tr = el("tr");
        tr.append(...row.map((v, i) => valueCell(i === 0 ? "th" : "td", v)));
        return tr;
      }));
      const wrap = el("div", undefined, { class: "summarywrap" });
      wrap.append(table);
      out.push(wrap);
    } else {
      const list = el("ul");
      list.append(...section.rows.map((row) => valueCell("li", row[0])));
      out.push(list);
    }
  }
  return out;
}

/**
 * The summary of the rules of `digest` put in `body` (the Help's, host.js: asked
 * of the server when the Help is first opened, this module loaded then).
 * @param {HTMLElement} body
 * @param {string} digest
 */
export async function showSummary(body, digest) {
  const summary = await summaryOf(digest);
  body.replaceChildren(...(summary ? summaryParts(summary) : [el("p", t("rules_none"))]));
  body.dataset.shown = "1";
}
