// The undo and redo of mis-taps: a scorekeeper who logged the wrong card steps back through the
// entries, one tap an entry, and may put back what they took back. The referee decides whether an
// entry can be undone or redone (it offers "undo" and "redo" among the legal actions only then) and
// says why not; the record keeps every entry, undo and redo. Each undo and redo answers with what
// it took back or put back in words ("Undone: Cat plays the 7 of clubs."): the note shows them.

import { t } from "./texts.js";

const OWN = ["undo", "redo"];

/**
 * Take the referee's "undo" and "redo" out of each seat's legal actions (they are the
 * scorekeeper's, not a seat's, and have their own buttons) and say which were offered.
 */
export function splitUndo(legalLists) {
  const offered = { undo: false, redo: false };
  for (const list of legalLists) {
    for (const name of OWN) offered[name] = offered[name] || list.actions.some((a) => a.action === name);
    list.actions = list.actions.filter((a) => !OWN.includes(a.action));
  }
  return offered;
}

function button(id, text, title, onclick) {
  const b = document.createElement("button");
  b.type = "button";
  b.id = id;
  b.dataset.key = id;
  b.textContent = text;
  b.title = title;
  b.addEventListener("click", onclick);
  return b;
}

/**
 * Show the "Undo last entry" and "Redo" buttons in ``section`` where ``offered`` says so, and
 * ``note``, what the latest undo or redo did. Each names the version the page shows, so an entry
 * logged meanwhile on another device is never the one undone: the referee refuses, and the page
 * shows that entry.
 */
export function renderUndo(section, offered, version, act, note = "") {
  const shown = offered.undo || offered.redo || Boolean(note);
  section.hidden = !shown;
  if (!shown) { section.replaceChildren(); delete section.dataset.signature; return; }
  const signature = JSON.stringify([version, offered.undo, offered.redo, note]);
  if (section.dataset.signature === signature && section.childElementCount) return;
  section.dataset.signature = signature;
  const parts = [];
  if (offered.undo) {
    parts.push(button("undo-last", t("undo.undo"), t("undo.undo.title"),
      () => act({ action: "undo", version })));
  }
  if (offered.redo) {
    parts.push(button("redo-last", t("undo.redo"), t("undo.redo.title"),
      () => act({ action: "redo", version })));
  }
  const said = document.createElement("span");
  if (note) {
    said.className = "undo-note";
    said.id = "undo-note";
    said.setAttribute("role", "status");
    said.textContent = ` ${note}`;
  } else {
    said.className = "hint";
    said.textContent = t("undo.hint");
  }
  section.replaceChildren(...parts, said);
}
