// The page's words in English and German: the browser's language at first,
// then the one the switch chose (kept in the browser). Every word comes from
// the app's own Qt catalogue, made into JSON by the server (net/web.py): the
// page's words by name in English (messages.en.json, from web/words.json, the
// catalogue's source strings of context "Page") and the finished German of
// the contexts "Page", "Engine" and "Rules" (messages.de.json, fetched only
// when the page is German). The engine's sentences (the log, end reasons)
// arrive as {"$msg": template, fields} and are translated by "Engine".


/** @type {"en"|"de"} */
let language = "en";
/** @typedef {{Page: Record<string, string>, Engine?: Record<string, string>, Rules?: Record<string, string>, Levels?: Record<string, string>}} Catalogue */
/** @type {Record<"en"|"de", Catalogue|null>} the words by language and context, once loaded */
const catalogues = { en: null, de: null };

/**
 * The German catalogue's words of `context`, if it is loaded and the page is German.
 * @param {"Page"|"Engine"|"Rules"|"Levels"} context
 * @returns {Record<string, string>}
 */
function german(context) {
  return (language === "de" && catalogues.de && catalogues.de[context]) || {};
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
  const text = german("Page")[name] ?? catalogues.en?.Page[name] ?? name;
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
 * Loads the words the page's language needs: the English ones always, the
 * German catalogue when the page is German (each once; the page works without
 * them, showing the words' names or the English).
 */
export async function loadCatalogue() {
  /** @type {("en"|"de")[]} */
  const wanted = language === "de" ? ["en", "de"] : ["en"];
  await Promise.all(
    wanted.map(async (which) => {
      if (catalogues[which]) return;
      try {
        const answer = await fetch(new URL(`messages.${which}.json`, import.meta.url));
        if (answer.ok) catalogues[which] = await answer.json();
      } catch {
        // the words stay in English (or, without the English, their names)
      }
    }),
  );
}

setLang(initial());
