// The director's desk: every game in progress, polled with If-None-Match (a 304 while nothing
// changed), each with whose turn it is and what may need the director; a click opens the game.
import { h, fill, notify } from "./dom.js";
import { readable } from "./labels.js";
import { withFaces } from "./cards.js";
import { askForKey, directorKey, showLive } from "./director_key.js";

const POLL_MS = 2000;
const $ = (id) => document.getElementById(id);
let key = directorKey();
let etag = null;
let timer = null;

async function poll() {
  clearTimeout(timer);
  // A desk in a background tab asks nothing; it catches up as soon as it is looked at again.
  if (document.hidden) return;
  const headers = { Accept: "application/json", Authorization: `Bearer ${key}` };
  if (etag) headers["If-None-Match"] = etag;
  let response;
  try {
    response = await fetch("/director/tables", { headers, cache: "no-store" });
  } catch {
    showLive("reconnecting");
    timer = setTimeout(poll, POLL_MS);
    return;
  }
  if (response.status === 401 || response.status === 403) {
    showLive("locked");
    askForKey($("key-panel"), response.status === 403, (value) => { key = value; etag = null; poll(); });
    return;
  }
  if (response.status === 200) {
    etag = response.headers.get("ETag");
    render(await response.json());
    notify("");
  } else if (response.status !== 304) {
    const problem = await response.json().catch(() => null);
    notify((problem && problem.detail) || `The service answered ${response.status}.`);
  }
  showLive(response.ok || response.status === 304 ? "live" : "reconnecting");
  timer = setTimeout(poll, POLL_MS);
}

function render(body) {
  const tables = body.tables;
  const waiting = tables.filter((t) => t.attention.length).length;
  $("desk").dataset.etag = etag || "";
  fill($("summary"), `${body.in_progress} game${body.in_progress === 1 ? "" : "s"} in progress`,
    body.in_progress > tables.length ? ` (the ${tables.length} oldest shown)` : "",
    waiting ? `; ${waiting} may need you.` : ".");
  fill($("tables"), tables.length ? tables.map(tableItem) : h("li", { class: "muted" }, "No game in progress."));
}

// A session's table is named by its number (and name), as the room knows it; any other by its game id.
function tableName(t) {
  if (!t.table) return `Game ${t.game_id}`;
  const named = t.table.name ? ` (${t.table.name})` : "";
  return `Table ${t.table.number}${named}, round ${t.table.round} \u00b7 session ${t.table.session_id}`;
}

function tableItem(t) {
  const where = [t.hand ? `Hand ${t.hand}` : null, t.trick ? `trick ${t.trick}` : null].filter(Boolean).join(", ");
  // Nobody to act: the scorekeeper logs what comes next (a deal), whose name the phase says.
  // A finished game is listed only while it still needs the director (a disagreement, hands not confirmed).
  const turn = t.finished ? "the game is over"
    : t.to_act.length ? `${t.to_act.join(", ")} to ${t.phase === "play" ? "play" : "act"}`
    : `next: ${readable(t.phase || "").toLowerCase()} (the scorekeeper logs it)`;
  const lastDispute = t.disputes[t.disputes.length - 1];
  return h("li", { class: `desk-table${t.attention.length ? " needs" : ""}`, "data-game-id": t.game_id, "data-version": t.version },
    h("a", { href: `/director/${encodeURIComponent(t.game_id)}`, class: "open" },
      h("span", { class: "table-id" }, tableName(t)), " ", h("span", { class: "kind" }, t.title),
      t.private ? h("span", { class: "tag" }, "private") : null,
      // What the players confirmed: a disagreement calls the director, hands not confirmed yet wait.
      ...(t.flags || []).map((f) => h("span", { class: `tag flag-${f}`, title: flagTitle(f, t) }, f))),
    h("p", { class: "seats" }, t.seats.join(", "), ` \u00b7 ${t.record} record`),
    h("p", { class: "turn" }, [where, turn].filter(Boolean).join(": "), "."),
    t.attention.length ? h("ul", { class: "attention", "aria-label": "Needs the director" }, t.attention.map((a) => h("li", {}, withFaces(a, t.seats)))) : null,
    t.disputes.length ? h("p", { class: "disputes" }, `${t.disputes.length} dispute${t.disputes.length === 1 ? "" : "s"}; the last: `
      + `${lastDispute.claimant} against ${lastDispute.accused}, trick ${lastDispute.trick}, `
      + `${lastDispute.verdict ? lastDispute.verdict.replace("_", " ") : "not ruled"}.`) : null);
}

function flagTitle(flag, t) {
  const c = t.confirmations || { unconfirmed_hands: [], disagreements: [] };
  return flag === "unconfirmed" ? `Not confirmed by a player yet: hand ${c.unconfirmed_hands.join(", ")}`
    : c.disagreements.map((d) => `${d.name} disagrees with hand ${d.hand}`).join("; ");
}

document.addEventListener("visibilitychange", () => { if (!document.hidden && key) poll(); });
if (key) poll(); else askForKey($("key-panel"), false, (value) => { key = value; poll(); });
