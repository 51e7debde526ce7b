// The table panel: the facts of the hand in play, the current and last trick, and a row per seat.
// It shows what the view's hand section holds, generically: plain values and short lists as facts,
// lists with one entry per seat as columns of the seats' table. A few fields (by name, never by
// game) have a renderer of their own where plain words would read badly.
import { t } from "./texts.js";
import { h } from "./dom.js";
import { cardFace, suitLabel } from "./cards.js";
import { isSmall, readable, valueContent } from "./labels.js";

// Fields drawn in their own places (trick, last trick, seat badges) or meant for the referee only.
const NOT_FACTS = new Set(["no", "dealer", "leader", "turn", "trick", "tricks", "trick_no", "over", "your_hand",
  "hands", "extra", "irregularities", "unproven_claims", "holders", "trump_broken", "high_bidder", "dealt"]);

// Fields with a renderer of their own: (value, hand, seatName) -> content, or null to leave it out.
const FACTS = {
  trump: (v, hand) => (v ? [suitLabel(v), hand.trump_broken === true ? t("table.broken") : hand.trump_broken === false ? t("table.not_broken") : ""] : t("table.none_yet")),
  trump_by: (v, hand, seatName) => (v ? [t("table.whose", { who: seatName(v.seat) }), cardFace(v.card), t("table.in_trick", { trick: v.trick })] : null),
  high_bid: (v, hand, seatName) => (v === null || v === undefined ? t("table.none_yet")
    : [`${v}`, hand.high_bidder !== null && hand.high_bidder !== undefined ? t("table.by_bidder", { who: seatName(hand.high_bidder) }) : ""]),
  quota: (v) => (v ? t("table.quota", { n: v }) : null),
  challenge: (v, hand, seatName) => (v === null || v === undefined ? null : t("table.challenge_by", { who: seatName(v) })),
  auction: (v, hand, seatName) => (v && v.length
    ? v.map((b, i) => `${i ? ", " : ""}${seatName(b.seat)} ${b.bid === null || b.bid === undefined ? t("table.pass") : b.bid}`) : t("table.no_bid")),
  partners_revealed: (v, hand, seatName) => (v && v.length
    ? v.map((p, i) => [i ? "; " : "", seatName(p.seat), " (", cardFace(p.card), t("table.partner_trick", { trick: p.trick })]) : t("table.none_yet")),
  called: (v) => (v && v.length ? v.map((c) => [cardFace(c), " "]) : null),
};

// Badges a seat earns from a field that names seats.
const BADGES = {
  declarer: (v, s) => v === s,
  partner: (v, s, hand) => (hand.partners_revealed || []).some((p) => p.seat === s),
};

/** The hand's facts as [label, content] pairs, in the view's order. */
export function handFacts(hand, seatName, seatCount, phase) {
  const out = [[t("table.hand"), hand.no]];
  for (const [name, value] of Object.entries(hand)) {
    if (NOT_FACTS.has(name) || perSeat(value, seatCount)) continue;
    let content;
    if (FACTS[name]) content = FACTS[name](value, hand, seatName);
    else if (value === false || value === null || value === undefined) continue; // a flag not raised, a fact not yet known
    else if (isSmall(value) && !(Array.isArray(value) && !value.length)) content = valueContent(name, value, seatName);
    else continue;
    if (content !== null && content !== undefined) out.push([readable(name), content]);
  }
  if (hand.over) out.push([t("table.trick"), t("table.hand_over")]);
  else if (hand.trick_no && (phase === "play" || (hand.tricks && hand.tricks.length))) out.push([t("table.trick"), hand.trick_no]);
  return out;
}

/** A list with one plain value per seat: shown as a column of the seats' table. */
function perSeat(value, seatCount) {
  return Array.isArray(value) && seatCount > 1 && value.length === seatCount && value.every((v) => v === null || typeof v !== "object");
}

// Column heads kept short: six seats and five columns must fit a phone's width.
const COLUMN = {
  tricks_won: t("table.column.tricks"), queens_won: t("table.column.queens"), cards_left: t("table.column.left"),
  card_points: t("table.column.points"), bids: t("table.column.bid"),
};
// A seat's badges, by what earns them.
const BADGE_TEXT = {
  dealer: t("table.badge.dealer"), declarer: t("table.badge.declarer"), partner: t("table.badge.partner"), "to act": t("table.badge.to_act"),
};
const columnName = (name) => COLUMN[name] || readable(name);

const cell = (name, v) => (v === null || v === undefined ? "" : typeof v === "boolean" ? (v ? readable(name).toLowerCase() : "") : v);

/** The whole table panel's content. */
export function tablePanel(game, seatName) {
  const view = game.view;
  const hand = view.hand;
  const seats = view.seats || [];
  const toAct = game.to_act || [];
  const facts = [];
  if (view.dealer !== null && view.dealer !== undefined) facts.push([t("table.dealer"), seatName(view.dealer)]);
  if (hand) facts.push(...handFacts(hand, seatName, seats.length, view.phase));
  const playing = hand && !hand.over && (hand.trick_no || (hand.trick && hand.trick.length));
  const trick = hand && hand.trick && hand.trick.length
    ? h("ol", { class: "trick", "aria-label": t("table.current_trick") }, hand.trick.map((p) => h("li", { "data-seat": p.seat }, h("span", { class: "who" }, seatName(p.seat)), cardFace(p.card))))
    : h("p", { class: "muted" }, playing && view.phase === "play" ? t("table.no_card_yet") : "");
  const last = hand && hand.tricks && hand.tricks.length ? hand.tricks[hand.tricks.length - 1] : null;
  const lastTrick = last ? h("p", { class: "last-trick" }, t("table.last_trick", { trick: last.trick, who: seatName(last.winner) }),
    last.cards.map((c) => [cardFace(c), " "]), last.queens ? t(last.queens > 1 ? "table.queens.many" : "table.queens.one", { n: last.queens }) : "") : null;
  const columns = hand ? Object.entries(hand).filter(([, v]) => perSeat(v, seats.length)).map(([k]) => k) : [];
  const totals = {};
  for (const unit of view.units || []) for (const s of unit.seats) totals[s] = unit.total;
  const rows = seats.map((name, s) => {
    const badges = [s === view.dealer ? "dealer" : null, ...Object.keys(BADGES).filter((b) => hand && BADGES[b](hand[b], s, hand)),
      toAct.includes(s) ? "to act" : null].filter(Boolean);
    return h("tr", { class: toAct.includes(s) ? "to-act" : "", "data-seat": s },
      h("th", { scope: "row" }, name, badges.map((b) => h("span", { class: `badge${b === "to act" ? " turn" : ""}` }, BADGE_TEXT[b]))),
      columns.map((c) => h("td", { "data-field": c }, cell(c, hand[c][s]))),
      h("td", { class: "num" }, totals[s] ?? ""));
  });
  return [
    h("h2", {}, t("table.title")),
    h("dl", { class: "facts" }, facts.map(([k, v]) => [h("dt", {}, k), h("dd", { "data-fact": k }, v)])),
    trick, lastTrick,
    h("div", { class: "scroll" }, h("table", { class: "seats" },
      h("thead", {}, h("tr", {}, [t("table.player"), ...columns.map(columnName), t("table.total")].map((c) => h("th", { scope: "col" }, c)))),
      h("tbody", {}, rows))),
  ];
}
