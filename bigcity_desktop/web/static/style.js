// The colours of the app's plan view (scene/style.py, the light scheme and
// the standard palette): a test holds these to that module.

/** The board's colours (style.SCHEMES["light"]). */
export const SCHEME = {
  table: "#efe9dc",
  street: "#a9a194",
  street_edge: "#6f675a",
  outskirts: "#cfe0b3",
  centre: "#efc998",
  hole: "#f3d9b4",
  hole_hatch: "#d9b380",
  number_text: "#3d3a33",
  panel: "#fffcf4",
  panel_edge: "#8a7c62",
  panel_text: "#2b2a26",
  chart: "#ffffff",
  chart_text: "#3a3a3a",
};

/** The seats' colours (style.PALETTES["standard"]). */
export const PLAYERS = ["#d62728", "#1f77b4", "#2ca02c", "#ff7f0e", "#9467bd"];

/** Each building type's fill (style.STYLES). */
export const BUILDINGS = {
  residence: "#6f9fd1",
  business: "#e3a33f",
  city_hall: "#b8473f",
  church: "#9a86c4",
  cinema: "#d8729c",
  post_office: "#e8cd55",
  bank: "#4f9c8a",
  shopping_center: "#d97a4c",
  park: "#69a853",
  factory: "#85817a",
};

/** The streetcar (style.STREETCAR, STREETCAR_RAILS) and the lit lots (style.LEGAL). */
export const STREETCAR = "#3b4150";
export const RAILS = "#fff4d6";
export const LEGAL = "#40aa50";
export const SELECT = "#1e5ac8";

/** Scene units per cell, the half street between two lots, a building's inset (style.CELL, LOT_INSET, BUILDING_INSET). */
export const CELL = 64;
export const LOT_INSET = 4;
export const BUILDING_INSET = 9;

/**
 * A seat's colour.
 * @param {number} seat
 * @returns {string}
 */
export function playerColour(seat) {
  return PLAYERS[seat % PLAYERS.length];
}

/**
 * A building type's fill.
 * @param {string} type
 * @returns {string}
 */
export function buildingColour(type) {
  return /** @type {Record<string, string>} */ (BUILDINGS)[type] || "#999999";
}
