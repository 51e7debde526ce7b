// The start page: create a game from the catalog's games and options, or open one by id. The
// players come first (as many name fields as the chosen count); each option is drawn from what the
// catalog's JSON Schema says of it: a chooser for a closed set of values (an enum, a short range of
// numbers, a seat, yes/no), a field for the rest. The options a table rarely changes wait folded.
import { api, recentGames, saveToken, remember } from "./api.js";
import { h, fill, notify } from "./dom.js";
import { t, translate } from "./texts.js";

const form = document.getElementById("new-game");
const gameSelect = document.getElementById("game");
const optionsBox = document.getElementById("options");
const rareBox = document.getElementById("rare-options");
const seatsBox = document.getElementById("seats");
const DEFAULT_NAMES = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"];
const DEFAULT_GAME = "queens-dungeon";
// How long a game runs is what a table sets most; every other option waits under "More options".
const COMMON = new Set(["target", "hands"]);
// A range of numbers this short is offered as a chooser, not typed.
const SHORT_RANGE = 12;
// Options that name a seat (by the "dealer" in their name): a chooser of the players as named above.
const SEAT_OPTION = /dealer$/;
let catalog = [];

const gameOf = () => catalog.find((g) => g.name === gameSelect.value);
const schemaOf = (game, name) => (game.options_schema && game.options_schema.properties || {})[name] || {};
const typesOf = (schema) => [].concat(schema.type || []);

function label(name) {
  return name.replace(/_/g, " ").replace(/^./, (c) => c.toUpperCase());
}

/** The values of a closed set an option takes, or null when it is open (typed). */
function closedSet(schema) {
  if (Array.isArray(schema.enum)) return schema.enum;
  const { minimum: low, maximum: high } = schema;
  if (typesOf(schema).includes("integer") && Number.isInteger(low) && Number.isInteger(high) && high - low <= SHORT_RANGE) {
    return Array.from({ length: high - low + 1 }, (_, i) => low + i);
  }
  return null;
}

function names() {
  return [...seatsBox.querySelectorAll("input[name=seat]")].map((i, s) => i.value.trim() || t("start.player", { n: s + 1 }));
}

/** The choices of a seat option: each player by name, and "not set" when the default is none. */
function seatChoices(select) {
  const chosen = select.value;
  const unset = select.dataset.unset === "true";
  fill(select, unset ? h("option", { value: "" }, t("start.not_set")) : null,
    names().map((name, s) => h("option", { value: String(s), selected: String(s) === chosen }, t("start.seat_choice", { name, n: s + 1 }))));
}

/** One chooser or field for an option, after its schema; its default chosen. */
function optionField(name, value, schema) {
  const id = `opt-${name}`;
  const types = typesOf(schema);
  const nullable = types.includes("null") || value === null;
  if (SEAT_OPTION.test(name) && (types.includes("integer") || Number.isInteger(value))) {
    const select = h("select", { id, name, dataset: { kind: "seat", unset: String(value === null) } },
      h("option", { value: value === null ? "" : String(value) }, ""));
    select.value = value === null ? "" : String(value);
    return h("label", {}, label(name), select);
  }
  if (typeof value === "boolean" || types.includes("boolean")) {
    return h("label", { class: "check" }, h("input", { type: "checkbox", id, name, checked: Boolean(value), dataset: { kind: "boolean" } }), " ", label(name));
  }
  const values = closedSet(schema);
  if (values) {
    const kind = values.every((v) => typeof v === "number") ? "number" : "text";
    return h("label", {}, label(name), h("select", { id, name, dataset: { kind } },
      nullable ? h("option", { value: "", selected: value === null }, t("start.default")) : null,
      values.map((v) => h("option", { value: String(v), selected: v === value }, kind === "text" ? label(String(v)) : String(v)))));
  }
  if (types.includes("integer") || typeof value === "number") {
    return h("label", {}, label(name), h("input", {
      type: "number", id, name, value: value ?? "", placeholder: value === null ? t("start.default") : null,
      min: schema.minimum ?? null, max: schema.maximum ?? null, inputmode: "numeric", dataset: { kind: "number" },
    }));
  }
  if (types.includes("array") || Array.isArray(value)) {
    return h("label", {}, label(name), h("input", {
      type: "text", id, name, value: Array.isArray(value) ? value.join(" ") : "",
      placeholder: t("start.default"), dataset: { kind: "list" },
    }));
  }
  return h("label", {}, label(name), h("input", { type: "text", id, name, value: value ?? "", dataset: { kind: "text" } }));
}

function renderOptions() {
  const game = gameOf();
  if (!game) return;
  const fields = Object.entries(game.options).filter(([n]) => n !== "players")
    .map(([n, v]) => [n, optionField(n, v, schemaOf(game, n))]);
  fill(optionsBox, fields.filter(([n]) => COMMON.has(n)).map(([, f]) => f));
  fill(rareBox, fields.filter(([n]) => !COMMON.has(n)).map(([, f]) => f));
  renderSeats(true);
}

/** The player count chooser: the counts the game allows (one, shown and fixed, when it allows one). */
function countChooser(game, chosen) {
  const schema = schemaOf(game, "players");
  const counts = closedSet(schema) || [game.options.players ?? 4];
  return h("label", { class: "count" }, t("start.player_count"), h("select", {
    id: "opt-players", name: "players", disabled: counts.length === 1, dataset: { kind: "number" } },
  counts.map((n) => h("option", { value: String(n), selected: n === chosen }, String(n)))));
}

function renderSeats(newGame = false) {
  const game = gameOf();
  const old = [...seatsBox.querySelectorAll("input[name=seat]")].map((i) => i.value);
  const picked = document.getElementById("opt-players");
  let n = !newGame && picked ? Number(picked.value) : game.options.players ?? 4;
  if (!Number.isInteger(n) || n < 1) n = 4;
  const inputs = [];
  for (let i = 0; i < n; i++) {
    inputs.push(h("label", {}, t("start.player", { n: i + 1 }), h("input", {
      name: "seat", required: true, maxlength: 40, value: old[i] || DEFAULT_NAMES[i] || "", autocomplete: "off",
    })));
  }
  fill(seatsBox, h("legend", {}, t("start.players")), countChooser(game, n), h("div", { class: "names" }, inputs));
  for (const select of form.querySelectorAll("select[data-kind=seat]")) seatChoices(select);
}

/** The options set away from their defaults (the referee fills in the rest). */
function readOptions() {
  const game = gameOf();
  const out = {};
  const players = document.getElementById("opt-players");
  if (players && Number(players.value) !== game.options.players) out.players = Number(players.value);
  for (const input of [...optionsBox.querySelectorAll("input, select"), ...rareBox.querySelectorAll("input, select")]) {
    const kind = input.dataset.kind;
    const fallback = game.options[input.name];
    if (kind === "boolean") {
      if (input.checked !== fallback) out[input.name] = input.checked;
    } else if (input.value.trim() === "" || input.value.trim() === String(fallback ?? "")) {
      continue; // left as it was: the referee's default
    } else if (kind === "number" || kind === "seat") {
      out[input.name] = Number(input.value);
    } else if (kind === "list") {
      out[input.name] = input.value.split(/[\s,]+/).filter(Boolean);
    } else {
      out[input.name] = input.value.trim();
    }
  }
  return out;
}

form.addEventListener("submit", async (event) => {
  event.preventDefault();
  const seats = [...seatsBox.querySelectorAll("input[name=seat]")].map((i) => i.value.trim());
  const body = {
    game: gameSelect.value,
    options: readOptions(),
    seats,
    record: form.querySelector("input[name=record]:checked").value,
    private: document.getElementById("private").checked,
  };
  const button = form.querySelector("button[type=submit]");
  button.disabled = true;
  try {
    const created = await api("/games", { method: "POST", body });
    const title = `${gameOf()?.title || body.game}: ${seats.join(", ")}`;
    saveToken(created.game_id, created.token, title);
    sessionStorage.setItem(`courtcard.new.${created.game_id}`, "1");
    location.assign(`/play/${encodeURIComponent(created.game_id)}`);
  } catch (err) {
    notify(err.message);
    button.disabled = false;
  }
});

document.getElementById("open-game").addEventListener("submit", (event) => {
  event.preventDefault();
  const id = document.getElementById("open-id").value.trim();
  const token = document.getElementById("open-token").value.trim();
  if (!id) return;
  if (token) saveToken(id, token);
  else remember(id);
  location.assign(`/play/${encodeURIComponent(id)}`);
});

// A renamed player is renamed in the seat options too; a new count draws as many name fields.
seatsBox.addEventListener("change", (event) => {
  if (event.target.name === "players") renderSeats();
  else for (const select of form.querySelectorAll("select[data-kind=seat]")) seatChoices(select);
});
gameSelect.addEventListener("change", renderOptions);

function renderRecent() {
  const list = recentGames();
  fill(document.getElementById("recent"), list.length ? list.map((g) => h("li", {},
    h("a", { href: `/play/${encodeURIComponent(g.id)}` }, g.title || g.id), " ", h("span", { class: "muted" }, g.id))) : h("li", {}, t("start.recent.none")));
}

async function start() {
  translate();
  renderRecent();
  try {
    catalog = await api("/games/catalog");
  } catch (err) {
    notify(err.message);
    return;
  }
  // Queen's Dungeon, in a blind record (the page's default), is what most tables log.
  fill(gameSelect, catalog.map((g) => h("option", { value: g.name, selected: g.name === DEFAULT_GAME }, g.title)));
  renderOptions();
}

start();
