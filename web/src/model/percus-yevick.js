// g(r) of the hard-sphere and hard-disk fluids in the Percus-Yevick closure, the integral-equation
// reference the observables' g(r) is drawn against. In 3-D: PY's direct correlation function is known in
// closed form (Wertheim 1963, Thiele 1963): inside the core c(r) = -l1 - 6 eta l2 r - eta l1 r^3 / 2
// (r in sigma), zero outside. The Ornstein-Zernike equation gives gamma = h - c in Fourier space,
// gamma(k) = n c(k)^2 / (1 - n c(k)), which decays as 1/k^4 and so transforms back accurately;
// outside the core g = 1 + gamma. Its contact value is PY's (1 + eta/2) / (1 - eta)^2 (the tests
// hold the numbers to it). In 2-D PY has no closed form: the Ornstein-Zernike equation is solved by
// iteration with Hankel transforms (below). Plain module, no DOM.

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

/** g(r) at the distances rs (in sigma, each >= 1) for packing fraction phi (3-D: phi < 0.5;
 * 2-D: phi < 0.7). */
export function percusYevickGr(phi, rs, dim = 3) {
  if (dim === 2) return percusYevickDisks(phi, rs);
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

/** Bessel's J0 (Abramowitz & Stegun 9.4.1 and 9.4.3; absolute error below 10^-7). */
export function besselJ0(x) {
  const ax = Math.abs(x);
  if (ax <= 3) {
    const y = (ax / 3) ** 2;
    return 1 + y * (-2.2499997 + y * (1.2656208 + y * (-0.3163866 + y * (0.0444479 + y * (-0.0039444 + y * 0.00021)))));
  }
  const y = 3 / ax;
  const f = 0.79788456 + y * (-0.00000077 + y * (-0.0055274 + y * (-0.00009512 + y * (0.00137237 + y * (-0.00072805 + y * 0.00014476)))));
  const th = ax - 0.78539816 + y * (-0.04166397 + y * (-0.00003954 + y * (0.00262573 + y * (-0.00054125 + y * (-0.00029333 + y * 0.00013558)))));
  return f * Math.cos(th) / Math.sqrt(ax);
}

// 2-D: PY makes c(r) = -(1 + gamma(r)) inside the core and 0 outside, gamma = h - c. A fixed point
// of gamma inside the core: c(k) = 2 pi int_0^1 r c(r) J0(kr) dr (midpoint rule), gamma(k) =
// n c(k)^2 / (1 - n c(k)), gamma(r) = (1 / 2 pi) int k gamma(k) J0(kr) dk (trapezoid), reached by
// Anderson mixing (plain iteration oscillates at the dense disks' packing fractions); gamma(k) falls
// as k^-3, so the k grid below carries g(r) to 3 digits (tests/js/model.test.js).
const CORE = 100, DK2 = 0.1, K2 = 1500, TOL = 1e-10, MAX_ITER = 500, DEPTH = 6, BETA = 0.3;
const disksCache = new Map();
let j0Core = null;  // J0(k_j r_i), K2 x CORE, made once

/** One pass of the Ornstein-Zernike map: gamma in the core -> gamma(k) and the next gamma. */
function ozMap(gamma, n) {
  const gk = new Float64Array(K2);
  for (let j = 0; j < K2; j++) {
    let s = 0;
    for (let i = 0; i < CORE; i++) s -= ((i + 0.5) / CORE) * (1 + gamma[i]) * j0Core[j * CORE + i];
    const ck = 2 * Math.PI * s / CORE;
    gk[j] = n * ck * ck / (1 - n * ck);
  }
  const next = new Float64Array(CORE);
  for (let i = 0; i < CORE; i++) {
    let s = 0;
    for (let j = 0; j < K2; j++) s += (j + 1) * DK2 * gk[j] * j0Core[j * CORE + i] * (j === K2 - 1 ? 0.5 : 1);
    next[i] = s * DK2 / (2 * Math.PI);
  }
  return { gk, next };
}

/** theta minimising |f - dF theta| (normal equations, a little ridge against collinear columns). */
function leastSquares(dF, f) {
  const m = dF.length, a = Array.from({ length: m }, () => new Float64Array(m + 1));
  for (let p = 0; p < m; p++) {
    for (let q = 0; q < m; q++) for (let i = 0; i < f.length; i++) a[p][q] += dF[p][i] * dF[q][i];
    a[p][p] *= 1 + 1e-10;
    for (let i = 0; i < f.length; i++) a[p][m] += dF[p][i] * f[i];
  }
  for (let p = 0; p < m; p++) {  // Gauss-Jordan without pivoting: a is symmetric positive definite
    for (let q = 0; q < m; q++) {
      if (q === p) continue;
      const r = a[q][p] / a[p][p];
      for (let c = p; c <= m; c++) a[q][c] -= r * a[p][c];
    }
  }
  return a.map((row, p) => row[m] / row[p]);
}

/** gamma(k) of PY hard disks at packing fraction phi. */
function disksGammaK(phi) {
  if (!j0Core) {
    j0Core = new Float64Array(K2 * CORE);
    for (let j = 0; j < K2; j++) for (let i = 0; i < CORE; i++) j0Core[j * CORE + i] = besselJ0((j + 1) * DK2 * (i + 0.5) / CORE);
  }
  const n = 4 * phi / Math.PI;
  let x = new Float64Array(CORE);  // gamma(r) in the core; zero is the dilute limit's start
  const xs = [], fs = [];
  for (let it = 0; it < MAX_ITER; it++) {
    const { gk, next } = ozMap(x, n);
    const f = next.map((v, i) => v - x[i]);
    if (f.reduce((m, v) => Math.max(m, Math.abs(v)), 0) < TOL) return gk;
    xs.push(x); fs.push(f);
    if (xs.length > DEPTH + 1) { xs.shift(); fs.shift(); }
    const dX = [], dF = [];
    for (let p = 1; p < xs.length; p++) {
      dX.push(xs[p].map((v, i) => v - xs[p - 1][i]));
      dF.push(fs[p].map((v, i) => v - fs[p - 1][i]));
    }
    const theta = dF.length ? leastSquares(dF, f) : [];
    x = x.map((v, i) => {
      let y = v + BETA * f[i];
      for (let p = 0; p < theta.length; p++) y -= theta[p] * (dX[p][i] + BETA * dF[p][i]);
      return y;
    });
  }
  throw new Error(`Percus-Yevick for disks did not converge at phi = ${phi}`);
}

function percusYevickDisks(phi, rs) {
  let gk = disksCache.get(phi);
  if (!gk) { gk = disksGammaK(phi); disksCache.set(phi, gk); }
  return rs.map((r) => {
    let s = 0;
    for (let j = 0; j < K2; j++) s += (j + 1) * DK2 * gk[j] * besselJ0((j + 1) * DK2 * r) * (j === K2 - 1 ? 0.5 : 1);
    return 1 + s * DK2 / (2 * Math.PI);
  });
}
