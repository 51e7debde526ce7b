// The score sheet: running totals by hand, each hand's breakdown, and a chart of the running
// totals drawn as inline SVG (no chart library, nothing fetched).
import { t } from "./texts.js";
import { h } from "./dom.js";
import { cardText, SUIT_SYMBOL } from "./cards.js";

const SVG = "http://www.w3.org/2000/svg";
// Distinct in colour and in dash, so the lines still differ for a colour-blind reader or in print.
const LINE_COLOURS = ["#0b5394", "#b3261e", "#1e7b34", "#6a3d9a", "#8a5a00", "#00707a", "#5b5b5b", "#c2185b"];
const LINE_DASHES = ["", "8 4", "2 3", "10 3 2 3", "", "8 4", "2 3", "10 3 2 3"];

function s(tag, attrs = {}, ...children) {
  const el = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) if (v !== null && v !== undefined && v !== "") el.setAttribute(k, String(v));
  for (const c of children.flat()) if (c !== null && c !== undefined) el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  return el;
}

const signed = (n) => (n > 0 ? `+${n}` : `${n}`);

/** The running totals per unit: hand 0 (the start), each finished hand, and "now" if it differs. */
export function runningTotals(scores) {
  const units = scores.units || [];
  const hands = scores.hands || [];
  // A sheet's units say their total before the hand where the game keeps one (a patience does not).
  const start = hands.length && hands[0].units ? hands[0].units.map((u) => u.before ?? 0) : units.map(() => 0);
  const points = [{ label: "start", totals: start }];
  for (const sheet of hands) points.push({ label: `${sheet.hand}`, totals: sheet.totals });
  const now = scores.totals || [];
  const last = points[points.length - 1].totals;
  if (now.length && now.some((total, i) => total !== last[i])) points.push({ label: "now", totals: now });
  return points;
}

function niceStep(range) {
  const raw = range / 5;
  const mag = 10 ** Math.floor(Math.log10(Math.max(raw, 1)));
  return [1, 2, 2.5, 5, 10].map((m) => m * mag).find((x) => x >= raw) || 10 * mag;
}

/** A line chart of the running totals, one line per scoring unit, with a target line if in view. */
export function totalsChart(scores, target) {
  const units = scores.units || [];
  const points = runningTotals(scores);
  const W = 380, H = 230, left = 44, right = 12, top = 14, bottom = 34;
  const values = points.flatMap((p) => p.totals);
  let lo = Math.min(0, ...values), hi = Math.max(50, ...values);
  const showTarget = target && target <= hi * 1.5 && target > lo;
  if (showTarget) hi = Math.max(hi, target);
  const step = niceStep(hi - lo);
  lo = Math.floor(lo / step) * step;
  hi = Math.ceil(hi / step) * step;
  const x = (i) => left + (points.length === 1 ? 0 : (i * (W - left - right)) / (points.length - 1));
  const y = (v) => top + ((hi - v) * (H - top - bottom)) / (hi - lo || 1);
  const grid = [];
  for (let v = lo; v <= hi + 1e-9; v += step) {
    grid.push(s("line", { x1: left, x2: W - right, y1: y(v), y2: y(v), class: v === 0 ? "axis" : "grid" }));
    grid.push(s("text", { x: left - 6, y: y(v) + 4, "text-anchor": "end", class: "tick" }, `${v}`));
  }
  // A point's label on the axis: "start", a hand's number, "now".
  const axis = (label) => (label === "start" ? t("sheet.chart.start") : label === "now" ? t("sheet.chart.now") : label);
  const labels = points.map((p, i) => s("text", { x: x(i), y: H - bottom + 18, "text-anchor": "middle", class: "tick" }, axis(p.label)));
  const lines = units.map((u, k) => {
    const pts = points.map((p, i) => `${x(i).toFixed(1)},${y(p.totals[k] ?? 0).toFixed(1)}`).join(" ");
    return s("g", { class: "series", "data-unit": k },
      s("polyline", { points: pts, fill: "none", stroke: LINE_COLOURS[k % 8], "stroke-width": 3, "stroke-dasharray": LINE_DASHES[k % 8] }),
      points.map((p, i) => s("circle", { cx: x(i), cy: y(p.totals[k] ?? 0), r: 3.5, fill: LINE_COLOURS[k % 8] },
        s("title", {}, t("sheet.chart.point", { who: u.name, when: p.label === "start" || p.label === "now" ? axis(p.label) : t("sheet.chart.after", { hand: p.label }), total: p.totals[k] })))));
  });
  const targetLine = showTarget ? [
    s("line", { x1: left, x2: W - right, y1: y(target), y2: y(target), class: "target" }),
    s("text", { x: W - right, y: y(target) - 4, "text-anchor": "end", class: "tick" }, t("sheet.chart.target", { target })),
  ] : [];
  const last = points[points.length - 1].totals;
  const summary = units.map((u, k) => `${u.name} ${last[k]}`).join(", ");
  const svg = s("svg", { viewBox: `0 0 ${W} ${H}`, class: "chart", role: "img", "aria-labelledby": "chart-title" },
    s("title", { id: "chart-title" }, t("sheet.chart.title", { summary })),
    grid, targetLine, s("text", { x: (W + left) / 2, y: H - 4, "text-anchor": "middle", class: "tick" }, t("sheet.chart.hand")), labels, lines);
  // Each legend key is a short stretch of its line, dashes and all.
  const key = (k) => s("svg", { class: "swatch", viewBox: "0 0 32 8", width: 32, height: 8, "aria-hidden": "true" },
    s("line", { x1: 0, y1: 4, x2: 32, y2: 4, stroke: LINE_COLOURS[k % 8], "stroke-width": 3, "stroke-dasharray": LINE_DASHES[k % 8] }));
  const legend = h("ul", { class: "legend" }, units.map((u, k) => h("li", {}, key(k), ` ${u.name}: ${last[k]}`)));
  return h("figure", { class: "chart-box" }, svg, legend);
}

/** Trump in a hand's summary: one suit, or a list of suits each from its trick on. */
function trumpText(trump) {
  if (typeof trump === "string") return SUIT_SYMBOL[trump] || trump;
  if (!Array.isArray(trump) || !trump.length) return t("sheet.trump.none");
  return trump.map((x) => (x.trick > 1 ? t("sheet.trump.from", { suit: SUIT_SYMBOL[x.suit] || x.suit, trick: x.trick }) : SUIT_SYMBOL[x.suit] || x.suit))
    .join(t("sheet.trump.then"));
}

function notes(seat) {
  const out = [];
  if (seat.dealer === true) out.push(seat.dealer_short ? t("sheet.note.dealer_short", { quota: seat.quota, short: seat.dealer_short })
    : t("sheet.note.dealer_made", { quota: seat.quota, bonus: seat.bonus }));
  if (seat.trick_points !== undefined) out.push(t("sheet.note.points", { tricks: seat.trick_points, queens: seat.queen_points }));
  for (const st of seat.settings || []) out.push(t("sheet.note.dungeon", { reason: st.reason.replace(/_/g, " "), trick: st.trick, before: st.before, after: st.after }));
  for (const p of seat.penalties || []) out.push(t("sheet.note.penalty", { amount: p.amount, trick: p.trick }));
  if (seat.called_held && seat.called_held.length) out.push(t("sheet.note.held", { cards: seat.called_held.map(cardText).join(" ") }));
  if (seat.renege) out.push(t("sheet.note.renege"));
  if (seat.forfeited) out.push(t("sheet.note.forfeited"));
  if (seat.unit === null) out.push(t("sheet.note.dummy"));
  return out.join(t("sheet.note.join"));
}

// Columns of a hand's breakdown, when its seat lines have them (the rest goes in the notes).
const COLUMNS = [["role", t("sheet.column.role")], ["bid", t("sheet.column.bid")], ["tricks", t("sheet.column.tricks")],
  ["queens", t("sheet.column.queens")], ["card_points", t("sheet.column.points")], ["shares", t("sheet.column.shares")],
  ["made", t("sheet.column.made")]];

const columnCell = (v) => (typeof v === "boolean" ? (v ? t("sheet.yes") : t("sheet.no")) : v ?? "");

/** A hand's summary line: dealer, trump, and the contract when the sheet has one. */
function handSummary(sheet, names) {
  const name = (s) => names[s] ?? s;
  // A game with no dealer nor trump (a patience, whose one hand is the game) says how it ended.
  const parts = [t("sheet.hand", { hand: sheet.hand })];
  if (sheet.dealer !== undefined && sheet.dealer !== null) parts[0] += t("sheet.hand.dealer", { who: name(sheet.dealer) });
  if (sheet.trump !== undefined) parts.push(t("sheet.hand.trump", { trump: trumpText(sheet.trump) }));
  if (typeof sheet.result === "string") parts[0] += `: ${sheet.result.replace(/_/g, " ")}`;
  if (sheet.declarer !== undefined && sheet.declarer !== null) {
    parts.push(t("sheet.hand.bid", { who: name(sheet.declarer), bid: sheet.bid })
      + (sheet.called && sheet.called.length ? t("sheet.hand.calling", { cards: sheet.called.map(cardText).join(" ") }) : ""));
  }
  if (sheet.team_points !== undefined) parts.push(t("sheet.hand.team", { points: sheet.team_points }));
  if (sheet.made !== undefined) parts.push(sheet.made ? t("sheet.hand.made") : t("sheet.hand.defeated"));
  if (sheet.renege) parts.push(t("sheet.hand.renege", { who: name(sheet.renege.seat), trick: sheet.renege.trick }));
  return parts.join(", ");
}

/** One hand's breakdown: a narrow table (it must fit a phone), notes under each name. */
function handTable(sheet, names) {
  const columns = COLUMNS.filter(([k]) => sheet.seats.some((seat) => seat[k] !== undefined));
  const points = (seat) => seat.hand_points ?? (sheet.units || []).find((u) => u.unit === seat.unit && (u.seats || [seat]).length === 1)?.hand_total;
  const rows = sheet.seats.map((seat) => h("tr", {},
    h("th", { scope: "row" }, seat.name, notes(seat) ? h("span", { class: "sheet-notes" }, notes(seat)) : null),
    columns.map(([k]) => h("td", {}, columnCell(seat[k]))),
    h("td", { class: "num" }, seat.unit === null || points(seat) === undefined ? "" : signed(points(seat)))));
  const unitRows = (sheet.units || []).map((u) => h("tr", { class: "unit-total" },
    h("td", { colspan: columns.length + 2 }, `${u.name}: `,
      u.before === undefined ? "" : `${u.before} ${u.hand_total >= 0 ? "+" : "\u2212"} ${Math.abs(u.hand_total)} = `, h("strong", {}, u.total))));
  return h("details", { class: "hand-sheet" },
    h("summary", {}, handSummary(sheet, names)),
    h("div", { class: "scroll" }, h("table", {},
      h("thead", {}, h("tr", {}, [t("sheet.player"), ...columns.map(([, c]) => c), t("sheet.column.hand")].map((c) => h("th", { scope: "col" }, c)))),
      h("tbody", {}, rows, unitRows))));
}

/** The whole score sheet panel. */
export function renderSheet(scores, names, target) {
  if (!scores || !scores.units) return [h("h2", {}, t("sheet.title")), h("p", { class: "muted" }, t("sheet.none"))];
  if (!scores.units.length) return [h("h2", {}, t("sheet.title")), h("p", { class: "muted" }, t("sheet.no_points"))];
  const units = scores.units;
  const hands = scores.hands || [];
  const head = h("tr", {}, h("th", { scope: "col" }, t("sheet.column.hand")), units.map((u) => h("th", { scope: "col" }, u.name)));
  const body = hands.map((sheet) => h("tr", { "data-hand": sheet.hand }, h("th", { scope: "row" }, sheet.hand),
    units.map((u, k) => {
      const unit = (sheet.units || [])[k];
      return h("td", { class: "num" }, `${sheet.totals[k]}`, unit ? h("small", {}, ` (${signed(unit.hand_total)})`) : null);
    })));
  const now = h("tr", { class: "now" }, h("th", { scope: "row" }, t("sheet.now")), units.map((u, k) => h("td", { class: "num" }, scores.totals[k])));
  return [
    h("h2", {}, t("sheet.title")),
    h("div", { class: "scroll" }, h("table", { class: "totals" }, h("caption", {}, target ? t("sheet.totals.target", { target }) : t("sheet.totals")),
      h("thead", {}, head), h("tbody", {}, body, now))),
    hands.length ? [hands.map((sheet) => handTable(sheet, names)), totalsChart(scores, target)]
      : h("p", { class: "muted" }, t("sheet.no_hand_yet")),
  ];
}
