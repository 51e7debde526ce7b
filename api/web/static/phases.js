// What the page asks for in each phase of a hand: the prompt line and the set-up panels
// (cut, trump call, deal, exchange, trump change). The choices offered are the referee's.
import { h } from "./dom.js";
import { cardText, suitLabel, SUIT_NAME, SUIT_SYMBOL } from "./cards.js";
import { readable } from "./labels.js";

const names = (seats, seatName) => seats.map(seatName).join(", ");

// What the seat to act does in a phase, where its name alone would not say it.
const PHASE_VERB = { bid: "bid", auction: "bid or pass", declare: "declare the contract" };
// Why a game ended, by the outcome's reason.
const REASON = { target: "reached the target", early: "led when the game was ended", hands: "led after the last hand" };

/** The line that says what happens next, for everyone at the table. */
export function phasePrompt(game, seatName) {
  const view = game.view;
  const hand = view.hand;
  const toAct = game.to_act || [];
  const handNo = hand ? (hand.over ? hand.no + 1 : hand.no) : 1;
  if (game.outcome) {
    const o = game.outcome;
    const who = names(o.winners || [], seatName) || "nobody";
    const why = REASON[o.reason] || readable(o.reason).toLowerCase();
    return [h("strong", {}, "Game over. "), `${who} ${(o.winners || []).length > 1 ? "win" : "wins"} (${why}, hand ${o.hand}).`];
  }
  switch (view.phase) {
    case "cut": return [h("strong", {}, "The cut. "), `${names(toAct, seatName)} to draw for the first deal.`];
    case "call_trump": return [h("strong", {}, `Hand ${handNo}. `), `${seatName(view.dealer)} (dealer) calls trump.`];
    case "deal": return [h("strong", {}, `Hand ${handNo}. `), `${seatName(view.dealer)} deals`,
      hand && !hand.over && hand.trump ? ["; trump is ", suitLabel(hand.trump)] : "", "."];
    case "exchange": return [h("strong", {}, `Hand ${handNo}. `), `${seatName(view.dealer)} may exchange hands.`];
    case "play": return [h("strong", {}, `Trick ${hand.trick_no}. `), `${seatName(hand.turn)} to play.`];
    case "trump_change": return [h("strong", {}, "Trump change. "), `${seatName(view.dealer)} (dealer) names a new trump.`];
    default: // a phase the page has no words for: say it by its name
      return [hand ? h("strong", {}, `Hand ${handNo}, ${readable(view.phase).toLowerCase()}. `) : "",
        toAct.length ? `${names(toAct, seatName)} to ${PHASE_VERB[view.phase] || "act"}.` : ""];
  }
}

/** The Queens among a trick's cards (a card's code starts with its rank). */
const queensOf = (trick) => trick.cards.filter((c) => c.startsWith("Q"));

/** The referee's question after a 2-Queens trick: the dealer names a new trump. */
export function trumpChangePanel(game, seatName, choices, act) {
  const hand = game.view.hand;
  const last = hand.tricks && hand.tricks.length ? hand.tricks[hand.tricks.length - 1] : null;
  return [
    h("h2", {}, "Two Queens fell: a new trump"),
    // The Queens that made the change, not the trick's other cards.
    h("p", {}, last ? `${seatName(last.winner)} won ${queensOf(last).map(cardText).join(" and ")} in trick ${last.trick}. ` : "",
      `${seatName(game.view.dealer)}, the dealer, names the new trump (not `, suitLabel(hand.trump), ")."),
    choices.length
      ? h("p", { class: "buttons" }, choices.map((c) => h("button", {
        type: "button", class: `suit suit-${c.suit}`, "data-key": `change-${c.suit}`, "data-suit": c.suit, onclick: () => act(c),
      }, `${SUIT_SYMBOL[c.suit]} ${SUIT_NAME[c.suit]}`)))
      : h("p", { class: "muted" }, "Waiting for the scorekeeper to log the dealer's choice."),
  ];
}

/** The cut: each seat still to draw, the referee drawing for it or the card drawn at the table. */
export function cutPanel(game, seatName, legal, act) {
  const view = game.view;
  const rows = (game.to_act || []).filter((s) => (legal[s] || []).some((a) => a.action === "cut")).map((s) => {
    const input = h("input", { name: "card", autocomplete: "off", placeholder: "card drawn", size: 6, "aria-label": `Card drawn by ${seatName(s)}`, "data-key": `cut-card-${s}` });
    return h("form", { class: "inline cut", onsubmit: (e) => { e.preventDefault(); act(input.value.trim() ? { action: "cut", seat: s, card: input.value.trim() } : { action: "cut", seat: s }); } },
      h("strong", {}, seatName(s)), input,
      h("button", { type: "submit", "data-key": `cut-${s}` }, "Log the card"),
      h("button", { type: "button", "data-key": `cut-draw-${s}`, onclick: () => act({ action: "cut", seat: s }) }, "Referee draws"));
  });
  const drawn = (view.cuts || []).map((c) => h("li", {}, `Round ${c.round}: ${seatName(c.seat)} drew ${cardText(c.card)}`));
  return [h("h2", {}, "The cut for the first deal"), rows, drawn.length ? h("ul", { class: "cuts" }, drawn) : null];
}

/** The deal: enter each hand, or let the referee shuffle (known record); nothing to enter (blind). */
export function dealPanel(game, seatName, deals, act) {
  if (!deals.length) return [h("p", { class: "muted" }, "The dealer deals.")];
  const view = game.view;
  if (game.record !== "known") {
    return [h("h2", {}, "The deal"), h("p", {}, "A blind record logs no hands: log the deal once the cards are out."),
      h("button", { type: "button", class: "primary", "data-key": "deal", onclick: () => act({ action: "deal" }) }, "The cards are dealt")];
  }
  const seats = view.seats || [];
  const areas = seats.map((name, s) => h("label", {}, `${name}'s hand`, h("textarea", { name: `hand-${s}`, rows: 2, autocomplete: "off", spellcheck: "false", placeholder: "e.g. QS AS 10h 2c ..." })));
  if (view.options && view.options.four_hands) areas.push(h("label", {}, "The extra hand", h("textarea", { name: "extra", rows: 2, spellcheck: "false" })));
  const split = (text) => text.split(/[\s,;]+/).filter(Boolean);
  const form = h("form", { class: "deal-hands", onsubmit: (e) => {
    e.preventDefault();
    const body = { action: "deal", hands: seats.map((_, s) => split(form.elements[`hand-${s}`].value)) };
    if (form.elements.extra) body.extra = split(form.elements.extra.value);
    act(body);
  } }, areas, h("button", { type: "submit", class: "primary" }, "Log these hands"));
  return [
    h("h2", {}, "The deal"),
    h("p", {}, h("button", { type: "button", class: "primary", "data-key": "deal", onclick: () => act({ action: "deal" }) }, "Shuffle and deal (the referee deals)")),
    h("details", { class: "enter-hands" }, h("summary", {}, "Or enter the hands as dealt at the table"), form),
  ];
}
