// The page's one strict reader of server messages: every frame is checked
// against the protocol's JSON Schemas (net/schemas, served together as
// /static/schemas.json) before anything acts on it. The schemas keep to a
// small subset of keywords (docs/protocol/README.md), all of which this
// validator reads; a keyword it does not know is an error, not ignored.

/** @typedef {Record<string, any>} Schema */

/** The keywords this validator knows (the subset the schemas keep to). */
const KNOWN = new Set([
  "$schema", "title", "description", "type", "properties", "required", "additionalProperties",
  "enum", "const", "items", "prefixItems", "minimum", "maximum", "maxLength", "maxItems",
  "oneOf", "$ref", "$defs",
]);

/** The longest frame read from a server (as the app's own reader). */
export const MAX_FRAME = 16 * 1024 * 1024;

/** The table protocol version this page speaks. */
export const PROTOCOL = 4;

export class ReadError extends Error {}

/**
 * The first key given twice in one object of a JSON text that JSON.parse
 * took (it keeps the last silently; the server refuses such a text, and so
 * does this page), or null.
 * @param {string} text
 * @returns {string|null}
 */
export function twiceKey(text) {
  /** @type {(Set<string>|null)[]} the keys of each object open (null: an array) */
  const open = [];
  let key = false; // the next string is a key
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 34) {
      let j = i + 1;
      for (;;) {
        j = text.indexOf('"', j);
        let b = j - 1;
        while (text.charCodeAt(b) === 92) b--;
        if ((j - 1 - b) % 2 === 0) break;
        j++;
      }
      const keys = open[open.length - 1];
      if (key && keys) {
        const raw = text.slice(i + 1, j);
        const name = raw.includes("\\") ? JSON.parse(text.slice(i, j + 1)) : raw;
        if (keys.has(name)) return name;
        keys.add(name);
      }
      key = false;
      i = j;
    } else if (c === 123) {
      open.push(new Set());
      key = true;
    } else if (c === 91) {
      open.push(null);
      key = false;
    } else if (c === 125 || c === 93) {
      open.pop();
      key = false;
    } else if (c === 44) {
      key = open[open.length - 1] != null;
    }
  }
  return null;
}

/**
 * JSON's kind of a value, as JSON Schema names it.
 * @param {unknown} v
 * @returns {string}
 */
function kindOf(v) {
  if (v === null) return "null";
  if (Array.isArray(v)) return "array";
  if (typeof v === "number") return Number.isInteger(v) ? "integer" : "number";
  return typeof v;
}

/**
 * Whether two JSON values are equal as JSON Schema compares them (an
 * object's fields in any order).
 * @param {unknown} a
 * @param {unknown} b
 * @returns {boolean}
 */
function same(a, b) {
  if (Array.isArray(a) || Array.isArray(b))
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, i) => same(x, b[i]));
  if (kindOf(a) === "object" && kindOf(b) === "object") {
    const x = /** @type {Record<string, unknown>} */ (a);
    const y = /** @type {Record<string, unknown>} */ (b);
    const keys = Object.keys(x);
    return keys.length === Object.keys(y).length && keys.every((k) => Object.hasOwn(y, k) && same(x[k], y[k]));
  }
  return a === b;
}

export class Reader {
  /** @param {Record<string, Schema>} schemas file name -> schema */
  constructor(schemas) {
    this.schemas = schemas;
  }

  /**
   * The schema a reference names, from the schema file `base`.
   * @param {string} ref
   * @param {string} base
   * @returns {[Schema, string]}
   */
  resolve(ref, base) {
    const [file, pointer] = ref.split("#");
    const name = file || base;
    let node = this.schemas[name];
    if (node === undefined) throw new ReadError(`the schema ${name} is missing`);
    for (const part of (pointer || "").split("/").filter(Boolean)) node = node[part];
    if (node === undefined) throw new ReadError(`the schema reference ${ref} names nothing`);
    return [node, name];
  }

  /**
   * What is wrong with `v` against `schema` (null: nothing).
   * @param {Schema|boolean} schema
   * @param {unknown} v
   * @param {string} where
   * @param {string} base the schema file `schema` lies in
   * @returns {string|null}
   */
  check(schema, v, where, base) {
    if (schema === true) return null;
    if (schema === false) return `${where} is not allowed`;
    for (const k of Object.keys(schema)) if (!KNOWN.has(k)) return `the schema keyword ${k} is not read`;
    if (schema.$ref) {
      const [target, file] = this.resolve(schema.$ref, base);
      const bad = this.check(target, v, where, file);
      if (bad) return bad;
    }
    const kind = kindOf(v);
    if (schema.type !== undefined) {
      const ok = schema.type === kind || (schema.type === "number" && kind === "integer");
      if (!ok) return `${where} must be of type ${schema.type}, not ${kind}`;
    }
    if (schema.const !== undefined && !same(schema.const, v)) return `${where} must be ${JSON.stringify(schema.const)}`;
    if (schema.enum !== undefined && !schema.enum.some((/** @type {unknown} */ e) => same(e, v)))
      return `${where} must be one of ${schema.enum.join(", ")}`;
    if (typeof v === "number") {
      if (schema.minimum !== undefined && v < schema.minimum) return `${where} is below ${schema.minimum}`;
      if (schema.maximum !== undefined && v > schema.maximum) return `${where} is above ${schema.maximum}`;
    }
    if (typeof v === "string" && schema.maxLength !== undefined && [...v].length > schema.maxLength)
      return `${where} is longer than ${schema.maxLength} characters`;
    if (Array.isArray(v)) {
      const bad = this.checkArray(schema, v, where, base);
      if (bad) return bad;
    }
    if (kind === "object") {
      const bad = this.checkObject(schema, /** @type {Record<string, unknown>} */ (v), where, base);
      if (bad) return bad;
    }
    if (schema.oneOf) {
      const fits = schema.oneOf.filter((/** @type {Schema} */ s) => this.check(s, v, where, base) === null).length;
      if (fits !== 1) return `${where} fits ${fits} of the ${schema.oneOf.length} kinds it may be, not one`;
    }
    return null;
  }

  /**
   * @param {Schema} schema
   * @param {unknown[]} v
   * @param {string} where
   * @param {string} base
   * @returns {string|null}
   */
  checkArray(schema, v, where, base) {
    if (schema.maxItems !== undefined && v.length > schema.maxItems)
      return `${where} holds more than ${schema.maxItems} entries`;
    const prefix = schema.prefixItems || [];
    for (let i = 0; i < v.length; i++) {
      const sub = i < prefix.length ? prefix[i] : schema.items;
      if (sub === undefined) continue;
      const bad = this.check(sub, v[i], `${where}[${i}]`, base);
      if (bad) return bad;
    }
    return null;
  }

  /**
   * @param {Schema} schema
   * @param {Record<string, unknown>} v
   * @param {string} where
   * @param {string} base
   * @returns {string|null}
   */
  checkObject(schema, v, where, base) {
    const props = schema.properties || {};
    for (const name of schema.required || []) if (!Object.hasOwn(v, name)) return `${where} lacks its field ${name}`;
    for (const [name, value] of Object.entries(v)) {
      // own fields only: every object answers to "constructor", "__proto__"…
      if (Object.hasOwn(props, name)) {
        const bad = this.check(props[name], value, `${where}.${name}`, base);
        if (bad) return bad;
      } else if (schema.additionalProperties !== undefined) {
        const bad = this.check(schema.additionalProperties, value, `${where}.${name}`, base);
        if (bad) return bad.endsWith("is not allowed") ? `${where} has an unknown field ${name}` : bad;
      }
    }
    return null;
  }

  /**
   * A server's frame read into a message, or a ReadError saying what is wrong.
   * @param {unknown} data
   * @returns {import("../protocol").ServerMessage} (the schemas are made from the declarations protocol.d.ts is)
   */
  read(data) {
    if (typeof data !== "string") throw new ReadError("the server sent a frame that is not text");
    if (data.length > MAX_FRAME) throw new ReadError("the server sent a frame over 16 MB");
    /** @type {unknown} */
    let msg;
    try {
      msg = JSON.parse(data);
    } catch {
      throw new ReadError("the server sent a frame that is not JSON");
    }
    const twice = twiceKey(data);
    if (twice !== null)
      throw new ReadError(`the server sent a frame with the key ${JSON.stringify(twice).slice(0, 60)} twice in one object`);
    if (kindOf(msg) !== "object") throw new ReadError("the server sent something that is not a message");
    const m = /** @type {Record<string, any>} */ (msg);
    const name = `server.${m.type}.schema.json`;
    if (typeof m.type !== "string" || !Object.hasOwn(this.schemas, name))
      throw new ReadError(`the server sent a message of an unknown type ${String(m.type).slice(0, 40)}`);
    const bad = this.check(this.schemas[name], m, m.type, name);
    if (bad) throw new ReadError(`the server sent a ${m.type} message that is not as the protocol says: ${bad}`);
    return /** @type {import("../protocol").ServerMessage} */ (m);
  }
}

/**
 * The reader, with the schemas fetched from the server.
 * @returns {Promise<Reader>}
 */
export async function loadReader() {
  const answer = await fetch(new URL("schemas.json", import.meta.url));
  if (!answer.ok) throw new ReadError("the protocol's schemas could not be loaded");
  return new Reader(await answer.json());
}
