// What one seat saw of its own cards, from every view (engine/fairdeal.py's
// DealWatch): kept from the first view, read by the deal's check at the end
// (fairdeal.js, loaded then).

/** @typedef {{moves: number, hand: number[]}} Sighting its hand (sorted) after `moves` actions */

/** What one seat saw of its own cards, a sighting each time its hand changed. */
export class DealWatch {
  constructor() {
    /** @type {Sighting[]} */
    this.sightings = [];
  }

  /** @param {import("../protocol").View} view */
  saw(view) {
    if (!(view.viewer >= 0 && view.viewer < view.hands.length)) return;
    const moves = (view.history_from ?? 0) + view.history.length;
    const s = this.sightings;
    while (s.length && s[s.length - 1].moves > moves) s.pop();
    const hand = [...view.hands[view.viewer]].sort((a, b) => a - b);
    const last = s[s.length - 1];
    if (last && last.hand.join() === hand.join()) return;
    if (last && last.moves === moves) s.pop();
    s.push({ moves, hand });
  }
}
