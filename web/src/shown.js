// How an error message shows a value the caller gave (edpd.js, steps.js).

/** A value as an error message shows it: its type, then the value (a string "5" is no number 5). */
export function shown(v) {
  if (typeof v === 'string') return `the string ${JSON.stringify(v.length > 40 ? `${v.slice(0, 40)}…` : v)}`;
  if (v === null || v === undefined || typeof v === 'number') return String(v);
  if (typeof v === 'boolean' || typeof v === 'bigint') return `the ${typeof v} ${String(v)}`;
  return Array.isArray(v) ? 'an array' : `${typeof v === 'function' ? 'a function' : 'an object'}`;
}
