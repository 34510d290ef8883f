// Runs the page's strict reader (bigcity_desktop/web/static/reader.js) in
// node for tests/web/test_reader.py: the reader module's file:// URL is the
// first argument; stdin's first line is the schemas ({file name: schema}, as
// /static/schemas.json), each further line a JSON string holding one frame's
// text. Prints one line per frame: "ok", or "refused <why>".
import { readFileSync } from "node:fs";
import { createInterface } from "node:readline";

const url = process.argv[2];
let mod;
try {
  mod = await import(url);
} catch {
  // an older node that reads a .js outside a "type": "module" package as CommonJS
  const source = readFileSync(new URL(url), "utf-8");
  mod = await import("data:text/javascript;base64," + Buffer.from(source).toString("base64"));
}
const { Reader, ReadError } = mod;

let reader = null;
for await (const line of createInterface({ input: process.stdin, crlfDelay: Infinity })) {
  if (reader === null) {
    reader = new Reader(JSON.parse(line));
    continue;
  }
  const frame = JSON.parse(line);
  try {
    reader.read(frame);
    process.stdout.write("ok\n");
  } catch (e) {
    if (!(e instanceof ReadError)) throw e;
    process.stdout.write("refused " + e.message.replace(/\n/g, " ") + "\n");
  }
}
