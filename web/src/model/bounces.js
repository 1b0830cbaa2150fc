// The bouncing ball's last bounces, where they can be seen: the height of each bounce's top
// above contact against the time left to the exact rest, both on log scales. The exact motion
// is the line h = g (1 − ε)² τ² / 8 (a rebound at speed v leaves τ = 2v / (g (1 − ε)) to rest and
// climbs v² / 2g); each detector's bounces are points on it until it fails or comes to rest.
// Plain module, no DOM.
import { ballCollapseTime } from './theory.js';

/** The lowest top drawn: below it a bounce is rounding noise (the ball's height itself resolves
 * ~1e-16 σ), and uPlot's log axes end at 1e-32. */
export const LOWEST_TOP = 1e-30;

export const BOUNCE_COLUMNS = ['time left to rest', 'naive top height', 'stable top height', 'exact top height'];

/** The exact rest time, or null when there is none (ε = 1 bounces for ever, ε = 0 stops dead). */
export function restTime(e, g) { return e > 0 && e < 1 ? ballCollapseTime(e, g) : null; }

/** The exact top height after a rebound that leaves τ to rest. */
export function exactTop(tau, e, g) { return (g * (1 - e) ** 2 * tau * tau) / 8; }

/**
 * Rows [τ, naive h, stable h, exact h], τ ascending (uPlot's x order): each pane's bounces
 * ([time, height] from the worker) and a grid of the exact line from 10⁻¹⁰ to the first bounce.
 * Without a rest time (ε = 1 or 0) x is the time itself and there is no exact line.
 */
export function bounceRows(naive, stable, e, g) {
  const rest = restTime(e, g);
  const rows = new Map();
  const put = (x, col, h) => {
    if (!(x > 0) || !(h >= LOWEST_TOP)) return;
    const row = rows.get(x) ?? [x, null, null, rest ? exactTop(x, e, g) : null];
    row[col] = h;
    rows.set(x, row);
  };
  (naive ?? []).forEach(([t, h]) => put(rest ? rest - t : t, 1, h));
  (stable ?? []).forEach(([t, h]) => put(rest ? rest - t : t, 2, h));
  if (rest) {
    const top = Math.max(2, ...[...rows.keys()]);
    for (let k = -10; 10 ** k <= top; k += 0.25) put(10 ** k, 3, exactTop(10 ** k, e, g));
  }
  return [...rows.values()].sort((a, b) => a[0] - b[0]);
}
