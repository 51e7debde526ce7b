// A blind Dungeon record names each card as the table sees it: a passage, a creature, a defence,
// the card a Myrmiddon asks for, the hand shown to its asker, a Graverobber's take, the discards.
// Every card is named with the card entry (entry.js: a suit, then a rank). An action that names one
// card beside the card played, or a list of cards, is a form: its cards are named one by one and
// shown as they are named, its other fields (whom it targets) are buttons, and the referee checks
// the whole when it is sent. Where the referee lists the choices, the form offers those; where it
// cannot (the cards of a hand nobody saw, the hand as the asker saw it) every card of the deck.
import { t } from "./texts.js";
import { h, fill, notify } from "./dom.js";
import { cardEntry } from "./entry.js";
import { cardName, cardText, suitOf } from "./cards.js";
import { actionFields, isCard, readable, valueText } from "./labels.js";

/** Fields naming one card beside the card played: the Myrmiddon's ask, the Graverobber's take. */
const NAMED = new Set(["ask", "take"]);

const RANKS = ["A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2"];
const DECK = ["S", "H", "D", "C"].flatMap((s) => RANKS.map((r) => `${r}${s}`));

/**
 * Every card of a deck, for a list the referee cannot list. With Jokers Wild (an option of the game,
 * as its GameCreated gave it: the Jokers in the deck) the Joker too: as itself in a hand shown, or
 * (`played`) declared as each rank, in spades, as the referee lists a Joker played as a card.
 */
export function deckOf(options, played = false) {
  if (!(options && options.jokers_wild)) return DECK;
  return [...DECK, ...(played ? RANKS.slice(1).reverse().map((r) => `JK=${r}S`) : ["JK"])];
}

const isCardList = (v) => Array.isArray(v) && v.length > 0 && v.every(isCard);

/** Whether a group of variants of one action is entered with this form (it names cards). */
export function namesCards(variants) {
  return variants.some((a) => actionFields(a).some(([k, v]) => NAMED.has(k) || isCardList(v)));
}

/**
 * The form of one action of `seat` from its variants (the referee's list, or the page's when the
 * referee lists none): the fields with one value are fixed, a list of cards and a NAMED card are
 * named by suit then rank, the others are buttons. `unlisted` adds the fields of cards the referee
 * cannot list: {name: {values, list, count}} (`count`: how many cards the list must hold, if known).
 * `title` names the action (its heading and its button); `heading` says more above the form, if
 * given (a defence: the creature it faces).
 */
export function namedForm({ action, seat, variants = [], unlisted = {}, seatName, act, title = null, heading = null }) {
  const fixed = {};
  const fields = []; // {name, list, values, count}
  const values = new Map();
  for (const a of variants) {
    for (const [k, v] of actionFields(a)) {
      if (!values.has(k)) values.set(k, []);
      const seen = values.get(k);
      for (const x of Array.isArray(v) ? v : [v]) if (!seen.includes(x)) seen.push(x);
    }
  }
  for (const [k, vs] of values) {
    const list = variants.some((a) => Array.isArray(a[k]));
    if (list) fields.push({ name: k, list, values: vs, count: variants[0][k].length });
    else if (vs.length === 1 && !NAMED.has(k)) fixed[k] = vs[0];
    else fields.push({ name: k, list, values: vs, count: 1 });
  }
  for (const [k, spec] of Object.entries(unlisted)) fields.push({ name: k, list: Boolean(spec.list), values: spec.values, count: spec.count || 0 });

  const chosen = Object.fromEntries(fields.map((f) => [f.name, f.list ? [] : f.values.length === 1 ? f.values[0] : null]));
  const form = h("form", { class: "named", "data-action": action, "data-seat": seat, onsubmit: (e) => { e.preventDefault(); send(); } });
  const send = () => {
    const missing = fields.find((f) => !f.list && chosen[f.name] === null);
    if (missing) { notify(t("named.choose_first", { field: readable(missing.name).toLowerCase() })); return; }
    act({ action, seat, ...fixed, ...chosen });
  };
  const toggle = (f, value) => {
    if (f.list) {
      const list = chosen[f.name];
      const at = list.indexOf(value);
      if (at >= 0) list.splice(at, 1); else list.push(value);
    } else chosen[f.name] = chosen[f.name] === value ? null : value;
    draw();
  };
  const isChosen = (f, value) => (f.list ? chosen[f.name].includes(value) : chosen[f.name] === value);
  const cardButton = (f) => (c) => h("button", {
    type: "button", class: `card suit-${suitOf(c)}`, "data-card": c, "data-field": f.name, "data-key": `${action}-${f.name}-${c}`,
    "aria-pressed": isChosen(f, c) ? "true" : "false", "aria-label": cardName(c), onclick: () => toggle(f, c),
  }, cardText(c));
  const field = (f) => {
    const name = readable(f.name);
    if (!f.values.every(isCard)) {
      return h("div", { class: "field", "data-field": f.name }, h("h4", {}, name), h("p", { class: "buttons" }, f.values.map((v) => h("button", {
        type: "button", "data-field": f.name, "data-value": String(v), "aria-pressed": isChosen(f, v) ? "true" : "false",
        onclick: () => toggle(f, v),
      }, valueText(f.name, v, seatName)))));
    }
    const named = f.list ? chosen[f.name] : chosen[f.name] ? [chosen[f.name]] : [];
    const want = f.list && f.count ? t("named.count", { n: named.length, of: f.count }) : "";
    return h("div", { class: "field", "data-field": f.name },
      h("h4", {}, t("named.field", { name, want }), h("span", { class: "named-cards" }, named.length ? named.map(cardText).join(" ") : t("named.none_yet"))),
      h("div", { class: "entry", "data-field": f.name }, cardEntry({ cards: f.values, button: cardButton(f), bySuit: true, label: name, counted: t("named.offered") })));
  };
  const draw = () => fill(form,
    h("h3", {}, heading || t("named.heading", { who: seatName(seat), what: title || readable(action).toLowerCase() })),
    fields.map(field),
    h("button", { type: "submit", class: "primary", "data-key": `${action}-${seat}-named` }, t("named.log", { what: title || readable(action).toLowerCase() })));
  draw();
  return form;
}
