// Dungeon's entries the referee cannot list, since they name cards of a hand, a dungeon or a pile
// nobody saw (a blind record's, and in either record a Graverobber's secret take from a face-down
// pile): the page offers them from the view (the open window, whose turn it is, whose last passage
// lies face down, the pile face down) and the game's options (Jokers Wild, as its view gives them),
// each a form naming its cards by suit then rank (named.js), and the referee rules on what is sent.
// The window's form (a defence, a look) is what the table waits for, so it is open; the rare ones
// (Pitch Black's cave-in on a face-down passage, an escape, an accusation) are folded behind one
// "More actions" chooser, one open at a time, so that the form being filled fits a phone's screen.
import { t } from "./texts.js";
import { h } from "./dom.js";
import { cardFace, rankOf } from "./cards.js";
import { deckOf, namedForm } from "./named.js";

/** The form answering the open window for `seat`, if any: a defence (the defender's cards, as
 * played, under a heading naming the creature faced), or the hand shown to a Myrmiddon's asker (as
 * many cards as the target holds). */
export function windowForm(game, seatName, seat, act) {
  const view = game.view;
  const w = view.window;
  if (w && w.kind === "defence" && w.defender === seat) {
    return namedForm({ action: "defend", seat, seatName, act, heading: faced(w, seatName),
      unlisted: { cards: { values: deckOf(game.view.options, true), list: true } } });
  }
  if (w && w.kind === "doubt" && w.asker === seat) {
    const held = view.players.find((p) => p.seat === w.target).hand_size;
    return namedForm({ action: "look", seat, seatName, act, unlisted: { shown: { values: deckOf(game.view.options), list: true, count: held } } });
  }
  return null;
}

const CREATURE_VALUE = { J: 11, Q: 12, K: 13 };

/** "Ann defends against Bob's J♠ (value 11) on 10♥": the defender, the attacker, the creature (a
 * Joker as the creature it was declared) and its value, and the passage attacked (face down in
 * Pitch Black, where the view leaves it out). */
function faced(w, seatName) {
  const value = CREATURE_VALUE[rankOf(String(w.creature).split("=").pop())];
  const place = !("passage" in w) ? t("blind.face_down_passage") : w.passage ? cardFace(w.passage) : t("blind.the_cell");
  return h("span", { class: "faced", "data-creature": w.creature },
    t("blind.defends", { who: seatName(w.defender), attacker: seatName(w.attacker) }), cardFace(w.creature),
    value ? t("blind.value", { value }) : "", t("blind.on"), place);
}

/** `seat`'s folded forms in Pitch Black, on its turn: a cave-in on a face-down passage (the card
 * played and the passage named as it is turned up) and an escape (the last passage laid face down,
 * with the whole dungeon turned up, in the order laid). Each {key, label, form}. */
export function foldedForms(game, seatName, seat, actions, act) {
  const view = game.view;
  if (view.window || seat !== view.turn) return [];
  const deck = deckOf(game.view.options, true);
  const targets = faceDown(view).filter((t) => t !== seat);
  const laid = actions.filter((a) => a.action === "passage" && a.card === "?");
  const passages = deck.filter((c) => /^(10|[2-9])[SHDC]$/.test(c.split("=").pop()));
  const folded = (action, label, form) => ({ key: `${action}-${seat}`, label: t("choices.heading", { who: seatName(seat), what: label }), form });
  return [
    targets.length && view.drawn && !view.played ? folded("cave_in", t("blind.cave_in"), namedForm({
      action: "cave_in", seat, seatName, act, unlisted: { card: { values: passages }, passage: { values: deck } },
      variants: targets.map((target) => ({ action: "cave_in", seat, target })),
    })) : null,
    laid.length ? folded("passage", t("blind.escape"), namedForm({
      action: "passage", seat, seatName, act, variants: laid, title: t("blind.escape.title"),
      unlisted: { revealed: { values: deck, list: true, count: view.players[seat].dungeon.length + 1 } },
    })) : null,
  ].filter(Boolean);
}

/** A known record's Graverobber from a face-down pile (Almost and Pitch Black), folded, for the
 * seat whose turn it is, drawn and not played yet, whatever it holds: the Jack and the card its
 * player chose after looking at the pile secretly (a blind record lists that take as `?`). */
export function secretTake(game, seatName, seat, act) {
  const view = game.view;
  if (game.record !== "known" || view.discard !== null || !view.discard_size || view.phase !== "turn" || view.window
    || (view.aces && view.aces.length) || seat !== view.turn || !view.drawn || view.played) return [];
  const jacks = [..."SHDC"].map((s) => `J${s}`).concat(view.options && view.options.jokers_wild ? ["JK=JS"] : []);
  return [{
    key: `graverobber-${seat}`, label: t("choices.heading", { who: seatName(seat), what: t("blind.graverobber") }),
    form: namedForm({ action: "graverobber", seat, seatName, act, title: t("blind.graverobber.title"),
      unlisted: { card: { values: jacks }, take: { values: deckOf(view.options) } } }),
  }];
}

/** The living players whose last passage lies face down (Pitch Black). */
const faceDown = (view) => view.players.filter((p) => p.alive && p.dungeon.length && p.dungeon[p.dungeon.length - 1].card === undefined)
  .map((p) => p.seat);

/** Pitch Black in a blind record: anyone may accuse anyone with a passage, at any moment of play;
 * the referee does not list it, since it names the cards the dungeon turns up, in the order laid.
 * Each accuser's form, folded: {key, label, form}. */
export function accusations(game, seatName, act) {
  const view = game.view;
  if (game.record !== "blind" || view.phase !== "turn" || view.window || (view.aces && view.aces.length)) return [];
  const suspects = faceDown(view);
  return view.players.filter((p) => p.alive && suspects.some((t) => t !== p.seat)).map(({ seat }) => ({
    key: `accuse-${seat}`, label: t("choices.heading", { who: seatName(seat), what: t("blind.accuse") }),
    form: namedForm({
      action: "accuse", seat, seatName, act, title: t("blind.accuse.title"),
      unlisted: { revealed: { values: deckOf(game.view.options, true), list: true } },
      variants: suspects.filter((t) => t !== seat).map((target) => ({ action: "accuse", seat, target })),
    }),
  }));
}

let opened = null; // {key, version}: the folded form the scorekeeper opened, at the version it was opened

/**
 * The chooser of the folded forms `items`: one button each; a tap opens its form and folds any
 * other, a tap on the open one folds it again; a new version of the game folds it too (what it
 * offered may be gone). `redraw()` draws the panel again. Returns {chooser, form}: the chooser (null
 * when there is nothing folded) and the open form, if one is.
 */
export function moreActions(items, version, redraw) {
  if (opened && (opened.version !== version || !items.some((i) => i.key === opened.key))) opened = null;
  if (!items.length) return { chooser: null, form: null };
  const open = opened && items.find((i) => i.key === opened.key);
  const chooser = h("div", { class: "more", role: "group", "aria-label": t("blind.more") },
    h("span", { class: "more-label" }, t("blind.more.label")),
    items.map((i) => h("button", {
      type: "button", "data-more": i.key, "data-key": `more-${i.key}`, "aria-pressed": open === i ? "true" : "false",
      onclick: () => { opened = open === i ? null : { key: i.key, version }; redraw(); },
    }, i.label)));
  return { chooser, form: open ? open.form : null };
}
