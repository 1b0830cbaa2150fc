// The run definitions of the app's scenarios, over the registry (scenarios/index.js): states with
// their defaults, the engine config each pane gets, the native command of a pane. No DOM, and no
// scenario named here: each one's particulars live in its own module.

import { REGISTRY, SCENARIO_IDS, LINK_SCENARIOS, DEFAULT_SCENARIO, scenarioOf } from '../scenarios/index.js';

export { SCENARIO_IDS, LINK_SCENARIOS, DEFAULT_SCENARIO, scenarioOf };
export const NAIVE_VARIANTS = ['halt', 'miss', 'rewind'];
/** Title, blurb, params and defaults of each scenario, by id. */
export const SCENARIOS = REGISTRY;

/** The parameters the panel shows: for a state file's run not its path, and its frame only for a trajectory. */
export function paramsOf(state) {
  const params = scenarioOf(state.scenario).params;
  return state.file ? params.filter((k) => k !== 'state' && (k !== 'frame' || state.file.frames > 1)) : params;
}

/** The range of a state file's frame (the other parameters' are the link's, url-state.js FIELDS). */
export function frameField(file) {
  return { type: 'int', min: 0, max: Math.max(0, file.frames - 1) };
}

/** The state of a run from a state file: name, text and what probeStateFile read from the frame
 * it starts at ({ n, dim, time, frame, frames }); `state`, the file's path on this site when a
 * link names it (a file from the computer has none), and a link's t and paused. */
export function fileState(name, text, info, { naive = 'halt', speed = 1, embed = false, state, t = 0, paused = false } = {}) {
  const id = LINK_SCENARIOS.find((k) => REGISTRY[k].fromFile);
  return { scenario: id, ...(state ? { state } : {}), naive, speed, t, paused, embed, file: { name, text, ...info } };
}

/** The scenario's text beside the panes, for the state's parameters. */
export function scenarioBlurb(state) {
  const b = scenarioOf(state.scenario).blurb;
  return typeof b === 'function' ? b(state) : b;
}

/** The scenario's one-click experiments for this state: [{ label, change }], each a change of
 * parameters that makes a new run (and a new link). */
export function scenarioExperiments(state) {
  return scenarioOf(state.scenario).experiments?.(state) ?? [];
}

/** Full default state of a scenario (every URL field, relevant or not). */
export function defaultState(scenario = DEFAULT_SCENARIO) {
  // a state file's run: its link's fields, before the file is fetched (fileState then holds it)
  const known = LINK_SCENARIOS.includes(scenario) ? scenario : DEFAULT_SCENARIO;
  return { scenario: known, ...REGISTRY[known].defaults, t: 0, paused: false, embed: false };
}

/** Each scenario's density per dimension, where it has one (scenarios' dimDefaults). */
export const DIM_DEFAULTS = Object.fromEntries(LINK_SCENARIOS.filter((id) => REGISTRY[id].dimDefaults).map((id) => [id, REGISTRY[id].dimDefaults]));

/** The state with one parameter changed and the ones that depend on it re-derived: another
 * dimension brings its own default density. */
export function withParam(state, key, value) {
  const next = { ...state, [key]: value };
  const dims = scenarioOf(state.scenario).dimDefaults;
  if (key === 'dim' && dims?.[value] && value !== state.dim) Object.assign(next, dims[value]);
  return next;
}

/** Engine configs for the two panes of a state: [naive, stable]. */
export function paneConfigs(state) {
  const naive = `naive-${state.naive}`;
  return [naive, 'stable'].map((detector) => engineConfig(state, detector));
}

export function engineConfig(state, detector) {
  return scenarioOf(state.scenario).engineConfig(state, detector);
}

/** The native command that runs a pane's configuration to time t (`edpd run … --json`): its
 * state_hash equals the pane's, since both run the same engine to the same clock (the app's
 * steps on the way do not change a trajectory). Derived from engineConfig(), so the command is
 * the pane's own configuration. Numbers are written in JavaScript's shortest round-trip form,
 * which strtod reads back to the same double. */
export function cliCommand(state, detector, t) {
  const sc = scenarioOf(state.scenario);
  if (sc.command) return sc.command(state, detector, t, shellWord);
  const flags = sc.cliFlags(state, detector, sc.engineConfig(state, detector));
  // a list's value (--species, --steps) has spaces: one shell word, quoted
  return ['build/edpd', 'run', ...flags.flat().map((x) => shellWord(String(x))), '--time', String(t), '--json'].join(' ');
}

/** A file name as one shell word: as it is when it is plain, else in single quotes. */
export function shellWord(name) {
  return /^[\w.,@%+=:/-]+$/.test(name) ? name : `'${name.replace(/'/g, "'\\''")}'`;
}
