// A patience's tableau (a view with a `shutter` and `foundations`, as The Queens' view has): the
// key's top and size, the shutter piles, the foundations, the talon's top and size, the pack's size
// and the Queens counted. A move is two taps: a card on a top, then one of its destinations; the
// destinations offered are those of the referee's legal `move` actions from that top, nothing more.
import { t } from "./texts.js";
import { fill, h } from "./dom.js";
import { cardFace, cardName, cardText, suitOf } from "./cards.js";

let chosen = null; // {source, card, version}: the top tapped first, at the version it was tapped

/** True when the view is a tableau this module draws. */
export const isTableau = (view) => Boolean(view && view.shutter && view.foundations);

/**
 * The prompt line: what the player may do, or how the game ended; `lost`, the referee's words
 * when the game can no longer be won (the player's own view has them), said at once.
 */
export function tableauPrompt(game, lost = null) {
  const view = game.view;
  if (lost && !view.result) return [h("strong", { id: "lost" }, t("tableau.lost")), t("tableau.lost.why", { why: `${lost[0].toUpperCase()}${lost.slice(1)}` })];
  if (view.phase === "deal") return [h("strong", {}, t("dungeon.deal")), t("dungeon.deal.do")];
  if (view.result) return [h("strong", {}, t("tableau.over")), t("tableau.over.result", { result: view.result.replace("_", " "), home: view.home })];
  if (view.awaiting) return [h("strong", {}, t("tableau.turned_up")),
    view.awaiting === "key" ? t("tableau.turned_up.key") : t("tableau.turned_up.space")];
  return [h("strong", {}, t("tableau.home", { home: view.home })), t("tableau.tap")];
}

/**
 * The tableau, drawn into a panel of its own so that a first tap redraws it alone.
 * `moves`: the referee's legal `move` actions (none for a watcher); `act(body)` logs one.
 */
export function tableauPanel(game, moves, act) {
  const panel = h("div", { class: "tableau", "data-version": game.version });
  if (chosen && chosen.version !== game.version) chosen = null;
  const draw = () => fill(panel, tableau(game, moves, act, draw));
  draw();
  return [h("h2", {}, t("tableau.title")), panel];
}

function tableau(game, moves, act, draw) {
  const view = game.view;
  const from = (source) => moves.filter((m) => m.source === source);
  const targets = chosen ? from(chosen.source).map((m) => m.target) : [];
  const pick = (source, card) => () => {
    chosen = chosen && chosen.source === source ? null : { source, card, version: game.version };
    draw();
  };
  const moveTo = (target) => () => {
    const move = from(chosen.source).find((m) => m.target === target);
    chosen = null;
    act(move);
  };
  // A top card: tappable when the referee lists a move from it.
  const top = (source, card, label) => {
    if (!card) return h("span", { class: "slot empty", "data-place": source }, label || t("dungeon.empty"));
    if (targets.includes(source)) return h("span", { class: `card suit-${suitOf(card)}`, "data-place": source, "data-card": card }, cardText(card));
    const playable = from(source).length > 0;
    const selected = chosen && chosen.source === source;
    return h("button", {
      type: "button", class: `card suit-${suitOf(card)}${selected ? " selected" : ""}${playable ? "" : " off"}`,
      "data-place": source, "data-card": card, "aria-pressed": selected ? "true" : "false",
      "aria-disabled": playable ? null : "true", "aria-label": t("tableau.card_on", { card: cardName(card), place: placeName(source) }),
      onclick: playable ? pick(source, card) : null,
    }, cardText(card));
  };
  // A destination: highlighted (and tappable) when the card chosen may go there.
  const target = (name, content, label) => {
    const legal = targets.includes(name);
    // a div acting as a button: the pile inside it shows cards, and buttons do not nest
    return h("div", {
      role: legal ? "button" : null, tabindex: legal ? 0 : null, class: `target${legal ? " legal" : ""}`, "data-target": name,
      "aria-label": legal ? t("tableau.move", { card: cardName(chosen.card), place: label }) : null, onclick: legal ? moveTo(name) : null,
      onkeydown: legal ? (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); moveTo(name)(); } } : null,
    }, content);
  };
  const piles = Object.entries(view.shutter);
  return [
    h("div", { class: "row stock" },
      h("div", { class: "place", "data-area": "key" }, h("span", { class: "label" }, t("tableau.key", { n: view.key.count })),
        top("key", view.key.top, view.key.count ? t("tableau.face_down") : t("dungeon.empty"))),
      h("div", { class: "place", "data-area": "pack" }, h("span", { class: "label" }, t("tableau.pack")),
        h("span", { class: "slot pack", "data-count": view.pack.count }, t("tableau.cards", { n: view.pack.count }))),
      h("div", { class: "place", "data-area": "talon" }, h("span", { class: "label" }, t("tableau.talon", { n: view.talon.count })),
        top("talon", view.talon.top)),
      h("div", { class: "place", "data-area": "queens" }, h("span", { class: "label" }, t("tableau.queens")),
        h("span", { class: "slot count", "data-queens": view.queens_counted }, String(view.queens_counted)))),
    h("h3", {}, t("tableau.foundations")),
    target("foundation", h("div", { class: "row foundations" }, view.foundations.length
      ? view.foundations.map((f, i) => h("span", { class: "foundation", "data-foundation": i, title: t("tableau.cards", { n: f.count }) },
        cardFace(f.top), h("small", {}, ` ${f.count}`)))
      : h("span", { class: "muted" }, t("tableau.no_king"))), t("tableau.a_foundation")),
    h("h3", {}, t("tableau.shutter")),
    h("div", { class: "row shutter" }, piles.map(([name, cards]) => target(name,
      h("div", { class: "pile", "data-pile": name, "aria-label": t("tableau.shutter_pile", { name }) },
        h("span", { class: "label" }, name),
        cards.slice(0, -1).map((c) => h("span", { class: "under" }, cardFace(c))),
        top(name, cards[cards.length - 1])), t("tableau.the_shutter_pile", { name })))),
    chosen ? h("p", { class: "hint", id: "chosen" }, t("tableau.chosen", { card: cardText(chosen.card), place: placeName(chosen.source) }),
      targets.length ? t("tableau.chosen.tap") : t("tableau.chosen.nowhere")) : null,
  ];
}

function placeName(source) {
  return source === "key" ? t("tableau.the_key") : source === "talon" ? t("tableau.the_talon") : t("tableau.pile", { name: source });
}
