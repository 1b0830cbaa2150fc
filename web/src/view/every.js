// A view's redraw at most once per interval, however often the model reports: a run plays at
// dozens of frames a second, and a badge or a clock a person reads needs a few.

/** fn, called at most every `ms` milliseconds; a call in between is kept for the interval's end. */
export function every(ms, fn) {
  let last = -Infinity, pending = null;
  return () => {
    const now = performance.now();
    if (now - last >= ms) { last = now; fn(); return; }
    if (pending === null) pending = setTimeout(() => { pending = null; last = performance.now(); fn(); }, ms - (now - last));
  };
}
