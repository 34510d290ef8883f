// The page's words in English and German: the browser's language at first,
// then the one the switch chose (kept in the browser). The engine's
// sentences (the log, end reasons) arrive as {"$msg": template, fields} and
// are translated by the catalogue the server makes from the app's own
// (messages.de.json: its "Engine" and "Rules" contexts).

/** @type {Record<string, Record<string, string>>} */
const STRINGS = {
  en: {
    lobby_title: "Big City: open tables",
    connecting: "Connecting to the server…",
    reconnecting: "Reconnecting…",
    closed: "The connection to the server was closed.",
    none: "There is no open table on this server.",
    players: "Players",
    free: "free seat",
    bot: "bot",
    away: "away",
    notable: "There is no such table on this server.",
    lobby: "waiting for players",
    playing: "playing",
    over: "over",
    your_name: "Your name",
    sit: "Sit here",
    watch: "Watch",
    seat_n: "Seat {n}",
    started: "This game has begun; you may watch it.",
    wait_start: "You are seated. The host starts the game when every seat is taken.",
    your_turn: "Your turn",
    turn_of: "{name}'s turn",
    watching: "You are watching.",
    hand: "Your hand",
    supply: "Pieces",
    to_come: "Neighborhoods to come",
    log: "Log",
    chart: "Scores",
    chat: "Chat",
    send: "Send",
    say: "Say something…",
    play: "Play",
    cancel: "Cancel",
    points: "{n} points",
    point: "1 point",
    pick_piece: "Choose a piece.",
    pick_lots: "Choose the lots (lit green).",
    pick_cards: "Choose the cards.",
    pick_tile: "Choose a neighborhood and where it goes.",
    pick_street: "Choose a street (lit).",
    pick_stack: "Choose a stack to draw from.",
    pick_offer: "Choose a card offered.",
    pick_face: "Face up or face down?",
    face_up: "Face up",
    face_down: "Face down",
    rotate: "Turn",
    k_build: "Build",
    k_tile: "Neighborhood",
    k_streetcar: "Streetcar",
    k_stop: "Stop streetcars",
    k_exchange: "Exchange",
    k_pass: "Pass",
    k_draw: "Draw",
    k_offer: "Offer",
    k_take: "Take",
    stack: "Stack {n}",
    cards_n: "{n} cards",
    last_move: "Last move (round {round}): {move}",
    offers: "Offers",
    results: "The game is over",
    you_win: "You win with {points}!",
    wins: "{name} wins with {points}",
    shared_win: "A shared win: {names}, {points} each",
    with_points: "{n} points",
    with_point: "1 point",
    record: "Download the record",
    lang: "Deutsch",
    round: "Round {n}",
    lot: "lot {n}",
    build_on: "{piece} on {lots}",
    preview: "{what}: {points}",
    refused: "Refused: {reason}",
    house: "House rules: {title}",
  },
  de: {
    lobby_title: "Big City: offene Tische",
    connecting: "Verbindung zum Server …",
    reconnecting: "Verbindung wird wiederhergestellt …",
    closed: "Die Verbindung zum Server wurde geschlossen.",
    none: "Auf diesem Server ist kein Tisch offen.",
    players: "Spieler",
    free: "freier Platz",
    bot: "Bot",
    away: "abwesend",
    notable: "Diesen Tisch gibt es auf diesem Server nicht.",
    lobby: "wartet auf Spieler",
    playing: "läuft",
    over: "beendet",
    your_name: "Ihr Name",
    sit: "Hier Platz nehmen",
    watch: "Zuschauen",
    seat_n: "Platz {n}",
    started: "Dieses Spiel hat begonnen; Sie können zuschauen.",
    wait_start: "Sie sitzen am Tisch. Der Gastgeber startet, sobald alle Plätze besetzt sind.",
    your_turn: "Sie sind am Zug",
    turn_of: "{name} ist am Zug",
    watching: "Sie schauen zu.",
    hand: "Ihre Karten",
    supply: "Gebäude",
    to_come: "Kommende Stadtteile",
    log: "Verlauf",
    chart: "Punkte",
    chat: "Chat",
    send: "Senden",
    say: "Schreiben Sie etwas …",
    play: "Spielen",
    cancel: "Abbrechen",
    points: "{n} Punkte",
    point: "1 Punkt",
    pick_piece: "Wählen Sie ein Gebäude.",
    pick_lots: "Wählen Sie die Grundstücke (grün).",
    pick_cards: "Wählen Sie die Karten.",
    pick_tile: "Wählen Sie einen Stadtteil und seinen Ort.",
    pick_street: "Wählen Sie eine Straße (hervorgehoben).",
    pick_stack: "Wählen Sie einen Stapel zum Ziehen.",
    pick_offer: "Wählen Sie eine angebotene Karte.",
    pick_face: "Offen oder verdeckt?",
    face_up: "Offen",
    face_down: "Verdeckt",
    rotate: "Drehen",
    k_build: "Bauen",
    k_tile: "Stadtteil",
    k_streetcar: "Straßenbahn",
    k_stop: "Straßenbahn beenden",
    k_exchange: "Tauschen",
    k_pass: "Passen",
    k_draw: "Ziehen",
    k_offer: "Anbieten",
    k_take: "Nehmen",
    stack: "Stapel {n}",
    cards_n: "{n} Karten",
    last_move: "Letzter Zug (Runde {round}): {move}",
    offers: "Angebote",
    results: "Das Spiel ist aus",
    you_win: "Sie gewinnen mit {points}!",
    wins: "{name} gewinnt mit {points}",
    shared_win: "Geteilter Sieg: {names} mit je {points}",
    with_points: "{n} Punkten",
    with_point: "1 Punkt",
    record: "Partie herunterladen",
    lang: "English",
    round: "Runde {n}",
    lot: "Grundstück {n}",
    build_on: "{piece} auf {lots}",
    preview: "{what}: {points}",
    refused: "Abgelehnt: {reason}",
    house: "Hausregeln: {title}",
  },
};

/** @type {"en"|"de"} */
let language = "en";
/** @type {Record<string, Record<string, string>>} the engine's sentences by context, in German */
let catalogue = { Engine: {}, Rules: {} };

/**
 * The language to begin in: the one chosen before, else the browser's.
 * @returns {"en"|"de"}
 */
function initial() {
  let chosen = null;
  try {
    chosen = localStorage.getItem("bigcity.language");
  } catch {
    chosen = null;
  }
  if (chosen === "en" || chosen === "de") return chosen;
  return (navigator.language || "en").toLowerCase().startsWith("de") ? "de" : "en";
}

/** @returns {"en"|"de"} */
export function lang() {
  return language;
}

/** @param {"en"|"de"} choice */
export function setLang(choice) {
  language = choice;
  document.documentElement.lang = choice;
  try {
    localStorage.setItem("bigcity.language", choice);
  } catch {
    // a browser without storage: the choice lasts this page only
  }
}

/**
 * A word of the page, with its fields put in.
 * @param {string} name
 * @param {Record<string, string|number>} [fields]
 * @returns {string}
 */
export function t(name, fields) {
  const text = STRINGS[language][name] ?? STRINGS.en[name] ?? name;
  return fill(text, fields || {});
}

/**
 * A template's {name} fields put in (only plain names, as the protocol allows).
 * @param {string} text
 * @param {Record<string, unknown>} fields
 * @returns {string}
 */
function fill(text, fields) {
  return text.replace(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (all, k) => (k in fields ? String(fields[k]) : all));
}

/**
 * A text of the rules (a building's label) in the page's language.
 * @param {string} text
 * @returns {string}
 */
export function rulesText(text) {
  return language === "de" ? catalogue.Rules[text] || text : text;
}

/**
 * An engine sentence ({"$msg", fields}, or a plain text) in the page's language.
 * @param {unknown} m
 * @returns {string}
 */
export function engineText(m) {
  if (typeof m === "string") return rulesText(m);
  if (m === null || typeof m !== "object") return String(m ?? "");
  const msg = /** @type {{$msg?: unknown, fields?: Record<string, unknown>}} */ (m);
  if (typeof msg.$msg !== "string") return "";
  const template = language === "de" ? catalogue.Engine[msg.$msg] || msg.$msg : msg.$msg;
  /** @type {Record<string, unknown>} */
  const fields = {};
  for (const [k, v] of Object.entries(msg.fields || {})) fields[k] = typeof v === "object" ? engineText(v) : v;
  for (const [k, v] of Object.entries(fields)) if (typeof v === "string") fields[k] = rulesText(v);
  return fill(template, fields);
}

/** Loads the German catalogue of the engine's sentences (the page works without it). */
export async function loadCatalogue() {
  try {
    const answer = await fetch("/static/messages.de.json");
    if (answer.ok) catalogue = await answer.json();
  } catch {
    // the sentences stay in English
  }
}

setLang(initial());
