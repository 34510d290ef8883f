// Deals anyone can verify (docs/PROTOCOL.md, "Deals anyone can verify"):
// the page checks, itself, that the seed and salt the server revealed at the
// end are those it committed to when the game began (SHA-256 of
// `bigcity-deal-v1:<seed>:<salt>`, by WebCrypto, or by the small SHA-256
// below where the browser offers no WebCrypto: a plain-http page of another
// computer), and that the record was dealt from that seed. Replaying every
// draw needs the rules engine, which the page does not hold: the app and
// Python clients (bigcity_desktop/engine/fairdeal.py) check that too.

const PREFIX = "bigcity-deal-v1";

/** @param {Uint8Array} bytes @returns {string} */
function hex(bytes) {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

const K = Uint32Array.from(
  "428a2f98 71374491 b5c0fbcf e9b5dba5 3956c25b 59f111f1 923f82a4 ab1c5ed5 d807aa98 12835b01 243185be 550c7dc3 72be5d74 80deb1fe 9bdc06a7 c19bf174 e49b69c1 efbe4786 0fc19dc6 240ca1cc 2de92c6f 4a7484aa 5cb0a9dc 76f988da 983e5152 a831c66d b00327c8 bf597fc7 c6e00bf3 d5a79147 06ca6351 14292967 27b70a85 2e1b2138 4d2c6dfc 53380d13 650a7354 766a0abb 81c2c92e 92722c85 a2bfe8a1 a81a664b c24b8b70 c76c51a3 d192e819 d6990624 f40e3585 106aa070 19a4c116 1e376c08 2748774c 34b0bcb5 391c0cb3 4ed8aa4a 5b9cca4f 682e6ff3 748f82ee 78a5636f 84c87814 8cc70208 90befffa a4506ceb bef9a3f7 c67178f2"
    .split(" ")
    .map((w) => parseInt(w, 16)),
);

/**
 * SHA-256 in plain JavaScript (FIPS 180-4), for pages without WebCrypto.
 * @param {Uint8Array} data
 * @returns {Uint8Array}
 */
export function sha256(data) {
  const h = Uint32Array.from([0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19]);
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

/**
 * The commitment to a seed: 64 hex digits.
 * @param {string} seed the seed in decimal (text: a seed may pass 2^53)
 * @param {string} salt
 * @returns {Promise<string>}
 */
export async function commitment(seed, salt) {
  const data = new TextEncoder().encode(`${PREFIX}:${seed}:${salt}`);
  const subtle = globalThis.crypto && globalThis.crypto.subtle;
  if (subtle) return hex(new Uint8Array(await subtle.digest("SHA-256", data)));
  return hex(sha256(data));
}

/**
 * The record's seed as written (its digits: a seed may pass what a JavaScript number holds exactly).
 * @param {string} record
 * @returns {string|null}
 */
function recordSeed(record) {
  const m = /"seed":\s*(\d+)/.exec(record);
  return m ? m[1] : null;
}

/**
 * The page's verdict: a word of words.json for what was checked.
 * @param {string|null} promised the first commitment the table sent
 * @param {string|null|undefined} seed revealed, in decimal
 * @param {string|null|undefined} salt revealed
 * @param {string} record the record's text
 * @returns {Promise<string>} "deal_verified", "deal_forged", "deal_record_seed" or "deal_unverified"
 */
export async function checkDeal(promised, seed, salt, record) {
  if (!promised || !seed || !salt) return "deal_unverified";
  if ((await commitment(seed, salt)) !== promised) return "deal_forged";
  if (recordSeed(record) !== seed) return "deal_record_seed";
  return "deal_verified";
}
