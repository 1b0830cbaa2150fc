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

export const logTicks = (u, splits) => splits.map(logTick);
