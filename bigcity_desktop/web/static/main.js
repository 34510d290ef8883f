// The browser seat: the lobby at /, a seat at a table at /t/<table>.
// It speaks the table protocol (docs/PROTOCOL.md) over a websocket to its
// own host, reads every server message through the one strict reader
// (reader.js, the protocol's schemas), holds the view the server sent
// (deltas put on top of it) with the table it presented (`presented`: the
// rows and the board's geometry it draws), and plays from the view's `legal` list.
// The seat's token is kept in the tab's sessionStorage, so a reload or a
// lost connection sits down at the same seat again.

import { loadReader, ReadError } from "./reader.js";
import { mergeDelta } from "./city.js";
import { Choosing } from "./moves.js";
import { lang, loadCatalogue, setLang, t } from "./i18n.js";
import { renderGame, renderJoin, renderLobby, tickClocks } from "./panels.js";
import { checkDeal } from "./fairdeal.js";

/** The table protocol version this page speaks. */
const PROTOCOL = 2;

/**
 * The messages and their parts, as the protocol declares them (protocol.d.ts,
 * made by `make protocol` from net/protocol.py):
 * @typedef {import("../protocol").View} View
 * @typedef {import("../protocol").LegalMove} LegalMove
 * @typedef {import("../protocol").SeatInfo} SeatInfo
 * @typedef {import("../protocol").TableInfo} TableInfo
 * @typedef {import("../protocol").ChatLine} ChatLine
 * @typedef {import("../protocol").ServerMessage} ServerMessage
 * @typedef {import("../protocol").ClientMessage} ClientMessage
 * @typedef {import("../protocol").ViewMessage} ViewMessage
 * @typedef {import("../protocol").Refused} Refused
 * @typedef {import("./city.js").Presented} Presented
 * @typedef {import("./city.js").RulesData} RulesData
 * @typedef {{table: string, seat: number, token: string}} KeptSeat
 */

/** Everything the page knows; the panels draw from it. */
export class Page {
  constructor() {
    /** @type {string|null} the table of a /t/<table> address */
    this.tableId = (() => {
      const m = /^\/t\/([A-Za-z0-9_-]{1,64})$/.exec(location.pathname);
      return m ? m[1] : null;
    })();
    /** @type {string|null} the table's invitation secret: a private table's link ends with #<secret> */
    this.invite = (() => {
      const m = /^#([A-Za-z0-9_-]{1,64})$/.exec(location.hash);
      return m && this.tableId !== null ? m[1] : null;
    })();
    /** @type {import("./reader.js").Reader|null} */
    this.reader = null;
    /** @type {WebSocket|null} */
    this.ws = null;
    /** @type {TableInfo[]} */
    this.tables = [];
    /** @type {TableInfo|null} */
    this.table = null;
    /** @type {number|null} our seat */
    this.seat = null;
    this.watching = false;
    /** @type {View|null} */
    this.view = null;
    /** @type {Presented|null} the table presented with the view (bigcity_desktop/present) */
    this.presented = null;
    /** @type {RulesData|null} */
    this.rules = null;
    this.at = 0;
    /** @type {LegalMove[]} */
    this.legal = [];
    /** @type {Choosing|null} */
    this.choosing = null;
    /** @type {ChatLine[]} */
    this.chat = [];
    /** @type {string|null} the record's text, once the game is over */
    this.record = null;
    /** @type {number} performance.now() when the table's entry came (its clocks count down from it) */
    this.tableAt = 0;
    setInterval(() => {
      if (this.table && this.table.clock_left) tickClocks(this);
    }, 1000);
    /** @type {string|null} the first commitment to the deal the table sent (fairdeal.js) */
    this.promised = null;
    /** @type {string|null} the deal's verdict, a word of words.json, once checked */
    this.dealVerdict = null;
    /** @type {string} a line for the player: a refusal, a closed connection */
    this.notice = "";
    /** @type {"connecting"|"open"|"reconnecting"|"closed"} */
    this.connection = "connecting";
    this.pending = false;
    this.retry = 250;
    /** @type {Record<string, Promise<RulesData>>} */
    this.rulesCache = {};
    this.name = "";
  }

  /** @returns {KeptSeat|null} */
  kept() {
    if (this.tableId === null) return null;
    try {
      const raw = sessionStorage.getItem(`bigcity.seat.${this.tableId}`);
      const k = raw ? JSON.parse(raw) : null;
      return k && typeof k.token === "string" && Number.isInteger(k.seat) ? k : null;
    } catch {
      return null;
    }
  }

  /** @param {KeptSeat|null} k */
  keep(k) {
    if (this.tableId === null) return;
    try {
      if (k) sessionStorage.setItem(`bigcity.seat.${this.tableId}`, JSON.stringify(k));
      else sessionStorage.removeItem(`bigcity.seat.${this.tableId}`);
    } catch {
      // no storage: a reload watches instead of rejoining
    }
  }

  /** @param {ClientMessage} message */
  send(message) {
    if (this.ws && this.ws.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify(message));
  }

  connect() {
    this.connection = this.connection === "connecting" ? "connecting" : "reconnecting";
    this.render();
    const ws = new WebSocket(`${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/`);
    this.ws = ws;
    ws.addEventListener("open", () => {
      this.send({ type: "hello", protocol: PROTOCOL, client: "bigcity-browser" });
    });
    ws.addEventListener("message", (event) => {
      if (ws !== this.ws || this.reader === null) return;
      try {
        this.receive(this.reader.read(event.data));
      } catch (exc) {
        if (!(exc instanceof ReadError)) throw exc;
        this.notice = exc.message;
        ws.close(4000, "unreadable message");
      }
    });
    ws.addEventListener("close", () => {
      if (ws !== this.ws) return;
      this.connection = "reconnecting";
      this.render();
      setTimeout(() => this.connect(), this.retry);
      this.retry = Math.min(this.retry * 2, 5000);
    });
  }

  /** @param {ServerMessage} m a message the reader passed */
  receive(m) {
    switch (m.type) {
      case "welcome":
        this.connection = "open";
        this.retry = 250;
        this.greet();
        break;
      case "lobby":
        this.tables = m.tables;
        if (this.tableId !== null && this.seat === null && !this.watching)
          this.table = this.tables.find((x) => x.id === this.tableId) || null;
        break;
      case "table":
        if (m.table.id === this.tableId) {
          this.table = m.table;
          this.tableAt = performance.now();
          if (m.you !== null) this.seat = m.you;
          if (this.ranOut()) this.notice = t("clock_out");
          else if (this.notice === t("clock_out")) this.notice = "";
          if (this.promised === null && m.table.deal_commitment) this.promised = m.table.deal_commitment;
        }
        break;
      case "seated":
        this.seat = m.seat;
        this.watching = false;
        this.keep({ table: m.table, seat: m.seat, token: m.token });
        break;
      case "view":
        this.onView(m);
        return;
      case "chat":
        this.chat = [...this.chat.slice(-199), m];
        break;
      case "game_over":
        this.record = m.record;
        checkDeal(this.promised, m.seed, m.salt, m.record).then((word) => {
          this.dealVerdict = word;
          this.render();
        });
        break;
      case "left":
        this.notice = m.reason;
        this.seat = null;
        this.watching = false;
        this.keep(null);
        break;
      case "refused":
        this.onRefused(m);
        break;
      default:
        break;
    }
    this.render();
  }

  /** After `welcome`: back to our seat, or on watching, or the tables. */
  greet() {
    const k = this.kept();
    if (k) this.send({ type: "rejoin", table: k.table, seat: k.seat, token: k.token, id: 1 });
    else if (this.watching && this.tableId) this.watchAgain();
    else this.list();
  }

  /** @param {Refused} m */
  onRefused(m) {
    this.pending = false;
    if (m.id === 1) {
      // the kept seat is gone (a finished table, another server): choose again
      this.keep(null);
      this.seat = null;
      this.list();
      return;
    }
    if (m.code === "stale" || m.code === "not_your_turn") return;
    this.notice = m.code === "clock" ? t("clock_out") : t("refused", { reason: m.reason });
  }

  /** @returns {boolean} a bot plays our seat since our clock ran out (net/clocks.py) */
  ranOut() {
    const table = this.table;
    if (table === null || this.seat === null) return false;
    const mine = table.seats[this.seat];
    return (table.timed_out || []).includes(this.seat) && mine !== undefined && mine.kind === "bot";
  }

  /** @param {ViewMessage} m */
  async onView(m) {
    /** @type {View|null} */
    const view = m.full ? m.view : this.view && mergeDelta(this.view, m.view);
    if (view === null) {
      this.send({ type: "sync" });
      return;
    }
    const got = m.presented;
    /** @type {Presented|null} a delta's table leaves out the board and tiles it did not change */
    const presented = !got
      ? null
      : got.board && got.tiles
        ? { players: got.players, supply: got.supply, tiles: got.tiles, board: got.board }
        : this.presented && { ...this.presented, players: got.players, supply: got.supply };
    if (!presented) {
      this.send({ type: "sync" });
      return;
    }
    this.view = view;
    this.presented = presented;
    this.at = m.at;
    this.legal = m.legal || [];
    this.pending = false;
    if (!this.ranOut()) this.notice = ""; // "your time ran out" stays while a bot holds the seat
    this.rules = await this.rulesOf(view);
    if (this.view !== view) return; // a newer view came meanwhile
    const before = this.choosing;
    this.choosing = this.legal.length ? new Choosing(this.legal) : null;
    if (before && this.choosing && before.kind && this.choosing.kinds().includes(before.kind)) this.choosing.choose(before.kind);
    this.render();
  }

  /**
   * The rules of a view: its own table (house rules), or the bundled edition's.
   * @param {View} view
   * @returns {Promise<RulesData>}
   */
  rulesOf(view) {
    if (view.rules) return Promise.resolve(/** @type {RulesData} */ (view.rules));
    const edition = String(view.edition);
    if (!/^[a-z0-9_-]{1,40}$/.test(edition)) return Promise.reject(new ReadError("an edition with an odd name"));
    this.rulesCache[edition] ||= fetch(`/static/rules.${edition}.json`).then((r) => r.json());
    return this.rulesCache[edition];
  }

  /** @param {LegalMove} move */
  play(move) {
    if (this.pending) return;
    this.pending = true;
    this.send({ type: "act", action: move.action, at: this.at });
    this.render();
  }

  /** @param {number} seat */
  join(seat) {
    if (this.tableId === null) return;
    this.send({ type: "join", table: this.tableId, name: this.name, seat, invite: this.invite, id: 4 });
  }

  /** The public tables, and ours (a private one is listed to its invitation only). */
  list() {
    this.send({ type: "list", table: this.tableId, invite: this.invite, id: 3 });
  }

  watchAgain() {
    if (this.tableId === null) return;
    this.send({ type: "spectate", table: this.tableId, invite: this.invite, id: 2 });
  }

  watch() {
    if (this.tableId === null) return;
    this.watching = true;
    this.watchAgain();
    this.render();
  }

  /** @param {string} text */
  say(text) {
    if (text.trim()) this.send({ type: "chat", text: text.slice(0, 2000) });
  }

  async switchLanguage() {
    setLang(lang() === "de" ? "en" : "de");
    await loadCatalogue(); // the German words, the first time the page turns German
    /** @type {HTMLElement} */ (document.getElementById("app")).className = ""; // the headings again
    this.render();
  }

  render() {
    document.body.dataset.state = this.state();
    document.title = this.table ? `${this.table.title || this.table.id} — Big City` : t("lobby_title");
    const conn = /** @type {HTMLElement} */ (document.getElementById("conn"));
    conn.textContent =
      this.connection === "reconnecting" ? t("reconnecting") : this.connection === "connecting" ? t("connecting") : this.notice;
    conn.dataset.connection = this.connection;
    const langButton = /** @type {HTMLElement} */ (document.getElementById("lang"));
    langButton.textContent = t("lang");
    const title = /** @type {HTMLElement} */ (document.getElementById("title"));
    const app = /** @type {HTMLElement} */ (document.getElementById("app"));
    if (this.tableId === null) {
      title.textContent = t("lobby_title");
      renderLobby(app, this.tables);
      return;
    }
    title.textContent = this.table ? this.table.title || this.table.id : "Big City";
    if (this.view && this.rules && this.presented && (this.seat !== null || this.watching)) renderGame(app, this);
    else renderJoin(app, this);
  }

  /** @returns {string} what the page shows, for tests and styles */
  state() {
    if (this.tableId === null) return "lobby";
    if (this.view && this.view.phase === "over") return "over";
    if (this.view) return "playing";
    if (this.seat !== null) return "waiting";
    return "join";
  }
}

async function main() {
  const page = new Page();
  /** @type {HTMLElement} */ (document.getElementById("lang")).addEventListener("click", () => page.switchLanguage());
  const [reader] = await Promise.all([loadReader(), loadCatalogue()]);
  page.render();
  page.reader = reader;
  page.connect();
  // for tests and the curious: the page's state, read-only use only
  /** @type {any} */ (window).bigcity = page;
}

main().catch((exc) => {
  const conn = document.getElementById("conn");
  if (conn) conn.textContent = String(exc && exc.message ? exc.message : exc);
});
