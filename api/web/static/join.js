// Joining a table from another device: a link and a QR code to follow the game, and a separate one
// that carries the scorekeeper's token. The token rides in the link's fragment (#token=...), which
// a browser never sends to a server, so no server or proxy log ever holds it; the page opened by
// it keeps the token in this browser's storage and takes it out of the address at once.
import { h, fill } from "./dom.js";
import { saveToken, tokenFor } from "./api.js";
import { t } from "./texts.js";

const LOCAL = /^(localhost|127\.\d+\.\d+\.\d+|\[::1\])$/;

/** Take a token handed over in the address (#token=...) into storage; run before the page reads it. */
export function adoptTokenFromLink(gameId) {
  const fragment = new URLSearchParams(location.hash.slice(1));
  const token = fragment.get("token");
  if (!token) return;
  saveToken(gameId, token);
  history.replaceState(null, "", location.pathname + location.search);
}

/** The links that join `gameId`: to follow it, and (with the token) to log it from a second device. */
export function joinLinks(gameId, token) {
  const page = `${location.origin}/play/${encodeURIComponent(gameId)}`;
  return { follow: page, scorekeeper: token ? `${page}#token=${encodeURIComponent(token)}` : null };
}

/** A QR code of `link`, drawn by the service (posted, so the link never sits in a logged address). */
async function qrImage(link, label) {
  const response = await fetch("/web/qr", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ text: link }) });
  if (!response.ok) return h("p", { class: "muted" }, t("join.qr_failed"));
  return h("img", { class: "qr", src: URL.createObjectURL(await response.blob()), alt: t("join.qr_alt", { label }), width: 220, height: 220 });
}

async function joinBlock(kind, title, link, warning) {
  return h("div", { class: `join-link ${kind}`, "data-join": kind },
    h("h3", {}, title), warning ? h("p", { class: "why-not" }, warning) : null,
    h("p", {}, h("a", { href: link, class: "link", "data-link": kind }, link)),
    await qrImage(link, title));
}

/** Fill `box` with the join links and their QR codes, reading the token kept for the game now. */
export async function fillJoin(box, gameId, token) {
  const links = joinLinks(gameId, token);
  const blocks = [await joinBlock("follow", t("join.follow"), links.follow)];
  if (links.scorekeeper) {
    blocks.push(await joinBlock("scorekeeper", t("join.scorekeeper"), links.scorekeeper, t("join.scorekeeper_warning")));
  }
  fill(box, LOCAL.test(location.hostname)
    ? h("p", { class: "why-not" }, t("join.local", { host: location.hostname })) : null, blocks);
}

// On the scorekeeper's page (its join panel says so): adopt a handed-over token at once (this module
// runs before play.js, which reads the token), and draw the join panel when it is opened.
const app = document.getElementById("app");
const panel = document.getElementById("join");
if (app && panel && panel.hasAttribute("data-scorekeeper-page")) {
  const gameId = app.dataset.gameId;
  adoptTokenFromLink(gameId);
  panel.addEventListener("toggle", () => {
    if (panel.open) fillJoin(panel.querySelector(".join-body"), gameId, tokenFor(gameId));
  });
}
