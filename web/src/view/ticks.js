// Tick labels of logarithmic axes (no DOM): uPlot's default rounds values below 0.01 to "0",
// which on a log axis of temperature read as kT = 0. Decades from 0.01 to 1000 in plain digits,
// others as 1e-4, 1e5; values between decades (a narrow range's splits) to 2 significant digits.
export function logTick(v) {
  if (v == null || !Number.isFinite(v) || v <= 0) return '';
  const e = Math.round(Math.log10(v));
  const decade = Math.abs(v / 10 ** e - 1) < 1e-9;
  if (v >= 0.01 && v < 1e4) return decade ? String(+v.toPrecision(1)) : String(+v.toPrecision(2));
  return decade ? `1e${e}` : v.toExponential(1).replace('e+', 'e');
}

/** Labels for a log axis's splits; over many decades (the bouncing ball's 20) only every k-th
 * decade is labelled, so that at most about eight labels share the axis. */
export const logTicks = (u, splits) => {
  const decades = splits.filter((v) => v > 0 && Math.abs(Math.log10(v) - Math.round(Math.log10(v))) < 1e-9);
  const step = Math.ceil(decades.length / 8);
  if (step <= 1) return splits.map(logTick);
  return splits.map((v) => (decades.includes(v) && Math.round(Math.log10(v)) % step === 0 ? logTick(v) : ''));
};

/** The range of a log axis: the decades just around the data (uPlot's default pads a decade more
 * on each side, so a temperature that starts at kT = 1 got an axis up to 10). */
export function logRange(min, max) {
  if (!(min > 0) || !(max > 0) || !Number.isFinite(min) || !Number.isFinite(max)) return [0.1, 1];
  const decade = (k) => Number(`1e${k}`);  // exact, where 10 ** -4 is 9.999999999999999e-5
  let lo = decade(Math.floor(Math.log10(min) + 1e-9)), hi = decade(Math.ceil(Math.log10(max) - 1e-9));
  if (hi <= lo) hi = lo * 10;
  return [lo, hi];
}

/** Grid lines of a log axis only where it has a label (uPlot draws one at every 1…9 × 10^k, which
 * in a small chart merges into grey bands at the top of each decade); the other splits keep
 * their tick marks. For `grid.filter`: uPlot's own label filter decides. */
export const labelledGrid = (u, splits, i, space, incr) => u.axes[i].filter(u, splits, i, space, incr);
