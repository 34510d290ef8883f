// Deals anyone can verify (docs/PROTOCOL.md), checked by the page itself: the commitment (WebCrypto's SHA-256, or the
// one below on a plain-http page of another computer), the record's seed, and every card its seat was dealt and drew,
// replayed from the seed (pyrandom.js, engine/dealing.py's order). In the engine's sentences (engine/fairdeal.py).
// Loaded when a game ends (main.js); what the seat saw on the way is dealwatch.js's.

import { LOTS_BASE } from "./city.js";
import { PyRandom } from "./pyrandom.js";

/**
 * @typedef {import("../protocol").Action} Action
 * @typedef {{$msg: string, fields?: Record<string, unknown>}} Sentence
 * @typedef {{ok: boolean, reason: Sentence|null, cards?: boolean}} DealVerdict (cards false: the seed was checked, no card)
 * @typedef {import("./dealwatch.js").Sighting} Sighting
 * @typedef {{tiles: {shapes: Record<string, [number, number]>}, cards: {special: Record<string, string>},
 *   hand?: {start_stacks?: Record<string, number[]>}}} DeckData the rules' data a deal is made from
 */

const PREFIX = "bigcity-deal-v1";

/** @param {Uint8Array} bytes @returns {string} */
function hex(bytes) {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

// SHA-256's constants: the fractions of the first primes' cube and square roots (FIPS 180-4 4.2.2, 5.3.3; each
// thousands of ulps from a rounding edge, so any faithful Math.cbrt gives them)
/** @type {number[]} */
const PRIMES = [];
for (let n = 2; PRIMES.length < 64; n++) if (PRIMES.every((p) => n % p)) PRIMES.push(n);
/** @param {number} x */
const bits = (x) => ((x % 1) * 2 ** 32) >>> 0;
const K = Uint32Array.from(PRIMES, (p) => bits(Math.cbrt(p)));

/** SHA-256 (FIPS 180-4), for pages without WebCrypto. @param {Uint8Array} data @returns {Uint8Array} */
export function sha256(data) {
  const h = Uint32Array.from(PRIMES.slice(0, 8), (p) => bits(Math.sqrt(p)));
  const len = Math.ceil((data.length + 9) / 64) * 64;
  const m = new Uint8Array(len);
  m.set(data);
  m[data.length] = 0x80;
  new DataView(m.buffer).setUint32(len - 4, data.length * 8);
  const w = new Uint32Array(64);
  const rot = (/** @type {number} */ x, /** @type {number} */ n) => (x >>> n) | (x << (32 - n));
  for (let off = 0; off < len; off += 64) {
    const dv = new DataView(m.buffer, off, 64);
    for (let i = 0; i < 16; i++) w[i] = dv.getUint32(i * 4);
    for (let i = 16; i < 64; i++) {
      const s0 = rot(w[i - 15], 7) ^ rot(w[i - 15], 18) ^ (w[i - 15] >>> 3);
      const s1 = rot(w[i - 2], 17) ^ rot(w[i - 2], 19) ^ (w[i - 2] >>> 10);
      w[i] = (w[i - 16] + s0 + w[i - 7] + s1) >>> 0;
    }
    let [a, b, c, d, e, f, g, k] = h;
    for (let i = 0; i < 64; i++) {
      const t1 = (k + (rot(e, 6) ^ rot(e, 11) ^ rot(e, 25)) + ((e & f) ^ (~e & g)) + K[i] + w[i]) >>> 0;
      const t2 = ((rot(a, 2) ^ rot(a, 13) ^ rot(a, 22)) + ((a & b) ^ (a & c) ^ (b & c))) >>> 0;
      [k, g, f, e, d, c, b, a] = [g, f, e, (d + t1) >>> 0, c, b, a, (t1 + t2) >>> 0];
    }
    [a, b, c, d, e, f, g, k].forEach((v, i) => (h[i] = (h[i] + v) >>> 0));
  }
  const out = new Uint8Array(32);
  h.forEach((v, i) => new DataView(out.buffer).setUint32(i * 4, v));
  return out;
}

/** The commitment to a seed (in decimal): 64 hex digits. @param {string} seed @param {string} salt @returns {Promise<string>} */
export async function commitment(seed, salt) {
  const data = new TextEncoder().encode(`${PREFIX}:${seed}:${salt}`);
  const subtle = globalThis.crypto && globalThis.crypto.subtle;
  if (subtle) return hex(new Uint8Array(await subtle.digest("SHA-256", data)));
  return hex(sha256(data));
}

/** The record's seed's digits (it may pass 2^53). @param {string} record @returns {string|null} */
function recordSeed(record) {
  const m = /"seed":\s*(\d+)/.exec(record);
  return m ? m[1] : null;
}

/** @param {string} text @param {Record<string, unknown>} [fields] @returns {DealVerdict} */
const warn = (text, fields) => ({ ok: false, reason: { $msg: text, fields: fields || {} } });
/** @param {number[]} cards */
const cardList = (cards) => cards.join(", ") || "none";
/** @param {number[]} cards */
const sorted = (cards) => [...cards].sort((a, b) => a - b);

/**
 * The stacks as engine/dealing.py shuffles them (index = stack, top = last).
 * @param {DeckData} rules
 * @param {PyRandom} rng
 */
export function shuffledStacks(rules, rng) {
  const tiles = sorted(Object.keys(rules.tiles.shapes).map(Number));
  /** @type {number[][]} */
  const stacks = tiles.map(() => []);
  const special = Object.keys(rules.cards.special).map(Number);
  for (const t of tiles) {
    const [w, h] = rules.tiles.shapes[t];
    const cards = Array.from({ length: w * h }, (_, k) => t * LOTS_BASE + k + 1);
    cards.push(...special.filter((c) => Math.floor(c / LOTS_BASE) === t));
    rng.shuffle(cards);
    stacks[t] = cards;
  }
  return stacks;
}

/**
 * A seed's deal to `seat`, the card each move gave it, and the first move the stacks cannot follow.
 * @param {bigint} seed
 * @param {DeckData} rules
 * @param {number} players
 * @param {Action[]} actions the record's moves
 * @param {number[]} actors who made each (the view's `actors`)
 * @param {number} seat
 */
export function replayDeal(seed, rules, players, actions, actors, seat) {
  const stacks = shuffledStacks(rules, new PyRandom(seed));
  /** @type {number[]} */
  const hand = [];
  for (let p = 0; p < players; p++)
    for (const st of rules.hand?.start_stacks?.[players] || []) {
      const card = stacks[st]?.pop();
      if (card !== undefined && p === seat) hand.push(card);
    }
  /** @type {Map<number, number>} */
  const gains = new Map();
  const built = new Set();
  /** @type {Map<number, number[]>} */
  const offers = new Map();
  let broken = null;
  for (let i = 0; i < actions.length && broken === null; i++) {
    const a = actions[i];
    const mine = actors[i] === seat;
    let card;
    if (a.act === "build") a.properties.forEach((p) => built.add(p));
    else if (a.act === "exchange") {
      // back to the bottom of its stack, but a card whose property was built on is discarded
      for (const c of a.cards) if (!(c % LOTS_BASE && built.has(c))) (stacks[Math.floor(c / LOTS_BASE)] ||= []).unshift(c);
    } else if (a.act === "offer") offers.set(actors[i], a.cards);
    else if (a.act === "draw") card = stacks[a.stack]?.pop();
    else if (a.act === "take" && mine) card = offers.get(a.owner)?.[a.slot];
    else continue;
    if ((a.act === "draw" || a.act === "take") && card === undefined) broken = i;
    else if (card !== undefined && mine) gains.set(i, card);
  }
  return { hand: sorted(hand), gains, broken };
}

/**
 * Whether the replay gives every hand `seat` saw: the first (before its own first move and any building) is the
 * dealt hand; each later one the cards kept from the one before and those the replay gave (no other, after a gap).
 * @param {{hand: number[], gains: Map<number, number>}} replay
 * @param {Action[]} actions
 * @param {number[]} actors
 * @param {number} seat
 * @param {Sighting[]} sightings
 * @returns {DealVerdict|null} null: all agree
 */
function compareHands(replay, actions, actors, seat, sightings) {
  const changes = ["build", "exchange", "draw", "offer", "take"];
  /** @type {Sighting|null} */
  let before = null;
  for (const s of sightings) {
    const from = before ? before.moves : 0;
    let kept = before ? before.hand.filter((c) => s.hand.includes(c)) : [];
    /** @type {number[]} */
    const came = [];
    for (let i = from; i < s.moves; i++) if (replay.gains.has(i)) came.push(/** @type {number} */ (replay.gains.get(i)));
    let exact = before !== null && s.moves - from === 1;
    if (before === null) {
      exact = actions.slice(0, s.moves).every((a, i) => a.act !== "build" && !(actors[i] === seat && changes.includes(a.act)));
      kept = exact ? replay.hand : replay.hand.filter((c) => s.hand.includes(c));
    }
    const gives = sorted([...kept, ...came]);
    if (exact ? gives.join() !== s.hand.join() : !s.hand.every((c) => gives.includes(c)))
      return warn("after move {n} your hand held {seen}, but the revealed seed gives {replayed}", {
        n: s.moves,
        seen: cardList(s.hand),
        replayed: cardList(exact ? gives : gives.filter((c) => s.hand.includes(c) || came.includes(c))),
      });
    before = s;
  }
  return null;
}

/**
 * The page's verdict (engine/fairdeal.py's verify_deal): `promised` the table's first commitment, `seed` (decimal) and
 * `salt` revealed, the record's text, its rules, the last view's `actors`, and the page's seat (null: a spectator,
 * who checks the commitment and the record's seed only) with what it saw of its cards.
 * @param {string|null} promised @param {string|null|undefined} seed @param {string|null|undefined} salt
 * @param {string} record @param {DeckData|null} rules @param {number[]} actors @param {number|null} seat
 * @param {Sighting[]} sightings
 * @returns {Promise<DealVerdict>}
 */
export async function checkDeal(promised, seed, salt, record, rules, actors, seat, sightings) {
  if (!promised) return warn("the server sent no commitment to the deal when the game began");
  if (!seed || !salt) return warn("the server did not reveal the seed and salt of the deal");
  if ((await commitment(seed, salt)) !== promised) return warn("the revealed seed does not match the commitment sent when the game began");
  if (recordSeed(record) !== seed) return warn("the record's seed is not the revealed seed");
  // a spectator saw no hand; a seat whose rules did not load cannot deal: neither claims the cards
  if (seat === null || rules === null) return { ok: true, reason: null, cards: false };
  /** @type {{actions?: Action[], players?: unknown[]}} */
  const data = JSON.parse(record);
  const actions = data.actions || [];
  const replay = replayDeal(BigInt(seed), rules, (data.players || []).length, actions, actors, seat);
  const { broken } = replay;
  if (sightings.some((s) => s.moves > actions.length)) return warn("you saw moves the record does not hold");
  // as the app's replay: the hands seen up to a move the stacks cannot follow, then that move
  const hands = compareHands(replay, actions, actors, seat, sightings.filter((s) => broken === null || s.moves <= broken));
  if (hands) return hands;
  if (broken !== null) return warn("move {n} of the record cannot be played from the revealed seed", { n: broken + 1 });
  return { ok: true, reason: null };
}
