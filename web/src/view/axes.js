// uPlot axis options shared by the live plots and the Paper page (plain data, no DOM).
import { logTicks, labelledGrid, logRange } from './ticks.js';

/** A linear axis with its label (units in brackets) in the app's colours. */
export function axis(label, extra = {}) {
  return { label, stroke: '#c0caf5', grid: { stroke: 'rgba(192,202,245,0.08)' }, ticks: { stroke: 'rgba(192,202,245,0.2)' }, ...extra };
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
