// One game as the director sees it: the table, every hand and irregularity (the director view),
// the rulings, and the disputes, read with their evidence or opened from here. Follows the game
// live. Everything is asked with the director's key; nothing is logged but disputes.
import { t, translate } from "./texts.js";
import { api } from "./api.js";
import { h, fill, notify } from "./dom.js";
import { cardFace } from "./cards.js";
import { readable } from "./labels.js";
import { follow } from "./live.js";
import { tablePanel } from "./table.js";
import { isTableau, tableauPanel } from "./tableau.js";
import { dungeonPanel, isDungeon } from "./dungeon.js";
import { renderRulings } from "./rulings.js";
import { askForKey, directorKey, showLive } from "./director_key.js";
import { disputeDetail, disputesPanel, listDisputes, openDispute, readDispute } from "./disputes.js";
import { fillJoin } from "./join.js";

translate();
const app = document.getElementById("app");
const gameId = app.dataset.gameId;
const $ = (id) => document.getElementById(id);
let key = directorKey();
let game = null;
let listed = []; // the game's disputes, one line each (GET /games/{id}/disputes)
let opened = null; // the dispute laid out, and its explanation
let detail = null;
let drawnDisputes = null;
// An irregular card's status (referee/trickgame/reneges.py), in words.
const STATUS = { open: t("director.status.open"), found_b: t("director.status.found_b"), ruled: t("director.status.ruled") };
const seatName = (seat) => (game && game.view.seats && game.view.seats[seat]) || t("play.seat", { seat });

async function refresh() {
  try {
    [game, listed] = await Promise.all([api(`/games/${encodeURIComponent(gameId)}?view=director`, { token: key }),
      listDisputes(gameId, key)]);
  } catch (err) {
    if (err.status === 401 || err.status === 403) {
      askForKey($("key-panel"), err.status === 403, (value) => { key = value; start(); });
      return false;
    }
    notify(err.message);
    return false;
  }
  render();
  return true;
}

function render() {
  const view = game.view;
  app.dataset.version = game.version;
  app.dataset.phase = view.phase || "";
  $("game-title").textContent = t("director.game_title", { game: gameId, title: game.title, record: game.record, seats: (view.seats || []).join(", ") });
  const toAct = (game.to_act || []).map(seatName).join(", ");
  // Nobody to act: the scorekeeper logs what comes next (a deal), as the desk says too.
  fill($("prompt"), game.status === "finished" ? t("director.over")
    : toAct ? t("director.to_act", { who: toAct, phase: readable(view.phase || "play").toLowerCase() })
      : t("director.next", { phase: readable(view.phase || "").toLowerCase() }));
  // A patience is drawn as its tableau, moved on by nobody here (no legal moves are given), a
  // Dungeon as its dungeons.
  fill($("table"), isTableau(view) ? tableauPanel(game, [], () => {}) : isDungeon(view) ? dungeonPanel(game, seatName) : tablePanel(game, seatName));
  // A patience hides nothing from its one player but the pack, drawn on the tableau; a Dungeon's
  // hidden cards are in its disputes' evidence.
  $("hidden").hidden = isTableau(view) || isDungeon(view);
  if (!$("hidden").hidden) fill($("hidden"), hiddenPanel(view));
  // Redrawn only when the disputes or the open one change, so a half-typed dispute survives a new card.
  const signature = `${JSON.stringify(listed)}:${opened}:${view.hand && view.hand.no}`;
  if (signature !== drawnDisputes) {
    drawnDisputes = signature;
    fill($("disputes"), disputesPanel(game, seatName, { listed, opened, detail, onOpen: showDispute, onFile: fileDispute }));
  }
  fill($("rulings"), renderRulings(view.rulings, seatName, null, true));
}

/** What the table does not see: each seat's hand, irregular cards, claims nothing has proven yet. */
function hiddenPanel(view) {
  const hand = view.hand || {};
  const irregular = hand.irregularities || [];
  const unproven = hand.unproven_claims || [];
  return [h("h2", {}, t("director.hidden")),
    hand.hands ? h("dl", { class: "facts hands" }, hand.hands.map((cards, s) => [h("dt", {}, seatName(s)),
      h("dd", { "data-seat": s }, cards.length ? cards.map((c) => [cardFace(c), " "]) : t("director.no_cards_left"))])) : h("p", { class: "muted" },
      game.record === "blind" ? t("director.blind") : t("director.no_hand")),
    irregular.length ? [h("h3", {}, t("director.irregular")), h("ul", {}, irregular.map((i) => h("li", {},
      t("director.who", { who: seatName(i.seat) }), cardFace(i.card),
      t("director.irregular.what", { trick: i.trick, kind: i.kind.replace("_", " "), status: STATUS[i.status] || i.status }),
      i.window_now ? t("director.window_now", { window: i.window_now }) : "")))] : null,
    unproven.length ? [h("h3", {}, t("director.unproven")), h("ul", {}, unproven.map((i) => h("li", {},
      t("director.who", { who: seatName(i.seat) }), cardFace(i.card), t("table.in_trick", { trick: i.trick }))))] : null];
}

async function showDispute(n) {
  if (opened === n) { opened = null; detail = null; return render(); }
  try {
    detail = disputeDetail(await readDispute(gameId, n, key), seatName);
    opened = n;
    notify("");
  } catch (err) {
    notify(err.message);
  }
  render();
}

async function fileDispute(claim) {
  app.setAttribute("aria-busy", "true");
  try {
    const n = await openDispute(gameId, claim, key);
    await refresh();
    opened = null;
    await showDispute(n);
  } catch (err) {
    notify(err.message);
  } finally {
    app.removeAttribute("aria-busy");
  }
}

let stop = null;
let soon = null;

async function start() {
  if (!(await refresh())) return;
  if (stop) stop();
  stop = follow(gameId, {
    after: game.version,
    token: key,
    onEvent: (envelope) => {
      if (envelope.version <= game.version) return;
      clearTimeout(soon);
      soon = setTimeout(refresh, 100);
    },
    onStatus: (status) => { showLive(status); if (status === "live") refresh(); },
  });
}

const join = $("join");
join.addEventListener("toggle", () => { if (join.open) fillJoin(join.querySelector(".join-body"), gameId, ""); });

if (key) start(); else askForKey($("key-panel"), false, (value) => { key = value; start(); });
