// The board's zoom and pan, for fingers and a mouse alike. The board's SVG
// sits in a scrolling viewport (#board): its size in pixels is its viewBox
// times the scale, so the browser's own scrolling pans it and a lit lot out
// of sight is scrolled to as any element is. One finger (or the mouse)
// drags to pan, two fingers pinch, Ctrl+wheel and the + / − / fit buttons
// zoom. When a move asks for a place on the board (lots, a street, a spot),
// the board zooms so that every lit target is at least TARGET pixels wide
// and centres on them: a finger's width, and the buildings' labels readable.
// At rest (nothing lit) the board fits the viewport, but never so small that
// a building's label is under READABLE pixels: a big city is then shown at
// that size and panned. When the viewport changes size (a phone turned, a
// window resized) the zoom the page chose is chosen again for the new size.

/** The smallest lit target on the board, in CSS pixels (WCAG 2.5.5, Apple's and Google's guides). */
export const TARGET = 44;
/** The smallest lit target's side in scene units: a lot (CELL 64 less twice LOT_INSET 4). */
const TARGET_UNITS = 56;
/** The least the board zooms to what it lights: a building's name (12 units) 10.8 px high, a lot 50 px wide. */
const READ_SCALE = 0.9;
/** The least height of a building's label at rest, in CSS pixels ("readable"). */
export const READABLE = 9;
/** A building's label's height in scene units (.blabel's font-size in page.css). */
const LABEL_UNITS = 12;
/** A move past this many pixels is a pan, not a tap. */
const SLOP = 8;
const MIN_SCALE = 0.15;
const MAX_SCALE = 3;
/** The steps the buttons zoom by. */
const STEP = 1.25;
/** The most the board zooms by itself to a few lit targets. */
const FOCUS_MOST = 1.1;

/** The board's viewport: its scale, what it centres, and the gestures on it. */
export class BoardZoom {
  /** @param {HTMLElement} port the scrolling viewport (#board) */
  constructor(port) {
    this.port = port;
    /** @type {number|null} pixels per scene unit; null: fit the whole board */
    this.scale = null;
    /** @type {[number, number, number, number]|null} the viewBox drawn last */
    this.box = null;
    /** @type {string} what was lit when the board last zoomed to it */
    this.litKey = "";
    /** @type {Map<number, {x: number, y: number}>} the pointers down on the board */
    this.pointers = new Map();
    /** @type {{x: number, y: number, left: number, top: number, dist: number, scale: number}|null} */
    this.gesture = null;
    this.moved = false;
    /** whether the scale is the one the board chose for what it lit (not the player's) */
    this.auto = false;
    /** whether the player asked for the whole board (the fit button), labels however small */
    this.whole = false;
    /** @type {[number, number, number]} the viewport's size and the scale when the board was last sized */
    this.size = [0, 0, 1];
    this.wire();
  }

  /** @returns {number} the scale that shows the whole board */
  fitScale() {
    if (!this.box) return 1;
    const w = this.port.clientWidth || 1;
    const h = this.port.clientHeight || 1;
    return Math.min(w / this.box[2], h / this.box[3]);
  }

  /**
   * The scale at rest: the whole board, but the buildings' labels at least
   * READABLE pixels high when any stands (a big city is panned, not shrunk).
   * @returns {number}
   */
  restScale() {
    const fit = this.fitScale();
    if (this.whole || !this.port.querySelector(".blabel")) return fit;
    return Math.max(fit, READABLE / LABEL_UNITS);
  }

  /** @returns {number} the scale in use */
  current() {
    return this.scale === null ? this.restScale() : this.scale;
  }

  /**
   * A new board drawn into the viewport: sized at the scale in use, the
   * same scene point kept at the centre (a grown city does not jump), and
   * when the board lights something new, zoomed to it.
   * @param {SVGSVGElement} board
   */
  show(board) {
    const [bx, by, bw, bh] = /** @type {[number, number, number, number]} */ (
      (board.getAttribute("viewBox") || "0 0 1 1").split(" ").map(Number)
    );
    const centre = this.box ? this.centre() : null;
    this.box = [bx, by, bw, bh];
    this.port.replaceChildren(board);
    this.apply(centre);
    const lit = [...board.querySelectorAll(".lit")];
    const key = lit.map((e) => e.getAttribute("data-lot") || e.getAttribute("data-street") || e.getAttribute("data-spot")).join(" ");
    if (key !== this.litKey) {
      this.litKey = key;
      if (lit.length) this.focus(/** @type {SVGGraphicsElement[]} */ (lit));
      else if (this.auto) this.rest(); // the move made: the whole city again (readable), unless the player zoomed
    }
  }

  /** @returns {[number, number]} the scene point at the viewport's centre */
  centre() {
    const s = this.current();
    const [bx, by] = /** @type {[number, number, number, number]} */ (this.box);
    return [bx + (this.port.scrollLeft + this.port.clientWidth / 2) / s, by + (this.port.scrollTop + this.port.clientHeight / 2) / s];
  }

  /**
   * The board's size at the scale in use, and a scene point scrolled to the centre.
   * @param {[number, number]|null} centre
   */
  apply(centre) {
    const board = this.port.firstElementChild;
    if (!(board instanceof SVGSVGElement) || !this.box) return;
    const s = this.current();
    const [bx, by, bw, bh] = this.box;
    this.size = [this.port.clientWidth, this.port.clientHeight, s];
    board.style.width = `${Math.round(bw * s)}px`;
    board.style.height = `${Math.round(bh * s)}px`;
    this.port.dataset.zoom = this.scale === null ? "fit" : String(Math.round(s * 100) / 100);
    if (centre) {
      this.port.scrollLeft = (centre[0] - bx) * s - this.port.clientWidth / 2;
      this.port.scrollTop = (centre[1] - by) * s - this.port.clientHeight / 2;
    }
  }

  /**
   * Zoomed so every lit target is a finger wide, all of them in view if
   * they fit, centred on them.
   * @param {SVGGraphicsElement[]} lit
   */
  focus(lit) {
    let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity];
    let smallest = Infinity;
    for (const e of lit) {
      const b = e.getBBox();
      x0 = Math.min(x0, b.x);
      y0 = Math.min(y0, b.y);
      x1 = Math.max(x1, b.x + b.width);
      y1 = Math.max(y1, b.y + b.height);
      smallest = Math.min(smallest, b.width, b.height);
    }
    const need = Math.max(READ_SCALE, TARGET / Math.min(smallest, TARGET_UNITS) + 0.01);
    const all = Math.min(this.port.clientWidth / (x1 - x0 + 32), this.port.clientHeight / (y1 - y0 + 32));
    const s = Math.max(need, Math.min(all, FOCUS_MOST));
    this.scale = s <= this.fitScale() ? null : s;
    this.whole = false;
    this.auto = true;
    this.apply([(x0 + x1) / 2, (y0 + y1) / 2]);
  }

  /**
   * Zoomed by a factor about a point of the viewport (its centre by default).
   * @param {number} factor
   * @param {number} [px] the point's x in the viewport, pixels
   * @param {number} [py]
   */
  zoomBy(factor, px = this.port.clientWidth / 2, py = this.port.clientHeight / 2) {
    if (!this.box) return;
    const s = this.current();
    const [bx, by] = this.box;
    const at = [bx + (this.port.scrollLeft + px) / s, by + (this.port.scrollTop + py) / s];
    const next = Math.min(MAX_SCALE, Math.max(Math.min(MIN_SCALE, this.fitScale()), s * factor));
    this.scale = next <= this.fitScale() ? null : next;
    this.whole = this.scale === null; // zoomed out to the whole board: the player's choice
    this.auto = false;
    const n = this.current();
    this.apply(null);
    this.port.scrollLeft = (at[0] - bx) * n - px;
    this.port.scrollTop = (at[1] - by) * n - py;
  }

  /** The whole board in view (the fit button: the player's choice, labels however small). */
  fit() {
    this.scale = null;
    this.whole = true;
    this.auto = false;
    this.apply(null);
  }

  /** At rest after a move: the page's resting zoom (the whole board, its labels readable), unless the player zoomed. */
  rest() {
    this.scale = null;
    this.whole = false;
    this.auto = false;
    this.apply(this.box ? this.centre() : null);
  }

  /**
   * The viewport changed size (a phone turned, a window resized): the zoom the
   * page chose is chosen again for it (what is lit a finger wide and in view,
   * else the resting zoom); a zoom the player chose stays, about the same centre.
   */
  resized() {
    const [w, h, s] = this.size;
    if (!this.box || (this.port.clientWidth === w && this.port.clientHeight === h)) return;
    // the scene point that was at the centre of the viewport as it was
    const [bx, by] = this.box;
    /** @type {[number, number]|null} */
    const centre = w ? [bx + (this.port.scrollLeft + w / 2) / s, by + (this.port.scrollTop + h / 2) / s] : null;
    const lit = [...this.port.querySelectorAll(".lit")];
    if (this.auto && lit.length) this.focus(/** @type {SVGGraphicsElement[]} */ (lit));
    else this.apply(centre);
  }

  /** A drag pans, two fingers pinch, Ctrl+wheel zooms; a tap stays a click. */
  wire() {
    const port = this.port;
    port.addEventListener("pointerdown", (event) => {
      if (event.button !== 0) return;
      this.pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
      if (this.pointers.size === 1) this.moved = false;
      this.begin();
    });
    port.addEventListener("pointermove", (event) => {
      const p = this.pointers.get(event.pointerId);
      if (!p || !this.gesture) return;
      p.x = event.clientX;
      p.y = event.clientY;
      const [mx, my, dist] = this.spread();
      const g = this.gesture;
      if (!this.moved && Math.hypot(mx - g.x, my - g.y) < SLOP && Math.abs(dist - g.dist) < SLOP) return;
      if (!this.moved && event.isTrusted) port.setPointerCapture(event.pointerId); // the drag goes on outside the board
      this.moved = true;
      if (this.pointers.size >= 2 && g.dist > 0) {
        const r = port.getBoundingClientRect();
        this.scale = g.scale;
        port.scrollLeft = g.left;
        port.scrollTop = g.top;
        this.zoomBy(dist / g.dist, g.x - r.left, g.y - r.top);
        port.scrollLeft -= mx - g.x;
        port.scrollTop -= my - g.y;
      } else {
        port.scrollLeft = g.left - (mx - g.x);
        port.scrollTop = g.top - (my - g.y);
      }
    });
    const up = (/** @type {PointerEvent} */ event) => {
      if (!this.pointers.delete(event.pointerId)) return;
      this.begin();
    };
    port.addEventListener("pointerup", up);
    port.addEventListener("pointercancel", up);
    // a pan or a pinch is no tap: its click goes nowhere
    port.addEventListener(
      "click",
      (event) => {
        if (!this.moved) return;
        this.moved = false;
        event.stopPropagation();
        event.preventDefault();
      },
      true,
    );
    port.addEventListener(
      "wheel",
      (event) => {
        if (!event.ctrlKey) return;
        event.preventDefault();
        const r = port.getBoundingClientRect();
        this.zoomBy(event.deltaY < 0 ? 1.1 : 1 / 1.1, event.clientX - r.left, event.clientY - r.top);
      },
      { passive: false },
    );
    new ResizeObserver(() => this.resized()).observe(port);
  }

  /** A gesture begins (again) from where the pointers are now. */
  begin() {
    if (!this.pointers.size) {
      this.gesture = null;
      return;
    }
    const [x, y, dist] = this.spread();
    this.gesture = { x, y, dist, left: this.port.scrollLeft, top: this.port.scrollTop, scale: this.current() };
  }

  /** @returns {[number, number, number]} the pointers' midpoint and their distance apart */
  spread() {
    const ps = [...this.pointers.values()];
    const mx = ps.reduce((a, p) => a + p.x, 0) / ps.length;
    const my = ps.reduce((a, p) => a + p.y, 0) / ps.length;
    const dist = ps.length >= 2 ? Math.hypot(ps[0].x - ps[1].x, ps[0].y - ps[1].y) : 0;
    return [mx, my, dist];
  }
}

/** The + / − / fit buttons (their words are the page's). @typedef {{zoomIn: string, zoomOut: string, fit: string}} Labels */

/**
 * The zoom buttons for a board.
 * @param {BoardZoom} zoom
 * @param {Labels} labels
 * @returns {HTMLElement}
 */
export function zoomButtons(zoom, labels) {
  const bar = document.createElement("div");
  bar.className = "zoombar";
  /** @type {[string, string, () => void][]} */
  const buttons = [
    ["+", labels.zoomIn, () => zoom.zoomBy(STEP)],
    ["−", labels.zoomOut, () => zoom.zoomBy(1 / STEP)],
    ["⤢", labels.fit, () => zoom.fit()],
  ];
  for (const [text, label, act] of buttons) {
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = text;
    b.setAttribute("aria-label", label);
    b.title = label;
    b.dataset.zoom = text === "+" ? "in" : text === "⤢" ? "fit" : "out";
    b.addEventListener("click", act);
    bar.append(b);
  }
  return bar;
}
