// How cards and suits look on the page. Display only: which card may be played is the referee's.
import { t } from "./texts.js";
import { h } from "./dom.js";

export const SUIT_SYMBOL = { C: "\u2663", D: "\u2666", H: "\u2665", S: "\u2660" };
export const SUIT_NAME = { C: t("cards.clubs"), D: t("cards.diamonds"), H: t("cards.hearts"), S: t("cards.spades") };
const RANK_NAME = { A: t("cards.ace"), K: t("cards.king"), Q: t("cards.queen"), J: t("cards.jack") };

// With two decks a card names its copy (7H#2), and a Joker is JK1..JK4, played declared as a card
// (JK1=QS); on the page a copy reads as its card, a Joker as "Joker" or "Joker as Q♠".
const face = (card) => String(card).replace(/#\d+$/, "");
const JOKER = /^JK\d*(?:=(.+))?$/;

export const suitOf = (card) => (JOKER.test(face(card)) ? "J" : face(card).slice(-1));
export const rankOf = (card) => face(card).slice(0, -1);

/** "Q♠" for QS (and for its second copy QS#2); "Joker", "Joker as Q♠". */
export function cardText(card) {
  const joker = JOKER.exec(face(card));
  if (joker) return joker[1] ? t("cards.joker_as", { card: cardText(joker[1]) }) : t("cards.joker");
  return `${rankOf(card)}${SUIT_SYMBOL[suitOf(card)] || suitOf(card)}`;
}

/** "queen of spades" for screen readers. */
export function cardName(card) {
  const joker = JOKER.exec(face(card));
  if (joker) return joker[1] ? t("cards.joker_as.name", { card: cardName(joker[1]) }) : t("cards.joker.name");
  const rank = rankOf(card);
  return t("cards.name", { rank: RANK_NAME[rank] || rank, suit: SUIT_NAME[suitOf(card)] || suitOf(card) });
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

// A card code written as a word of a sentence the service made ("Cat may take back 4C in trick 1").
const CARD_WORD = /(?<![\w#=])((?:10|[2-9JQKA])[CDHS](?:#\d+)?)(?![\w#=])/g;

/** A sentence with its card codes drawn as faces ("4♣"), as everywhere else on the page; a word
 * that is one of `names` (a player may be called "AS") stays as written. */
export function withFaces(text, names = []) {
  const out = [];
  let at = 0;
  for (const m of String(text).matchAll(CARD_WORD)) {
    if (names.includes(m[1])) continue;
    out.push(text.slice(at, m.index), cardFace(m[1]));
    at = m.index + m[1].length;
  }
  out.push(String(text).slice(at));
  return out;
}
