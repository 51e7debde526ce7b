// The referee's rulings, claims, take-backs and accepted penalties, in words.
import { h } from "./dom.js";
import { cardFace, cardsText, SUIT_NAME } from "./cards.js";

/** A short sentence for one entry of the view's `rulings` list: the words the view carries (the
 * game's own, with the players' names). The director sees the referee's window letter too. */
export function rulingText(r, director = false) {
  const said = r.said || `${r.type.replace(/_/g, " ")} in trick ${r.trick ?? "?"}.`;
  return director && r.type === "ruling" && r.window ? `${said} (Window ${r.window}.)` : said;
}

const minus = (n) => `${n}`.replace("-", "\u2212");

/** What a ruling entry costs, in words: who loses how many points and why, or that it costs
 * nothing. Read from the view: the ruling, and the settings and penalties the hand records. */
export function consequenceText(r, game, seatName) {
  const seat = r.type === "ruling" ? r.accused : r.seat;
  const who = seatName(seat);
  const card = r.card ? cardsText([r.card]) : "the card";
  switch (r.type) {
    case "card_taken_back":
      return `${card} goes back to ${who}'s hand: no points lost, since nothing was played after it.`;
    case "penalty_accepted":
      return `${who} loses ${r.penalty} points (the penalty accepted), and the trick is played again from before ${card}.`;
    case "ruling": {
      if (r.verdict !== "upheld") return `Nobody loses points: ${(r.evidence && r.evidence.reason) || "nothing proves it"}.`;
      if (r.window === "A") return `${card} goes back to ${who}'s hand: no points lost, since nothing was played after it.`;
      const why = r.why || `${who} broke a rule of play in trick ${r.trick}`;
      const change = scoreChange(game, r, seat);
      if (change && change.setting) {
        const { before, after } = change.setting;
        return `${who} loses ${before - after} points (total ${minus(before)} \u2192 ${minus(after)}: into the dungeon), because ${why}.`;
      }
      if (change && change.penalty) return `${who} loses ${-change.penalty.amount} points, because ${why}.`;
      if (r.cost) return r.cost;
      return `No points change for it now, though ${why}.`;
    }
    default:
      return "";
  }
}

/** The setting or penalty a ruling made, from the hand in play or, once it is scored, its sheet. */
function scoreChange(game, r, seat) {
  const hand = game.view.hand && game.view.hand.no === r.hand ? game.view.hand : null;
  const line = hand ? null : ((game.scores && game.scores.hands) || []).find((x) => x.hand === r.hand);
  const sheetSeat = line ? (line.seats || []).find((x) => x.seat === seat) || line.seats[seat] : null;
  const settings = (hand ? (hand.settings || [])[seat] : sheetSeat && sheetSeat.settings) || [];
  const penalties = (hand ? (hand.penalties || [])[seat] : sheetSeat && sheetSeat.penalties) || [];
  const setting = settings.find((x) => x.trick === r.trick && x.reason === "renege");
  const penalty = penalties.find((x) => x.trick === r.trick);
  return setting || penalty ? { setting, penalty } : null;
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

/**
 * The rulings panel, newest first, the latest one highlighted. The hand in play (`game`'s, else
 * the last hand ruled) is shown open; each earlier hand's rulings fold under one line, so that a
 * long game's rulings do not push the claim form and the score sheet screens down.
 */
export function renderRulings(rulings, seatName, game = null, director = false) {
  if (!rulings || !rulings.length) return [h("h2", {}, "Rulings"), h("p", { class: "muted" }, "No claims or rulings yet.")];
  const newest = [...rulings].reverse();
  const item = (r) => h("li", { class: `ruling ${r.type} ${r.verdict || ""} ${r === newest[0] ? "latest" : ""}` },
    h("p", {}, rulingText(r, director)),
    game && r.type !== "claim" ? h("p", { class: "consequence" }, consequenceText(r, game, seatName)) : null,
    r.type === "ruling" ? h("ul", { class: "evidence", "aria-label": "Evidence" }, evidenceItems(r.evidence)) : null);
  const hands = [...new Set(newest.map((r) => r.hand))];
  const current = game && game.view.hand ? game.view.hand.no : hands[0];
  const of = (hand) => newest.filter((r) => r.hand === hand);
  const earlier = hands.filter((hand) => hand !== current).map((hand) => h("details", { class: "earlier-hand", "data-hand": hand },
    h("summary", {}, `Hand ${hand ?? "?"}: ${of(hand).length} entr${of(hand).length === 1 ? "y" : "ies"}`),
    h("ol", { class: "rulings" }, of(hand).map(item))));
  return [h("h2", {}, "Rulings"),
    of(current).length ? h("ol", { class: "rulings", "data-hand": current }, of(current).map(item))
      : h("p", { class: "muted" }, `None in hand ${current}.`),
    earlier];
}
