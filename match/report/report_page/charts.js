// The report page's SVG charts: intervals on an Elo axis, and lines over the games.
const COLORS = ["#2563eb", "#e8590c", "#2f9e44", "#ae3ec9", "#c92a2a", "#0c8599", "#5c7cfa",
                "#f08c00", "#495057", "#d6336c"];
function niceTicks(lo, hi, count) {
  const span = hi - lo || 1;
  const raw = span / count;
  const mag = Math.pow(10, Math.floor(Math.log10(raw)));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * mag).find((s) => span / s <= count) || 10 * mag;
  const ticks = [];
  for (let t = Math.ceil(lo / step) * step; t <= hi + 1e-9; t += step) ticks.push(+t.toFixed(10));
  return ticks;
}
// Which end of the axis an unbounded value or interval end (null) is at: -1 (−∞) or +1 (+∞).
// `side` is -1 for a lower end, +1 for an upper end, 0 for the value. A score of 0 makes
// everything −∞ (an engine that lost every game), a score of 1 everything +∞.
function unboundedEnd(row, side) {
  if (row.score <= 0) return -1;
  if (row.score >= 1) return 1;
  return side !== 0 ? side : (row.score > 0.5 ? 1 : -1);
}
// Horizontal intervals: rows of {label, value, lower, upper, score?} (null: unbounded, drawn at
// the axis's end that unboundedEnd says).
function intervalChart(name, rows) {
  const W = 640, rowH = 30, left = 190, right = 24, top = 8, bottom = 28;
  const H = top + rows.length * rowH + bottom;
  const finite = rows.flatMap((r) => [r.value, r.lower, r.upper]).filter((x) => x !== null);
  let lo = Math.min(-50, ...finite), hi = Math.max(50, ...finite);
  const pad = (hi - lo) * 0.06;
  lo -= pad; hi += pad;
  const x = (v) => left + ((v - lo) / (hi - lo)) * (W - left - right);
  const chart = svg("svg", { class: "chart", "data-chart": name, "data-axis": `${x(lo)} ${x(hi)}`, viewBox: `0 0 ${W} ${H}`, role: "img" });
  for (const t of niceTicks(lo, hi, 6)) {
    chart.append(svg("line", { class: t === 0 ? "axis" : "grid", x1: x(t), x2: x(t), y1: top, y2: H - bottom }),
                 svg("text", { x: x(t), y: H - bottom + 16, "text-anchor": "middle" }, signed(t, 0)));
  }
  rows.forEach((r, i) => {
    const y = top + i * rowH + rowH / 2;
    const color = COLORS[i % COLORS.length];
    const at = (v, side) => (v !== null ? x(v) : x(unboundedEnd(r, side) < 0 ? lo : hi));
    const a = at(r.lower, -1), b = at(r.upper, 1);
    chart.append(svg("text", { class: "label", x: left - 10, y: y + 4, "text-anchor": "end" }, r.label));
    chart.append(svg("line", { x1: a, x2: b, y1: y, y2: y, stroke: color, "stroke-width": 3, "stroke-linecap": "round", opacity: 0.45 }));
    for (const [end, open] of [[a, r.lower === null], [b, r.upper === null]]) {
      if (!open) chart.append(svg("line", { x1: end, x2: end, y1: y - 7, y2: y + 7, stroke: color, "stroke-width": 2 }));
    }
    chart.append(svg("circle", { cx: at(r.value, 0), cy: y, r: 5, fill: color, "data-label": r.label },
                     svg("title", null, `${r.label}: ${r.text}`)));
  });
  return chart;
}
// Lines over games: series [{label, color, values}], optional band [[lo, hi]] and rules [{y, label}].
function lineChart(name, xs, series, opts) {
  const W = 640, H = 240, left = 48, right = 16, top = 12, bottom = 30;
  const values = series.flatMap((s) => s.values).concat((opts.rules || []).map((r) => r.y))
    .concat((opts.band || []).flat()).filter((v) => v !== null && isFinite(v));
  let lo = Math.min(...values, opts.min ?? Infinity), hi = Math.max(...values, opts.max ?? -Infinity);
  if (opts.clamp) { lo = Math.max(lo, opts.clamp[0]); hi = Math.min(hi, opts.clamp[1]); }
  if (hi - lo < 1e-9) { lo -= 1; hi += 1; }
  const pad = (hi - lo) * 0.05;
  lo -= pad; hi += pad;
  const x0 = xs.length ? xs[0] : 0, x1 = xs.length ? xs[xs.length - 1] : 1;
  const x = (v) => left + (x1 === x0 ? 0.5 : (v - x0) / (x1 - x0)) * (W - left - right);
  const y = (v) => top + (1 - (Math.min(Math.max(v, lo), hi) - lo) / (hi - lo)) * (H - top - bottom);
  const chart = svg("svg", { class: "chart", "data-chart": name, viewBox: `0 0 ${W} ${H}`, role: "img" });
  for (const t of niceTicks(lo, hi, 5)) {
    chart.append(svg("line", { class: "grid", x1: left, x2: W - right, y1: y(t), y2: y(t) }),
                 svg("text", { x: left - 6, y: y(t) + 4, "text-anchor": "end" }, opts.format(t)));
  }
  for (const t of niceTicks(x0, x1, 6).filter((t) => Number.isInteger(t))) {
    chart.append(svg("text", { x: x(t), y: H - bottom + 16, "text-anchor": "middle" }, t));
  }
  chart.append(svg("line", { class: "axis", x1: left, x2: W - right, y1: H - bottom, y2: H - bottom }),
               svg("text", { x: W - right, y: H - 2, "text-anchor": "end" }, "games"));
  if (opts.band) {
    const pts = [];
    xs.forEach((g, i) => { const b = opts.band[i]; if (b[0] !== null && b[1] !== null) pts.push([g, b]); });
    if (pts.length > 1) {
      const d = pts.map(([g, b]) => `${x(g)},${y(b[1])}`).concat(pts.slice().reverse().map(([g, b]) => `${x(g)},${y(b[0])}`));
      chart.append(svg("polygon", { points: d.join(" "), fill: series[0].color, opacity: 0.15 }));
    }
  }
  for (const r of opts.rules || []) {
    chart.append(svg("line", { x1: left, x2: W - right, y1: y(r.y), y2: y(r.y), stroke: r.color || "#8a96a3", "stroke-dasharray": "5 4" }),
                 svg("text", { x: W - right - 4, y: y(r.y) - 4, "text-anchor": "end", fill: r.color || "#8a96a3" }, r.label));
  }
  for (const s of series) {
    const pts = [];
    xs.forEach((g, i) => { if (s.values[i] !== null) pts.push(`${x(g)},${y(s.values[i])}`); });
    if (pts.length === 1) pts.push(pts[0]);
    chart.append(svg("polyline", { points: pts.join(" "), fill: "none", stroke: s.color, "stroke-width": 2, "stroke-linejoin": "round" }));
  }
  return chart;
}
function legend(series) {
  return el("div", { class: "legend" }, series.map((s) => el("span", null, el("i", { style: `background:${s.color}` }), s.label)));
}
