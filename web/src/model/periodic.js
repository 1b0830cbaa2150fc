// The minimum image on a periodic axis (no DOM): the one place the app folds a separation.

/** d folded into [−L/2, L/2] on a periodic axis of edge L; unchanged where L is 0 (no axis). */
export function minimumImage(d, L) {
  return L > 0 ? d - L * Math.round(d / L) : d;
}
