// The experiment builder's model: its form (groups of the box scenario's link fields, each with
// its range from url-state.js FIELDS, which takes them from the core's schema, and a one-line
// help), and the check of a built experiment — every field in its range, then the core's own
// verdict on the whole (a gravity along a periodic axis, a start with no room), its error
// brought back to the field where it is entered. No DOM: the panel (view/builder-panel.js)
// draws it, and tests run it in Node.
import { FIELDS, SPECIES_RANGE, parseSpecies, parseSteps, encodeSteps } from './url-state.js';
import box from '../scenarios/box.js';

/** The form, in the order a lecturer thinks of an experiment. `show(s)`: the field applies. */
export const GROUPS = [
  { title: 'Box', fields: [
    { key: 'dim', label: 'Dimension', kind: 'select', options: [2, 3], help: '2: disks in a plane; 3: spheres' },
    { key: 'phi', label: 'Packing fraction φ', kind: 'number', step: 0.01, help: 'the particles\' share of the box: it sets the box\'s edge' },
    { key: 'walls', label: 'Walls', kind: 'axes', help: 'a wall at each end of a ticked axis; the others are periodic (what leaves comes back)' },
    { key: 'wr', label: 'Walls\' restitution', kind: 'restitutions', step: 0.05, help: '1: elastic walls; below 1 they take energy; tick to give each wall its own (a sticky floor)', show: (s) => s.walls !== 'none' },
    { key: 'start', label: 'Start', kind: 'select', options: FIELDS.start.values, help: 'lattice: a square or cubic grid; random: non-overlapping at random; layered: stacked on the floor' },
  ] },
  { title: 'Gravity', fields: [
    { key: 'grav', label: 'Gravity g', kind: 'number', step: 0.1, help: `0: none; down ${'y'} in 2-D, z in 3-D (needs walls there)` },
    { key: 'tilt', label: 'Tilt [°]', kind: 'number', step: 5, help: 'gravity turned towards +x (needs walls on x)', show: (s) => s.grav > 0 },
    { key: 'floor', label: 'Vibrated floor Γ', kind: 'number', step: 0.5, help: 'the floor shakes with amplitude σ/2 at Γ = Aω²/g (0: still)', show: (s) => s.grav > 0 },
  ] },
  { title: 'Particles', fields: [
    { key: 'sp', label: 'Species', kind: 'species', help: 'count, diameter [σ], mass and colour of each (1 to 4 species)' },
    { key: 'intruder', label: 'Intruder diameter', kind: 'number', step: 1, help: 'one large particle as dense as species 1, in diameters of species 1 (0: none)' },
  ] },
  { title: 'Interactions', fields: [
    { key: 'e', label: 'Restitution ε', kind: 'number', step: 0.05, help: '1: elastic; below 1 a granular gas that cools' },
    { key: 'tc', label: 'TC model t_c', kind: 'number', step: 0.0001, help: 'impacts within t_c of a particle\'s last are elastic: keeps a bed at rest from collapse (0: off)', show: (s) => s.e < 1 },
    { key: 'pot', label: 'Potential', kind: 'select', options: FIELDS.pot.values, help: 'hard spheres, a hard core with a well of depth 1 (the energy unit), or steps of your own' },
    { key: 'lambda', label: 'Well width λ', kind: 'number', step: 0.05, help: 'the well\'s edge in contact distances', show: (s) => s.pot === 'square-well' },
    { key: 'steps', label: 'Steps', kind: 'steps', help: 'radius:energy of each step, innermost first, comma-separated (radii in contact distances), e.g. 1.2:-1,1.5:-0.5', show: (s) => s.pot === 'steps' },
  ] },
  { title: 'Temperature', fields: [
    { key: 'T', label: 'Temperature kT', kind: 'number', step: 0.1, help: 'the start\'s, and the thermostat\'s bath' },
    { key: 'thermo', label: 'Thermostat rate', kind: 'number', step: 0.1, help: 'new velocities from the bath per particle and unit time (0: off, energy conserved)' },
    { key: 'quench', label: 'Quench at t', kind: 'number', step: 1, help: 'the bath cools at this time (0: never)', show: (s) => s.thermo > 0 },
    { key: 'Tq', label: 'Quench to kT', kind: 'number', step: 0.05, help: 'the bath\'s temperature after the quench', show: (s) => s.thermo > 0 && s.quench > 0 },
  ] },
  { title: 'Compression', fields: [
    { key: 'grow', label: 'Growth rate γ', kind: 'number', step: 0.001, help: 'every diameter grows as σ(1 + γt) to jamming (0: none; hard spheres)' },
  ] },
  { title: 'Run', fields: [
    { key: 'naive', label: 'Naive pane\'s variant', kind: 'select', options: FIELDS.naive.values, help: 'what the textbook detector does when undefined: halt, miss (pass through) or rewind' },
    { key: 'seed', label: 'Seed', kind: 'number', step: 1, help: 'the random start\'s and velocities\' seed' },
    { key: 'speed', label: 'Speed', kind: 'number', step: 1, help: 'simulation time per second of play' },
  ] },
];

/** The builder's fields by key. */
export const FORM_FIELDS = Object.fromEntries(GROUPS.flatMap((g) => g.fields.map((f) => [f.key, f])));

/** The core's fields (JavaScript names) brought back to the form's. */
const FROM_CORE = {
  dim: 'dim', n: 'sp', species: 'sp', packingFraction: 'phi', walls: 'walls', wallRestitution: 'wr', wallRestitutions: 'wr', start: 'start', gravity: 'grav', gravityAngle: 'tilt',
  plateAmplitude: 'floor', plateFrequency: 'floor', intruderDiameter: 'intruder', restitution: 'e', tc: 'tc', potential: 'pot', wellWidth: 'lambda',
  steps: 'steps', temperature: 'T', bathTemperature: 'T', thermostatRate: 'thermo', quenchAt: 'quench', quenchTo: 'Tq', growthRate: 'grow', seed: 'seed',
};

/** The walls of a dimension's axes: a 3-D box's z is dropped in 2-D. */
export function wallsFor(walls, dim) {
  const axes = ['x', 'y', ...(dim === 3 ? ['z'] : [])].filter((a) => walls.includes(a)).join('');
  return axes || 'none';
}

/** A field's own range (url-state.js FIELDS): an error message, or null. */
function rangeError(key, v, s) {
  const f = FIELDS[key];
  if (f.type === 'enum') return f.values.includes(v) ? null : `must be one of ${f.values.join(', ')}`;
  if (f.type === 'species') {
    const sp = parseSpecies(v.map((x) => x.join('x')).join(','));
    return typeof sp === 'string' ? sp : null;
  }
  if (f.type === 'restitutions') {
    const all = Array.isArray(v) ? v : [v];
    if (Array.isArray(v) && v.length !== 2 * s.dim) return `give each of the ${2 * s.dim} walls its restitution`;
    return all.every((x) => typeof x === 'number' && x >= f.min && x <= f.max) ? null : `must be in [${f.min}, ${f.max}]`;
  }
  if (f.type === 'steps') {
    const st = typeof v === 'string' ? parseSteps(v) : parseSteps(encodeSteps(v));
    return typeof st === 'string' ? st : null;
  }
  if (f.type === 'colors' || f.type === 'bool') return null;
  if (key === 'dim') return v === 2 || v === 3 ? null : 'must be 2 or 3';
  if (typeof v !== 'number' || !Number.isFinite(v)) return 'must be a number';
  if (f.type === 'int' && !Number.isInteger(v)) return 'must be a whole number';
  if (v < f.min || v > f.max) return `must be in [${f.min}, ${f.max}]`;
  return null;
}

/** The particles a built experiment has (the species' counts and the intruder). */
export const particleCount = (s) => s.sp.reduce((a, [k]) => a + k, 0) + (s.intruder > 0 ? 1 : 0);

/**
 * Check a built experiment: { field, message } for the first thing wrong (field: the form's key),
 * or null. `api`: the loaded WebAssembly API (edpd.js), which builds the stable pane's world as
 * the run will — the core's check of the whole, and of the start's room — and frees it at once.
 */
export function checkExperiment(s, api, { nMax = box.nMax } = {}) {
  for (const g of GROUPS) {
    for (const f of g.fields) {
      if (f.show && !f.show(s)) continue;  // what does not apply is not built
      const message = rangeError(f.key, s[f.key], s);
      if (message) return { field: f.key, message: `${f.label}: ${message}` };
    }
  }
  const n = particleCount(s);
  if (n > nMax) return { field: 'sp', message: `Species: ${n} particles in all; a browser's builder runs at most ${nMax} per pane (the CLI runs more)` };
  if (!api) return null;
  let sim = null;
  try {
    sim = api.createSimulation(box.engineConfig(s, 'stable').config);
  } catch (e) {
    const text = String(e?.message ?? e), core = text.match(/^(\w+): /)?.[1];
    const key = FROM_CORE[core] ?? null;
    const label = key ? FORM_FIELDS[key]?.label ?? key : null;
    return { field: key, message: label ? `${label}: ${text.slice(core.length + 2)}` : text };
  } finally {
    sim?.destroy();
  }
  return null;
}

/** What the built box is, in a line: its particles and its edge (from the core's world). */
export function describeExperiment(s, api) {
  const n = particleCount(s);
  let edge = null;
  if (api) {
    let sim = null;
    try {
      sim = api.createSimulation(box.engineConfig(s, 'stable').config);
      edge = sim.box()[0];
    } catch { /* checkExperiment says why */ } finally { sim?.destroy(); }
  }
  return `${n.toLocaleString('en')} ${s.dim === 3 ? 'spheres' : 'disks'}${edge ? ` in a box ${edge.toPrecision(3)} σ wide` : ''}`;
}

export { SPECIES_RANGE };
