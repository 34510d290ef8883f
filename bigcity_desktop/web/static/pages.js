// The server's public pages of players and finished games, drawn from its
// answers (net/gamepages.py): /players ranks the rated players of an edition,
// /p/<player> shows a player's ratings (a chart of the rating after each
// rated game), reputation and last games, /g/<game> replays a finished game
// position by position (start, back, play, forward, end, jump to a round),
// each position a spectator's whole view drawn as a table is, with the
// record to download. Loaded when the page's address is one of these
// (main.js); what an address shows is address.js's.

import { rankedEdition } from "./address.js";
import { el } from "./dom.js";
import { t } from "./i18n.js";

/**
 * @typedef {import("../protocol").Ranking} Ranking
 * @typedef {import("../protocol").Profile} Profile
 * @typedef {import("../protocol").Replay} Replay
 * @typedef {import("../protocol").GameSummary} GameSummary
 */

/**
 * A rating as shown: "1540", "1500?" while provisional.
 * @param {{rating: number, provisional: boolean}} r
 */
function ratingText(r) {
  return `${r.rating}${r.provisional ? "?" : ""}`;
}

/** @param {number|null} n a share in per cent */
function shareText(n) {
  return n === null ? "—" : `${n}%`;
}

/**
 * /players: the ranking of an edition.
 * @param {HTMLElement} app
 * @param {Ranking|null} ranking
 */
export function renderRanking(app, ranking) {
  app.className = "ranking";
  const edition = rankedEdition();
  const switcher = el("p", undefined, { class: "editions" });
  for (const e of ["original", "jumbo"]) {
    switcher.append(e === edition ? el("b", e) : el("a", e, { href: `/players?edition=${e}` }), " ");
  }
  if (ranking === null) {
    app.replaceChildren(switcher);
    return;
  }
  const table = el("table", undefined, { class: "ranking", "data-ranking": ranking.edition });
  const head = el("tr");
  for (const h of ["#", t("player"), t("rating"), t("games"), t("finished")]) head.append(el("th", h));
  table.append(head);
  ranking.players.forEach((p, i) => {
    const row = el("tr", undefined, { "data-player": p.player });
    const link = el("a", p.name, { href: `/p/${p.player}` });
    const name = el("td");
    name.append(link);
    row.append(el("td", String(i + 1)), name, el("td", ratingText(p)), el("td", String(p.games)), el("td", shareText(p.finished)));
    table.append(row);
  });
  app.replaceChildren(switcher, ranking.players.length ? table : el("p", t("nobody_rated")));
}

/**
 * A rating over time, as a small SVG line chart.
 * @param {number[]} values oldest first
 * @returns {Element}
 */
function ratingChart(values) {
  const ns = "http://www.w3.org/2000/svg";
  const w = 320;
  const h = 120;
  const chart = document.createElementNS(ns, "svg");
  chart.setAttribute("viewBox", `0 0 ${w} ${h}`);
  chart.setAttribute("class", "ratingchart");
  chart.setAttribute("role", "img");
  chart.setAttribute("aria-label", t("rating_over_time"));
  const lo = Math.min(...values) - 20;
  const hi = Math.max(...values) + 20;
  const x = (/** @type {number} */ i) => (values.length > 1 ? (i * (w - 20)) / (values.length - 1) + 10 : w / 2);
  const y = (/** @type {number} */ v) => h - 10 - ((v - lo) * (h - 20)) / (hi - lo);
  const line = document.createElementNS(ns, "polyline");
  line.setAttribute("points", values.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(" "));
  line.setAttribute("class", "ratingline");
  chart.append(line);
  for (const [v, at] of [
    [hi - 20, 14],
    [lo + 20, h - 4],
  ]) {
    const label = document.createElementNS(ns, "text");
    label.setAttribute("x", "2");
    label.setAttribute("y", String(at));
    label.textContent = String(Math.round(v));
    chart.append(label);
  }
  return chart;
}

/**
 * One finished game in a list: when, the edition, each seat with its place and score.
 * @param {GameSummary} g
 * @param {string|null} me the player whose page this is
 */
function gameLine(g, me) {
  const li = el("li", undefined, { "data-game": g.game });
  const when = new Date(g.ended * 1000).toLocaleString();
  li.append(el("a", when, { href: `/g/${g.game}` }), ` · ${g.edition}${g.rated ? ` · ${t("rated")}` : ""} · `);
  g.seats
    .slice()
    .sort((a, b) => a.place - b.place)
    .forEach((s, i) => {
      if (i) li.append(", ");
      const label = `${s.place}. ${s.name} ${s.score}`;
      const node = s.player && s.player !== me ? el("a", label, { href: `/p/${s.player}` }) : el("span", label);
      if (s.player === me) node.classList.add("me");
      li.append(node);
    });
  return li;
}

/**
 * /p/<player>: ratings, reputation, the rating over time, the last games.
 * @param {HTMLElement} app
 * @param {Profile|null} profile
 */
export function renderProfile(app, profile) {
  app.className = "profile";
  if (profile === null) {
    app.replaceChildren();
    return;
  }
  /** @type {Element[]} */
  const parts = [el("h2", profile.name, { "data-profile": profile.player }), el("p", profile.player, { class: "hint" })];
  const facts = el("ul", undefined, { class: "facts" });
  for (const r of profile.ratings) facts.append(el("li", `${t("rating")} (${r.edition}): ${ratingText(r)} · ${t("games")}: ${r.games}`));
  facts.append(
    el("li", `${t("games")}: ${profile.started} · ${t("finished")}: ${shareText(profile.finished)} · ${t("in_time")}: ${shareText(profile.in_time)}`),
  );
  parts.push(facts);
  const values = profile.games
    .slice()
    .reverse()
    .map((g) => g.seats.find((s) => s.player === profile.player))
    .filter((s) => s && s.shown !== null)
    .map((s) => /** @type {number} */ (/** @type {any} */ (s).shown));
  if (values.length) parts.push(el("h2", t("rating_over_time")), ratingChart([1500, ...values]));
  const list = el("ol", undefined, { class: "games" });
  for (const g of profile.games) list.append(gameLine(g, profile.player));
  parts.push(el("h2", t("games")), profile.games.length ? list : el("p", t("no_games")));
  app.replaceChildren(...parts);
}

/**
 * The replay's controls, above the game: start, back, play or pause, forward, end, a round, the position.
 * @param {HTMLElement} bar
 * @param {import("./main.js").Page} page
 */
export function renderReplayBar(bar, page) {
  const r = page.replay;
  if (r === null) {
    bar.replaceChildren();
    return;
  }
  /**
   * @param {string} name
   * @param {string} label
   * @param {number} to
   * @param {boolean} enabled
   */
  const button = (name, label, to, enabled) => {
    const b = el("button", label, { type: "button", "data-replay": name, "aria-label": t(`replay_${name}`) });
    if (!enabled) b.setAttribute("disabled", "");
    b.addEventListener("click", () => page.stepTo(to));
    return b;
  };
  const play = el("button", page.playing ? "❚❚" : "▶", { type: "button", "data-replay": "play", "aria-label": t(page.playing ? "replay_pause" : "replay_play") });
  play.addEventListener("click", () => page.togglePlay());
  const rounds = el("select", undefined, { "data-replay": "round", "aria-label": t("replay_round") });
  r.rounds.forEach((at, i) => {
    const o = el("option", t("round", { n: i + 1 }), { value: at });
    if (at <= r.at && (i + 1 === r.rounds.length || r.rounds[i + 1] > r.at)) o.setAttribute("selected", "");
    rounds.append(o);
  });
  rounds.addEventListener("change", () => page.stepTo(Number(/** @type {HTMLSelectElement} */ (rounds).value)));
  bar.replaceChildren(
    button("start", "⇤", 0, r.at > 0),
    button("back", "←", r.at - 1, r.at > 0),
    play,
    button("forward", "→", r.at + 1, r.at < r.total),
    button("end", "⇥", r.total, r.at < r.total),
    rounds,
    el("span", `${r.at} / ${r.total}`, { "data-replay": "position" }),
  );
}
