// Entries made with no connection: kept on this device (localStorage, so a reload or a flat
// battery loses nothing), in the order they were made, each with the Idempotency-Key it was made
// with. They are sent in that order when the connection is back; a key the referee has already
// seen is answered with what it logged then, so nothing is logged twice.
//
// Each entry carries the version it was made on (If-Match): the first, the version on screen; each
// next one, the version the entry before it produced once sent. Someone logging on another device
// meanwhile is a 409, which stops the sending: the scorekeeper sees the table as it now is and
// decides whether to send the rest.

const storageKey = (gameId) => `courtcard.outbox.${gameId}`;

/** The entries waiting to be sent, oldest first: [{body, key, version, made}]. */
export function waiting(gameId) {
  try { return JSON.parse(localStorage.getItem(storageKey(gameId)) || "[]"); } catch { return []; }
}

function save(gameId, list) {
  if (list.length) localStorage.setItem(storageKey(gameId), JSON.stringify(list));
  else localStorage.removeItem(storageKey(gameId));
}

/** Keep an entry made offline; `version` is the version it was made on, or null after another
 * waiting entry (it follows that one). */
export function keep(gameId, body, key, version) {
  const list = waiting(gameId);
  list.push({ body, key, version: list.length ? null : version, made: Date.now() });
  save(gameId, list);
}

/** Drop every waiting entry (the scorekeeper decided not to send them). */
export function discard(gameId) {
  save(gameId, []);
}

/**
 * Send the waiting entries in order with `post(entry, ifMatch)` (which resolves with the API's
 * answer, or rejects with its ApiError). Stops at the first failure, keeping that entry and the
 * rest, and rethrows it.
 */
export async function sendWaiting(gameId, post) {
  for (let list = waiting(gameId); list.length; list = waiting(gameId)) {
    const entry = list[0];
    const answer = await post(entry, entry.version ?? undefined);
    // Read again: an entry may have been kept while this one was on its way.
    const rest = waiting(gameId).filter((e) => e.key !== entry.key);
    if (rest.length) rest[0].version = answer.version; // the next entry follows this one
    save(gameId, rest);
  }
}

/** Send the next entry on the version on screen (after a conflict, once the scorekeeper has seen
 * what was logged meanwhile and chose to send the rest). */
export function rebase(gameId, version) {
  const list = waiting(gameId);
  if (list.length) { list[0].version = version; save(gameId, list); }
}
