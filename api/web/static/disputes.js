// Disputes on the director's view: each claim of the game, opened to read the referee's ruling
// with its evidence laid out (GET /games/{id}/disputes/{n}, written by a worker), and a form to
// open a new one (POST /games/{id}/disputes). The referee rules; this only asks and shows.
import { api, newKey } from "./api.js";
import { h } from "./dom.js";
import { cardFace } from "./cards.js";

const VERDICT = { upheld: "upheld", not_proven: "not proven" };
const READ_TRIES = 20; // the explanation is a worker's job: ask again while it answers 202
const READ_WAIT_MS = 300;

/** The claims of the game, from the view's rulings, each with the verdict given on it. */
export function claimsOf(rulings) {
  const verdicts = new Map((rulings || []).filter((r) => r.type === "ruling").map((r) => [r.version, r.verdict]));
  return (rulings || []).filter((r) => r.type === "claim").map((c) => ({ ...c, verdict: verdicts.get(c.version + 1) }));
}

/** Read dispute `n` of the game, waiting (briefly) for its explanation to be written. */
export async function readDispute(gameId, n, token) {
  for (let i = 0; i < READ_TRIES; i += 1) {
    const reply = await api(`/games/${encodeURIComponent(gameId)}/disputes/${n}`, { token });
    if (reply.ready) return reply.ruling;
    await new Promise((resolve) => setTimeout(resolve, READ_WAIT_MS));
  }
  throw new Error("The explanation is still being written: try again in a moment.");
}

/** Open a dispute; resolves with its id. */
export async function openDispute(gameId, claim, token) {
  const filed = await api(`/games/${encodeURIComponent(gameId)}/disputes`, { method: "POST", body: claim, token, key: newKey() });
  return filed.dispute;
}

/** One dispute's explanation laid out: the claim, the ruling and its window, the evidence events, the penalty. */
export function disputeDetail(doc, seatName) {
  const claim = doc.claim;
  const ruling = doc.ruling || {};
  const events = (list) => h("ol", { class: "events" }, list.map((p) => h("li", {},
    h("span", { class: "event-no" }, `event ${p.version}`), " ", p.says)));
  return h("article", { class: "dispute", "data-dispute": doc.dispute, "aria-label": `Dispute ${doc.dispute}` },
    h("h3", {}, `Dispute ${doc.dispute}: hand ${claim.hand}, trick ${claim.trick}`),
    h("dl", { class: "facts" },
      h("dt", {}, "Claim"), h("dd", {}, `${seatName(claim.claimant)} against ${seatName(claim.accused)}`,
        claim.shown ? [", showing ", cardFace(claim.shown)] : "", ` (event ${claim.version})`),
      h("dt", {}, "Ruling"), h("dd", { class: `verdict ${ruling.verdict || "none"}` },
        doc.status === "ruled" ? `${VERDICT[ruling.verdict] || ruling.verdict} (event ${ruling.version})` : "not ruled"),
      doc.window ? [h("dt", {}, "Window"), h("dd", {}, `${doc.window}: found ${doc.window_means}`)] : null),
    h("h4", {}, "Evidence"),
    doc.evidence_events.length ? events(doc.evidence_events) : h("p", { class: "muted" }, "No event proves it."),
    ruling.evidence && ruling.evidence.reason && ruling.verdict !== "upheld" ? h("p", {}, `Why not: ${ruling.evidence.reason}.`) : null,
    h("h4", {}, "Penalty"),
    doc.penalty.length ? events(doc.penalty) : h("p", { class: "muted" }, "No penalty."),
    doc.later.length ? [h("h4", {}, "Since then"), events(doc.later)] : null,
    h("details", { class: "read-aloud" }, h("summary", {}, "To read aloud at the table"), h("p", {}, doc.read_aloud)));
}

/**
 * The disputes panel: the claims with a button to read each, the one open laid out, and the form.
 * `opened` is the dispute shown (or null), `onOpen(n)` shows one, `onFile(claim)` opens a new one.
 */
export function disputesPanel(game, seatName, { opened, detail, onOpen, onFile }) {
  const view = game.view;
  const claims = claimsOf(view.rulings);
  const seats = (view.seats || []).map((_, s) => s);
  const hand = view.hand || {};
  const list = claims.length
    ? h("ol", { class: "claims" }, claims.map((c) => h("li", { "data-dispute": c.version },
      h("button", { type: "button", "data-key": `read-${c.version}`, "aria-expanded": String(opened === c.version), onclick: () => onOpen(c.version) },
        `Dispute ${c.version}: ${seatName(c.claimant)} against ${seatName(c.accused)}, hand ${c.hand}, trick ${c.trick}`,
        ` \u2014 ${c.verdict ? VERDICT[c.verdict] || c.verdict : "not ruled"}`))))
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
