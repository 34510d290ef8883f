// The table protocol's types for the browser page, made by scripts/protocol.py (`make protocol`) from net/protocol.py and net/shapes.py: do not edit.

export interface TileAction {
  act: "tile";
  number: number;
  x: number;
  y: number;
  rotation?: number;
}

export interface BuildAction {
  act: "build";
  building: string;
  properties: number[];
}

export interface StreetcarAction {
  act: "streetcar";
  street: [[number, number], [number, number]];
}

export interface StopAction {
  act: "stop";
}

export interface ExchangeAction {
  act: "exchange";
  cards: number[];
}

export interface PassAction {
  act: "pass";
}

export interface DrawAction {
  act: "draw";
  stack: number;
}

export interface OfferAction {
  act: "offer";
  cards: number[];
  face_up: boolean;
}

export interface TakeAction {
  act: "take";
  owner: number;
  slot: number;
}

/** An action of either edition. */
export type Action = TileAction | BuildAction | StreetcarAction | StopAction | ExchangeAction | PassAction | DrawAction | OfferAction | TakeAction;

/** A seat's view (engine/viewjson.py), whole, or a delta with `since`. Every entry is written, always; only `rules` (house rules, or a bundled table asked for), `since` (a delta), `events_from`, `history_from` and `scores_from` (0) may be left out. */
export interface View {
  format: "bigcity-view";
  version: 1;
  edition: string;
  rules_digest: string;
  viewer: number;
  hands: number[][];
  names: string[];
  city: CityJson;
  stacks: number[];
  discard: number[];
  scores: number[];
  arrival: number[];
  arrival_counter: number;
  first_player: number;
  start_player: number;
  round: number;
  turn_index: number;
  turn_player: number;
  current: number;
  phase: "setup" | "action" | "streetcar" | "exchange_draw" | "refill" | "offer" | "take" | "over";
  city_hall_turn: number | null;
  city_hall_value: number;
  drawn_from: [number, number][];
  draw_cap: number;
  draws_left: number;
  streetcars_this_action: number;
  streetcar_limit: number;
  action_kind: ("neighborhood" | "build" | "park_factory" | "streetcar" | "stop" | "exchange" | "pass" | "draw" | "offer" | "take") | null;
  passes_in_row: number;
  round_passive: boolean;
  offer_queue: number[];
  pick_queue: [number, number][];
  end_reason: (string | Sentence) | null;
  setup_tiles: number[];
  setup_order: number[];
  start_city: number[][] | null;
  offers: [number, OfferJson][];
  actors: number[];
  events: EventJson[];
  score_history: [number, number[]][];
  history: Action[];
  rules?: Record<string, unknown>;
  since?: Since;
  /** a whole view's: the log's events before its first in `events` (fetched with `log`) */
  events_from?: number;
  /** a whole view's: the actions before its first in `history` (and `actors`), counted only */
  history_from?: number;
  /** a whole view's: the entries of the score history before its first in `score_history` */
  scores_from?: number;
}

/** A table as one seat's screen shows it (bigcity_desktop/present): the view message's `presented`. `board` and `tiles` are left out of a delta that lays no neighborhood: they are those of the view before. */
export interface Presented {
  players: PlayerRow[];
  supply: SupplyRow[];
  tiles?: TileToCome[];
  board?: BoardJson;
  /** [lots, sentence]: each building's lots and what stands there (present/lots.py) */
  built?: ([number[], string | Sentence])[];
}

/** One seat of a table being created: a human's or a bot's (with its level). */
export interface SeatSpec {
  kind: string;
  level?: string | null;
}

/** A player's rating in one edition. */
export interface RatingInfo {
  edition: string;
  rating: number;
  provisional: boolean;
  games: number;
}

/** A table as the lobby lists it. */
export interface TableInfo {
  id: string;
  title: string;
  edition: string;
  rules_title: string;
  rules_digest: string;
  status: string;
  host: number;
  seats: SeatInfo[];
  spectators: number;
  moves: number;
  turn: number | null;
  public?: boolean;
  /** SHA-256 of `bigcity-deal-v1:<seed>:<salt>`, sent once the game has begun (see "Deals anyone can verify") */
  deal_commitment?: string | null;
  rated?: boolean;
  min_finished?: number | null;
  /** the time control (`5+20`, `10+30`); null: no clock */
  clock?: string | null;
  /** each seat's seconds left when this was sent; the clock of `turn` runs */
  clock_left?: number[] | null;
  /** the seats whose clock ran out (a bot took them; for ratings, last) */
  timed_out?: number[];
  /** every connected player agreed to pause: clocks stopped, moves refused */
  paused?: boolean;
  /** the seats that asked or agreed to pause, until it does */
  pause_asked?: number[];
}

/** One seat as everyone at the table sees it. */
export interface SeatInfo {
  seat: number;
  kind: string;
  level: string | null;
  name: string | null;
  connected: boolean;
  away?: number | null;
  bot_after?: number | null;
  player?: string | null;
  /** the rating in the table's edition (a bot's: its level's anchor) */
  rating?: number | null;
  provisional?: boolean;
  /** share of the player's started games they finished */
  finished?: number | null;
  /** share of started games finished without the clock running out */
  in_time?: number | null;
}

/** One legal move of the seat to move, as its view message lists them (net/legal.py). `points`: for a building, what it would score its builder now (the page's score preview); absent for other moves. `why`: how that score comes about, when it is more than the building's base. `where`: for a neighborhood, its spot in words (present/lots.py). */
export interface LegalMove {
  action: Action;
  points?: number | null;
  why?: ScoreWhy | null;
  where?: string | Sentence;
}

/** How a building's score comes about (present/preview.py, the app's score bubble): `(base + the parts) × multiplier`, the multiplier for the reasons `because`. */
export interface ScoreWhy {
  base: number;
  add: ScorePart[];
  multiplier: number;
  because: string[];
}

/** A modifier that counted in a building's score: `points` in all, for `count` neighbours of the kind `because` names when it counts them. */
export interface ScorePart {
  points: number;
  because: string;
  count?: number | null;
}

/** An engine sentence: its English template and its fields (the page translates it). */
export interface Sentence {
  $msg: string;
  fields: Record<string, unknown>;
}

/** One line of a ranking. */
export interface RankedPlayer {
  player: string;
  name: string;
  rating: number;
  provisional: boolean;
  games: number;
  finished: number | null;
}

/** A finished game in a list. */
export interface GameSummary {
  game: string;
  edition: string;
  rated: boolean;
  /** seconds since 1970-01-01 UTC */
  ended: number;
  seats: SeatResultInfo[];
}

/** One seat of a finished game: who, their score and place, and (rated games) the rating they had after it. */
export interface SeatResultInfo {
  seat: number;
  name: string;
  player: string | null;
  level: string | null;
  score: number;
  place: number;
  finished: boolean;
  shown: number | null;
}

/** The city: tiles as `[number, x, y, rotation]`, buildings, streetcars as two corners. */
export interface CityJson {
  tiles: [number, number, number, number][];
  buildings: Building[];
  streetcars: [[number, number], [number, number]][];
}

export interface Building {
  type: string;
  variant: string;
  properties: number[];
  owner: number | null;
  score: number;
  breakdown: Record<string, unknown> | null;
}

/** An offer in the redevelopment: its cards (as the viewer may see them), face up or down, who took each. */
export interface OfferJson {
  cards: number[];
  face_up: boolean;
  taken: (number | null)[];
}

/** A line of the log. */
export interface EventJson {
  round: number;
  turn: number;
  player: number | null;
  kind: "start" | "round" | "neighborhood" | "build" | "streetcar" | "exchange" | "useless" | "pass" | "draw" | "offer" | "take" | "redevelopment" | "end";
  text: string | Sentence;
  extra: Record<string, unknown>;
}

/** Where a delta's growing lists continue (engine/viewjson.py LogMark). */
export interface Since {
  history: number;
  events: number;
  scores: number;
  tiles: number;
  buildings: number;
  streetcars: number;
}

/** A player's row: who (a bot with its level), the score, the hand's size and its cards' stacks, the buildings laid. */
export interface PlayerRow {
  seat: number;
  name: string;
  kind: "human" | "bot" | "scripted";
  level: string | null;
  score: number;
  hand: number;
  stacks: number[];
  built: number;
  current: boolean;
  last_move: LastMove | null;
}

/** A player's last move in the log: its round, its kind of log line and its sentence. */
export interface LastMove {
  round: number;
  kind: string;
  text: string | Sentence;
}

/** A piece of the supply: how many are left of how many, its base value, its card (parks and factories), closed before City Hall, and whether the seat to move can build it now (`buildable`). */
export interface SupplyRow {
  type: string;
  variant: string;
  size: number;
  left: number;
  count: number;
  base: number;
  with_card: boolean;
  card: number | null;
  closed: boolean;
  buildable: boolean;
}

/** A neighborhood still to come (or one of the starting ones to lay now: `setup`). */
export interface TileToCome {
  number: number;
  name: string;
  width: number;
  height: number;
  setup: boolean;
  /** per quarter turn 0..3: [lot, x, y] of each lot, the tile's corner at (0, 0) */
  turns: [[number, number, number][], [number, number, number][], [number, number, number][], [number, number, number][]];
}

/** The board's geometry: the neighborhoods laid, the lots, the holes and the box around them. */
export interface BoardJson {
  /** [number, x, y, rotation, width, height]: each neighborhood laid, its footprint as turned */
  tiles: [number, number, number, number, number, number][];
  /** [lot, x, y, neighborhood, outskirts] */
  lots: [number, number, number, number, boolean][];
  /** empty cells enclosed by the city (city centre) */
  holes: [number, number][];
  /** x0, y0, x1, y1: the city's cells, one cell wider on each side */
  box: [number, number, number, number];
  /** each lot's place in words, in the order of `lots` (present/lots.py) */
  places?: (string | Sentence)[];
}

/** Must be the first message; answered `welcome`. */
export interface Hello {
  type: "hello";
  protocol: number;
  client: string;
  /** true: the client has the rules engine (the app) and works out the legal moves and the table presented itself: its views carry neither `legal` nor `presented` */
  own_engine?: boolean;
}

/** Answered `lobby` with the public tables; with `table` and its `invite`, that (private) table too. */
export interface ListTables {
  type: "list";
  id?: number | null;
  table?: string | null;
  /** the table's invitation secret (the part after `#` of its link) */
  invite?: string | null;
}

/** A new table: `edition` names a bundled edition, **or** `rules` holds a house-rules file's text (exactly one of the two). The sender takes its first human seat and is its **host**; answered `seated` and `table`. */
export interface CreateTable {
  type: "create";
  name: string;
  /** 2–5 seats as the rules allow: `{"kind": "human"}` or `{"kind": "bot", "level": …}` */
  seats: SeatSpec[];
  /** `original` or `jumbo` */
  edition?: string | null;
  /** a whole house-rules file, format `bigcity-rules` */
  rules?: string | null;
  title?: string | null;
  id?: number | null;
  /** listed for everyone (true), or entered only with its invitation secret (false); absent: the server's policy */
  public?: boolean | null;
  /** the result changes the players' ratings (a bundled edition; identified players only) */
  rated?: boolean | null;
  /** only players who finished at least this share of their games may join (identified) */
  min_finished?: number | null;
  /** a time control, `5+20` or `10+30` (minutes + seconds a turn); absent: none */
  clock?: string | null;
}

/** Quick match on a `--public` server: a seat at a waiting public table of `edition` for `players` (rated or not) whose players' ratings are near the sender's, or a new one; answered `seated`. The server fills the seats still empty after its wait with bots of a level near the table's rating and starts the game (at once when the people fill it). */
export interface PlayNow {
  type: "play_now";
  name: string;
  /** the table's size, 2–5 as the edition allows */
  players: number;
  /** `original` or `jumbo` */
  edition?: string;
  /** a rated table (identified players only; it needs a `clock`) */
  rated?: boolean;
  id?: number | null;
  /** a time control, `5+20` or `10+30`; absent: none (unrated only) */
  clock?: string | null;
}

/** A word to the server's operator about a seat's player at the sender's table (a log line and a line of the data folder's reports.jsonl); not answered unless refused. */
export interface Report {
  type: "report";
  /** the reported player's seat at the sender's table */
  seat: number;
  /** what happened, in the reporter's words */
  reason: string;
  id?: number | null;
}

/** A free human seat of a table that has not started; answered `seated`. `invite`: the table's invitation secret (a private table's is needed). */
export interface Join {
  type: "join";
  table: string;
  name: string;
  seat?: number | null;
  id?: number | null;
  invite?: string | null;
}

/** Back to one's seat (after a drop, or another day); answered `seated`, `table`, recent `chat`, a whole `view` (and `game_over` if it ended). */
export interface Rejoin {
  type: "rejoin";
  table: string;
  seat: number;
  /** the seat's token; null: the seat of the player this connection identified as */
  token: string | null;
  id?: number | null;
}

/** Proves the sender's player key (after `welcome`, before taking a seat); answered `identified`. `signature`: Ed25519 over `bigcity-identify-1`, the `Host` the client connected to and the welcome's `challenge`, joined by zero bytes (see "Player identity"). */
export interface Identify {
  type: "identify";
  /** the public key */
  player: string;
  signature: string;
  /** the display name asked for */
  name: string;
  id?: number | null;
}

/** Watch a table: the public view only. `invite` as for `join`. */
export interface Spectate {
  type: "spectate";
  table: string;
  id?: number | null;
  invite?: string | null;
}

/** Off the table; before the start the seat becomes free (a leaving host hands the host role to the next player, or the table closes); after the start the seat waits for its player as after a drop, or with `bot` goes at once to a bot of that level. */
export interface Leave {
  type: "leave";
  id?: number | null;
  /** a bot level: a game under way goes on with a bot of it in the leaver's seat (host or not) */
  bot?: string | null;
}

/** Host only, when every seat is taken: deals the game. */
export interface Start {
  type: "start";
  id?: number | null;
}

/** A line to everyone at the table (cleaned and cut to 300 characters). */
export interface Chat {
  type: "chat";
  text: string;
  id?: number | null;
}

/** Plays a move for the sender's seat, on the view with `at` actions in its history (a move made on an older view is refused, never misplayed). */
export interface Act {
  type: "act";
  /** see "Actions" below */
  action: Action;
  /** the number of actions in the history of the view the move was chosen on */
  at: number;
  /** if given, must be the sender's */
  seat?: number | null;
  id?: number | null;
}

/** A player whose clock ran out takes their seat back from the bot (one turn's increment on their clock); answered with a `table` update. */
export interface TakeSeat {
  type: "take_seat";
  id?: number | null;
}

/** At an unrated table in play: `on` asks for a pause or agrees to it (the table pauses when every connected player has); `on: false` resumes it, or withdraws the asks. Answered with a `table` update. */
export interface Pause {
  type: "pause";
  /** true: ask for a pause, or agree; false: play on */
  on?: boolean;
  id?: number | null;
}

/** Host only: the seat of a player who is away goes to a bot of `level` once the player has been away `after` seconds (at once with 0); a player back before keeps the seat. */
export interface HandToBot {
  type: "hand_to_bot";
  seat: number;
  level: string;
  after?: number;
  id?: number | null;
}

/** Host only, at any time: the table listed for everyone (`public` true) or reached by its link only (false); answered `table` to everyone at it. Its invitation secret stays the same: a link given out still works. */
export interface Publish {
  type: "publish";
  public: boolean;
  id?: number | null;
}

/** Send me my whole view again (a client that could not follow a delta). */
export interface Resync {
  type: "sync";
  id?: number | null;
}

/** The rated players of `edition`, best first (the page `/players`); answered `ranking`. */
export interface AskRanking {
  type: "ranking";
  edition: string;
  id?: number | null;
}

/** A player's ratings, reputation and last games (the page `/p/<player>`); answered `profile`. */
export interface AskProfile {
  type: "profile";
  player: string;
  id?: number | null;
}

/** A finished game at position `at` (the page `/g/<game>`): answered `replay` and a whole spectator's `view` of that position (null: the first position, and the `replay` carries the whole record). */
export interface AskReplay {
  type: "replay";
  game: string;
  at?: number | null;
  id?: number | null;
}

/** The log's events before event number `before` of the table one sits at or watches (a whole view carries the recent ones only); answered `log` with the last `LOG_PAGE` (500) of them. */
export interface AskLog {
  type: "log";
  table: string;
  before: number;
  id?: number | null;
}

/** Every message a client sends. */
export type ClientMessage = Hello | ListTables | CreateTable | PlayNow | Report | Join | Rejoin | Identify | Spectate | Leave | Start | Chat | Act | TakeSeat | Pause | HandToBot | Publish | Resync | AskRanking | AskProfile | AskReplay | AskLog;

/** After `hello`. */
export interface Welcome {
  type: "welcome";
  protocol: number;
  /** the program and its version */
  server: string;
  /** the server's */
  name: string;
  /** a fresh random value the client signs to ``identify`` */
  challenge?: string | null;
}

/** After `identify`: the server knows the connection as `player`, by `name` (unique on this server: a name another player has gets a number). */
export interface Identified {
  type: "identified";
  player: string;
  name: string;
  ratings: RatingInfo[];
  started: number;
  finished: number | null;
  in_time: number | null;
  id?: number | null;
}

/** After `list`: every table. */
export interface Lobby {
  type: "lobby";
  tables: TableInfo[];
  id?: number | null;
}

/** Whenever seats, names, connections or the status of the receiver's table change. */
export interface TableUpdate {
  type: "table";
  table: TableInfo;
  /** the receiver's seat, null for a spectator */
  you: number | null;
}

/** The receiver sits at `seat`; `token` lets it back in after a drop (keep it); `invite` is the table's invitation secret, for the link that brings others. */
export interface Seated {
  type: "seated";
  table: string;
  seat: number;
  token: string;
  invite: string;
  id?: number | null;
}

/** The receiver's view after every action (`action` by seat `by`: a delta), and a whole view (`full`) on joining, at the start, after `rejoin`, `spectate`, `sync`; see "Views". `legal`: the receiver's legal moves, when it is the seat to move (net/legal.py). `presented`: the table as the receiver's screen shows it, presented once (bigcity_desktop/present), for a client that only draws; see "The table presented". */
export interface ViewMessage {
  type: "view";
  table: string;
  full: boolean;
  view: View;
  at: number;
  action?: Action | null;
  by?: number | null;
  legal?: LegalMove[] | null;
  presented?: Presented | null;
}

/** After `log`: the log's events numbered `first` on, as a view writes them. */
export interface LogPage {
  type: "log";
  table: string;
  first: number;
  events: EventJson[];
  id?: number | null;
}

/** A chat line. */
export interface ChatLine {
  type: "chat";
  table: string;
  /** null: a spectator, whose `name` is then "Spectator" */
  seat: number | null;
  name: string;
  text: string;
  /** seconds since 1970-01-01 UTC by the server's clock */
  time: number;
}

/** A request that was not carried out, and why. */
export interface Refused {
  type: "refused";
  /** see "Refusal codes" */
  code: string;
  /** one sentence */
  reason: string;
  id?: number | null;
}

/** The game ended: its whole record, every hand shown (the text of a `bigcity-game` record file). */
export interface GameOver {
  type: "game_over";
  table: string;
  record: string;
  /** the game's seed, revealed, in decimal (text: it may pass what a JavaScript number holds) */
  seed?: string | null;
  /** the salt of `deal_commitment`, revealed */
  salt?: string | null;
}

/** The receiver is no longer at the table (it left, or its seat was taken over by another connection with the seat's token). */
export interface Left {
  type: "left";
  table: string;
  reason: string;
}

/** After `ranking`: the rated players of `edition` on this server, best first (at most 500). */
export interface Ranking {
  type: "ranking";
  edition: string;
  players: RankedPlayer[];
  id?: number | null;
}

/** After `profile`: a player's ratings, reputation and last games (newest first, at most 100). */
export interface Profile {
  type: "profile";
  player: string;
  name: string;
  ratings: RatingInfo[];
  started: number;
  finished: number | null;
  in_time: number | null;
  games: GameSummary[];
  id?: number | null;
}

/** After `replay`: where the replay stands; a whole `view` of the position follows. */
export interface Replay {
  type: "replay";
  game: GameSummary;
  at: number;
  /** the number of actions of the game */
  total: number;
  /** the first position of each round, in order */
  rounds: number[];
  /** the whole record, with the first answer only */
  record?: string | null;
  id?: number | null;
}

/** Every message a server sends. */
export type ServerMessage = Welcome | Identified | Lobby | TableUpdate | Seated | ViewMessage | LogPage | ChatLine | Refused | GameOver | Left | Ranking | Profile | Replay;
