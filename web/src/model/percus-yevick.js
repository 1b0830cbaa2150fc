// g(r) of the hard-sphere fluid in the Percus-Yevick closure (3-D), the integral-equation
// reference the observables' g(r) is drawn against. PY's direct correlation function is known in
// closed form (Wertheim 1963, Thiele 1963): inside the core c(r) = -l1 - 6 eta l2 r - eta l1 r^3 / 2
// (r in sigma), zero outside. The Ornstein-Zernike equation gives gamma = h - c in Fourier space,
// gamma(k) = n c(k)^2 / (1 - n c(k)), which decays as 1/k^4 and so transforms back accurately;
// outside the core g = 1 + gamma. Its contact value is PY's (1 + eta/2) / (1 - eta)^2 (the tests
// hold the numbers to it). Plain module, no DOM.

const K_MAX = 100, DK = 0.02, R_STEPS = 200;  // contact values to 4 digits (tests/js/model.test.js)

/** c(k) = (4 pi / k) int_0^1 r c(r) sin(k r) dr, by Simpson's rule over the core. */
function directFourier(eta, k) {
  const l1 = (1 + 2 * eta) ** 2 / (1 - eta) ** 4, l2 = -((1 + eta / 2) ** 2) / (1 - eta) ** 4;
  const c = (r) => -l1 - 6 * eta * l2 * r - 0.5 * eta * l1 * r ** 3;
  if (k === 0) {
    let s = 0;
    for (let i = 0; i <= R_STEPS; i++) { const r = i / R_STEPS, w = i === 0 || i === R_STEPS ? 1 : i % 2 ? 4 : 2; s += w * r * r * c(r); }
    return 4 * Math.PI * s / (3 * R_STEPS);
  }
  let s = 0;
  for (let i = 0; i <= R_STEPS; i++) {
    const r = i / R_STEPS, w = i === 0 || i === R_STEPS ? 1 : i % 2 ? 4 : 2;
    s += w * r * c(r) * Math.sin(k * r);
  }
  return (4 * Math.PI / k) * s / (3 * R_STEPS);
}

const cache = new Map();

/** g(r) at the distances rs (in sigma, each >= 1) for packing fraction phi (3-D, phi < 0.5). */
export function percusYevickGr(phi, rs) {
  let gammaK = cache.get(phi);
  if (!gammaK) {
    const n = 6 * phi / Math.PI, m = Math.round(K_MAX / DK);
    gammaK = new Float64Array(m + 1);
    for (let j = 1; j <= m; j++) {
      const ck = directFourier(phi, j * DK);
      gammaK[j] = n * ck * ck / (1 - n * ck);
    }
    cache.set(phi, gammaK);
  }
  // gamma(r) = (1 / (2 pi^2 r)) int_0^inf k gamma(k) sin(k r) dk, by the trapezoidal rule
  return rs.map((r) => {
    let s = 0;
    for (let j = 1; j < gammaK.length; j++) s += (j * DK) * gammaK[j] * Math.sin(j * DK * r) * (j === gammaK.length - 1 ? 0.5 : 1);
    return 1 + s * DK / (2 * Math.PI * Math.PI * r);
  });
}
