// The director's desk: every game in progress, polled with If-None-Match (a 304 while nothing
// changed), each with whose turn it is and what may need the director; a click opens the game.
import { t, translate } from "./texts.js";
import { h, fill, notify } from "./dom.js";
import { readable } from "./labels.js";
import { withFaces } from "./cards.js";
import { askForKey, directorKey, showLive } from "./director_key.js";

// Within this file `t` is a table of the desk's list: its texts are looked up as text("key").
const text = t;
// A table's flags, as the desk shows them (the service names them "unconfirmed", "disagreement").
const FLAG_TEXT = { unconfirmed: t("desk.flag.unconfirmed.tag"), disagreement: t("desk.flag.disagreement.tag") };
const POLL_MS = 2000;
const $ = (id) => document.getElementById(id);
translate();
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
    notify((problem && problem.detail) || t("desk.status", { status: response.status }));
  }
  showLive(response.ok || response.status === 304 ? "live" : "reconnecting");
  timer = setTimeout(poll, POLL_MS);
}

function render(body) {
  const tables = body.tables;
  const waiting = tables.filter((t) => t.attention.length).length;
  $("desk").dataset.etag = etag || "";
  fill($("summary"), t(body.in_progress === 1 ? "desk.in_progress.one" : "desk.in_progress.many", { n: body.in_progress }),
    body.in_progress > tables.length ? t("desk.oldest", { n: tables.length }) : "",
    waiting ? t("desk.waiting", { n: waiting }) : ".");
  fill($("tables"), tables.length ? tables.map(tableItem) : h("li", { class: "muted" }, t("desk.none")));
}

// A session's table is named by its number (and name), as the room knows it; any other by its game id.
function tableName(t) {
  if (!t.table) return text("play.game", { game: t.game_id });
  const named = t.table.name ? text("desk.table.name", { name: t.table.name }) : "";
  return text("desk.table", { number: t.table.number, named, round: t.table.round, session: t.table.session_id });
}

function tableItem(t) {
  const where = [t.hand ? text("sheet.hand", { hand: t.hand }) : null, t.trick ? text("desk.trick", { trick: t.trick }) : null].filter(Boolean).join(", ");
  // Nobody to act: the scorekeeper logs what comes next (a deal), whose name the phase says.
  // A finished game is listed only while it still needs the director (a disagreement, hands not confirmed).
  const turn = t.finished ? text("desk.over")
    : t.to_act.length ? text(t.phase === "play" ? "desk.to_play" : "desk.to_act", { who: t.to_act.join(", ") })
    : text("desk.next", { phase: readable(t.phase || "").toLowerCase() });
  const lastDispute = t.disputes[t.disputes.length - 1];
  return h("li", { class: `desk-table${t.attention.length ? " needs" : ""}`, "data-game-id": t.game_id, "data-version": t.version },
    h("a", { href: `/director/${encodeURIComponent(t.game_id)}`, class: "open" },
      h("span", { class: "table-id" }, tableName(t)), " ", h("span", { class: "kind" }, t.title),
      t.private ? h("span", { class: "tag" }, text("desk.private")) : null,
      // What the players confirmed: a disagreement calls the director, hands not confirmed yet wait.
      ...(t.flags || []).map((f) => h("span", { class: `tag flag-${f}`, title: flagTitle(f, t) }, FLAG_TEXT[f] || f))),
    h("p", { class: "seats" }, t.seats.join(", "), text("desk.record", { record: t.record })),
    h("p", { class: "turn" }, [where, turn].filter(Boolean).join(": "), "."),
    t.attention.length ? h("ul", { class: "attention", "aria-label": text("desk.attention") }, t.attention.map((a) => h("li", {}, withFaces(a, t.seats)))) : null,
    t.disputes.length ? h("p", { class: "disputes" }, text(t.disputes.length === 1 ? "desk.disputes.one" : "desk.disputes.many", {
      n: t.disputes.length, claimant: lastDispute.claimant, accused: lastDispute.accused, trick: lastDispute.trick,
      verdict: lastDispute.verdict ? lastDispute.verdict.replace("_", " ") : text("desk.not_ruled"),
    })) : null);
}

function flagTitle(flag, t) {
  const c = t.confirmations || { unconfirmed_hands: [], disagreements: [] };
  return flag === "unconfirmed" ? text("desk.flag.unconfirmed", { hands: c.unconfirmed_hands.join(", ") })
    : c.disagreements.map((d) => text("desk.flag.disagrees", { who: d.name, hand: d.hand })).join("; ");
}

document.addEventListener("visibilitychange", () => { if (!document.hidden && key) poll(); });
if (key) poll(); else askForKey($("key-panel"), false, (value) => { key = value; poll(); });
