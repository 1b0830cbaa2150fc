// Whether the core can start a gas of n particles at packing fraction phi on its lattice (FCC in
// 3-D, triangular in 2-D; csrc/setup/scenario.c build_gas), and the fewest particles that it can: the
// app re-derives n from it, so that a link with clamped values still yields a run. A Jest test
// holds this against the engine's own answers. No DOM.

/** null if the lattice start works, else { field, message } as the core would refuse it. */
export function gasStartProblem(dim, n, phi) {
  if (dim === 3) {
    let k = 1;
    while (4 * k ** 3 < n) k++;
    const L = Math.cbrt((n * Math.PI) / (6 * phi));
    if ((L / k) * Math.SQRT1_2 <= 1) return { field: 'phi', message: 'too dense for a lattice start' };
    return L < 4 ? { field: 'n', message: 'box edge below 4 diameters' } : null;
  }
  let nx = 1;
  while (nx * nx < n) nx++;
  let ny = Math.ceil(n / nx);
  if (ny % 2) ny++;
  const h = Math.sqrt(3) / 2;
  const a = Math.sqrt((n * Math.PI) / (4 * phi * nx * ny * h));
  if (a <= 1) return { field: 'phi', message: 'too dense for a lattice start' };
  return nx * a < 4 || ny * h * a < 4 ? { field: 'n', message: 'box edge below 4 diameters' } : null;
}

/** The fewest particles from n on (at most max) that start at phi, or null if none does. */
export function fewestParticles(dim, phi, n, max) {
  for (let m = Math.max(1, n); m <= max; m++) if (!gasStartProblem(dim, m, phi)) return m;
  return null;
}
