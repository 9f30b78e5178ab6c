// The board as a player used to lichess would try it (issue 33): pieces drawn from the
// project's SVG piece sets, checks marked, drag and drop, the move list, the legend, the
// keyboard, the sizes at desktop and phone width, and each defect the browser test found.
// Screenshots of every variant at 1280x800 and 390x844 go to artifacts/ (docs/web.md shows
// them).
//
// Environment: DIMCHESS_URL (a running `dimchess serve`), DIMCHESS_BIN (the binary: a long
// random game's record is made with `dimchess match`), CHROMIUM.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdirSync, existsSync, readFileSync, mkdtempSync, readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { BASE, pageState, createGame, playByClicks, startFromForm, pagePartial, rng, launchChromium } from "../lib/page.js";

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, "..");
const BIN = process.env.DIMCHESS_BIN ||
  [path.resolve(root, "../target/release/dimchess"), path.resolve(root, "../target/debug/dimchess")]
    .find((p) => existsSync(p));
const ARTIFACTS = path.join(root, "artifacts");
mkdirSync(ARTIFACTS, { recursive: true });
const AXE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

let browser;
before(async () => {
  browser = await launchChromium();
});
after(async () => { await browser?.close(); });

const variants = await (await fetch(BASE + "/api/variants")).json();

/** A new page at `width` x `height` that records page errors (checked by `done`). */
async function open(width = 1280, height = 800) {
  const context = await browser.newContext({ viewport: { width, height } });
  const page = await context.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(e.message));
  page.on("dialog", (d) => d.accept());
  page.done = async () => { await context.close(); assert.deepEqual(errors, []); };
  return page;
}

/** Opens a game made through the API holding every seat (its invitations' tokens). */
async function openGame(page, body) {
  const g = await createGame(body);
  await page.goto(BASE + "/");
  await page.evaluate(([id, tokens]) => localStorage.setItem("dimchess:tokens:" + id, JSON.stringify(tokens)),
    [g.id, g.invites.map((i) => i.token)]);
  await page.goto(BASE + "/game/" + g.id);
  await page.waitForFunction(() => typeof state !== "undefined" && state && state.id && glyphs.size > 0);
  return g;
}

const box = (page, sel) => page.$eval(sel, (e) => { const r = e.getBoundingClientRect(); return { x: r.x, y: r.y, w: r.width, h: r.height, bottom: r.bottom, right: r.right }; });

test("pieces are the SVG glyphs of the variant's set, coloured per player, named on hover", async () => {
  const page = await open();
  try {
    await openGame(page, { variant: "fide" });
    const king = await page.$eval('.cell[data-name="e1"]', (c) => ({
      href: c.querySelector("svg.piece use").getAttribute("href"),
      fill: c.querySelector("svg.piece use").getAttribute("fill"),
      title: c.title, svgTitle: c.querySelector("svg.piece title").textContent,
      symbol: !!document.querySelector("#sprite symbol#piece-king"),
    }));
    assert.equal(king.href, "#piece-king");
    assert.ok(king.symbol, "the sprite of dimchess-svg is in the page");
    assert.match(king.title, /White King/i);
    assert.match(king.svgTitle, /White King/i);
    const black = await page.$eval('.cell[data-name="e8"] svg.piece use', (u) => u.getAttribute("fill"));
    assert.notEqual(black, king.fill, "Black's pieces are another colour");
    // Hovering the piece: the element under the pointer carries the name.
    await page.hover('.cell[data-name="g1"]');
    const hovered = await page.evaluate(() => { const el = document.querySelector(".cell:hover"); return el && el.title; });
    assert.match(hovered, /Knight/i);

    const expect = {
      "dimension-x": ["#piece-crab", "#piece-cobra", "#piece-spider"],
      "three-level-xiangqi": ["#piece-xq-general", "#piece-xq-chariot", "#piece-xq-horse"],
      "redistribution": ["#piece-rd-emperor", "#piece-rd-pasha", "#piece-rd-alibaba"].slice(0, 1),
      "three-level": ["#piece-king"],
    };
    for (const [id, hrefs] of Object.entries(expect)) {
      await openGame(page, { variant: id });
      const used = await page.$$eval("svg.piece use", (us) => us.map((u) => u.getAttribute("href")));
      for (const h of hrefs) assert.ok(used.includes(h), `${id}: ${h} drawn`);
      assert.equal(await page.$$eval(".cell.has-piece svg.piece text", (t) => t.length), 0, `${id}: every piece has a glyph`);
      const fills = new Set(await page.$$eval(".cell.has-piece svg.piece use", (us) => us.map((u) => u.getAttribute("fill"))));
      const players = variants.find((v) => v.id === id).players;
      assert.equal(fills.size, players, `${id}: one colour per player`);
    }
  } finally { await page.done(); }
});

test("check is marked on the king's cell and `+` in the move list (1. e4 f5 2. Qh5+)", async () => {
  const page = await open();
  try {
    await openGame(page, { variant: "fide" });
    for (const m of ["e2e4", "f7f5", "d1h5"]) await playByClicks(page, m);
    await page.waitForSelector('.cell.check[data-name="e8"]');
    assert.equal(await page.$$eval(".cell.check", (c) => c.length), 1);
    assert.deepEqual(await page.$$eval("#history .move-row", (rows) => rows.map((r) => [...r.children].map((c) => c.textContent).join(" "))),
      ["1. e4 f5", "2. Qh5+"]);
    assert.match(await page.getAttribute('.cell[data-name="e8"]', "aria-label"), /in check/);
  } finally { await page.done(); }
});

test("click-click shows the legal destinations; drag and drop plays a move", async () => {
  const page = await open();
  try {
    await openGame(page, { variant: "fide" });
    await page.click('.cell[data-name="g1"]');
    assert.deepEqual((await page.$$eval(".cell.target", (c) => c.map((x) => x.dataset.name))).sort(), ["f3", "h3"]);
    await page.click('.cell[data-name="g1"]'); // again: deselected
    assert.equal(await page.$$eval(".cell.target", (c) => c.length), 0);
    // Drag: the targets show while the piece is held, the drop plays the move.
    const from = await box(page, '.cell[data-name="e2"]');
    const to = await box(page, '.cell[data-name="e4"]');
    await page.mouse.move(from.x + from.w / 2, from.y + from.h / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.w / 2, from.y - 10, { steps: 3 });
    assert.deepEqual((await page.$$eval(".cell.target", (c) => c.map((x) => x.dataset.name))).sort(), ["e3", "e4"]);
    await page.mouse.move(to.x + to.w / 2, to.y + to.h / 2, { steps: 4 });
    await page.mouse.up();
    await page.waitForFunction(() => state.history.length === 1);
    assert.equal((await pageState(page)).history[0], "e2e4");
    // The last move marked, and Playwright's own drag and drop.
    assert.deepEqual((await page.$$eval(".cell.last", (c) => c.map((x) => x.dataset.name))).sort(), ["e2", "e4"]);
    await page.dragAndDrop('.cell[data-name="g8"]', '.cell[data-name="f6"]');
    await page.waitForFunction(() => state.history.length === 2);
    assert.equal((await pageState(page)).history[1], "g8f6");
  } finally { await page.done(); }
});

test("the move list: per full move, click or ← → to view a position; the result as a banner", async () => {
  const page = await open();
  try {
    await openGame(page, { variant: "fide" });
    for (const m of ["f2f3", "e7e5", "g2g4", "d8h4"]) await playByClicks(page, m);
    await page.waitForSelector("#banner:not([hidden])");
    assert.match(await page.textContent("#banner"), /0-1|Black/);
    assert.deepEqual(await page.$$eval("#history .move-row", (rows) => rows.map((r) => [...r.children].map((c) => c.textContent).join(" "))),
      ["1. f3 e5", "2. g4 Qh4#"]);
    await page.click('#history .ply[data-ply="1"]');
    await page.waitForSelector("#viewing:not([hidden])");
    assert.ok(await page.$('.cell[data-name="e5"].has-piece'));
    assert.equal(await page.$('.cell[data-name="g4"].has-piece'), null, "after 1...e5 the pawn is not on g4 yet");
    await page.click("#moves-title"); // focus away from the buttons
    await page.keyboard.press("ArrowRight");
    await page.waitForFunction(() => viewed && viewed.ply === 3);
    assert.ok(await page.$('.cell[data-name="g4"].has-piece'));
    await page.keyboard.press("ArrowLeft");
    await page.keyboard.press("ArrowLeft");
    await page.keyboard.press("ArrowLeft");
    await page.waitForFunction(() => viewed && viewed.ply === 0);
    assert.ok(await page.$('.cell[data-name="f2"].has-piece'));
    await page.click("#live");
    await page.waitForSelector("#viewing[hidden]", { state: "attached" });
    assert.ok(await page.$('.cell[data-name="h4"].has-piece'));
  } finally { await page.done(); }
});

/** The record of a random fide game of more than 200 plies, made by `dimchess match`. */
function longRecord() {
  const dir = mkdtempSync(path.join(os.tmpdir(), "dimchess-long-"));
  for (let seed = 1; seed < 40; seed++) {
    execFileSync(BIN, ["match", "fide", "--white", "random", "--black", "random", "--games", "1",
      "--seed", String(seed), "--record", path.join(dir, String(seed))], { encoding: "utf8" });
    const d = path.join(dir, String(seed));
    const text = readFileSync(path.join(d, readdirSync(d)[0]), "utf8");
    const plies = JSON.parse(execFileSync(BIN, ["replay", path.join(d, readdirSync(d)[0]), "--json"], { encoding: "utf8" })).moves.length;
    if (plies > 210) return { text, plies };
  }
  throw new Error("no long game");
}

test("defects 1, 2, 7: numbers from 100 up, the result in view, an imported game's seats", async () => {
  const { text, plies } = longRecord();
  const page = await open();
  try {
    await startFromForm(page, BASE, "fide", 2, { 1: "engine" });
    await page.click("#import-toggle");
    await page.fill("#import-text", text);
    const id = (await pageState(page)).id;
    await page.click('#import button[type="submit"]');
    await page.waitForFunction((id) => state && state.id !== id && state.history.length > 0, id);
    await page.waitForFunction((n) => state.history.length === n, plies);
    // 1. Move numbers of three digits are whole.
    const nums = await page.$$eval("#history .num", (n) => n.map((x) => x.textContent));
    assert.ok(nums.includes("100.") && nums.includes("101."), nums.slice(95, 105).join(" "));
    // 2. The result (a banner above the boards) is in view.
    const s = await pageState(page);
    if (s.over) {
      const b = await box(page, "#banner");
      assert.ok(b.y >= 0 && b.bottom <= 800, "the result banner is in view");
    }
    // The last move is scrolled into the list's view.
    const visible = await page.$eval("#history", (h) => {
      const c = h.querySelector(".current"); if (!c) return false;
      const a = h.getBoundingClientRect(), r = c.getBoundingClientRect();
      return r.top >= a.top - 1 && r.bottom <= a.bottom + 1;
    });
    assert.ok(visible, "the current move is in the list's view");
    // 7. The import box closes; the form shows the seats as they are (both this page's).
    assert.ok(await page.$eval("#import", (f) => f.hidden));
    assert.equal(await page.inputValue("#seat-0"), "me");
    assert.equal(await page.inputValue("#seat-1"), "me");
  } finally { await page.done(); }
});

test("defects 3, 8: `/#id` and an invitation opened in the same tab; the form matches the game", async () => {
  const page = await open();
  try {
    const g = await createGame({ variant: "fide", seats: [{ kind: "human" }, { kind: "engine", movetime_ms: 50 }] });
    await page.goto(BASE + "/");
    await page.waitForFunction(() => variants.length > 0);
    await page.goto(BASE + "/#" + g.id);
    await page.waitForURL(BASE + "/game/" + g.id);
    await page.waitForFunction((id) => typeof state !== "undefined" && state && state.id === id, g.id);
    // Spectating: no seat. The invitation opened in the same tab takes the seat.
    assert.deepEqual((await pageState(page)).mine, []);
    await page.goto(g.invites[0].url);
    await page.waitForFunction(() => state && state.mine.length === 1);
    // 8. The form shows this game's seats: this page's and an engine.
    assert.equal(await page.inputValue("#seat-0"), "me");
    assert.equal(await page.inputValue("#seat-1"), "engine");
    assert.equal(await page.inputValue("#movetime-1"), "50");
  } finally { await page.done(); }
});

test("defect 4: a game the server does not have is said so, not replaced", async () => {
  const page = await open();
  try {
    const id = "0123456789abcdef0123456789abcdef".slice(0, 16);
    const res = await fetch(BASE + "/api/games/" + id);
    assert.equal(res.status, 404);
    await page.goto(BASE + "/game/" + id);
    await page.waitForSelector('#connection[data-state="gone"]');
    assert.match(await page.textContent("#status"), /not on this server/);
    assert.equal(new URL(page.url()).pathname, "/game/" + id);
    assert.equal(await page.evaluate(() => state), null, "no game is shown in its place");
  } finally { await page.done(); }
});

test("defect 5: a failed request is tried again (a Dimension X action)", async () => {
  const page = await open();
  try {
    await openGame(page, { variant: "dimension-x" });
    let failed = 0;
    await page.route(/\/turn\?/, (route) => {
      if (failed++ === 0) route.abort("connectionreset"); else route.continue();
    });
    const p = await pagePartial(page);
    const [text, cells] = p.next.find(([, c]) => c.length === 2);
    for (const c of cells) await page.click(`.cell[data-cell="${c}"]`);
    await page.waitForFunction((t) => partial && partial.actions.includes(t) || state.history.length > 0, text);
    assert.ok(failed >= 2, "the first request failed, the next one was made");
    assert.equal(await page.textContent("#error"), "");
  } finally { await page.done(); }
});

test("defect 6: a finished engine game offers no Undo and stays finished", async () => {
  const page = await open();
  try {
    const g = await createGame({ variant: "fide", position: "7k/5Q2/6K1/8/8/8/8/8 w - - 0 1",
      seats: [{ kind: "engine", movetime_ms: 20 }, { kind: "engine", movetime_ms: 20 }] });
    await page.goto(g.spectate);
    await page.waitForFunction(() => state && state.over, null, { timeout: 20000 });
    const n = (await pageState(page)).history.length;
    assert.ok(await page.$eval("#undo", (b) => b.hidden || b.offsetParent === null));
    await page.waitForTimeout(500);
    const s = await pageState(page);
    assert.equal(s.history.length, n);
    assert.ok(s.over);
  } finally { await page.done(); }
});

test("defect 10: in three-level each other seat's last move is marked", async () => {
  const page = await open();
  try {
    await openGame(page, { variant: "three-level" });
    const next = rng(33);
    for (let i = 0; i < 3; i++) {
      const s = await pageState(page);
      await playByClicks(page, s.moves[next(s.moves.length)][0]);
    }
    const s = await pageState(page);
    assert.equal(s.recent.length, 3, JSON.stringify(s.recent));
    const marked = await page.$$eval(".cell.recent", (c) => c.map((x) => +x.dataset.cell));
    for (const r of s.recent) for (const c of r.cells) assert.ok(marked.includes(c), `seat ${r.seat}'s move marked`);
    const colours = new Set(await page.$$eval(".cell.recent", (c) => c.map((x) => x.style.getPropertyValue("--seat"))));
    assert.equal(colours.size, 3, "in each seat's colour");
  } finally { await page.done(); }
});

test("defect 11: at phone width Dimension X's End turn and the status are in view", async () => {
  const page = await open(390, 844);
  try {
    await openGame(page, { variant: "dimension-x" });
    const p = await pagePartial(page);
    const [, cells] = p.next.find(([, c]) => c.length === 2);
    for (const c of cells) await page.click(`.cell[data-cell="${c}"]`);
    await page.waitForFunction(() => (partial && partial.actions.length > 0) || state.history.length > 0);
    for (const sel of ["#status", "#end-turn"]) {
      if (sel === "#end-turn" && (await pageState(page)).history.length > 0) continue;
      const b = await box(page, sel);
      assert.ok(b.y >= 0 && b.bottom <= 844, `${sel} is in view (${b.y}..${b.bottom})`);
    }
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= 390, `page is ${width}px wide`);
  } finally { await page.done(); }
});

test("defect 12: the board is one tab stop, arrow keys reach every cell, focus stays after a move", async () => {
  const page = await open();
  try {
    await openGame(page, { variant: "fide" });
    await page.evaluate(() => document.activeElement && document.activeElement.blur());
    let tabs = 0;
    while (tabs < 20) {
      await page.keyboard.press("Tab"); tabs++;
      if (await page.evaluate(() => document.activeElement.classList.contains("cell"))) break;
    }
    assert.ok(tabs < 20, "a board cell is reached by Tab");
    assert.ok(tabs <= 15, `${tabs} Tab presses`);
    // Arrow keys go to e2: from wherever the focus starts.
    const go = async (name) => {
      for (let i = 0; i < 40; i++) {
        const [f, r] = await page.evaluate(() => [document.activeElement.dataset.name[0], +document.activeElement.dataset.name.slice(1)]);
        if (f + r === name) return;
        if (f < name[0]) await page.keyboard.press("ArrowRight");
        else if (f > name[0]) await page.keyboard.press("ArrowLeft");
        else if (r < +name[1]) await page.keyboard.press("ArrowUp");
        else await page.keyboard.press("ArrowDown");
      }
      throw new Error("arrow keys did not reach " + name);
    };
    await go("e2");
    await page.keyboard.press("Enter");
    await go("e4");
    await page.keyboard.press("Enter");
    await page.waitForFunction(() => state.history.length === 1);
    assert.equal(await page.evaluate(() => document.activeElement.classList.contains("cell")), true, "focus stays on the board");
    // Every cell of every board can be reached by the arrows (Dimension Chess: three boards).
    await openGame(page, { variant: "dimension-chess" });
    await page.focus('.cell[tabindex="0"]');
    const total = await page.$$eval(".cell", (c) => c.length);
    const seen = new Set();
    // From the top left cell of the first board: right along each row (across the boards),
    // then down.
    for (let i = 0; i < 12; i++) await page.keyboard.press("ArrowUp");
    for (let i = 0; i < 30; i++) await page.keyboard.press("ArrowLeft");
    for (let row = 0; row < 12 && seen.size < total; row++) {
      await page.keyboard.press("Home");
      for (let i = 0; i < 30; i++) {
        seen.add(await page.evaluate(() => document.activeElement.dataset.cell));
        await page.keyboard.press("ArrowRight");
      }
      seen.add(await page.evaluate(() => document.activeElement.dataset.cell));
      // Back to the first board for the next row.
      for (let i = 0; i < 30; i++) await page.keyboard.press("ArrowLeft");
      await page.keyboard.press("ArrowDown");
    }
    assert.equal(seen.size, total, "every cell reached by the arrow keys");
  } finally { await page.done(); }
});

test("defect 14: favicon; the rules page and the legend of every variant", async () => {
  const fav = await fetch(BASE + "/favicon.ico");
  assert.equal(fav.status, 200);
  assert.match(fav.headers.get("content-type"), /svg/);
  const page = await open();
  try {
    for (const v of variants) {
      const legend = await (await fetch(BASE + `/api/variants/${v.id}/legend`)).json();
      for (const p of legend.pieces) {
        assert.ok(p.moves && p.moves !== "See the rulebook", `${v.id}: ${p.name} described`);
        assert.ok(p.ruling, `${v.id}: ${p.name} has a ruling`);
      }
      const rules = await fetch(BASE + legend.rules);
      assert.equal(rules.status, 200, legend.rules);
    }
    await openGame(page, { variant: "dimension-x" });
    await page.click("#legend summary");
    const rows = await page.$$eval("#legend tbody tr", (r) => r.map((x) => x.textContent));
    for (const name of ["Crab", "Spitting cobra", "Spider"]) assert.ok(rows.some((r) => r.includes(name)), name);
    assert.ok(rows.some((r) => r.includes("DX-22")));
    assert.equal(await page.$$eval("#legend tbody svg use", (u) => u.length), rows.length);
    // Show moves: the library's moves of a piece alone on an empty board. The Cobra on D4
    // of Dimension X goes one or two cells along the 8 lines, or transfers to d4: 17 cells.
    await page.click('#legend tr[data-glyph="piece-cobra"] .show-moves');
    await page.waitForFunction(() => shown && shown.name === "Spitting cobra");
    assert.equal(await page.$$eval(".cell.target", (c) => c.length), 17);
    assert.match(await page.textContent("#viewing-text"), /Spitting cobra can go from D4/);
    await page.click("#live");
    await page.waitForFunction(() => shown === null);
    // Every piece of every variant has its moves shown.
    for (const v of variants) {
      const legend = await (await fetch(BASE + `/api/variants/${v.id}/legend`)).json();
      for (const p of legend.pieces) {
        const r = await fetch(BASE + `/api/variants/${v.id}/legend/${p.glyph}/moves`);
        const body = await r.json();
        assert.equal(r.status, 200, `${v.id} ${p.name}: ${body.error}`);
        assert.ok(body.targets.length > 0, `${v.id} ${p.name}: no move shown`);
      }
    }
    const href = await page.getAttribute("#rules-link", "href");
    await page.goto(BASE + href);
    assert.match(await page.textContent("body"), /Dimension X/);
  } finally { await page.done(); }
});

test("defects 15, 16: the boards fill the window; choosing a piece moves nothing else", async () => {
  const page = await open(1400, 900);
  try {
    await openGame(page, { variant: "fide" });
    const b = await box(page, ".board .grid");
    assert.ok(b.w >= 500, `the board is ${b.w}px wide at 1400px`);
    const before = await box(page, "#history");
    const side = await box(page, "#side");
    await page.click('.cell[data-name="e2"]');
    assert.match(await page.textContent("#selected-cells"), /e2/);
    assert.deepEqual(await box(page, "#history"), before);
    assert.deepEqual(await box(page, "#side"), side);
  } finally { await page.done(); }
});

test("every board side by side at 1280x800, stacked at 390x844; screenshots of every variant", async () => {
  for (const v of variants) {
    for (const [w, h, tag] of [[1280, 800, "desktop"], [390, 844, "phone"]]) {
      const page = await open(w, h);
      try {
        await openGame(page, { variant: v.id });
        const boards = await page.$$eval(".board", (bs) => bs.map((b) => { const r = b.getBoundingClientRect(); return { x: r.x, y: r.y, right: r.right, bottom: r.bottom }; }));
        if (tag === "desktop") {
          assert.ok(boards.every((b) => b.y === boards[0].y), `${v.id}: the boards in one row`);
          assert.ok(boards.every((b) => b.right <= w && b.bottom <= h), `${v.id}: every board in view: ${JSON.stringify(boards)}`);
        } else {
          const width = await page.evaluate(() => document.documentElement.scrollWidth);
          assert.ok(width <= w, `${v.id}: page is ${width}px wide at phone width`);
          assert.ok(boards.every((b) => b.x >= 0 && b.right <= w), `${v.id}: boards within the width`);
        }
        // The board is drawn within 200 ms of the state arriving.
        const draws = await page.evaluate(() => performance.getEntriesByName("draw").map((e) => e.duration));
        assert.ok(draws.length > 0 && Math.max(...draws) < 200, `${v.id}: draw took ${Math.max(...draws)} ms`);
        // Legal destinations of a piece, for the picture.
        const s = await pageState(page);
        if (s.moves && s.moves.length && tag === "desktop") {
          const m = s.moves.find(([, c]) => c.length >= 2);
          if (m) await page.click(`.cell[data-cell="${m[1][0]}"]`);
        }
        await page.screenshot({ path: path.join(ARTIFACTS, `board-${v.id}-${tag}.png`), animations: "disabled" });
      } finally { await page.done(); }
    }
  }
});

test("sound on moves with an off switch; a move animated; flip, sound and piece size remembered", async () => {
  const page = await open();
  try {
    // Counts the animations the page starts (a moved piece slides from its old cell).
    await page.addInitScript(() => {
      const animate = Element.prototype.animate;
      window.animations = 0;
      Element.prototype.animate = function (...args) { window.animations++; return animate.apply(this, args); };
    });
    await openGame(page, { variant: "fide" });
    assert.ok(await page.isChecked("#sound"));
    await playByClicks(page, "e2e4");
    assert.ok(await page.evaluate(() => window.soundsPlayed >= 1), "a sound on a move");
    assert.ok(await page.evaluate(() => window.animations >= 1), "the move is animated");
    await page.uncheck("#sound");
    const before = await page.evaluate(() => window.soundsPlayed);
    await playByClicks(page, "e7e5");
    assert.equal(await page.evaluate(() => window.soundsPlayed), before, "no sound when off");
    await page.click("#flip");
    await page.selectOption("#piece-size", "1");
    await page.reload();
    await page.waitForFunction(() => state && state.id);
    assert.equal(await page.isChecked("#sound"), false);
    assert.equal(await page.inputValue("#piece-size"), "1");
    assert.equal(await page.getAttribute("#flip", "aria-pressed"), "true");
    // Flipped: Black's side at the top is White's... a8 is at the bottom right.
    const a1 = await box(page, '.cell[data-name="a1"]');
    const a8 = await box(page, '.cell[data-name="a8"]');
    assert.ok(a1.y < a8.y, "flipped board");
  } finally { await page.done(); }
});

test("accessibility (axe-core: no serious or critical violation) and page weight under 300 KB", async () => {
  // The new-game form alone, at phone width.
  const lobby = await open(390, 844);
  try {
    await lobby.goto(BASE + "/");
    await lobby.waitForFunction(() => variants.length > 0 && document.querySelector("#seat-0"));
    await lobby.addScriptTag({ content: AXE });
    const result = await lobby.evaluate(async () => await axe.run(document, { resultTypes: ["violations"] }));
    const bad = result.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
    assert.deepEqual(bad.map((v) => `${v.id}: ${v.nodes.length} (${v.nodes[0].target})`), [], "the new-game form");
  } finally { await lobby.done(); }
  for (const id of ["fide", "three-level", "dimension-x", "redistribution"]) {
    const page = await open();
    try {
      await openGame(page, { variant: id });
      await page.click("#legend summary");
      await page.addScriptTag({ content: AXE });
      const result = await page.evaluate(async () => await axe.run(document, { resultTypes: ["violations"] }));
      const bad = result.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
      assert.deepEqual(bad.map((v) => `${v.id}: ${v.nodes.length} (${v.nodes[0].target})`), [], id);
      const weight = await page.evaluate(() => {
        const nav = performance.getEntriesByType("navigation")[0];
        return nav.decodedBodySize + performance.getEntriesByType("resource")
          .filter((r) => !r.name.includes("/ws")).reduce((n, r) => n + r.decodedBodySize, 0);
      });
      assert.ok(weight < 300 * 1024, `${id}: ${weight} bytes`);
    } finally { await page.done(); }
  }
});
