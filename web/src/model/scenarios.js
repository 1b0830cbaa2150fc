// The app's scenarios: which parameters each one has, their defaults (chosen so the naive and
// stable panes diverge within seconds), and the engine config each pane gets. No DOM.

import { ballCollapseTime } from './theory.js';

export const SCENARIO_IDS = ['ball', 'ball-array', 'granular', 'elastic'];
// A link may also name a state file on the same site (scenario=file&state=PATH); a file opened from
// the computer has no link. Not among SCENARIO_IDS: no key or menu entry starts one without a file.
export const LINK_SCENARIOS = [...SCENARIO_IDS, 'file'];
export const NAIVE_VARIANTS = ['halt', 'miss', 'rewind'];

export const SCENARIOS = {
  ball: {
    title: 'Bouncing ball',
    // the rest time follows ε and g (Fig. 7's own case, ε = 0.5 and g = 1, gives t = 3)
    blurb: ({ e, g }) => 'One ball dropped on a plate (the paper\'s Fig. 7). ' + (e >= 1
      ? 'With ε = 1 it never comes to rest: every bounce is as high as the first. '
      : e > 0 ? `Exact solution: it comes to rest at t = ${+ballCollapseTime(e, g).toPrecision(6)} after infinitely many ever shorter bounces. `
        : `With ε = 0 it stops dead at its first impact, t = ${+ballCollapseTime(e, g).toPrecision(6)}. `) +
      'With the paper\'s ε = 0.5 and g = 1 the naive detector meets a negative square root after ~28 bounces for about a quarter of the plate offsets ' +
      '(half in the paper; the Paper page says why), the default one among them; the stable one reaches the collapse.',
    params: ['naive', 'e', 'g', 'plate', 'speed'],
    // speed 1: the naive ball halts about 3 s after the link opens
    defaults: { naive: 'halt', e: 0.5, g: 1, plate: 0.763774618976614, speed: 1 },
  },
  'ball-array': {
    title: 'Ball array',
    blurb: 'Independent balls in rows, each on its own plate, plate offsets r_plate sampled uniformly in [0, 1): the paper\'s sweep made visible ' +
      '(magenta: a ball that halted or fell through). ' +
      'Only the floating-point representation differs between balls.',
    params: ['naive', 'n', 'e', 'g', 'seed', 'speed'],
    defaults: { naive: 'halt', n: 100, e: 0.5, g: 1, seed: 1, speed: 0.5 },
  },
  granular: {
    title: 'Granular gas',
    blurb: 'A freely cooling inelastic gas: Haff\'s law (dashed) holds while it stays homogeneous; once clusters form it cools more slowly. ' +
      'Three-body events create overlapped, approaching pairs: ' +
      'naive detectors halt, let particles pass through each other or run the clock backwards; the stable one applies stabilising impacts. ' +
      'The TC model (t_c) stops genuine inelastic collapse. ' +
      'Dense 2-D gases cluster within seconds; a 3-D gas at moderate density rarely brings three particles together so closely, and its naive panes may run fine. ' +
      'An elastic start (elastic until t) first makes the lattice an equilibrium fluid, from which Haff\'s law starts exactly. ' +
      'The lowest plot: how far apart the panes\' particles are (rounding, amplified by chaos).',
    params: ['naive', 'dim', 'n', 'phi', 'e', 'tc', 'eq', 'seed', 'speed'],
    defaults: { naive: 'halt', dim: 2, n: 2000, phi: 0.6, e: 0.5, tc: 1e-9, eq: 0, seed: 1, speed: 4 },
  },
  elastic: {
    title: 'Elastic gas',
    blurb: 'Elastic hard spheres for comparison: energy is conserved and the pressure follows the fluid\'s equation of state (dashed: Liu 2020, a refinement of Carnahan–Starling in 3-D and Henderson in 2-D) ' +
      'up to the fluid\'s limit — freezing at φ = 0.494 in 3-D, the hexatic phase from φ = 0.70 in 2-D; beyond it no fluid curve is drawn. ' +
      'The panes start identical, yet their particles part ways (lowest plot): the two detectors compute some collision times one rounding apart, ' +
      'and hard-sphere dynamics is chaotic, so the difference grows from 10⁻¹⁶ to a particle\'s size within a few dozen collisions per particle. ' +
      'Both runs are right; what they share is their statistics (kT, Z).',
    params: ['naive', 'dim', 'n', 'phi', 'seed', 'speed'],
    defaults: { naive: 'halt', dim: 3, n: 2000, phi: 0.3, seed: 1, speed: 1 },
  },
  // A run from a state file (extended XYZ: the app's particles (XYZ) buttons, `edpd run --dump`,
  // OVITO, ASE), opened from the computer or named by a link (`state`, a path on this site).
  file: {
    title: 'From a state file',
    blurb: ({ file, state }) => `${file.name}: ${file.n.toLocaleString('en')} particle${file.n === 1 ? '' : 's'} in ${file.dim}-D from t = ${file.time}` +
      `${file.frames > 1 ? `, frame ${file.frame} of its ${file.frames} (0 the first)` : ''}. ` +
      'Both panes start from it; the impacts\' restitution and t_c are the file\'s (elastic without the TC model when it has none), as for `edpd run --load`. ' +
      (file.gravity ? 'Under the file\'s gravity kT rises and falls as the particles fall and climb: the dashed line, the start\'s kT, is only a reference. '
        : 'The dashed line is the start\'s kT, which elastic impacts without gravity keep. ') +
      (state ? `Its link names ${state} on this site.` : 'A link cannot carry a file from your computer: to share this run, share the file and the command under Share and export ' +
        '(or put it on the site beside the app and link it as state=PATH).'),
    params: ['state', 'naive', 'frame', 'speed'],
    defaults: { naive: 'halt', speed: 1 },
  },
};

/** Each dimension's own default density: a 3-D gas at the 2-D default φ = 0.6 would be near
 * jamming, where nothing visibly moves. */
export const DIM_DEFAULTS = {
  granular: { 2: { phi: 0.6 }, 3: { phi: 0.3 } },
  elastic: { 2: { phi: 0.5 }, 3: { phi: 0.3 } },
};

/** The state with one parameter changed and the ones that depend on it re-derived: another
 * dimension brings its own default density. */
export function withParam(state, key, value) {
  const next = { ...state, [key]: value };
  const dims = DIM_DEFAULTS[state.scenario];
  if (key === 'dim' && dims?.[value] && value !== state.dim) Object.assign(next, dims[value]);
  return next;
}

/** The parameters the panel shows: for a state file's run not its path, and its frame only for a trajectory. */
export function paramsOf(state) {
  const params = SCENARIOS[state.scenario].params;
  return state.scenario === 'file' ? params.filter((k) => k !== 'state' && (k !== 'frame' || state.file.frames > 1)) : params;
}

/** The range of a state file's frame (the other parameters' are the link's, url-state.js FIELDS). */
export function frameField(file) {
  return { type: 'int', min: 0, max: Math.max(0, file.frames - 1) };
}

/** The state of a run from a state file: name, text and what probeStateFile read from the frame
 * it starts at ({ n, dim, time, frame, frames }); `state`, the file's path on this site when a
 * link names it (a file from the computer has none), and a link's t and paused. */
export function fileState(name, text, info, { naive = 'halt', speed = 1, embed = false, state, t = 0, paused = false } = {}) {
  return { scenario: 'file', ...(state ? { state } : {}), naive, speed, t, paused, embed, file: { name, text, ...info } };
}

/** The scenario's text beside the panes, for the state's parameters. */
export function scenarioBlurb(state) {
  const b = (SCENARIOS[state.scenario] ?? SCENARIOS.ball).blurb;
  return typeof b === 'function' ? b(state) : b;
}

/** Full default state of a scenario (every URL field, relevant or not). */
export function defaultState(scenario = 'ball') {
  // a state file's run: its link's fields, before the file is fetched (fileState then holds it)
  const known = LINK_SCENARIOS.includes(scenario);
  return { scenario: known ? scenario : 'ball', ...SCENARIOS[known ? scenario : 'ball'].defaults, t: 0, paused: false, embed: false };
}

/** Engine configs for the two panes of a state: [naive, stable]. */
export function paneConfigs(state) {
  const naive = `naive-${state.naive}`;
  return [naive, 'stable'].map((detector) => engineConfig(state, detector));
}

export function engineConfig(state, detector) {
  switch (state.scenario) {
    case 'ball':
      return { kind: 'balls', detector, count: 1, plateOffsets: [state.plate], restitution: state.e, gravity: state.g };
    case 'ball-array':
      return { kind: 'balls', detector, count: state.n, seed: state.seed, restitution: state.e, gravity: state.g };
    case 'file':
      return { kind: 'file', detector, text: state.file.text, frame: state.file.frame, name: state.file.name };
    case 'granular':
      return { kind: 'gas', detector, config: { scenario: 'granular', detector, dim: state.dim, n: state.n, packingFraction: state.phi, restitution: state.e, tc: state.tc,
        ...(state.eq > 0 ? { elasticUntil: state.eq } : {}), seed: state.seed } };
    default:
      return { kind: 'gas', detector, config: { scenario: 'elastic', detector, dim: state.dim, n: state.n, packingFraction: state.phi, seed: state.seed } };
  }
}

/** The CLI flag of each engine config field (edpd run). */
const CLI_FLAGS = { scenario: '--scenario', detector: '--detector', dim: '--dim', n: '--n', packingFraction: '--packing-fraction',
  restitution: '--restitution', tc: '--tc', elasticUntil: '--elastic-until', seed: '--seed' };

/** The native command that runs a pane's configuration to time t (`edpd run … --json`): its
 * state_hash equals the pane's, since both run the same engine to the same clock (the app's
 * steps on the way do not change a trajectory). Derived from engineConfig(), so the command is
 * the pane's own configuration; a config field without a flag is an error, not a silent drop.
 * Numbers are written in JavaScript's shortest round-trip form, which strtod reads back to the
 * same double. null for the ball array, whose many independent worlds are the CLI's `edpd sweep`. */
export function cliCommand(state, detector, t) {
  const spec = engineConfig(state, detector);
  let flags;
  if (spec.kind === 'file') {
    // --until: the clock itself (--time counts from the file's Time, and Time + (t − Time) can
    // round off t, so the run would end an ulp away from the pane's clock)
    const f = state.file;
    return ['build/edpd', 'run', '--load', shellWord(f.name), ...(f.frames > 1 ? ['--frame', String(f.frame)] : []),
      '--detector', detector, '--until', String(t), '--json'].join(' ');
  }
  if (spec.kind === 'gas') {
    flags = Object.entries(spec.config).map(([key, value]) => {
      if (!CLI_FLAGS[key]) throw new Error(`cliCommand: no CLI flag for the engine config field '${key}'`);
      return [CLI_FLAGS[key], value];
    });
  } else if (spec.count === 1) {
    flags = [['--scenario', 'bouncing-ball'], ['--detector', detector], ['--plate-offset', spec.plateOffsets[0]],
      ['--restitution', spec.restitution], ['--gravity', spec.gravity]];
  } else {
    return null;
  }
  return ['build/edpd', 'run', ...flags.flat().map(String), '--time', String(t), '--json'].join(' ');
}

/** A file name as one shell word: as it is when it is plain, else in single quotes. */
export function shellWord(name) {
  return /^[\w.,@%+=:/-]+$/.test(name) ? name : `'${name.replace(/'/g, "'\\''")}'`;
}
