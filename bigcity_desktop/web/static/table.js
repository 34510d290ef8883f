// The table's modules, loaded together when the page first shows a game (a
// seat's or a spectator's view, a replay): the lobby and the join form need
// none of them. Every one is named here, those the three below import too,
// so the browser asks for them at once rather than one import after another.

import "./board.js";
import "./bubble.js";
import "./lotsaid.js";
import "./style.js";
import "./zoom.js";

export { renderGame, tickClocks } from "./panels.js";
export { keysGame } from "./keys.js";
export { Choosing } from "./moves.js";
