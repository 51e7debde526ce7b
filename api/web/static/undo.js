// The undo of a mis-tap: a scorekeeper who logged the wrong card takes back the last entry, with one
// small button. The referee decides whether the last entry can be undone (it offers "undo" among
// the legal actions only then) and says why not; the record keeps the entry and the undo.

/**
 * Take the referee's "undo" out of each seat's legal actions (it is the scorekeeper's, not a
 * seat's, and has its own button) and say whether it was offered.
 */
export function splitUndo(legalLists) {
  let offered = false;
  for (const list of legalLists) {
    offered = offered || list.actions.some((a) => a.action === "undo");
    list.actions = list.actions.filter((a) => a.action !== "undo");
  }
  return offered;
}

/**
 * Show the "Undo last entry" button in ``section`` when ``offered``; ``undo()`` logs it. The undo
 * names the version the page shows, so an entry logged meanwhile on another device is never the
 * one undone: the referee refuses, and the page shows that entry.
 */
export function renderUndo(section, offered, version, act) {
  section.hidden = !offered;
  if (!offered) { section.replaceChildren(); return; }
  if (section.dataset.version === String(version) && section.childElementCount) return;
  section.dataset.version = String(version);
  const button = document.createElement("button");
  button.type = "button";
  button.id = "undo-last";
  button.dataset.key = "undo-last";
  button.textContent = "Undo last entry";
  button.title = "A mis-tap: take back the last entry (the record keeps it, marked undone)";
  button.addEventListener("click", () => act({ action: "undo", version }));
  const hint = document.createElement("span");
  hint.className = "hint";
  hint.textContent = " Logged the wrong one? Take it back, then log the right one.";
  section.replaceChildren(button, hint);
}
