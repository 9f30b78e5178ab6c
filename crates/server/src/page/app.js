// The dimchess page: draws the state the API sends (docs/web.md) and plays moves by clicks.
// A move is chosen by clicking the cells its text names, in order; where several moves share
// the clicked cells (a promotion, a launch, a combination or a split, a turn that may end or
// go on), they are offered as buttons. Any move can also be typed.
// A Dimension X turn is composed action by action: the state holds the legal first actions
// (`partial`), and each action chosen asks the server for the legal next ones
// (`GET /api/games/{id}/turn?actions=...`) until the turn is ended.
"use strict";

const $ = (id) => document.getElementById(id);
let variants = [];
let state = null;       // the last state from the server
let selection = [];     // cell indices clicked so far
let flipped = false;
let pollTimer = null;
let cellNames = [];     // cell index -> name
let partial = null;     // a turn being composed action by action (Dimension X), else null

/** What clicks choose among: the legal next actions of the turn being composed, or the moves. */
const choosable = () => (partial ? partial.next : state.moves) || [];

async function api(method, path, body) {
  const opts = { method, headers: {} };
  if (body !== undefined) {
    opts.headers["content-type"] = "application/json";
    opts.body = JSON.stringify(body);
  }
  const res = await fetch(path, opts);
  const data = await res.json().catch(() => ({ error: res.statusText }));
  if (!res.ok) throw new Error(data.error || res.statusText);
  return data;
}

function showError(msg) { $("error").textContent = msg || ""; }

function textColour(bg) {
  const m = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(bg || "");
  if (!m) return "#000";
  const [r, g, b] = m.slice(1).map((h) => parseInt(h, 16));
  return 0.299 * r + 0.587 * g + 0.114 * b > 150 ? "#000" : "#fff";
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
    for (const k of ["human", "engine"]) {
      const o = document.createElement("option");
      o.value = k; o.textContent = k;
      sel.append(o);
    }
    label.append(sel);
    const ms = document.createElement("input");
    ms.type = "number"; ms.min = "10"; ms.max = "10000"; ms.step = "10"; ms.value = "500";
    ms.id = "movetime-" + i; ms.title = "engine time per move (ms)";
    ms.setAttribute("aria-label", (names[i] || "Seat") + " engine ms per move");
    span.append(label, ms, document.createTextNode(" ms"));
    seats.append(span);
  }
}

async function newGame(body) {
  showError("");
  try {
    const s = await api("POST", "/api/games", body);
    selection = [];
    setState(s);
    history.replaceState(null, "", "#" + s.id);
  } catch (e) { showError(e.message); }
}

$("new-game").addEventListener("submit", (ev) => {
  ev.preventDefault();
  const v = variants.find((x) => x.id === $("variant").value);
  const seats = [];
  for (let i = 0; i < v.players; i++) {
    const kind = $("seat-" + i).value;
    seats.push(kind === "engine"
      ? { kind, movetime_ms: Math.max(1, parseInt($("movetime-" + i).value, 10) || 500) }
      : { kind });
  }
  newGame({ variant: v.id, seats });
});
$("variant").addEventListener("change", renderSeatInputs);

// ---- drawing -------------------------------------------------------------------------

function setState(s) {
  state = s;
  partial = s.partial || null;
  clearTimeout(pollTimer);
  if (s.thinking) pollTimer = setTimeout(poll, 150);
  render();
}

async function poll() {
  if (!state) return;
  try {
    setState(await api("GET", "/api/games/" + state.id));
  } catch (e) { showError(e.message); }
}

function candidates() {
  return choosable().filter(([, cells]) =>
    cells.length >= selection.length && selection.every((c, i) => cells[i] === c));
}

function render() {
  const s = state;
  // While a turn is composed, the boards as its actions so far left them.
  const composing = partial && partial.layout;
  const layout = composing ? partial.layout : s.layout;
  document.body.dataset.version = s.version;
  document.body.dataset.thinking = s.thinking;
  document.body.dataset.variant = s.variant;
  document.body.dataset.over = s.over;
  if ($("variant").value !== s.variant) {
    // A game opened by its id (`/#id`) may be of another variant than the form shows.
    $("variant").value = s.variant;
    renderSeatInputs();
  }
  const humanToMove = !s.over && !s.engine_to_move;
  const cands = humanToMove ? candidates() : [];
  const targets = new Set();
  const starts = new Set();
  for (const [, cells] of cands) {
    if (cells.length > selection.length) targets.add(cells[selection.length]);
  }
  if (humanToMove) for (const [, cells] of choosable()) if (cells.length) starts.add(cells[0]);
  const last = new Set(composing ? partial.last_move_cells : s.last_move_cells);
  const landings = new Map();
  let offset = 0;
  const offsets = layout.boards.map((b) => { const o = offset; offset += b.cells.length; return o; });
  for (const f of layout.in_flight) landings.set(offsets[f.landing.board] + f.landing.cell, f);

  // Boards.
  const boards = $("boards");
  boards.textContent = "";
  cellNames = [];
  layout.boards.forEach((b, bi) => {
    const div = document.createElement("div");
    div.className = "board";
    const h = document.createElement("h3");
    h.textContent = b.name;
    div.append(h);
    const grid = document.createElement("div");
    grid.className = "grid";
    grid.setAttribute("role", "grid");
    grid.setAttribute("aria-label", b.name);
    grid.style.gridTemplateColumns = "1.1rem repeat(" + b.files + ", auto)";
    const ranks = [...Array(b.ranks).keys()].reverse();
    const files = [...Array(b.files).keys()];
    if (flipped) { ranks.reverse(); files.reverse(); }
    for (const r of ranks) {
      const lab = document.createElement("span");
      lab.className = "label";
      lab.textContent = b.rank_labels[r] || "";
      grid.append(lab);
      for (const f of files) {
        const i = r * b.files + f;
        const cell = b.cells[i];
        const g = offsets[bi] + i;
        if (!cell) {
          const hole = document.createElement("span");
          hole.className = "hole";
          grid.append(hole);
          continue;
        }
        cellNames[g] = cell.name;
        const btn = document.createElement("button");
        btn.type = "button";
        btn.className = "cell" + (cell.dark ? " dark" : "");
        btn.dataset.cell = g;
        btn.dataset.name = cell.name;
        let label = cell.name;
        if (cell.piece) {
          const p = document.createElement("span");
          const colour = (layout.players[cell.piece.owner] || {}).colour || "#888";
          p.className = "piece";
          p.style.background = colour;
          p.style.color = textColour(colour);
          p.textContent = cell.piece.symbol;
          p.title = cell.piece.name;
          btn.append(p);
          btn.classList.add("has-piece");
          btn.dataset.piece = cell.piece.symbol;
          btn.dataset.owner = cell.piece.owner;
          label += " " + ((layout.players[cell.piece.owner] || {}).name || "") + " " + cell.piece.name;
        }
        if (last.has(g)) btn.classList.add("last");
        if (selection.includes(g)) btn.classList.add("selected");
        if (targets.has(g) && selection.length > 0) { btn.classList.add("target"); label += ", can go here"; }
        if (selection.length === 0 && starts.has(g)) btn.dataset.start = "1";
        if (landings.has(g)) {
          const f = landings.get(g);
          btn.classList.add("landing");
          label += ", " + f.piece.name + " lands here in " + f.turns + " turns";
        }
        btn.setAttribute("aria-label", label);
        btn.addEventListener("click", () => clickCell(g));
        grid.append(btn);
      }
    }
    const corner = document.createElement("span");
    grid.append(corner);
    for (const f of files) {
      const lab = document.createElement("span");
      lab.className = "label";
      lab.textContent = b.file_labels[f] || "";
      grid.append(lab);
    }
    div.append(grid);
    boards.append(div);
  });

  // Pieces in flight.
  const flight = $("flight");
  flight.textContent = "";
  if (layout.in_flight.length) {
    const ul = document.createElement("ul");
    for (const f of layout.in_flight) {
      const li = document.createElement("li");
      const at = cellNames[offsets[f.landing.board] + f.landing.cell] || "?";
      li.textContent = "In flight: " + ((layout.players[f.piece.owner] || {}).name || "") + " " +
        f.piece.name + " lands on " + at + " in " + f.turns + " turn" + (f.turns === 1 ? "" : "s");
      ul.append(li);
    }
    flight.append(ul);
  }

  // Players and status.
  const eliminated = (layout.notes.find(([k]) => k === "eliminated") || [, ""])[1];
  const players = $("players");
  players.textContent = "";
  layout.players.forEach((p, i) => {
    const li = document.createElement("li");
    const sw = document.createElement("span");
    sw.className = "swatch"; sw.style.background = p.colour;
    const seat = s.seats[i] || { kind: "human" };
    li.append(sw, document.createTextNode(p.name + " (" + seat.kind +
      (seat.kind === "engine" ? ", " + seat.movetime_ms + " ms" : "") + ")"));
    if (i === s.turn && !s.over) li.classList.add("to-move");
    if (eliminated.split(/[ ,]+/).includes(p.name)) { li.classList.add("out"); li.title = "eliminated"; }
    players.append(li);
  });
  const mover = (layout.players[s.turn] || {}).name || "";
  $("status").textContent = s.over ? "Game over: " + s.result
    : s.thinking ? mover + ": the engine is thinking…"
    : s.engine_error ? "Engine error: " + s.engine_error
    : mover + " to move";

  // Selection, matching moves, cell-less moves.
  $("selection").hidden = selection.length === 0;
  $("selected-cells").textContent = selection.map((c) => cellNames[c]).join(" → ");
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
  if (humanToMove) for (const [text, cells] of choosable()) if (cells.length === 0) extra.append(moveButton(text));
  // The turn being composed: its actions so far, "end turn" once it may end.
  $("turn").hidden = !(humanToMove && partial);
  if (partial) {
    $("turn-actions").textContent = partial.actions.length ? partial.actions.join(", ") : "(no action yet)";
    $("end-turn").disabled = !(partial.can_end && partial.actions.length > 0);
    $("end-turn").dataset.move = partial.turn;
    $("restart-turn").disabled = partial.actions.length === 0;
  }
  renderMatches();

  // Move list and notes.
  const hist = $("history");
  hist.textContent = "";
  s.history.forEach((t, i) => {
    const li = document.createElement("li");
    li.textContent = t;
    if (i === s.history.length - 1) li.classList.add("current");
    hist.append(li);
  });
  hist.scrollTop = hist.scrollHeight;
  if (s.over) {
    const li = document.createElement("li");
    li.textContent = s.result;
    li.className = "result";
    li.style.listStyle = "none";
    hist.append(li);
  }
  const notes = $("notes");
  notes.textContent = "";
  for (const [k, v] of layout.notes) {
    const dt = document.createElement("dt"); dt.textContent = k;
    const dd = document.createElement("dd"); dd.textContent = v;
    notes.append(dt, dd);
  }
  $("download").href = "/api/games/" + s.id + "/record";
  $("download").setAttribute("download", s.variant + ".pgn");
  $("undo").disabled = s.history.length === 0;
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
  if (!typed || !state || state.over) return;
  if (partial && typed.includes(",")) return; // a whole turn typed: Enter plays it
  const found = choosable().filter(([t]) => t.startsWith(typed)).slice(0, 30);
  for (const [t] of found) box.append(moveButton(t));
}

// ---- input ---------------------------------------------------------------------------

function clickCell(g) {
  if (!state || state.over || state.engine_to_move) return;
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
    if (state !== s || r.version !== s.version) return; // the game moved on meanwhile
    partial = r.partial;
    $("move-text").value = "";
    if (partial.next.length === 0 && partial.can_end) { playMove(partial.turn); return; }
    render();
    renderMatches();
  } catch (e) { showError(e.message); render(); }
}

async function playMove(text) {
  showError("");
  selection = [];
  try {
    setState(await api("POST", "/api/games/" + state.id + "/moves", { move: text }));
    $("move-text").value = "";
    renderMatches();
  } catch (e) { showError(e.message); render(); }
}

$("text-move").addEventListener("submit", (ev) => {
  ev.preventDefault();
  const t = $("move-text").value.trim();
  if (t) playMove(t);
});
$("move-text").addEventListener("input", renderMatches);
$("clear").addEventListener("click", () => { selection = []; render(); });
$("end-turn").addEventListener("click", () => { if (partial && partial.can_end) playMove(partial.turn); });
$("restart-turn").addEventListener("click", () => {
  selection = [];
  partial = state.partial || null;
  render();
});
document.addEventListener("keydown", (ev) => {
  if (ev.key === "Escape" && selection.length) { selection = []; render(); }
});
$("undo").addEventListener("click", async () => {
  showError("");
  selection = [];
  try { setState(await api("POST", "/api/games/" + state.id + "/undo", {})); } catch (e) { showError(e.message); }
});
$("flip").addEventListener("click", () => { flipped = !flipped; render(); });
$("import-toggle").addEventListener("click", () => { $("import").hidden = !$("import").hidden; });
$("import").addEventListener("submit", (ev) => {
  ev.preventDefault();
  newGame({ record: $("import-text").value });
});

// ---- start ---------------------------------------------------------------------------

(async function start() {
  try {
    variants = await api("GET", "/api/variants");
  } catch (e) { showError(e.message); return; }
  const sel = $("variant");
  for (const v of variants) {
    const o = document.createElement("option");
    o.value = v.id; o.textContent = v.id; o.title = v.description;
    sel.append(o);
  }
  const params = new URLSearchParams(location.search);
  if (params.get("variant")) sel.value = params.get("variant");
  renderSeatInputs();
  const id = location.hash.slice(1);
  if (id) {
    try { setState(await api("GET", "/api/games/" + id)); return; } catch (e) { /* gone: start anew */ }
  }
  newGame({ variant: sel.value });
})();
