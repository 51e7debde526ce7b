// The game page: shows the table from the views, offers the referee's legal actions as buttons,
// logs what the scorekeeper taps, and follows the game live. It decides nothing itself.
import { api, forgetToken, newKey, remember, saveToken, tokenFor } from "./api.js";
import { h, fill, notify } from "./dom.js";
import { cardName, cardText, cardsText, suitOf, SUIT_NAME } from "./cards.js";
import { consequenceText, renderRulings, rulingText } from "./rulings.js";
import { renderSheet } from "./sheet.js";
import { follow } from "./live.js";
import { phasePrompt, trumpChangePanel, cutPanel, dealPanel } from "./phases.js";
import { choicePanel } from "./choices.js";
import { actionText } from "./labels.js";
import { tablePanel } from "./table.js";
import { isTableau, tableauPanel, tableauPrompt } from "./tableau.js";
import { cardEntry, resetSuit } from "./entry.js";
import { discard, keep, rebase, sendWaiting, waiting } from "./outbox.js";
import { dungeonActions, dungeonPanel, dungeonPrompt, isDungeon } from "./dungeon.js";
import { renderUndo, splitUndo } from "./undo.js";
import { confirmPanel, confirmedLine, splitConfirm } from "./confirm.js";
import { forgetTable, keepTable, lastTable } from "./last_table.js";
import { keepThisPage } from "./shell.js";
import { renderToken } from "./token.js";
import { t, translate } from "./texts.js";

translate();
const app = document.getElementById("app");
const gameId = app.dataset.gameId;
const $ = (id) => document.getElementById(id);
const enc = encodeURIComponent(gameId);

let token = tokenFor(gameId);
let game = null; // the last GET /games/{id}
let legal = {}; // seat -> the referee's legal actions
let ownHand = null; // the hand of the seat to play, in a known record
let lostWords = null; // a patience's player's view: why the game is lost, as the referee says it
let pending = null; // the last action whose outcome the referee could not confirm, with its Idempotency-Key
let conflict = null; // why the entries kept on this device stopped being sent (a refusal, or someone logged first)
let sending = false;
let undoOffered = { undo: false, redo: false }; // the referee offers the undo of the last entry, the redo of the last undo
let undoNote = ""; // what the latest undo or redo took back or put back, in the referee's words
let confirmOffers = []; // the referee's offers to confirm a scored hand: {action, seat, hand, agree, note}
let confirmNote = ""; // what the latest confirmation said, in the referee's words
let busy = false;
let logged = 0; // the version this page's last entry was logged as: its refresh reads it, the live event need not
let unreachable = false; // the last read of the game found no network: the table shown is as of its version
let confirmCard = null; // an off-rule card the scorekeeper tapped, awaiting "log it anyway"
let endArmed = false;
const rendered = {}; // section -> signature of what it shows, so typing is not wiped by a refresh

const seatName = (seat) => (game && game.view.seats && game.view.seats[seat]) || t("play.seat", { seat });

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
  // A game where anyone may act out of turn (an Ace, a counter) asks about every seat, always.
  if (isDungeon(view)) (view.seats || []).forEach((_, s) => seats.add(s));
  // A finished game's last entry may still be undone: any seat's list offers it.
  if (!seats.size && body.status === "finished") seats.add(0);
  // A scored hand no player has confirmed yet: any player's seat may confirm it (confirm.js).
  const unconfirmed = (body.confirmations && body.confirmations.unconfirmed_hands) || [];
  if (unconfirmed.length) (view.seats || []).forEach((_, s) => seats.add(s));
  const wanted = token ? [...seats] : [];
  // A patience's player's own view says when the game is lost (it reads the hidden key, so it
  // needs the token); a trick game's seat to play's view shows its hand, in a known record.
  const patience = isTableau(view);
  const turn = hand && view.phase === "play" ? hand.turn : patience && view.phase === "play" ? 0 : null;
  const [legalLists, seatView] = await Promise.all([
    Promise.all(wanted.map((s) => api(`/games/${enc}/legal?seat=${s}`, auth))),
    token && (body.record === "known" || patience) && turn !== null && turn !== undefined
      ? api(`/games/${enc}?seat=${turn}`, auth) : Promise.resolve(null),
  ]);
  const byseat = {};
  const undo = splitUndo(legalLists);
  const offers = splitConfirm(legalLists).filter((o) => unconfirmed.includes(o.hand));
  legalLists.forEach((l) => { byseat[l.seat] = l.actions; });
  const current = seatView && seatView.version === body.version ? seatView.view : null;
  const mine = current && current.hand ? current.hand.your_hand || null : null;
  return { body, byseat, mine, undo, offers, lost: current ? current.lost || null : null };
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
        const table = await fetchAll();
        keepTable(gameId, table, token);
        unreachable = false;
        show(table);
      } catch (err) {
        unreachable = err.status === 0;
        // No network: the table on screen stays, or (a reload) the last one this device showed,
        // marked as of its version; the record decides as soon as it can be read again.
        const kept = unreachable && !game ? lastTable(gameId, token) : null;
        if (kept) show(kept);
        else if (game) renderAsOf();
        if (!(unreachable && game)) notify(err.message);
        // A private game answers as an unknown id does (404 game_not_found) without its token:
        // the token field is offered then too, in case it is one.
        const unknown = err.status === 404 && err.problem && err.problem.code === "game_not_found";
        if (err.status === 401 || err.status === 403 || unknown) renderTokenPanel(err.status === 403 || (unknown && Boolean(token)), unknown);
      }
    } while (again);
  })();
  try { await refreshing; } finally { refreshing = null; }
}

/** Draw a table: the game as the API gave it, the seats' legal actions, the seat to play's hand. */
function show({ body, byseat, mine, undo, offers, lost }) {
  game = body;
  legal = byseat;
  undoOffered = undo;
  confirmOffers = offers || [];
  ownHand = mine;
  lostWords = lost || null;
  render();
}

/** Mark the table as of its version while the referee cannot be reached. */
function renderAsOf() {
  const mark = $("as-of");
  mark.hidden = !unreachable;
  mark.textContent = unreachable ? t("play.offline.as_of", { version: game.version }) : "";
}

/** Log one action; the referee decides, the page shows its answer. */
async function act(body) {
  if (busy || !game) return;
  const signature = JSON.stringify(body);
  // Entries are logged in the order they were made: behind entries still waiting, a new one waits too.
  if (waiting(gameId).length) return keepOnDevice(body, newKey());
  // A retry of the same action after an unconfirmed write reuses its key: it is logged at most once.
  const key = pending && pending.signature === signature ? pending.key : newKey();
  busy = true;
  app.setAttribute("aria-busy", "true");
  try {
    const result = await api(`/games/${enc}/actions`, { method: "POST", body, token, ifMatch: game.version, key });
    logged = (result && result.version) || logged;
    const said = (result && result.said) || "";
    // Said by an undo or a redo, and by a confirmation: any other entry clears them.
    undoNote = body.action === "confirm" ? "" : said;
    confirmNote = body.action === "confirm" ? said : "";
    pending = null;
    confirmCard = null;
    resetSuit();
    notify("");
  } catch (err) {
    pending = null;
    if (err.status === 0) keepOnDevice(body, key);
    else if (err.problem && err.problem.code === "outcome_unknown") {
      pending = { signature, key, message: err.message };
      notify("");
    } else if (isConflict(err)) notify(SOMEONE_FIRST);
    else notify(err.message);
  } finally {
    busy = false;
    app.removeAttribute("aria-busy");
    await refresh();
  }
}

const SOMEONE_FIRST = t("play.someone_first");
const isConflict = (err) => err.status === 409 || err.status === 412;

/** No connection: keep the entry on this device; it is sent, with its key, when the connection is back. */
function keepOnDevice(body, key) {
  const list = waiting(gameId);
  notify("");
  // The same entry tapped again is the same entry: it is kept (and logged) once.
  if (list.length && JSON.stringify(list[list.length - 1].body) === JSON.stringify(body)) return sendKept();
  keep(gameId, body, key, game.version);
  confirmCard = null;
  resetSuit();
  rendered.actions = null;
  render();
  sendKept();
}

/** Send the entries kept on this device, in order; a refusal or a conflict stops and is shown. */
async function sendKept() {
  if (sending || busy || !waiting(gameId).length) return;
  sending = true;
  let sent = 0;
  try {
    await sendWaiting(gameId, (entry, ifMatch) => api(`/games/${enc}/actions`,
      { method: "POST", body: entry.body, token, ifMatch, key: entry.key }).then((answer) => { sent += 1; return answer; }));
    conflict = null;
  } catch (err) {
    if (err.status !== 0) conflict = { message: isConflict(err) ? SOMEONE_FIRST : err.message, body: waiting(gameId)[0].body };
  } finally {
    sending = false;
    if (sent) notify(t(sent === 1 ? "play.kept.sent.one" : "play.kept.sent.many", { n: sent }), "info");
    await refresh();
  }
}

setInterval(() => { if (waiting(gameId).length && !conflict) sendKept(); }, 3000);
window.addEventListener("online", () => sendKept());

/** The entries waiting on this device, a conflict that stopped them, or an unconfirmed write. */
function renderKept() {
  const section = $("kept");
  const list = waiting(gameId);
  const say = (body) => actionText(body, seatName);
  const signature = JSON.stringify([list, conflict, pending && pending.key]);
  section.hidden = !list.length && !pending;
  once("kept", signature, () => {
    if (pending) return fill(section, h("p", { class: "advice" }, pending.message, " ",
      h("strong", {}, t("play.pending.again"))));
    if (!list.length) return fill(section);
    fill(section,
      h("h2", {}, t(list.length === 1 ? "play.kept.title.one" : "play.kept.title.many", { n: list.length })),
      conflict
        ? h("p", { class: "advice" }, h("strong", {}, t("play.kept.not_sent", { entry: say(conflict.body) })), conflict.message)
        : h("p", { class: "advice" }, t("play.kept.waiting"),
          h("strong", {}, t("play.kept.once"))),
      h("ol", { class: "kept-list" }, list.map((e) => h("li", {}, say(e.body)))),
      conflict ? h("p", { class: "buttons" },
        h("button", { type: "button", "data-key": "kept-send", onclick: () => { rebase(gameId, game.version); conflict = null; sendKept(); } }, t("play.kept.send")),
        h("button", { type: "button", class: "danger", "data-key": "kept-discard", onclick: () => { discard(gameId); conflict = null; rendered.actions = null; refresh(); } }, t("play.kept.discard"))) : null);
  });
}

// ---------------------------------------------------------------- drawing the page

function render() {
  const view = game.view;
  app.dataset.version = game.version;
  app.dataset.phase = view.phase || "";
  app.dataset.role = token ? "scorekeeper" : "watcher";
  // The game's name is kept whole on a phone; what follows it gives way (courtcard.css).
  fill($("game-title"), h("span", { class: "game-name" }, game.title),
    h("span", { class: "game-meta" }, t("play.title.meta", { record: game.record, seats: (view.seats || []).join(", ") })));
  document.title = t("play.document_title", { title: game.title, game: gameId });
  remember(gameId, `${game.title}: ${(view.seats || []).join(", ")}`);
  renderTokenPanel(false);
  renderAsOf();
  // A patience's view has a tableau instead of hands and tricks: drawn, and moved on, by tableau.js.
  const patience = isTableau(view);
  const dungeon = isDungeon(view);
  fill($("prompt"), patience ? tableauPrompt(game, lostWords) : dungeon ? dungeonPrompt(game, seatName) : phasePrompt(game, seatName));
  fill($("table"), patience ? tableauPanel(game, token ? legalFor(0, "move") : [], act)
    : dungeon ? dungeonPanel(game, seatName) : tablePanel(game, seatName));
  renderKept();
  renderTrumpChange();
  renderActions();
  renderUndo($("undo"), token ? undoOffered : { undo: false, redo: false }, game.version, act, token ? undoNote : "");
  renderCorrections();
  renderConfirm();
  renderLatestRuling();
  once("rulings", JSON.stringify([view.rulings, game.scores && game.scores.hands && game.scores.hands.length]),
    () => fill($("rulings"), renderRulings(view.rulings, seatName, game)));
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

function renderTokenPanel(rejected, unknown = false) {
  const fresh = Boolean(sessionStorage.getItem(`courtcard.new.${gameId}`) && token);
  renderToken({
    panel: $("token-panel"), entry: $("scorekeeper-entry"), gameId, token, fresh, rejected, unknown,
    onNoted: () => { sessionStorage.removeItem(`courtcard.new.${gameId}`); $("token-panel").hidden = true; },
    onToken: (value) => {
      token = value;
      saveToken(gameId, token);
      Object.keys(rendered).forEach((k) => delete rendered[k]);
      notify("");
      restartLive();
      refresh();
    },
  });
  if (rejected) { forgetToken(gameId); forgetTable(gameId); token = ""; }
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
  const signature = `${game.version}:${phase}:${JSON.stringify(legal)}:${confirmCard}:${JSON.stringify(ownHand)}:${JSON.stringify(waiting(gameId))}`;
  once("actions", signature, () => {
    if (game.status === "finished") return fill(section, h("h2", {}, t("play.over.title")), h("p", {}, t("play.over")));
    if (isDungeon(view)) return fill(section, dungeonActions(game, seatName, legal, act));
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
  const kept = waiting(gameId).filter((e) => e.body.action === "play");
  const offline = kept.length > 0;
  const seat = offline ? offlineSeat(view, kept) : hand.turn;
  const plays = legalFor(hand.turn, "play");
  // Offline, the cards the page last knew unseen are offered to whoever plays next (the referee
  // judges them when they are sent); cards kept on the device are no longer offered.
  const legalCards = plays.map((p) => p.card).filter(Boolean).filter((c) => !kept.some((e) => e.body.card === c));
  const shownHand = offline ? null : ownHand;
  const cards = shownHand || (offline && game.record === "known" ? [] : legalCards);
  const offRule = shownHand ? shownHand.filter((c) => !legalCards.includes(c)) : [];
  const onClaim = view.options && view.options.detection === "on_claim";
  const why = offRule.length ? whyNot(hand, legalCards, onClaim) : "";
  const tap = (card) => {
    if (legalCards.includes(card)) return act({ action: "play", seat, card });
    if (onClaim) { confirmCard = card; rendered.actions = null; return renderActions(); }
    notify(t("play.card.not_now", { card: cardText(card), why }));
  };
  const button = (card) => {
    const ok = legalCards.includes(card);
    return h("button", {
      type: "button", class: `card suit-${suitOf(card)}${ok ? "" : " off"}`, "data-card": card, "data-key": `card-${card}`,
      "aria-label": ok ? cardName(card) : t("play.card.not_allowed", { card: cardName(card) }), "aria-disabled": ok ? null : "true",
      "aria-describedby": ok ? null : "why-not", title: ok ? t("play.card.play", { card: cardText(card) }) : why, onclick: () => tap(card),
    }, cardText(card));
  };
  const led = hand.trick && hand.trick.length && !offline ? suitOf(hand.trick[0].card) : null;
  const extra = offline ? [] : (legal[seat] || []).filter((a) => a.action !== "play");
  const typed = h("input", { name: "card", autocomplete: "off", "aria-label": t("play.typed.label"), placeholder: t("play.typed.placeholder"), "data-key": "typed-card", size: 6 });
  return [
    h("h2", {}, t("play.plays", { who: seatName(seat) }),
      shownHand ? t(shownHand.length === 1 ? "play.plays.cards.one" : "play.plays.cards.many", { n: shownHand.length }) : "",
      offline ? h("span", { class: "muted" }, t("play.plays.offline")) : ""),
    offline ? offlineSeatChoice(view, seat) : null,
    cardEntry({ cards, button, led, bySuit: !shownHand, label: t("play.cards_of", { who: seatName(seat) }) }),
    why ? h("p", { id: "why-not", class: "why-not" }, why) : null,
    confirmCard ? h("div", { class: "confirm", role: "alertdialog", "aria-label": t("play.off_rule.label") },
      h("p", {}, t("play.off_rule", { card: cardText(confirmCard) })),
      h("button", { type: "button", class: "danger", "data-key": "confirm-yes", onclick: () => act({ action: "play", seat, card: confirmCard }) }, t("play.off_rule.log", { card: cardText(confirmCard) })),
      h("button", { type: "button", "data-key": "confirm-no", onclick: () => { confirmCard = null; rendered.actions = null; renderActions(); } }, t("play.off_rule.cancel"))) : null,
    h("form", { class: "inline typed", onsubmit: (e) => { e.preventDefault(); if (typed.value.trim()) act({ action: "play", seat, card: typed.value.trim() }); } },
      h("label", { for: "typed-card" }, t("play.typed")), Object.assign(typed, { id: "typed-card" }), h("button", { type: "submit" }, t("play.typed.log"))),
    extra.length ? choicePanel(game, seatName, { [seat]: extra }, act) : null,
  ];
}

let offlineChosen = null; // {after, seat}: the seat the scorekeeper picked to play next while offline

/** Offline the referee cannot say who plays next: the seat after the last card kept, within a
 * trick, unless the scorekeeper picks another (a new trick is led by its winner). */
function offlineSeat(view, kept) {
  const last = kept[kept.length - 1];
  if (offlineChosen && offlineChosen.after === last.key) return offlineChosen.seat;
  return (last.body.seat + 1) % (view.seats || []).length;
}

function offlineSeatChoice(view, seat) {
  const last = waiting(gameId).filter((e) => e.body.action === "play").pop();
  return h("label", { class: "inline-label" }, t("play.offline.played_by"), h("select", {
    "data-key": "offline-seat", onchange: (e) => { offlineChosen = { after: last.key, seat: Number(e.target.value) }; rendered.actions = null; renderActions(); },
  }, (view.seats || []).map((name, s) => h("option", { value: s, selected: s === seat }, name))));
}

/** Why the greyed cards are greyed, from what the table shows (the referee's list decides). */
function whyNot(hand, legalCards, onClaim) {
  const facts = [];
  if (hand.challenge !== null && hand.challenge !== undefined) facts.push(t("play.why.challenge"));
  if (hand.trick && hand.trick.length) facts.push(t("play.why.led", { suit: SUIT_NAME[suitOf(hand.trick[0].card)] }));
  else if (hand.trump_broken === false) facts.push(t("play.why.unbroken", { suit: SUIT_NAME[hand.trump] }));
  const allowed = facts.length
    ? t("play.why.facts", { cards: cardsText(legalCards), facts: facts.join(t("play.why.join")) })
    : t("play.why", { cards: cardsText(legalCards) });
  return t(onClaim ? "play.why.on_claim" : "play.why.end", { allowed });
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
          game.view.hand ? t("play.take_back", { who: seatName(s), card: card ? cardText(card.card) : t("play.take_back.the_card") })
            : t("play.take_back.move", { who: seatName(s) }))
        : h("button", { type: "button", "data-key": `accept-${s}`, onclick: () => act(a) },
          t(penalty === null || penalty === undefined ? "play.accept" : "play.accept.points", { who: seatName(s), points: penalty })));
    }
  }
  section.hidden = !token || !items.length;
  // A blind record knows no hand: a card off the led suit is a claim of being void, not a breach,
  // until a later card proves otherwise. The offer is the player's to take, not a verdict.
  const why = game.record === "blind"
    ? t("play.corrections.blind")
    : t("play.corrections.known");
  once("corrections", `${game.version}:${items.length}`, () => fill(section, h("h2", {}, t("play.corrections")),
    h("p", { class: "hint" }, why), items));
}

/** The confirm step at the end of a hand (with the token), and what the players confirmed so far. */
function renderConfirm() {
  const section = $("confirm");
  const offers = token ? confirmOffers : [];
  const line = confirmedLine(game);
  section.hidden = !offers.length && !line && !confirmNote;
  if (section.hidden) { rendered.confirm = null; return; }
  once("confirm", JSON.stringify([offers, line, confirmNote, game.scores && game.scores.hands && game.scores.hands.length]), () => fill(section,
    confirmPanel(game, offers, seatName, act),
    confirmNote ? h("p", { class: "undo-note", id: "confirm-note", role: "status" }, confirmNote) : null,
    line ? h("p", { class: "confirmed-line" }, line) : null));
}

/** The newest ruling of the hand in play, with what it costs, in words (not only in the totals). */
function renderLatestRuling() {
  const section = $("latest-ruling");
  const view = game.view;
  const rulings = view.rulings || [];
  const last = [...rulings].reverse().find((r) => r.type !== "claim");
  const current = last && view.hand && last.hand === view.hand.no && !view.hand.over;
  section.hidden = !current;
  if (!current) { rendered.latest = null; return; }
  once("latest", JSON.stringify([last, view.units]), () => fill(section,
    h("p", {}, h("strong", {}, t("play.latest_ruling")), rulingText(last)),
    h("p", { class: "consequence" }, consequenceText(last, game, seatName))));
}

function renderExports() {
  const base = `/games/${enc}/export?format=`;
  once("exports", gameId, () => fill($("exports"), h("h2", {}, t("play.export")), h("p", { class: "buttons" },
    h("a", { class: "button", href: `${base}jsonl`, download: `${gameId}.jsonl` }, t("play.export.jsonl")),
    h("a", { class: "button", href: `${base}csv`, download: `${gameId}.csv` }, t("play.export.csv")),
    h("a", { class: "button", href: `${base}html`, target: "_blank", rel: "noopener" }, t("play.export.html")))));
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
      h("label", {}, t("play.claim.by"), h("select", { name: "seat", "data-key": "claim-seat" }, options(players[0]))),
      h("label", {}, t("play.claim.against"), h("select", { name: "accused", "data-key": "claim-accused" }, options(players[1]))),
      h("label", {}, t("play.claim.trick"), h("input", { name: "trick", type: "number", min: 1, value: latest, inputmode: "numeric", "data-key": "claim-trick" })),
      h("label", {}, t("play.claim.shown"), h("input", { name: "shown", autocomplete: "off", placeholder: t("play.claim.shown.placeholder"), "data-key": "claim-shown" })),
      h("button", { type: "submit", class: "primary" }, t("play.claim.submit")));
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
  if (!endArmed) { endArmed = true; button.textContent = t("play.end.again"); return; }
  endArmed = false;
  button.textContent = t("play.end.now");
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
      // An entry of this page's own, or one logged while it was posting one: the refresh that
      // follows the post reads it (it starts once the post is answered), so a second is waste.
      if (busy || envelope.version <= logged) return;
      clearTimeout(soon);
      soon = setTimeout(refresh, 100);
    },
    onStatus: (status) => {
      const el = $("live");
      el.textContent = t(status === "live" ? "play.live" : "play.reconnecting");
      el.className = `conn ${status}`;
      if (status === "live") refresh().then(sendKept); // catch up on anything missed while away, then send what was kept
    },
  });
}

keepThisPage();
refresh().then(() => { if (game) restartLive(); else $("live").textContent = t("play.offline"); if (game) sendKept(); });
