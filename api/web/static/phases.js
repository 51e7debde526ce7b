// What the page asks for in each phase of a hand: the prompt line and the set-up panels
// (cut, trump call, deal, exchange, trump change). The choices offered are the referee's.
import { h } from "./dom.js";
import { cardText, suitLabel, SUIT_NAME, SUIT_SYMBOL } from "./cards.js";
import { readable } from "./labels.js";
import { t } from "./texts.js";

const names = (seats, seatName) => seats.map(seatName).join(", ");

// What the seat to act does in a phase, where its name alone would not say it (catalogue keys).
const PHASE_VERB = { bid: "phases.verb.bid", auction: "phases.verb.auction", declare: "phases.verb.declare" };
// Why a game ended, by the outcome's reason (catalogue keys).
const REASON = { target: "phases.reason.target", early: "phases.reason.early", hands: "phases.reason.hands" };

/** The line that says what happens next, for everyone at the table. */
export function phasePrompt(game, seatName) {
  const view = game.view;
  const hand = view.hand;
  const toAct = game.to_act || [];
  const handNo = hand ? (hand.over ? hand.no + 1 : hand.no) : 1;
  if (game.outcome) {
    const o = game.outcome;
    const who = names(o.winners || [], seatName) || t("phases.nobody");
    const why = REASON[o.reason] ? t(REASON[o.reason]) : readable(o.reason).toLowerCase();
    return [h("strong", {}, t("phases.over")), " ", t((o.winners || []).length > 1 ? "phases.over.win" : "phases.over.wins", { who, why, hand: o.hand })];
  }
  switch (view.phase) {
    case "cut": return [h("strong", {}, t("phases.cut")), " ", t("phases.cut.who", { who: names(toAct, seatName) })];
    case "call_trump": return [h("strong", {}, t("phases.hand", { hand: handNo })), " ", t("phases.call_trump", { dealer: seatName(view.dealer) })];
    case "deal": return [h("strong", {}, t("phases.hand", { hand: handNo })), " ", t("phases.deal", { dealer: seatName(view.dealer) }),
      hand && !hand.over && hand.trump ? [t("phases.deal.trump"), " ", suitLabel(hand.trump)] : "", "."];
    case "exchange": return [h("strong", {}, t("phases.hand", { hand: handNo })), " ", t("phases.exchange", { dealer: seatName(view.dealer) })];
    case "play": return [h("strong", {}, t("phases.trick", { trick: hand.trick_no })), " ", t("phases.play", { who: seatName(hand.turn) })];
    case "trump_change": return [h("strong", {}, t("phases.trump_change")), " ", t("phases.trump_change.who", { dealer: seatName(view.dealer) })];
    default: // a phase the page has no words for: say it by its name
      return [hand ? h("strong", {}, t("phases.hand_phase", { hand: handNo, phase: readable(view.phase).toLowerCase() })) : "",
        hand ? " " : "",
        toAct.length ? t("phases.to_act", { who: names(toAct, seatName), verb: PHASE_VERB[view.phase] ? t(PHASE_VERB[view.phase]) : t("phases.verb.act") }) : ""];
  }
}

/** The Queens among a trick's cards (a card's code starts with its rank). */
const queensOf = (trick) => trick.cards.filter((c) => c.startsWith("Q"));

/** The referee's question after a 2-Queens trick: the dealer names a new trump. */
export function trumpChangePanel(game, seatName, choices, act) {
  const hand = game.view.hand;
  const last = hand.tricks && hand.tricks.length ? hand.tricks[hand.tricks.length - 1] : null;
  return [
    h("h2", {}, t("phases.change.title")),
    // The Queens that made the change, not the trick's other cards.
    h("p", {}, last ? t("phases.change.won", { who: seatName(last.winner), queens: queensOf(last).map(cardText).join(t("phases.and")), trick: last.trick }) + " " : "",
      t("phases.change.names", { dealer: seatName(game.view.dealer) }), " ", suitLabel(hand.trump), ")."),
    choices.length
      ? h("p", { class: "buttons" }, choices.map((c) => h("button", {
        type: "button", class: `suit suit-${c.suit}`, "data-key": `change-${c.suit}`, "data-suit": c.suit, onclick: () => act(c),
      }, `${SUIT_SYMBOL[c.suit]} ${SUIT_NAME[c.suit]}`)))
      : h("p", { class: "muted" }, t("phases.change.waiting")),
  ];
}

/** The cut: each seat still to draw, the referee drawing for it or the card drawn at the table. */
export function cutPanel(game, seatName, legal, act) {
  const view = game.view;
  const rows = (game.to_act || []).filter((s) => (legal[s] || []).some((a) => a.action === "cut")).map((s) => {
    const input = h("input", { name: "card", autocomplete: "off", placeholder: t("phases.cut.placeholder"), size: 6, "aria-label": t("phases.cut.drawn_by", { who: seatName(s) }), "data-key": `cut-card-${s}` });
    return h("form", { class: "inline cut", onsubmit: (e) => { e.preventDefault(); act(input.value.trim() ? { action: "cut", seat: s, card: input.value.trim() } : { action: "cut", seat: s }); } },
      h("strong", {}, seatName(s)), input,
      h("button", { type: "submit", "data-key": `cut-${s}` }, t("phases.cut.log")),
      h("button", { type: "button", "data-key": `cut-draw-${s}`, onclick: () => act({ action: "cut", seat: s }) }, t("phases.cut.referee")));
  });
  const drawn = (view.cuts || []).map((c) => h("li", {}, t("phases.cut.drew", { round: c.round, who: seatName(c.seat), card: cardText(c.card) })));
  return [h("h2", {}, t("phases.cut.title")), rows, drawn.length ? h("ul", { class: "cuts" }, drawn) : null];
}

/** The deal: enter each hand, or let the referee shuffle (known record); nothing to enter (blind). */
export function dealPanel(game, seatName, deals, act) {
  if (!deals.length) return [h("p", { class: "muted" }, t("phases.deal.waiting"))];
  const view = game.view;
  if (game.record !== "known") {
    return [h("h2", {}, t("phases.deal.title")), h("p", {}, t("phases.deal.blind")),
      h("button", { type: "button", class: "primary", "data-key": "deal", onclick: () => act({ action: "deal" }) }, t("phases.deal.dealt"))];
  }
  const seats = view.seats || [];
  const areas = seats.map((name, s) => h("label", {}, t("phases.deal.hand_of", { name }), h("textarea", { name: `hand-${s}`, rows: 2, autocomplete: "off", spellcheck: "false", placeholder: t("phases.deal.placeholder") })));
  if (view.options && view.options.four_hands) areas.push(h("label", {}, t("phases.deal.extra"), h("textarea", { name: "extra", rows: 2, spellcheck: "false" })));
  const split = (text) => text.split(/[\s,;]+/).filter(Boolean);
  const form = h("form", { class: "deal-hands", onsubmit: (e) => {
    e.preventDefault();
    const body = { action: "deal", hands: seats.map((_, s) => split(form.elements[`hand-${s}`].value)) };
    if (form.elements.extra) body.extra = split(form.elements.extra.value);
    act(body);
  } }, areas, h("button", { type: "submit", class: "primary" }, t("phases.deal.log")));
  return [
    h("h2", {}, t("phases.deal.title")),
    h("p", {}, h("button", { type: "button", class: "primary", "data-key": "deal", onclick: () => act({ action: "deal" }) }, t("phases.deal.shuffle"))),
    h("details", { class: "enter-hands" }, h("summary", {}, t("phases.deal.enter")), form),
  ];
}
