// Talking to Courtcard's public API: JSON in and out, problem+json errors turned into words,
// and the scorekeeper's token kept in this browser, one per game.
import { t } from "./texts.js";

/** An error to show a person: `message` is the API's `detail` (or our own words), never JSON. */
export class ApiError extends Error {
  constructor(message, status = 0, problem = null) {
    super(message);
    this.status = status;
    this.problem = problem;
  }
}

/** A random key for Idempotency-Key (crypto.randomUUID needs https, a table's LAN may not have it). */
export function newKey() {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * Call the API. Options: method, body (sent as JSON), token, ifMatch (a version), key
 * (Idempotency-Key). Resolves with the parsed body; rejects with an ApiError in words.
 */
export async function api(path, { method = "GET", body, token, ifMatch, key } = {}) {
  const headers = { Accept: "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers.Authorization = `Bearer ${token}`;
  if (ifMatch !== undefined) headers["If-Match"] = `"${ifMatch}"`;
  if (key) headers["Idempotency-Key"] = key;
  let response;
  try {
    response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch (err) {
    throw new ApiError(t("api.offline"), 0);
  }
  const text = await response.text();
  let data = null;
  try { data = text ? JSON.parse(text) : null; } catch { data = null; }
  if (!response.ok) {
    const detail = data && typeof data.detail === "string" ? data.detail
      : t("api.status", { status: `${response.status} ${response.statusText || ""}`.trim() });
    throw new ApiError(detail, response.status, data);
  }
  return data;
}

const TOKEN_PREFIX = "courtcard.token.";
const RECENT = "courtcard.recent";

/** The scorekeeper's token for a game, if this browser has it. */
export function tokenFor(gameId) {
  return localStorage.getItem(TOKEN_PREFIX + gameId) || "";
}

/** Keep a game's token (and remember the game in this device's list). */
export function saveToken(gameId, token, title = "") {
  localStorage.setItem(TOKEN_PREFIX + gameId, token);
  remember(gameId, title);
}

export function forgetToken(gameId) {
  localStorage.removeItem(TOKEN_PREFIX + gameId);
}

/** Remember a game opened on this device, newest first. */
export function remember(gameId, title = "") {
  const list = recentGames().filter((g) => g.id !== gameId);
  list.unshift({ id: gameId, title: title || (list.find((g) => g.id === gameId) || {}).title || "", at: Date.now() });
  localStorage.setItem(RECENT, JSON.stringify(list.slice(0, 20)));
}

export function recentGames() {
  try { return JSON.parse(localStorage.getItem(RECENT) || "[]"); } catch { return []; }
}
