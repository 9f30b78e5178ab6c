// Live play between browsers: each person in a browser context of their own (own storage),
// opened by their own invitation link; every move is sent over the game's WebSocket and must
// appear in the other contexts within 500 ms, without a reload. A spectator sees every move
// and is refused (403) when it tries to move. Four contexts play a round of three-level. A
// server killed with SIGKILL and started again on the same database: the pages say they are
// reconnecting, reconnect by themselves, and the game goes on.
//
// Environment: DIMCHESS_URL (a running `dimchess serve`), DIMCHESS_BIN (the binary, started
// here for the restart test on a port of its own), CHROMIUM.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdirSync, existsSync, rmSync } from "node:fs";
import { fileURLToPath } from "node:url";
import os from "node:os";
import path from "node:path";
import { BASE, rng, pageState, createGame, openContext, playByClicks, playTurnByClicks, pagePartial, launchChromium } from "../lib/page.js";

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, "..");
const BIN = process.env.DIMCHESS_BIN ||
  [path.resolve(root, "../target/release/dimchess"), path.resolve(root, "../target/debug/dimchess")]
    .find((p) => existsSync(p));
const ARTIFACTS = path.join(root, "artifacts");
mkdirSync(ARTIFACTS, { recursive: true });
/** The most a move may take to reach the other contexts. */
const SEEN_MS = 500;

let browser;
before(async () => {
  browser = await launchChromium(["--disable-background-networking", "--disable-background-timer-throttling",
    "--disable-renderer-backgrounding", "--disable-backgrounding-occluded-windows"]);
});
after(async () => { await browser?.close(); });

/**
 * Waits until each of `others` shows the move `mover` sent at ply `n - 1`; the delay from the
 * moment the mover's page sent it (its `net.sentAt`) to the moment the last of the others drew
 * it (their `shownAt`), on the one clock of the machine.
 */
async function seenBy(mover, others, n) {
  let worst = 0;
  const sent = await mover.evaluate((ply) => net.sentAt[ply], n - 1);
  assert.ok(sent, "the mover's page sent the move");
  for (const p of others) {
    await p.waitForFunction((n) => state && state.history.length >= n, n, { timeout: 10000, polling: 10 });
    const shown = await p.evaluate((n) => shownAt[n], n);
    worst = Math.max(worst, shown - sent);
  }
  return worst;
}

/** A move by clicks in `mover`, seen by `others`: the delay until the last of them shows it. */
async function moveSeen(mover, others, text) {
  const s = await pageState(mover);
  const n = s.history.length + 1;
  await playByClicks(mover, text);
  const ms = await seenBy(mover, others, n);
  for (const o of others) assert.equal((await pageState(o)).history[n - 1], text);
  return ms;
}

// Morphy against the Duke of Brunswick and Count Isouard, Paris 1858: a whole game, 33 plies,
// ending in checkmate.
const OPERA = ("e2e4 e7e5 g1f3 d7d6 d2d4 c8g4 d4e5 g4f3 d1f3 d6e5 f1c4 g8f6 f3b3 d8e7 b1c3 c7c6 " +
  "c1g5 b7b5 c3b5 c6b5 c4b5 b8d7 e1c1 a8d8 d1d7 d8d7 h1d1 e7e6 b5d7 f6d7 b3b8 d7b8 d1d8").split(" ");

test("fide: a whole game between two contexts, each move seen within 500 ms; a spectator is refused", async () => {
  const g = await createGame({ variant: "fide" });
  const white = await openContext(browser, g.invites[0].url);
  const black = await openContext(browser, g.invites[1].url);
  const watcher = await openContext(browser, g.spectate);
  try {
    // Each page holds its own seat only, and its address no longer shows the token.
    assert.deepEqual((await pageState(white.page)).mine, [0]);
    assert.deepEqual((await pageState(black.page)).mine, [1]);
    assert.deepEqual((await pageState(watcher.page)).mine, []);
    assert.ok(!white.page.url().includes("token"));
    // Everyone shows both people connected.
    await watcher.page.waitForFunction(() => state.seats.every((s) => s.connected));
    const delays = [];
    for (let i = 0; i < OPERA.length; i++) {
      const [mover, other] = i % 2 === 0 ? [white.page, black.page] : [black.page, white.page];
      delays.push(await moveSeen(mover, [other, watcher.page], OPERA[i]));
      if (i === 5) {
        // The spectator tries to move: refused, over the WebSocket (403) and over HTTP
        // (401 without a token, 403 with another game's or a made-up one).
        const r = await watcher.page.evaluate(async () => {
          try { await net.move(state.history.length, state.moves[0][0]); return 0; } catch (e) { return e.status; }
        });
        assert.equal(r, 403);
        const s = await pageState(watcher.page);
        const post = (headers) => fetch(`${BASE}/api/games/${g.id}/moves`, { method: "POST",
          headers: { "content-type": "application/json", ...headers }, body: JSON.stringify({ ply: s.history.length, move: s.moves[0][0] }) });
        assert.equal((await post({})).status, 401);
        assert.equal((await post({ authorization: "Bearer " + "0".repeat(32) })).status, 403);
        // Black's token while White is to move: not its turn.
        assert.equal((await post({ authorization: "Bearer " + g.invites[1].token })).status, 403);
        assert.equal((await pageState(white.page)).history.length, s.history.length);
      }
    }
    const s = await pageState(watcher.page);
    assert.equal(s.result, "1-0 (checkmate)");
    assert.deepEqual(s.history, OPERA);
    for (const p of [white.page, black.page]) assert.match(await p.textContent("#status"), /Game over: 1-0/);
    delays.sort((a, b) => a - b);
    console.log(`# fide: ${OPERA.length} moves, seen by the other two contexts within ${delays[0]}..${delays[delays.length - 1]} ms (median ${delays[delays.length >> 1]})`);
    assert.ok(delays[delays.length - 1] <= SEEN_MS, `a move took ${delays[delays.length - 1]} ms`);
    await white.page.screenshot({ path: path.join(ARTIFACTS, "live-fide-white.png"), fullPage: true, animations: "disabled" });
    await watcher.page.screenshot({ path: path.join(ARTIFACTS, "live-fide-spectator.png"), fullPage: true, animations: "disabled" });
    for (const c of [white, black, watcher]) assert.deepEqual(c.errors, []);
  } finally {
    for (const c of [white, black, watcher]) await c.context.close();
  }
});

/** The cell of the enemy King an action of `p.next` takes, if any (Dimension X: removing it wins). */
function kingTaker(s, p) {
  const layout = p.layout || s.layout;
  const at = (g) => { let off = 0; for (const b of layout.boards) { if (g < off + b.cells.length) return b.cells[g - off]; off += b.cells.length; } return null; };
  return p.next.findIndex(([, cells]) => {
    const c = at(cells[cells.length - 1]);
    return c && c.piece && c.piece.owner !== s.turn && c.piece.name === "King";
  });
}

test("dimension-x: two contexts play by clicks, each turn sent whole and seen within 500 ms", async () => {
  const g = await createGame({ variant: "dimension-x" });
  const pages = [await openContext(browser, g.invites[0].url), await openContext(browser, g.invites[1].url)];
  const watcher = await openContext(browser, g.spectate);
  const next = rng(20260732);
  const delays = [];
  let multi = 0;
  try {
    for (let turn = 0; turn < 40; turn++) {
      const s = await pageState(pages[0].page);
      if (s.over) break;
      const mover = pages[s.turn].page;
      const others = [pages[1 - s.turn].page, watcher.page];
      const n = s.history.length + 1;
      // Captures first, the enemy King above all, so that the game ends.
      const choose = (p) => {
        const k = kingTaker(s, p);
        if (k >= 0) return k;
        return next(p.next.length);
      };
      const played = await playTurnByClicks(mover, next, { choose });
      // The other pages show the whole turn, never a part of it.
      delays.push(await seenBy(mover, others, n));
      for (const o of others) assert.equal((await pageState(o)).history[n - 1], played.text);
      if (played.actions >= 2) multi++;
    }
    const s = await pageState(watcher.page);
    delays.sort((a, b) => a - b);
    console.log(`# dimension-x: ${s.history.length} turns (${multi} of several actions), ${s.result || "not over"}; ` +
      `seen within ${delays[0]}..${delays[delays.length - 1]} ms`);
    assert.ok(delays[delays.length - 1] <= SEEN_MS, `a turn took ${delays[delays.length - 1]} ms`);
    assert.ok(multi > 0, "a turn of several actions was played");
    assert.deepEqual((await pageState(pages[0].page)).history, s.history);
    await pages[0].page.screenshot({ path: path.join(ARTIFACTS, "live-dimension-x.png"), fullPage: true, animations: "disabled" });
    if (!s.over) {
      // Not over within 40 turns: the side to move resigns by its button.
      const mover = pages[s.turn].page;
      await mover.click("#resign");
      await watcher.page.waitForFunction(() => state.over);
    }
    const end = await pageState(watcher.page);
    assert.ok(end.over && end.result, end.result);
    for (const c of [...pages, watcher]) assert.deepEqual(c.errors, []);
  } finally {
    for (const c of [...pages, watcher]) await c.context.close();
  }
});

test("three-level: four contexts play a round, each move seen by the other three", async () => {
  const g = await createGame({ variant: "three-level" });
  const seats = [];
  for (const inv of g.invites) seats.push(await openContext(browser, inv.url));
  const next = rng(4444);
  try {
    await seats[0].page.waitForFunction(() => state.seats.every((s) => s.connected));
    const delays = [];
    for (let i = 0; i < 4; i++) {
      const s = await pageState(seats[i].page);
      assert.equal(s.turn, i);
      assert.deepEqual(s.mine, [i]);
      const text = s.moves[next(s.moves.length)][0];
      delays.push(await moveSeen(seats[i].page, seats.filter((_, k) => k !== i).map((c) => c.page), text));
    }
    const s = await pageState(seats[0].page);
    assert.equal(s.history.length, 4);
    assert.equal(s.turn, 0);
    console.log(`# three-level: a round of four moves, seen within ${Math.max(...delays)} ms`);
    assert.ok(Math.max(...delays) <= SEEN_MS);
    // Everyone shows all four connected.
    const dots = await seats[2].page.$$eval("#players .presence.on", (els) => els.length);
    assert.equal(dots, 4);
    await seats[0].page.screenshot({ path: path.join(ARTIFACTS, "live-three-level.png"), fullPage: true, animations: "disabled" });
    for (const c of seats) assert.deepEqual(c.errors, []);
  } finally {
    for (const c of seats) await c.context.close();
  }
});

test("restart: SIGKILL the server, start it again on the same database; the pages reconnect and play on", async () => {
  const port = 18000 + Math.floor(Math.random() * 900);
  const base = `http://127.0.0.1:${port}`;
  const dir = path.join(os.tmpdir(), `dimchess-restart-${process.pid}`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const db = path.join(dir, "games.db");
  const start = async () => {
    const p = spawn(BIN, ["serve", "--addr", `127.0.0.1:${port}`, "--db", db], { stdio: "ignore" });
    for (let i = 0; i < 100; i++) {
      try { if ((await fetch(base + "/api/variants")).ok) return p; } catch {}
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error("the server did not start");
  };
  let server = await start();
  let white, black;
  try {
    const g = await createGame({ variant: "fide", clock: { base_ms: 300000, inc_ms: 2000 } }, base);
    white = await openContext(browser, g.invites[0].url);
    black = await openContext(browser, g.invites[1].url);
    await moveSeen(white.page, [black.page], "e2e4");
    await moveSeen(black.page, [white.page], "c7c5");
    const before = await pageState(white.page);
    const clockBefore = before.status.clocks.remaining_ms;
    server.kill("SIGKILL");
    await new Promise((r) => server.once("exit", r));
    // Both pages say so.
    for (const p of [white.page, black.page]) {
      await p.waitForFunction(() => document.querySelector("#connection").dataset.state === "reconnecting", null, { timeout: 10000 });
      assert.match(await p.textContent("#connection"), /reconnecting/);
    }
    await white.page.screenshot({ path: path.join(ARTIFACTS, "live-reconnecting.png"), fullPage: true, animations: "disabled" });
    await new Promise((r) => setTimeout(r, 1500)); // the server is down for a while
    const up = Date.now();
    server = await start();
    for (const p of [white.page, black.page]) {
      await p.waitForFunction(() => document.querySelector("#connection").dataset.state === "connected", null, { timeout: 20000 });
    }
    const s = await pageState(white.page);
    assert.deepEqual(s.history, ["e2e4", "c7c5"]);
    // The clocks did not run while the server was down (White's turn starts again): White
    // lost at most the time since the server came back (its start and the reconnection, long
    // on a loaded machine), not the 1.5 s it was down.
    const sinceUp = Date.now() - up;
    assert.ok(s.status.clocks.remaining_ms[0] >= clockBefore[0] - sinceUp - 500,
      `${s.status.clocks.remaining_ms} vs ${clockBefore}, ${sinceUp} ms since the restart`);
    await moveSeen(white.page, [black.page], "g1f3");
    await moveSeen(black.page, [white.page], "d7d6");
    assert.deepEqual((await pageState(black.page)).history, ["e2e4", "c7c5", "g1f3", "d7d6"]);
  } finally {
    for (const c of [white, black]) if (c) await c.context.close();
    server.kill("SIGKILL");
    rmSync(dir, { recursive: true, force: true });
  }
});
