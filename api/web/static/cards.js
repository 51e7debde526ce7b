// How cards and suits look on the page. Display only: which card may be played is the referee's.
import { h } from "./dom.js";

export const SUIT_SYMBOL = { C: "\u2663", D: "\u2666", H: "\u2665", S: "\u2660" };
export const SUIT_NAME = { C: "clubs", D: "diamonds", H: "hearts", S: "spades" };
const RANK_NAME = { A: "ace", K: "king", Q: "queen", J: "jack" };

export const suitOf = (card) => card.slice(-1);
export const rankOf = (card) => card.slice(0, -1);

/** "Q♠" for QS. */
export function cardText(card) {
  return `${rankOf(card)}${SUIT_SYMBOL[suitOf(card)] || suitOf(card)}`;
}

/** "queen of spades" for screen readers. */
export function cardName(card) {
  const rank = rankOf(card);
  return `${RANK_NAME[rank] || rank} of ${SUIT_NAME[suitOf(card)] || suitOf(card)}`;
}

/** A card's face as an inline element (red or black suit, readable contrast either way). */
export function cardFace(card) {
  return h("span", { class: `face suit-${suitOf(card)}`, "aria-label": cardName(card) }, cardText(card));
}

/** A suit with its symbol: "♥ hearts". */
export function suitLabel(suit) {
  return h("span", { class: `suit-${suit}` }, `${SUIT_SYMBOL[suit] || ""} ${SUIT_NAME[suit] || suit}`);
}

/** A list of cards in words, for messages: "3♠, 7♠". */
export function cardsText(cards) {
  return cards.map(cardText).join(", ");
}
