// The signals of a turn and of the end, for a player who looks elsewhere:
// the tab's title ("Your turn", "Game over") and its icon's badge, the
// app's two effects (scripts/make_sounds.py's "your_turn" chime and
// "game_end" cadence, played by the Web Audio API from the same recipe:
// no sound file is sent) when the player turns sound on, a notification
// when the tab is hidden (permission asked when the player sits down,
// never on load), and at the end the results brought into view.

import { t } from "./i18n.js";

/** @typedef {"" | "turn" | "over"} Moment */

/** The tab's icons: none, the turn's badge, the end's (static files). */
const ICONS = { "": "/static/icon.svg", turn: "/static/icon-turn.svg", over: "/static/icon-over.svg" };
const SOUND_KEY = "bigcity.sound";

/** Asks for the notifications' permission: call it from the click that sits the player down. */
export function askToNotify() {
  if (typeof Notification === "undefined" || Notification.permission !== "default") return;
  Notification.requestPermission().catch(() => undefined);
}

export class Signals {
  constructor() {
    /** @type {Moment} the moment signalled last */
    this.moment = "";
    this.sound = false;
    try {
      this.sound = localStorage.getItem(SOUND_KEY) === "on";
    } catch {
      this.sound = false;
    }
    /** @type {AudioContext|null} made at the first sound (a browser lets it play after a tap) */
    this.audio = null;
  }

  /** @param {boolean} on */
  setSound(on) {
    this.sound = on;
    try {
      localStorage.setItem(SOUND_KEY, on ? "on" : "off");
    } catch {
      // no storage: the choice lasts this page only
    }
    if (on) this.play("turn");
  }

  /**
   * After each render: the title and icon now, and a new moment signalled once.
   * @param {Moment} moment
   * @param {string} title the page's own title
   */
  update(moment, title) {
    const words = moment === "turn" ? t("your_turn") : moment === "over" ? t("game_over") : "";
    document.title = words ? `${words} · ${title}` : title;
    const icon = document.getElementById("icon");
    if (icon && icon.getAttribute("href") !== ICONS[moment]) icon.setAttribute("href", ICONS[moment]);
    if (moment === this.moment) return;
    this.moment = moment;
    if (!moment) return;
    if (this.sound) this.play(moment);
    if (document.visibilityState === "hidden") this.notify(words, title);
    if (moment === "over") {
      const end = document.getElementById("end");
      if (end) requestAnimationFrame(() => end.scrollIntoView({ block: "start", behavior: "smooth" }));
    }
  }

  /**
   * @param {string} words
   * @param {string} body
   */
  notify(words, body) {
    if (typeof Notification === "undefined" || Notification.permission !== "granted") return;
    try {
      const note = new Notification(words, { body, tag: "bigcity", icon: ICONS.turn });
      note.addEventListener("click", () => {
        window.focus();
        note.close();
      });
    } catch {
      // a browser that only notifies from a service worker: the title and icon still say it
    }
  }

  /**
   * The app's effect for a moment: soft mallet notes (a tuned bar's note,
   * its octave and its high partial, each dying away).
   * @param {"turn"|"over"} moment
   */
  play(moment) {
    try {
      this.audio ||= new AudioContext();
    } catch {
      return;
    }
    const ctx = this.audio;
    const out = ctx.createGain();
    out.gain.value = 0.25;
    out.connect(ctx.destination);
    const now = ctx.currentTime + 0.02;
    /**
     * @param {number} freq
     * @param {number} at seconds from now
     * @param {number} decay seconds to fall by e
     * @param {number} amp
     */
    const mallet = (freq, at, decay, amp) => {
      for (const [f, d, a] of [[1, 1, 1], [2, 0.5, 0.25], [3.93, 0.18, 0.1]]) {
        const osc = ctx.createOscillator();
        const gain = ctx.createGain();
        osc.frequency.value = freq * f;
        gain.gain.setValueAtTime(0, now + at);
        gain.gain.linearRampToValueAtTime(amp * a, now + at + 0.004);
        gain.gain.setTargetAtTime(0, now + at + 0.004, decay * d);
        osc.connect(gain).connect(out);
        osc.start(now + at);
        osc.stop(now + at + 1.2);
      }
    };
    /** @param {number} semitones from A4 */
    const note = (semitones) => 440 * 2 ** (semitones / 12);
    if (moment === "turn") {
      mallet(note(7), 0, 0.16, 0.6); // E5
      mallet(note(12), 0.15, 0.22, 0.6); // A5
    } else {
      // F major, G major, C major
      /** @type {[number, number[]][]} */
      const chords = [[0, [-4, 0, 3]], [0.22, [-2, 2, 5]], [0.44, [-5, -2, 3, 15]]];
      for (const [at, chord] of chords)
        chord.forEach((n, i) => mallet(note(n), at + 0.012 * i, at > 0.4 ? 0.35 : 0.12, at > 0.4 ? 0.3 : 0.24));
    }
  }
}
