// The game's panels (the board, the players, the move being chosen with its
// score preview, the hand, the pieces, the neighborhoods to come, the offers,
// the score chart, the log, the chat and the end), loaded with the table's
// other modules (table.js) when a view first comes; the lobby and the join
// form are lobby.js's. Player text only ever goes in as textContent.

import { drawBoard, drawSpotPreview, drawTile, svg } from "./board.js";
import { hideBubble, showBubble, whyLines } from "./bubble.js";
import { LOTS_BASE } from "./city.js";
import { engineText, rulesText, t } from "./i18n.js";
import { SCHEME, buildingColour, playerColour } from "./style.js";
import { BoardZoom, zoomButtons } from "./zoom.js";
import { el } from "./dom.js";
import { badgeText } from "./lobby.js";

/** @type {BoardZoom|null} the board's zoom and pan, made with the game's sections */
let zoom = null;
import { speakerKey } from "./mute.js";
import { pauseBox } from "./pause.js";

/**
 * @typedef {import("./main.js").Page} Page
 * @typedef {import("./main.js").TableInfo} TableInfo
 * @typedef {import("./main.js").SeatInfo} SeatInfo
 * @typedef {import("./city.js").RulesData} RulesData
 * @typedef {import("./city.js").View} View
 * @typedef {import("./city.js").Presented} Presented
 * @typedef {import("./moves.js").LegalMove} LegalMove
 */

/**
 * A card as the page shows it: a lot number, a park or factory, or a hidden card's stack.
 * @param {RulesData} rules
 * @param {number} card
 * @returns {string}
 */
function cardText(rules, card) {
  if (card < 0) return "?";
  const special = rules.cards.special[String(card)];
  if (special) {
    const [type] = special.split(".");
    return rulesText(rules.buildings[type]?.label || type);
  }
  return String(card);
}

/**
 * A piece's name: its building's label and, for a piece of several lots, their number.
 * @param {RulesData} rules
 * @param {string} type
 * @param {number} size
 * @returns {string}
 */
function pieceText(rules, type, size) {
  const rule = rules.buildings[type];
  const label = rulesText(rule?.label || type);
  return rule && rule.variants.length > 1 ? `${label} ×${size}` : label;
}

/**
 * A move in words, for the confirm line.
 * @param {RulesData} rules
 * @param {LegalMove} move
 * @returns {string}
 */
function moveText(rules, move) {
  const a = move.action;
  if (a.act === "build") {
    const piece = pieceText(rules, a.building, a.properties.length);
    const what = t("build_on", { piece, lots: a.properties.join(", ") });
    return move.points == null ? what : t("preview", { what, points: pointsText(move.points) });
  }
  if (a.act === "tile") return `${t("k_tile")} ${a.number}`;
  if (a.act === "draw") return t("stack", { n: a.stack });
  if (a.act === "exchange" || a.act === "offer")
    return `${t(`k_${a.act}`)}: ${a.cards.map((/** @type {number} */ c) => cardText(rules, c)).join(", ")}`;
  return t(`k_${a.act}`);
}

/** @param {number} n */
function pointsText(n) {
  return n === 1 ? t("point") : t("points", { n: n > 0 ? `+${n}` : n });
}

/**
 * What a clicked (or dropped-on) element chooses: its step and value.
 * @param {Element|null} node
 * @returns {[string, string]|null}
 */
function pickOf(node) {
  const target = node && node.closest(".lit");
  if (!target) return null;
  const d = /** @type {HTMLElement} */ (target).dataset;
  if (d.lot !== undefined) return ["set", d.lot];
  if (d.card !== undefined) return ["set", d.card];
  for (const step of ["piece", "tile", "rotation", "spot", "street", "stack", "face", "slot"])
    if (d[step] !== undefined) return [step, /** @type {string} */ (d[step])];
  return null;
}

/**
 * The game: everything a seat (or a spectator) sees.
 * @param {HTMLElement} app
 * @param {Page} page
 */
export function renderGame(app, page) {
  const view = /** @type {View} */ (page.view);
  const rules = /** @type {RulesData} */ (page.rules);
  const presented = /** @type {Presented} */ (page.presented);
  if (app.className !== "game") {
    app.className = "game";
    app.replaceChildren(...skeleton(page));
    wire(app, page);
  }
  const choosing = page.choosing;
  app.dataset.choosing = choosing?.kind ?? ""; // the picker of the kind being chosen comes first on a phone
  const ask = choosing ? choosing.ask() : null;
  const chosenLots = choosing ? choosing.set : [];
  const tile = choosing?.fixed.get("tile") ?? null;
  const rotation = choosing?.fixed.get("rotation") ?? null;
  const board = drawBoard(rules, view, presented, { ask, chosenLots, tile, rotation });
  if (choosing && ask && ask.step === "set") {
    // the score preview: what a lit lot would score if it completes the building
    for (const value of ask.values) {
      const move = choosing.completedBy(value);
      const lot = board.querySelector(`[data-lot="${value}"]`);
      if (!move || move.points == null || !lot) continue;
      const x = Number(lot.getAttribute("x")) + 52;
      const y = Number(lot.getAttribute("y")) + 50;
      board.append(svg("text", { x, y, class: "preview", "text-anchor": "end" }, move.points > 0 ? `+${move.points}` : String(move.points)));
    }
  }
  hideBubble(byId("boardbox"));
  /** @type {BoardZoom} */ (zoom).show(/** @type {SVGSVGElement} */ (board));
  renderPlayers(byId("players"), page, presented);
  renderActions(byId("actions"), page, rules);
  renderHand(byId("hand"), page, rules);
  renderTray(byId("tray"), page, rules, presented);
  renderTiles(byId("tiles"), page, presented);
  renderOffers(byId("offers"), page, rules);
  renderChart(byId("chart"), view);
  renderLog(byId("log"), page);
  renderChat(byId("chatlines"), page);
  renderEnd(byId("end"), page);
}

/** @param {string} id */
function byId(id) {
  return /** @type {HTMLElement} */ (document.getElementById(id));
}

/**
 * The game's sections, made once.
 * @param {Page} page
 * @returns {HTMLElement[]}
 */
function skeleton(page) {
  /**
   * @param {string} id
   * @param {string} heading
   * @param {string} [tag]
   */
  const box = (id, heading, tag = "div") => {
    const section = el("section", undefined, { id: `${id}box`, class: "box" });
    if (heading) section.append(el("h2", heading, { "data-heading": heading }));
    section.append(el(tag, undefined, { id }));
    return section;
  };
  const chat = box("chatlines", t("chat"), "ol");
  const form = el("form", undefined, { id: "chatform" });
  const input = el("input", undefined, { id: "chatinput", maxlength: 300, placeholder: t("say"), "aria-label": t("chat") });
  form.append(input, el("button", t("send"), { type: "submit" }));
  chat.append(form);
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    page.say(/** @type {HTMLInputElement} */ (input).value);
    /** @type {HTMLInputElement} */ (input).value = "";
  });
  const boardBox = el("section", undefined, { id: "boardbox" });
  const port = el("div", undefined, { id: "board" });
  zoom = new BoardZoom(port);
  boardBox.append(port, zoomButtons(zoom, { zoomIn: t("zoom_in"), zoomOut: t("zoom_out"), fit: t("zoom_fit") }));
  return [
    el("section", undefined, { id: "end" }),
    el("section", undefined, { id: "players" }),
    boardBox,
    el("section", undefined, { id: "actions", "aria-live": "polite" }),
    box("hand", t("hand")),
    box("offers", t("offers")),
    box("tiles", t("to_come")),
    box("tray", t("supply")),
    box("chart", t("chart")),
    box("log", t("log"), "ol"),
    chat,
  ];
}

/**
 * Taps, clicks and drags on the game, handled once for all its parts.
 * @param {HTMLElement} app
 * @param {Page} page
 */
function wire(app, page) {
  let eatClick = false;
  app.addEventListener("click", (event) => {
    if (eatClick) {
      eatClick = false;
      return;
    }
    const target = /** @type {Element} */ (event.target);
    const kind = target.closest("[data-kind]");
    if (kind && page.choosing) {
      page.choosing.choose(/** @type {HTMLElement} */ (kind).dataset.kind || null);
      page.render();
      return;
    }
    const act = target.closest("[data-act]");
    if (act) {
      const what = /** @type {HTMLElement} */ (act).dataset.act;
      const move = page.choosing?.complete();
      if (what === "play" && move) page.play(move);
      if (what === "cancel" && page.choosing) page.choosing.choose(page.choosing.kinds().length === 1 ? page.choosing.kinds()[0] : null);
      page.render();
      return;
    }
    const pick = pickOf(target);
    if (pick && page.choosing && !page.pending) {
      page.choosing.take(pick[0], pick[1]);
      // a tap that leaves nothing to choose plays (a stack, a lot, a spot, a street): no second confirm
      const move = page.choosing.ready();
      if (move) page.play(move);
      else page.render();
    }
  });
  // a neighborhood shown on the spot under the pointer (or the finger pressing it) before it is laid
  app.addEventListener("pointerover", (event) => {
    const choosing = page.choosing;
    // a lit lot: the score bubble of the move it would complete
    const lot = /** @type {Element} */ (event.target).closest("[data-lot].lit");
    const move = lot && choosing ? choosing.completedBy(String(lot.getAttribute("data-lot"))) : null;
    if (lot && move && move.points != null) showBubble(byId("boardbox"), lot, move, pointsText(move.points));
    const spot = /** @type {Element} */ (event.target).closest("[data-spot]");
    const number = choosing?.fixed.get("tile");
    const tile = page.presented?.tiles.find((x) => String(x.number) === number);
    if (!spot || !tile || !choosing) return;
    const [sx, sy] = String(spot.getAttribute("data-spot")).split(",").map(Number);
    spot.parentElement?.querySelector(".spotpreview")?.remove();
    spot.before(drawSpotPreview(tile, Number(choosing.fixed.get("rotation") ?? 0), sx, sy));
  });
  app.addEventListener("pointerout", (event) => {
    if (/** @type {Element} */ (event.target).closest("[data-lot]")) hideBubble(byId("boardbox"));
    const spot = /** @type {Element} */ (event.target).closest("[data-spot]");
    if (spot) spot.parentElement?.querySelector(".spotpreview")?.remove();
  });
  // a drag: a piece (or a card) from its panel onto a lit lot plays the move it completes
  /** @type {{step: string, value: string, x: number, y: number, ghost: HTMLElement|null}|null} */
  let drag = null;
  app.addEventListener("pointerdown", (event) => {
    const pick = pickOf(/** @type {Element} */ (event.target));
    if (!pick || !page.choosing || (pick[0] !== "piece" && !/** @type {Element} */ (event.target).closest("[data-card]"))) return;
    drag = { step: pick[0], value: pick[1], x: event.clientX, y: event.clientY, ghost: null };
  });
  document.addEventListener("pointermove", (event) => {
    if (!drag || !page.choosing) return;
    if (!drag.ghost) {
      if (Math.hypot(event.clientX - drag.x, event.clientY - drag.y) < 8) return;
      if (drag.step === "piece") page.choosing.pick("piece", drag.value);
      else page.choosing.pick("set", drag.value);
      page.render();
      drag.ghost = el("div", "", { class: "ghost", "aria-hidden": "true" });
      document.body.append(drag.ghost);
    }
    drag.ghost.style.left = `${event.clientX}px`;
    drag.ghost.style.top = `${event.clientY}px`;
    const over = pickOf(document.elementFromPoint(event.clientX, event.clientY));
    const move = over && over[0] === "set" ? page.choosing.completedBy(over[1]) : null;
    drag.ghost.textContent = move && move.points != null ? [pointsText(move.points), ...(move.why ? whyLines(move.why) : [])].join(" · ") : "";
  });
  document.addEventListener("pointerup", (event) => {
    if (!drag) return;
    const ghost = drag.ghost;
    drag = null;
    if (!ghost) return;
    ghost.remove();
    eatClick = true;
    setTimeout(() => {
      eatClick = false;
    }, 0);
    const over = pickOf(document.elementFromPoint(event.clientX, event.clientY));
    if (!over || !page.choosing) return;
    page.choosing.pick(over[0], over[1]);
    const move = page.choosing.ready();
    if (move) page.play(move);
    else page.render();
  });
}

/**
 * The players' rows as presented; whether a person is away is the table's (the lobby's seats).
 * @param {HTMLElement} box
 * @param {Page} page
 * @param {Presented} presented
 */
function renderPlayers(box, page, presented) {
  const seats = page.table ? page.table.seats : [];
  const list = el("ol", undefined, { class: "players" });
  for (const row of presented.players) {
    const i = row.seat;
    const li = el("li", undefined, { "data-seat": i, style: `--colour: ${playerColour(i)}` });
    if (row.current) li.classList.add("current");
    if (i === page.seat) li.classList.add("mine");
    const info = seats[i];
    // the name with its tags and rating in one part that gives way (cut short) before the score does
    const who = el("span", undefined, { class: "who" });
    who.append(el("span", row.name, { class: "pname" }));
    if (row.kind === "bot") who.append(el("span", t("bot"), { class: "tag" }));
    if (row.kind === "human" && info && !info.connected) who.append(el("span", t("away"), { class: "tag" }));
    if (info && badgeText(info)) who.append(el("span", badgeText(info), { class: "badge", title: badgeText(info) }));
    li.append(el("span", "", { class: "swatch" }), who);
    li.append(el("span", String(row.score), { class: "pscore" }));
    li.append(el("span", t("cards_n", { n: row.hand }), { class: "pcards" }));
    if (page.table && page.table.clock_left) li.append(el("span", clockText(page, i), { class: "pclock", "data-clock": i }));
    const move = row.last_move;
    if (move) {
      // what they did last, on a line of its own under the name, as the app's strips say it (present/rows.py)
      li.title = t("last_move", { round: move.round, move: `${row.name} ${engineText(move.text)}` });
      li.append(el("span", `↪ ${engineText(move.text)}`, { class: "plast", "data-last-move": i }));
    }
    list.append(li);
  }
  box.replaceChildren(list);
  const pause = pauseBox(page); // pause by agreement of all (pause.js)
  if (pause) box.append(pause);
  if (page.ranOut()) {
    // a bot plays our seat since our clock ran out: the player may take it back (net/clocks.py)
    const back = el("button", t("take_seat"), { "data-take-seat": "1", class: "button" });
    back.addEventListener("click", () => page.send({ type: "take_seat", id: 8 }));
    box.append(back);
  }
}

/**
 * A seat's time left, m:ss, counted down for the seat to move since the table's last entry came (net/clocks.py).
 * @param {Page} page
 * @param {number} seat
 * @returns {string}
 */
function clockText(page, seat) {
  const table = /** @type {TableInfo} */ (page.table);
  const left = (table.clock_left || [])[seat] || 0;
  const running = table.turn === seat && table.status === "playing" && !table.paused; // a pause stops the clocks
  const now = Math.max(0, running ? left - (performance.now() - page.tableAt) / 1000 : left);
  const s = Math.ceil(now);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

/**
 * The clocks on the players' rows, once a second, without drawing the rest again.
 * @param {Page} page
 */
export function tickClocks(page) {
  for (const span of document.querySelectorAll("[data-clock]")) {
    if (span instanceof HTMLElement) span.textContent = clockText(page, Number(span.dataset.clock));
  }
}

/**
 * Whose turn, the kinds of move, the step asked, the preview and the play button.
 * @param {HTMLElement} box
 * @param {Page} page
 * @param {RulesData} rules
 */
function renderActions(box, page, rules) {
  const view = /** @type {View} */ (page.view);
  const parts = [];
  const choosing = page.choosing;
  box.dataset.myTurn = choosing ? "1" : "0";
  box.hidden = view.phase === "over"; // the end panel says it all then
  if (view.phase === "over") {
    box.replaceChildren();
    return;
  }
  const current = view.current;
  let line = page.seat === null ? t("watching") : "";
  if (choosing) line = t("your_turn");
  else if (current !== null && current !== undefined) line = t("turn_of", { name: view.names[current] });
  parts.push(el("p", `${t("round", { n: view.round })} · ${line}`, { class: "turn" }));
  if (choosing) {
    const kinds = el("div", undefined, { class: "kinds" });
    for (const k of choosing.kinds()) {
      const b = el("button", t(`k_${k}`), { "data-kind": k });
      if (k === choosing.kind) b.classList.add("on");
      kinds.append(b);
    }
    if (choosing.kinds().length > 1) parts.push(kinds);
    const ask = choosing.ask();
    if (ask) parts.push(el("p", askText(choosing.kind, ask.step), { class: "ask" }));
    // the turns of the neighborhood chosen stay offered while its spot is asked
    const step = ask && ask.step === "spot" ? "rotation" : ask?.step;
    if (ask && step && ["rotation", "stack", "face"].includes(step)) {
      const row = el("div", undefined, { class: "choices" });
      const values = step === "rotation" ? choosing.offered("rotation") : ask.values;
      if (step === "rotation") row.append(el("span", t("rotate"), { class: "label" }));
      for (const v of [...values].sort()) {
        const text = step === "rotation" ? `${Number(v) * 90}°` : step === "stack" ? `${t("stack", { n: v })} (${view.stacks[Number(v)] ?? "?"})` : t(v === "up" ? "face_up" : "face_down");
        const b = el("button", text, { class: "lit", [`data-${step}`]: v });
        if (step === "rotation" && choosing.fixed.get("rotation") === v) b.classList.add("on");
        row.append(b);
      }
      parts.push(row);
    }
    const move = choosing.complete();
    if (move) {
      const confirm = el("div", undefined, { class: "confirm" });
      confirm.append(el("span", moveText(rules, move), { class: "what" }));
      const play = el("button", t("play"), { "data-act": "play", class: "primary" });
      if (page.pending) play.setAttribute("disabled", "");
      confirm.append(play, el("button", t("cancel"), { "data-act": "cancel" }));
      parts.push(confirm);
    }
  }
  box.replaceChildren(...parts);
}

/**
 * @param {string|null} kind
 * @param {string} step
 * @returns {string}
 */
function askText(kind, step) {
  if (step === "piece") return t("pick_piece");
  if (step === "set") return kind === "build" ? t("pick_lots") : t("pick_cards");
  if (step === "tile" || step === "rotation" || step === "spot") return t("pick_tile");
  if (step === "street") return t("pick_street");
  if (step === "stack") return t("pick_stack");
  if (step === "slot") return t("pick_offer");
  if (step === "face") return t("pick_face");
  return "";
}

/**
 * @param {HTMLElement} box
 * @param {Page} page
 * @param {RulesData} rules
 */
function renderHand(box, page, rules) {
  const view = /** @type {View} */ (page.view);
  const parent = /** @type {HTMLElement} */ (box.parentElement);
  parent.hidden = page.seat === null;
  if (page.seat === null) return;
  const ask = page.choosing ? page.choosing.ask() : null;
  const chosen = page.choosing ? page.choosing.set : [];
  const cards = [...view.hands[page.seat]].sort((a, b) => a - b);
  box.replaceChildren(
    ...cards.map((c) => {
      const card = el("button", cardText(rules, c), { class: "card", "data-card": c, style: `--stack: ${stackHue(c)}` });
      if (ask && ask.step === "set" && ask.values.has(String(c))) card.classList.add("lit");
      if (chosen.includes(String(c))) card.classList.add("chosen");
      if (c % LOTS_BASE === 0) card.classList.add("special");
      return card;
    }),
  );
}

/** @param {number} card */
function stackHue(card) {
  const stack = card < 0 ? -card : Math.floor(card / LOTS_BASE);
  return `${(stack * 47) % 360}`;
}

/**
 * The pieces as presented, with the counts left; the ones a legal move uses now are lit.
 * @param {HTMLElement} box
 * @param {Page} page
 * @param {RulesData} rules
 * @param {Presented} presented
 */
function renderTray(box, page, rules, presented) {
  const offered = page.choosing ? page.choosing.offered("piece") : new Set();
  const chosen = page.choosing?.fixed.get("piece");
  box.replaceChildren(
    ...presented.supply.map((row) => {
      const key = `${row.type}.${row.size}`;
      const piece = el("div", undefined, { class: "piece", "data-piece": key, style: `--fill: ${buildingColour(row.type)}` });
      piece.append(el("span", "", { class: "chip" }), el("span", pieceText(rules, row.type, row.size), { class: "pname" }));
      piece.append(el("span", `${row.left}/${row.count}`, { class: "count" }));
      // every piece one may build stays lit: a tap on another switches to it
      if (chosen === key) piece.classList.add("chosen");
      else if (offered.has(key)) piece.classList.add("lit");
      if (row.left <= 0) piece.classList.add("gone");
      return piece;
    }),
  );
}

/**
 * The neighborhoods to come, as presented (their lots at each quarter turn).
 * @param {HTMLElement} box
 * @param {Page} page
 * @param {Presented} presented
 */
function renderTiles(box, page, presented) {
  const offered = page.choosing ? page.choosing.offered("tile") : new Set();
  const chosen = page.choosing?.fixed.get("tile");
  const rotation = Number(page.choosing?.fixed.get("rotation") ?? 0);
  const tiles = presented.tiles;
  /** @type {HTMLElement} */ (box.parentElement).hidden = !tiles.length;
  box.replaceChildren(
    ...tiles.map((tile) => {
      const n = tile.number;
      const item = el("div", undefined, { class: "tile", "data-tile": n });
      item.append(drawTile(tile, String(n) === chosen ? rotation : 0));
      item.append(el("span", `${n} ${rulesText(tile.name)}`));
      if (chosen === String(n)) item.classList.add("chosen");
      else if (offered.has(String(n))) item.classList.add("lit");
      return item;
    }),
  );
}

/**
 * The redevelopment's offers (jumbo): each player's cards, the ones one may take lit.
 * @param {HTMLElement} box
 * @param {Page} page
 * @param {RulesData} rules
 */
function renderOffers(box, page, rules) {
  const view = /** @type {View} */ (page.view);
  /** @type {[number, {cards: number[], face_up: boolean, taken: (number|null)[]}][]} */
  const offers = view.offers || [];
  /** @type {HTMLElement} */ (box.parentElement).hidden = !offers.length;
  const ask = page.choosing ? page.choosing.ask() : null;
  box.replaceChildren(
    ...offers.map(([owner, offer]) => {
      const row = el("div", undefined, { class: "offer", "data-owner": owner });
      row.append(el("span", view.names[owner] || "", { class: "oname" }));
      offer.cards.forEach((c, slot) => {
        const key = `${owner}.${slot}`;
        const card = el("button", cardText(rules, c), { class: "card", "data-slot": key });
        if (offer.taken[slot] !== null && offer.taken[slot] !== undefined) card.classList.add("taken");
        if (ask && ask.step === "slot" && ask.values.has(key)) card.classList.add("lit");
        row.append(card);
      });
      return row;
    }),
  );
}

/**
 * The score chart: a line per player over the rounds (SVG).
 * @param {HTMLElement} box
 * @param {View} view
 */
function renderChart(box, view) {
  const points = view.score_history;
  const w = 300;
  const h = 120;
  const root = svg("svg", { viewBox: `0 0 ${w} ${h}`, class: "chart", role: "img", "aria-label": t("chart") });
  root.append(svg("rect", { x: 0, y: 0, width: w, height: h, fill: SCHEME.chart }));
  const top = Math.max(10, ...points.flatMap(([, s]) => s), ...view.scores);
  const n = Math.max(1, points.length - 1);
  const pad = 18;
  for (let g = 0; g <= 2; g++) {
    const y = h - pad - ((h - 2 * pad) * g) / 2;
    root.append(svg("line", { x1: pad, x2: w - 4, y1: y, y2: y, stroke: "#ddd" }));
    root.append(svg("text", { x: 2, y: y + 4, class: "axis", fill: SCHEME.chart_text }, String(Math.round((top * g) / 2))));
  }
  view.names.forEach((_, seat) => {
    const coords = points.map(([, s], i) => `${pad + ((w - pad - 4) * i) / n},${h - pad - ((h - 2 * pad) * (s[seat] ?? 0)) / top}`);
    if (coords.length) root.append(svg("polyline", { points: coords.join(" "), fill: "none", stroke: playerColour(seat), "stroke-width": 2.5 }));
  });
  box.replaceChildren(root);
}

/**
 * The log: the newest `page.logShown` events, and Show earlier above them
 * while older ones exist (in the view, or at the server: a whole view
 * carries the recent ones only, `events_from` counting those before them).
 * @param {HTMLElement} box
 * @param {Page} page
 */
function renderLog(box, page) {
  const view = /** @type {View} */ (page.view);
  const events = view.events.slice(-page.logShown);
  const more = events.length < view.events.length || ((view.events_from ?? 0) > 0 && page.tableId !== null);
  const wasAtEnd = box.scrollTop + box.clientHeight >= box.scrollHeight - 4;
  const fromEnd = box.scrollHeight - box.scrollTop;
  const lines = events.map((e) => {
    const li = el("li", undefined, { class: `ev ${String(e.kind)}` });
    if (e.player !== null && view.names[e.player])
      li.append(el("b", `${view.names[e.player]}: `, { style: `color: ${playerColour(e.player)}` }));
    li.append(document.createTextNode(engineText(e.text)));
    return li;
  });
  if (more) {
    const earlier = el("button", t("earlier"), { class: "mute", type: "button", "data-earlier": "" });
    earlier.addEventListener("click", () => page.earlierLog());
    const li = el("li", undefined, { class: "earlier" });
    li.append(earlier);
    lines.unshift(li);
  }
  box.replaceChildren(...lines);
  box.scrollTop = wasAtEnd ? box.scrollHeight : box.scrollHeight - fromEnd; // the lines read stay in place
}

/**
 * @param {HTMLElement} box
 * @param {Page} page
 */
function renderChat(box, page) {
  /** @type {Map<string, string>} the muted speakers at this table, with a name */
  const hidden = new Map();
  /** @type {HTMLElement[]} */
  const lines = [];
  for (const c of page.chat.slice(-60)) {
    const who = speakerKey(page.table, c);
    if (who !== null && page.muted.has(who)) {
      hidden.set(who, c.name);
      continue;
    }
    const li = el("li");
    li.append(el("b", `${c.name}: `, c.seat === null ? {} : { style: `color: ${playerColour(c.seat)}` }), document.createTextNode(c.text));
    if (who !== null && c.seat !== page.seat) {
      const mute = el("button", t("mute"), { class: "mute", type: "button", "data-mute": who, title: t("mute_hint", { name: c.name }) });
      mute.addEventListener("click", () => page.toggleMute(who));
      const seat = /** @type {number} */ (c.seat);
      const report = el("button", t("report"), { class: "mute", type: "button", "data-report": seat, title: t("report_hint", { name: c.name }) });
      report.addEventListener("click", () => page.report(seat, c.name));
      li.append(" ", mute, " ", report);
    }
    lines.push(li);
  }
  for (const [who, name] of hidden) {
    const li = el("li", t("muted", { name }), { class: "hint" });
    const back = el("button", t("unmute"), { class: "mute", type: "button", "data-unmute": who });
    back.addEventListener("click", () => page.toggleMute(who));
    li.append(" ", back);
    lines.push(li);
  }
  box.replaceChildren(...lines);
  box.scrollTop = box.scrollHeight;
}

/**
 * The end: the results and the record to download.
 * @param {HTMLElement} box
 * @param {Page} page
 */
function renderEnd(box, page) {
  const view = /** @type {View} */ (page.view);
  if (view.phase !== "over") {
    box.hidden = true;
    return;
  }
  box.hidden = false;
  const order = view.names.map((_, i) => i).sort((a, b) => view.scores[b] - view.scores[a]);
  const best = view.scores[order[0]];
  const winners = order.filter((i) => view.scores[i] === best);
  const list = el("ol", undefined, { class: "results" });
  for (const i of order) {
    // ties stay ties (RULES.md): equal scores share their place
    const place = 1 + order.filter((j) => view.scores[j] > view.scores[i]).length;
    const li = el("li", undefined, { "data-seat": i, style: `--colour: ${playerColour(i)}` });
    if (place === 1) li.classList.add("first");
    li.append(
      el("span", `${place}.`, { class: "place" }),
      el("span", "", { class: "swatch" }),
      el("span", view.names[i], { class: "pname" }),
      el("span", String(view.scores[i]), { class: "pscore" }),
    );
    list.append(li);
  }
  const points = best === 1 ? t("with_point") : t("with_points", { n: best });
  let headline = t("shared_win", { names: winners.map((i) => view.names[i]).join(" · "), points });
  if (winners.length === 1)
    headline = winners[0] === page.seat ? t("you_win", { points }) : t("wins", { name: view.names[winners[0]], points });
  const parts = [el("h2", t("results")), el("p", headline, { class: "headline", "data-headline": "1" }), list];
  if (view.end_reason) parts.push(el("p", engineText(view.end_reason), { class: "hint" }));
  if (page.record !== null) {
    // the same link kept (a redraw, as when the deal's check comes, never takes it from under a click)
    const old = /** @type {HTMLElement|null} */ (box.querySelector("a[download]"));
    const name = `bigcity-${page.tableId ?? page.subject}.bigcity`;
    const href = () => URL.createObjectURL(new Blob([page.record || ""], { type: "application/json" }));
    const link = old || el("a", undefined, { href: href(), download: name, "data-record": "1", class: "button" });
    link.textContent = t("record");
    parts.push(link);
  }
  const deal = page.dealVerdict;
  if (deal !== null) {
    const word = !deal.ok ? "deal_warning" : deal.cards === false ? "deal_committed" : "deal_verified";
    const text = deal.ok ? t(word) : t(word, { reason: engineText(deal.reason) });
    parts.push(el("p", text, { class: deal.ok ? "hint" : "deal-warning", "data-deal": word }));
  }
  box.replaceChildren(...parts);
}
