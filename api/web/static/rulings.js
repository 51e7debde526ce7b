// The referee's rulings, claims, take-backs and accepted penalties, in words.
import { h } from "./dom.js";
import { cardFace, cardsText, SUIT_NAME } from "./cards.js";

const KIND = {
  renege: "did not follow suit",
  trump_lead: "led trump before it was broken",
  challenge: "did not play a Queen under the Queen's Challenge",
};
const WINDOW = {
  A: "window A: found before another card was played, the card goes back",
  B: "window B: found in the same trick, the penalty may be accepted",
  C: "window C: found after the next lead",
  D: "window D: found after the hand",
};

/** A short sentence for one entry of the view's `rulings` list. */
export function rulingText(r, seatName) {
  switch (r.type) {
    case "claim":
      return `${seatName(r.claimant)} claims ${seatName(r.accused)} broke the rules in trick ${r.trick} of hand ${r.hand}` +
        (r.shown ? `, showing ${cardsText([r.shown])}.` : ".");
    case "ruling": {
      const verdict = r.verdict === "upheld" ? "upheld" : r.verdict === "not_proven" ? "not proven" : r.verdict;
      return `Ruling: ${seatName(r.accused)} ${KIND[r.kind] || r.kind} with ${cardsText([r.card])} in trick ${r.trick} ` +
        `of hand ${r.hand}: ${verdict}` + (r.verdict === "upheld" && WINDOW[r.window] ? ` (${WINDOW[r.window]}).` : ".");
    }
    case "penalty_accepted":
      return `${seatName(r.seat)} accepted the ${r.penalty}-point penalty for ${cardsText([r.card])} in trick ${r.trick}; ` +
        "play goes on from before that card.";
    case "card_taken_back":
      return `${seatName(r.seat)} took back ${cardsText([r.card])} in trick ${r.trick}.`;
    default:
      return `${r.type.replace(/_/g, " ")} in trick ${r.trick ?? "?"}.`;
  }
}

/** The evidence of a ruling as a list of facts. */
export function evidenceItems(evidence) {
  if (!evidence) return [];
  const items = [];
  if (evidence.card) items.push(h("li", {}, "Card played: ", cardFace(evidence.card), evidence.trick ? ` in trick ${evidence.trick}` : ""));
  if (evidence.suit && SUIT_NAME[evidence.suit]) items.push(h("li", {}, `Suit in question: ${SUIT_NAME[evidence.suit]}`));
  if (evidence.held && evidence.held.length) items.push(h("li", {}, "They held: ", evidence.held.map(cardFace)));
  if (evidence.proof) items.push(h("li", {}, "Proof: they later played ", cardFace(evidence.proof.card), ` in trick ${evidence.proof.trick}`));
  if (evidence.shown) items.push(h("li", {}, "Card shown at the table: ", cardFace(evidence.shown)));
  if (evidence.reason) items.push(h("li", {}, `Why: ${evidence.reason}`));
  if (typeof evidence.penalty === "string") items.push(h("li", {}, `Penalty: ${evidence.penalty}`));
  if (evidence.penalty_declined) items.push(h("li", {}, "The penalty offer in window B was not taken."));
  return items;
}

/** The rulings panel, newest first, the latest one highlighted. */
export function renderRulings(rulings, seatName) {
  if (!rulings || !rulings.length) return [h("h2", {}, "Rulings"), h("p", { class: "muted" }, "No claims or rulings yet.")];
  const list = [...rulings].reverse().map((r, i) => h("li", { class: `ruling ${r.type} ${r.verdict || ""} ${i === 0 ? "latest" : ""}` },
    h("p", {}, rulingText(r, seatName)),
    r.type === "ruling" ? h("ul", { class: "evidence", "aria-label": "Evidence" }, evidenceItems(r.evidence)) : null));
  return [h("h2", {}, "Rulings"), h("ol", { class: "rulings", reversed: true }, list)];
}
