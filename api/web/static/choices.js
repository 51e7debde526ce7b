// The referee's choices other than cards (a trump call, a bid, a pass, a contract...), drawn from
// the legal actions alone. An action with few variants is a row of buttons; one with many (Black
// Queen's contract: 4 trumps x 1,128 pairs of called cards) is a form with one select per field,
// listing that field's distinct values among the variants; the referee judges what is sent.
import { t } from "./texts.js";
import { h, notify } from "./dom.js";
import { actionFields, actionText, choiceContent, isCard, isSuit, readable, valueText } from "./labels.js";
import { cardName, cardText, suitOf } from "./cards.js";

/** More variants of one action than this, and it is offered as a form instead of buttons. */
export const MANY = 24;

// Drawn by their own panels (the cards, the corrections).
const ELSEWHERE = new Set(["play", "take_back", "accept_penalty"]);

/** The legal actions of the seats to act (or of every seat in `legal`, with `anySeat`), grouped by
 * seat and action name, in the referee's order. */
function groupsOf(game, legal, anySeat = false) {
  const groups = new Map();
  for (const [seat, actions] of Object.entries(legal)) {
    if (!anySeat && !(game.to_act || []).includes(Number(seat))) continue;
    for (const a of actions) {
      if (ELSEWHERE.has(a.action)) continue;
      const key = `${seat}:${a.action}`;
      if (!groups.has(key)) groups.set(key, { seat: Number(seat), action: a.action, variants: [] });
      groups.get(key).variants.push(a);
    }
  }
  return [...groups.values()];
}

// The actions that end the game where it stands: a mis-tap would end it, so each asks for a second tap.
const ENDS_THE_GAME = new Set(["give_up", "end_game"]);

/** Act on the second tap of ``button`` only, the first saying what the second will do. */
function secondTap(button, a, act) {
  if (button.dataset.armed === "true") return act(a);
  const again = t("choices.again", { what: readable(a.action).toLowerCase() });
  button.dataset.armed = "true";
  button.setAttribute("aria-label", again);
  button.replaceChildren(again);
}

const keyOf = (a) => `${a.action}-${a.seat ?? ""}-${actionFields(a).map(([, v]) => JSON.stringify(v)).join("-")}`;

/** One button per variant; its fields become data attributes (data-bid="75", data-suit="C"). */
function choiceButton(a, seatName, act) {
  const data = {};
  if (a.seat !== undefined && a.seat !== null) data.seat = String(a.seat);
  for (const [k, v] of actionFields(a)) {
    if (Array.isArray(v) && v.every((x) => typeof x !== "object")) data[k.replace(/_/g, "-")] = v.join(" ");
    else if (!Array.isArray(v) && typeof v !== "object") data[k.replace(/_/g, "-")] = String(v);
  }
  const suit = actionFields(a).length === 1 && isSuit(actionFields(a)[0][1]) ? actionFields(a)[0][1] : null;
  const button = h("button", {
    type: "button", class: suit ? `suit suit-${suit}` : "", "data-key": keyOf(a), "data-action": a.action,
    "aria-label": actionText(a, seatName), onclick: () => (ENDS_THE_GAME.has(a.action) ? secondTap(button, a, act) : act(a)),
  }, choiceContent(a, seatName));
  for (const [k, v] of Object.entries(data)) button.setAttribute(`data-${k}`, v);
  return button;
}

/** The fields of an action's variants, a list field split by position: [{name, at, values}]. */
export function fieldsOf(variants) {
  const fields = new Map();
  const add = (name, at, value) => {
    const id = at === null ? name : `${name}.${at}`;
    if (!fields.has(id)) fields.set(id, { name, at, seen: new Set(), values: [] });
    const f = fields.get(id);
    const key = JSON.stringify(value);
    if (!f.seen.has(key)) { f.seen.add(key); f.values.push(value); }
  };
  for (const a of variants) {
    for (const [k, v] of actionFields(a)) {
      if (Array.isArray(v)) v.forEach((x, i) => add(k, i, x));
      else add(k, null, v);
    }
  }
  return [...fields.values()].map(({ name, at, values }) => ({ name, at, values }));
}

/** A form for an action with many variants: pick each field, the referee judges the whole. */
function choiceForm(group, seatName, act) {
  const fields = fieldsOf(group.variants);
  const selects = fields.map((f) => {
    const label = f.at === null ? readable(f.name) : t("choices.field_at", { field: readable(f.name), n: f.at + 1 });
    const select = h("select", { name: f.at === null ? f.name : `${f.name}.${f.at}`, "data-key": `${group.action}-${f.name}-${f.at ?? ""}`, required: true },
      h("option", { value: "" }, t("choices.choose_option")),
      f.values.map((v, i) => h("option", { value: String(i) }, valueText(f.name, v, seatName))));
    return { f, label, select };
  });
  const submit = (e) => {
    e.preventDefault();
    const body = { action: group.action };
    if (group.variants[0].seat !== undefined) body.seat = group.seat;
    for (const { f, label, select } of selects) {
      if (select.value === "") { notify(t("named.choose_first", { field: label.toLowerCase() })); select.focus(); return; }
      const value = f.values[Number(select.value)];
      if (f.at === null) body[f.name] = value;
      else (body[f.name] = body[f.name] || [])[f.at] = value;
    }
    act(body);
  };
  return h("form", { class: "choice-form", "data-action": group.action, "data-seat": group.seat, onsubmit: submit },
    h("p", { class: "hint" }, t("choices.parts")),
    h("div", { class: "fields" }, selects.map(({ label, select }) => h("label", {}, label, select))),
    h("button", { type: "submit", class: "primary", "data-key": `${group.action}-submit` }, `${readable(group.action)}`));
}

/** Whether every variant's one field is a list of cards (a defence, the discards): a set to pick. */
function isCardSet(group) {
  return group.variants.length > 1 && group.variants.every((a) => {
    const fields = actionFields(a);
    return fields.length === 1 && Array.isArray(fields[0][1]) && fields[0][1].every(isCard);
  });
}

/** Pick the cards of a set (each card a toggle, among the cards the variants use); the referee
 * judges the set sent. */
function cardSetForm(group, seatName, act) {
  const name = actionFields(group.variants[0])[0][0];
  const cards = [];
  for (const a of group.variants) for (const c of a[name]) if (!cards.includes(c)) cards.push(c);
  const chosen = new Set();
  const toggle = (e) => {
    const card = e.currentTarget.dataset.card;
    if (chosen.has(card)) chosen.delete(card); else chosen.add(card);
    e.currentTarget.setAttribute("aria-pressed", chosen.has(card) ? "true" : "false");
  };
  const submit = (e) => {
    e.preventDefault();
    const body = { action: group.action, [name]: cards.filter((c) => chosen.has(c)) };
    if (group.variants[0].seat !== undefined) body.seat = group.seat;
    act(body);
  };
  return h("form", { class: "card-set", "data-action": group.action, "data-seat": group.seat, onsubmit: submit },
    h("p", { class: "hint" }, t("choices.card_set", { field: readable(name).toLowerCase(), what: readable(group.action).toLowerCase() })),
    h("div", { class: "hand" }, cards.map((c) => h("button", {
      type: "button", class: `card suit-${suitOf(c)}`, "data-card": c, "aria-pressed": "false", "aria-label": cardName(c), onclick: toggle,
    }, cardText(c)))),
    h("button", { type: "submit", class: "primary", "data-key": `${group.action}-${group.seat}-submit` }, t("choices.card_set.submit", { what: readable(group.action) })));
}

/**
 * Any choice the referee offers besides the cards: buttons, or a form when there are many.
 * Options: `anySeat` (offer every seat's actions in `legal`, not only the seats to act), `title`.
 */
export function choicePanel(game, seatName, legal, act, { anySeat = false, title: titleText = null } = {}) {
  const groups = groupsOf(game, legal, anySeat);
  if (!groups.length) return [h("p", { class: "muted" }, t("choices.nothing"))];
  const seats = new Set(groups.map((g) => g.seat));
  const phase = game.view.phase;
  const title = titleText ?? (phase === "call_trump" ? t("choices.trump") : phase && phase !== "play" ? readable(phase) : t("choices.choose"));
  const parts = groups.map((g) => {
    // A lone choice named after its phase (declare in "declare") needs no heading of its own.
    const heading = groups.length === 1 && g.action === phase ? null
      : h("h3", {}, seats.size > 1 ? t("choices.heading", { who: seatName(g.seat), what: readable(g.action) }) : readable(g.action));
    if (isCardSet(g)) return h("div", { class: "choice" }, heading, cardSetForm(g, seatName, act));
    if (g.variants.length > MANY) return h("div", { class: "choice" }, heading, choiceForm(g, seatName, act));
    const plain = g.variants.length === 1 && !actionFields(g.variants[0]).length;
    return h("div", { class: "choice" }, plain ? null : heading,
      h("p", { class: "buttons" }, g.variants.map((a) => choiceButton(a, seatName, act))));
  });
  const who = titleText === null && seats.size === 1 && phase !== "call_trump" ? h("p", { class: "hint" }, t("choices.chooses", { who: seatName([...seats][0]) })) : null;
  return [title ? h(titleText === null ? "h2" : "h3", {}, title) : null, who, parts];
}
