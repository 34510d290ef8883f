// The browser seat's lobby: the open tables of this server, listed over
// the table protocol's websocket on the same host (docs/PROTOCOL.md).
// On /t/<table> it shows that table's players; the seat itself comes later.
// Player text only ever goes into the page as textContent.

/** The table protocol version this page speaks. */
const PROTOCOL = 1;

/**
 * @typedef {{seat: number, kind: string, level: (string|null), name: (string|null), connected: boolean}} SeatInfo
 * @typedef {{id: string, title: string, edition: string, status: string, seats: SeatInfo[], spectators: number, moves: number}} TableInfo
 */

/** @type {Record<string, Record<string, string>>} */
const STRINGS = {
  en: {
    title: "Big City: open tables",
    connecting: "Connecting to the server…",
    closed: "The connection to the server was closed.",
    none: "There is no open table on this server.",
    coming: "The browser seat is coming.",
    players: "Players",
    free: "free seat",
    bot: "bot",
    notable: "There is no such table on this server.",
    lobby: "waiting for players",
    playing: "playing",
    over: "over",
  },
  de: {
    title: "Big City: offene Tische",
    connecting: "Verbindung zum Server …",
    closed: "Die Verbindung zum Server wurde geschlossen.",
    none: "Auf diesem Server ist kein Tisch offen.",
    coming: "Der Platz im Browser kommt bald.",
    players: "Spieler",
    free: "freier Platz",
    bot: "Bot",
    notable: "Diesen Tisch gibt es auf diesem Server nicht.",
    lobby: "wartet auf Spieler",
    playing: "läuft",
    over: "beendet",
  },
};

/** @type {Record<string, string>} */
const T = (navigator.language || "en").toLowerCase().startsWith("de") ? STRINGS.de : STRINGS.en;
document.documentElement.lang = T === STRINGS.de ? "de" : "en";

/** The table of a /t/<table> address, or null on the lobby page. */
const tableId = (() => {
  const m = /^\/t\/([A-Za-z0-9_-]{1,64})$/.exec(location.pathname);
  return m ? m[1] : null;
})();

/**
 * An element with its text.
 * @param {string} tag
 * @param {string} text
 * @param {string} [cls]
 * @returns {HTMLElement}
 */
function el(tag, text, cls) {
  const node = document.createElement(tag);
  node.textContent = text;
  if (cls) node.className = cls;
  return node;
}

/** @param {string} text */
function status(text) {
  /** @type {HTMLElement} */ (document.getElementById("status")).textContent = text;
}

/**
 * How one seat reads in the list.
 * @param {SeatInfo} s
 * @returns {string}
 */
function seatText(s) {
  if (s.name === null) return T.free;
  return s.kind === "bot" ? `${s.name} (${T.bot})` : s.name;
}

/**
 * One table as a list item.
 * @param {TableInfo} t
 * @returns {HTMLElement}
 */
function tableItem(t) {
  const li = document.createElement("li");
  const link = el("a", t.title || t.id);
  link.setAttribute("href", `/t/${encodeURIComponent(t.id)}`);
  li.append(link, el("span", ` — ${T[t.status] ?? t.status}`));
  li.append(el("div", `${T.players}: ${t.seats.map(seatText).join(", ")}`, "seats"));
  return li;
}

/**
 * Shows the lobby's tables, or the one table of this address.
 * @param {TableInfo[]} tables
 */
function show(tables) {
  const content = /** @type {HTMLElement} */ (document.getElementById("content"));
  content.replaceChildren();
  if (tableId === null) {
    status(tables.length ? "" : T.none);
    const list = document.createElement("ul");
    list.className = "tables";
    list.append(...tables.map(tableItem));
    content.append(list);
    return;
  }
  const table = tables.find((t) => t.id === tableId);
  if (!table) {
    status(T.notable);
    return;
  }
  status(T.coming);
  /** @type {HTMLElement} */ (document.getElementById("title")).textContent = table.title || table.id;
  const list = document.createElement("ul");
  list.className = "tables";
  list.append(...table.seats.map((s) => el("li", seatText(s))));
  content.append(el("h2", T.players), list);
}

function connect() {
  document.title = T.title;
  /** @type {HTMLElement} */ (document.getElementById("title")).textContent = T.title;
  status(T.connecting);
  const ws = new WebSocket(`${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/`);
  ws.addEventListener("open", () => {
    ws.send(JSON.stringify({ type: "hello", protocol: PROTOCOL, client: "bigcity-browser lobby" }));
    ws.send(JSON.stringify({ type: "list" }));
  });
  ws.addEventListener("message", (event) => {
    /** @type {{type: string, tables?: TableInfo[], reason?: string}} */
    const msg = JSON.parse(String(event.data));
    if (msg.type === "lobby" && Array.isArray(msg.tables)) show(msg.tables);
    else if (msg.type === "refused" && typeof msg.reason === "string") status(msg.reason);
  });
  ws.addEventListener("close", () => status(T.closed));
}

connect();
