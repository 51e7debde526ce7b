// The director's key, kept in this browser: it opens the desk and every game's director view.
// The service keeps it in its data directory (data/director-key); the director types it in once.
import { t } from "./texts.js";
import { h, fill } from "./dom.js";

const KEY = "courtcard.director";

export function directorKey() {
  return localStorage.getItem(KEY) || "";
}

/** Ask for the key in `panel` (again, saying so, when the one kept was refused); then onKey(key). */
export function askForKey(panel, rejected, onKey) {
  if (rejected) localStorage.removeItem(KEY);
  const input = h("input", { id: "key-input", autocomplete: "off", "aria-label": t("key.input") });
  panel.hidden = false;
  fill(panel,
    h("h2", {}, rejected ? t("key.rejected") : t("key.title")),
    h("p", {}, t("key.where"), h("code", {}, "cat data/director-key"), t("key.kept")),
    h("form", { class: "inline", onsubmit: (e) => {
      e.preventDefault();
      const value = input.value.trim();
      if (!value) return;
      localStorage.setItem(KEY, value);
      panel.hidden = true;
      onKey(value);
    } }, input, h("button", { type: "submit", class: "primary" }, t("key.open"))));
  input.focus();
}

/** Show the live badge's state. */
export function showLive(status) {
  const el = document.getElementById("live");
  el.textContent = status === "live" ? t("play.live") : status === "reconnecting" ? t("play.reconnecting")
    : status === "locked" ? t("key.locked") : status;
  el.className = `conn ${status}`;
}
