// The report page's games table (filters, pages) and game viewer (board, moves, keys), and
// the self-test of the browser test.
// A live match adds its games as they finish; the table lists them by number.
const games = data.games.sort((a, b) => a[G.id] - b[G.id]);
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
      el("td", { class: "text" }, data.engines[g[G.white]]), el("td", { class: "text" }, o.name || o.moves || o.board || "start"),
      el("td", null, `${g[G.black_discs]}–${g[G.white_discs]}`), el("td", { class: "text" }, resultText(g)),
      el("td", { class: "text" + (g[G.reason] === data.reasons.indexOf("normal") ? "" : " error") }, data.reasons[g[G.reason]]),
      el("td", null, g[G.moves].length), el("td", null, `${g[G.black_seconds].toFixed(2)} / ${g[G.white_seconds].toFixed(2)} s`)));
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
  const o = data.openings[g[G.opening]];
  const r = replay(g[G.moves], o.board);
  viewer.states = r.states;
  viewer.error = r.error;
  viewer.openingPlies = (o.moves.match(/[a-h][1-8]/gi) || []).length;
  for (const tr of document.querySelectorAll("#games tbody tr")) tr.classList.toggle("selected", +tr.dataset.id === g[G.id]);
  const info = document.getElementById("game-info");
  info.textContent = "";
  const winner = g[G.winner];
  info.append(el("h3", null, `Game ${g[G.id]}`),
    el("p", null, el("span", { class: "swatch black" }), el("b", null, data.engines[g[G.black]]), " (black) vs ",
       el("span", { class: "swatch white" }), el("b", null, data.engines[g[G.white]]), " (white)"),
    el("p", { class: "score-line" }, `${g[G.black_discs]} – ${g[G.white_discs]}`, el("small", { class: "pct" }, " " + resultText(g))),
    el("p", null, "Opening: ", o.name ? o.name + " " : "", el("code", null, o.moves || o.board || "start position")),
    el("p", { class: g[G.reason] === data.reasons.indexOf("normal") ? "" : "error" }, "Ended: ", data.reasons[g[G.reason]],
       g[G.detail] ? ` — ${g[G.detail]}` : ""),
    el("p", { id: "to-move" }));
  if (r.error) info.append(el("p", { class: "error" }, "Replay stopped: " + r.error));
  info.append(
    el("div", { class: "moves", id: "moves" }, viewer.states.slice(1).map((st, i) => {
      const k = i - viewer.openingPlies;
      const ms = g[G.move_seconds] && k >= 0 ? g[G.move_seconds][k] : null;
      const ev = g[G.move_evals] && k >= 0 ? g[G.move_evals][k] : null;
      const time = ms === null || ms === undefined ? null : ms < 1000 ? `${ms}ms` : `${(ms / 1000).toFixed(1)}s`;
      const extra = [time, ev !== null && ev !== undefined ? signed(ev, 1) : null].filter(Boolean).join(" ");
      return el("span", { class: (st.mover === 1 ? "b" : "w") + (i < viewer.openingPlies ? " opening" : ""),
                          title: `${i + 1}. ${st.mover === 1 ? "black" : "white"} ${squareName(st.move)}${st.passed ? " (after a pass)" : ""}${extra ? " · " + extra : ""}`,
                          onclick: () => go(i + 1) },
                `${i + 1}.${st.passed ? "pass " : ""}${squareName(st.move)}`, extra ? el("small", null, extra) : null);
    })));
  if (g[G.move_seconds] || g[G.move_evals]) info.append(el("p", { class: "note" }, "Small figures: the time the mover took, and its evaluation (discs, mover's view)."));
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

// ---- the browser test's checks (#selftest), which tests/match/report/test_report_page.cpp reads ----
function selfTest() {
  const out = { engines: [...document.querySelectorAll("#standings td.engine")].map((td) => td.textContent),
                charts: [...document.querySelectorAll("svg.chart")].map((c) => c.dataset.chart),
                squares: document.querySelectorAll("#board .square").length, game: null, steps: [] };
  const rows = document.querySelectorAll("#games tbody tr");
  out.rows = rows.length;
  out.rowIds = [...rows].map((r) => +r.dataset.id);
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
  // Where the Elo chart put each value: "lower end", "upper end" of its axis, or "inside".
  out.eloMarks = {};
  for (const c of document.querySelectorAll('svg[data-chart="elo"] circle')) {
    const [low, high] = c.ownerSVGElement.dataset.axis.split(" ").map(Number), cx = +c.getAttribute("cx");
    out.eloMarks[c.dataset.label] = cx === low ? "lower end" : cx === high ? "upper end" : "inside";
  }
  out.reasons = document.getElementById("reasons").textContent;
  out.resources = performance.getEntriesByType("resource").map((r) => r.name);
  out.errors = window.reportErrors;
  document.body.append(el("pre", { id: "selftest-result" }, JSON.stringify(out)));
}
