// The board drawing: every board or level of a layout side by side, pieces as letters in discs
// of their owner's colour, the last move's cells outlined, the cells a click may choose marked,
// pieces in flight listed with their landing cells. It knows nothing of the network or the
// game's state: app.js gives it what to draw and a function to call on a click.
// (Issue 33 replaces this file: pieces, drag and drop.)
"use strict";

/** Black or white text on a background colour. */
function textColour(bg) {
  const m = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(bg || "");
  if (!m) return "#000";
  const [r, g, b] = m.slice(1).map((h) => parseInt(h, 16));
  return 0.299 * r + 0.587 * g + 0.114 * b > 150 ? "#000" : "#fff";
}

/**
 * Draws `layout` into the element `boards` and its pieces in flight into `flight`.
 * `opts`: { flipped, selection: [cell], targets: Set, starts: Set, last: Set, onClick(cell) }.
 * Returns the cell names by cell index (the boards' cells laid end to end).
 */
function drawBoards(boards, flight, layout, opts) {
  const cellNames = [];
  const landings = new Map();
  let offset = 0;
  const offsets = layout.boards.map((b) => { const o = offset; offset += b.cells.length; return o; });
  for (const f of layout.in_flight) landings.set(offsets[f.landing.board] + f.landing.cell, f);
  boards.textContent = "";
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
    if (opts.flipped) { ranks.reverse(); files.reverse(); }
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
        if (opts.last.has(g)) btn.classList.add("last");
        if (opts.selection.includes(g)) btn.classList.add("selected");
        if (opts.targets.has(g) && opts.selection.length > 0) { btn.classList.add("target"); label += ", can go here"; }
        if (opts.selection.length === 0 && opts.starts.has(g)) btn.dataset.start = "1";
        if (landings.has(g)) {
          const fl = landings.get(g);
          btn.classList.add("landing");
          label += ", " + fl.piece.name + " lands here in " + fl.turns + " turns";
        }
        btn.setAttribute("aria-label", label);
        btn.addEventListener("click", () => opts.onClick(g));
        grid.append(btn);
      }
    }
    grid.append(document.createElement("span"));
    for (const f of files) {
      const lab = document.createElement("span");
      lab.className = "label";
      lab.textContent = b.file_labels[f] || "";
      grid.append(lab);
    }
    div.append(grid);
    boards.append(div);
  });

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
