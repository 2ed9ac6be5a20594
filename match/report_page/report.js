// The othello-match report page: draws the tables, SVG charts and the game viewer from the JSON
// block #report-data (written by match/report_page_data.cpp). Its fields:
//   engines [name]; finished; planned_games (0: unknown); settings {...} (the match configuration)
//   standings [{name, total|black|white: {games, wins, losses, draws}, score, disc_diff,
//               elo: {elo, lower, upper}}]            (null Elo ends are unbounded)
//   pairs [{a, b, result, score, elo, los, pentanomial?, pentanomial_elo?}]
//   ratings? [{engine, elo, error}]; sprt? {elo0, elo1, alpha, beta, lower, upper, llr, decision}
//   reasons [reason]; reason_counts {reason: n}
//   openings [{name, moves, games, black, white, draws, disc_sum}]
//   series {games [n], score [[engine's score after n]], elo [[elo, lower, upper]], llr? [llr]}
//   games [[id, black, white, opening, moves, black_discs, white_discs, winner (0 black, 1 white,
//           2 draw), reason, detail, black_seconds, white_seconds, move_ms?, move_evals?]]
//   move_ms and move_evals (when the record has informative ones) start after the opening;
//   moves are one character per square: "ABC..." is a1 b1 c1 ..., see MOVE_ALPHABET.
// URL fragments: #game=ID&ply=N opens a game (kept across the running page's reloads);
// #selftest runs the checks of the browser test and writes them into <pre id="selftest-result">.
"use strict";
(function () {
  const data = JSON.parse(document.getElementById("report-data").textContent);
  const main = document.getElementById("report");
  const SVG_NS = "http://www.w3.org/2000/svg";
  const MOVE_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
  const COLORS = ["#2563eb", "#e8590c", "#2f9e44", "#ae3ec9", "#c92a2a", "#0c8599", "#5c7cfa",
                  "#f08c00", "#495057", "#d6336c"];
  const REFRESH_SECONDS = 5;
  const WINNER = ["black", "white", "draw"];
  const G = { id: 0, black: 1, white: 2, opening: 3, moves: 4, bd: 5, wd: 6, winner: 7, reason: 8,
              detail: 9, bs: 10, ws: 11, ms: 12, evals: 13 };

  // ---- small DOM helpers ----
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
  function section(title, note, wide) {
    const s = el("section", { class: wide ? "wide" : null },
                 el("h2", null, title, note ? el("small", null, note) : null));
    main.append(s);
    return s;
  }
  const pct = (x) => (100 * x).toFixed(1) + "%";
  const share = (n, total) => (total ? pct(n / total) : "–");
  const signed = (x, digits) => (x > 0 ? "+" : x < 0 ? "−" : "") + Math.abs(x).toFixed(digits);
  function eloText(e, score) {
    if (e.elo === null) return score > 0.5 ? "+∞" : "−∞";
    return signed(e.elo, 1);
  }
  function intervalText(e) {
    const lo = e.lower === null ? "−∞" : signed(e.lower, 1);
    const hi = e.upper === null ? "+∞" : signed(e.upper, 1);
    return "[" + lo + ", " + hi + "]";
  }
  function wdlBar(t) {
    const n = t.games || 1;
    return el("span", { class: "bar", title: `W ${share(t.wins, t.games)} · D ${share(t.draws, t.games)} · L ${share(t.losses, t.games)}` },
              el("span", { class: "w", style: `width:${(100 * t.wins) / n}%` }),
              el("span", { class: "d", style: `width:${(100 * t.draws) / n}%` }),
              el("span", { class: "l", style: `width:${(100 * t.losses) / n}%` }));
  }
  const countCell = (n, total) => el("td", null, n, el("span", { class: "pct" }, share(n, total)));

  // ---- status and refresh ----
  const played = data.games.length;
  function drawStatus() {
    const status = document.getElementById("status");
    status.textContent = "";
    if (data.finished) {
      status.append(el("span", { class: "badge" }, "finished"), `${played} games`);
      return;
    }
    const of = data.planned_games ? ` of ${data.planned_games}` : "";
    const paused = sessionStorage.getItem("report-paused") === "1";
    status.append(el("span", { class: "badge running" }, "running"), `${played}${of} games · `,
                  paused ? "auto-refresh paused " : `refreshes every ${REFRESH_SECONDS} s `,
                  el("button", { onclick: () => {
                    sessionStorage.setItem("report-paused", paused ? "0" : "1");
                    location.reload();
                  } }, paused ? "resume" : "pause"));
    if (!paused && location.hash !== "#selftest") setTimeout(() => location.reload(), REFRESH_SECONDS * 1000);
  }

  // ---- settings ----
  function settingText(v) {
    if (v === null) return "none";
    if (Array.isArray(v)) {
      if (v.every((x) => typeof x !== "object" || x === null)) return v.join(", ");
      return el("div", null, v.map((x) => el("div", null, typeof x === "object" && x !== null && "name" in x
        ? [el("b", null, x.name), x.spec ? [" ", el("code", null, x.spec)] : null] : JSON.stringify(x))));
    }
    if (typeof v === "object") {
      return Object.entries(v).map(([k, x]) => `${k} ${typeof x === "object" ? JSON.stringify(x) : x}`).join(", ");
    }
    return String(v);
  }
  function drawSettings() {
    const s = section("Match settings");
    const list = el("dl", { class: "settings" });
    const entries = Object.entries(data.settings || {});
    if (!entries.some(([k]) => k === "engines")) entries.unshift(["engines", data.engines.join(", ")]);
    for (const [k, v] of entries) {
      if (v === "") continue;
      list.append(el("dt", null, k.replace(/_/g, " ")), el("dd", null, settingText(v)));
    }
    list.append(el("dt", null, "games played"), el("dd", null, played));
    s.append(list);
  }

  // ---- standings, pairs, crosstable ----
  function tallyCells(t) {
    return [el("td", null, t.games), countCell(t.wins, t.games), countCell(t.losses, t.games),
            countCell(t.draws, t.games)];
  }
  function drawStandings() {
    const s = section("Standings", "wins, losses and draws overall and by colour", true);
    const table = el("table", { id: "standings" }, el("thead", null, el("tr", null,
      el("th", { class: "text" }, "Engine"), el("th", null, "Games"), el("th", null, "W"),
      el("th", null, "L"), el("th", null, "D"), el("th", null, "Score"), el("th", { class: "text" }, ""),
      el("th", null, "Disc diff"), el("th", null, "Elo vs field"))));
    const body = el("tbody");
    const order = data.standings.map((_, i) => i).sort((a, b) => data.standings[b].score - data.standings[a].score);
    for (const i of order) {
      const e = data.standings[i];
      body.append(el("tr", null, el("td", { class: "text engine" }, e.name), ...tallyCells(e.total),
                     el("td", null, pct(e.score)), el("td", { class: "text" }, wdlBar(e.total)),
                     el("td", null, signed(e.disc_diff, 2)),
                     el("td", null, eloText(e.elo, e.score), el("small", null, intervalText(e.elo)))));
      for (const [label, t] of [["as black (first)", e.black], ["as white (second)", e.white]]) {
        const score = t.games ? (t.wins + t.draws / 2) / t.games : 0.5;
        body.append(el("tr", { class: "sub" }, el("td", { class: "label" }, label), ...tallyCells(t),
                       el("td", null, t.games ? pct(score) : "–"), el("td", { class: "text" }, wdlBar(t)),
                       el("td"), el("td")));
      }
    }
    table.append(body);
    s.append(table);
  }
  function drawPairs() {
    if (!data.pairs.length) return;
    const s = section(data.engines.length === 2 ? "Head to head" : "Pairings", "Elo difference with 95% interval", true);
    const table = el("table", null, el("thead", null, el("tr", null,
      el("th", { class: "text" }, "Pairing"), el("th", null, "Games"), el("th", null, "+W −L =D"),
      el("th", null, "Score"), el("th", null, "Elo (per game)"), el("th", null, "LOS"),
      el("th", null, "Pentanomial 0 ½ 1 1½ 2"), el("th", null, "Elo (per pair)"))));
    const body = el("tbody");
    for (const p of data.pairs) {
      const r = p.result;
      body.append(el("tr", null,
        el("td", { class: "text" }, `${data.engines[p.a]} vs ${data.engines[p.b]}`), el("td", null, r.games),
        el("td", null, `+${r.wins} −${r.losses} =${r.draws}`), el("td", null, pct(p.score)),
        el("td", null, eloText(p.elo, p.score), el("small", null, intervalText(p.elo))),
        el("td", null, pct(p.los)),
        el("td", null, p.pentanomial ? p.pentanomial.join(" · ") : "–"),
        el("td", null, p.pentanomial_elo ? [eloText(p.pentanomial_elo, p.score), el("small", null, intervalText(p.pentanomial_elo))] : "–")));
    }
    table.append(body);
    s.append(table);
    if (data.sprt) {
      const q = data.sprt;
      s.append(el("p", null, `SPRT elo0 ${q.elo0}, elo1 ${q.elo1}, α ${q.alpha}, β ${q.beta}: LLR ${q.llr.toFixed(2)} in [${q.lower.toFixed(2)}, ${q.upper.toFixed(2)}] — `,
                  el("span", { class: "decision" }, q.decision)));
    }
  }
  function drawCrosstable() {
    const n = data.engines.length;
    if (n < 3) return;
    const s = section("Crosstable", "row's wins-losses-draws against the column", true);
    const byPair = {};
    for (const p of data.pairs) byPair[p.a + "," + p.b] = p;
    const head = el("tr", null, el("th", { class: "text" }, ""), data.engines.map((_, j) => el("th", { title: data.engines[j] }, j + 1)), el("th", null, "Score"));
    const body = el("tbody");
    for (let i = 0; i < n; ++i) {
      const row = el("tr", null, el("td", { class: "text engine" }, `${i + 1}. ${data.engines[i]}`));
      for (let j = 0; j < n; ++j) {
        if (i === j) { row.append(el("td", { class: "self" }, "·")); continue; }
        const p = byPair[Math.min(i, j) + "," + Math.max(i, j)];
        if (!p) { row.append(el("td", null, "–")); continue; }
        const r = p.result;
        const [w, l] = i < j ? [r.wins, r.losses] : [r.losses, r.wins];
        const score = r.games ? (w + r.draws / 2) / r.games : 0.5;
        const tint = score >= 0.5 ? `rgba(47,158,91,${(score - 0.5) * 0.7})` : `rgba(214,69,69,${(0.5 - score) * 0.7})`;
        row.append(el("td", { style: `background:${tint}`, title: pct(score) }, `${w}-${l}-${r.draws}`));
      }
      row.append(el("td", null, pct(data.standings[i].score)));
      body.append(row);
    }
    s.append(el("table", { class: "cross" }, el("thead", null, head), body));
  }

  // ---- charts ----
  function niceTicks(lo, hi, count) {
    const span = hi - lo || 1;
    const raw = span / count;
    const mag = Math.pow(10, Math.floor(Math.log10(raw)));
    const step = [1, 2, 2.5, 5, 10].map((m) => m * mag).find((s) => span / s <= count) || 10 * mag;
    const ticks = [];
    for (let t = Math.ceil(lo / step) * step; t <= hi + 1e-9; t += step) ticks.push(+t.toFixed(10));
    return ticks;
  }
  // Horizontal intervals: rows of {label, value, lower, upper} (null ends: unbounded).
  function intervalChart(name, rows) {
    const W = 640, rowH = 30, left = 190, right = 24, top = 8, bottom = 28;
    const H = top + rows.length * rowH + bottom;
    const finite = rows.flatMap((r) => [r.value, r.lower, r.upper]).filter((x) => x !== null);
    let lo = Math.min(-50, ...finite), hi = Math.max(50, ...finite);
    const pad = (hi - lo) * 0.06;
    lo -= pad; hi += pad;
    const x = (v) => left + ((v - lo) / (hi - lo)) * (W - left - right);
    const chart = svg("svg", { class: "chart", "data-chart": name, viewBox: `0 0 ${W} ${H}`, role: "img" });
    for (const t of niceTicks(lo, hi, 6)) {
      chart.append(svg("line", { class: t === 0 ? "axis" : "grid", x1: x(t), x2: x(t), y1: top, y2: H - bottom }),
                   svg("text", { x: x(t), y: H - bottom + 16, "text-anchor": "middle" }, signed(t, 0)));
    }
    rows.forEach((r, i) => {
      const y = top + i * rowH + rowH / 2;
      const color = COLORS[i % COLORS.length];
      const a = r.lower === null ? x(lo) : x(r.lower), b = r.upper === null ? x(hi) : x(r.upper);
      chart.append(svg("text", { class: "label", x: left - 10, y: y + 4, "text-anchor": "end" }, r.label));
      chart.append(svg("line", { x1: a, x2: b, y1: y, y2: y, stroke: color, "stroke-width": 3, "stroke-linecap": "round", opacity: 0.45 }));
      for (const [end, open] of [[a, r.lower === null], [b, r.upper === null]]) {
        if (!open) chart.append(svg("line", { x1: end, x2: end, y1: y - 7, y2: y + 7, stroke: color, "stroke-width": 2 }));
      }
      const v = r.value === null ? (r.upper === null ? hi : lo) : r.value;
      chart.append(svg("circle", { cx: x(v), cy: y, r: 5, fill: color },
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
  function drawElo() {
    const n = data.engines.length;
    const s = section("Elo", n === 2 ? `${data.engines[0]} against ${data.engines[1]}, 95% intervals` : "each engine against the field, 95% intervals");
    const rows = [];
    if (n === 2 && data.pairs.length) {
      const p = data.pairs[0];
      rows.push({ label: "per game", value: p.elo.elo, lower: p.elo.lower, upper: p.elo.upper, text: eloText(p.elo, p.score) + " " + intervalText(p.elo) });
      if (p.pentanomial_elo) {
        const e = p.pentanomial_elo;
        rows.push({ label: "per pair (pentanomial)", value: e.elo, lower: e.lower, upper: e.upper, text: eloText(e, p.score) + " " + intervalText(e) });
      }
    } else {
      for (const e of data.standings) {
        rows.push({ label: e.name, value: e.elo.elo, lower: e.elo.lower, upper: e.elo.upper, text: eloText(e.elo, e.score) + " " + intervalText(e.elo) });
      }
    }
    if (rows.length) s.append(intervalChart("elo", rows));
    if (data.ratings) {
      s.append(el("h2", { style: "margin-top:14px" }, "Rating list", el("small", null, "joint maximum-likelihood Elo ± error")));
      s.append(intervalChart("ratings", data.ratings.map((r) => ({
        label: r.engine, value: r.elo, lower: r.elo - r.error, upper: r.elo + r.error,
        text: `${signed(r.elo, 1)} ± ${r.error.toFixed(1)}` }))));
      const t = el("table", { id: "ratings" }, el("thead", null, el("tr", null, el("th", null, "#"),
        el("th", { class: "text" }, "Engine"), el("th", null, "Elo"), el("th", null, "±"))));
      data.ratings.forEach((r, i) => t.append(el("tr", null, el("td", null, i + 1), el("td", { class: "text engine" }, r.engine),
                                                 el("td", null, signed(r.elo, 1)), el("td", null, r.error.toFixed(1)))));
      s.append(t);
    }
  }
  function drawProgress() {
    const xs = data.series.games;
    if (!xs.length) return;
    const s = section("Score over games", "each engine's running score");
    const series = data.engines.map((name, i) => ({ label: name, color: COLORS[i % COLORS.length],
                                                     values: data.series.score[i] }));
    s.append(lineChart("score", xs, series, { format: (v) => Math.round(v * 100) + "%", min: 0.4, max: 0.6, clamp: [0, 1],
                                             rules: [{ y: 0.5, label: "50%" }] }), legend(series));
  }
  function drawEloProgress() {
    const xs = data.series.games;
    if (data.engines.length !== 2 || !data.series.elo.some((e) => e[0] !== null)) return;
    const s = section("Elo over games", `${data.engines[0]} against ${data.engines[1]}`);
    const elo = { label: "Elo difference, 95% band", color: COLORS[0], values: data.series.elo.map((e) => e[0]) };
    s.append(lineChart("elo-progress", xs, [elo], { format: (v) => signed(v, 0), band: data.series.elo.map((e) => [e[1], e[2]]),
                                                   min: -20, max: 20, rules: [{ y: 0, label: "0" }] }), legend([elo]));
  }
  function drawSprt() {
    if (!data.sprt || !data.series.llr) return;
    const q = data.sprt;
    const s = section("SPRT", `elo0 ${q.elo0}, elo1 ${q.elo1}: ${q.decision}`);
    const series = [{ label: "log-likelihood ratio", color: COLORS[0], values: data.series.llr }];
    s.append(lineChart("sprt", data.series.games, series, {
      format: (v) => v.toFixed(1), min: q.lower, max: q.upper,
      rules: [{ y: q.upper, label: `accept H1 (${q.upper.toFixed(2)})`, color: "#2f9e5b" },
              { y: q.lower, label: `accept H0 (${q.lower.toFixed(2)})`, color: "#d64545" }] }), legend(series));
  }

  // ---- results by reason and by opening ----
  function drawReasons() {
    const s = section("Results by reason");
    const entries = Object.entries(data.reason_counts).sort((a, b) => b[1] - a[1]);
    const table = el("table", { id: "reasons" }, el("thead", null, el("tr", null, el("th", { class: "text" }, "Reason"),
      el("th", null, "Games"), el("th", null, "Share"), el("th", { class: "text" }, ""))));
    for (const [reason, n] of entries) {
      table.append(el("tr", null, el("td", { class: "text" }, reason), el("td", null, n), el("td", null, share(n, played)),
        el("td", { class: "text" }, el("span", { class: "bar" }, el("span", { class: reason === "normal" ? "w" : "l", style: `width:${(100 * n) / (played || 1)}%` })))));
    }
    s.append(table);
  }
  function drawOpenings() {
    const s = section("Results by opening", `${data.openings.length} opening${data.openings.length === 1 ? "" : "s"}`, true);
    const order = data.openings.map((_, i) => i).sort((a, b) => data.openings[b].games - data.openings[a].games || a - b);
    const table = el("table", { id: "openings" }, el("thead", null, el("tr", null, el("th", { class: "text" }, "Opening"),
      el("th", { class: "text" }, "Moves"), el("th", null, "Games"), el("th", null, "Black wins"), el("th", null, "White wins"),
      el("th", null, "Draws"), el("th", null, "Black score"), el("th", null, "Disc diff (black)"))));
    const body = el("tbody");
    let shown = 0;
    const more = el("button", null, "show more");
    function fill() {
      for (const i of order.slice(shown, shown + 50)) {
        const o = data.openings[i];
        body.append(el("tr", null, el("td", { class: "text" }, o.name || (o.moves ? "" : "start position")),
          el("td", { class: "text" }, el("code", null, o.moves || "–")), el("td", null, o.games),
          countCell(o.black, o.games), countCell(o.white, o.games), countCell(o.draws, o.games),
          el("td", null, share(o.black + o.draws / 2, o.games)), el("td", null, signed(o.disc_sum / o.games, 1))));
      }
      shown = Math.min(order.length, shown + 50);
      more.hidden = shown >= order.length;
      more.textContent = `show more (${order.length - shown} left)`;
    }
    more.addEventListener("click", fill);
    fill();
    table.append(body);
    s.append(table, more);
  }

  // ---- Othello rules for the viewer (a1 = index 0, row by row) ----
  const DIRECTIONS = [[1, 0], [-1, 0], [0, 1], [0, -1], [1, 1], [1, -1], [-1, 1], [-1, -1]];
  function flipsOf(board, sq, me) {
    if (board[sq]) return [];
    const out = [];
    const c0 = sq % 8, r0 = sq >> 3;
    for (const [dc, dr] of DIRECTIONS) {
      const run = [];
      let c = c0 + dc, r = r0 + dr;
      while (c >= 0 && c < 8 && r >= 0 && r < 8 && board[r * 8 + c] === 3 - me) { run.push(r * 8 + c); c += dc; r += dr; }
      if (run.length && c >= 0 && c < 8 && r >= 0 && r < 8 && board[r * 8 + c] === me) out.push(...run);
    }
    return out;
  }
  const legalMoves = (board, me) => [...Array(64).keys()].filter((sq) => flipsOf(board, sq, me).length);
  const squareName = (sq) => "abcdefgh"[sq % 8] + (1 + (sq >> 3));
  // Every position of a game: [{board, toMove (1 black, 2 white), move, mover, passed}], passes implicit.
  function replay(compactMoves) {
    const board = Array(64).fill(0);
    board[27] = board[36] = 2;  // d4 e5 white
    board[28] = board[35] = 1;  // e4 d5 black
    const states = [{ board: board.slice(), toMove: 1, move: -1, mover: 0, passed: false }];
    let me = 1;
    for (const ch of compactMoves) {
      const sq = MOVE_ALPHABET.indexOf(ch);
      let passed = false;
      if (!flipsOf(board, sq, me).length && !legalMoves(board, me).length) { me = 3 - me; passed = true; }
      const flips = flipsOf(board, sq, me);
      if (!flips.length) return { states, error: `${squareName(sq)} is not legal here` };
      board[sq] = me;
      for (const f of flips) board[f] = me;
      states.push({ board: board.slice(), toMove: 3 - me, move: sq, mover: me, passed });
      me = 3 - me;
    }
    return { states, error: null };
  }
  function boardString(state) {
    return state.board.map((v) => "-XO"[v]).join("") + " " + (state.toMove === 1 ? "X" : "O");
  }

  // ---- games table and viewer ----
  const games = data.games;
  const viewer = { game: null, states: [], ply: 0, error: null };
  const filters = { engine: "", result: "", reason: "" };
  let page = 0;
  const PAGE = 15;
  function resultText(g) {
    const w = g[G.winner];
    return w === 2 ? "draw" : `${w === 0 ? "black" : "white"} wins`;
  }
  function matches(g) {
    if (filters.engine !== "" && g[G.black] !== +filters.engine && g[G.white] !== +filters.engine) return false;
    if (filters.reason !== "" && g[G.reason] !== +filters.reason) return false;
    const w = g[G.winner];
    switch (filters.result) {
      case "black": return w === 0;
      case "white": return w === 1;
      case "draw": return w === 2;
      case "won": return filters.engine !== "" && ((w === 0 && g[G.black] === +filters.engine) || (w === 1 && g[G.white] === +filters.engine));
      case "lost": return filters.engine !== "" && ((w === 1 && g[G.black] === +filters.engine) || (w === 0 && g[G.white] === +filters.engine));
      default: return true;
    }
  }
  function drawGames() {
    const s = section("Games", "pick a game to replay it above", true);
    const select = (label, key, options) => el("label", null, label + " ",
      el("select", { "data-filter": key, onchange: (e) => { filters[key] = e.target.value; page = 0; fillGames(); } },
         options.map(([v, t]) => el("option", { value: v }, t))));
    s.append(el("div", { class: "filters" },
      select("Engine", "engine", [["", "any"]].concat(data.engines.map((n, i) => [String(i), n]))),
      select("Result", "result", [["", "any"], ["black", "black wins"], ["white", "white wins"], ["draw", "draw"],
                                  ["won", "won by the engine"], ["lost", "lost by the engine"]]),
      select("Reason", "reason", [["", "any"]].concat(data.reasons.map((r, i) => [String(i), r]))),
      el("span", { id: "games-count", class: "note" })));
    s.append(el("table", { class: "games", id: "games" }, el("thead", null, el("tr", null,
      el("th", null, "#"), el("th", { class: "text" }, "Black"), el("th", { class: "text" }, "White"),
      el("th", { class: "text" }, "Opening"), el("th", null, "Discs"), el("th", { class: "text" }, "Result"),
      el("th", { class: "text" }, "Reason"), el("th", null, "Moves"), el("th", null, "Time B / W"))), el("tbody")));
    s.append(el("div", { class: "pager" },
      el("button", { id: "games-prev", onclick: () => { page--; fillGames(); } }, "‹ previous"),
      el("span", { id: "games-page" }),
      el("button", { id: "games-next", onclick: () => { page++; fillGames(); } }, "next ›")));
  }
  function fillGames() {
    const list = games.filter(matches);
    const pages = Math.max(1, Math.ceil(list.length / PAGE));
    page = Math.min(Math.max(page, 0), pages - 1);
    const body = document.querySelector("#games tbody");
    body.textContent = "";
    for (const g of list.slice(page * PAGE, page * PAGE + PAGE)) {
      const o = data.openings[g[G.opening]];
      body.append(el("tr", { "data-id": g[G.id], class: viewer.game === g ? "selected" : null, onclick: () => openGame(g, 0, true) },
        el("td", null, g[G.id]), el("td", { class: "text" }, data.engines[g[G.black]]),
        el("td", { class: "text" }, data.engines[g[G.white]]), el("td", { class: "text" }, o.name || o.moves || "start"),
        el("td", null, `${g[G.bd]}–${g[G.wd]}`), el("td", { class: "text" }, resultText(g)),
        el("td", { class: "text" + (g[G.reason] === data.reasons.indexOf("normal") ? "" : " error") }, data.reasons[g[G.reason]]),
        el("td", null, g[G.moves].length), el("td", null, `${g[G.bs].toFixed(2)} / ${g[G.ws].toFixed(2)} s`)));
    }
    document.getElementById("games-count").textContent = `${list.length} of ${games.length} games`;
    document.getElementById("games-page").textContent = `page ${page + 1} of ${pages}`;
    document.getElementById("games-prev").disabled = page === 0;
    document.getElementById("games-next").disabled = page >= pages - 1;
  }
  function drawViewer() {
    const s = section("Game viewer", "pick a game below; ← → step, Home/End jump", true);
    s.id = "viewer";
    const S = 50, M = 22, size = M + 8 * S + 4;
    const board = svg("svg", { class: "board", id: "board", viewBox: `0 0 ${size} ${size}`, role: "img" },
      svg("defs", null,
        svg("radialGradient", { id: "disc-black", cx: "35%", cy: "30%", r: "75%" },
            svg("stop", { offset: "0%", "stop-color": "#5a5f66" }), svg("stop", { offset: "100%", "stop-color": "#0b0c0e" })),
        svg("radialGradient", { id: "disc-white", cx: "35%", cy: "30%", r: "75%" },
            svg("stop", { offset: "0%", "stop-color": "#ffffff" }), svg("stop", { offset: "100%", "stop-color": "#d5dae0" }))));
    for (let i = 0; i < 8; ++i) {
      board.append(svg("text", { class: "coord", x: M + i * S + S / 2, y: M / 2 + 1 }, "abcdefgh"[i]),
                   svg("text", { class: "coord", x: M / 2, y: M + i * S + S / 2 + 1 }, i + 1));
    }
    for (let sq = 0; sq < 64; ++sq) {
      board.append(svg("rect", { class: "square", "data-square": squareName(sq), x: M + (sq % 8) * S, y: M + (sq >> 3) * S, width: S, height: S }));
    }
    for (const [c, r] of [[2, 2], [6, 2], [2, 6], [6, 6]]) board.append(svg("circle", { cx: M + c * S, cy: M + r * S, r: 3.5, fill: "#1e5c38" }));
    board.append(svg("g", { id: "discs" }));
    const controls = el("div", { class: "controls" },
      el("button", { id: "first", title: "start (Home)", onclick: () => go(0) }, "« start"),
      el("button", { id: "prev", title: "back (←)", onclick: () => go(viewer.ply - 1) }, "‹ back"),
      el("button", { id: "next", title: "forward (→)", onclick: () => go(viewer.ply + 1) }, "forward ›"),
      el("button", { id: "last", title: "end (End)", onclick: () => go(viewer.states.length - 1) }, "end »"),
      el("span", { class: "ply", id: "ply" }));
    s.append(el("div", { class: "viewer" }, el("div", null, board, controls),
                el("div", { class: "game-info", id: "game-info" }, el("p", { class: "note" }, "Pick a game in the table above."))));
    document.addEventListener("keydown", (e) => {
      if (!viewer.game || e.target.tagName === "SELECT" || e.altKey || e.ctrlKey || e.metaKey) return;
      const to = { ArrowLeft: viewer.ply - 1, ArrowRight: viewer.ply + 1, Home: 0, End: viewer.states.length - 1 }[e.key];
      if (to === undefined) return;
      e.preventDefault();
      go(to);
    });
  }
  function openGame(g, ply, scroll) {
    viewer.game = g;
    const r = replay(g[G.moves]);
    viewer.states = r.states;
    viewer.error = r.error;
    const o = data.openings[g[G.opening]];
    viewer.openingPlies = (o.moves.match(/[a-h][1-8]/gi) || []).length;
    for (const tr of document.querySelectorAll("#games tbody tr")) tr.classList.toggle("selected", +tr.dataset.id === g[G.id]);
    const info = document.getElementById("game-info");
    info.textContent = "";
    const winner = g[G.winner];
    info.append(el("h3", null, `Game ${g[G.id]}`),
      el("p", null, el("span", { class: "swatch black" }), el("b", null, data.engines[g[G.black]]), " (black) vs ",
         el("span", { class: "swatch white" }), el("b", null, data.engines[g[G.white]]), " (white)"),
      el("p", { class: "score-line" }, `${g[G.bd]} – ${g[G.wd]}`, el("small", { class: "pct" }, " " + resultText(g))),
      el("p", null, "Opening: ", o.name ? o.name + " " : "", el("code", null, o.moves || "start position")),
      el("p", { class: g[G.reason] === data.reasons.indexOf("normal") ? "" : "error" }, "Ended: ", data.reasons[g[G.reason]],
         g[G.detail] ? ` — ${g[G.detail]}` : ""),
      el("p", { id: "to-move" }));
    if (r.error) info.append(el("p", { class: "error" }, "Replay stopped: " + r.error));
    info.append(
      el("div", { class: "moves", id: "moves" }, viewer.states.slice(1).map((st, i) => {
        const k = i - viewer.openingPlies;
        const ms = g[G.ms] && k >= 0 ? g[G.ms][k] : null;
        const ev = g[G.evals] && k >= 0 ? g[G.evals][k] : null;
        const time = ms === null || ms === undefined ? null : ms < 1000 ? `${ms}ms` : `${(ms / 1000).toFixed(1)}s`;
        const extra = [time, ev !== null && ev !== undefined ? signed(ev, 1) : null].filter(Boolean).join(" ");
        return el("span", { class: (st.mover === 1 ? "b" : "w") + (i < viewer.openingPlies ? " opening" : ""),
                            title: `${i + 1}. ${st.mover === 1 ? "black" : "white"} ${squareName(st.move)}${st.passed ? " (after a pass)" : ""}${extra ? " · " + extra : ""}`,
                            onclick: () => go(i + 1) },
                  `${i + 1}.${st.passed ? "pass " : ""}${squareName(st.move)}`, extra ? el("small", null, extra) : null);
      })));
    if (g[G.ms] || g[G.evals]) info.append(el("p", { class: "note" }, "Small figures: the time the mover took, and its evaluation (discs, mover's view)."));
    go(ply);
    if (scroll) document.getElementById("viewer").scrollIntoView({ behavior: "smooth", block: "start" });
  }
  function go(ply) {
    if (!viewer.game) return;
    viewer.ply = Math.min(Math.max(ply, 0), viewer.states.length - 1);
    const st = viewer.states[viewer.ply];
    const S = 50, M = 22;
    const discs = document.getElementById("discs");
    discs.textContent = "";
    const last = viewer.ply === viewer.states.length - 1;
    st.board.forEach((v, sq) => {
      if (v) discs.append(svg("circle", { class: "disc " + (v === 1 ? "black" : "white"), cx: M + (sq % 8) * S + S / 2, cy: M + (sq >> 3) * S + S / 2, r: S * 0.4 }));
    });
    if (st.move >= 0) discs.append(svg("rect", { class: "last", x: M + (st.move % 8) * S + 3, y: M + (st.move >> 3) * S + 3, width: S - 6, height: S - 6, rx: 4 }));
    let toMove = st.toMove;
    let note = "";
    if (!legalMoves(st.board, toMove).length) {
      if (legalMoves(st.board, 3 - toMove).length) { note = " (must pass)"; } else { toMove = 0; }
    }
    if (toMove && !last) {
      const mover = legalMoves(st.board, toMove).length ? toMove : 3 - toMove;
      for (const sq of legalMoves(st.board, mover)) discs.append(svg("circle", { class: "hint", cx: M + (sq % 8) * S + S / 2, cy: M + (sq >> 3) * S + S / 2, r: 5 }));
    }
    document.getElementById("board").dataset.board = boardString(st);
    document.getElementById("board").dataset.ply = viewer.ply;
    const count = (c) => st.board.filter((v) => v === c).length;
    const g = viewer.game;
    document.getElementById("to-move").textContent = (toMove === 0 ? "Game over" : last ? `Game ended (${data.reasons[g[G.reason]]})` : `${toMove === 1 ? "Black" : "White"} to move${note}`) +
      ` · black ${count(1)}, white ${count(2)}`;
    document.getElementById("ply").textContent = `move ${viewer.ply} of ${viewer.states.length - 1}` +
      (st.move >= 0 ? ` · ${st.mover === 1 ? "black" : "white"} played ${squareName(st.move)}` : "");
    document.getElementById("first").disabled = document.getElementById("prev").disabled = viewer.ply === 0;
    document.getElementById("last").disabled = document.getElementById("next").disabled = last;
    document.querySelectorAll("#moves span").forEach((s, i) => s.classList.toggle("current", i + 1 === viewer.ply));
    if (location.hash !== "#selftest") history.replaceState(null, "", `#game=${g[G.id]}&ply=${viewer.ply}`);
  }
  function openFromHash() {
    const m = /^#game=(\d+)(?:&ply=(\d+))?$/.exec(location.hash);
    if (!m) return false;
    const g = games.find((x) => x[G.id] === +m[1]);
    if (g) openGame(g, m[2] ? +m[2] : 0, false);
    return Boolean(g);
  }

  // ---- the browser test's checks (#selftest): facts for tests/test_report_page.cpp to compare ----
  function selfTest() {
    const out = { engines: [...document.querySelectorAll("#standings td.engine")].map((td) => td.textContent),
                  charts: [...document.querySelectorAll("svg.chart")].map((c) => c.dataset.chart),
                  squares: document.querySelectorAll("#board .square").length, game: null, steps: [] };
    const rows = document.querySelectorAll("#games tbody tr");
    out.rows = rows.length;
    if (rows.length) {
      rows[0].click();
      out.game = viewer.game[G.id];
      const record = () => out.steps.push({ ply: +document.getElementById("board").dataset.ply,
                                            board: document.getElementById("board").dataset.board,
                                            discs: document.querySelectorAll("#discs .disc").length });
      record();
      for (let i = 0; i < 3; ++i) document.dispatchEvent(new KeyboardEvent("keydown", { key: "ArrowRight", bubbles: true }));
      record();
      document.getElementById("next").click();
      record();
      document.dispatchEvent(new KeyboardEvent("keydown", { key: "ArrowLeft", bubbles: true }));
      record();
      document.getElementById("last").click();
      record();
      out.moveNotes = document.querySelectorAll("#moves span small").length;
    }
    out.reasons = document.getElementById("reasons").textContent;
    out.resources = performance.getEntriesByType("resource").map((r) => r.name);
    out.errors = window.reportErrors;
    document.body.append(el("pre", { id: "selftest-result" }, JSON.stringify(out)));
  }

  drawStatus();
  drawSettings();
  drawReasons();
  drawStandings();
  drawPairs();
  drawCrosstable();
  drawElo();
  drawProgress();
  drawEloProgress();
  drawSprt();
  drawViewer();
  drawGames();
  fillGames();
  drawOpenings();
  if (location.hash === "#selftest") selfTest();
  else if (!openFromHash() && games.length) openGame(games[0], 0, false);
})();
