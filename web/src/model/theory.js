// Numbers the engine did not produce: the exact bouncing ball, Haff's law with the Enskog
// collision rate, and the equations of state. No DOM.

/**
 * Gap above contact of a ball released at rest 1/2 above contact (the paper's Fig. 7) under
 * gravity g with restitution e, at time t. Impacts at t_k; it rests after t_final = T0 (1 + 2e/(1-e)).
 */
export function exactBallGap(t, e = 0.5, g = 1) {
  const t0 = Math.sqrt(1 / g); // fall of 1/2 under g
  if (t < t0) return 0.5 - 0.5 * g * t * t;
  let tk = t0;
  let u = e * g * t0; // rebound speed after the first impact
  for (let k = 0; k < 2000 && u > 0; k++) {
    const flight = 2 * u / g;
    if (t < tk + flight) {
      const s = t - tk;
      return u * s - 0.5 * g * s * s;
    }
    tk += flight;
    u *= e;
  }
  return 0;
}

export function ballCollapseTime(e = 0.5, g = 1) {
  const t0 = Math.sqrt(1 / g);
  return e < 1 ? t0 * (1 + 2 * e / (1 - e)) : Infinity;
}

/** Contact value of the pair correlation: Carnahan–Starling (3-D), Henderson (2-D). */
export function contactValue(phi, dim) {
  return dim === 3 ? (1 - phi / 2) / (1 - phi) ** 3 : (1 - 7 * phi / 16) / (1 - phi) ** 2;
}

/** Compressibility factor Z = PV/(NkT): Carnahan–Starling (3-D), Henderson (2-D). */
export function equationOfState(phi, dim) {
  return dim === 3 ? (1 + phi + phi * phi - phi ** 3) / (1 - phi) ** 3 : (1 + phi * phi / 8) / (1 - phi) ** 2;
}

/** Compressibility factor of the stable fluid after H. Liu (2020), Carnahan–Starling-type equations
 * about two orders of magnitude closer to simulation data: 3-D arXiv:2010.14357, 2-D arXiv:2010.10624. */
export function equationOfStateLiu(phi, dim) {
  return dim === 3
    ? (1 + phi + phi ** 2 - 8 / 13 * phi ** 3 - phi ** 4 + phi ** 5 / 2) / (1 - phi) ** 3
    : (1 + phi ** 2 / 8 + phi ** 3 / 18 - 4 / 21 * phi ** 4) / (1 - phi) ** 2;
}

/** Where the equilibrium fluid ends: freezing of hard spheres (Hoover & Ree, phi = 0.494) and the
 * liquid-hexatic transition of hard disks (Bernard & Krauth, phi = 0.700). Beyond them a gas started
 * from a lattice does not become a fluid, and no fluid equation of state applies. */
export const FLUID_LIMIT = { 3: 0.494, 2: 0.7 };

/** The pressure the live elastic gas is compared with: Liu's fluid equation of state, or null
 * (no curve) beyond the fluid's limit. */
export function fluidPressure(phi, dim) {
  return phi <= FLUID_LIMIT[dim] ? equationOfStateLiu(phi, dim) : null;
}

/** A binary mixture's moments <s>, <s^2>, <s^3> of the diameter (species [[count, diameter], ...]). */
export function diameterMoments(species) {
  const n = species.reduce((a, [k]) => a + k, 0);
  const m = (p) => species.reduce((a, [k, d]) => a + k * d ** p, 0) / n;
  return [m(1), m(2), m(3)];
}

/** A mixture's equation of state: 3-D Boublík–Mansoori–Carnahan–Starling–Leland (J. Chem. Phys. 54,
 * 1523 (1971)); 2-D the rule of Santos, Yuste & López de Haro (Mol. Phys. 96, 1 (1999)) on Liu's
 * disks, Z = 1/(1-φ) + (<s>²/<s²>)(Z_disks(φ) - 1/(1-φ)). tests/c/test_compression.c checks both
 * against the engine. null beyond the fluid (FLUID_LIMIT, here of the mixture: 0.7 / 0.55). */
export function mixturePressure(phi, dim, species) {
  const [m1, m2, m3] = diameterMoments(species), y = 1 - phi;
  if (phi > (dim === 3 ? 0.55 : 0.7)) return null;
  if (dim === 3) return 1 / y + 3 * (m1 * m2 / m3) * phi / y ** 2 + (m2 ** 3 / m3 ** 2) * phi ** 2 * (3 - phi) / y ** 3;
  return 1 / y + (m1 * m1 / m2) * (equationOfStateLiu(phi, 2) - 1 / y);
}

/** The free-volume law near jamming: Z = d / (1 - φ/φ_J) (Salsburg & Wood; Donev, Torquato &
 * Stillinger 2005), null at or past φ_J. */
export function freeVolumePressure(phi, dim, phiJ) {
  return phi < phiJ ? dim / (1 - phi / phiJ) : null;
}

/** Enskog collision rate per particle at temperature T (sigma = m = 1). */
export function enskogRate(phi, dim, T) {
  const g = contactValue(phi, dim);
  if (dim === 3) return 4 * (6 * phi / Math.PI) * g * Math.sqrt(Math.PI * T);
  return 2 * (4 * phi / Math.PI) * g * Math.sqrt(Math.PI * T);
}

/** Enskog's self-diffusion coefficient D_E = D_0 / g(sigma) (sigma = m = 1): D_0 the dilute gas's
 * from the first Chapman-Enskog approximation, 3/(8 n) sqrt(kT/pi) in 3-D and 1/(2 n) sqrt(kT/pi)
 * in 2-D (Chapman & Cowling; Gass 1971 for disks). It ignores correlated collisions: molecular
 * dynamics finds D above it at moderate densities and below it near freezing (Alder, Gass &
 * Wainwright 1970). */
export function enskogDiffusion(phi, dim, T) {
  const n = dim === 3 ? 6 * phi / Math.PI : 4 * phi / Math.PI;
  const d0 = (dim === 3 ? 3 / (8 * n) : 1 / (2 * n)) * Math.sqrt(T / Math.PI);
  return d0 / contactValue(phi, dim);
}

/** The hard-sphere fluid's self-diffusion coefficient with the density correction to Enskog that
 * molecular dynamics found (3-D; sigma = m = 1): Speedy's fit to the simulations (Mol. Phys. 62,
 * 509 (1987)), D = (D_0 / n)(1 - n / 1.09)(1 + n^2 (0.4 - 0.83 n^2)) with n = rho sigma^3 and
 * D_0 = (3/8) sqrt(kT / pi) — exact in the dilute limit, above Enskog by up to ~25 % at moderate
 * density (correlated collisions, the "backscattering" of Alder, Gass & Wainwright 1970), below it
 * near freezing (caging). In 2-D the long-time tail makes D grow with ln t, so no such law exists. */
export function correctedDiffusion(phi, T) {
  const n = 6 * phi / Math.PI;
  return (3 / 8) * Math.sqrt(T / Math.PI) / n * (1 - n / 1.09) * (1 + n * n * (0.4 - 0.83 * n * n));
}

/** The first Sonine coefficient a2 of the homogeneous cooling state (van Noije & Ernst 1998,
 * Granular Matter 1, 57): the velocity distribution's excess kurtosis; it changes sign at e = 1/√2. */
export function sonineA2(e, dim) {
  return 16 * (1 - e) * (1 - 2 * e * e) / (9 + 24 * dim - e * (41 - 8 * dim) + 30 * e * e * (1 - e));
}

/** Haff's law from (t1, T1): T(t) = T1 / (1 + (t - t1)/t0)^2, 1/t0 = (1 - e^2) w(T1) / (2 dim),
 * with the Enskog rate w; `a2` (sonineA2) scales the cooling rate by 1 + 3 a2 / 16 (same paper). */
export function haffTemperature(t, { t1 = 0, T1 = 1, e, phi, dim, a2 = 0 }) {
  const inv = (1 - e * e) * enskogRate(phi, dim, T1) / (2 * dim) * (1 + 3 * a2 / 16);
  return T1 / (1 + (t - t1) * inv) ** 2;
}

/** The upper bound on a rate per trial when none of `n` trials counted an event, at confidence
 * `level`: Poisson P(0) = exp(−λn) = 1 − level (the "rule of three", 3.0/n at 95 %). Zero three-body
 * events in 10⁷ events bound the rate below 3.0·10⁻⁷, not 10⁻⁷. */
export function zeroCountUpperBound(n, level = 0.95) {
  return n > 0 ? -Math.log(1 - level) / n : Infinity;
}

/** A count per event as printed in the Fig. 5 tables: the rate, or for a count of zero its 95 %
 * upper bound. */
export function perEventText(count, events) {
  return count ? (count / events).toExponential(2) : `< ${zeroCountUpperBound(events).toExponential(1)} (95 %)`;
}

/** ln Γ(a), a > 0 (Lanczos, g = 7: 15 digits). */
function lnGamma(a) {
  const c = [0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059,
    12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7];
  if (a < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * a)) - lnGamma(1 - a);
  a -= 1;
  let x = c[0];
  for (let k = 1; k < 9; k++) x += c[k] / (a + k);
  const t = a + 7.5;
  return 0.5 * Math.log(2 * Math.PI) + (a + 0.5) * Math.log(t) - t + Math.log(x);
}

/** The regularised lower incomplete gamma function P(a, x): a series below a + 1, Lentz's
 * continued fraction for Q = 1 − P above. */
function gammaP(a, x) {
  if (x <= 0) return 0;
  const front = Math.exp(a * Math.log(x) - x - lnGamma(a));
  if (x < a + 1) {
    let term = 1 / a, sum = term;
    for (let n = 1; n < 1000 && Math.abs(term) > 1e-16 * Math.abs(sum); n++) { term *= x / (a + n); sum += term; }
    return sum * front;
  }
  let b = x + 1 - a, c = 1e300, d = 1 / b, h = d;
  for (let n = 1; n < 1000; n++) {
    const an = -n * (n - a);
    b += 2;
    d = an * d + b; if (Math.abs(d) < 1e-300) d = 1e-300;
    c = b + an / c; if (Math.abs(c) < 1e-300) c = 1e-300;
    d = 1 / d;
    const del = d * c;
    h *= del;
    if (Math.abs(del - 1) < 1e-16) break;
  }
  return 1 - front * h;
}

/** The x with P(a, x) = p, by bisection. */
function gammaPInverse(a, p) {
  let lo = 0, hi = a + 40 * Math.sqrt(a) + 60;
  for (let k = 0; k < 200; k++) { const m = 0.5 * (lo + hi); if (gammaP(a, m) < p) lo = m; else hi = m; }
  return 0.5 * (lo + hi);
}

/** The exact (Garwood) interval of a Poisson mean from a count k at confidence `level`: central,
 * [Γ⁻¹(α/2; k), Γ⁻¹(1 − α/2; k + 1)]; for k = 0 the one-sided bound [0, −ln α] that
 * zeroCountUpperBound gives. Divide by the trials for a rate. */
export function poissonInterval(k, level = 0.95) {
  const alpha = 1 - level;
  if (k === 0) return [0, -Math.log(alpha)];
  return [gammaPInverse(k, alpha / 2), gammaPInverse(k + 1, 1 - alpha / 2)];
}
