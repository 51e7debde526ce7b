// Readable words for whatever the referee sends: action names, field names and their values.
// Nothing here knows a game: a value is drawn after what it is (a card, a suit, a seat number in a
// field that names a seat), so a new game's actions and views read well without a page change.
import { t } from "./texts.js";
import { cardFace, cardText, suitLabel, SUIT_NAME, SUIT_SYMBOL } from "./cards.js";

// A card, a second deck's copy of one (7H#2), or a Joker, declared or not (JK1, JK1=QS).
const CARD = /^((10|[2-9JQKA])[CDHS](#\d+)?|JK\d*(=(10|[2-9JQKA])[CDHS])?)$/;

/** Whether a value is a card code such as "QS" or "10H". */
export const isCard = (value) => typeof value === "string" && CARD.test(value);

/** Whether a value is a suit code such as "H". */
export const isSuit = (value) => typeof value === "string" && Object.prototype.hasOwnProperty.call(SUIT_NAME, value);

// Fields whose integer value is a seat number (the views and the legal actions name seats so).
const SEAT_FIELDS = new Set(["seat", "seats", "dealer", "leader", "turn", "winner", "declarer", "high_bidder",
  "challenge", "accused", "claimant", "holder", "target", "attacker", "defender", "asker"]);

// A few names read better in other words than their own.
const WORDS = {
  tricks_won: t("labels.tricks_won"), queens_won: t("labels.queens_won"), bids: t("labels.bids"), high_bid: t("labels.high_bid"),
  trump_by: t("labels.trump_by"), partners_revealed: t("labels.partners_revealed"), quota: t("labels.quota"),
  challenge: t("labels.challenge"),
};

/** "card_points" -> "Card points" (or the better word where there is one). */
export function readable(name) {
  if (WORDS[name]) return WORDS[name];
  const words = String(name).replace(/_/g, " ").trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const isScalar = (v) => v === null || ["string", "number", "boolean"].includes(typeof v);

/** Whether a value is a plain value or a short list of them (what a fact line can show). */
export function isSmall(value, longest = 8) {
  return isScalar(value) || (Array.isArray(value) && value.length <= longest && value.every(isScalar));
}

/**
 * A field's value as page content: cards as faces, suits with their symbol, seat numbers as names
 * (in fields that name a seat), booleans as yes/no, lists and small objects in words.
 */
export function valueContent(name, value, seatName) {
  if (value === null || value === undefined) return "";
  if (Array.isArray(value)) {
    return value.map((v, i) => [i ? (isCard(v) ? " " : ", ") : "", valueContent(name, v, seatName)]);
  }
  if (typeof value === "object") {
    return Object.entries(value).filter(([, v]) => v !== null && v !== undefined)
      .map(([k, v], i) => [i ? ", " : "", `${readable(k).toLowerCase()} `, valueContent(k, v, seatName)]);
  }
  if (SEAT_FIELDS.has(name) && Number.isInteger(value)) return seatName(value);
  if (isCard(value)) return cardFace(value);
  if (isSuit(value)) return suitLabel(value);
  if (typeof value === "boolean") return value ? t("sheet.yes") : t("sheet.no");
  return String(value);
}

/** A value in plain text (for select options and accessible names): "Q♠", "♥ hearts", "Bob". */
export function valueText(name, value, seatName) {
  if (value === null || value === undefined) return "";
  if (Array.isArray(value)) return value.map((v) => valueText(name, v, seatName)).join(" ");
  if (SEAT_FIELDS.has(name) && Number.isInteger(value)) return seatName(value);
  if (isCard(value)) return cardText(value);
  if (isSuit(value)) return `${SUIT_SYMBOL[value]} ${SUIT_NAME[value]}`;
  if (typeof value === "boolean") return value ? t("sheet.yes") : t("sheet.no");
  return String(value);
}

/** The fields of a legal action that say what it does (not which action, nor who gives it). */
export function actionFields(action) {
  return Object.entries(action).filter(([k, v]) => k !== "action" && k !== "seat" && v !== null && v !== undefined);
}

// Choices that read better as a sentence than as their fields, by action name.
const SAYS = {
  exchange_hand: (a) => (a.exchange ? t("labels.exchange") : t("labels.keep")),
  announce_challenge: () => t("labels.announce_challenge"),
  end_turn: (a) => (a.discards && a.discards.length ? t("labels.end_turn.discarding", { cards: a.discards.map(cardText).join(" ") }) : t("labels.end_turn")),
};

/** What a choice's button says, beside its action's name: "75", "♣ clubs", "Pass". */
export function choiceContent(action, seatName) {
  if (SAYS[action.action]) return SAYS[action.action](action);
  const fields = actionFields(action);
  if (!fields.length) return readable(action.action);
  return fields.map(([k, v], i) => [i ? ", " : "", fields.length > 1 ? `${readable(k).toLowerCase()} ` : "", valueContent(k, v, seatName)]);
}

/** A whole action in one line of text: "Bob: bid 75", "Cat: declare trump ♣ clubs, called 3♣ 4♣". */
export function actionText(action, seatName) {
  const who = action.seat !== undefined && action.seat !== null ? `${seatName(action.seat)}: ` : "";
  if (SAYS[action.action]) return `${who}${SAYS[action.action](action)}`;
  // "bid 75", not "bid bid 75", and "play A♠", not "play card A♠": a lone field goes without its name.
  const all = actionFields(action);
  const fields = all.map(([k, v]) => `${k === action.action || all.length === 1 ? "" : `${readable(k).toLowerCase()} `}${valueText(k, v, seatName)}`);
  return `${who}${readable(action.action).toLowerCase()}${fields.length ? ` ${fields.join(", ")}` : ""}`;
}
