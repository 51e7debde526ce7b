// The card entry: the cards offered to the seat to play, in as little height as a phone has.
// A hand (a known record) is one block of its cards. Every card not yet seen (a blind record, up
// to 52) is a suit and then a rank: four suit tabs and the ranks of the open suit, two taps, so the
// entry never needs a scroll. The led suit is open first, since following suit is the usual case.
import { t } from "./texts.js";
import { fill, h } from "./dom.js";
import { SUIT_NAME, SUIT_SYMBOL, suitOf } from "./cards.js";

// Jokers (a game that plays them, declared as each card they may stand for) have a tab of their own.
const SUITS = ["S", "H", "D", "C", "J"];
const TAB = { ...SUIT_SYMBOL, J: t("entry.joker") };
const TAB_NAME = { ...SUIT_NAME, J: t("entry.jokers") };
let openSuit = null; // the suit tab the scorekeeper opened last (kept across redraws)

/**
 * The entry for `cards` (in the order given). `button(card)` makes one card's button (the page
 * decides what a tap does); `led` is the suit led in the current trick, if any; `bySuit` asks for
 * the suit-then-rank entry (many cards, no hand to show), each suit's tab saying how many of its
 * cards are offered (`counted`: what they are, "not seen" by default).
 */
export function cardEntry({ cards, button, led = null, bySuit = false, label = t("entry.cards"), counted = t("entry.not_seen") }) {
  if (!bySuit) return h("div", { class: "hand", role: "group", "aria-label": label }, cards.map(button));
  const suits = SUITS.filter((s) => cards.some((c) => suitOf(c) === s));
  const box = h("div", { class: "by-suit" });
  const draw = () => {
    const suit = suits.includes(openSuit) ? openSuit : suits.includes(led) ? led : suits[0];
    fill(box,
      h("div", { class: "suit-tabs", role: "group", "aria-label": t("entry.suit") }, suits.map((s) => h("button", {
        type: "button", class: `suit-tab suit-${s}`, "data-suit": s, "data-key": `suit-${s}`, "aria-pressed": s === suit ? "true" : "false",
        "aria-label": t("entry.tab", { suit: TAB_NAME[s], n: cards.filter((c) => suitOf(c) === s).length, counted }),
        onclick: () => { openSuit = s; draw(); },
      }, TAB[s], h("small", {}, ` ${cards.filter((c) => suitOf(c) === s).length}`)))),
      h("div", { class: "hand ranks", role: "group", "aria-label": `${label}: ${TAB_NAME[suit] || ""}` },
        cards.filter((c) => suitOf(c) === suit).map(button)));
  };
  draw();
  return box;
}

/** Forget the open suit (a new trick opens on the led suit again). */
export function resetSuit() {
  openSuit = null;
}
