// The board drawing: every board or level of a layout side by side (stacked at phone width),
// each with its coordinates; pieces as the SVG glyphs of the variant's piece set (the sprite
// of dimchess-svg, `GET /api/variants/{id}/pieces`), filled with their owner's colour; the
// last move, each other seat's last move, the cells a move may go to and a king in check
// marked. Moves by click-click, by drag and drop (pointer events) and by the keyboard (one tab
// stop per page, arrow keys between cells: a roving tabindex). It knows nothing of the network
// or the game's state: app.js gives it what to draw and what to call.
"use strict";

/** Black or white ink on a background colour (as dimchess_svg::pieces::ink). */
function ink(bg) {
  const m = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(bg || "");
  if (!m) return "#000000";
  const [r, g, b] = m.slice(1).map((h) => parseInt(h, 16));
  return 0.299 * r + 0.587 * g + 0.114 * b > 140 ? "#000000" : "#ffffff";
}

const SVG_NS = "http://www.w3.org/2000/svg";

/** A piece as an inline SVG drawing its glyph (`use` of the sprite), or its letter in a disc. */
function pieceElement(piece, colour, glyphId, label) {
  const svg = document.createElementNS(SVG_NS, "svg");
  svg.setAttribute("viewBox", "0 0 100 100");
  svg.setAttribute("class", "piece");
  svg.setAttribute("aria-hidden", "true");
  const title = document.createElementNS(SVG_NS, "title");
  title.textContent = label;
  svg.append(title);
  if (glyphId) {
    const use = document.createElementNS(SVG_NS, "use");
    use.setAttribute("href", "#" + glyphId);
    use.setAttribute("fill", colour);
    use.setAttribute("color", ink(colour));
    svg.append(use);
  } else {
    const c = document.createElementNS(SVG_NS, "circle");
    c.setAttribute("cx", "50"); c.setAttribute("cy", "50"); c.setAttribute("r", "40");
    c.setAttribute("fill", colour); c.setAttribute("stroke", "#000"); c.setAttribute("stroke-width", "3");
    const t = document.createElementNS(SVG_NS, "text");
    t.setAttribute("x", "50"); t.setAttribute("y", "64"); t.setAttribute("text-anchor", "middle");
    t.setAttribute("font-size", "42"); t.setAttribute("font-weight", "bold"); t.setAttribute("fill", ink(colour));
    t.textContent = piece.symbol;
    svg.append(c, t);
  }
  return svg;
}

/** The column labels of a board: its own, or the letters its cells' names start with. */
function fileLabels(b) {
  if (b.file_labels.some((l) => l)) return b.file_labels;
  return [...Array(b.files).keys()].map((f) => {
    const names = new Set();
    for (let r = 0; r < b.ranks; r++) {
      const c = b.cells[r * b.files + f];
      if (c) names.add(c.name.replace(/^.*:/, "").replace(/[0-9]+$/, ""));
    }
    // Redistribution: each row of a layer has its own letters; the column's letters.
    return names.size <= 4 ? [...names].join("") : "";
  });
}

/** The rank labels of a board: its own, or the numbers its cells' names end with. */
function rankLabels(b) {
  if (b.rank_labels.some((l) => l)) return b.rank_labels;
  return [...Array(b.ranks).keys()].map((r) => {
    const names = new Set();
    for (let f = 0; f < b.files; f++) {
      const c = b.cells[r * b.files + f];
      if (c) names.add((/[0-9]+$/.exec(c.name) || [""])[0]);
    }
    return names.size === 1 ? [...names][0] : "";
  });
}

/**
 * Draws `layout` into the element `boards` and its pieces in flight into `flight`.
 * `opts`: { flipped, selection: [cell], targets: Set, starts: Set, last: Set, recent: Map(cell
 * -> colour), check: Set, glyph(piece) -> id, focus: cell or null, onClick(cell),
 * onDrop(from, to), onDragStart(cell) }.
 * Returns the cell names by cell index (the boards' cells laid end to end).
 */
function drawBoards(boards, flight, layout, opts) {
  const cellNames = [];
  const landings = new Map();
  let offset = 0;
  const offsets = layout.boards.map((b) => { const o = offset; offset += b.cells.length; return o; });
  for (const f of layout.in_flight) landings.set(offsets[f.landing.board] + f.landing.cell, f);
  // Where each piece was drawn, to animate the pieces that moved.
  const before = new Map();
  if (opts.animate) for (const el of boards.querySelectorAll(".cell.has-piece")) {
    before.set(+el.dataset.cell, { key: el.dataset.owner + el.dataset.piece, rect: el.getBoundingClientRect() });
  }
  boards.textContent = "";
  let tabStop = null;
  const cellsByBoard = [];
  layout.boards.forEach((b, bi) => {
    const div = document.createElement("div");
    div.className = "board";
    const h = document.createElement("h3");
    h.textContent = b.name;
    h.id = "board-title-" + bi;
    div.append(h);
    const grid = document.createElement("div");
    grid.className = "grid";
    grid.setAttribute("role", "grid");
    grid.setAttribute("aria-labelledby", h.id);
    grid.dataset.board = bi;
    grid.style.gridTemplateColumns = "minmax(var(--label), max-content) repeat(" + b.files + ", var(--cell))";
    const ranks = [...Array(b.ranks).keys()].reverse();
    const files = [...Array(b.files).keys()];
    if (opts.flipped) { ranks.reverse(); files.reverse(); }
    const fl = fileLabels(b), rl = rankLabels(b);
    const coords = [];
    ranks.forEach((r, ri) => {
      const row = document.createElement("div");
      row.setAttribute("role", "row");
      row.className = "row";
      const lab = document.createElement("span");
      lab.className = "label";
      lab.setAttribute("role", "rowheader");
      lab.textContent = rl[r] || "";
      row.append(lab);
      files.forEach((f, fi) => {
        const i = r * b.files + f;
        const cell = b.cells[i];
        const g = offsets[bi] + i;
        if (!cell) {
          const hole = document.createElement("span");
          hole.className = "hole";
          hole.setAttribute("role", "gridcell");
          row.append(hole);
          return;
        }
        cellNames[g] = cell.name;
        const btn = document.createElement("button");
        btn.type = "button";
        btn.tabIndex = -1;
        btn.className = "cell" + (cell.dark ? " dark" : "");
        btn.dataset.cell = g;
        btn.dataset.name = cell.name;
        btn.dataset.row = ri;
        btn.dataset.col = fi;
        coords.push(btn);
        let label = cell.name;
        if (cell.piece) {
          const player = layout.players[cell.piece.owner] || {};
          const colour = player.colour || "#888888";
          const what = (player.name || "") + " " + cell.piece.name;
          btn.append(pieceElement(cell.piece, colour, opts.glyph(cell.piece), what));
          btn.classList.add("has-piece");
          btn.dataset.piece = cell.piece.symbol;
          btn.dataset.owner = cell.piece.owner;
          btn.title = what;
          label += " " + what;
        }
        if (opts.last.has(g)) btn.classList.add("last");
        if (opts.recent.has(g)) { btn.classList.add("recent"); btn.style.setProperty("--seat", opts.recent.get(g)); }
        if (opts.check.has(g)) { btn.classList.add("check"); label += ", in check"; }
        if (opts.selection.includes(g)) { btn.classList.add("selected"); btn.setAttribute("aria-pressed", "true"); }
        if (opts.targets.has(g) && opts.selection.length > 0) { btn.classList.add("target"); label += ", can go here"; }
        if (opts.selection.length === 0 && opts.starts.has(g)) btn.dataset.start = "1";
        if (landings.has(g)) {
          const fl = landings.get(g);
          btn.classList.add("landing");
          label += ", " + fl.piece.name + " lands here in " + fl.turns + " turns";
        }
        btn.setAttribute("aria-label", label);
        const gc = document.createElement("span");
        gc.setAttribute("role", "gridcell");
        gc.className = "gc";
        gc.append(btn);
        row.append(gc);
        if (opts.focus === g) tabStop = btn;
      });
      grid.append(row);
    });
    const foot = document.createElement("div");
    foot.className = "row files";
    foot.setAttribute("aria-hidden", "true");
    foot.append(document.createElement("span"));
    for (const f of files) {
      const lab = document.createElement("span");
      lab.className = "label";
      lab.textContent = fl[f] || "";
      foot.append(lab);
    }
    grid.append(foot);
    div.append(grid);
    boards.append(div);
    cellsByBoard.push(coords);
  });
  // One tab stop: the focused cell, else the first selected, else the first cell of the
  // side to move's pieces, else the first cell.
  if (!tabStop) {
    tabStop = boards.querySelector(".cell.selected") || boards.querySelector('.cell[data-start="1"]') ||
      boards.querySelector(".cell");
  }
  if (tabStop) tabStop.tabIndex = 0;
  boards.onkeydown = (ev) => arrowKey(ev, cellsByBoard);
  // One listener per event for every cell.
  const cellOf = (ev) => ev.target.closest && ev.target.closest(".cell");
  boards.onclick = (ev) => {
    const btn = cellOf(ev);
    if (!btn) return;
    if (btn.dataset.dragged) { delete btn.dataset.dragged; return; }
    opts.onClick(+btn.dataset.cell);
  };
  boards.onpointerdown = (ev) => {
    const btn = cellOf(ev);
    if (btn) startDrag(ev, btn, +btn.dataset.cell, opts);
  };

  // Animate the pieces that moved: each piece on a cell of the last move that stood on
  // another of its cells before.
  if (opts.animate && before.size) {
    for (const g of opts.last) {
      const el = boards.querySelector('.cell[data-cell="' + g + '"]');
      if (!el || !el.classList.contains("has-piece")) continue;
      const key = el.dataset.owner + el.dataset.piece;
      if ((before.get(g) || {}).key === key) continue;
      const from = [...opts.last].find((s) => s !== g && (before.get(s) || {}).key === key);
      if (from === undefined) continue;
      const a = before.get(from).rect, b = el.getBoundingClientRect();
      const svg = el.querySelector(".piece");
      if (svg && svg.animate) {
        svg.animate([{ transform: `translate(${a.left - b.left}px, ${a.top - b.top}px)` }, { transform: "none" }],
          { duration: 160, easing: "ease-out" });
      }
    }
  }

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
  return cellNames;
}

/** Arrow keys move the focus between cells (across boards at their edges); Home and End
 * go to the first and last cell of the row. */
function arrowKey(ev, cellsByBoard) {
  const t = ev.target;
  if (!t.classList || !t.classList.contains("cell")) return;
  const d = { ArrowLeft: [0, -1], ArrowRight: [0, 1], ArrowUp: [-1, 0], ArrowDown: [1, 0] }[ev.key];
  if (!d && ev.key !== "Home" && ev.key !== "End") return;
  const bi = +t.closest(".grid").dataset.board;
  const cells = cellsByBoard[bi];
  const row = +t.dataset.row, col = +t.dataset.col;
  let next = null;
  if (!d) {
    const inRow = cells.filter((c) => +c.dataset.row === row);
    next = ev.key === "Home" ? inRow[0] : inRow[inRow.length - 1];
  } else if (d[0]) {
    // The nearest cell of the next row in that direction, in the same column or closest.
    const rows = [...new Set(cells.map((c) => +c.dataset.row))].filter((r) => d[0] > 0 ? r > row : r < row)
      .sort((a, b) => d[0] > 0 ? a - b : b - a);
    if (rows.length) {
      const inRow = cells.filter((c) => +c.dataset.row === rows[0]);
      next = inRow.reduce((best, c) => Math.abs(+c.dataset.col - col) < Math.abs(+best.dataset.col - col) ? c : best);
    }
  } else {
    const inRow = cells.filter((c) => +c.dataset.row === row).sort((a, b) => +a.dataset.col - +b.dataset.col);
    const k = inRow.indexOf(t) + d[1];
    if (k >= 0 && k < inRow.length) next = inRow[k];
    else {
      // Past the edge: the next board (or the previous one), same row or the nearest.
      const other = cellsByBoard[bi + d[1]];
      if (other && other.length) {
        const rowCells = other.filter((c) => +c.dataset.row === row);
        const list = rowCells.length ? rowCells : other;
        next = d[1] > 0 ? list[0] : list[list.length - 1];
      }
    }
  }
  ev.preventDefault();
  if (!next) return;
  for (const c of cellsByBoard.flat()) c.tabIndex = -1;
  next.tabIndex = 0;
  next.focus();
}

/** Drag and drop by pointer: a piece that may move follows the pointer and is dropped on a
 * cell; a press without a move is left to the click. */
function startDrag(ev, btn, g, opts) {
  if (ev.button !== 0 || !btn.classList.contains("has-piece") || !opts.mayDrag(g)) return;
  const start = { x: ev.clientX, y: ev.clientY };
  let ghost = null;
  const piece = btn.querySelector(".piece");
  const move = (e) => {
    if (!ghost) {
      if (Math.hypot(e.clientX - start.x, e.clientY - start.y) < 5) return;
      const r = btn.getBoundingClientRect();
      ghost = piece.cloneNode(true);
      ghost.classList.add("ghost");
      ghost.style.width = r.width + "px";
      ghost.style.height = r.height + "px";
      document.body.append(ghost);
      opts.onDragStart(g);
      const again = document.querySelector('.cell[data-cell="' + g + '"] .piece');
      if (again) again.style.opacity = "0.3";
    }
    ghost.style.left = e.clientX - ghost.getBoundingClientRect().width / 2 + "px";
    ghost.style.top = e.clientY - ghost.getBoundingClientRect().height / 2 + "px";
  };
  const up = (e) => {
    window.removeEventListener("pointermove", move);
    window.removeEventListener("pointerup", up);
    if (!ghost) return;
    ghost.remove();
    const under = document.elementFromPoint(e.clientX, e.clientY);
    const target = under && under.closest(".cell");
    // The click that follows the release is not a click on a cell.
    const src = document.querySelector('.cell[data-cell="' + g + '"]');
    if (src) src.dataset.dragged = "1";
    if (target) target.dataset.dragged = "1";
    setTimeout(() => { for (const c of document.querySelectorAll(".cell[data-dragged]")) delete c.dataset.dragged; }, 0);
    opts.onDrop(g, target ? +target.dataset.cell : null);
  };
  window.addEventListener("pointermove", move);
  window.addEventListener("pointerup", up);
}

/** The cell size that fits every board of `layout` in `width` x `height` px: side by side
 * when they fit at `min` px a cell or more, else stacked. Returns { cell, stacked }. */
function fitCells(layout, width, height, min, max) {
  const label = 18, gap = 12, title = 24;
  const cols = layout.boards.reduce((n, b) => n + b.files, 0);
  const rows = Math.max(...layout.boards.map((b) => b.ranks)) + 1;
  const side = Math.min((width - layout.boards.length * (label + gap)) / cols, (height - title) / rows);
  if (side >= min || layout.boards.length === 1) return { cell: Math.floor(Math.max(Math.min(side, max), 16)), stacked: false };
  const widest = Math.max(...layout.boards.map((b) => b.files));
  return { cell: Math.floor(Math.max(Math.min((width - label - 4) / widest, max), 16)), stacked: true };
}
