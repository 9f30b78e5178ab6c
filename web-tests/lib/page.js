// Helpers shared by the browser tests: the page's state, moves entered by clicks alone.
import assert from "node:assert/strict";

/** A small deterministic generator, so a failure replays. */
export function rng(seed) {
  let s = seed >>> 0;
  return (n) => { s = (Math.imul(s, 1664525) + 1013904223) >>> 0; return s % n; };
}

/** The state the page last drew (its global `state`). */
export const pageState = async (page) => JSON.parse(await page.evaluate("JSON.stringify(state)"));

/** Escapes attribute values in selectors (move texts hold `^`, `=`, `,`, `:`). */
export const CSS = { escape: (s) => s.replace(/["\\]/g, "\\$&") };

export async function waitVersionAbove(page, v) {
  await page.waitForFunction((v) => state && state.version > v && !state.thinking, v, { timeout: 30000 });
}

/** Plays `text` by clicking its cells in order, then its button if several moves remain. */
export async function playByClicks(page, text) {
  const s = await pageState(page);
  const entry = s.moves.find(([t]) => t === text);
  assert.ok(entry, `${text} is not legal here`);
  const cells = entry[1];
  const before = s.version;
  if (cells.length === 0) {
    await page.click(`#extra-moves button[data-move="${CSS.escape(text)}"]`);
  } else {
    for (const c of cells) {
      await page.click(`.cell[data-cell="${c}"]`);
    }
    // Either the move is played, or several moves share these cells and the page offers
    // them as buttons.
    const sel = `#choices button[data-move="${CSS.escape(text)}"]`;
    await page.waitForFunction(([v, sel]) => state.version > v || document.querySelector(sel),
      [before, sel], { timeout: 10000 });
    if ((await pageState(page)).version === before) await page.click(sel);
  }
  await waitVersionAbove(page, before);
  const after = await pageState(page);
  assert.equal(after.history[s.history.length], text); // (an engine may have replied since)
  return after;
}

/** Waits until a person is to move or the game is over; returns the state. */
export async function waitHumanOrOver(page, timeout = 120000) {
  await page.waitForFunction(() => state && (state.over || (!state.thinking && !state.engine_to_move) ||
    (!state.thinking && state.engine_error)), null, { timeout });
  return pageState(page);
}

/** The Dimension X turn the page is composing (its global `partial`): actions so far, legal next actions. */
export const pagePartial = async (page) => JSON.parse(await page.evaluate("JSON.stringify(partial)"));

/**
 * Composes a Dimension X turn action by action by clicks alone, choosing each action at random
 * (`next`) among the legal next actions the page holds, and ends it with the "End turn"
 * button once it may end and at least `minActions` actions were made (or nothing can follow);
 * `onAction(partial)` runs after each action taken while the turn goes on (a screenshot of the
 * turn being composed).
 * Returns the state after the turn, the turn as composed, and the clicks it took.
 */
export async function playTurnByClicks(page, next, { minActions = 1, maxActions = 4, onAction = null } = {}) {
  const s = await pageState(page);
  const before = s.version;
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
    const [text, cells] = p.next[next(p.next.length)];
    for (const c of cells) await page.click(`.cell[data-cell="${c}"]`);
    clicks += cells.length;
    // The action is taken, or several actions share these cells and the page offers them.
    const sel = `#choices button[data-action="${CSS.escape(text)}"]`;
    await page.waitForFunction(([v, n, sel]) => state.version > v || (partial && partial.actions.length > n) ||
      document.querySelector(sel), [before, done, sel], { timeout: 10000 });
    const taken = await page.evaluate(([v, n]) => state.version > v || partial.actions.length > n, [before, done]);
    if (!taken) { await page.click(sel); clicks++; }
    await page.waitForFunction(([v, n]) => state.version > v || (partial && partial.actions.length > n),
      [before, done], { timeout: 10000 });
    if ((await pageState(page)).version > before) break; // nothing could follow: played at once
    const after = await pagePartial(page);
    assert.equal(after.actions[done], text);
    assert.equal(await page.textContent("#turn-actions"), after.actions.join(", "));
    if (onAction) await onAction(after);
  }
  await waitVersionAbove(page, before);
  const after = await pageState(page);
  const played = after.history[s.history.length];
  assert.ok(played, "the turn was played");
  return { state: after, text: played, actions: played.split(",").length, clicks };
}
