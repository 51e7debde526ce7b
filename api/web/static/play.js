// The game page: shows the table from the views, offers the referee's legal actions as buttons,
// logs what the scorekeeper taps, and follows the game live. It decides nothing itself.
import { api, forgetToken, newKey, remember, saveToken, tokenFor } from "./api.js";
import { h, fill, notify } from "./dom.js";
import { cardName, cardText, cardsText, suitOf, SUIT_NAME } from "./cards.js";
import { renderRulings } from "./rulings.js";
import { renderSheet } from "./sheet.js";
import { follow } from "./live.js";
import { phasePrompt, trumpChangePanel, cutPanel, dealPanel } from "./phases.js";
import { choicePanel } from "./choices.js";
import { tablePanel } from "./table.js";
import { isTableau, tableauPanel, tableauPrompt } from "./tableau.js";
import { renderUndo, splitUndo } from "./undo.js";

const app = document.getElementById("app");
const gameId = app.dataset.gameId;
const $ = (id) => document.getElementById(id);
const enc = encodeURIComponent(gameId);

let token = tokenFor(gameId);
let game = null; // the last GET /games/{id}
let legal = {}; // seat -> the referee's legal actions
let ownHand = null; // the hand of the seat to play, in a known record
let undoOffered = false; // the referee offers the undo of the last entry
let pending = null; // the last action that failed for want of a connection, with its Idempotency-Key
let busy = false;
let confirmCard = null; // an off-rule card the scorekeeper tapped, awaiting "log it anyway"
let endArmed = false;
const rendered = {}; // section -> signature of what it shows, so typing is not wiped by a refresh

const seatName = (seat) => (game && game.view.seats && game.view.seats[seat]) || `Seat ${seat}`;

// ---------------------------------------------------------------- talking to the API

async function fetchAll() {
  const auth = { token };
  const body = await api(`/games/${enc}`, auth);
  const view = body.view || {};
  const hand = view.hand;
  const seats = new Set(body.to_act);
  // Corrections (take back, accept a penalty) belong to the seat that played the card, not the
  // seat to act: during play, ask the referee about every seat.
  if (hand && (view.phase === "play" || view.phase === "trump_change")) (view.seats || []).forEach((_, s) => seats.add(s));
  const wanted = token ? [...seats] : [];
  const turn = hand && view.phase === "play" ? hand.turn : null;
  const [legalLists, seatView] = await Promise.all([
    Promise.all(wanted.map((s) => api(`/games/${enc}/legal?seat=${s}`, auth))),
    token && body.record === "known" && turn !== null && turn !== undefined
      ? api(`/games/${enc}?seat=${turn}`, auth) : Promise.resolve(null),
  ]);
  const byseat = {};
  const undo = splitUndo(legalLists);
  legalLists.forEach((l) => { byseat[l.seat] = l.actions; });
  const mine = seatView && seatView.version === body.version && seatView.view.hand ? seatView.view.hand.your_hand || null : null;
  return { body, byseat, mine, undo };
}

let refreshing = null;
let again = false;

/** Load the game again and redraw (coalesces refreshes asked for while one runs). */
async function refresh() {
  if (refreshing) { again = true; return refreshing; }
  refreshing = (async () => {
    do {
      again = false;
      try {
        const { body, byseat, mine, undo } = await fetchAll();
        game = body;
        legal = byseat;
        undoOffered = undo;
        ownHand = mine;
        render();
      } catch (err) {
        notify(err.message);
        if (err.status === 401 || err.status === 403) renderTokenPanel(err.status === 403);
      }
    } while (again);
  })();
  try { await refreshing; } finally { refreshing = null; }
}

/** Log one action; the referee decides, the page shows its answer. */
async function act(body) {
  if (busy || !game) return;
  const signature = JSON.stringify(body);
  // A retry of the same action after a lost connection reuses its key: it is logged at most once.
  const key = pending && pending.signature === signature ? pending.key : newKey();
  busy = true;
  app.setAttribute("aria-busy", "true");
  try {
    await api(`/games/${enc}/actions`, { method: "POST", body, token, ifMatch: game.version, key });
    pending = null;
    confirmCard = null;
    notify("");
  } catch (err) {
    // No connection, or a write the referee could not confirm: the same key settles it.
    const unsettled = err.status === 0 || (err.problem && err.problem.code === "outcome_unknown");
    pending = unsettled ? { signature, key } : null;
    if (err.status === 409) notify(`${err.message} The page now shows what was logged meanwhile: check it and tap again.`);
    else if (unsettled) notify(`${err.message} (Tap the same button again: it will not be logged twice.)`);
    else notify(err.message);
  } finally {
    busy = false;
    app.removeAttribute("aria-busy");
    await refresh();
  }
}

// ---------------------------------------------------------------- drawing the page

function render() {
  const view = game.view;
  app.dataset.version = game.version;
  app.dataset.phase = view.phase || "";
  app.dataset.role = token ? "scorekeeper" : "watcher";
  $("game-title").textContent = `${game.title} \u00b7 ${game.record} record \u00b7 ${(view.seats || []).join(", ")}`;
  document.title = `Courtcard: ${game.title}, game ${gameId}`;
  remember(gameId, `${game.title}: ${(view.seats || []).join(", ")}`);
  renderTokenPanel(false);
  // A patience's view has a tableau instead of hands and tricks: drawn, and moved on, by tableau.js.
  const patience = isTableau(view);
  fill($("prompt"), patience ? tableauPrompt(game) : phasePrompt(game, seatName));
  fill($("table"), patience ? tableauPanel(game, token ? legalFor(0, "move") : [], act) : tablePanel(game, seatName));
  renderTrumpChange();
  renderActions();
  renderUndo($("undo"), Boolean(token) && undoOffered, game.version, act);
  renderCorrections();
  once("rulings", JSON.stringify(view.rulings), () => fill($("rulings"), renderRulings(view.rulings, seatName)));
  once("sheet", JSON.stringify(game.scores), () => fill($("sheet"), renderSheet(game.scores, view.seats || [], view.options && view.options.target)));
  renderExports();
  renderClaimForm(view);
  $("more").hidden = !token || game.status === "finished";
}

/** Redraw a section only when what it shows changed (keeps a half-typed form and focus). */
function once(section, signature, draw) {
  if (rendered[section] === signature) return;
  rendered[section] = signature;
  draw();
}

function renderTokenPanel(rejected) {
  const panel = $("token-panel");
  const fresh = sessionStorage.getItem(`courtcard.new.${gameId}`) && token;
  if (token && !rejected && !fresh) { panel.hidden = true; return; }
  panel.hidden = false;
  if (fresh) {
    fill(panel, h("h2", {}, "The scorekeeper's token"),
      h("p", {}, "Shown once. This browser keeps it; write it down to log this game from another device:"),
      h("p", {}, h("code", { class: "token" }, token)),
      h("button", { type: "button", onclick: () => { sessionStorage.removeItem(`courtcard.new.${gameId}`); panel.hidden = true; } }, "I have noted it"));
    return;
  }
  const input = h("input", { id: "token-input", autocomplete: "off", "aria-label": "Scorekeeper's token" });
  fill(panel,
    h("h2", {}, rejected ? "That token is not this game's" : "Watching"),
    h("p", {}, rejected ? "Enter the token shown when the game was created." : "You see the table as it is logged. To log actions here, enter the scorekeeper's token."),
    h("form", { class: "inline", onsubmit: (e) => {
      e.preventDefault();
      const value = input.value.trim();
      if (!value) return;
      token = value;
      saveToken(gameId, token);
      Object.keys(rendered).forEach((k) => delete rendered[k]);
      notify("");
      restartLive();
      refresh();
    } }, input, h("button", { type: "submit" }, "Use this token")));
  if (rejected) { forgetToken(gameId); token = ""; }
}

function legalFor(seat, action) {
  return (legal[seat] || []).filter((a) => a.action === action);
}

function renderTrumpChange() {
  const panel = $("trump-change");
  const view = game.view;
  const dealer = view.dealer;
  const choices = token ? legalFor(dealer, "change_trump") : [];
  const wasHidden = panel.hidden;
  if (view.phase !== "trump_change") { panel.hidden = true; rendered.trumpChange = null; return; }
  panel.hidden = false;
  once("trumpChange", `${game.version}:${choices.length}`, () => fill(panel, trumpChangePanel(game, seatName, choices, act)));
  // Keyboard users land on the question the referee is asking.
  if (wasHidden && choices.length) panel.querySelector("button").focus();
}

function renderActions() {
  const section = $("actions");
  const view = game.view;
  // During a trump change the referee's question (its own panel) is the only thing to answer.
  if (!token || view.phase === "trump_change") { section.hidden = true; rendered.actions = null; return; }
  section.hidden = false;
  const toAct = game.to_act || [];
  const phase = view.phase;
  const signature = `${game.version}:${phase}:${JSON.stringify(toAct.map((s) => legal[s]))}:${confirmCard}:${JSON.stringify(ownHand)}`;
  once("actions", signature, () => {
    if (game.status === "finished") return fill(section, h("h2", {}, "Game over"), h("p", {}, "Nothing more to log. Claims about the last hand can still be made below."));
    if (phase === "cut") return fill(section, cutPanel(game, seatName, legal, act));
    // a tableau's moves are taps on the tableau: the other actions (deal, turn, a card turned up) are choices
    if (isTableau(view)) return fill(section, choicePanel(game, seatName, { 0: (legal[0] || []).filter((a) => a.action !== "move") }, act));
    if (phase === "deal") return fill(section, dealPanel(game, seatName, legalFor(toAct[0], "deal"), act));
    if (phase === "play") return fill(section, playPanel(view));
    return fill(section, choicePanel(game, seatName, legal, act));
  });
}

/** The seat to play's cards: the referee's legal ones enabled, the others say why not. */
function playPanel(view) {
  const hand = view.hand;
  const seat = hand.turn;
  const plays = legalFor(seat, "play");
  const legalCards = plays.map((p) => p.card).filter(Boolean);
  const cards = ownHand || legalCards;
  const offRule = ownHand ? ownHand.filter((c) => !legalCards.includes(c)) : [];
  const onClaim = view.options && view.options.detection === "on_claim";
  const why = offRule.length ? whyNot(hand, legalCards, onClaim) : "";
  const tap = (card) => {
    if (legalCards.includes(card)) return act({ action: "play", seat, card });
    if (onClaim) { confirmCard = card; rendered.actions = null; return renderActions(); }
    notify(`${cardText(card)} cannot be played now. ${why}`);
  };
  const button = (card) => {
    const ok = legalCards.includes(card);
    return h("button", {
      type: "button", class: `card suit-${suitOf(card)}${ok ? "" : " off"}`, "data-card": card, "data-key": `card-${card}`,
      "aria-label": `${cardName(card)}${ok ? "" : " (not allowed now)"}`, "aria-disabled": ok ? null : "true",
      "aria-describedby": ok ? null : "why-not", title: ok ? `Play ${cardText(card)}` : why, onclick: () => tap(card),
    }, cardText(card));
  };
  // A blind record offers every unseen card: group them by suit so one is quick to find.
  const groups = ownHand ? [cards] : ["S", "H", "D", "C"].map((s) => cards.filter((c) => suitOf(c) === s)).filter((g) => g.length);
  const extra = (legal[seat] || []).filter((a) => a.action !== "play");
  const typed = h("input", { name: "card", autocomplete: "off", "aria-label": "Card played", placeholder: "e.g. qs or 10h", "data-key": "typed-card", size: 8 });
  return [
    h("h2", {}, `${seatName(seat)} plays`, ownHand ? ` (${ownHand.length} card${ownHand.length === 1 ? "" : "s"})` : ""),
    h("p", { class: "hint" }, ownHand ? "Tap the card played."
      : game.record === "known" ? "Tap the card played (the cards the referee allows this seat; this game shows no hand)."
        : "Tap the card played (every card not yet seen is offered)."),
    groups.map((g) => h("div", { class: "hand", role: "group", "aria-label": `${seatName(seat)}'s cards` }, g.map(button))),
    why ? h("p", { id: "why-not", class: "why-not" }, why) : null,
    confirmCard ? h("div", { class: "confirm", role: "alertdialog", "aria-label": "Log an off-rule card" },
      h("p", {}, `${cardText(confirmCard)} breaks the rules of play now. Log it as played anyway? The referee records it and rules when a player claims.`),
      h("button", { type: "button", class: "danger", "data-key": "confirm-yes", onclick: () => act({ action: "play", seat, card: confirmCard }) }, `Log ${cardText(confirmCard)}`),
      h("button", { type: "button", "data-key": "confirm-no", onclick: () => { confirmCard = null; rendered.actions = null; renderActions(); } }, "Cancel")) : null,
    h("form", { class: "inline typed", onsubmit: (e) => { e.preventDefault(); if (typed.value.trim()) act({ action: "play", seat, card: typed.value.trim() }); } },
      h("label", { for: "typed-card" }, "Or type it: "), Object.assign(typed, { id: "typed-card" }), h("button", { type: "submit" }, "Log")),
    extra.length ? choicePanel(game, seatName, { [seat]: extra }, act) : null,
  ];
}

/** Why the greyed cards are greyed, from what the table shows (the referee's list decides). */
function whyNot(hand, legalCards, onClaim) {
  const facts = [];
  if (hand.challenge !== null && hand.challenge !== undefined) facts.push("the Queen's Challenge is on");
  if (hand.trick && hand.trick.length) facts.push(`${SUIT_NAME[suitOf(hand.trick[0].card)]} were led`);
  else if (hand.trump_broken === false) facts.push(`trump (${SUIT_NAME[hand.trump]}) is not broken`);
  const allowed = `Greyed cards: the rules allow only ${cardsText(legalCards)}${facts.length ? ` (${facts.join("; ")})` : ""}`;
  return onClaim ? `${allowed}. A greyed card can still be logged if it was played: the referee rules on a claim.` : `${allowed}.`;
}

/** Take-backs (window A) and penalty offers (window B), for whichever seat may give them. */
function renderCorrections() {
  const section = $("corrections");
  const items = [];
  for (const [seat, actions] of Object.entries(legal)) {
    for (const a of actions) {
      if (a.action !== "take_back" && a.action !== "accept_penalty") continue;
      const s = Number(seat);
      const card = ((game.view.hand && game.view.hand.trick) || []).find((p) => p.seat === s);
      const penalty = game.view.options && game.view.options.renege_penalty;
      items.push(a.action === "take_back"
        ? h("button", { type: "button", "data-key": `take-back-${s}`, onclick: () => act(a) },
          game.view.hand ? `${seatName(s)}: take back ${card ? cardText(card.card) : "the card"} (no penalty, nothing was played after it)`
            : `${seatName(s)}: take back the last move`)
        : h("button", { type: "button", "data-key": `accept-${s}`, onclick: () => act(a) },
          `${seatName(s)}: accept the ${penalty ?? ""}-point penalty and replay the trick from that card`.replace(" -point", " penalty")));
    }
  }
  section.hidden = !token || !items.length;
  once("corrections", `${game.version}:${items.length}`, () => fill(section, h("h2", {}, "Corrections"),
    h("p", { class: "hint" }, "The referee offers these for a card that broke the rules."), items));
}

function renderExports() {
  const base = `/games/${enc}/export?format=`;
  once("exports", gameId, () => fill($("exports"), h("h2", {}, "Export the record"), h("p", { class: "buttons" },
    h("a", { class: "button", href: `${base}jsonl`, download: `${gameId}.jsonl` }, "JSON lines"),
    h("a", { class: "button", href: `${base}csv`, download: `${gameId}.csv` }, "CSV"),
    h("a", { class: "button", href: `${base}html`, target: "_blank", rel: "noopener" }, "Printable record"))));
}

function renderClaimForm(view) {
  const box = $("claim");
  const hand = view.hand;
  const started = hand && ((hand.trick && hand.trick.length) || (hand.tricks && hand.tricks.length));
  box.hidden = !token || !started;
  if (box.hidden) return;
  const players = (view.units || []).flatMap((u) => u.seats).sort((a, b) => a - b);
  const latest = hand.trick && hand.trick.length ? hand.trick_no : hand.tricks.length;
  once("claim", `${hand.no}:${players.join(",")}`, () => {
    const options = (sel) => players.map((s) => h("option", { value: s, selected: s === sel }, seatName(s)));
    fill($("claim-form"),
      h("label", {}, "Claimed by ", h("select", { name: "seat", "data-key": "claim-seat" }, options(players[0]))),
      h("label", {}, "Against ", h("select", { name: "accused", "data-key": "claim-accused" }, options(players[1]))),
      h("label", {}, "In trick ", h("input", { name: "trick", type: "number", min: 1, value: latest, inputmode: "numeric", "data-key": "claim-trick" })),
      h("label", {}, "Card shown at the table (optional) ", h("input", { name: "shown", autocomplete: "off", placeholder: "e.g. 3s", "data-key": "claim-shown" })),
      h("button", { type: "submit", class: "primary" }, "Ask the referee to rule"));
  });
}

$("claim-form").addEventListener("submit", (e) => {
  e.preventDefault();
  const f = e.target.elements;
  const body = { action: "claim_renege", seat: Number(f.seat.value), accused: Number(f.accused.value), trick: Number(f.trick.value) };
  if (f.shown.value.trim()) body.shown = f.shown.value.trim();
  act(body);
});

$("end-game").addEventListener("click", () => {
  const button = $("end-game");
  if (!endArmed) { endArmed = true; button.textContent = "Tap again to end the game now"; return; }
  endArmed = false;
  button.textContent = "End the game now";
  act({ action: "end_game", reason: "time" });
});

// ---------------------------------------------------------------- live updates

let stopLive = null;
let soon = null;

function restartLive() {
  if (stopLive) stopLive();
  stopLive = follow(gameId, {
    after: game ? game.version : 0,
    token,
    onEvent: (envelope) => {
      if (game && envelope.version <= game.version) return; // our own action, already shown
      clearTimeout(soon);
      soon = setTimeout(refresh, 100);
    },
    onStatus: (status) => {
      const el = $("live");
      el.textContent = status === "live" ? "live" : "reconnecting\u2026";
      el.className = `live ${status}`;
      if (status === "live") refresh(); // catch up on anything missed while away
    },
  });
}

refresh().then(() => { if (game) restartLive(); else $("live").textContent = "offline"; });
