// The last table this device showed of each game (localStorage, courtcard.table.<game_id>): the
// game as the API gave it and what the page drew it with (the seats' legal actions, the hand of the
// seat to play, the undo offered). A page reloaded with no network draws it again, marked as of its
// version, and entries made then are kept (outbox.js) until the network is back. It is never taken
// over the record: the page reads the game again as soon as it can, and draws what it reads.
// A table read with the scorekeeper's token holds hands: it is shown again only while this device
// holds that same token (kept beside it, as the token itself is kept in localStorage), and it is
// forgotten with it.
import { recentGames } from "./api.js";

const PREFIX = "courtcard.table.";

/** Keep `table` as `gameId`'s last; only the games of this device's recent list keep theirs, so
 * old tables never crowd out the entries kept offline. */
export function keepTable(gameId, table, token) {
  const recent = new Set(recentGames().map((g) => g.id));
  for (const key of Object.keys(localStorage)) {
    if (key.startsWith(PREFIX) && key !== PREFIX + gameId && !recent.has(key.slice(PREFIX.length))) localStorage.removeItem(key);
  }
  try {
    localStorage.setItem(PREFIX + gameId, JSON.stringify({ table, readWith: token || "" }));
  } catch {
    // storage full or refused: the page still works online, it only cannot reload offline
  }
}

/** The table kept for `gameId`, or null; one read with a token only while `token` is that one. */
export function lastTable(gameId, token) {
  let kept = null;
  try { kept = JSON.parse(localStorage.getItem(PREFIX + gameId)); } catch { return null; }
  // A table kept without saying what it was read with (an earlier page's) is never drawn.
  if (!kept || !kept.table || typeof kept.readWith !== "string") return null;
  return !kept.readWith || kept.readWith === token ? kept.table : null;
}

/** Forget the table kept for `gameId` (its token was forgotten or refused). */
export function forgetTable(gameId) {
  localStorage.removeItem(PREFIX + gameId);
}
