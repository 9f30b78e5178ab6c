// Whole games by clicks alone: for every registered variant, a person (seat 0, the test)
// plays against engine seats of a short time per move until the page shows the result. Each
// of the person's moves is chosen at random (seeded) among the legal moves the page offers
// and entered only by clicking cells and the page's choice buttons (never the text box, never
// the API for moves). The downloaded record replays with `dimchess replay` to the same result.
// Screenshots of each finished game go to artifacts/<id>-game.png.
//
// Also: a promotion chosen by clicks, and eliminated players greyed in three-level.
//
// Environment: as play.test.js (DIMCHESS_URL, DIMCHESS_BIN, CHROMIUM); ENGINE_MS (default 20).
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdirSync, existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import path from "node:path";
import { rng, pageState, playByClicks, playTurnByClicks, waitHumanOrOver, startFromForm, createGame, launchChromium } from "../lib/page.js";

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, "..");
const BASE = process.env.DIMCHESS_URL || "http://127.0.0.1:8080";
const BIN = process.env.DIMCHESS_BIN ||
  [path.resolve(root, "../target/release/dimchess"), path.resolve(root, "../target/debug/dimchess")]
    .find((p) => existsSync(p));
const ENGINE_MS = process.env.ENGINE_MS || "20";
/** A bound on the person's moves, so a game that does not end fails instead of hanging. */
const MAX_MOVES = 400;
const ARTIFACTS = path.join(root, "artifacts");
mkdirSync(ARTIFACTS, { recursive: true });

let browser;
before(async () => {
  browser = await launchChromium();
});
after(async () => { await browser?.close(); });

const variants = await (await fetch(BASE + "/api/variants")).json();

/**
 * The players the state's notes call eliminated are greyed in the list of players, the others not.
 * The list is read once the page has drawn it for this state (a redraw in flight is waited out,
 * up to 5 s), so what is checked is what a person sees.
 */
async function checkEliminated(page, s) {
  const note = (s.layout.notes.find(([k]) => k === "eliminated") || [, "-"])[1];
  const out = note === "-" ? [] : note.split(/, */);
  const expected = s.layout.players.map((p) => out.includes(p.name));
  const read = () => page.$$eval("#players li", (els) => els.map((li) => ({
    text: li.textContent, out: li.classList.contains("out"), opacity: getComputedStyle(li).opacity,
  })));
  await page.waitForFunction((want) => {
    const els = [...document.querySelectorAll("#players li")];
    return els.length === want.length && els.every((li, i) =>
      li.classList.contains("out") === want[i] && (getComputedStyle(li).opacity !== "1") === want[i]);
  }, expected, { timeout: 5000 }).catch(() => {});
  const shown = await read();
  assert.equal(shown.length, s.layout.players.length, JSON.stringify(shown));
  s.layout.players.forEach((p, i) => {
    assert.equal(shown[i].out, expected[i], `${p.name}: ${JSON.stringify(shown[i])}`);
    assert.equal(shown[i].opacity !== "1", expected[i], `${p.name}: ${JSON.stringify(shown)}`);
  });
  return out;
}

async function recordReplays(page, id, s) {
  const [download] = await Promise.all([page.waitForEvent("download"), page.click("#download")]);
  const file = path.join(ARTIFACTS, `${id}-game.pgn`);
  await download.saveAs(file);
  const out = JSON.parse(execFileSync(BIN, ["replay", file, "--json"], { encoding: "utf8" }));
  assert.equal(out.position, s.position);
  assert.equal(out.result, s.result);
}

for (const v of variants) {
  test(`${v.id}: a whole game by clicks against the engine`, async () => {
    const page = await browser.newPage({ viewport: { width: 1400, height: 1000 }, acceptDownloads: true });
    const errors = [];
    page.on("pageerror", (e) => errors.push(e.message));
    const t0 = Date.now();
    try {
      const engines = {};
      for (let i = 1; i < v.players; i++) engines[i] = "engine";
      await startFromForm(page, BASE, v.id, v.players, engines, ENGINE_MS);
      await page.waitForFunction((n) => state && state.history.length === 0 &&
        state.seats.slice(1).every((x) => x.kind === "engine") && state.seats.length === n, v.players);
      const next = rng(v.id.length * 104729 + 17);
      let moves = 0;
      let clicks = 0;
      let longest = 0; // the most cells of a move the person clicked (actions of a Dimension X turn)
      let s = await waitHumanOrOver(page);
      while (!s.over) {
        assert.equal(s.engine_error, null, `${v.id}: engine error`);
        assert.ok(moves < MAX_MOVES, `${v.id}: no result after ${moves} moves of the person`);
        if (v.id === "dimension-x") {
          // A turn of up to four actions, each chosen among the legal next actions the page holds.
          const turn = await playTurnByClicks(page, next);
          moves++;
          clicks += turn.clicks;
          longest = Math.max(longest, turn.actions);
          s = await waitHumanOrOver(page);
          continue;
        }
        // Any legal move the page offers.
        const [text, cells] = s.moves[next(s.moves.length)];
        await playByClicks(page, text);
        moves++;
        clicks += cells.length === 0 ? 1 : cells.length;
        longest = Math.max(longest, cells.length);
        s = await waitHumanOrOver(page);
      }
      if (v.id === "dimension-x") assert.ok(longest >= 2, "a turn of several actions was clicked");
      // The page shows the result.
      assert.ok(s.result);
      assert.match(await page.textContent("#status"), /Game over/);
      assert.equal(await page.textContent("#banner"), "Game over: " + s.result);
      const out = await checkEliminated(page, s);
      await page.screenshot({ path: path.join(ARTIFACTS, `${v.id}-game.png`), fullPage: true, animations: "disabled" });
      await recordReplays(page, v.id, s);
      assert.deepEqual(errors, []);
      console.log(`# ${v.id}: ${s.history.length} plies (${moves} by ${clicks}+ clicks), ${s.result}, ` +
        (out.length ? `eliminated ${out.join(", ")}, ` : "") +
        `${((Date.now() - t0) / 1000).toFixed(1)} s`);
    } finally {
      await page.close();
    }
  });
}

/** Creates a game from a position text (the API takes one; the page has no field for it) and
 * opens it in a page that holds every seat's token (one screen). */
async function openPosition(variant, position, seats) {
  const g = await createGame({ variant, position, seats });
  const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
  await page.goto(g.spectate);
  await page.evaluate(([id, tokens]) => localStorage.setItem("dimchess:tokens:" + id, JSON.stringify(tokens)),
    [g.id, g.invites.map((i) => i.token)]);
  await page.reload();
  await page.waitForFunction((id) => state && state.id === id && state.mine.length > 0, g.id);
  return page;
}

test("fide: a promotion chosen by clicks (the piece's button)", async () => {
  const page = await openPosition("fide", "4k3/P7/8/8/8/8/8/4K3 w - - 0 1");
  try {
    await page.click('.cell[data-name="a7"]');
    await page.click('.cell[data-name="a8"]');
    // Four moves share a7 and a8: the page offers them as buttons.
    const offered = await page.$$eval("#choices button", (els) => els.map((b) => b.dataset.move).sort());
    assert.deepEqual(offered, ["a7a8b", "a7a8n", "a7a8q", "a7a8r"]);
    await page.click('#choices button[data-move="a7a8n"]');
    await page.waitForFunction(() => state.history.length === 1);
    const s = await pageState(page);
    assert.equal(s.history[0], "a7a8n");
    assert.equal(await page.getAttribute('.cell[data-name="a8"]', "data-piece"), "N");
    assert.equal(await page.getAttribute('.cell[data-name="a8"]', "data-owner"), "0");
    await page.screenshot({ path: path.join(ARTIFACTS, "fide-promotion.png"), fullPage: true, animations: "disabled" });
  } finally {
    await page.close();
  }
});

/** three-level's start with Green's pieces taken off and Green eliminated. */
function threeLevelWithoutGreen(start) {
  const [placement] = start.split(" ");
  const strip = (row) => {
    const out = [];
    let n = 0;
    for (const t of row.split(",")) {
      if (/^[0-9]+$/.test(t)) n += Number(t);
      else if (t.startsWith("g")) n += 1;
      else { if (n) out.push(String(n)); n = 0; out.push(t); }
    }
    if (n) out.push(String(n));
    return out.join(",");
  };
  return placement.split("|").map((b) => b.split("/").map(strip).join("/")).join("|") + " r g - 0 1";
}

test("three-level: an eliminated player is greyed and skipped", async () => {
  const start = await createGame({ variant: "three-level" });
  const page = await openPosition("three-level", threeLevelWithoutGreen(start.state.board.position));
  try {
    let s = await pageState(page);
    assert.deepEqual(await checkEliminated(page, s), ["Green"]);
    // The new-game form shows the opened game's four seats.
    assert.equal(await page.$$eval("#seats .seat", (els) => els.length), 4);
    // A round by clicks: Red, Blue and Yellow move; Green's turn is skipped.
    const next = rng(4242);
    for (let i = 0; i < 3; i++) {
      assert.notEqual(s.layout.players[s.turn].name, "Green");
      s = await playByClicks(page, s.moves[next(s.moves.length)][0]);
    }
    assert.equal(s.turn, 0);
    assert.deepEqual(await checkEliminated(page, s), ["Green"]);
    await page.screenshot({ path: path.join(ARTIFACTS, "three-level-eliminated.png"), fullPage: true, animations: "disabled" });
  } finally {
    await page.close();
  }
});
