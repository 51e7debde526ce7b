// The scorekeeper's token on the game's page. Just after the game is made, it is shown once at the
// top with a copy and a share button (43 characters are not written down at a table). A follower
// sees the table first: the way to enter a token waits folded below it ("I am the scorekeeper").
// A rejected token, or a game that cannot be shown without one, asks for it at the top.
import { h, fill } from "./dom.js";
import { t } from "./texts.js";

/** Put `text` on the clipboard; where the browser will not, select it for the device's own copy. */
async function copy(text, box, said) {
  try {
    await navigator.clipboard.writeText(text);
    said.textContent = t("token.copied");
  } catch {
    const range = document.createRange();
    range.selectNodeContents(box);
    getSelection().removeAllRanges();
    getSelection().addRange(range);
    said.textContent = t("token.selected");
  }
}

/** The token with its copy button, and a share button where the browser can share (Web Share API). */
function tokenTools(gameId, token) {
  const box = h("code", { class: "token", id: "token-value" }, token);
  const said = h("span", { class: "muted", role: "status", "data-said": "" });
  const share = navigator.share ? h("button", { type: "button", "data-key": "token-share",
    onclick: () => navigator.share({ title: t("token.share_text", { game: gameId }), text: token }).catch(() => {}) }, t("token.share")) : null;
  return [h("p", {}, box), h("div", { class: "token-tools" },
    h("button", { type: "button", "data-key": "token-copy", onclick: () => copy(token, box, said) }, t("token.copy")), share, said)];
}

/** The form that takes a token typed in; `onToken(value)` uses it. */
function tokenForm(onToken) {
  const input = h("input", { id: "token-input", autocomplete: "off", "aria-label": t("token.input") });
  return h("form", { class: "inline", onsubmit: (e) => {
    e.preventDefault();
    const value = input.value.trim();
    if (value) onToken(value);
  } }, input, h("button", { type: "submit" }, t("token.use")));
}

/**
 * Draw the token's place on the page: `panel` (top) for a fresh token, a rejected one or a game
 * not shown; `entry` (a <details> below the table) for a follower. `fresh` says the game was just
 * made here; `onNoted` hides the fresh token; `onToken(value)` uses a token typed in.
 */
export function renderToken({ panel, entry, gameId, token, fresh, rejected, unknown, onToken, onNoted }) {
  const watching = !token && !rejected && !unknown;
  if (entry) {
    entry.hidden = !watching;
    if (watching && !entry.querySelector("form")) {
      fill(entry, h("summary", {}, t("token.am_scorekeeper")), h("p", {}, t("token.watching")), tokenForm(onToken));
    }
  }
  if (fresh && token && !rejected) {
    panel.hidden = false;
    // Drawn once per token: a redraw of the table must not wipe the "Copied" note a tap just gave.
    if (panel.dataset.fresh === token) return;
    panel.dataset.fresh = token;
    fill(panel, h("h2", {}, t("token.title")), h("p", {}, t("token.fresh")), tokenTools(gameId, token),
      h("button", { type: "button", onclick: onNoted }, t("token.noted")));
    return;
  }
  delete panel.dataset.fresh;
  panel.hidden = !(rejected || unknown);
  if (panel.hidden) return;
  fill(panel, h("h2", {}, t(rejected ? "token.rejected.title" : "token.unknown.title")),
    h("p", {}, t(unknown ? "token.unknown" : "token.rejected")), tokenForm(onToken));
}
