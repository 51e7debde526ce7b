// The director's key, kept in this browser: it opens the desk and every game's director view.
// The service keeps it in its data directory (data/director-key); the director types it in once.
import { h, fill } from "./dom.js";

const KEY = "courtcard.director";

export function directorKey() {
  return localStorage.getItem(KEY) || "";
}

/** Ask for the key in `panel` (again, saying so, when the one kept was refused); then onKey(key). */
export function askForKey(panel, rejected, onKey) {
  if (rejected) localStorage.removeItem(KEY);
  const input = h("input", { id: "key-input", autocomplete: "off", "aria-label": "Director's key" });
  panel.hidden = false;
  fill(panel,
    h("h2", {}, rejected ? "That is not this service's director key" : "The director's key"),
    h("p", {}, "The desk reads every game, so it needs the director's key. It is in the service's data directory, "
      + "on the machine that runs it: ", h("code", {}, "cat data/director-key"), ". This browser keeps it."),
    h("form", { class: "inline", onsubmit: (e) => {
      e.preventDefault();
      const value = input.value.trim();
      if (!value) return;
      localStorage.setItem(KEY, value);
      panel.hidden = true;
      onKey(value);
    } }, input, h("button", { type: "submit", class: "primary" }, "Open the desk")));
  input.focus();
}

/** Show the live badge's state. */
export function showLive(status) {
  const el = document.getElementById("live");
  el.textContent = status === "live" ? "live" : status === "reconnecting" ? "reconnecting\u2026" : status;
  el.className = `conn ${status}`;
}
