// The browser seat: the lobby at /, a seat at a table at /t/<table>.
// It speaks the table protocol (docs/PROTOCOL.md) over a websocket to its
// own host, reads every server message through the one strict reader
// (reader.js, the protocol's schemas), holds the view the server sent
// (deltas put on top of it) with the table it presented (`presented`: the
// rows and the board's geometry it draws), and plays from the view's `legal` list.
// The seat's token is kept in the tab's sessionStorage, so a reload or a
// lost connection sits down at the same seat again. What the lobby and the
// join form do not need is loaded when first needed: the table's modules
// (table.js) and the engine's sentences with the first view, the deal's
// check (fairdeal.js) at the end, the rules summary when its Help is opened.

import { loadReader, PROTOCOL, ReadError } from "./reader.js";
import { mergeDelta } from "./city.js";
import { lang, loadCatalogue, loadSentences, setLang, t } from "./i18n.js";
import { Signals, askToNotify } from "./signals.js";
import { hostGame, hostJoin, hostLobby, loadEditions } from "./host.js";
import { DealWatch } from "./dealwatch.js";
import { el } from "./dom.js";
import { renderJoin, renderLobby } from "./lobby.js";
import { rankedEdition, where } from "./address.js";
import { loadKey, prove, useCode } from "./identity.js";
import { loadMuted, saveMuted } from "./mute.js";

/** The close code of a connection whose player key the operator banned (protocol.CLOSE_BANNED). */
const BANNED_CLOSE = 4403;

/** The log's newest events the page shows at first, and how many more each Show earlier adds. */
const LOG_PAGE = 80;

/** @type {typeof import("./pages.js")|null} the pages of players and finished games, loaded at their addresses */
let pages = null;

/** @type {typeof import("./table.js")|null} the table's modules, once loaded */
let game = null;
/** @type {Promise<typeof import("./table.js")>|null} */
let gameLoading = null;

/**
 * The table's modules (table.js) and the engine's sentences in the page's
 * language, loaded when a game is first shown (once; again after a failure).
 * @returns {Promise<typeof import("./table.js")>}
 */
function loadGame() {
  gameLoading ||= Promise.all([import("./table.js"), loadSentences()]).then(
    ([parts]) => (game = parts),
    (exc) => {
      gameLoading = null;
      throw exc;
    },
  );
  return gameLoading;
}

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
 * @typedef {import("../protocol").LogPage} LogPage
 * @typedef {import("../protocol").Refused} Refused
 * @typedef {import("../protocol").Identified} Identified
 * @typedef {import("../protocol").Ranking} Ranking
 * @typedef {import("../protocol").Profile} Profile
 * @typedef {import("../protocol").Replay} Replay
 * @typedef {import("./city.js").Presented} Presented
 * @typedef {import("./city.js").RulesData} RulesData
 * @typedef {{table: string, seat: number, token: string}} KeptSeat
 */

/** Everything the page knows; the panels draw from it. */
export class Page {
  constructor() {
    const here = where(location.pathname);
    /** what the address shows: the lobby, a table, or a page of players or a finished game (pages.js) */
    this.kind = here.kind;
    /** @type {string|null} the player of /p/<player>, the game of /g/<game> */
    this.subject = here.kind === "player" || here.kind === "game" ? here.id : null;
    /** @type {string|null} the table of a /t/<table> address */
    this.tableId = here.kind === "table" ? here.id : null;
    /** @type {Ranking|null} */
    this.ranking = null;
    /** @type {Profile|null} */
    this.profile = null;
    /** @type {Replay|null} where the replay of /g/<game> stands */
    this.replay = null;
    this.playing = false;
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
    /** @type {import("./moves.js").Choosing|null} */
    this.choosing = null;
    /** @type {ChatLine[]} */
    this.chat = [];
    /** how many of the log's newest events the page shows (Show earlier: more) */
    this.logShown = LOG_PAGE;
    /** @type {string|null} the record's text, once the game is over */
    this.record = null;
    /** @type {number} performance.now() when the table's entry came (its clocks count down from it) */
    this.tableAt = 0;
    setInterval(() => {
      if (this.table && this.table.clock_left && game) game.tickClocks(this);
    }, 1000);
    /** @type {string|null} the first commitment to the deal the table sent (fairdeal.js) */
    this.promised = null;
    /** @type {import("./fairdeal.js").DealVerdict|null} the deal's verdict, once checked */
    this.dealVerdict = null;
    this.dealWatch = new DealWatch();
    /** @type {string} a line for the player: a refusal, a closed connection */
    this.notice = "";
    /** @type {"connecting"|"open"|"reconnecting"|"closed"} */
    this.connection = "connecting";
    this.pending = false;
    this.retry = 250;
    /** @type {Record<string, Promise<RulesData>>} */
    this.rulesCache = {};
    this.name = "";
    /** the tab's title and icon, the sound and the notifications of a turn and of the end */
    this.signals = new Signals();
    /** @type {string|null} what was wrong with the last frame the page could not read */
    this.fault = null;
    /** @type {number} frames not read lately (the back-off grows with them) */
    this.faults = 0;
    this.lastFault = 0;
    /** whether a lobby message was read (before it, "no open table" would be a guess) */
    this.listed = false;
    /** @type {import("./host.js").Editions|null} what a table may be created with */
    this.editions = null;
    /** @type {import("./identity.js").PlayerKey|null} this browser's player key (identity.js) */
    this.playerKey = null;
    /** @type {Identified|null} who the server knows us as */
    this.me = null;
    /** the players whose chat this browser does not show (mute.js) */
    this.muted = loadMuted();
  }

  /**
   * Tell the server's operator about the player in `seat` (the words asked for here).
   * @param {number} seat
   * @param {string} name
   */
  report(seat, name) {
    const words = window.prompt(t("report_ask", { name }));
    if (!words || !words.trim()) return;
    this.send({ type: "report", seat, reason: words.slice(0, 1000), id: 8 });
    this.notice = t("reported", { name });
    this.render();
  }

  /**
   * Mute a player's chat here, or show it again.
   * @param {string} who a speaker's key (mute.js)
   */
  toggleMute(who) {
    if (!this.muted.delete(who)) this.muted.add(who);
    saveMuted(this.muted);
    this.render();
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
        // never acted on: said, and the connection tried again later and later
        if (Date.now() - this.lastFault > 60_000) this.faults = 0;
        this.faults += 1;
        this.lastFault = Date.now();
        this.fault = exc.message;
        ws.close(4000, "unreadable message");
      }
    });
    ws.addEventListener("close", (event) => {
      if (ws !== this.ws) return;
      if (event.code === BANNED_CLOSE) {
        // the operator banned this page's player key while it was connected (net/leaving.py): no coming back
        this.connection = "closed";
        this.notice = t("banned_closed");
        this.render();
        return;
      }
      this.connection = "reconnecting";
      const delay = this.fault !== null ? Math.min(1000 * 2 ** (this.faults - 1), 30_000) : this.retry;
      this.notice = this.fault !== null ? t("unreadable", { s: Math.round(delay / 1000) }) : this.notice;
      this.render();
      setTimeout(() => this.connect(), delay);
      this.retry = Math.min(this.retry * 2, 5000);
    });
  }

  /** @param {ServerMessage} m a message the reader passed */
  receive(m) {
    switch (m.type) {
      case "welcome":
        this.connection = "open";
        this.retry = 250;
        this.identify(m.challenge || null).then(() => this.greet());
        break;
      case "ranking":
        this.ranking = m;
        break;
      case "profile":
        this.profile = m;
        break;
      case "replay":
        this.replay = m;
        if (m.record) this.record = m.record;
        break;
      case "identified":
        this.me = m;
        if (!this.name) this.name = m.name;
        break;
      case "lobby":
        this.tables = m.tables;
        this.listed = true;
        this.fault = null;
        if (this.tableId !== null && this.seat === null && !this.watching) {
          this.table = this.tables.find((x) => x.id === this.tableId) || null;
          this.reclaim();
        }
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
        if (m.table !== this.tableId) this.moveTo(m.table, m.invite);
        this.invite = m.invite;
        this.seat = m.seat;
        this.watching = false;
        this.keep({ table: m.table, seat: m.seat, token: m.token });
        break;
      case "view":
        this.onView(m);
        return;
      case "log":
        this.onLog(m);
        break;
      case "chat":
        if (m.table !== this.tableId) break; // a line of the table this page left (a Rematch's)
        this.chat = [...this.chat.slice(-199), m];
        break;
      case "game_over":
        this.record = m.record;
        this.checkDeal(m);
        break;
      case "left":
        if (m.table !== this.tableId) break; // the table this page left for a Rematch
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

  /**
   * After `welcome`, before anything else: prove our player key (identity.js).
   * @param {string|null} challenge
   */
  async identify(challenge) {
    if (this.playerKey === null) this.playerKey = await loadKey();
    if (this.playerKey === null || challenge === null) return;
    const signature = await prove(this.playerKey, location.host, challenge);
    this.send({ type: "identify", player: this.playerKey.player, signature, name: this.name, id: 5 });
  }

  /**
   * This browser takes the player key of `code` (one exported from the app or another browser), and proves it anew.
   * @param {string} code
   */
  async useKeyCode(code) {
    try {
      this.playerKey = await useCode(code);
    } catch {
      this.notice = t("bad_key");
      this.render();
      return;
    }
    this.me = null;
    this.name = ""; // the name the server knows the key's player by
    if (this.ws) this.ws.close(); // the reconnect's welcome proves the new key
  }

  /** A seat of this table that is ours by our player key: back to it, without its token. */
  reclaim() {
    const me = this.me;
    const mine = me && this.table ? this.table.seats.find((s) => s.player === me.player && s.kind === "human") : undefined;
    if (mine) this.send({ type: "rejoin", table: /** @type {TableInfo} */ (this.table).id, seat: mine.seat, token: null, id: 1 });
  }

  /**
   * The replay to position `at` (clamped to the game).
   * @param {number} at
   */
  stepTo(at) {
    if (this.replay === null || this.subject === null) return;
    const to = Math.max(0, Math.min(this.replay.total, at));
    this.send({ type: "replay", game: this.subject, at: to, id: 6 });
  }

  /** Play the replay on, a move at a time, or stop it. */
  togglePlay() {
    this.playing = !this.playing;
    if (this.playing && this.replay && this.replay.at >= this.replay.total) this.stepTo(0);
    else if (this.playing && this.replay) this.stepTo(this.replay.at + 1);
    this.render();
  }

  /** After `welcome`: back to our seat, or on watching, or the tables. */
  greet() {
    if (this.kind === "players") return this.send({ type: "ranking", edition: rankedEdition(), id: 6 });
    if (this.kind === "player" && this.subject) return this.send({ type: "profile", player: this.subject, id: 6 });
    if (this.kind === "game" && this.subject) return this.send({ type: "replay", game: this.subject, at: this.replay ? this.replay.at : null, id: 6 });
    const k = this.kept();
    if (k) loadGame().catch(() => null); // a seat to go back to: its game comes next
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
    if (m.code === "paused") this.notice = t("pause_no_moves"); // pause.js
    else this.notice = m.code === "clock" ? t("clock_out") : t("refused", { reason: m.reason });
  }

  /** @returns {boolean} a bot plays our seat since our clock ran out (net/clocks.py), in a game still played */
  ranOut() {
    const table = this.table;
    if (table === null || this.seat === null || (this.view !== null && this.view.phase === "over")) return false;
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
        ? { players: got.players, supply: got.supply, tiles: got.tiles, board: got.board, built: got.built || [] }
        : this.presented && { ...this.presented, players: got.players, supply: got.supply, built: got.built || [] };
    if (!presented) {
      this.send({ type: "sync" });
      return;
    }
    this.fault = null;
    this.view = view;
    this.dealWatch.saw(view);
    this.presented = presented;
    this.at = m.at;
    this.legal = m.legal || [];
    this.pending = false;
    if (!this.ranOut()) this.notice = ""; // "your time ran out" stays while a bot holds the seat
    const [rules, parts] = await Promise.all([this.rulesOf(view), loadGame()]);
    this.rules = rules;
    if (this.view !== view) return; // a newer view came meanwhile
    const before = this.choosing;
    this.choosing = this.legal.length ? new parts.Choosing(this.legal) : null;
    if (before && this.choosing && before.kind && this.choosing.kinds().includes(before.kind)) this.choosing.choose(before.kind);
    this.render();
    const r = this.replay;
    if (this.playing && r) {
      if (r.at < r.total) setTimeout(() => this.playing && this.stepTo(r.at + 1), 350);
      else {
        this.playing = false;
        this.render();
      }
    }
  }

  /** The deal checked by the page itself (fairdeal.js). @param {import("../protocol").GameOver} m */
  async checkDeal(m) {
    const view = this.view;
    const rules = view ? await this.rulesOf(view).catch(() => null) : null;
    const seat = this.watching || !view ? null : view.viewer;
    const sightings = [...this.dealWatch.sightings];
    const { checkDeal } = await import("./fairdeal.js");
    this.dealVerdict = await checkDeal(this.promised, m.seed, m.salt, m.record, rules, view ? view.actors : [], seat, sightings);
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
    this.rulesCache[edition] ||= fetch(new URL(`rules.${edition}.json`, import.meta.url)).then((r) => r.json());
    return this.rulesCache[edition];
  }

  /**
   * The page goes to another table (one it created): its address, with the
   * invitation after the #, and nothing of the table before.
   * @param {string} table
   * @param {string} invite
   */
  moveTo(table, invite) {
    this.tableId = table;
    this.invite = invite;
    history.pushState(null, "", `/t/${table}#${invite}`);
    this.table = null;
    this.view = null;
    this.presented = null;
    this.legal = [];
    this.choosing = null;
    this.chat = [];
    this.logShown = LOG_PAGE;
    this.record = null;
    this.watching = false;
    this.notice = "";
    this.promised = null;
    this.dealVerdict = null;
    this.dealWatch = new DealWatch();
    /** @type {HTMLElement} */ (document.getElementById("app")).className = "";
  }

  /** Show earlier: more of the log; a whole view holds its recent events only, the older ones are asked for (`log`). */
  earlierLog() {
    const view = this.view;
    if (!view) return;
    this.logShown += LOG_PAGE;
    const from = view.events_from ?? 0;
    if (this.logShown > view.events.length && from > 0 && this.tableId !== null) this.send({ type: "log", table: this.tableId, before: from, id: 8 });
    this.render();
  }

  /** @param {LogPage} m older events of the log: put before those the view holds (a page that does not end there is dropped) */
  onLog(m) {
    const view = this.view;
    if (!view || m.table !== this.tableId || m.first + m.events.length !== (view.events_from ?? 0)) return;
    this.view = { ...view, events: [...m.events, ...view.events], events_from: m.first };
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
    askToNotify(); // from the player's own click, never on load
    this.send({ type: "join", table: this.tableId, name: this.name, seat, invite: this.invite, id: 4 });
  }

  /**
   * Quick match (a --public server): a seat at a table of `players` with people of similar rating; bots fill the rest after the server's wait.
   * @param {number} players
   * @param {string} edition
   * @param {boolean} rated
   * @param {string|null} clock a time control of editions.json's `clocks`, or null for none (unrated only)
   */
  playNow(players, edition, rated, clock) {
    this.send({ type: "play_now", name: this.name, players, edition, rated, clock, id: 7 });
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
    const state = this.state();
    const moment = state === "over" ? "over" : state === "playing" && this.choosing ? "turn" : "";
    this.signals.update(moment, this.table ? `${this.table.title || this.table.id} — Big City` : t("lobby_title"));
    const sound = /** @type {HTMLElement} */ (document.getElementById("sound"));
    sound.setAttribute("aria-pressed", String(this.signals.sound));
    sound.setAttribute("aria-label", t("sound"));
    sound.title = t("sound");
    const conn = /** @type {HTMLElement} */ (document.getElementById("conn"));
    conn.textContent =
      this.fault !== null && this.connection !== "open"
        ? this.notice
        : this.connection === "reconnecting"
          ? t("reconnecting")
          : this.connection === "connecting"
            ? t("connecting")
            : this.notice;
    conn.dataset.connection = this.connection;
    const langButton = /** @type {HTMLElement} */ (document.getElementById("lang"));
    langButton.textContent = t("lang");
    const title = /** @type {HTMLElement} */ (document.getElementById("title"));
    const app = /** @type {HTMLElement} */ (document.getElementById("app"));
    if (this.kind === "players" || this.kind === "player" || this.kind === "game") {
      this.renderPage(title, app);
      return;
    }
    if (this.tableId === null) {
      title.textContent = t("lobby_title");
      renderLobby(app, this.tables, this);
      hostLobby(app, this);
      return;
    }
    title.textContent = this.table ? this.table.title || this.table.id : "Big City";
    if (game && this.view && this.rules && this.presented && (this.seat !== null || this.watching)) {
      game.renderGame(app, this);
      hostGame(app, this);
      game.keysGame(app, this);
    } else {
      renderJoin(app, this);
      hostJoin(app, this);
    }
  }

  /**
   * /players, /p/<player> and /g/<game> (pages.js).
   * @param {HTMLElement} title
   * @param {HTMLElement} app
   */
  renderPage(title, app) {
    if (pages === null) return; // (loaded before the first drawing: main)
    const { renderProfile, renderRanking, renderReplayBar } = pages;
    if (this.kind === "players") {
      title.textContent = t("ranking_title");
      renderRanking(app, this.ranking);
      return;
    }
    if (this.kind === "player") {
      title.textContent = this.profile ? this.profile.name : t("profile_title");
      renderProfile(app, this.profile);
      return;
    }
    title.textContent = t("replay_title");
    let bar = document.getElementById("replaybar");
    if (bar === null) {
      bar = el("nav", undefined, { id: "replaybar" });
      app.before(bar);
    }
    renderReplayBar(bar, this);
    if (game && this.view && this.rules && this.presented) game.renderGame(app, this);
  }

  /** @returns {string} what the page shows, for tests and styles */
  state() {
    if (this.kind === "players" || this.kind === "player") return this.kind;
    if (this.kind === "game") return this.view && this.replay && this.replay.at === this.replay.total ? "replay-end" : "replay";
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
  /** @type {HTMLElement} */ (document.getElementById("sound")).addEventListener("click", () => {
    page.signals.setSound(!page.signals.sound);
    page.render();
  });
  const kind = page.kind;
  const atPages = kind === "players" || kind === "player" || kind === "game";
  const [reader, editions, pagesLoaded] = await Promise.all([
    loadReader(),
    loadEditions(),
    atPages ? import("./pages.js") : null,
    loadCatalogue(),
  ]);
  pages = pagesLoaded;
  page.editions = editions;
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
