// The page's player key: an Ed25519 key pair made by the browser (WebCrypto)
// the first time the page goes online, kept in this site's localStorage as
// the same code the app exports ("BCK1.<seed>.<public key>", the JWK's d and
// x), and proved on every connection: the server's welcome carries a
// challenge, the page signs "bigcity-identify-1", the Host it connected to
// and the challenge, joined by zero bytes (docs/PROTOCOL.md, "Player
// identity"). A browser without Ed25519 in WebCrypto plays without a key.

/** Where the key's code is kept (per site: each server is its own origin). */
const SLOT = "bigcity.player-key";
const CODE = /^BCK1\.([A-Za-z0-9_-]{43})\.([A-Za-z0-9_-]{43})$/;

/** @typedef {{player: string, code: string, key: CryptoKey}} PlayerKey */

/**
 * URL-safe base64 without padding.
 * @param {ArrayBuffer} buffer
 * @returns {string}
 */
function b64(buffer) {
  let text = "";
  for (const byte of new Uint8Array(buffer)) text += String.fromCharCode(byte);
  return btoa(text).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/**
 * The key of a code (a rejected promise when it is not one, or the halves do not belong together).
 * @param {string} text
 * @returns {Promise<PlayerKey>}
 */
export async function keyOfCode(text) {
  const code = text.replace(/\s+/g, "");
  const m = CODE.exec(code);
  if (!m) throw new Error("not a player key's code");
  const jwk = { kty: "OKP", crv: "Ed25519", d: m[1], x: m[2], ext: true };
  const key = await crypto.subtle.importKey("jwk", jwk, { name: "Ed25519" }, true, ["sign"]);
  // the public half must be the private half's: a test signature checked with it
  const pub = await crypto.subtle.importKey("jwk", { kty: "OKP", crv: "Ed25519", x: m[2] }, { name: "Ed25519" }, true, [
    "verify",
  ]);
  const probe = new TextEncoder().encode("bigcity-key-check");
  const sig = await crypto.subtle.sign({ name: "Ed25519" }, key, probe);
  if (!(await crypto.subtle.verify({ name: "Ed25519" }, pub, sig, probe))) throw new Error("a damaged player key");
  return { player: m[2], code, key };
}

/**
 * This browser's key for this site: the one kept, or a new one (kept at once).
 * @returns {Promise<PlayerKey|null>} null where the browser cannot sign with Ed25519
 */
export async function loadKey() {
  try {
    const kept = localStorage.getItem(SLOT);
    if (kept) return await keyOfCode(kept);
  } catch {
    // a damaged entry, or no storage: a new key below
  }
  try {
    const pair = /** @type {CryptoKeyPair} */ (await crypto.subtle.generateKey({ name: "Ed25519" }, true, ["sign", "verify"]));
    const jwk = await crypto.subtle.exportKey("jwk", pair.privateKey);
    const code = `BCK1.${jwk.d}.${jwk.x}`;
    try {
      localStorage.setItem(SLOT, code);
    } catch {
      // no storage: the key serves this page only
    }
    return { player: String(jwk.x), code, key: pair.privateKey };
  } catch {
    return null;
  }
}

/**
 * This site takes the key of `code` from now on.
 * @param {string} code
 * @returns {Promise<PlayerKey>}
 */
export async function useCode(code) {
  const key = await keyOfCode(code);
  localStorage.setItem(SLOT, key.code);
  return key;
}

/**
 * The signature of an identify message.
 * @param {PlayerKey} key
 * @param {string} host the Host the page's websocket went to (location.host)
 * @param {string} challenge the welcome's
 * @returns {Promise<string>}
 */
export async function prove(key, host, challenge) {
  const text = new TextEncoder().encode(`bigcity-identify-1\0${host.toLowerCase()}\0${challenge}`);
  return b64(await crypto.subtle.sign({ name: "Ed25519" }, key.key, text));
}
