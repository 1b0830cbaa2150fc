// The overlap function where the naive pane first met undefined dynamics (the core's
// edpd_get_first_failure), as the paper draws it in Fig. 1: f(Δt) = f0 + f1 Δt + f2 Δt²/2 around
// the moment the detector was asked, where it meets f = 0 (contact), and what the textbook formula
// (Eq. 12) and the stable rule (Eq. 10) answer for it. Plain module, no DOM.
import { fmt } from './format.js';

const SAMPLES = 121;
const SUPERSCRIPT = { '-': '⁻', 0: '⁰', 1: '¹', 2: '²', 3: '³', 4: '⁴', 5: '⁵', 6: '⁶', 7: '⁷', 8: '⁸', 9: '⁹' };
/** 10^k as text: 10⁻⁹ (1 for k = 0). */
export const powerOfTen = (k) => (k === 0 ? '1' : `10${String(k).replace(/./g, (c) => SUPERSCRIPT[c])}`);

/** f(Δt) of a failure record. */
export const overlapAt = (f, dt) => f[0] + f[1] * dt + 0.5 * f[2] * dt * dt;

/** The Δt window that shows the failure: the textbook root (negative) and now; or, without a real
 * root, now and the turning point, where f comes closest to contact. */
export function overlapWindow(failure) {
  const { f, naive, stable } = failure;
  const turn = f[2] !== 0 ? -f[1] / f[2] : NaN;
  let scale = Number.isFinite(naive.dt) && naive.dt !== 0 ? Math.abs(naive.dt)
    : stable.dt > 0 && Number.isFinite(stable.dt) ? stable.dt
      : Number.isFinite(turn) && turn !== 0 ? Math.abs(turn)
        : f[1] !== 0 ? Math.abs(f[0] / f[1]) : 1;
  if (!(scale > 0) || !Number.isFinite(scale)) scale = 1;
  if (Number.isFinite(naive.dt) && naive.dt < 0) return [-2 * scale, scale];
  if (!Number.isFinite(naive.dt) && turn > 0) return [-turn, 3 * turn];
  return [-2 * scale, 2 * scale];
}

/** Everything the plot and its caption need, in powers of ten that keep uPlot's ticks readable
 * (f is about 1e-16 σ near a rounding error, Δt 1e-9). `lengthUnit`: 'σ', or 'file units';
 * `timeUnit` likewise; `subject`: who failed, if the particle numbers do not say it well (a ball).
 * { xs, ys, naive: [Δt, f] | null, stable: [Δt, f] | null (both in plot units), xExp, yExp,
 *   xLabel, yLabel, naiveLabel, caption } */
export function overlapPlot(failure, { detector, lengthUnit = 'σ', timeUnit = 'time units', subject = null } = {}) {
  const { f, naive, stable } = failure;
  const [lo, hi] = overlapWindow(failure);
  const xExp = Math.floor(Math.log10(Math.max(Math.abs(lo), Math.abs(hi))));
  const dts = Array.from({ length: SAMPLES }, (_, k) => lo + ((hi - lo) * k) / (SAMPLES - 1));
  const marks = [0];
  if (Number.isFinite(naive.dt) && naive.dt >= lo && naive.dt <= hi) marks.push(naive.dt);
  if (Number.isFinite(stable.dt) && stable.dt >= lo && stable.dt <= hi) marks.push(stable.dt);
  for (const m of marks) if (!dts.includes(m)) dts.push(m);
  dts.sort((a, b) => a - b);
  const values = dts.map((dt) => overlapAt(f, dt));
  const biggest = Math.max(...values.map(Math.abs), Math.abs(f[0]));
  const yExp = biggest > 0 ? Math.floor(Math.log10(biggest)) : 0;
  const sx = 10 ** -xExp, sy = 10 ** -yExp;
  const at = (dt) => [dt * sx, overlapAt(f, dt) * sy];
  const pair = failure.particles[1] >= 0;
  const unit = pair ? (lengthUnit === 'σ' ? 'σ²' : `(${lengthUnit})²`) : lengthUnit;
  return {
    xs: dts.map((dt) => dt * sx),
    ys: values.map((v) => v * sy),
    naive: Number.isFinite(naive.dt) ? at(naive.dt) : null,
    stable: Number.isFinite(stable.dt) && stable.dt >= lo && stable.dt <= hi ? at(stable.dt) : null,
    xExp, yExp,
    xLabel: `Δt [${powerOfTen(xExp)} ${timeUnit}]`,
    yLabel: `f [${powerOfTen(yExp)} ${unit}]`,  // short: the side panel's plot is ~140 px tall, and "(file units)²" is long
    naiveLabel: `${detector} (Eq. 12): ${Number.isFinite(naive.dt) ? `Δt = ${num(naive.dt)}` : 'no real root'}`,
    caption: overlapCaption(failure, { detector, unit, subject }),
  };
}

const num = (x) => fmt(x, 2);

/** The failure in three sentences: the state (f and f′ now), the textbook's answer and what the
 * naive detector did with it, and the stable rule's answer for the same f. */
export function overlapCaption(failure, { detector, unit = 'σ²', subject = null }) {
  const { f, naive, stable, particles } = failure;
  const who = subject ?? (particles[1] >= 0 ? `particles ${particles[0]} and ${particles[1]}` : `particle ${particles[0]} and plane ${-1 - particles[1]}`);
  const state = `At t = ${fmt(failure.time, 10)}, ${who}: f(0) = ${num(f[0])} ${unit}, ${f[0] < 0 ? 'overlapping (by rounding)' : f[0] === 0 ? 'touching' : 'apart'}; ` +
    `f′(0) = ${num(f[1])}, ${f[1] < 0 ? 'approaching' : f[1] > 0 ? 'receding' : 'at rest relative to each other'}.`;
  const did = {
    halted: `${detector} stops`,
    ignored: `${detector} takes it for no impact, and ${particles[1] < 0 ? 'the sphere falls through' : 'the pair passes into each other'}`,
    executed: `${detector} executes it, running the clock back`,
  }[naive.action] ?? detector;
  const textbook = naive.answer === 'no-real-root'
    ? `Textbook formula (Eq. 12): no real root — f never reaches 0 again, so there is no impact time; ${did}.`
    : `Textbook formula (Eq. 12): Δt = ${num(naive.dt)}, an impact in the past; ${did}.`;
  const rule = {
    stabilising: 'Stable rule (Eq. 10: the first Δt ≥ 0 with f ≤ 0 and f′ < 0): an impact now, Δt = 0 — a stabilising event, so the overlap cannot grow.',
    'turning-point': `Stable rule (Eq. 10, Algorithm 2): an impact at the turning point, Δt = ${num(stable.dt)}, where f′ turns negative while f ≤ 0.`,
    root: `Stable rule (Eq. 10): an impact at Δt = ${num(stable.dt)}.`,
    none: 'Stable rule (Eq. 10): no impact.',
  }[stable.answer];
  return `${state} ${textbook} ${rule}`;
}
