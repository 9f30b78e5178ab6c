// The dimchess page: the new-game form (`/`) and a game (`/game/<id>`). The game's state comes
// from the server over the game's WebSocket (net.js) and is drawn by board.js; this file holds
// the game state, the moves by clicks, the seat's buttons and the clocks.
// A move is chosen by clicking the cells its text names, in order; where several moves share
// the clicked cells (a promotion, a launch, a combination or a split), they are offered as
// buttons. A Dimension X turn is composed action by action (`GET /api/games/{id}/turn`) and
// sent whole once it ends.
"use strict";

const $ = (id) => document.getElementById(id);
let variants = [];
let state = null;       // the game as the page shows it (see flatten())
let model = null;       // the server's state (net.js)
let net = null;         // the connection
let selection = [];     // cell indices clicked so far
let flipped = false;
let viewPly = null;     // a past position shown (moves played before it), else null: the game now
let viewed = null;      // that position as the server sent it (GET /api/games/{id}/plies/{n})
let shown = null;       // a legend's "Show moves": { name, layout, from, targets }, else null
let focusCell = null;   // the cell that keeps the keyboard focus across redraws
let glyphs = new Map(); // "symbol|name" -> glyph id of the variant's piece set
let spriteOf = null;    // the variant whose sprite and legend the page holds
let lastDrawn = -1;     // the number of moves on the board last drawn (to animate and sound)
const prefs = loadPrefs();
let cellNames = [];
let partial = null;     // a turn being composed action by action (Dimension X), else null
let received = 0;       // performance.now() when the status was received (clocks count down from it)
const shownAt = {};     // number of moves -> Date.now() when the page first drew them
const gameId = (/^\/game\/([0-9a-f]+)$/.exec(location.pathname) || [])[1] || null;

/** What clicks choose among: the legal next actions of the turn being composed, or the moves. */
const choosable = () => (partial ? partial.next : state.moves) || [];

async function api(method, path, body, token, retries = 0) {
  const opts = { method, headers: {} };
  if (body !== undefined) {
    opts.headers["content-type"] = "application/json";
    opts.body = JSON.stringify(body);
  }
  if (token) opts.headers.authorization = "Bearer " + token;
  // A read that fails on the way (no answer at all) is tried again, three times at most.
  let res;
  for (let attempt = 0; ; attempt++) {
    try { res = await fetch(path, opts); break; } catch (e) {
      if (method !== "GET" || attempt >= 2) throw Object.assign(new Error("network error: " + e.message), { status: 0 });
      await new Promise((r) => setTimeout(r, 300 * (attempt + 1)));
    }
  }
  const data = await res.json().catch(() => ({ error: res.statusText }));
  // 429: the server refused before doing anything (too many requests from this address), so
  // any request may be sent again after the wait it names; five times at most.
  if (res.status === 429 && retries < 5) {
    const ms = Number((/retry in (\d+) ms/.exec(data.error || "") || [])[1]) || 1000;
    await new Promise((r) => setTimeout(r, ms + 50));
    return api(method, path, body, token, retries + 1);
  }
  if (!res.ok) throw Object.assign(new Error(data.error || res.statusText), { status: res.status });
  return data;
}

function showError(msg) { $("error").textContent = msg || ""; }

// ---- preferences, kept in this browser ---------------------------------------------------

function loadPrefs() {
  let p = {};
  try { p = JSON.parse(localStorage.getItem("dimchess:prefs") || "{}") || {}; } catch { p = {}; }
  return { flipped: !!p.flipped, sound: p.sound !== false, pieceSize: p.pieceSize || "0.85" };
}
function savePrefs() {
  localStorage.setItem("dimchess:prefs", JSON.stringify(prefs));
}

// ---- sound: a short tone per move, a lower double one per capture (Web Audio, no files) ----

let audio = null;
function playSound(capture) {
  if (!prefs.sound) return;
  try {
    audio = audio || new (window.AudioContext || window.webkitAudioContext)();
    const tones = capture ? [[220, 0], [180, 0.07]] : [[440, 0]];
    for (const [f, at] of tones) {
      const o = audio.createOscillator(), g = audio.createGain();
      o.frequency.value = f;
      g.gain.setValueAtTime(0.08, audio.currentTime + at);
      g.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + at + 0.09);
      o.connect(g); g.connect(audio.destination);
      o.start(audio.currentTime + at); o.stop(audio.currentTime + at + 0.1);
    }
    window.soundsPlayed = (window.soundsPlayed || 0) + 1;
  } catch { /* no audio here */ }
}

// ---- the variant's pieces (sprite) and legend ------------------------------------------------

async function loadPieces(variant) {
  if (spriteOf === variant) return;
  spriteOf = variant;
  try {
    const [svg, legend] = await Promise.all([
      fetch("/api/variants/" + variant + "/pieces").then((r) => r.ok ? r.text() : ""),
      api("GET", "/api/variants/" + variant + "/legend"),
    ]);
    $("sprite").innerHTML = svg;
    glyphs = new Map(legend.pieces.map((p) => [p.symbol + "|" + p.name, p.glyph]));
    renderLegend(legend);
  } catch (e) { spriteOf = null; showError("piece set: " + e.message); }
  render();
}

const glyphOf = (piece) => glyphs.get(piece.symbol + "|" + piece.name.toLowerCase()) || null;

function renderLegend(legend) {
  $("rules-link").href = legend.rules;
  $("rules-link").textContent = "The rules of " + legend.variant;
  const body = $("legend-table").querySelector("tbody");
  body.textContent = "";
  const colour = (state && state.layout.players[0].colour) || "#ffffff";
  for (const p of legend.pieces) {
    const tr = document.createElement("tr");
    tr.dataset.glyph = p.glyph;
    const td = () => document.createElement("td");
    const g = td();
    const name = p.name.charAt(0).toUpperCase() + p.name.slice(1);
    g.append(pieceElement(p, colour, p.glyph, name));
    const n = td(); n.textContent = name + " (" + p.symbol + ")";
    const m = td(); m.textContent = p.moves;
    const r = td(); r.textContent = p.ruling;
    const b = document.createElement("button");
    b.type = "button";
    b.className = "show-moves";
    b.textContent = "Show moves";
    b.setAttribute("aria-label", "Show moves of the " + name);
    b.addEventListener("click", () => showMoves(legend.variant, p.glyph, name));
    r.append(" ", b);
    tr.append(g, n, m, r);
    body.append(tr);
  }
}

// ---- seat tokens, kept per game in this browser ---------------------------------------

function loadTokens(id) {
  try { return JSON.parse(localStorage.getItem("dimchess:tokens:" + id) || "[]"); } catch { return []; }
}
function saveTokens(id, tokens) {
  localStorage.setItem("dimchess:tokens:" + id, JSON.stringify([...new Set(tokens)]));
}

// ---- new game form -------------------------------------------------------------------

function renderSeatInputs() {
  const v = variants.find((x) => x.id === $("variant").value);
  const seats = $("seats");
  seats.textContent = "";
  const names = (v && v.player_names) || ["White", "Black"];
  const n = v ? v.players : 2;
  for (let i = 0; i < n; i++) {
    const span = document.createElement("span");
    span.className = "seat";
    const label = document.createElement("label");
    label.textContent = (names[i] || "Seat " + (i + 1)) + " ";
    const sel = document.createElement("select");
    sel.id = "seat-" + i;
    for (const [k, text] of [["me", "me"], ["invite", "invite"], ["engine", "engine"]]) {
      const o = document.createElement("option");
      o.value = k; o.textContent = text;
      sel.append(o);
    }
    sel.value = i === 0 ? "me" : "invite";
    label.append(sel);
    const ms = document.createElement("input");
    ms.type = "number"; ms.min = "10"; ms.max = "10000"; ms.step = "10"; ms.value = "500";
    ms.id = "movetime-" + i; ms.title = "engine time per move (ms)";
    ms.setAttribute("aria-label", (names[i] || "Seat") + " engine ms per move");
    span.append(label, ms, document.createTextNode(" ms"));
    seats.append(span);
  }
}

async function newGame(body, mine) {
  showError("");
  try {
    const r = await api("POST", "/api/games", body);
    const tokens = r.invites.filter((i) => mine.includes(i.seat)).map((i) => i.token);
    saveTokens(r.id, tokens);
    const others = r.invites.filter((i) => !mine.includes(i.seat))
      .map((i) => ({ seat: i.seat, url: location.origin + i.url }));
    localStorage.setItem("dimchess:invites:" + r.id, JSON.stringify({ invites: others, spectate: location.origin + r.spectate }));
    location.assign("/game/" + r.id);
  } catch (e) { showError(e.message); }
}

function formBody() {
  const v = variants.find((x) => x.id === $("variant").value);
  const seats = [];
  const mine = [];
  for (let i = 0; i < v.players; i++) {
    const kind = $("seat-" + i).value;
    if (kind === "engine") seats.push({ kind, movetime_ms: Math.max(1, parseInt($("movetime-" + i).value, 10) || 500) });
    else { seats.push({ kind: "human" }); if (kind === "me") mine.push(i); }
  }
  const body = { variant: v.id, seats };
  const base = parseFloat($("clock-base").value);
  if (base > 0) body.clock = { base_ms: Math.round(base * 60000), inc_ms: Math.round((parseFloat($("clock-inc").value) || 0) * 1000) };
  return { body, mine };
}

$("new-game").addEventListener("submit", (ev) => {
  ev.preventDefault();
  const { body, mine } = formBody();
  newGame(body, mine);
});
$("variant").addEventListener("change", renderSeatInputs);
// At phone width a game's page folds the form away behind a button.
$("new-toggle").addEventListener("click", () => {
  const open = document.body.classList.toggle("form-open");
  $("new-toggle").setAttribute("aria-expanded", String(open));
});

// ---- the game's state ----------------------------------------------------------------

/** The page's view of the model: the board's and the status's fields side by side. */
function flatten(m) {
  const b = m.board, st = m.status;
  return {
    id: m.id, variant: m.variant, version: m.v, history: m.history, status: st,
    position: b.position, turn: b.turn, layout: b.layout, last_move_cells: b.last_move_cells,
    moves: b.moves, partial: b.partial, over: st.over, result: st.result, seats: st.seats,
    notation: b.notation || [], check_cells: b.check_cells || [], recent: b.recent || [],
    thinking: st.thinking, engine_error: st.engine_error,
    engine_to_move: !st.over && (st.seats[st.turn] || {}).kind === "engine",
    mine: net ? net.seats : [],
  };
}

/** The seat form shows the game's seats: this page's, engines, or invited people. */
function syncSeatForm() {
  const s = state;
  s.seats.forEach((seat, i) => {
    const sel = $("seat-" + i);
    if (!sel) return;
    sel.value = seat.kind === "engine" ? "engine" : s.mine.includes(i) ? "me" : "invite";
    if (seat.kind === "engine" && seat.movetime_ms) $("movetime-" + i).value = seat.movetime_ms;
  });
}

function setModel(m) {
  const before = state;
  model = m;
  state = flatten(m);
  received = performance.now();
  // A turn being composed is kept only while the position is the same.
  if (!before || before.position !== state.position || before.over !== state.over) {
    partial = state.partial || null;
    selection = [];
  }
  if (!before || before.id !== state.id) syncSeatForm();
  if (before && state.history.length > before.history.length) {
    const last = state.notation[state.history.length - 1] || "";
    playSound(/x/.test(last));
  }
  if (viewPly !== null && viewPly > state.history.length) viewPly = null;
  loadPieces(state.variant);
  performance.mark("state-received");
  render();
  // Drawn: once the browser has laid out and painted the new board (the frame after it).
  requestAnimationFrame(() => setTimeout(() => {
    performance.mark("board-drawn");
    performance.measure("draw", "state-received", "board-drawn");
  }, 0));
  if (!(state.history.length in shownAt)) shownAt[state.history.length] = Date.now();
}

/** Whether this page may move now: it holds the seat to move, and the game goes on. */
function myTurn() {
  return state && !state.over && state.mine.includes(state.turn) && state.seats[state.turn].kind === "human";
}

function candidates() {
  return choosable().filter(([, cells]) =>
    cells.length >= selection.length && selection.every((c, i) => cells[i] === c));
}

function render() {
  const s = state;
  if (!s) return;
  const composing = partial && partial.layout;
  const viewing = viewPly !== null && viewed && viewed.ply === viewPly;
  const layout = shown ? shown.layout : viewing ? viewed.layout : composing ? partial.layout : s.layout;
  document.body.dataset.version = s.version;
  document.body.dataset.variant = s.variant;
  document.body.dataset.over = s.over;
  if ($("variant").value !== s.variant) {
    // The new-game form starts with the game's variant (and its seats).
    $("variant").value = s.variant;
    renderSeatInputs();
  }
  const mayMove = myTurn() && viewPly === null;
  const cands = mayMove ? candidates() : [];
  const targets = new Set();
  const starts = new Set();
  for (const [, cells] of cands) if (cells.length > selection.length) targets.add(cells[selection.length]);
  if (mayMove) for (const [, cells] of choosable()) if (cells.length) starts.add(cells[0]);
  const recent = new Map();
  if (!viewing && !composing && s.layout.players.length > 2) {
    for (const r of s.recent) for (const c of r.cells) recent.set(c, (s.layout.players[r.seat] || {}).colour || "#888");
  }
  const fit = fitBoards(layout);
  const active = document.activeElement;
  if (active && active.classList && active.classList.contains("cell")) focusCell = +active.dataset.cell;
  cellNames = drawBoards($("boards"), $("flight"), layout, shown ? {
    flipped, selection: [shown.from], targets: new Set(shown.targets), starts: new Set(), recent: new Map(),
    glyph: glyphOf, focus: focusCell, last: new Set(), check: new Set(), animate: false,
    onClick: () => {}, mayDrag: () => false, onDragStart: () => {}, onDrop: () => {},
  } : {
    flipped, selection, targets, starts, recent, glyph: glyphOf, focus: focusCell,
    last: new Set(viewing ? viewed.last_move_cells : composing ? partial.last_move_cells : s.last_move_cells),
    check: new Set(viewing ? viewed.check_cells : composing ? [] : s.check_cells),
    animate: !viewing && lastDrawn >= 0 && lastDrawn !== s.history.length,
    onClick: clickCell,
    mayDrag: (g) => mayMove && (starts.has(g) || selection.length === 1 && selection[0] === g),
    onDragStart: (g) => { if (!(selection.length === 1 && selection[0] === g)) { selection = []; clickCell(g); } },
    onDrop: (from, to) => { if (to === null || to === from) { render(); return; } if (selection[selection.length - 1] !== from) { selection = []; clickCell(from); } clickCell(to); },
  });
  lastDrawn = viewing || shown ? lastDrawn : s.history.length;
  document.body.classList.toggle("stacked", fit.stacked);
  if (focusCell !== null && active && active.classList && active.classList.contains("cell")) {
    const f = document.querySelector('.cell[data-cell="' + focusCell + '"]');
    if (f) f.focus();
  }
  $("viewing").hidden = !viewing && !shown;
  if (shown) $("viewing-text").textContent = "Where a " + shown.name + " can go from " + cellNames[shown.from] +
    " on an empty board (" + shown.targets.length + " cells).";
  else if (viewing) $("viewing-text").textContent = viewPly === 0 ? "Viewing the start position." : "Viewing the position after " + moveLabel(viewPly - 1) + ".";
  const banner = $("banner");
  banner.hidden = !s.over;
  banner.textContent = s.over ? "Game over: " + s.result : "";
  renderPlayers();
  const mover = (s.layout.players[s.turn] || {}).name || "";
  $("status").textContent = viewing ? "Viewing an earlier position (→ or “Back to the game” returns)"
    : s.over ? "Game over: " + s.result
    : s.thinking ? mover + ": the engine is thinking…"
    : s.engine_error ? "Engine error: " + s.engine_error
    : mayMove ? mover + " to move (you)"
    : mover + " to move";

  // The selection line keeps its place (the panel does not move when a piece is chosen).
  $("selected-cells").textContent = selection.length ? "Selected: " + selection.map((c) => cellNames[c]).join(" → ") : "";
  $("clear").hidden = selection.length === 0;
  const choices = $("choices");
  choices.textContent = "";
  if (selection.length > 0) {
    const exact = cands.filter(([, cells]) => cells.length === selection.length);
    if (exact.length > 0) {
      const p = document.createElement("p");
      const what = partial ? "action" : "move";
      p.textContent = targets.size > 0 ? "Choose the " + what + ", or click on to go on:" : "Choose the " + what + ":";
      choices.append(p);
      for (const [text] of exact.slice(0, 200)) choices.append(moveButton(text));
    }
  }
  const extra = $("extra-moves");
  extra.textContent = "";
  if (mayMove) for (const [text, cells] of choosable()) if (cells.length === 0) extra.append(moveButton(text));
  $("turn").hidden = !(mayMove && partial);
  if (partial) {
    $("turn-actions").textContent = partial.actions.length ? partial.actions.join(", ") : "(no action yet)";
    $("end-turn").disabled = !(partial.can_end && partial.actions.length > 0);
    $("end-turn").dataset.move = partial.turn;
    $("restart-turn").disabled = partial.actions.length === 0;
  }
  renderMatches();
  renderControls();

  renderHistory();
  const notes = $("notes");
  notes.textContent = "";
  for (const [k, v] of layout.notes) {
    const dt = document.createElement("dt"); dt.textContent = k;
    const dd = document.createElement("dd"); dd.textContent = v;
    notes.append(dt, dd);
  }
  $("download").href = "/api/games/" + s.id + "/record";
  $("download").setAttribute("download", s.variant + "-" + s.id + ".pgn");
}

/** The move number of ply `i` and its seat's place in the full move (`12.` or `12...`). */
function moveLabel(i) {
  const n = state.layout.players.length;
  const num = Math.floor(i / n) + 1;
  return num + (i % n === 0 ? ". " : "... ") + (state.notation[i] || state.history[i]);
}

/** The move list: a row per full move (`1. e4 e5`), each ply a button that shows its
 * position; the current one marked. */
function renderHistory() {
  const s = state;
  const n = s.layout.players.length;
  const hist = $("history");
  hist.textContent = "";
  const shown = viewPly === null ? s.history.length : viewPly;
  let row = null;
  s.history.forEach((t, i) => {
    if (i % n === 0) {
      row = document.createElement("div");
      row.className = "move-row";
      row.setAttribute("role", "listitem");
      const num = document.createElement("span");
      num.className = "num";
      num.textContent = Math.floor(i / n) + 1 + ".";
      row.append(num);
      hist.append(row);
    }
    const b = document.createElement("button");
    b.type = "button";
    b.className = "ply";
    b.dataset.ply = i;
    b.textContent = s.notation[i] || t;
    b.title = t;
    if (i === shown - 1) { b.classList.add("current"); b.setAttribute("aria-current", "step"); }
    b.addEventListener("click", () => view(i + 1));
    row.append(b);
  });
  const cur = hist.querySelector(".current");
  if (cur) {
    const top = cur.getBoundingClientRect().top - hist.getBoundingClientRect().top + hist.scrollTop;
    if (top < hist.scrollTop || top > hist.scrollTop + hist.clientHeight - cur.offsetHeight) hist.scrollTop = top - hist.clientHeight / 2;
  }
}

/** Shows where a piece can go from a central cell of an empty board (the library's moves). */
async function showMoves(variant, glyph, name) {
  try {
    const r = await api("GET", "/api/variants/" + variant + "/legend/" + glyph + "/moves");
    shown = { name, ...r };
    render();
    $("play-area").scrollIntoView({ block: "start" });
  } catch (e) { showError(name + ": " + e.message); }
}

/** Shows the position after `ply` moves (the game now once `ply` is the last). */
async function view(ply) {
  if (!state) return;
  ply = Math.max(0, Math.min(ply, state.history.length));
  if (ply === state.history.length) { viewPly = null; viewed = null; render(); return; }
  viewPly = ply;
  try {
    const v = await api("GET", "/api/games/" + state.id + "/plies/" + ply);
    if (viewPly !== ply) return;
    viewed = v;
  } catch (e) { showError(e.message); viewPly = null; }
  render();
}

/** Sizes the cells so that every board fits beside the side panel (stacked at phone width). */
function fitBoards(layout) {
  const area = $("play-area");
  const phone = window.innerWidth < 700;
  const width = area.clientWidth || window.innerWidth;
  const top = area.getBoundingClientRect().top + window.scrollY;
  const height = phone ? window.innerHeight * 2 : Math.max(240, window.innerHeight - top - 90);
  const fit = phone
    ? { cell: fitCells({ boards: [layout.boards.reduce((a, b) => a.files >= b.files ? a : b)] }, width, window.innerHeight - 200, 16, 52).cell, stacked: layout.boards.length > 1 }
    : fitCells(layout, width, height, 22, 80);
  document.documentElement.style.setProperty("--cell", fit.cell + "px");
  document.documentElement.style.setProperty("--piece", prefs.pieceSize);
  return fit;
}

/** Milliseconds since the status was received. */
const since = () => performance.now() - received;

/** A clock's text: m:ss, tenths under 10 s. */
function clockText(ms) {
  ms = Math.max(0, ms);
  if (ms < 10000) return (ms / 1000).toFixed(1);
  const s = Math.floor(ms / 1000);
  return Math.floor(s / 60) + ":" + String(s % 60).padStart(2, "0");
}

/** Players: colour, who plays, connection, clock, whether out; the seat to move marked. */
function renderPlayers() {
  const s = state;
  const eliminated = (s.layout.notes.find(([k]) => k === "eliminated") || [, ""])[1];
  const players = $("players");
  players.textContent = "";
  const clocks = s.status.clocks;
  s.layout.players.forEach((p, i) => {
    const seat = s.seats[i] || { kind: "human", connected: false };
    const li = document.createElement("li");
    li.dataset.seat = i;
    const sw = document.createElement("span");
    sw.className = "swatch"; sw.style.background = p.colour;
    const dot = document.createElement("span");
    dot.className = "presence " + (seat.connected ? "on" : "off");
    dot.title = seat.connected ? "connected" : "disconnected";
    const name = document.createElement("span");
    name.className = "name";
    name.textContent = p.name + " (" + (seat.kind === "engine" ? "engine, " + seat.movetime_ms + " ms"
      : state.mine.includes(i) ? "you" : "human") + ")" +
      (seat.kind === "human" && !seat.connected ? " — disconnected" : "") +
      (seat.out ? " — out: " + seat.out : "");
    li.append(sw, dot, name);
    if (clocks) {
      const c = document.createElement("span");
      c.className = "clock";
      c.dataset.seat = i;
      li.append(c);
    }
    if (i === s.turn && !s.over) li.classList.add("to-move");
    if (seat.out || eliminated.split(/[ ,]+/).includes(p.name)) { li.classList.add("out"); li.title = "eliminated"; }
    players.append(li);
  });
  tickClocks();
}

/** The clocks count down between the server's messages (the server alone decides a flag). */
function tickClocks() {
  if (!state || !state.status.clocks) return;
  const c = state.status.clocks;
  for (const el of document.querySelectorAll(".clock")) {
    const i = +el.dataset.seat;
    const running = c.running === i && !state.over;
    const ms = c.remaining_ms[i] - (running ? since() : 0);
    el.textContent = clockText(ms);
    el.classList.toggle("running", running);
    el.classList.toggle("low", ms < 10000);
  }
  renderAbsent();
}
setInterval(tickClocks, 100);

/** The seats the page may claim against: people away for longer than the grace period. */
function absentSeats() {
  const s = state;
  if (!s || s.over || !s.mine.length) return [];
  return s.seats.map((x, i) => [x, i]).filter(([x, i]) => x.kind === "human" && !x.connected && !x.out &&
    !s.mine.includes(i) && x.away_ms != null && x.away_ms + since() >= s.status.grace_ms).map(([, i]) => i);
}

function renderAbsent() {
  const b = $("claim-absent");
  if (!b) return;
  const away = absentSeats();
  b.hidden = away.length === 0;
}

/** The seat's buttons: what it may do now. */
function renderControls() {
  const s = state;
  const st = s.status;
  const mine = s.mine.filter((i) => !(s.seats[i] || {}).out);
  const playing = !s.over && mine.length > 0;
  const people = s.seats.filter((x) => x.kind === "human").length;
  const offered = st.draw_offers.filter((i) => !s.mine.includes(i));
  const iOffered = st.draw_offers.some((i) => s.mine.includes(i));
  const show = (id, yes) => { $(id).hidden = !yes; };
  show("controls", playing);
  show("resign", playing);
  show("abort", playing && st.can_abort);
  show("offer-draw", playing && offered.length === 0 && !iOffered);
  show("accept-draw", playing && offered.length > 0 && !iOffered);
  show("decline-draw", playing && offered.length > 0 && !iOffered);
  show("claim-draw", playing && !!st.claim && s.mine.includes(s.turn));
  $("claim-draw").textContent = st.claim ? "Claim " + st.claim : "Claim draw";
  const two = s.seats.length === 2 && people === 2;
  const myMoves = s.history.length > 0;
  show("takeback", playing && two && myMoves && st.takeback === null);
  show("accept-takeback", playing && st.takeback !== null && !s.mine.includes(st.takeback));
  show("decline-takeback", playing && st.takeback !== null && !s.mine.includes(st.takeback));
  show("undo", playing && people === mine.length && s.history.length > 0);
  const notes = [];
  if (st.draw_offers.length && !s.over) notes.push("Draw offered by " + st.draw_offers.map((i) => s.layout.players[i].name).join(", "));
  if (st.takeback !== null && !s.over) notes.push(s.layout.players[st.takeback].name + " asks to take back a move");
  $("offers").textContent = notes.join(". ");
  renderAbsent();
}

/** A button that plays the move `text`, or performs the action `text` of a composed turn. */
function moveButton(text) {
  const b = document.createElement("button");
  b.type = "button";
  b.textContent = text;
  if (partial) {
    b.dataset.action = text;
    b.addEventListener("click", () => chooseAction(text));
  } else {
    b.dataset.move = text;
    b.addEventListener("click", () => playMove(text));
  }
  return b;
}

function renderMatches() {
  const box = $("matches");
  box.textContent = "";
  const typed = $("move-text").value.trim();
  if (!typed || !state || !myTurn()) return;
  if (partial && typed.includes(",")) return; // a whole turn typed: Enter plays it
  const found = choosable().filter(([t]) => t.startsWith(typed)).slice(0, 30);
  for (const [t] of found) box.append(moveButton(t));
}

// ---- input ---------------------------------------------------------------------------

function clickCell(g) {
  if (!myTurn()) return;
  const next = selection.concat([g]);
  const matches = (sel) => choosable().filter(([, cells]) =>
    cells.length >= sel.length && sel.every((c, i) => cells[i] === c));
  let cands = matches(next);
  if (cands.length > 0) selection = next;
  else if (selection.includes(g)) { selection = []; render(); return; }
  else {
    cands = matches([g]);
    selection = cands.length > 0 ? [g] : [];
  }
  const exact = cands.filter(([, cells]) => cells.length === selection.length);
  const longer = cands.filter(([, cells]) => cells.length > selection.length);
  if (selection.length > 0 && exact.length === 1 && longer.length === 0) {
    if (partial) chooseAction(exact[0][0]); else playMove(exact[0][0]);
    return;
  }
  render();
  const focus = document.querySelector('.cell[data-cell="' + g + '"]');
  if (focus) focus.focus();
}

/** Adds the action `text` to the turn being composed; plays the turn once nothing can follow. */
async function chooseAction(text) {
  showError("");
  selection = [];
  const s = state;
  const actions = partial.actions.concat([text]);
  try {
    const r = await api("GET", "/api/games/" + s.id + "/turn?actions=" + encodeURIComponent(actions.join(",")));
    if (state.position !== s.position || r.ply !== s.status.ply) return; // the game moved on
    partial = r.partial;
    $("move-text").value = "";
    if (partial.next.length === 0 && partial.can_end) { playMove(partial.turn); return; }
    render();
  } catch (e) { showError(e.message); render(); }
}

/** Sends a move (a whole Dimension X turn) at the game's ply; the server's event shows it. */
async function playMove(text) {
  showError("");
  selection = [];
  const ply = state.status.ply;
  $("move-text").value = "";
  render();
  try { await net.move(ply, text); } catch (e) { showError(e.message); render(); }
}

async function command(msg) {
  showError("");
  try { await net.command(msg); } catch (e) { showError(e.message); }
}

$("text-move").addEventListener("submit", (ev) => {
  ev.preventDefault();
  const t = $("move-text").value.trim();
  if (t && myTurn()) playMove(t);
});
$("move-text").addEventListener("input", renderMatches);
$("clear").addEventListener("click", () => { selection = []; render(); });
$("end-turn").addEventListener("click", () => { if (partial && partial.can_end) playMove(partial.turn); });
$("restart-turn").addEventListener("click", () => { selection = []; partial = state.partial || null; render(); });
document.addEventListener("keydown", (ev) => {
  if (ev.key === "Escape" && selection.length) { selection = []; render(); }
  // ← and → step through the game's positions (not while typing, nor on the board's cells).
  const t = ev.target;
  const typing = t && (t.tagName === "INPUT" || t.tagName === "TEXTAREA" || t.tagName === "SELECT");
  const onCell = t && t.classList && t.classList.contains("cell");
  if (!state || typing || onCell || ev.altKey || ev.ctrlKey || ev.metaKey) return;
  const now = viewPly === null ? state.history.length : viewPly;
  if (ev.key === "ArrowLeft") { ev.preventDefault(); view(now - 1); }
  if (ev.key === "ArrowRight") { ev.preventDefault(); view(now + 1); }
});
$("live").addEventListener("click", () => { shown = null; view(Infinity); });
flipped = prefs.flipped;
$("flip").setAttribute("aria-pressed", String(flipped));
$("sound").checked = prefs.sound;
$("piece-size").value = prefs.pieceSize;
$("flip").addEventListener("click", () => {
  flipped = !flipped; prefs.flipped = flipped; savePrefs();
  $("flip").setAttribute("aria-pressed", String(flipped));
  render();
});
$("sound").addEventListener("change", () => { prefs.sound = $("sound").checked; savePrefs(); });
$("piece-size").addEventListener("change", () => { prefs.pieceSize = $("piece-size").value; savePrefs(); render(); });
// A new size draws the boards again, once per frame at most, and only when the width changed
// (a phone's address bar hiding while scrolling changes the height alone).
let resizeQueued = false, lastWidth = window.innerWidth;
window.addEventListener("resize", () => {
  if (resizeQueued || window.innerWidth === lastWidth && window.innerWidth < 700) return;
  resizeQueued = true;
  requestAnimationFrame(() => { resizeQueued = false; lastWidth = window.innerWidth; render(); });
});
$("resign").addEventListener("click", () => { if (confirm("Resign?")) command({ t: "resign" }); });
$("abort").addEventListener("click", () => command({ t: "abort" }));
$("offer-draw").addEventListener("click", () => command({ t: "offer", what: "draw" }));
$("accept-draw").addEventListener("click", () => command({ t: "accept", what: "draw" }));
$("decline-draw").addEventListener("click", () => command({ t: "decline", what: "draw" }));
$("claim-draw").addEventListener("click", () => command({ t: "claim", what: "draw" }));
$("claim-absent").addEventListener("click", () => command({ t: "claim", what: "absent" }));
$("takeback").addEventListener("click", () => command({ t: "offer", what: "takeback" }));
$("accept-takeback").addEventListener("click", () => command({ t: "accept", what: "takeback" }));
$("decline-takeback").addEventListener("click", () => command({ t: "decline", what: "takeback" }));
$("undo").addEventListener("click", () => command({ t: "undo" }));
$("import-toggle").addEventListener("click", () => { $("import").hidden = !$("import").hidden; });
$("import").addEventListener("submit", (ev) => {
  ev.preventDefault();
  $("import").hidden = true;
  const players = 4; // every seat is this page's: it replays a record at one screen
  newGame({ record: $("import-text").value }, [...Array(players).keys()]);
});

// ---- start ---------------------------------------------------------------------------

function showInvites(id) {
  let saved = null;
  try { saved = JSON.parse(localStorage.getItem("dimchess:invites:" + id) || "null"); } catch { saved = null; }
  const box = $("invites");
  box.textContent = "";
  const spectate = (saved && saved.spectate) || location.origin + "/game/" + id;
  const rows = ((saved && saved.invites) || []).map((i) => ["Invite for seat " + (i.seat + 1), i.url, "invite-" + i.seat]);
  rows.push(["Spectators", spectate, "spectate"]);
  for (const [label, url, key] of rows) {
    const p = document.createElement("p");
    p.append(label + ": ");
    const a = document.createElement("a");
    a.href = url; a.textContent = url; a.dataset.invite = key;
    p.append(a);
    box.append(p);
  }
}

(async function start() {
  try {
    variants = await api("GET", "/api/variants");
  } catch (e) { showError(e.message); return; }
  const sel = $("variant");
  sel.textContent = "";
  for (const v of variants) {
    const o = document.createElement("option");
    o.value = v.id; o.textContent = v.id; o.title = v.description;
    sel.append(o);
  }
  const params = new URLSearchParams(location.search);
  if (params.get("variant")) sel.value = params.get("variant");
  renderSeatInputs();
  // An old-style link to a game, `/#<id>`: the game's page.
  const old = /^#([0-9a-f]{8,64})$/.exec(location.hash);
  if (!gameId && old) { location.replace("/game/" + old[1]); return; }
  if (!gameId) {
    document.body.classList.add("lobby");
    $("status").textContent = "Choose a variant and the seats, then start.";
    return;
  }
  // An invitation: the seat's token, kept in this browser for this game, then out of the address.
  const hash = new URLSearchParams(location.hash.slice(1));
  const tokens = loadTokens(gameId);
  if (hash.get("token")) {
    tokens.push(hash.get("token"));
    saveTokens(gameId, tokens);
    history.replaceState(null, "", location.pathname);
  }
  showInvites(gameId);
  net = new GameSocket(gameId, loadTokens(gameId), {
    state: (m) => setModel(m),
    status: (text, attempt) => {
      const c = $("connection");
      c.textContent = text === "connected" ? "connected" : "reconnecting… (attempt " + attempt + ")";
      c.dataset.state = text === "connected" ? "connected" : "reconnecting";
    },
    error: (msg) => showError(msg),
    gone: () => {
      const c = $("connection");
      c.textContent = "not connected: the server has no such game";
      c.dataset.state = "gone";
      $("status").textContent = "This game is not on this server (it may have been lost when the server restarted). " +
        "Start a new game with the form above.";
      document.body.classList.add("gone");
    },
  });
})();

// A link to this page with another hash (an invitation opened in the same tab, `/#<id>`):
// the browser does not load the page again by itself.
window.addEventListener("hashchange", () => location.reload());

// A state that says an engine is thinking for much longer than its time: ask for the whole
// state again (a message may have been lost on the way).
setInterval(() => {
  if (!state || !net || !state.thinking || !net.connected) return;
  const seat = state.seats[state.turn] || {};
  if (performance.now() - received > (seat.movetime_ms || 1000) + 10000) {
    received = performance.now();
    net.send({ t: "sync" });
  }
}, 2000);
