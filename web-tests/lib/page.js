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
