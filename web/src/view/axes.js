// uPlot axis options shared by the live plots and the Paper page (plain data, no DOM).
import { logTicks, labelledGrid, logRange } from './ticks.js';
import { palette } from './theme.js';

/** A linear axis with its label (units in brackets) in the current theme's colours. */
export function axis(label, extra = {}) {
  const c = palette();
  // projector mode: larger type, to be read from the back of a room, growing with the window's
  // height as the page's type does (16 px at 768 lines, 20 at 1080: an axis label must still fit)
  const tall = typeof innerHeight === 'number' ? innerHeight : 768;
  const px = c.name === 'projector' ? Math.min(20, Math.max(16, Math.round(0.019 * tall))) : 13;
  return { label, stroke: c.fg, grid: { stroke: c.grid }, ticks: { stroke: c.tick }, font: `${px}px system-ui, sans-serif`,
    labelFont: `bold ${px}px system-ui, sans-serif`, labelSize: px + 10, size: px >= 16 ? Math.round(4.1 * px) : 54, ...extra };
}

/** A log axis: plain tick labels below 0.01, grid lines and tick marks only where there is a
 * label (a mark at every 2…9 × 10^k ran together into a grey bar beside a many-decade axis). */
export function logAxis(label) {
  const a = axis(label);
  return { ...a, values: logTicks, grid: { ...a.grid, filter: labelledGrid }, ticks: { ...a.ticks, filter: labelledGrid } };
}

/** A log scale over the decades just around the data (logRange). */
export function logScale() {
  return { distr: 3, range: (u, min, max) => logRange(min, max) };
}

/** A y range over the last three quarters of the run only, padded: the start transient (a
 * lattice's Z climbs from 1) would otherwise squash the fluctuations that matter into a line. */
export function settledRange(u, min, max) {
  const [xs, ...ys] = u.data;  // uPlot passes itself: its data, x first
  if (!xs.length) return [min, max];
  const from = xs[xs.length - 1] / 4;
  let lo = Infinity, hi = -Infinity;
  xs.forEach((x, i) => {
    if (x < from) return;
    for (const col of ys) { const v = col[i]; if (v !== null && v !== undefined) { lo = Math.min(lo, v); hi = Math.max(hi, v); } }
  });
  if (!(hi >= lo)) return [min, max];
  const pad = Math.max((hi - lo) * 0.15, Math.abs(hi) * 1e-3, 1e-9);
  return [lo - pad, hi + pad];
}
