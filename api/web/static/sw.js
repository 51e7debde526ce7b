// The pages' service worker: it lets a page reload with no network. It keeps the pages' own files
// (the start page, each game page opened, their scripts and styles) and serves them from the
// network when it answers, else from what it kept. It never keeps an answer of the API: a game
// page keeps the last table it showed itself (last_table.js) and reads the record again as soon as
// the network is back. Served at /sw.js, so it covers every page (api/web/__init__.py).
const SHELL = "courtcard-shell-v1";

/** Whether `url` is one of the pages' own files (the API's addresses are not). */
const isShell = (url) => url.origin === self.location.origin
  && (url.pathname === "/" || url.pathname.startsWith("/play/") || url.pathname.startsWith("/web/static/"));

self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

// A page loaded before this worker took it over names the files it loaded (shell.js).
self.addEventListener("message", (event) => {
  const urls = ((event.data && event.data.keep) || []).filter((u) => isShell(new URL(u, self.location.origin)));
  event.waitUntil(caches.open(SHELL).then((cache) => cache.addAll(urls)));
});

self.addEventListener("fetch", (event) => {
  if (event.request.method !== "GET" || !isShell(new URL(event.request.url))) return; // to the network, as ever
  event.respondWith(networkElseKept(event.request));
});

/** The network's answer (kept for next time), or, when the network cannot be reached, the one kept. */
async function networkElseKept(request) {
  const cache = await caches.open(SHELL);
  try {
    const response = await fetch(request);
    if (response.ok) await cache.put(request, response.clone());
    return response;
  } catch (err) {
    const kept = await cache.match(request, { ignoreSearch: true });
    if (kept) return kept;
    throw err;
  }
}
