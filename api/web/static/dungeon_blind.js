// A blind Dungeon record's entries the referee cannot list, since they name cards of a hand or a
// dungeon nobody saw: the page offers them from the view (the open window, whose turn it is, whose
// last passage lies face down), each a form naming its cards by suit then rank (named.js), and
// the referee rules on what is sent.
import { h } from "./dom.js";
import { deckOf, namedForm } from "./named.js";

/** `seat`'s entries now: a defence (the defender's cards, as played), the hand shown to a
 * Myrmiddon's asker (as many cards as the target holds), and in Pitch Black a cave-in on a
 * face-down passage (the passage named as it is turned up) and an escape (the last passage laid
 * face down, with the whole dungeon turned up, in the order laid). */
export function unlisted(game, seatName, seat, actions, act) {
  const view = game.view;
  const w = view.window;
  const form = (action, fields, variants = [], title = null) => namedForm({ action, seat, variants, unlisted: fields, seatName, act, title });
  const deck = deckOf(view, true);
  if (w && w.kind === "defence" && w.defender === seat) return form("defend", { cards: { values: deck, list: true } });
  if (w && w.kind === "doubt" && w.asker === seat) {
    const held = view.players.find((p) => p.seat === w.target).hand_size;
    return form("look", { shown: { values: deckOf(view), list: true, count: held } });
  }
  if (w || seat !== view.turn) return null;
  const targets = faceDown(view).filter((t) => t !== seat);
  const laid = actions.filter((a) => a.action === "passage" && a.card === "?");
  const passages = deck.filter((c) => /^(10|[2-9])[SHDC]$/.test(c.split("=").pop()));
  return [
    targets.length && view.drawn && !view.played
      ? form("cave_in", { card: { values: passages }, passage: { values: deck } }, targets.map((target) => ({ action: "cave_in", seat, target })))
      : null,
    laid.length ? form("passage", { revealed: { values: deck, list: true, count: view.players[seat].dungeon.length + 1 } }, laid,
      "escape (the dungeon turned up)") : null,
  ];
}

/** The living players whose last passage lies face down (Pitch Black). */
const faceDown = (view) => view.players.filter((p) => p.alive && p.dungeon.length && p.dungeon[p.dungeon.length - 1].card === undefined)
  .map((p) => p.seat);

/** Pitch Black in a blind record: anyone may accuse anyone with a passage, at any moment of play;
 * the referee does not list it, since it names the cards the dungeon turns up, in the order laid. */
export function accusations(game, seatName, act) {
  const view = game.view;
  if (game.record !== "blind" || view.phase !== "turn" || view.window || (view.aces && view.aces.length)) return null;
  const suspects = faceDown(view);
  const accusers = view.players.filter((p) => p.alive && suspects.some((t) => t !== p.seat)).map((p) => p.seat);
  if (!accusers.length) return null;
  return h("details", { class: "accusations" }, h("summary", {}, "Accuse of cheating: the dungeon turned up"),
    accusers.map((seat) => namedForm({
      action: "accuse", seat, seatName, act, unlisted: { revealed: { values: deckOf(view, true), list: true } },
      variants: suspects.filter((t) => t !== seat).map((target) => ({ action: "accuse", seat, target })),
    })));
}
