// Players confirm what was logged: at the end of each hand (of the game, in Dungeon and The Queens,
// which are played in no hands) a player other than the scorekeeper picks their seat and taps
// "Agree" or "Disagree" (with a note saying what is wrong). The referee offers "confirm" in a seat's
// legal list only for a scored hand that seat has not confirmed yet: the page offers exactly those,
// and decides nothing itself. A disagreement calls the director (the desk flags the game).
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
const what = (hand) => (hand === GAME ? "the game's result" : `hand ${hand}'s score`);

/** The hand's score in one line, from the score sheet: "Ann 120 (total 340), Bob −50 (total 80)". */
function scoreLine(game, hand) {
  const scores = game.scores || {};
  const units = scores.units || [];
  const sheet = (scores.hands || []).find((s) => s.hand === hand);
  if (hand === GAME || !sheet) {
    const outcome = game.outcome || {};
    const winners = (outcome.winners || []).map((w) => (units[w] && units[w].name) || (game.view.seats || [])[w] || `Seat ${w}`);
    return winners.length ? `${winners.join(" and ")} ${winners.length === 1 ? "wins" : "win"}` : "No winner";
  }
  const before = sheet.units ? sheet.units.map((u) => u.before ?? 0) : null;
  return (sheet.totals || []).map((total, k) => {
    const name = (units[k] && units[k].name) || `Unit ${k}`;
    const gained = before ? total - before[k] : null;
    return gained === null ? `${name} ${total}` : `${name} ${gained >= 0 ? "+" : "\u2212"}${Math.abs(gained)} (total ${total})`;
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
  const seat = h("select", { name: "seat", "data-key": "confirm-seat", "aria-label": "Your seat" },
    seats.map((s) => h("option", { value: s }, seatName(s))));
  const note = h("input", { name: "note", autocomplete: "off", maxlength: 200, placeholder: "What is wrong (optional)",
    "data-key": "confirm-note", "aria-label": "What is wrong (optional)" });
  const send = (agree) => {
    const body = { action: "confirm", seat: Number(seat.value), hand, agree };
    if (!agree && note.value.trim()) body.note = note.value.trim();
    act(body);
  };
  return [
    h("h2", {}, `Confirm ${what(hand)}`),
    h("p", { class: "confirm-score", "data-hand": hand }, `${scoreLine(game, hand)}.`),
    h("p", { class: "hint" }, "A player other than the scorekeeper checks it: pick your seat, then agree, or disagree "
      + "and say why (the director is called)."),
    h("p", { class: "buttons" },
      h("label", { class: "inline-label" }, "I am ", seat),
      h("button", { type: "button", class: "primary", "data-key": "confirm-agree", onclick: () => send(true) }, "Agree"),
      h("button", { type: "button", class: "danger", "data-key": "confirm-disagree", onclick: () => send(false) }, "Disagree")),
    h("p", {}, note),
  ];
}

/** What the players confirmed so far, in one line for everyone (the read-only page too), or null. */
export function confirmedLine(game) {
  const status = game.confirmations;
  if (!status) return null;
  const disagreements = (status.disagreements || []).map((d) => `${d.name} disagrees with ${what(d.hand)}`
    + `${d.note ? `: ${d.note}` : ""} (the director is called).`);
  if (status.confirmed) return "Every score is confirmed by a player.";
  if (!status.unconfirmed_hands.length && !disagreements.length) return null;
  const hands = status.unconfirmed_hands.filter((x) => !(status.disagreements || []).some((d) => d.hand === x));
  const waiting = hands.length ? `Not confirmed by a player yet: ${hands.map((x) => (x === GAME ? "the game" : `hand ${x}`)).join(", ")}.` : "";
  return [waiting, ...disagreements].filter(Boolean).join(" ");
}
