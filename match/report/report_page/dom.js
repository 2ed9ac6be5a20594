// The report page's DOM helpers: HTML and SVG elements in one call, and number formats.
// (The page's scripts share one function scope: match/report_page/page.html wraps them.)
const SVG_NS = "http://www.w3.org/2000/svg";
function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  setAttrs(node, attrs);
  for (const c of children.flat(Infinity)) {
    if (c !== null && c !== undefined) node.append(c instanceof Node ? c : String(c));
  }
  return node;
}
function svg(tag, attrs, ...children) {
  const node = document.createElementNS(SVG_NS, tag);
  setAttrs(node, attrs);
  for (const c of children.flat(Infinity)) {
    if (c !== null && c !== undefined) node.append(c instanceof Node ? c : String(c));
  }
  return node;
}
function setAttrs(node, attrs) {
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v);
  }
}
const pct = (x) => (100 * x).toFixed(1) + "%";
const share = (n, total) => (total ? pct(n / total) : "–");
const signed = (x, digits) => (x > 0 ? "+" : x < 0 ? "−" : "") + Math.abs(x).toFixed(digits);
function eloText(e, score) {
  if (e.elo === null) return score > 0.5 ? "+∞" : "−∞";
  return signed(e.elo, 1);
}
// An unbounded end (null) is where unboundedEnd puts it: a score of 0 makes the whole interval
// −∞, a score of 1 the whole interval +∞, as the command line's table writes them.
function intervalText(e, score) {
  const end = (value, side) => value !== null ? signed(value, 1)
      : unboundedEnd({ score: score ?? 0.5 }, side) < 0 ? "−∞" : "+∞";
  return "[" + end(e.lower, -1) + ", " + end(e.upper, 1) + "]";
}
function wdlBar(t) {
  const n = t.games || 1;
  return el("span", { class: "bar", title: `W ${share(t.wins, t.games)} · D ${share(t.draws, t.games)} · L ${share(t.losses, t.games)}` },
            el("span", { class: "w", style: `width:${(100 * t.wins) / n}%` }),
            el("span", { class: "d", style: `width:${(100 * t.draws) / n}%` }),
            el("span", { class: "l", style: `width:${(100 * t.losses) / n}%` }));
}
const countCell = (n, total) => el("td", null, n, el("span", { class: "pct" }, share(n, total)));
