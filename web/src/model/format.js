// Numbers as the app writes them. No DOM.

export function fmt(x, digits = 4) {
  if (x === null || x === undefined || Number.isNaN(x)) return '–';
  if (!Number.isFinite(x)) return String(x);
  if (x !== 0 && (Math.abs(x) < 1e-3 || Math.abs(x) >= 1e6)) return x.toExponential(Math.min(digits, 6) - 1);
  return Number(x.toPrecision(digits)).toString();
}

/** A value with its standard error, both to the error's second significant digit
 * (3.98166, 0.00934 → "3.9817 ± 0.0093", no break after the ±). */
export function fmtWithError(x, se) {
  if (!Number.isFinite(x) || !Number.isFinite(se) || se <= 0) return fmt(x, 6);
  const decimals = Math.max(0, Math.min(15, 1 - Math.floor(Math.log10(se))));
  return `${x.toFixed(decimals)} ±\u00a0${se.toFixed(decimals)}`;  // a narrow cell wraps before the ±, not after
}

/** The smallest multiple of a round quantum (the power of ten at or below `scale`) that is at
 * least t, written with at most 12 significant digits. */
export function roundUp(t, scale) {
  const q = 10 ** Math.floor(Math.log10(scale));
  let r = Number((Math.ceil(t / q - 1e-9) * q).toPrecision(12));
  if (r < t) r = Number((r + q).toPrecision(12));
  return r;
}
