// The minimum image on a periodic axis (no DOM): the one place the app folds a separation.

/** d folded into [−L/2, L/2] on a periodic axis of edge L; unchanged where L is 0 (no axis). */
export function minimumImage(d, L) {
  return L > 0 ? d - L * Math.round(d / L) : d;
}

/** A gas frame's edges to fold by: the box edge on a periodic axis, 0 on a bounded one (a state
 * file's walls or planes). Frames without `periodic` are the built-in gases: periodic throughout. */
export function periodicEdges(frame) {
  return frame.box.map((L, a) => (!frame.periodic || frame.periodic[a] ? L : 0));
}
