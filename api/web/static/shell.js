// Lets a page reload with no network: registers the pages' service worker (sw.js) and, the first
// time, names it the files this page loaded before it took the page over (after that, every file
// goes through it and is kept as it passes). Browsers allow a service worker on https and on
// localhost only: on a plain-http address (a table's LAN) this does nothing, and a reload needs
// the network (docs/web.md).
export function keepThisPage() {
  if (!("serviceWorker" in navigator)) return;
  // Read now: the worker may take the page over before it is ready.
  const throughWorker = Boolean(navigator.serviceWorker.controller);
  navigator.serviceWorker.register("/sw.js")
    .then(() => navigator.serviceWorker.ready)
    .then((registration) => {
      if (throughWorker) return; // loaded through the worker: its files are kept
      const loaded = performance.getEntriesByType("resource").map((e) => e.name);
      registration.active.postMessage({ keep: [location.pathname, ...loaded] });
    })
    .catch(() => {}); // no worker: the page works as before, online
}
