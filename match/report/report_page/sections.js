// The report page's sections (settings, standings, pairings, crosstable, charts, results by reason
// and by opening), drawn from the JSON block #report-data (match/report_page_data.cpp). Its fields:
//   engines [name]; finished; planned_games (0: unknown); settings {...} (the match configuration)
//   standings [{name, total|black|white: {games, wins, losses, draws}, score, disc_diff,
//               elo: {elo, lower, upper}}]            (null Elo ends are unbounded)
//   pairs [{a, b, result, score, elo, los, pentanomial?, pentanomial_elo?}]
//   ratings? [{engine, elo, error}]; sprt? {elo0, elo1, alpha, beta, lower, upper, llr, decision}
//   reasons [reason]; reason_counts {reason: n}
//   openings [[name, moves, games, black, white, draws, disc_sum, board?]] (objects once loaded;
//             board: the start board "--XO... X" of an opening given as a board)
//   series {games [n], score [[engine's score after n]], elo [[elo, lower, upper]], llr? [llr]}
//   game_fields [name]: the columns of each games row, named as in the results file (the
//               record schema's table, match/game_record_schema.cpp, says which and how):
//   games [[...]]: black and white index engines, opening indexes openings, reason reasons;
//     winner 0 black, 1 white, 2 draw; detail only for games that did not end normally;
//     moves one character per square ("ABC..." is a1 b1 c1 ..., see MOVE_ALPHABET);
//     move_seconds (in milliseconds) and move_evals start after the opening; a row may end
//     before its last columns (null: none).
// URL fragments: #game=ID&ply=N opens a game (kept across the running page's reloads);
// #selftest runs the checks of the browser test and writes them into <pre id="selftest-result">.
const data = JSON.parse(document.getElementById("report-data").textContent);
data.openings = data.openings.map(([name, moves, games, black, white, draws, disc_sum, board]) =>
  ({ name, moves, games, black, white, draws, disc_sum, board: board || "" }));
const main = document.getElementById("report");
const REFRESH_SECONDS = 5;
// A games row's column by field name: g[G.black_discs].
const G = Object.fromEntries(data.game_fields.map((name, i) => [name, i]));

function section(title, note, wide) {
  const s = el("section", { class: wide ? "wide" : null },
               el("h2", null, title, note ? el("small", null, note) : null));
  main.append(s);
  return s;
}

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
  // Some browsers refuse storage to file:// pages: then the page simply cannot be paused.
  const storage = (() => { try { return window.sessionStorage; } catch (e) { return null; } })();
  const paused = storage !== null && storage.getItem("report-paused") === "1";
  status.append(el("span", { class: "badge running" }, "running"), `${played}${of} games · `,
                paused ? "auto-refresh paused " : `refreshes every ${REFRESH_SECONDS} s `,
                storage === null ? null : el("button", { onclick: () => {
                  storage.setItem("report-paused", paused ? "0" : "1");
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
                   el("td", null, eloText(e.elo, e.score), el("small", null, intervalText(e.elo, e.score)))));
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
      el("td", null, eloText(p.elo, p.score), el("small", null, intervalText(p.elo, p.score))),
      el("td", null, pct(p.los)),
      el("td", null, p.pentanomial ? p.pentanomial.join(" · ") : "–"),
      el("td", null, p.pentanomial_elo ? [eloText(p.pentanomial_elo, p.score), el("small", null, intervalText(p.pentanomial_elo, p.score))] : "–")));
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

function drawElo() {
  const n = data.engines.length;
  const s = section("Elo", n === 2 ? `${data.engines[0]} against ${data.engines[1]}, 95% intervals` : "each engine against the field, 95% intervals");
  const rows = [];
  if (n === 2 && data.pairs.length) {
    const p = data.pairs[0];
    rows.push({ label: "per game", value: p.elo.elo, lower: p.elo.lower, upper: p.elo.upper, score: p.score, text: eloText(p.elo, p.score) + " " + intervalText(p.elo, p.score) });
    if (p.pentanomial_elo) {
      const e = p.pentanomial_elo;
      rows.push({ label: "per pair (pentanomial)", value: e.elo, lower: e.lower, upper: e.upper, score: p.score, text: eloText(e, p.score) + " " + intervalText(e, p.score) });
    }
  } else {
    for (const e of data.standings) {
      rows.push({ label: e.name, value: e.elo.elo, lower: e.elo.lower, upper: e.elo.upper, score: e.score, text: eloText(e.elo, e.score) + " " + intervalText(e.elo, e.score) });
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
      body.append(el("tr", null, el("td", { class: "text" }, o.name || (o.moves || o.board ? "" : "start position")),
        el("td", { class: "text" }, el("code", null, o.moves || o.board || "–")), el("td", null, o.games),
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
