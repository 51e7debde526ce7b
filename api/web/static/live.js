// Following a game live from /games/{id}/events/stream. fetch() reads the server-sent events
// (EventSource cannot send the token a private game needs, and drops named events it was not
// told about); a dropped connection resumes with Last-Event-ID, so no event is missed.

const RETRY_MS = 2000;
// The heartbeat: the server sends a keep-alive comment when no event came for HEARTBEAT_MS
// (`block_ms`), so a stream silent for DEAD_MS is a dead connection (a cable pulled, a phone
// off the Wi-Fi: nothing tells the browser), and the badge says so within a few seconds.
const HEARTBEAT_MS = 2000;
const DEAD_MS = 5000;

/**
 * Follow a game from `after` (the last version the page has). Calls onEvent(envelope) for each
 * event and onStatus("live" | "reconnecting") when the connection changes. Returns stop().
 */
export function follow(gameId, { after = 0, token = "", onEvent, onStatus }) {
  let lastId = after;
  let stopped = false;
  let controller = null;
  let heard = 0; // when the stream last said anything (an event or a keep-alive), or was asked for

  async function connect() {
    while (!stopped) {
      controller = new AbortController();
      const headers = { Accept: "text/event-stream", "Last-Event-ID": String(lastId) };
      if (token) headers.Authorization = `Bearer ${token}`;
      const reading = controller;
      heard = Date.now();
      const watchdog = setInterval(() => { if (Date.now() - heard > DEAD_MS) reading.abort(); }, 1000);
      try {
        const response = await fetch(`/games/${encodeURIComponent(gameId)}/events/stream?block_ms=${HEARTBEAT_MS}`,
          { headers, signal: controller.signal });
        if (!response.ok || !response.body) throw new Error(`stream answered ${response.status}`);
        heard = Date.now();
        onStatus("live");
        await read(response.body.getReader());
      } catch (err) {
        if (stopped) return;
      } finally {
        clearInterval(watchdog);
      }
      if (stopped) return;
      onStatus("reconnecting");
      await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
    }
  }

  async function read(reader) {
    const decoder = new TextDecoder();
    let buffer = "";
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      heard = Date.now();
      buffer = take(buffer + decoder.decode(value, { stream: true }).replace(/\r\n?/g, "\n"));
    }
  }

  /** Dispatch the complete events in `buffer`; returns what is left of it. */
  function take(buffer) {
    let end;
    while ((end = buffer.indexOf("\n\n")) >= 0) {
      dispatch(buffer.slice(0, end));
      buffer = buffer.slice(end + 2);
    }
    return buffer;
  }

  function dispatch(block) {
    let id = null;
    const data = [];
    for (const line of block.split("\n")) {
      if (line.startsWith(":")) continue; // keep-alive comment
      const colon = line.indexOf(":");
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? "" : line.slice(colon + 1).replace(/^ /, "");
      if (field === "id") id = value;
      else if (field === "data") data.push(value);
    }
    if (!data.length) return;
    if (id !== null && /^\d+$/.test(id)) lastId = Number(id);
    try { onEvent(JSON.parse(data.join("\n"))); } catch { /* not an event envelope: ignore */ }
  }

  window.addEventListener("online", () => controller && controller.abort());
  window.addEventListener("offline", () => { if (controller) controller.abort(); onStatus("reconnecting"); });
  connect();
  return () => { stopped = true; if (controller) controller.abort(); };
}
