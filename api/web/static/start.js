// The start page: create a game from the catalog's games and options, or open one by id.
import { api, recentGames, saveToken, remember } from "./api.js";
import { h, fill, notify } from "./dom.js";

const form = document.getElementById("new-game");
const gameSelect = document.getElementById("game");
const optionsBox = document.getElementById("options");
const seatsBox = document.getElementById("seats");
const DEFAULT_NAMES = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"];
let catalog = [];
const DEFAULT_GAME = "queens-dungeon";

function label(name) {
  return name.replace(/_/g, " ").replace(/^./, (c) => c.toUpperCase());
}

// Options that name a seat (by the "dealer" in their name): a select of the seats as named below.
const SEAT_OPTION = /dealer$/;

/** The choices of a seat option: each seat by its name, and "not set" when the default is none. */
function seatChoices(select) {
  const names = [...seatsBox.querySelectorAll("input")].map((i, s) => i.value.trim() || `Seat ${s}`);
  const chosen = select.value;
  const unset = select.dataset.unset === "true";
  fill(select, unset ? h("option", { value: "" }, "not set (the referee's default)") : null,
    names.map((name, s) => h("option", { value: String(s), selected: String(s) === chosen }, `${name} (seat ${s})`)));
}

/** One input per option, typed after its default (the catalog gives defaults, the referee validates). */
function optionField(name, value) {
  const id = `opt-${name}`;
  if (SEAT_OPTION.test(name) && (value === null || Number.isInteger(value))) {
    const select = h("select", { id, name, dataset: { kind: "seat", unset: String(value === null) } },
      h("option", { value: value === null ? "" : String(value) }, ""));
    select.value = value === null ? "" : String(value);
    return h("label", {}, label(name), select);
  }
  if (typeof value === "boolean") {
    return h("label", { class: "check" }, h("input", { type: "checkbox", id, name, checked: value, dataset: { kind: "boolean" } }), " ", label(name));
  }
  if (typeof value === "number" || value === null && /(dealer|count|players|target)/.test(name)) {
    return h("label", {}, label(name), h("input", {
      type: "number", id, name, value: value ?? "", placeholder: value === null ? "default" : null,
      inputmode: "numeric", dataset: { kind: "number" },
    }));
  }
  if (Array.isArray(value) || value === null) {
    return h("label", {}, label(name), h("input", {
      type: "text", id, name, value: Array.isArray(value) ? value.join(" ") : "",
      placeholder: "default", dataset: { kind: "list" },
    }));
  }
  return h("label", {}, label(name), h("input", { type: "text", id, name, value, dataset: { kind: "text" } }));
}

function renderOptions() {
  const game = catalog.find((g) => g.name === gameSelect.value);
  if (!game) return;
  fill(optionsBox, h("legend", {}, "Options"), Object.entries(game.options).map(([n, v]) => optionField(n, v)));
  renderSeats();
}

function seatCount() {
  const players = document.getElementById("opt-players");
  const n = players ? parseInt(players.value, 10) : 4;
  return Number.isFinite(n) && n >= 1 && n <= 8 ? n : 4;
}

function renderSeats() {
  const old = [...seatsBox.querySelectorAll("input")].map((i) => i.value);
  const n = seatCount();
  const inputs = [];
  for (let i = 0; i < n; i++) {
    inputs.push(h("label", {}, `Seat ${i}`, h("input", {
      name: "seat", required: true, maxlength: 40, value: old[i] || DEFAULT_NAMES[i], autocomplete: "off",
    })));
  }
  fill(seatsBox, h("legend", {}, "Players, in seat order"), inputs);
  for (const select of optionsBox.querySelectorAll("select[data-kind=seat]")) seatChoices(select);
}

function readOptions() {
  const game = catalog.find((g) => g.name === gameSelect.value);
  const out = {};
  for (const input of optionsBox.querySelectorAll("input, select")) {
    const kind = input.dataset.kind;
    const fallback = game.options[input.name];
    if (kind === "boolean") {
      if (input.checked !== fallback) out[input.name] = input.checked;
    } else if (input.value.trim() === "") {
      continue; // left empty: the referee's default
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
  const seats = [...seatsBox.querySelectorAll("input")].map((i) => i.value.trim());
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
    const title = `${catalog.find((g) => g.name === body.game)?.title || body.game}: ${seats.join(", ")}`;
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

// A renamed seat is renamed in the seat options too.
seatsBox.addEventListener("change", () => {
  for (const select of optionsBox.querySelectorAll("select[data-kind=seat]")) seatChoices(select);
});
optionsBox.addEventListener("change", (event) => {
  if (event.target.name === "players") renderSeats();
});
gameSelect.addEventListener("change", renderOptions);

function renderRecent() {
  const list = recentGames();
  fill(document.getElementById("recent"), list.length ? list.map((g) => h("li", {},
    h("a", { href: `/play/${encodeURIComponent(g.id)}` }, g.title || g.id), " ", h("span", { class: "muted" }, g.id))) : h("li", {}, "None yet."));
}

async function start() {
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
