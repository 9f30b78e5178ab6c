// Browser tests of `dimchess serve`: for every registered variant, a game is started, moves are
// made by clicks on the cells (and the choice buttons where several moves share the clicked
// cells), an engine reply arrives, undo works, and the downloaded record replays with
// `dimchess replay`. Screenshots go to artifacts/.
//
// Environment: DIMCHESS_URL (default http://127.0.0.1:8080), a running `dimchess serve`;
// DIMCHESS_BIN (default ../target/release/dimchess); CHROMIUM (default /usr/bin/chromium).
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdirSync, existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import path from "node:path";
import { rng, pageState, playByClicks, playTurnByClicks, startFromForm, launchChromium } from "../lib/page.js";

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, "..");
const BASE = process.env.DIMCHESS_URL || "http://127.0.0.1:8080";
const BIN = process.env.DIMCHESS_BIN ||
  [path.resolve(root, "../target/release/dimchess"), path.resolve(root, "../target/debug/dimchess")]
    .find((p) => existsSync(p));
const ARTIFACTS = path.join(root, "artifacts");
mkdirSync(ARTIFACTS, { recursive: true });

let browser;
before(async () => {
  browser = await launchChromium();
});
after(async () => { await browser?.close(); });

const variants = await (await fetch(BASE + "/api/variants")).json();

/** Picks a move: the first one `prefer` accepts, else a random one. */
function pick(s, next, prefer) {
  const moves = s.moves;
  const liked = prefer ? moves.filter(([t, c]) => prefer(t, c, s)) : [];
  const from = liked.length ? liked : moves;
  return from[next(from.length)][0];
}

function pieceAt(s, g) {
  let off = 0;
  for (const b of s.layout.boards) {
    if (g < off + b.cells.length) return b.cells[g - off]?.piece || null;
    off += b.cells.length;
  }
  return null;
}

/** What each variant should show off by clicks, beyond plain moves. */
const special = {
  // dimension-x: a multi-action turn, composed action by action (playTurnByClicks)
  "hyperspace": (t) => t.endsWith("^"),                           // a launch
  "hyperspace-optional": (t) => t.endsWith("^"),
  "redistribution": (t, c, s) => t.includes("=") ||               // a split, or a combination
    (c.length === 2 && pieceAt(s, c[1])?.owner === s.turn),
  "dimension-chess": (t, c, s) => c.length >= 2 && pieceAt(s, c[c.length - 1]) !== null, // a capture: a transfer
};

for (const v of variants) {
  test(`${v.id}: clicks, engine reply, undo, record`, async () => {
    const page = await browser.newPage({ viewport: { width: 1400, height: 1000 }, acceptDownloads: true });
    const errors = [];
    page.on("pageerror", (e) => errors.push(e.message));
    try {
      // A game between people at one screen (every seat this page's), by clicks.
      await startFromForm(page, BASE, v.id, v.players);
      const next = rng(v.id.length * 7919);
      const plies = v.id === "dimension-x" ? 4 : v.players === 4 ? 8 : 12;
      const seen = { special: false };
      for (let i = 0; i < plies; i++) {
        const s = await pageState(page);
        if (s.over) break;
        if (v.id === "dimension-x") {
          // A turn of two actions or more, each chosen by clicks among the legal next actions.
          const turn = await playTurnByClicks(page, next, {
            minActions: 2,
            onAction: async (p) => {
              if (p.actions.length === 2 && !seen.turnShot) {
                seen.turnShot = true;
                await page.screenshot({ path: path.join(ARTIFACTS, "dimension-x-turn.png"), fullPage: true, animations: "disabled" });
              }
            },
          });
          assert.ok(turn.actions >= 2 || turn.state.over, turn.text);
          assert.equal(await page.$$eval(".cell.last", (els) => els.length), turn.state.last_move_cells.length);
          if (turn.actions >= 2) seen.multi = turn.text;
          continue;
        }
        const text = pick(s, next, special[v.id]);
        if (special[v.id] && special[v.id](text, s.moves.find(([t]) => t === text)[1], s)) seen.special = text;
        const after = await playByClicks(page, text);
        // The board shows the new position: the last move's cells are highlighted.
        const lastCells = await page.$$eval(".cell.last", (els) => els.length);
        assert.equal(lastCells, after.last_move_cells.length);
        assert.equal(await page.$$eval("#history .ply", (els) => els.length), after.history.length);
        if (v.id.startsWith("hyperspace") && text.endsWith("^")) {
          assert.ok(after.layout.in_flight.length > 0, "a launch puts a piece in flight");
          assert.ok(await page.$$eval(".cell.landing", (els) => els.length) > 0, "landing squares shown");
          assert.match(await page.textContent("#flight"), /lands on/);
        }
      }
      if (special[v.id]) assert.ok(seen.special, `${v.id}: no special move was played`);
      if (v.id === "dimension-x") assert.ok(seen.multi, "a multi-action turn was played");
      await page.screenshot({ path: path.join(ARTIFACTS, `${v.id}.png`), fullPage: true, animations: "disabled" });

      // Download the record; it replays with the tool.
      const s = await pageState(page);
      const [download] = await Promise.all([page.waitForEvent("download"), page.click("#download")]);
      const file = path.join(ARTIFACTS, `${v.id}.pgn`);
      await download.saveAs(file);
      const out = execFileSync(BIN, ["replay", file, "--json"], { encoding: "utf8" });
      assert.equal(JSON.parse(out).position, s.position);

      // Undo by the button: one move back.
      const n = s.history.length;
      await page.click("#undo");
      await page.waitForFunction((n) => state.history.length === n - 1, n);

      // Against the engine: every other seat is the engine.
      const engines = {};
      for (let i = 1; i < v.players; i++) engines[i] = "engine";
      await startFromForm(page, BASE, v.id, v.players, engines, "50");
      await page.waitForFunction(() => state.history.length === 0 && state.seats[1].kind === "engine");
      const s0 = await pageState(page);
      if (v.id === "dimension-x") await playTurnByClicks(page, next);
      else await playByClicks(page, pick(s0, next, null));
      // The engine's replies arrive: the person is to move again.
      await page.waitForFunction((p) => state.history.length >= p && !state.thinking || state.over,
        v.players, { timeout: 30000 });
      const s1 = await pageState(page);
      assert.ok(s1.over || s1.history.length === v.players, `${v.id}: ${s1.history}`);
      assert.equal(s1.engine_error, null);
      await page.screenshot({ path: path.join(ARTIFACTS, `${v.id}-engine.png`), fullPage: true, animations: "disabled" });
      // Undo takes back the engine's replies and the person's move.
      await page.click("#undo");
      await page.waitForFunction(() => state.history.length === 0);
      assert.deepEqual(errors, []);
    } finally {
      await page.close();
    }
  });
}

test("phone width: the boards wrap, keyboard plays a move", async () => {
  const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
  try {
    await startFromForm(page, BASE, "fide", 2);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= 400, `page is ${width}px wide at phone width`);
    // Keyboard: focus e2, Enter; focus e4, Enter.
    await page.focus('.cell[data-name="e2"]');
    await page.keyboard.press("Enter");
    await page.focus('.cell[data-name="e4"]');
    await page.keyboard.press("Enter");
    await page.waitForFunction(() => state.history.length === 1);
    assert.equal((await pageState(page)).history[0], "e2e4");
    await page.screenshot({ path: path.join(ARTIFACTS, "phone-fide.png"), fullPage: true, animations: "disabled" });
  } finally {
    await page.close();
  }
});
