// The referee's rulings, claims, take-backs and accepted penalties, in words: the sentences the
// view carries (each game's own words), and the page's texts from the catalogue (texts_en.js).
import { h } from "./dom.js";
import { cardFace, cardsText, SUIT_NAME } from "./cards.js";
import { t } from "./texts.js";

/** A short sentence for one entry of the view's `rulings` list: the words the view carries (the
 * game's own, with the players' names). The director sees the referee's window letter too. */
export function rulingText(r, director = false) {
  const said = r.said || t("rulings.entry", { what: r.type.replace(/_/g, " "), trick: r.trick ?? "?" });
  return director && r.type === "ruling" && r.window ? `${said} ${t("rulings.window", { window: r.window })}` : said;
}

const minus = (n) => `${n}`.replace("-", "\u2212");

/** What a ruling entry costs, in words: who loses how many points and why, or that it costs
 * nothing. Read from the view: the ruling, and the settings and penalties the hand records. */
export function consequenceText(r, game, seatName) {
  const seat = r.type === "ruling" ? r.accused : r.seat;
  const who = seatName(seat);
  const card = r.card ? cardsText([r.card]) : t("rulings.the_card");
  switch (r.type) {
    case "card_taken_back":
      return t("rulings.cost.back", { card, who });
    case "penalty_accepted":
      return t("rulings.cost.accepted", { who, points: r.penalty, card });
    case "ruling": {
      if (r.verdict !== "upheld") return t("rulings.cost.not_proven");
      if (r.window === "A") return t("rulings.cost.back", { card, who });
      const why = r.why || t("rulings.broke", { who, trick: r.trick });
      const change = scoreChange(game, r, seat);
      if (change && change.setting) {
        const { before, after } = change.setting;
        return t("rulings.cost.setting", { who, points: before - after, before: minus(before), after: minus(after), why });
      }
      if (change && change.penalty) return t("rulings.cost.penalty", { who, points: -change.penalty.amount, why });
      if (r.cost) return r.cost;
      return t("rulings.cost.none", { why });
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

/** The evidence of a ruling as a list of facts (the ruling's sentence says why, and its cost is
 * said beside it: neither is repeated here). */
export function evidenceItems(evidence) {
  if (!evidence) return [];
  const items = [];
  if (evidence.card) items.push(h("li", {}, t("rulings.evidence.card"), " ", cardFace(evidence.card),
    evidence.trick ? ` ${t("rulings.evidence.in_trick", { trick: evidence.trick })}` : ""));
  if (evidence.suit && SUIT_NAME[evidence.suit]) items.push(h("li", {}, t("rulings.evidence.suit", { suit: SUIT_NAME[evidence.suit] })));
  if (evidence.held && evidence.held.length) items.push(h("li", {}, t("rulings.evidence.held"), " ", evidence.held.map(cardFace)));
  if (evidence.proof) items.push(h("li", {}, t("rulings.evidence.proof"), " ", cardFace(evidence.proof.card),
    ` ${t("rulings.evidence.in_trick", { trick: evidence.proof.trick })}`));
  if (evidence.shown) items.push(h("li", {}, t("rulings.evidence.shown"), " ", cardFace(evidence.shown)));
  if (evidence.penalty_declined) items.push(h("li", {}, t("rulings.evidence.declined")));
  return items;
}

/**
 * The rulings panel, newest first, the latest one highlighted. The hand in play (`game`'s, else
 * the last hand ruled) is shown open; each earlier hand's rulings fold under one line, so that a
 * long game's rulings do not push the claim form and the score sheet screens down. The director's
 * (`director`) shows each ruling's window letter.
 */
export function renderRulings(rulings, seatName, game = null, director = false) {
  if (!rulings || !rulings.length) return [h("h2", {}, t("rulings.title")), h("p", { class: "muted" }, t("rulings.none"))];
  const newest = [...rulings].reverse();
  const item = (r) => h("li", { class: `ruling ${r.type} ${r.verdict || ""} ${r === newest[0] ? "latest" : ""}` },
    h("p", {}, rulingText(r, director)),
    game && r.type !== "claim" ? h("p", { class: "consequence" }, consequenceText(r, game, seatName)) : null,
    r.type === "ruling" ? h("ul", { class: "evidence", "aria-label": t("rulings.evidence") }, evidenceItems(r.evidence)) : null);
  const hands = [...new Set(newest.map((r) => r.hand))];
  const current = game && game.view.hand ? game.view.hand.no : hands[0];
  const of = (hand) => newest.filter((r) => r.hand === hand);
  const earlier = hands.filter((hand) => hand !== current).map((hand) => h("details", { class: "earlier-hand", "data-hand": hand },
    h("summary", {}, t(of(hand).length === 1 ? "rulings.hand.one" : "rulings.hand.many", { hand: hand ?? "?", n: of(hand).length })),
    h("ol", { class: "rulings" }, of(hand).map(item))));
  return [h("h2", {}, t("rulings.title")),
    of(current).length ? h("ol", { class: "rulings", "data-hand": current }, of(current).map(item))
      : h("p", { class: "muted" }, t("rulings.none_in_hand", { hand: current })),
    earlier];
}
