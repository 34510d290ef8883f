// The page's one way of making an element: its text as textContent, its
// attributes set one by one (a style through the CSSOM, as the policy asks).
// No text of a player or of the server is ever read as HTML.

/**
 * An element with its text and attributes.
 * @param {string} tag
 * @param {string} [text]
 * @param {Record<string, string|number>} [attrs]
 * @returns {HTMLElement}
 */
export function el(tag, text, attrs = {}) {
  const node = document.createElement(tag);
  if (text !== undefined) node.textContent = text;
  for (const [k, v] of Object.entries(attrs)) {
    if (k !== "style") node.setAttribute(k, String(v));
    // the policy forbids style attributes; the CSSOM is allowed
    else for (const decl of String(v).split(";")) {
      const [name, value] = decl.split(/:(.*)/s);
      if (name && value) node.style.setProperty(name.trim(), value.trim());
    }
  }
  return node;
}
