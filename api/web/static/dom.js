// A tiny DOM builder: h("button", {class: "card", onclick}, "Q♠") and helpers the pages share.

/** Build an element. Attributes starting with "on" are listeners; null/false attributes are left out. */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (name.startsWith("on") && typeof value === "function") el.addEventListener(name.slice(2), value);
    else if (name === "dataset") Object.assign(el.dataset, value);
    else el.setAttribute(name, value === true ? "" : String(value));
  }
  append(el, children);
  return el;
}

function append(el, children) {
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

/**
 * Replace an element's content, keeping keyboard focus on the control with the same data-key
 * (a refresh must not throw a keyboard user back to the top of the page).
 */
export function fill(el, ...children) {
  const active = document.activeElement;
  const key = active && el.contains(active) ? active.dataset.key : null;
  el.replaceChildren();
  append(el, children);
  if (key) {
    const again = el.querySelector(`[data-key="${CSS.escape(key)}"]`);
    if (again) again.focus();
  }
}

/** Show a message (kind "error" or "info") in the page's notice line. */
export function notify(text, kind = "error") {
  const el = document.getElementById("notice");
  el.textContent = text;
  el.className = `notice ${kind}`;
  el.hidden = !text;
}
