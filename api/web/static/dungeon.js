// A game of dungeons (a view with `players`, each with a `dungeon`: Dungeon's): each player's
// dungeon drawn as a tree of cards from the cell, the creature facing it, the piles and hand sizes;
// and the actions split by who gives them and when: the player whose turn it is (or who must
// answer), the scorekeeper (the deal, closing a window), and anyone out of turn. An Ace and a
// counter are offered to every living seat alike, whatever it holds (the referee lists them only
// for a seat holding the card, and the table reads this page); the referee takes or refuses the
// entry. An accusation, which names no card held, is offered where the referee lists it.
import { t } from "./texts.js";
import { fill, h } from "./dom.js";
import { cardFace, cardName, cardText, suitOf } from "./cards.js";
import { choicePanel } from "./choices.js";
import { cardEntry } from "./entry.js";
import { readable } from "./labels.js";
import { namedForm, namesCards } from "./named.js";
import { accusations, foldedForms, moreActions, secretTake, windowForm } from "./dungeon_blind.js";

/** True when the view is a game of dungeons this module draws. */
export const isDungeon = (view) => Boolean(view && Array.isArray(view.players) && view.players.length
  && view.players.every((p) => Array.isArray(p.dungeon)));

// What each window waits for, said to the table.
const WINDOW_ASKS = {
  defence: (w, n) => t("dungeon.window.defence", { who: n(w.defender), attacker: n(w.attacker) }),
  ask: (w, n) => t("dungeon.window.ask", { who: n(w.target), asker: n(w.asker) }),
  doubt: (w, n) => t("dungeon.window.doubt", { who: n(w.asker), target: n(w.target) }),
  caught: (w, n) => t("dungeon.window.caught", { who: n(w.target) }),
  save: (w, n) => t("dungeon.window.save", { who: n(w.target) }),
  counter: () => t("dungeon.window.counter"),
};

/** The prompt line: whose turn it is, who must answer, or how the game ended. */
export function dungeonPrompt(game, seatName) {
  const view = game.view;
  const toAct = game.to_act || [];
  if (view.outcome) {
    const winners = (view.outcome.winners || []).map(seatName).join(", ");
    return [h("strong", {}, t("dungeon.over")), t("dungeon.over.wins", { who: winners || t("dungeon.nobody"), why: readable(view.outcome.reason || "").toLowerCase() })];
  }
  if (view.phase === "deal") return [h("strong", {}, t("dungeon.deal")), t("dungeon.deal.do")];
  if (view.phase === "contest") return [h("strong", {}, t("dungeon.contest")), t("dungeon.contest.do", { who: toAct.map(seatName).join(", ") })];
  if (view.phase === "reshuffle") return [h("strong", {}, t("dungeon.reshuffle")), t("dungeon.reshuffle.do")];
  if (view.aces && view.aces.length) {
    return [h("strong", {}, t("dungeon.aces")), t("dungeon.aces.do")];
  }
  const turn = [h("strong", {}, t("dungeon.turn", { n: view.turn_no, who: seatName(view.turn) }))];
  if (view.window && WINDOW_ASKS[view.window.kind]) return [...turn, WINDOW_ASKS[view.window.kind](view.window, seatName)];
  return [...turn, !view.drawn ? t("dungeon.turn.draw") : view.played ? t("dungeon.turn.end") : t("dungeon.turn.play")];
}

/** A card face, or a face-down card. */
const card = (c) => (c ? cardFace(c) : h("span", { class: "face down", "aria-label": t("dungeon.face_down") }, "\u25ae"));

/** One player's passages as a tree from the cell: each passage under the one it was laid on. */
function tree(player) {
  const children = new Map(); // place -> passages laid on it ("cell", a card, or a position when face down)
  for (const p of player.dungeon) {
    const on = p.on;
    if (!children.has(on)) children.set(on, []);
    children.get(on).push(p);
  }
  const branch = (place) => {
    const laid = children.get(place) || [];
    if (!laid.length) return null;
    return h("ul", { class: "branch" }, laid.map((p) => h("li", { "data-card": p.card || null, "data-position": p.position },
      card(p.card), branch(p.card !== undefined ? p.card : p.position))));
  };
  const cell = player.cell_face_down ? card(null) : player.cell ? cardFace(player.cell) : "";
  return h("ul", { class: "tree" }, h("li", { class: "cell" }, h("span", { class: "label" }, t("dungeon.cell")), cell, branch("cell")));
}

/** The window's creature facing a player, in words, if one is. */
function facing(view, seat, seatName) {
  const w = view.window;
  if (!w || w.kind !== "defence" || w.defender !== seat) return null;
  return h("p", { class: "facing", "data-creature": w.creature },
    t("dungeon.facing"), cardFace(w.creature), t("dungeon.facing.attack", { who: seatName(w.attacker) }), w.passage ? cardFace(w.passage) : t("blind.the_cell"));
}

/** The table: the piles, the Aces waiting, and each player's dungeon. */
export function dungeonPanel(game, seatName) {
  const view = game.view;
  const toAct = game.to_act || [];
  const discard = view.discard;
  const top = discard && discard.length ? cardFace(discard[discard.length - 1]) : view.discard_size ? card(null) : t("dungeon.empty");
  return [
    h("h2", {}, t("dungeon.title")),
    h("p", { class: "piles" },
      h("span", { "data-pile": "draw" }, t("dungeon.draw_pile", { n: view.pile_size })), " \u00b7 ",
      h("span", { "data-pile": "discard" }, t("dungeon.discard_pile"), top, ` (${view.discard_size})`)),
    view.aces && view.aces.length ? h("p", { class: "aces" }, t("dungeon.aces_waiting"),
      view.aces.map((a, i) => [i ? ", " : "", `${seatName(a.seat)} `, cardFace(a.card)])) : null,
    h("div", { class: "dungeons" }, view.players.map((p) => h("section", {
      class: `dungeon${p.alive ? "" : " slain"}${toAct.includes(p.seat) ? " to-act" : ""}`, "data-seat": p.seat,
      "aria-label": t("dungeon.of", { who: p.name }),
    },
    h("h3", {}, p.name,
      p.seat === view.turn && view.phase === "turn" ? h("span", { class: "badge turn" }, t("dungeon.badge.turn")) : null,
      !p.alive ? h("span", { class: "badge" }, t("dungeon.badge.slain")) : null,
      h("span", { class: "hand-size", "data-hand-size": p.hand_size }, t("dungeon.in_hand", { n: p.hand_size }))),
    facing(view, p.seat, seatName),
    tree(p)))),
  ];
}

/** The entries any seat may make whatever it holds, offered to every seat alike. */
const ALIKE = new Set(["ace", "counter"]);

/** Every living seat's Aces (at any moment of play) and counters (while a counter window waits),
 * by name: the same buttons for every seat, a Joker declared as one with Jokers Wild. */
function anyoneOutOfTurn(game) {
  const view = game.view;
  if (view.phase !== "turn" || view.outcome) return {};
  const named = (rank) => [..."SHDC"].map((s) => `${rank}${s}`).concat(view.options && view.options.jokers_wild ? [`JK=${rank}S`] : []);
  const w = view.window;
  const counters = w && w.kind === "counter" && !(view.aces && view.aces.length) ? named(w.ability === "graverobber" ? "J" : "Q") : [];
  const out = {};
  for (const p of view.players.filter((x) => x.alive)) {
    out[p.seat] = [...named("A").map((card) => ({ action: "ace", seat: p.seat, card })),
      ...counters.map((card) => ({ action: "counter", seat: p.seat, card }))];
  }
  return out;
}

/** The actions: the seats to act, the scorekeeper's own, and anyone's out of turn. */
export function dungeonActions(game, seatName, legal, act) {
  const toAct = new Set(game.to_act || []);
  const now = {};
  const others = anyoneOutOfTurn(game);
  let keeper = null; // the scorekeeper's actions carry no seat, and are listed for every seat: once
  for (const [seat, actions] of Object.entries(legal)) {
    for (const a of actions) {
      if (ALIKE.has(a.action)) continue; // offered alike above, never from the seat's own list
      if (a.seat === undefined) {
        if (!keeper) keeper = { [seat]: [] };
        if (keeper[seat]) keeper[seat].push(a);
      } else (toAct.has(Number(seat)) ? now : others)[seat] = [...((toAct.has(Number(seat)) ? now : others)[seat] || []), a];
    }
  }
  const parts = [];
  if (Object.keys(now).length) parts.push(byCard(game, seatName, now, act, t("dungeon.to_act", { who: [...toAct].map(seatName).join(", ") })));
  if (keeper) parts.push(h("div", { class: "keeper" }, choicePanel(game, seatName, keeper, act, { anySeat: true, title: t("dungeon.scorekeeper") }),
    game.view.phase === "deal" && game.record === "known" ? dealOrder(act) : null));
  if (Object.keys(others).length) parts.push(h("div", { class: "out-of-turn" }, choicePanel(game, seatName, others, act, { anySeat: true, title: t("dungeon.out_of_turn") })));
  return parts.some(Boolean) ? parts : [h("p", { class: "muted" }, t("dungeon.nothing"))];
}

/** A known record's deal in the order the deck was shuffled at the table, top first. */
function dealOrder(act) {
  const box = h("textarea", { name: "order", rows: 3, spellcheck: "false", autocomplete: "off", placeholder: t("dungeon.order.placeholder") });
  return h("details", { class: "enter-hands" }, h("summary", {}, t("dungeon.order.enter")),
    h("form", { class: "deal-order", onsubmit: (e) => { e.preventDefault(); act({ action: "deal", order: box.value.split(/[\s,;]+/).filter(Boolean) }); } },
      h("label", {}, t("dungeon.order.label"), box), h("button", { type: "submit", class: "primary" }, t("dungeon.order.deal"))));
}

let chosen = null; // {seat, card, version}: the card tapped first, at the version it was tapped

/**
 * The actions of the seats to act, card first: the cards their actions play (a known record: a
 * row of them; a blind record: every card the referee lists, by suit then rank); a tap on one
 * shows what it can do (a passage and where, a cave-in, an attack and on whom, an ability); the
 * actions that play no card (draw, end the turn, answer a window) are offered beside. A blind
 * record's rare forms (dungeon_blind.js) wait folded under "More actions": one opened is the only
 * thing drawn under the title, so that it and its card entry fit one screen.
 */
function byCard(game, seatName, legal, act, title) {
  const box = h("div", { class: "by-card" });
  const blind = game.record === "blind";
  if (chosen && chosen.version !== game.version) chosen = null;
  const folded = [...(blind ? [...Object.entries(legal).flatMap(([seat, actions]) => foldedForms(game, seatName, Number(seat), actions, act)),
    ...accusations(game, seatName, act)] : []), ...Object.keys(legal).flatMap((seat) => secretTake(game, seatName, Number(seat), act))];
  const draw = () => {
    const more = moreActions(folded, game.version, draw);
    if (more.form) return fill(box, h("h2", {}, title), more.chooser, more.form);
    const parts = [];
    for (const [seat, actions] of Object.entries(legal)) {
      // A blind Pitch Black passage is laid face down (card ?): it is offered as a button, by place.
      const withCard = actions.filter((a) => typeof a.card === "string" && a.card !== "?");
      const cards = [...new Set(withCard.map((a) => a.card))];
      const mine = chosen && chosen.seat === Number(seat) ? chosen.card : null;
      const name = seatName(Number(seat));
      if (cards.length && firstPlayer(game)) {
        // Who goes first: each player's card is their only action, so one tap logs it, in a grid
        // named after its player (several players answer at once).
        const button = (c) => h("button", {
          type: "button", class: `card suit-${suitOf(c)}`, "data-action": "contest", "data-seat": seat, "data-card": c,
          "aria-label": t("dungeon.contest.card", { who: name, card: cardName(c) }), onclick: () => act(withCard.find((a) => a.card === c)),
        }, cardText(c));
        parts.push(h("div", { class: "pick contest", "data-seat": seat }, h("h3", {}, name),
          cardEntry({ cards, button, bySuit: blind, label: t("dungeon.contest.label", { who: name }), counted: t("named.offered") })));
      } else if (cards.length) {
        const button = (c) => h("button", {
          type: "button", class: `card suit-${suitOf(c)}${mine === c ? " selected" : ""}`, "data-pick": c, "data-seat": seat,
          "aria-pressed": mine === c ? "true" : "false", "aria-label": t("dungeon.pick.card", { card: cardName(c) }),
          onclick: () => { chosen = mine === c ? null : { seat: Number(seat), card: c, version: game.version }; draw(); },
        }, cardText(c));
        const label = t("dungeon.pick.label", { who: seatName(Number(seat)) });
        parts.push(h("div", { class: "pick", "data-seat": seat }, cardEntry({ cards, button, bySuit: blind, label, counted: t("named.offered") })));
        parts.push(mine ? h("div", { class: "card-choices" }, offer(game, seatName, Number(seat), withCard.filter((a) => a.card === mine), act))
          : h("p", { class: "hint" }, blind ? t("dungeon.pick.blind") : t("dungeon.pick.known")));
      }
      const rest = actions.filter((a) => !withCard.includes(a));
      if (rest.length) parts.push(offer(game, seatName, Number(seat), rest, act));
      if (blind) parts.push(windowForm(game, seatName, Number(seat), act));
    }
    return fill(box, h("h2", {}, title), parts, more.chooser);
  };
  draw();
  return box;
}

/** Whether the table is drawing for who goes first: each seat's one action is to play a card face up. */
const firstPlayer = (game) => game.view.phase === "contest";

/** One seat's actions as choices: buttons, and in a blind record a form for each action that
 * names cards beside the card played (a Myrmiddon's ask, a Graverobber's take, the discards). */
function offer(game, seatName, seat, actions, act) {
  const groups = new Map();
  for (const a of actions) groups.set(a.action, [...(groups.get(a.action) || []), a]);
  const named = game.record === "blind" ? [...groups.values()].filter(namesCards) : [];
  const plain = actions.filter((a) => !named.some((variants) => variants.includes(a)));
  return [
    plain.length ? choicePanel(game, seatName, { [seat]: plain }, act, { anySeat: true, title: "" }) : null,
    named.map((variants) => namedForm({ action: variants[0].action, seat, variants, seatName, act })),
  ];
}
