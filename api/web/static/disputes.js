// Disputes on the director's view: every dispute of the game, listed by the API
// (GET /games/{id}/disputes: renege claims and the game's own rulings, such as Dungeon's
// accusations and looks), each opened to read the referee's ruling with its evidence laid out
// (GET /games/{id}/disputes/{n}, written by a worker), and a form to open a claim
// (POST /games/{id}/disputes). The referee rules; this only asks and shows.
import { api, newKey } from "./api.js";
import { h } from "./dom.js";
import { cardFace } from "./cards.js";
import { readable } from "./labels.js";

const VERDICT = { upheld: "upheld", not_proven: "not proven" };
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
    "The list of disputes is still being made: try again in a moment.")).disputes;
}

/** Read dispute `n` of the game, waiting (briefly) for its explanation to be written. */
export async function readDispute(gameId, n, token) {
  return (await whenReady(`/games/${encodeURIComponent(gameId)}/disputes/${n}`, token,
    "The explanation is still being written: try again in a moment.")).ruling;
}

/** Open a dispute; resolves with its id. */
export async function openDispute(gameId, claim, token) {
  const filed = await api(`/games/${encodeURIComponent(gameId)}/disputes`, { method: "POST", body: claim, token, key: newKey() });
  return filed.dispute;
}

const events = (list) => h("ol", { class: "events" }, list.map((p) => h("li", { class: p.broke_rule ? "broke-rule" : null },
  h("span", { class: "event-no" }, `event ${p.version}`), " ", p.says,
  p.broke_rule ? h("strong", {}, ` \u2014 broke the rule: ${p.why}`) : null)));

const readAloud = (doc) => h("details", { class: "read-aloud" }, h("summary", {}, "To read aloud at the table"), h("p", {}, doc.read_aloud));

/** One dispute's explanation laid out: a renege claim's or one of the game's own rulings. */
export function disputeDetail(doc, seatName) {
  return h("article", { class: `dispute ${doc.kind}`, "data-dispute": doc.dispute, "data-kind": doc.kind, "aria-label": `Dispute ${doc.dispute}` },
    doc.kind === "claim" ? claimDetail(doc, seatName) : rulingDetail(doc));
}

/** A renege claim: the claim, the ruling and its window, the evidence events, the penalty. */
function claimDetail(doc, seatName) {
  const claim = doc.claim;
  const ruling = doc.ruling || {};
  return [
    h("h3", {}, `Dispute ${doc.dispute}: hand ${claim.hand}, trick ${claim.trick}`),
    h("dl", { class: "facts" },
      h("dt", {}, "Claim"), h("dd", {}, `${seatName(claim.claimant)} against ${seatName(claim.accused)}`,
        claim.shown ? [", showing ", cardFace(claim.shown)] : "", ` (event ${claim.version})`),
      h("dt", {}, "Ruling"), h("dd", { class: `verdict ${ruling.verdict || "none"}` },
        doc.status === "ruled" ? `${VERDICT[ruling.verdict] || ruling.verdict} (event ${ruling.version})` : "not ruled"),
      doc.window ? [h("dt", {}, "Window"), h("dd", {}, `${doc.window}: found ${doc.window_means}`)] : null),
    h("h4", {}, "Evidence"),
    doc.evidence_events.length ? events(doc.evidence_events) : h("p", { class: "muted" }, "No event proves it."),
    doc.ruling_words ? h("p", { class: "ruling-words" }, doc.ruling_words) : null,
    h("h4", {}, "Penalty"),
    doc.penalty.length ? events(doc.penalty) : h("p", { class: "muted" }, "No penalty."),
    doc.later.length ? [h("h4", {}, "Since then"), events(doc.later)] : null,
    readAloud(doc)];
}

/** A ruling of the game's own (Dungeon: an accusation, a look, a cave-in, a Joker saved): what the
 * table saw, the events it rests on (a passage that broke the rule marked, with why), what the
 * referee found, and what followed. Its words are the explanation's: the page adds none. */
function rulingDetail(doc) {
  const ruling = doc.ruling || {};
  return [
    h("h3", {}, `Dispute ${doc.dispute}: ${readable(doc.kind).toLowerCase()}`),
    h("p", {}, doc.summary),
    h("dl", { class: "facts" },
      h("dt", {}, "Ruling"), h("dd", { class: `verdict ${ruling.verdict || "none"}` },
        `${readable(ruling.verdict || "none").toLowerCase()} (event ${ruling.version})`),
      doc.status === "undone" ? [h("dt", {}, "Undone"), h("dd", {}, `at event ${doc.undone}`)] : null),
    h("h4", {}, "Evidence"),
    doc.evidence_events.length ? events(doc.evidence_events) : h("p", { class: "muted" }, "No event to show."),
    h("p", { class: "finding" }, h("strong", {}, doc.finding)),
    h("h4", {}, "Then"), h("ul", { class: "aftermath" }, doc.consequence.map((line) => h("li", {}, line))),
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
        h("strong", {}, `Dispute ${d.dispute}, ${readable(d.kind).toLowerCase()}${d.status === "ruled" ? "" : ` (${readable(d.status).toLowerCase()})`}: `),
        d.summary))))
    : h("p", { class: "muted" }, "No dispute yet.");
  const options = (selected) => seats.map((s) => h("option", { value: s, selected: s === selected }, seatName(s)));
  const form = h("form", { class: "dispute-form", onsubmit: (e) => {
    e.preventDefault();
    const f = e.target.elements;
    const claim = { seat: Number(f.seat.value), accused: Number(f.accused.value), trick: Number(f.trick.value) };
    if (f.hand.value) claim.hand = Number(f.hand.value);
    if (f.shown.value.trim()) claim.shown = f.shown.value.trim();
    onFile(claim);
  } },
  h("label", {}, "Claimed by ", h("select", { name: "seat", "data-key": "dispute-seat" }, options(0))),
  h("label", {}, "Against ", h("select", { name: "accused", "data-key": "dispute-accused" }, options(1))),
  h("label", {}, "Hand ", h("input", { name: "hand", type: "number", min: 1, value: hand.no || "", inputmode: "numeric", "data-key": "dispute-hand" })),
  h("label", {}, "Trick ", h("input", { name: "trick", type: "number", min: 1, value: hand.trick_no || 1, inputmode: "numeric", "data-key": "dispute-trick" })),
  h("label", {}, "Card shown at the table (optional) ", h("input", { name: "shown", autocomplete: "off", placeholder: "e.g. 3s", "data-key": "dispute-shown" })),
  h("button", { type: "submit", class: "primary" }, "Open the dispute"));
  return [h("h2", {}, "Disputes"), list, detail || null,
    view.hand ? h("details", { class: "open-dispute" }, h("summary", {}, "Open a dispute"),
      h("p", { class: "hint" }, "The referee rules on the table as it is now; the record notes that the director filed it."), form) : null];
}
