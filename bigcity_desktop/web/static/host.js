// The browser as host: the lobby's Create table form (an edition or a
// house-rules file, the seats, bots and their levels, listed or by
// invitation), the seated page's invitation link and Start, the game's
// Leave (or leave and let a bot take one's seat) and Rematch, and the
// rules named when they are house rules (their digest is no bundled
// edition's), with the rules summary, their changed values marked (Help).
// It only sends the protocol's own messages (create, start, leave);
// the server checks everything.

import { el } from "./dom.js";
import { lang, levelText, loadSentences, t } from "./i18n.js";
import { PROTOCOL } from "./reader.js";
import { pauseAsk } from "./pause.js";

/**
 * @typedef {import("./main.js").Page} Page
 * @typedef {import("./main.js").TableInfo} TableInfo
 * @typedef {import("../protocol").ClientMessage} ClientMessage
 * @typedef {{name: string, title: string, digest: string, served_digest: string, min_players: number, max_players: number}} Edition
 * @typedef {{key: string, label: string}} Level
 * @typedef {{name: string, minutes: number, seconds: number}} Clock
 * @typedef {{editions: Edition[], levels: Level[], clocks?: Clock[]}} Editions
 * @typedef {{kind: string, level?: string|null}} SeatWanted
 * @typedef {{type: "create", name: string, seats: SeatWanted[], edition?: string|null, rules?: string|null,
 *   title?: string|null, public?: boolean|null, id?: number|null}} CreateMessage
 */

/** The request ids of what this part sends (their refusals are said in the status line). */
const CREATE_ID = 5;
const START_ID = 6;
const LEAVE_ID = 7;
/** The value of the edition list's entry for a house-rules file. */
const FILE = "file";
/** Where the last table made from this tab is remembered (its Rematch makes it again). */
const MADE_KEY = "bigcity.made";

/**
 * The bundled editions and the bot levels (editions.json, made by the server).
 * @returns {Promise<Editions|null>}
 */
export async function loadEditions() {
  try {
    const answer = await fetch(new URL("editions.json", import.meta.url));
    return answer.ok ? /** @type {Editions} */ (await answer.json()) : null;
  } catch {
    return null;
  }
}

/** What the form holds between renders (a lobby message redraws the list, never the form). */
const draft = {
  /** @type {string} */ edition: "original",
  /** @type {string[]} each seat after the host's: "human" or "bot:<level>" */
  others: ["bot:easy"],
  /** @type {string|null} a house-rules file's text */
  rules: null,
};

/**
 * Whether a table plays house rules: its rules' digest is none of the bundled editions'
 * (as bundled, or as a server's friends' table plays them: with its bound on rounds).
 * @param {Page} page
 * @param {TableInfo} table
 * @returns {boolean}
 */
export function isHouse(page, table) {
  return page.editions !== null && editionOf(page, table) === null;
}

/**
 * The bundled edition a table plays (as bundled, or with the server's bound on
 * rounds at a friends' table), or null for house rules (or before the editions came).
 * @param {Page} page
 * @param {TableInfo} table
 * @returns {string|null}
 */
export function editionOf(page, table) {
  if (page.editions === null) return null;
  const e = page.editions.editions.find((x) => x.digest === table.rules_digest || x.served_digest === table.rules_digest);
  return e ? e.name : null;
}

/**
 * The lobby's Create table form, added once below the list of tables.
 * @param {HTMLElement} app
 * @param {Page} page
 */
export function hostLobby(app, page) {
  if (page.editions === null) return;
  for (const table of page.tables)
    if (isHouse(page, table))
      app
        .querySelector(`li[data-table="${CSS.escape(table.id)}"]`)
        ?.append(el("div", t("house", { title: table.rules_title }), { class: "hint house", "data-house": "1" }));
  if (!app.querySelector("#create")) app.append(createForm(page, /** @type {Editions} */ (page.editions)));
}

/**
 * @param {string} id
 * @param {string} text
 * @param {HTMLElement} field
 * @returns {HTMLElement}
 */
function row(id, text, field) {
  const line = el("div", undefined, { class: "field" });
  field.id = id;
  line.append(el("label", text, { for: id }), field);
  return line;
}

/**
 * @param {[string, string][]} options value, text
 * @param {string} chosen
 * @returns {HTMLSelectElement}
 */
function select(options, chosen) {
  const box = /** @type {HTMLSelectElement} */ (el("select"));
  for (const [value, text] of options) box.append(el("option", text, { value }));
  box.value = chosen;
  return box;
}

/**
 * @param {Page} page
 * @param {Editions} offered
 * @returns {HTMLElement}
 */
function createForm(page, offered) {
  const form = el("form", undefined, { id: "create", class: "create" });
  const name = /** @type {HTMLInputElement} */ (el("input", undefined, { maxlength: 40, autocomplete: "nickname" }));
  name.value = page.name;
  name.addEventListener("input", () => (page.name = name.value));
  const title = /** @type {HTMLInputElement} */ (el("input", undefined, { maxlength: 60 }));
  const editions = select(
    [...offered.editions.map((e) => /** @type {[string, string]} */ ([e.name, e.title])), [FILE, t("house_file")]],
    draft.edition,
  );
  const file = /** @type {HTMLInputElement} */ (el("input", undefined, { type: "file", accept: ".toml,.json,text/plain" }));
  const fileRow = row("crules", t("rules_file"), file);
  const players = select([], "");
  const seats = el("div", undefined, { class: "seats", id: "cseats" });
  const listed = /** @type {HTMLInputElement} */ (el("input", undefined, { type: "checkbox" }));
  const listedRow = el("div", undefined, { class: "field check" });
  listed.id = "cpublic";
  listedRow.append(listed, el("label", t("listed"), { for: "cpublic" }));
  const go = el("button", t("create"), { type: "submit", "data-create": "1", class: "primary" });

  const kinds = /** @type {[string, string][]} */ ([
    ["human", t("seat_human")],
    ...offered.levels.map((lv) => /** @type {[string, string]} */ ([`bot:${lv.key}`, `${t("bot")}: ${levelText(lv.label)}`])),
  ]);
  const drawSeats = () => {
    const n = Number(players.value) || 2;
    while (draft.others.length < n - 1) draft.others.push(draft.others[draft.others.length - 1] || "bot:easy");
    draft.others.length = n - 1;
    seats.replaceChildren(el("div", `${t("seat_n", { n: 0 })}: ${t("seat_you")}`, { class: "field" }));
    draft.others.forEach((kind, i) => {
      const choice = select(kinds, kind);
      choice.addEventListener("change", () => (draft.others[i] = choice.value));
      seats.append(row(`cseat${i + 1}`, t("seat_n", { n: i + 1 }), choice));
    });
  };
  const drawPlayers = () => {
    const edition = offered.editions.find((e) => e.name === editions.value);
    const [lo, hi] = edition ? [edition.min_players, edition.max_players] : [2, 5];
    const before = Number(players.value) || draft.others.length + 1;
    players.replaceChildren(...Array.from({ length: hi - lo + 1 }, (_, i) => el("option", String(lo + i), { value: lo + i })));
    players.value = String(Math.min(hi, Math.max(lo, before)));
    fileRow.hidden = editions.value !== FILE;
    drawSeats();
  };
  editions.addEventListener("change", () => {
    draft.edition = editions.value;
    drawPlayers();
  });
  players.addEventListener("change", drawSeats);
  file.addEventListener("change", async () => {
    const chosen = file.files && file.files[0];
    draft.rules = chosen ? (await chosen.text()).slice(0, 256 * 1024) : null;
  });
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    /** @type {CreateMessage} */
    const message = {
      type: "create",
      name: name.value.slice(0, 40),
      title: title.value.slice(0, 60) || null,
      seats: [{ kind: "human" }, ...draft.others.map(seatOf)],
      public: listed.checked,
      id: CREATE_ID,
    };
    if (editions.value === FILE) {
      if (draft.rules === null) {
        page.notice = t("rules_file_missing");
        page.render();
        return;
      }
      message.rules = draft.rules;
    } else message.edition = editions.value;
    make(page, message);
  });
  form.append(
    el("h2", t("new_table")),
    row("cname", t("your_name"), name),
    row("ctitle", t("table_title"), title),
    row("cedition", t("edition"), editions),
    fileRow,
    row("cplayers", t("players"), players),
    seats,
    listedRow,
    go,
  );
  drawPlayers();
  return form;
}

/**
 * @param {string} kind "human" or "bot:<level>"
 * @returns {SeatWanted}
 */
function seatOf(kind) {
  return kind.startsWith("bot:") ? { kind: "bot", level: kind.slice(4) } : { kind: "human" };
}

/**
 * Sends a create message (over `ws`, or the page's connection) and remembers it for a Rematch.
 * @param {Page} page
 * @param {CreateMessage} message
 * @param {WebSocket|null} [ws]
 */
function make(page, message, ws = null) {
  try {
    sessionStorage.setItem(MADE_KEY, JSON.stringify(message));
  } catch {
    // no storage: Rematch makes the table again from what the lobby says of it
  }
  if (ws !== null) ws.send(JSON.stringify(message));
  else page.send(/** @type {ClientMessage} */ (message));
}

/**
 * The table before its start, once seated: the link that brings the others,
 * Start for its host, Leave; and the rules named when they are house rules.
 * @param {HTMLElement} app
 * @param {Page} page
 */
export function hostJoin(app, page) {
  const table = page.table;
  if (table === null) return;
  if (isHouse(page, table)) app.append(el("p", t("house", { title: table.rules_title }), { class: "hint house", "data-house": "1" }));
  if (page.seat === null || table.status !== "lobby") return;
  if (page.invite !== null) {
    const link = /** @type {HTMLInputElement} */ (el("input", undefined, { readonly: "", id: "invite" }));
    link.value = `${location.origin}/t/${table.id}#${page.invite}`;
    const copy = el("button", t("copy"), { type: "button" });
    copy.addEventListener("click", () => {
      link.select();
      navigator.clipboard?.writeText(link.value).catch(() => undefined);
    });
    const line = el("div", undefined, { class: "field invite" });
    line.append(el("label", t("invite_link"), { for: "invite" }), link, copy);
    app.append(line);
  }
  const buttons = el("div", undefined, { class: "hostbuttons" });
  if (page.seat === table.host) {
    const ready = table.seats.every((s) => s.name !== null);
    const start = el("button", t("start"), { type: "button", "data-start": "1", class: "primary" });
    if (!ready) start.setAttribute("disabled", "");
    start.addEventListener("click", () => page.send({ type: "start", id: START_ID }));
    buttons.append(start);
  }
  const leave = el("button", t("leave"), { type: "button", "data-leave": "1" });
  leave.addEventListener("click", () => page.send({ type: "leave", id: LEAVE_ID }));
  buttons.append(leave);
  app.append(buttons);
}

/**
 * The game's part of hosting: the rules named (and, for house rules, what
 * they change), Leave with or without a bot in one's seat, and Rematch at the end.
 * @param {HTMLElement} app
 * @param {Page} page
 */
export function hostGame(app, page) {
  let bar = /** @type {HTMLElement|null} */ (app.querySelector("#hostbar"));
  if (bar === null) {
    bar = el("section", undefined, { id: "hostbar", class: "box" });
    app.append(bar);
  }
  const view = page.view;
  const table = page.table;
  if (view === null) return;
  const playing = view.phase !== "over" && page.seat !== null;
  const key = `${lang()}|${table ? table.rules_digest : ""}|${playing}|${page.editions !== null}`;
  if (bar.dataset.key !== key) {
    bar.dataset.key = key;
    bar.replaceChildren(...rulesPart(page), ...(playing ? leavePart(page) : []));
  }
  // Ask for a pause beside Leave, drawn anew with each table (pause.js)
  const buttons = bar.querySelector(".hostbuttons");
  if (buttons) {
    const ask = pauseAsk(page);
    const old = buttons.querySelector("[data-pause-slot]");
    if (old) old.remove();
    if (ask) buttons.prepend(ask);
  }
  const end = app.querySelector("#end");
  if (end && view.phase === "over" && !end.querySelector("[data-rematch]")) {
    const again = el("button", t("rematch"), { type: "button", "data-rematch": "1" });
    again.addEventListener("click", () => rematch(page));
    end.append(again);
  }
}

/**
 * The rules' line: their title, for house rules a notice that opens the
 * rules summary, and the summary itself (Help, rulesummary.js).
 * @param {Page} page
 * @returns {HTMLElement[]}
 */
function rulesPart(page) {
  const table = page.table;
  if (table === null || page.rules === null) return [];
  const help = rulesHelp(table.rules_digest);
  if (!isHouse(page, table)) return [el("p", t("rules_of", { title: table.rules_title }), { class: "hint" }), help];
  const note = el("a", t("house", { title: table.rules_title }), { href: "#rules", "data-house": "1", class: "house" });
  note.addEventListener("click", (event) => {
    event.preventDefault();
    help.open = true;
    help.scrollIntoView({ block: "nearest" });
  });
  return [note, help];
}

/** @type {Map<string, HTMLDetailsElement>} the Help made, by rules digest and language (kept open when the bar is made again) */
const made = new Map();

/**
 * The rules' Help: a <details> (its summary the Help button) that shows the
 * summary of the table's rules when opened (asked of the server then, and
 * rulesummary.js, which words it, loaded then).
 * @param {string} digest the table's rules digest
 * @returns {HTMLDetailsElement}
 */
function rulesHelp(digest) {
  const key = `${digest}|${lang()}`;
  const known = made.get(key);
  if (known) return known;
  made.clear();
  const help = /** @type {HTMLDetailsElement} */ (el("details", undefined, { id: "rules" }));
  help.append(el("summary", t("rules_help")));
  const body = el("div", undefined, { class: "summary" });
  help.append(body);
  help.addEventListener("toggle", () => {
    if (!help.open || body.dataset.loaded) return;
    body.dataset.loaded = "1";
    Promise.all([import("./rulesummary.js"), loadSentences()]).then(([summary]) => summary.showSummary(body, digest));
  });
  made.set(key, help);
  return help;
}

/**
 * Leave (the seat waits for its player), or leave with a bot in one's seat.
 * @param {Page} page
 * @returns {HTMLElement[]}
 */
function leavePart(page) {
  const levels = page.editions ? page.editions.levels : [];
  const level = select(
    levels.map((lv) => /** @type {[string, string]} */ ([lv.key, levelText(lv.label)])),
    levels.length ? levels[0].key : "",
  );
  level.setAttribute("aria-label", t("bot_level"));
  level.id = "leavelevel";
  const toBot = twice(t("leave_to_bot"), () => page.send({ type: "leave", bot: level.value, id: LEAVE_ID }));
  toBot.dataset.leaveBot = "1";
  const leave = twice(t("leave"), () => page.send({ type: "leave", id: LEAVE_ID }));
  leave.dataset.leave = "1";
  const line = el("div", undefined, { class: "hostbuttons" });
  line.append(leave, toBot, level);
  return [line];
}

/**
 * A button that acts on its second click only (the first asks "sure?"):
 * leaving a game under way cannot be taken back.
 * @param {string} text
 * @param {() => void} act
 * @returns {HTMLElement}
 */
function twice(text, act) {
  const button = el("button", text, { type: "button" });
  button.addEventListener("click", () => {
    if (button.dataset.armed === "1") act();
    else {
      button.dataset.armed = "1";
      button.textContent = t("sure", { what: text });
    }
  });
  button.addEventListener("blur", () => {
    delete button.dataset.armed;
    button.textContent = text;
  });
  return button;
}

/**
 * The same table again: what this tab made last if it made this one, else
 * the table's edition and seats as the lobby lists them (the page's player
 * in the first human seat).
 * @param {Page} page
 */
function rematch(page) {
  const table = page.table;
  if (table === null) return;
  /** @type {CreateMessage|null} */
  let made = null;
  try {
    made = JSON.parse(sessionStorage.getItem(MADE_KEY) || "null");
  } catch {
    made = null;
  }
  const same = made !== null && made.seats.length === table.seats.length && (made.edition ?? null) === editionOf(page, table);
  /** @type {CreateMessage} */
  const message =
    made !== null && same
      ? { ...made, name: page.table?.seats[page.seat ?? 0]?.name || made.name }
      : {
          type: "create",
          name: (page.seat !== null && table.seats[page.seat]?.name) || page.name,
          title: table.title,
          edition: editionOf(page, table) ?? table.edition,
          seats: [{ kind: "human" }, ...table.seats.filter((s) => s.seat !== page.seat).map((s) => (s.kind === "bot" ? { kind: "bot", level: s.level } : { kind: "human" }))],
          public: table.public,
          id: CREATE_ID,
        };
  remake(page, message);
}

/**
 * Makes the table again over a second connection, so that this one, still
 * at the finished table, can tell its players the new table's link in the
 * chat before it leaves; then this connection takes the new seat over with
 * its token (the second one is told it left, and closes).
 * @param {Page} page
 * @param {CreateMessage} message
 */
function remake(page, message) {
  const reader = page.reader;
  if (reader === null) return;
  const ws = new WebSocket(`${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/`);
  ws.addEventListener("open", () => ws.send(JSON.stringify({ type: "hello", protocol: PROTOCOL, client: "bigcity-browser" })));
  ws.addEventListener("message", (event) => {
    /** @type {import("../protocol").ServerMessage} */
    let m;
    try {
      m = reader.read(event.data);
    } catch {
      ws.close();
      return;
    }
    if (m.type === "welcome") make(page, message, ws);
    else if (m.type === "refused") {
      page.notice = t("refused", { reason: m.reason });
      page.render();
      ws.close();
    } else if (m.type === "seated") {
      page.say(t("rematch_at", { link: `${location.origin}/t/${m.table}#${m.invite}` }));
      page.send({ type: "leave", id: LEAVE_ID });
      page.moveTo(m.table, m.invite);
      page.keep({ table: m.table, seat: m.seat, token: m.token });
      page.send({ type: "rejoin", table: m.table, seat: m.seat, token: m.token, id: 1 });
    } else if (m.type === "left") ws.close(); // the page's own connection has the seat now
  });
}
