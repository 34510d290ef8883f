// Choosing a move from the view's `legal` list, a step at a time: a kind of
// move, then each of its choices (a piece, a neighborhood, a turn, a spot, a
// street, a stack, an offered card, a face), then its set of lots or cards.
// At each step the page lights the values some legal move still allows; a
// choice that completes a legal move is that move. Nothing here knows the
// rules: the server's list is the whole truth.

/**
 * @typedef {import("../protocol").LegalMove} LegalMove
 * @typedef {{move: LegalMove, fixed: [string, string][], set: string[]}} Shape
 * @typedef {{step: string, values: Set<string>, multi: boolean}} Ask
 */

/**
 * A move's steps: the fixed choices in the order asked, and its set.
 * @param {LegalMove} move
 * @returns {Shape}
 */
export function shapeOf(move) {
  const a = move.action;
  /** @type {[string, string][]} */
  let fixed = [];
  /** @type {string[]} */
  let set = [];
  switch (a.act) {
    case "build":
      fixed = [["piece", `${a.building}.${a.properties.length}`]];
      set = a.properties.map(String);
      break;
    case "tile":
      fixed = [["tile", String(a.number)], ["rotation", String(a.rotation ?? 0)], ["spot", `${a.x},${a.y}`]];
      break;
    case "streetcar":
      fixed = [["street", streetKey(a.street)]];
      break;
    case "exchange":
      set = a.cards.map(String);
      break;
    case "offer":
      fixed = [["face", a.face_up ? "up" : "down"]];
      set = a.cards.map(String);
      break;
    case "draw":
      fixed = [["stack", String(a.stack)]];
      break;
    case "take":
      fixed = [["slot", `${a.owner}.${a.slot}`]];
      break;
    default:
      break;
  }
  return { move, fixed, set };
}

/**
 * A street's key: its two cells, "x1,y1:x2,y2".
 * @param {number[][]} street
 * @returns {string}
 */
export function streetKey(street) {
  return street.map((c) => c.join(",")).join(":");
}

/**
 * @param {string[]} values
 * @returns {string}
 */
const bag = (values) => [...values].sort().join(" ");

/** The choices made so far, over the legal moves of one view. */
export class Choosing {
  /** @param {LegalMove[]} legal */
  constructor(legal) {
    /** @type {Shape[]} */
    this.shapes = legal.map(shapeOf);
    /** @type {string|null} */
    this.kind = null;
    /** @type {Map<string, string>} */
    this.fixed = new Map();
    /** @type {string[]} */
    this.set = [];
    const kinds = this.kinds();
    if (kinds.length === 1) this.choose(kinds[0]);
  }

  /** @returns {string[]} the kinds of move there are, in the order of the list */
  kinds() {
    return [...new Set(this.shapes.map((s) => String(s.move.action.act)))];
  }

  /** @param {string|null} kind */
  choose(kind) {
    this.kind = kind;
    this.fixed = new Map();
    this.set = [];
    this.autofill();
  }

  /** @returns {Shape[]} the moves the choices so far allow */
  candidates() {
    const chosen = this.set;
    return this.shapes.filter(
      (s) =>
        s.move.action.act === this.kind &&
        s.fixed.every(([k, v]) => !this.fixed.has(k) || this.fixed.get(k) === v) &&
        chosen.every((x) => s.set.includes(x)),
    );
  }

  /** @returns {Ask|null} the step asked now and the values lit, or null when nothing is left to choose */
  ask() {
    if (this.kind === null) return null;
    const cands = this.candidates();
    if (!cands.length) return null;
    for (const [step] of cands[0].fixed) {
      if (this.fixed.has(step)) continue;
      return { step, values: new Set(cands.map((s) => /** @type {string} */ (this.valueOf(s, step)))), multi: false };
    }
    /** @type {Set<string>} */
    const values = new Set();
    for (const s of cands) for (const x of s.set) if (!this.set.includes(x)) values.add(x);
    if (!values.size) return null;
    return { step: "set", values, multi: true };
  }

  /**
   * @param {Shape} s
   * @param {string} step
   * @returns {string|undefined}
   */
  valueOf(s, step) {
    const hit = s.fixed.find(([k]) => k === step);
    return hit ? hit[1] : undefined;
  }

  /** Steps with one value only are chosen at once (but the last, which plays);
   * a neighborhood's turn begins at its first allowed one (the Turn buttons change it). */
  autofill() {
    for (;;) {
      const asked = this.ask();
      if (asked === null || asked.multi) return;
      if (asked.step === "rotation") {
        this.fixed.set("rotation", [...asked.values].sort()[0]);
        continue;
      }
      if (asked.values.size !== 1) return;
      const cands = this.candidates();
      const last = cands[0].fixed[cands[0].fixed.length - 1][0] === asked.step && !cands[0].set.length;
      if (last) return;
      this.fixed.set(asked.step, [...asked.values][0]);
    }
  }

  /**
   * The values a step may take now, to be chosen (again) at any time: those
   * the choices before it allow in the kind being chosen, or, when that kind
   * has no such step, in every kind that has it (a tap on one switches kind).
   * @param {string} step
   * @returns {Set<string>}
   */
  offered(step) {
    const has = (/** @type {Shape} */ s) => s.fixed.some(([k]) => k === step);
    const mine = this.shapes.filter((s) => s.move.action.act === this.kind && has(s));
    /** @type {Set<string>} */
    const out = new Set();
    for (const s of mine.length ? mine : this.shapes.filter(has)) {
      const before = s.fixed.slice(0, s.fixed.findIndex(([k]) => k === step));
      if (mine.length && !before.every(([k, v]) => this.fixed.get(k) === v)) continue;
      out.add(/** @type {string} */ (this.valueOf(s, step)));
    }
    return out;
  }

  /**
   * A tap on a value: chosen in the kind being chosen, or the kind that has
   * that step chosen first (a piece tapped while drawing builds).
   * @param {string} step
   * @param {string} value
   * @returns {boolean} whether it was chosen
   */
  take(step, value) {
    if (step !== "set" && !this.shapes.some((s) => s.move.action.act === this.kind && s.fixed.some(([k]) => k === step))) {
      const other = this.shapes.find((s) => this.valueOf(s, step) === value);
      if (!other) return false;
      this.choose(String(other.move.action.act));
    }
    return this.pick(step, value);
  }

  /** @returns {LegalMove|null} the move the choices make when nothing is left to choose: played at once */
  ready() {
    const move = this.complete();
    return move && this.ask() === null ? move : null;
  }

  /**
   * A value of the step asked chosen (a lot or card of the set chosen
   * again is put back).
   * @param {string} step
   * @param {string} value
   * @returns {boolean} whether the value was one of those lit
   */
  pick(step, value) {
    if (step === "set" && this.set.includes(value)) {
      this.set = this.set.filter((x) => x !== value);
      return true;
    }
    const asked = this.ask();
    if (asked === null || asked.step !== step || !asked.values.has(value)) {
      // a fixed step chosen again (another piece, another turn): from there on
      const order = this.candidates()[0]?.fixed.map(([k]) => k) || [];
      const at = order.indexOf(step);
      if (at < 0 || step === "set") return false;
      const keep = new Map([...this.fixed].filter(([k]) => order.indexOf(k) < at));
      const trial = this.shapes.filter(
        (s) =>
          s.move.action.act === this.kind &&
          s.fixed.every(([k, v]) => !keep.has(k) || keep.get(k) === v) &&
          this.valueOf(s, step) === value,
      );
      if (!trial.length) return false;
      this.fixed = keep;
      this.set = [];
    }
    if (step === "set") this.set = [...this.set, value];
    else this.fixed.set(step, value);
    this.autofill();
    return true;
  }

  /** @returns {LegalMove|null} the legal move the choices make, if they make one */
  complete() {
    if (this.kind === null) return null;
    const want = bag(this.set);
    const hit = this.candidates().find(
      (s) => s.fixed.every(([k]) => this.fixed.has(k)) && bag(s.set) === want,
    );
    return hit ? hit.move : null;
  }

  /**
   * The legal move a lot would complete now (the preview of a drag over it), if any.
   * @param {string} value
   * @returns {LegalMove|null}
   */
  completedBy(value) {
    const asked = this.ask();
    if (asked === null || !asked.values.has(value)) return null;
    const before = [this.fixed, this.set];
    if (asked.step === "set") this.set = [...this.set, value];
    else this.fixed = new Map([...this.fixed, [asked.step, value]]);
    const move = this.complete();
    [this.fixed, this.set] = /** @type {[Map<string, string>, string[]]} */ (before);
    return move;
  }
}
