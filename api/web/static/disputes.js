// Disputes on the director's view: every dispute of the game, listed by the API
// (GET /games/{id}/disputes: renege claims and the game's own rulings, such as Dungeon's
// accusations and looks), each opened to read the referee's ruling with its evidence laid out
// (GET /games/{id}/disputes/{n}, written by a worker), and a form to open a claim
// (POST /games/{id}/disputes). The referee rules; this only asks and shows.
import { t } from "./texts.js";
import { api, newKey } from "./api.js";
import { h } from "./dom.js";
import { cardFace } from "./cards.js";
import { readable } from "./labels.js";

const VERDICT = { upheld: t("disputes.upheld"), not_proven: t("disputes.not_proven") };
const READ_TRIES = 20; // the list and the explanations are workers' jobs: ask again while they answer 202
const READ_WAIT_MS = 300;

/** The reply of `path` once its read model is made (`ready`), asking again (briefly) while it is not. */
async function whenReady(path, token, stillMaking) {
  for (let i = 0; i < READ_TRIES; i += 1) {
    const reply = await api(path, { token });
    if (reply.ready) return reply;
    await new Promise((resolve) => setTimeout(resolve, READ_WAIT_MS));
  }
  throw new Error(stillMaking);
}

/** The game's disputes, one line each: [{dispute, kind, status, summary}], in the order logged. */
export async function listDisputes(gameId, token) {
  return (await whenReady(`/games/${encodeURIComponent(gameId)}/disputes`, token,
    t("disputes.list_not_ready"))).disputes;
}

/** Read dispute `n` of the game, waiting (briefly) for its explanation to be written. */
export async function readDispute(gameId, n, token) {
  return (await whenReady(`/games/${encodeURIComponent(gameId)}/disputes/${n}`, token,
    t("disputes.detail_not_ready"))).ruling;
}

/** Open a dispute; resolves with its id. */
export async function openDispute(gameId, claim, token) {
  const filed = await api(`/games/${encodeURIComponent(gameId)}/disputes`, { method: "POST", body: claim, token, key: newKey() });
  return filed.dispute;
}

const events = (list) => h("ol", { class: "events" }, list.map((p) => h("li", { class: p.broke_rule ? "broke-rule" : null },
  h("span", { class: "event-no" }, t("disputes.event", { version: p.version })), " ", p.says,
  p.broke_rule ? h("strong", {}, t("disputes.broke", { why: p.why })) : null)));

const readAloud = (doc) => h("details", { class: "read-aloud" }, h("summary", {}, t("disputes.read_aloud")), h("p", {}, doc.read_aloud));

/** One dispute's explanation laid out: a renege claim's or one of the game's own rulings. */
export function disputeDetail(doc, seatName) {
  return h("article", { class: `dispute ${doc.kind}`, "data-dispute": doc.dispute, "data-kind": doc.kind, "aria-label": t("disputes.label", { n: doc.dispute }) },
    doc.kind === "claim" ? claimDetail(doc, seatName) : rulingDetail(doc));
}

/** A renege claim: the claim, the ruling and its window, the evidence events, the penalty. */
function claimDetail(doc, seatName) {
  const claim = doc.claim;
  const ruling = doc.ruling || {};
  return [
    h("h3", {}, t("disputes.claim.title", { n: doc.dispute, hand: claim.hand, trick: claim.trick })),
    h("dl", { class: "facts" },
      h("dt", {}, t("disputes.claim")), h("dd", {}, t("disputes.against", { who: seatName(claim.claimant), accused: seatName(claim.accused) }),
        claim.shown ? [t("disputes.showing"), cardFace(claim.shown)] : "", t("disputes.at_event", { version: claim.version })),
      h("dt", {}, t("disputes.ruling")), h("dd", { class: `verdict ${ruling.verdict || "none"}` },
        doc.status === "ruled" ? t("disputes.verdict", { verdict: VERDICT[ruling.verdict] || ruling.verdict, version: ruling.version }) : t("desk.not_ruled")),
      doc.window ? [h("dt", {}, t("disputes.window")), h("dd", {}, t("disputes.window.found", { window: doc.window, means: doc.window_means }))] : null),
    h("h4", {}, t("disputes.evidence")),
    doc.evidence_events.length ? events(doc.evidence_events) : h("p", { class: "muted" }, t("disputes.no_proof")),
    doc.ruling_words ? h("p", { class: "ruling-words" }, doc.ruling_words) : null,
    h("h4", {}, t("disputes.penalty")),
    doc.penalty.length ? events(doc.penalty) : h("p", { class: "muted" }, t("disputes.no_penalty")),
    doc.later.length ? [h("h4", {}, t("disputes.since")), events(doc.later)] : null,
    readAloud(doc)];
}

/** A ruling of the game's own (Dungeon: an accusation, a look, a cave-in, a Joker saved): what the
 * table saw, the events it rests on (a passage that broke the rule marked, with why), what the
 * referee found, and what followed. Its words are the explanation's: the page adds none. */
function rulingDetail(doc) {
  const ruling = doc.ruling || {};
  return [
    h("h3", {}, t("disputes.ruling.title", { n: doc.dispute, kind: readable(doc.kind).toLowerCase() })),
    h("p", {}, doc.summary),
    h("dl", { class: "facts" },
      h("dt", {}, t("disputes.ruling")), h("dd", { class: `verdict ${ruling.verdict || "none"}` },
        t("disputes.verdict", { verdict: readable(ruling.verdict || "none").toLowerCase(), version: ruling.version })),
      doc.status === "undone" ? [h("dt", {}, t("disputes.undone")), h("dd", {}, t("disputes.undone.at", { version: doc.undone }))] : null),
    h("h4", {}, t("disputes.evidence")),
    doc.evidence_events.length ? events(doc.evidence_events) : h("p", { class: "muted" }, t("disputes.no_event")),
    h("p", { class: "finding" }, h("strong", {}, doc.finding)),
    h("h4", {}, t("disputes.then")), h("ul", { class: "aftermath" }, doc.consequence.map((line) => h("li", {}, line))),
    readAloud(doc)];
}

/**
 * The disputes panel: the game's disputes (`listed`, from listDisputes) with a button to read each,
 * the one open laid out, and the form to open a claim (a trick game's, while a hand is on).
 * `opened` is the dispute shown (or null), `onOpen(n)` shows one, `onFile(claim)` opens a new one.
 */
export function disputesPanel(game, seatName, { listed, opened, detail, onOpen, onFile }) {
  const view = game.view;
  const seats = (view.seats || []).map((_, s) => s);
  const hand = view.hand || {};
  const list = listed.length
    ? h("ol", { class: "disputes" }, listed.map((d) => h("li", { "data-dispute": d.dispute, "data-kind": d.kind },
      h("button", { type: "button", "data-key": `read-${d.dispute}`, "aria-expanded": String(opened === d.dispute), onclick: () => onOpen(d.dispute) },
        h("strong", {}, d.status === "ruled" ? t("disputes.item", { n: d.dispute, kind: readable(d.kind).toLowerCase() })
          : t("disputes.item.status", { n: d.dispute, kind: readable(d.kind).toLowerCase(), status: readable(d.status).toLowerCase() })),
        d.summary))))
    : h("p", { class: "muted" }, t("disputes.none"));
  const options = (selected) => seats.map((s) => h("option", { value: s, selected: s === selected }, seatName(s)));
  const form = h("form", { class: "dispute-form", onsubmit: (e) => {
    e.preventDefault();
    const f = e.target.elements;
    const claim = { seat: Number(f.seat.value), accused: Number(f.accused.value), trick: Number(f.trick.value) };
    if (f.hand.value) claim.hand = Number(f.hand.value);
    if (f.shown.value.trim()) claim.shown = f.shown.value.trim();
    onFile(claim);
  } },
  h("label", {}, t("play.claim.by"), h("select", { name: "seat", "data-key": "dispute-seat" }, options(0))),
  h("label", {}, t("play.claim.against"), h("select", { name: "accused", "data-key": "dispute-accused" }, options(1))),
  h("label", {}, t("disputes.hand"), h("input", { name: "hand", type: "number", min: 1, value: hand.no || "", inputmode: "numeric", "data-key": "dispute-hand" })),
  h("label", {}, t("disputes.trick"), h("input", { name: "trick", type: "number", min: 1, value: hand.trick_no || 1, inputmode: "numeric", "data-key": "dispute-trick" })),
  h("label", {}, t("play.claim.shown"), h("input", { name: "shown", autocomplete: "off", placeholder: t("play.claim.shown.placeholder"), "data-key": "dispute-shown" })),
  h("button", { type: "submit", class: "primary" }, t("disputes.open")));
  return [h("h2", {}, t("disputes.title")), list, detail || null,
    view.hand ? h("details", { class: "open-dispute" }, h("summary", {}, t("disputes.open.title")),
      h("p", { class: "hint" }, t("disputes.open.hint")), form) : null];
}
