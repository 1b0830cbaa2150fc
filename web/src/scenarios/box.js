// An experiment built from parts (the builder, view/builder-panel.js; the core's box scenario):
// a square or cubic box at a packing fraction, walls on chosen axes and periodic images along
// the others, gravity tilted towards +x, up to four species in their own colours and an
// intruder, a vibrated floor, a potential, a thermostat and growth. Every part is a link field,
// so a link reproduces both panes; the naive detector left, the stable one right, as everywhere.
import { fmt } from '../model/format.js';
import { DISTANCE, gasFlags, paneDistance } from './gas.js';
import { gasStory, count } from './stories.js';

/** A vibrated floor's amplitude: half a diameter, so Γ = Aω²/g sets ω. */
export const FLOOR_AMPLITUDE = 0.5;
/** The species' colours when a link gives none, then the intruder's: distinct from the failure
 * colour and from each other, on the dark page and the projector's white. */
export const SPECIES_COLORS = ['4e8fe8', 'e0a030', '3fae6f', '9b6ad8'];
export const INTRUDER_COLOR = 'b0703a';

/** Each species' colour, then the intruder's: the link's where it gives them. */
export function speciesColors(s) {
  const own = s.col ?? [];
  const colors = s.sp.map((_, k) => own[k] ?? SPECIES_COLORS[k % SPECIES_COLORS.length]);
  return [...colors, own[s.sp.length] ?? INTRUDER_COLOR].map((c) => `#${c}`);
}

/** The builder's state as the core's box configuration (csrc/setup/box.c): a part left at its
 * default stays out, so the CLI command holds only what was built. */
export function boxConfig(s, detector) {
  const c = { scenario: 'box', detector, dim: s.dim, species: s.sp.map((x) => [...x]), packingFraction: s.phi, walls: s.walls, start: s.start,
    restitution: s.e, seed: s.seed };
  if (s.intruder > 0) c.intruderDiameter = s.intruder;
  if (Array.isArray(s.wr)) c.wallRestitutions = [...s.wr];
  else if (s.wr !== 1) c.wallRestitution = s.wr;
  if (s.grav > 0) c.gravity = s.grav;
  if (s.grav > 0 && s.tilt !== 0) c.gravityAngle = s.tilt;
  if (s.floor > 0 && s.grav > 0) { c.plateAmplitude = FLOOR_AMPLITUDE; c.plateFrequency = Math.sqrt((s.floor * s.grav) / FLOOR_AMPLITUDE); }
  if (s.tc > 0) c.tc = s.tc;
  if (s.T !== 1) c.temperature = s.T;
  if (s.pot === 'square-well') { c.potential = 'square-well'; c.wellWidth = s.lambda; }
  if (s.pot === 'steps') c.steps = s.steps.map((x) => [...x]);
  if (s.thermo > 0) {
    c.thermostatRate = s.thermo;
    if (s.T !== 1) c.bathTemperature = s.T;
    if (s.quench > 0) { c.quenchAt = s.quench; c.quenchTo = s.Tq; }
  }
  if (s.grow > 0) c.growthRate = s.grow;
  return c;
}

const AXES = { 2: ['x', 'y'], 3: ['x', 'y', 'z'] };

/** A sentence on the walls: "walls on x and y", "periodic along x, walls on y", … */
export function wallsText(s) {
  const axes = AXES[s.dim], walled = axes.filter((a) => s.walls.includes(a)), open = axes.filter((a) => !s.walls.includes(a));
  const and = (xs) => (xs.length > 1 ? `${xs.slice(0, -1).join(', ')} and ${xs[xs.length - 1]}` : xs[0]);
  if (!walled.length) return 'periodic along every axis';
  const each = Array.isArray(s.wr) ? walled.map((a) => { const k = 2 * 'xyz'.indexOf(a); return `${a}: ${fmt(s.wr[k], 3)} and ${fmt(s.wr[k + 1], 3)}`; }).join('; ') : null;
  return `${open.length ? `periodic along ${and(open)}, ` : ''}walls on ${and(walled)}${each ? ` (restitution ${each})` : s.wr !== 1 ? ` (restitution ${fmt(s.wr, 3)})` : ''}`;
}

/** What each species is, in words: "150 of σ = 1 (m = 1), 50 of σ = 1.6 (m = 4)". */
export function speciesText(s) {
  return s.sp.map(([k, d, m]) => `${k} of σ = ${fmt(d, 4)} (m = ${fmt(m, 4)})`).join(', ');
}

export default {
  id: 'box',
  title: 'Your experiment (builder)',
  view: 'gas',
  story: boxStory,
  blurb: (s) => {
    const grains = s.dim === 3 ? 'spheres' : 'disks';
    const n = s.sp.reduce((a, [k]) => a + k, 0) + (s.intruder > 0 ? 1 : 0);
    return `An experiment built in the builder (Build, b): ${n} ${grains} — ${speciesText(s)}${s.intruder > 0 ? `, and one intruder ${fmt(s.intruder, 3)} diameters across` : ''} — ` +
      `in a ${s.dim === 3 ? 'cubic' : 'square'} box at packing fraction ${fmt(s.phi, 3)}, ${wallsText(s)}; ` +
      `${s.grav > 0 ? `gravity g = ${fmt(s.grav, 3)} down${s.tilt ? `, tilted ${fmt(s.tilt, 3)}° towards +x` : ''}${s.floor > 0 ? `, the floor vibrated at Γ = ${fmt(s.floor, 3)}` : ''}; ` : 'no gravity; '}` +
      `restitution ${fmt(s.e, 3)}${s.tc > 0 ? ` (TC model, t_c = ${fmt(s.tc, 3)})` : ''}` +
      `${s.pot === 'square-well' ? `; a square well out to λ = ${fmt(s.lambda, 3)}` : s.pot === 'steps' ? `; a stepped potential (${s.steps.map(([r, u]) => `U = ${fmt(u, 3)} out to ${fmt(r, 3)}`).join(', ')})` : ''}${s.thermo > 0 ? `; a thermostat at kT = ${fmt(s.T, 3)}${s.quench > 0 ? `, quenched to ${fmt(s.Tq, 3)} at t = ${fmt(s.quench, 4)}` : ''}` : ''}` +
      `${s.grow > 0 ? `; the diameters grow as σ(1 + γt), γ = ${fmt(s.grow, 3)}` : ''}; started ${s.start === 'lattice' ? 'on a lattice' : s.start === 'random' ? 'at random' : 'in layers on the floor'}. ` +
      'The naive detector runs on the left, the stable one on the right, from the same state.';
  },
  params: ['naive', 'dim', 'sp', 'col', 'intruder', 'phi', 'walls', 'wr', 'start', 'grav', 'tilt', 'floor', 'e', 'tc', 'pot', 'lambda', 'steps', 'T', 'thermo', 'quench', 'Tq', 'grow', 'seed', 'speed'],
  // a granular mixture of two sizes (equally dense) on a vibrated floor in a walled box: the
  // naive pane's grains fall through the floor within seconds; a bed at rest would cost the TC
  // model's contacts some 10^6 events per time unit, a shaken one a few 10^4
  defaults: { naive: 'miss', dim: 2, sp: [[150, 1, 1], [50, 1.6, 2.56]], col: [], intruder: 0, phi: 0.2, walls: 'xy', wr: 1, start: 'layered', grav: 1, tilt: 0, floor: 3,
    e: 0.8, tc: 1e-4, pot: 'hard-sphere', lambda: 1.5, steps: [[1.2, -1], [1.5, -0.5]], T: 1, thermo: 0, quench: 0, Tq: 0.35, grow: 0, seed: 1, speed: 4 },
  nMax: 5000,
  units: () => ({ length: 'σ', time: 'σ√(m/kT₀)' }),
  speciesColors,
  builder: true,

  engineConfig: (s, detector) => ({ kind: 'gas', detector, growing: s.grow > 0, species: s.sp.map((x) => [...x]), config: boxConfig(s, detector) }),
  cliFlags: (state, detector, spec) => gasFlags(spec.config),

  columns: () => ['time', 'naive', 'stable', DISTANCE],
  record(model, [fa, fb], t) {
    const s = model.state, [a, b] = model.panes;
    const y = s.grav > 0 ? (f) => meanHeight(f) : (f) => f.stats.temperature;
    model.series.main.push([t, a.time >= t ? y(fa) : null, b.time >= t ? y(fb) : null, paneDistance(fa, fb)]);
  },
  plots: (s, labels) => ({
    main: s.grav > 0
      ? { kind: 'series', title: 'The mean height of the particles in the box', x: 'time t [σ√(m/kT₀)]', y: 'height [σ]', labels, theoryLabel: null, columns: [0, 1, 2, null] }
      : { kind: 'series', title: 'Kinetic temperature', x: 'time t [σ√(m/kT₀)]', y: 'kT [kT₀]', labels, theoryLabel: null, columns: [0, 1, 2, null], logY: s.e < 1 && s.thermo === 0 },
    hist: true,
    distance: { column: DISTANCE },
  }),
};

/** The mean height of a frame's particles in the box, up it (y in 2-D, z in 3-D): those a naive
 * detector let through the floor (below its lowest point, 0) are the badge's, not the plot's, so
 * that the line stays on the scale of the bed. null when none is left. */
export function meanHeight(frame) {
  const r = frame.positions, up = frame.dim === 3 ? 2 : 1;
  let sum = 0, k = 0;
  for (let i = 0; i < frame.n; i++) if (r[3 * i + up] >= 0) { sum += r[3 * i + up]; k++; }
  return k ? sum / k : null;
}

/** What each detector did in a built experiment: a particle through a wall, else as in a gas. */
export function boxStory(detector, frame) {
  const s = frame.stats;
  if (detector !== 'stable' && s.fellThrough > 0 && frame.status.status !== 'halted') {
    return `${detector} took impacts with a wall it could not compute for none: ${count(s.fellThrough, 'particle')} went through ${s.fellThrough === 1 ? 'a wall' : 'the walls'}.`;
  }
  return gasStory(detector, frame);
}
