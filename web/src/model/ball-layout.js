// Where the balls of the bouncing-ball scenarios are drawn: one ball on its plate, a few in a row,
// more in rows stacked one above the other (each row on its own plate), so that every ball of
// the ball array stays large enough to see which ones failed. Drawing only: in the engine every
// ball has its own plate, drawn here at height 0. No DOM.

export const BALL_SPACING = 2;  // centre to centre along a row [sigma]
export const ROW_HEIGHT = 2.5;  // plate to plate between rows [sigma] (a ball starts at most 1 above its plate)
// With rows below, a ball that fell through its plate hangs just under it (centre 0.6 below, clear
// of the row below) instead of falling through the other rows; a single row lets it fall.
export const FALLEN_DRAWN_AT = -0.6;

/** Columns and rows for n balls: one row up to 10, else about twice as wide as high. */
export function ballGrid(n) {
  const cols = n <= 10 ? Math.max(1, n) : Math.ceil(Math.sqrt(2 * n));
  return { cols, rows: Math.ceil(n / cols) };
}

/** The drawn centre of ball i (its height above its own plate is h): x along its row, z up. */
export function ballPosition(i, n, h) {
  const { cols, rows } = ballGrid(n);
  const drawn = rows > 1 ? Math.max(h, FALLEN_DRAWN_AT) : h;
  return [BALL_SPACING * (i % cols), 0, drawn - ROW_HEIGHT * Math.floor(i / cols)];
}
