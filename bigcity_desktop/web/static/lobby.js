// The first screens: the lobby (the tables, Play now, the player key) and
// a table before one sits down (its seats, a name, "sit here" and "watch").
// The game's panels (panels.js) are loaded when a view first comes.

import { el } from "./dom.js";
import { t } from "./i18n.js";

/**
 * @typedef {import("./main.js").Page} Page
 * @typedef {import("./main.js").TableInfo} TableInfo
 * @typedef {import("./main.js").SeatInfo} SeatInfo
 */

/**
 * How one seat reads in a list.
 * @param {SeatInfo} s
 * @returns {string}
 */
function seatText(s) {
  if (s.name === null) return t("free");
  if (s.kind === "bot") return `${s.name} (${t("bot")}${badgeText(s) && `, ${badgeText(s)}`})`;
  const badge = badgeText(s);
  const name = badge ? `${s.name} (${badge})` : s.name;
  return s.connected ? name : `${name} (${t("away")})`;
}

/**
 * A seat's rating and reputation: "1540?, 96% finished" ("" when it has none).
 * @param {SeatInfo} s
 * @returns {string}
 */
export function badgeText(s) {
  const parts = [];
  if (s.rating !== undefined && s.rating !== null) parts.push(`${s.rating}${s.provisional ? "?" : ""}`);
  if (s.finished !== undefined && s.finished !== null) parts.push(t("finished_share", { n: s.finished }));
  return parts.join(", ");
}

/**
 * The lobby's player key: who this browser is on this server, its code to copy, another code to use.
 * @param {import("./main.js").Page} page
 * @returns {HTMLElement}
 */
function keyBox(page) {
  const box = el("details", undefined, { id: "player-key" });
  const who = page.me ? `${page.me.name} · ${page.me.player}` : page.playerKey ? page.playerKey.player : t("no_key");
  box.append(el("summary", t("player_key")), el("p", t("player_id", { id: who }), { id: "player-id" }));
  if (page.playerKey) {
    const key = page.playerKey;
    const copy = el("button", t("copy_code"), { id: "copy-key", type: "button" });
    copy.addEventListener("click", () => navigator.clipboard && navigator.clipboard.writeText(key.code));
    box.append(copy);
  }
  const input = el("input", undefined, { id: "key-code", placeholder: "BCK1.…", autocomplete: "off" });
  const use = el("button", t("use_code"), { id: "use-key", type: "button" });
  use.addEventListener("click", () => page.useKeyCode(/** @type {HTMLInputElement} */ (input).value));
  box.append(el("p", t("key_note"), { class: "hint" }), input, use);
  return box;
}

/**
 * Play now: the table's size, edition and kind, and the button (the server seats the player, or refuses with a sentence).
 * @param {import("./main.js").Page} page
 * @returns {HTMLElement}
 */
function quickBox(page) {
  const box = el("section", undefined, { id: "quick" });
  const players = /** @type {HTMLSelectElement} */ (el("select", undefined, { id: "play-players" }));
  for (const n of [2, 3, 4, 5]) players.append(el("option", String(n), { value: String(n) }));
  const edition = /** @type {HTMLSelectElement} */ (el("select", undefined, { id: "play-edition" }));
  for (const e of ["original", "jumbo"]) edition.append(el("option", t(`edition_${e}`), { value: e }));
  const rated = /** @type {HTMLInputElement} */ (el("input", undefined, { id: "play-rated", type: "checkbox" }));
  // the time controls (net/clocks.py, through editions.json); "no clock" for an unrated table only
  const clock = /** @type {HTMLSelectElement} */ (el("select", undefined, { id: "play-clock" }));
  const none = /** @type {HTMLOptionElement} */ (el("option", t("no_clock"), { value: "" }));
  clock.append(none);
  for (const c of (page.editions && page.editions.clocks) || []) {
    clock.append(el("option", t("clock_profile", { minutes: c.minutes, seconds: c.seconds }), { value: c.name }));
  }
  const ratedChanged = () => {
    none.disabled = rated.checked;
    if (rated.checked && clock.value === "" && clock.options.length > 1) clock.selectedIndex = 1;
  };
  rated.addEventListener("change", ratedChanged);
  const go = el("button", t("play_now"), { id: "play-now", type: "button" });
  go.addEventListener("click", () =>
    page.playNow(Number(players.value), edition.value, rated.checked, clock.value === "" ? null : clock.value),
  );
  box.append(
    el("h2", t("play_now")),
    el("label", t("play_players"), { for: "play-players" }),
    players,
    edition,
    el("label", t("play_rated"), { for: "play-rated" }),
    rated,
    el("label", t("play_clock"), { for: "play-clock" }),
    clock,
    go,
    el("p", t("play_hint"), { class: "hint" }),
  );
  return box;
}

/**
 * @param {HTMLElement} app
 * @param {TableInfo[]} tables
 * @param {import("./main.js").Page} page (its `listed`: whether the server's list came, else nothing is said of it;
 *   its `fault`: what the page could not read, then said instead of "no table")
 */
export function renderLobby(app, tables, page) {
  if (app.className !== "lobby") {
    app.className = "lobby";
    app.replaceChildren(el("div", undefined, { id: "tablelist" }));
  }
  const tablelist = /** @type {HTMLElement} */ (app.querySelector("#tablelist"));
  if (page.fault !== null) {
    tablelist.replaceChildren(el("p", t("unreadable_what"), { class: "fault", "data-fault": "1" }), el("p", page.fault, { class: "hint" }));
    return;
  }
  const open = app.querySelector("#player-key");
  const typed = app.querySelector("#key-code");
  const list = el("ul", undefined, { class: "tables" });
  for (const x of tables) {
    const li = el("li", undefined, { "data-table": x.id });
    const link = el("a", x.title || x.id, { href: `/t/${encodeURIComponent(x.id)}` });
    li.append(link, el("span", ` — ${t(x.status)}`));
    li.append(el("div", `${t("players")}: ${x.seats.map(seatText).join(", ")}`, { class: "seats" }));
    list.append(li);
  }
  const box = keyBox(page);
  if (open && /** @type {HTMLDetailsElement} */ (open).open) box.setAttribute("open", "");
  const input = /** @type {HTMLInputElement} */ (box.querySelector("#key-code"));
  if (typed) input.value = /** @type {HTMLInputElement} */ (typed).value;
  const ranked = el("p", undefined, { class: "hint" });
  ranked.append(el("a", t("ranking_title"), { href: "/players" }));
  const kept = app.querySelector("#quick");
  tablelist.replaceChildren(kept || quickBox(page), tables.length ? list : el("p", page.listed ? t("none") : ""), box, ranked);
}

/**
 * The table before one sits down: its seats, a name, "sit here" and "watch".
 * @param {HTMLElement} app
 * @param {Page} page
 */
export function renderJoin(app, page) {
  app.className = "join";
  const table = page.table;
  if (table === null) {
    app.replaceChildren(el("p", page.connection === "open" ? t("notable") : ""));
    return;
  }
  const kept = app.querySelector("input");
  const name = el("input", undefined, { id: "name", maxlength: 40, autocomplete: "nickname", placeholder: t("your_name") });
  /** @type {HTMLInputElement} */ (name).value = kept ? /** @type {HTMLInputElement} */ (kept).value : page.name;
  name.addEventListener("input", () => {
    page.name = /** @type {HTMLInputElement} */ (name).value;
  });
  const label = el("label", t("your_name"), { for: "name" });
  const seats = el("ul", undefined, { class: "seatlist" });
  for (const s of table.seats) {
    const li = el("li", `${t("seat_n", { n: s.seat + 1 })}: ${seatText(s)}`);
    if (page.seat === null && table.status === "lobby" && s.kind === "human" && s.name === null) {
      const sit = el("button", t("sit"), { "data-join-seat": s.seat });
      sit.addEventListener("click", () => page.join(s.seat));
      li.append(" ", sit);
    }
    if (s.seat === page.seat) li.classList.add("mine");
    seats.append(li);
  }
  const parts = [];
  if (page.seat !== null) parts.push(el("p", t("wait_start"), { class: "hint" }));
  else if (table.status !== "lobby") parts.push(el("p", t("started"), { class: "hint" }));
  else parts.push(label, name);
  parts.push(el("h2", t("players")), seats);
  if (page.seat === null) {
    const watch = el("button", t("watch"), { "data-watch": "1" });
    watch.addEventListener("click", () => page.watch());
    parts.push(watch);
  }
  app.replaceChildren(...parts);
  if (kept === null && page.seat === null && table.status === "lobby") name.focus();
}
