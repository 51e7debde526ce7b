// Players confirm what was logged: at the end of each hand (of the game, in Dungeon and The Queens,
// which are played in no hands) a player other than the scorekeeper picks their seat and taps
// "Agree" or "Disagree" (with a note saying what is wrong). The referee offers "confirm" in a seat's
// legal list only for a scored hand that seat has not confirmed yet: the page offers exactly those,
// and decides nothing itself. A disagreement calls the director (the desk flags the game).
import { t } from "./texts.js";
import { h } from "./dom.js";

/** Take the referee's "confirm" offers out of each seat's legal actions (they have their own step). */
export function splitConfirm(legalLists) {
  const offers = [];
  for (const list of legalLists) {
    for (const a of list.actions) if (a.action === "confirm") offers.push(a);
    list.actions = list.actions.filter((a) => a.action !== "confirm");
  }
  return offers;
}

const GAME = 0; // the "hand" of a game played in no hands: the game as a whole
const what = (hand) => (hand === GAME ? t("confirm.game") : t("confirm.hand", { hand }));

/** The hand's score in one line, from the score sheet: "Ann 120 (total 340), Bob −50 (total 80)". */
function scoreLine(game, hand) {
  const scores = game.scores || {};
  const units = scores.units || [];
  const sheet = (scores.hands || []).find((s) => s.hand === hand);
  if (hand === GAME || !sheet) {
    const outcome = game.outcome || {};
    const winners = (outcome.winners || []).map((w) => (units[w] && units[w].name) || (game.view.seats || [])[w] || t("play.seat", { seat: w }));
    return winners.length ? t(winners.length === 1 ? "confirm.wins" : "confirm.win", { who: winners.join(t("phases.and")) }) : t("confirm.no_winner");
  }
  const before = sheet.units ? sheet.units.map((u) => u.before ?? 0) : null;
  return (sheet.totals || []).map((total, k) => {
    const name = (units[k] && units[k].name) || t("confirm.unit", { k });
    const gained = before ? total - before[k] : null;
    return gained === null ? `${name} ${total}` : t("confirm.gained", { name, sign: gained >= 0 ? "+" : "\u2212", points: Math.abs(gained), total });
  }).join(", ");
}

/**
 * The confirm step for the latest hand the referee offers, or null: the hand's score, a seat
 * chosen among the seats offered, "Agree", and "Disagree" with an optional note.
 */
export function confirmPanel(game, offers, seatName, act) {
  if (!offers.length) return null;
  const hand = Math.max(...offers.map((o) => o.hand));
  const seats = offers.filter((o) => o.hand === hand).map((o) => o.seat).sort((a, b) => a - b);
  const seat = h("select", { name: "seat", "data-key": "confirm-seat", "aria-label": t("confirm.seat") },
    seats.map((s) => h("option", { value: s }, seatName(s))));
  const note = h("input", { name: "note", autocomplete: "off", maxlength: 200, placeholder: t("confirm.note"),
    "data-key": "confirm-note", "aria-label": t("confirm.note") });
  const send = (agree) => {
    const body = { action: "confirm", seat: Number(seat.value), hand, agree };
    if (!agree && note.value.trim()) body.note = note.value.trim();
    act(body);
  };
  return [
    h("h2", {}, t("confirm.title", { what: what(hand) })),
    h("p", { class: "confirm-score", "data-hand": hand }, `${scoreLine(game, hand)}.`),
    h("p", { class: "hint" }, t("confirm.hint")),
    h("p", { class: "buttons" },
      h("label", { class: "inline-label" }, t("confirm.i_am"), seat),
      h("button", { type: "button", class: "primary", "data-key": "confirm-agree", onclick: () => send(true) }, t("confirm.agree")),
      h("button", { type: "button", class: "danger", "data-key": "confirm-disagree", onclick: () => send(false) }, t("confirm.disagree"))),
    h("p", {}, note),
  ];
}

/** What the players confirmed so far, in one line for everyone (the read-only page too), or null. */
export function confirmedLine(game) {
  const status = game.confirmations;
  if (!status) return null;
  const disagreements = (status.disagreements || []).map((d) => (d.note
    ? t("confirm.disagrees.note", { who: d.name, what: what(d.hand), note: d.note })
    : t("confirm.disagrees", { who: d.name, what: what(d.hand) })));
  if (status.confirmed) return t("confirm.all");
  if (!status.unconfirmed_hands.length && !disagreements.length) return null;
  const hands = status.unconfirmed_hands.filter((x) => !(status.disagreements || []).some((d) => d.hand === x));
  const waiting = hands.length
    ? t("confirm.waiting", { hands: hands.map((x) => (x === GAME ? t("confirm.the_game") : t("confirm.the_hand", { hand: x }))).join(", ") }) : "";
  return [waiting, ...disagreements].filter(Boolean).join(" ");
}
