// The page's texts, looked up by key: t("start.player", { n: 2 }) -> "Player 2". Each language is one
// file (texts_en.js is the catalogue); adding one is a file and a line below (docs/web.md). A text
// missing from a language falls back to English, and an unknown key shows as itself.
import en from "./texts_en.js";

const LANGUAGES = { en };

/** The first of the browser's languages the page has, else English. */
function chosen() {
  for (const tag of navigator.languages || [navigator.language || "en"]) {
    const base = String(tag).toLowerCase().split("-")[0];
    if (LANGUAGES[base]) return base;
  }
  return "en";
}

export const LANGUAGE = chosen();
const texts = LANGUAGES[LANGUAGE];

/** The text of `key`, with each {name} in it replaced by `params[name]`. */
export function t(key, params = {}) {
  const text = texts[key] ?? en[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in params ? String(params[name]) : whole));
}

// The attributes a person reads (or hears) that a template marks data-t-<attribute>="key".
const ATTRIBUTES = ["aria-label", "title", "placeholder", "alt"];

/**
 * Fill every element under `root` marked data-t="key" with its text, and each attribute marked
 * data-t-aria-label="key" (title, placeholder, alt) with its own: a page's static words. The
 * element's other data attributes fill the {names} (data-game="abc" gives {game}).
 */
export function translate(root = document) {
  document.documentElement.lang = LANGUAGE;
  for (const el of root.querySelectorAll("[data-t]")) el.textContent = t(el.dataset.t, el.dataset);
  for (const attr of ATTRIBUTES) {
    for (const el of root.querySelectorAll(`[data-t-${attr}]`)) el.setAttribute(attr, t(el.getAttribute(`data-t-${attr}`), el.dataset));
  }
}
