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
  // A redraw keeps an error shown in it: it goes back under the control it followed, if redrawn.
  const shown = notice && el.contains(notice) ? notice : null;
  el.replaceChildren();
  append(el, children);
  if (shown && origin && !origin.isConnected && origin.dataset.key) {
    origin = el.querySelector(`[data-key="${CSS.escape(origin.dataset.key)}"]`) || origin;
  }
  if (shown) notify(shown.textContent, shown.classList.contains("info") ? "info" : "error");
  if (key) {
    const again = el.querySelector(`[data-key="${CSS.escape(key)}"]`);
    if (again) again.focus();
  }
}

// The control a person used last (a button, or a form sent): an error it brings is shown next to it.
let origin = null;
if (typeof document !== "undefined") {
  document.addEventListener("click", (e) => { const c = e.target.closest && e.target.closest("button, [role=button], a.button"); if (c) origin = c; }, true);
  document.addEventListener("submit", (e) => { origin = e.target; }, true);
}
let notice = null; // the page's one notice element, and where it lives when no control is concerned
let home = null;

/** Where an error of `control` goes: under its form, or under the group of buttons it is one of. */
const anchorOf = (control) => (control.closest("form") || control.closest("[role=group], .buttons, .confirm, .hand") || control);

/**
 * Show a message (kind "error" or "info") in the page's notice line. An error follows the control
 * the person last used, shown just under it and scrolled into view (a phone's top is far from a
 * form at the foot of the page); a message with no control still on the page goes at the top.
 */
export function notify(text, kind = "error") {
  if (!notice) {
    notice = document.getElementById("notice");
    home = { parent: notice.parentNode, next: notice.nextSibling };
  }
  notice.textContent = text;
  notice.className = `notice ${kind}`;
  notice.hidden = !text;
  const near = text && kind === "error" && origin && origin.isConnected ? anchorOf(origin) : null;
  if (near) near.after(notice);
  else if (notice.parentNode !== home.parent || notice.nextSibling !== home.next) home.parent.insertBefore(notice, home.next);
  notice.classList.toggle("near", Boolean(near));
  if (text) notice.scrollIntoView({ block: "nearest" });
}
