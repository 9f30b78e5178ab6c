// Helpers shared by the browser tests: games made through the API, a browser context per
// seat, the page's state, moves entered by clicks alone.
import assert from "node:assert/strict";
import { chromium } from "playwright-core";

export const BASE = process.env.DIMCHESS_URL || "http://127.0.0.1:8080";

/** A small deterministic generator, so a failure replays. */
export function rng(seed) {
  let s = seed >>> 0;
  return (n) => { s = (Math.imul(s, 1664525) + 1013904223) >>> 0; return s % n; };
}

/** The state the page last drew (its global `state`). */
export const pageState = async (page) => JSON.parse(await page.evaluate("JSON.stringify(state)"));

/** Escapes attribute values in selectors (move texts hold `^`, `=`, `,`, `:`). */
export const CSS = { escape: (s) => s.replace(/["\\]/g, "\\$&") };

/** Creates a game through the API: `{id, invites, spectate, state}` (invite urls made absolute). */
export async function createGame(body, base = BASE) {
  let res, g;
  // The server allows a burst of creations per address, then one a second: a 429 is waited
  // out (the time it names) and the game asked for again, as the page does.
  for (let attempt = 0; ; attempt++) {
    res = await fetch(base + "/api/games", {
      method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body),
    });
    g = await res.json();
    if (res.status !== 429 || attempt >= 10) break;
    const ms = Number((/retry in (\d+) ms/.exec(g.error || "") || [])[1]) || 1000;
    await new Promise((r) => setTimeout(r, ms + 50));
  }
  assert.equal(res.status, 201, JSON.stringify(g));
  for (const i of g.invites) i.url = base + i.url;
  g.spectate = base + g.spectate;
  return g;
}

/** Opens `url` in a new browser context of its own (its own storage: another person). */
export async function openContext(browser, url, opts = {}) {
  const context = await browser.newContext({ viewport: { width: 1400, height: 1000 }, acceptDownloads: true, ...opts });
  const page = await context.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(e.message));
  page.on("dialog", (d) => d.accept());
  await page.goto(url);
  await page.waitForFunction(() => typeof state !== "undefined" && state && state.id);
  return { context, page, errors };
}

/** Starts a game from the page's form: every seat `me` unless `kinds` says otherwise
 * (`{i: "engine" | "invite"}`, with `ms` the engine's time per move). */
export async function startFromForm(page, base, variant, players, kinds = {}, ms = "50") {
  await page.goto(`${base}/?variant=${variant}`);
  await page.waitForFunction(() => variants.length > 0 && document.querySelector("#seat-0"));
  await page.selectOption("#variant", variant);
  for (let i = 0; i < players; i++) {
    await page.selectOption(`#seat-${i}`, kinds[i] || "me");
    if (kinds[i] === "engine") await page.fill(`#movetime-${i}`, ms);
  }
  await Promise.all([page.waitForURL(/\/game\/[0-9a-f]+$/), page.click("#new")]);
  await page.waitForFunction((id) => typeof state !== "undefined" && state && state.variant === id, variant);
}

/** Waits until the page's history has more than `n` moves (or the game is over). */
export async function waitPlies(page, n, timeout = 30000) {
  await page.waitForFunction((n) => state && (state.history.length > n || state.over), n, { timeout });
}

/** Plays `text` by clicking its cells in order, then its button if several moves remain. */
export async function playByClicks(page, text) {
  const s = await pageState(page);
  const entry = s.moves.find(([t]) => t === text);
  assert.ok(entry, `${text} is not legal here`);
  const cells = entry[1];
  const n = s.history.length;
  if (cells.length === 0) {
    await page.click(`#extra-moves button[data-move="${CSS.escape(text)}"]`);
  } else {
    for (const c of cells) {
      await page.click(`.cell[data-cell="${c}"]`);
    }
    // Either the move is sent, or several moves share these cells and the page offers
    // them as buttons.
    const sel = `#choices button[data-move="${CSS.escape(text)}"]`;
    await page.waitForFunction(([n, sel]) => state.history.length > n || document.querySelector(sel),
      [n, sel], { timeout: 10000 });
    if ((await pageState(page)).history.length === n) await page.click(sel);
  }
  await waitPlies(page, n);
  const after = await pageState(page);
  assert.equal(after.history[n], text); // (an engine may have replied since)
  return after;
}

/** Waits until a person of this page is to move or the game is over; returns the state. */
export async function waitHumanOrOver(page, timeout = 120000) {
  await page.waitForFunction(() => state && (state.over || (!state.thinking && !state.engine_to_move) ||
    (!state.thinking && state.engine_error)), null, { timeout });
  return pageState(page);
}

/** The Dimension X turn the page is composing (its global `partial`): actions so far, legal next actions. */
export const pagePartial = async (page) => JSON.parse(await page.evaluate("JSON.stringify(partial)"));

/**
 * Composes a Dimension X turn action by action by clicks alone, choosing each action with
 * `choose(partial)` (an index into `partial.next`; default: at random with `next`), and ends
 * it with the "End turn" button once it may end and at least `minActions` actions were made
 * (or nothing can follow); `onAction(partial)` runs after each action taken while the turn
 * goes on. Returns the state after the turn, the turn as played, and the clicks it took.
 */
export async function playTurnByClicks(page, next, { minActions = 1, maxActions = 4, onAction = null, choose = null } = {}) {
  const s = await pageState(page);
  const n = s.history.length;
  let clicks = 0;
  for (;;) {
    const p = await pagePartial(page);
    assert.ok(p, "the page composes a turn");
    const done = p.actions.length;
    const mayEnd = p.can_end && done > 0;
    if (mayEnd && (p.next.length === 0 || done >= maxActions || (done >= minActions && next(3) === 0))) {
      assert.equal(await page.getAttribute("#end-turn", "data-move"), p.turn);
      assert.equal(await page.textContent("#turn-actions"), p.actions.join(", "));
      await page.click("#end-turn");
      clicks++;
      break;
    }
    assert.ok(p.next.length > 0, `no next action after ${p.actions}`);
    const [text, cells] = p.next[choose ? choose(p) : next(p.next.length)];
    for (const c of cells) await page.click(`.cell[data-cell="${c}"]`);
    clicks += cells.length;
    // The action is taken, or several actions share these cells and the page offers them.
    const sel = `#choices button[data-action="${CSS.escape(text)}"]`;
    await page.waitForFunction(([h, k, sel]) => state.history.length > h || (partial && partial.actions.length > k) ||
      document.querySelector(sel), [n, done, sel], { timeout: 10000 });
    const taken = await page.evaluate(([h, k]) => state.history.length > h || partial.actions.length > k, [n, done]);
    if (!taken) { await page.click(sel); clicks++; }
    await page.waitForFunction(([h, k]) => state.history.length > h || (partial && partial.actions.length > k),
      [n, done], { timeout: 10000 });
    // Nothing could follow: the turn is played at once (it may not be back yet).
    const atOnce = await page.evaluate(([h, k]) => state.history.length > h ||
      (partial.actions.length > k && partial.next.length === 0 && partial.can_end), [n, done]);
    if (atOnce) break;
    const after = await pagePartial(page);
    assert.equal(after.actions[done], text);
    assert.equal(await page.textContent("#turn-actions"), after.actions.join(", "));
    if (onAction) await onAction(after);
  }
  await waitPlies(page, n);
  const after = await pageState(page);
  const played = after.history[n];
  assert.ok(played, "the turn was played");
  return { state: after, text: played, actions: played.split(",").length, clicks };
}

/** Debian's chromium, headless, as every browser test starts it (`extraArgs` beside). */
export function launchChromium(extraArgs = []) {
  return chromium.launch({
    executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
    headless: true,
    args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", ...extraArgs],
  });
}
