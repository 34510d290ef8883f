// The page's words in English and German: the browser's language at first,
// then the one the switch chose (kept in the browser). Every word comes from
// the app's own Qt catalogue, made into JSON by the server (net/web.py): the
// page's words by name in English (messages.en.json, from web/words.json, the
// catalogue's source strings of context "Page"), the finished German of the
// contexts "Page", "Rules" and "Levels" (messages.de.json, fetched only when
// the page is German) and of "Engine" (sentences.de.json, fetched only when a
// German page first shows a game or a rules summary: loadSentences). The
// engine's sentences (the log, end reasons) arrive as {"$msg": template,
// fields} and are translated by "Engine".

/** @type {"en"|"de"} */
let language = "en";
/** @typedef {{Page?: Record<string, string>, Engine?: Record<string, string>, Rules?: Record<string, string>, Levels?: Record<string, string>}} Catalogue */
/** @type {Record<string, Catalogue>} the files of words loaded, by name */
const loaded = {};
/** @type {Record<string, Promise<void>>} the files of words being fetched, by name */
const fetching = {};
/** whether the page has needed the engine's sentences (a game, a rules summary): then a German page loads them */
let sentencesWanted = false;

/**
 * The German catalogue's words of `context`, if it is loaded and the page is German.
 * @param {"Page"|"Engine"|"Rules"|"Levels"} context
 * @returns {Record<string, string>}
 */
function german(context) {
  if (language !== "de") return {};
  const file = loaded[context === "Engine" ? "sentences.de.json" : "messages.de.json"];
  return (file && file[context]) || {};
}

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
  const text = german("Page")[name] ?? loaded["messages.en.json"]?.Page?.[name] ?? name;
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
  return german("Rules")[text] || text;
}

/**
 * A bot level's label in the page's language.
 * @param {string} label
 * @returns {string}
 */
export function levelText(label) {
  return german("Levels")[label] || label;
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
  const template = german("Engine")[msg.$msg] || msg.$msg;
  /** @type {Record<string, unknown>} */
  const fields = {};
  for (const [k, v] of Object.entries(msg.fields || {})) fields[k] = typeof v === "object" ? engineText(v) : v;
  for (const [k, v] of Object.entries(fields)) if (typeof v === "string") fields[k] = rulesText(v);
  return fill(template, fields);
}

/**
 * Fetches one file of words (once; again after a failure).
 * @param {string} name
 * @returns {Promise<void>}
 */
function fetchWords(name) {
  if (loaded[name]) return Promise.resolve();
  fetching[name] ||= (async () => {
    try {
      const answer = await fetch(new URL(name, import.meta.url));
      if (answer.ok) loaded[name] = await answer.json();
    } catch {
      // the words stay in English (or, without the English, their names)
    }
    delete fetching[name];
  })();
  return fetching[name];
}

/**
 * Loads the words the page's language needs: the English ones always, the
 * German catalogue when the page is German, and its engine's sentences too
 * once the page has needed them (each once; the page works without them,
 * showing the words' names or the English).
 */
export async function loadCatalogue() {
  const wanted = ["messages.en.json"];
  if (language === "de") wanted.push("messages.de.json");
  if (language === "de" && sentencesWanted) wanted.push("sentences.de.json");
  await Promise.all(wanted.map(fetchWords));
}

/**
 * Loads the engine's sentences in the page's language (a game's log, its
 * end, a rules summary), before the first thing that says them is drawn;
 * from now on a switch to German loads them too.
 */
export async function loadSentences() {
  sentencesWanted = true;
  await loadCatalogue();
}

setLang(initial());
