// The run definition in the URL hash: versioned, readable, and parsed as untrusted input.
//   #v=1&scenario=ball&naive=halt&e=0.5&g=1&plate=0.763774618976614&speed=0.5&t=0
// Every value is checked against the schema below: unknown keys are ignored, a key given twice or
// one of another scenario is warned about, out-of-range values are clamped with a warning naming
// the field, malformed values fall back to the default with a warning, over-long hashes and absurd
// N are refused. Nothing is evaluated or turned into HTML. No DOM.

import { LINK_SCENARIOS, NAIVE_VARIANTS, SCENARIOS, DIM_DEFAULTS, DEFAULT_SCENARIO, defaultState } from './scenarios.js';
import { fewestParticles, gasStartProblem } from './lattice.js';
import { SCHEMA } from '../generated/schema.js';

export const URL_VERSION = 1;
export const MAX_HASH_LENGTH = 1024;
// per pane in the browser: two panes of 10^5 are what a page draws and a worker runs at speed
// (the core allows more: its schema's n.max)
export const MAX_N = Math.min(100000, coreField('n').max);

/** A field of the core's schema (csrc/setup/schema.c) by its JavaScript name. */
function coreField(js) { return SCHEMA.config.find((f) => f.js === js); }
/** The app's range for a link key: the core's, narrowed to what the app offers. */
function within(js, min, max) {
  const f = coreField(js);
  return { min: Math.max(min, f.min), max: Math.min(max, f.max) };
}

export const FIELDS = {
  scenario: { type: 'enum', values: LINK_SCENARIOS, label: 'scenario' },
  // a state file on this site: a relative path (resolved against the page, fetched from its own origin)
  state: { type: 'path', label: 'state file (a path on this site, e.g. examples/collapse-line.xyz)' },
  frame: { type: 'int', min: 0, max: 100000000, label: 'frame of the state file (0 the first; without it the last)' },
  naive: { type: 'enum', values: NAIVE_VARIANTS, label: 'naive detector variant' },
  // the engine's fields: the core's ranges, narrowed to what the app offers
  n: { type: 'int', ...within('n', 1, MAX_N), label: 'number of particles' },
  dim: { type: 'int', ...within('dim', 2, 3), label: 'dimension' },
  // below the lattice start's ceiling (maxPhi: 0.6 in 3-D, 0.78 in 2-D, under the core's jamming limit)
  phi: { type: 'number', ...within('packingFraction', 0.001, 0.78), label: 'packing fraction' },
  e: { type: 'number', ...within('restitution', 0, 1), label: 'restitution' },
  g: { type: 'number', ...within('gravity', 0.01, 100), label: 'gravity' },
  tc: { type: 'number', ...within('tc', 0, 1), label: 'TC-model duration' },
  // written only when on, so that links from before it existed and links without it read the same
  eq: { type: 'number', ...within('elasticUntil', 0, 1000), label: 'elastic start (impacts elastic until this time)', omitZero: true },
  seed: { type: 'int', ...within('seed', 0, 4294967295), label: 'seed' },
  plate: { type: 'number', ...within('plateOffset', 0, 1), label: 'plate offset' },
  // the square-well fluid: energies in the well's depth, so T is kT / epsilon_w
  T: { type: 'number', ...within('temperature', 0.05, 100), label: 'temperature kT/ε' },
  lambda: { type: 'number', ...within('wellWidth', 1.05, 3), label: 'well width λ' },
  thermo: { type: 'number', ...within('thermostatRate', 0, 10), label: 'thermostat rate (0 = off)' },
  quench: { type: 'number', ...within('quenchAt', 0, 100000), label: 'quench at t (0 = none)' },
  Tq: { type: 'number', ...within('quenchTo', 0.05, 100), label: 'quench temperature kT/ε' },
  gamma: { type: 'number', ...within('growthRate', 0.0005, 0.1), label: 'growth rate γ (diameters σ(1 + γt))' },
  // a vibrating table's Gamma = A w^2 / g, at w = 2 pi and g = 1 (the plate's period the time unit)
  Gamma: { type: 'number', min: 0.1, max: 8, label: 'Γ = Aω²/g of the vibrating table' },
  // a shaken box's floor: Gamma = A w^2 / g at A = sigma / 2 (below 2 a bed at rest on the floor
  // costs the TC model's contacts a million events per time unit)
  shake: { type: 'number', min: 2, max: 8, label: 'Γ = Aω²/g of the shaken floor' },
  // cells are as wide as the largest particle: a larger intruder makes every prediction scan more
  intruder: { type: 'int', min: 0, max: 6, label: 'intruder diameter [σ] (0: none)' },
  // an experiment built from parts (the builder): its fields' ranges are the core's where the
  // builder offers the whole of them, the app's where a browser's run needs fewer
  sp: { type: 'species', label: 'species: count x diameter x mass, comma-separated (e.g. 150x1x1,50x1.6x4)' },
  col: { type: 'colors', label: 'species colours: hex RGB, comma-separated (e.g. 2a7fde,e4572e)', omitEmpty: true },
  walls: { type: 'enum', values: coreField('walls').values, label: 'walled axes (the others periodic)' },
  wr: { type: 'restitutions', ...within('wallRestitution', 0, 1), label: 'walls\' restitution: one for all, or each wall\'s (x-,x+,y-,y+[,z-,z+])' },
  start: { type: 'enum', values: coreField('start').values, label: 'initial positions' },
  grav: { type: 'number', ...within('gravity', 0, 100), label: 'gravity g (0 = none)' },
  tilt: { type: 'number', ...within('gravityAngle', -90, 90), label: 'gravity\'s tilt towards +x [degrees]' },
  floor: { type: 'number', min: 0, max: 8, label: 'vibrated floor: Γ = Aω²/g at A = σ/2 (0 = still)' },
  pot: { type: 'enum', values: ['hard-sphere', 'square-well', 'steps'], label: 'pair potential' },
  steps: { type: 'steps', label: 'a stepped potential: radius:energy, comma-separated, innermost first (e.g. 1.2:-1,1.5:-0.5)' },
  grow: { type: 'number', ...within('growthRate', 0, 0.1), label: 'growth rate γ (0 = none)' },
  speed: { type: 'number', min: 0.001, max: 10000, label: 'speed (simulation time per second)' },
  t: { type: 'number', min: 0, max: 1e9, label: 'simulation time' },
  paused: { type: 'bool', label: 'paused' },
  embed: { type: 'bool', label: 'embed mode' },
  // the course pages allowed to drive an embed by postMessage (embed-api.js)
  origin: { type: 'origins', label: 'origins allowed to drive the embed (postMessage)' },
};

const NUMBER = /^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i;
const COLOR = /^[0-9a-fA-F]{6}$/;
const MAX_SPECIES_LINK = SCHEMA.limits.max_species;
/** The builder's ranges of a species' diameter and mass (the core allows more; a browser's box of
 * diameters a thousand apart would hold nothing worth seeing). */
export const SPECIES_RANGE = { count: [1, MAX_N], diameter: [0.2, 10], mass: [0.001, 1000] };

/** Species from a link's text "150x1x1,50x1.6x4" (count x diameter x mass): [[count, diameter,
 * mass], ...], or a message saying what is wrong. */
export function parseSpecies(text) {
  const entries = String(text).split(',');
  if (entries.length < 1 || entries.length > MAX_SPECIES_LINK) return `give 1 to ${MAX_SPECIES_LINK} species`;
  const out = [];
  for (const [k, e] of entries.entries()) {
    const v = e.split('x');
    if (v.length !== 3 || !v.every((x) => NUMBER.test(x))) return `species ${k + 1} must be count x diameter x mass, e.g. 150x1x1`;
    const [count, diameter, mass] = v.map(Number);
    const [c0, c1] = SPECIES_RANGE.count, [d0, d1] = SPECIES_RANGE.diameter, [m0, m1] = SPECIES_RANGE.mass;
    if (!Number.isInteger(count) || count < c0 || count > c1) return `species ${k + 1}: count must be a whole number in [${c0}, ${c1}]`;
    if (!(diameter >= d0 && diameter <= d1)) return `species ${k + 1}: diameter must be in [${d0}, ${d1}]`;
    if (!(mass >= m0 && mass <= m1)) return `species ${k + 1}: mass must be in [${m0}, ${m1}]`;
    out.push([count, diameter, mass]);
  }
  const total = out.reduce((a, [c]) => a + c, 0);
  if (total > MAX_N) return `the counts sum to ${total}, more than ${MAX_N}`;
  return out;
}
/** A stepped potential from a link's text "1.2:-1,1.5:-0.5" (radius:energy, radii in contact
 * distances, innermost first): [[radius, energy], ...], or a message saying what is wrong (the
 * core checks the order and the ranges). */
export function parseSteps(text) {
  const entries = String(text).split(',');
  if (entries.length < 1 || entries.length > SCHEMA.limits.max_steps) return `give 1 to ${SCHEMA.limits.max_steps} steps`;
  const out = [];
  for (const [k, e] of entries.entries()) {
    const v = e.split(':');
    if (v.length !== 2 || !v.every((x) => NUMBER.test(x))) return `step ${k + 1} must be radius:energy, e.g. 1.2:-1`;
    out.push(v.map(Number));
  }
  return out;
}
/** A link's text of steps (parseSteps reads it back). */
export const encodeSteps = (st) => st.map((x) => x.join(':')).join(',');

/** A link's text of species (parseSpecies reads it back). */
export const encodeSpecies = (sp) => sp.map((x) => x.join('x')).join(',');
// an origin as a browser states it: https://host or http://host:port, nothing after
const ORIGIN = /^https?:\/\/[A-Za-z0-9.-]+(:\d{1,5})?$|^https?:\/\/\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/;
const MAX_ORIGINS = 8;

/** The fields a scenario uses, in URL order. */
export function fieldsOf(scenario) {
  return ['scenario', ...SCENARIOS[scenario].params, 't', 'paused', 'embed', 'origin'];
}

/** Packing-fraction ceiling of the lattice start (FCC in 3-D, triangular in 2-D) below jamming. */
export function maxPhi(dim) { return dim === 3 ? 0.6 : 0.78; }

/**
 * Parse a location hash. Returns { state, warnings: [{ field, message }], ignored: [keys] }.
 * Never throws.
 */
export function parseHash(hash) {
  const warnings = [];
  const ignored = [];
  let text = typeof hash === 'string' ? hash : '';
  if (text.startsWith('#')) text = text.slice(1);
  if (text.length > MAX_HASH_LENGTH) {
    warnings.push({ field: 'url', message: `the link's run definition is ${text.length} characters long (limit ${MAX_HASH_LENGTH}); it was ignored and the defaults are running` });
    return { state: defaultState(), warnings, ignored };
  }
  let params;
  try {
    params = new URLSearchParams(text);
  } catch {
    params = new URLSearchParams();
  }
  const raw = new Map();  // the last value of each known key
  for (const [k, v] of params) {
    if (Object.hasOwn(FIELDS, k)) raw.set(k, v);
    else if (k !== 'v') ignored.push(k.slice(0, 40));
  }
  if (params.has('v') && params.get('v') !== String(URL_VERSION)) {
    warnings.push({ field: 'v', message: `link version ${JSON.stringify(params.get('v').slice(0, 20))} is not ${URL_VERSION}; read as version ${URL_VERSION}` });
  }

  let scenario = DEFAULT_SCENARIO;
  if (raw.has('scenario')) {
    const s = raw.get('scenario');
    if (LINK_SCENARIOS.includes(s)) scenario = s;
    else warnings.push({ field: 'scenario', message: `${JSON.stringify(s.slice(0, 40))} is not one of ${LINK_SCENARIOS.join(', ')}; using ${DEFAULT_SCENARIO}` });
  }
  // a scenario run from a file on this site needs the file's path
  if (SCENARIOS[scenario].params.includes('state') && !isSitePath(raw.get('state'))) {
    warnings.push({ field: 'state', message: raw.has('state')
      ? `${JSON.stringify(raw.get('state').slice(0, 60))} is not a path on this site (relative, below the page's folder: segments of letters, digits, spaces inside and _ . ~ - + , ( ) =, joined by /, at most ${MAX_PATH} characters, e.g. examples/collapse-line.xyz); using ${DEFAULT_SCENARIO}`
      : `a state file's run needs state=PATH, the file's path on this site (e.g. examples/collapse-line.xyz); using ${DEFAULT_SCENARIO}` });
    scenario = DEFAULT_SCENARIO;
    raw.delete('state');
    raw.delete('frame');
  }
  const state = defaultState(scenario);
  // a known key this scenario has no use for was meant for another one (n=50 in a ball link: the ball array)
  const own = fieldsOf(scenario);
  for (const key of raw.keys()) {
    if (own.includes(key)) {
      const count = params.getAll(key).length;
      if (count > 1) warnings.push({ field: key, message: `given ${count} times; using the last, ${JSON.stringify(raw.get(key).slice(0, 40))}` });
      continue;
    }
    const users = LINK_SCENARIOS.filter((id) => fieldsOf(id).includes(key)).map((id) => SCENARIOS[id].title);
    warnings.push({ field: key, message: `does not apply to the ${SCENARIOS[scenario].title} (it sets the ${FIELDS[key].label} of: ${users.join(', ')}); ignored` });
  }
  for (const key of fieldsOf(scenario)) {
    if (key === 'scenario' || !raw.has(key)) continue;
    const f = FIELDS[key];
    const text = raw.get(key);
    const shown = JSON.stringify(text.slice(0, 40));
    if (f.type === 'enum') {
      if (f.values.includes(text)) state[key] = text;
      else warnings.push({ field: key, message: `${shown} is not one of ${f.values.join(', ')}; using ${state[key]}` });
      continue;
    }
    if (f.type === 'path') {  // checked above (a file's run falls back to the ball without one)
      state[key] = text;
      continue;
    }
    if (f.type === 'origins') {
      const all = text.split(',').map((o) => o.trim()).filter(Boolean);
      const good = all.filter((o) => ORIGIN.test(o)).slice(0, MAX_ORIGINS);
      if (good.length < all.length) {
        warnings.push({ field: key, message: `${shown}: each origin must be scheme://host[:port] (http or https, no path), at most ${MAX_ORIGINS}, separated by commas; ${good.length ? `using ${good.join(', ')}` : 'none allowed'}` });
      }
      if (good.length) state[key] = good.join(',');
      continue;
    }
    if (f.type === 'species') {
      const sp = parseSpecies(text);
      if (typeof sp === 'string') warnings.push({ field: key, message: `${shown}: ${sp}; using ${encodeSpecies(state[key])}` });
      else state[key] = sp;
      continue;
    }
    if (f.type === 'restitutions') {
      const all = text.split(',');
      const ok = [1, 4, 6].includes(all.length) && all.every((x) => NUMBER.test(x) && Number(x) >= f.min && Number(x) <= f.max);
      if (ok) state[key] = all.length === 1 ? Number(all[0]) : all.map(Number);
      else warnings.push({ field: key, message: `${shown}: one restitution in [${f.min}, ${f.max}] for every wall, or 4 (2-D) or 6 (3-D) of them, each wall's (x-,x+,y-,y+[,z-,z+]); using ${state[key]}` });
      continue;
    }
    if (f.type === 'steps') {
      const st = parseSteps(text);
      if (typeof st === 'string') warnings.push({ field: key, message: `${shown}: ${st}; using ${encodeSteps(state[key])}` });
      else state[key] = st;
      continue;
    }
    if (f.type === 'colors') {
      const all = text.split(',');
      if (all.length <= MAX_SPECIES_LINK + 1 && all.every((c) => COLOR.test(c))) state[key] = all.map((c) => c.toLowerCase());
      else warnings.push({ field: key, message: `${shown}: each colour must be 6 hex digits (RGB, e.g. e4572e), at most ${MAX_SPECIES_LINK + 1}, comma-separated; using the default colours` });
      continue;
    }
    if (f.type === 'bool') {
      if (text === '1' || text === 'true') state[key] = true;
      else if (text === '0' || text === 'false') state[key] = false;
      else warnings.push({ field: key, message: `${shown} must be 0 or 1; using ${state[key] ? 1 : 0}` });
      continue;
    }
    if (!NUMBER.test(text)) {
      warnings.push({ field: key, message: `${shown} is not a number; using the default ${state[key]}` });
      continue;
    }
    let v = Number(text);
    if (v === 0 && /[1-9]/.test(text.split(/[eE]/)[0])) {  // 1e-400: a number too small for a double reads as 0
      warnings.push({ field: key, message: `${shown} is below the smallest number a link can hold and would read as 0; using the default ${state[key]}` });
      continue;
    }
    if (f.type === 'int' && !Number.isInteger(v)) {
      const r = Math.round(v);
      warnings.push({ field: key, message: `${shown} is not an integer; rounded to ${r}` });
      v = r;
    }
    // the packing-fraction ceiling depends on the dimension, which is parsed before it
    const max = key === 'phi' ? maxPhi(state.dim) : f.max;
    if (v < f.min || v > max) {
      const c = Math.min(max, Math.max(f.min, v));
      warnings.push({ field: key, message: `${shown} is outside [${f.min}, ${max}] (${f.label}); clamped to ${c}` });
      v = c;
    }
    state[key] = v;
  }
  // a density the link leaves out is its dimension's own (phi = 0.6 is 2-D's, near jamming in 3-D)
  const dims = DIM_DEFAULTS[scenario];
  if (dims && !raw.has('phi') && dims[state.dim]) state.phi = dims[state.dim].phi;
  if (state.phi !== undefined && state.phi > maxPhi(state.dim)) state.phi = maxPhi(state.dim);
  coherentGas(state, warnings);
  // a quench cools the thermostat's bath: without the thermostat it would do nothing
  if (state.quench > 0 && state.thermo === 0) {
    warnings.push({ field: 'quench', message: `a quench at t = ${state.quench} needs the thermostat (thermo > 0), which this link leaves off; ignored` });
    state.quench = 0;
  }
  return { state, warnings, ignored };
}

/** A gas the core can start: n raised to the fewest particles whose lattice fills a periodic box
 * at this density (or, where none does within MAX_N, the density lowered to its default), with a
 * warning saying what changed, so that a clamped link still runs. */
function coherentGas(state, warnings) {
  if (state.phi === undefined || state.n === undefined || !gasStartProblem(state.dim, state.n, state.phi)) return;
  const n = fewestParticles(state.dim, state.phi, state.n, MAX_N);
  if (n !== null) {
    warnings.push({ field: 'n', message: `${state.n} particles cannot start a ${state.dim}-D gas at packing fraction ${state.phi} (a lattice start in a periodic box at least 4 diameters wide); raised to ${n}` });
    state.n = n;
    return;
  }
  const phi = DIM_DEFAULTS[state.scenario][state.dim].phi;
  warnings.push({ field: 'phi', message: `${state.phi} is too dense for a lattice start of ${state.n} particles in ${state.dim}-D; lowered to ${phi}` });
  state.phi = phi;
  const m = fewestParticles(state.dim, phi, state.n, MAX_N);
  if (m !== state.n) {
    warnings.push({ field: 'n', message: `raised to ${m}, the fewest particles that start at packing fraction ${phi}` });
    state.n = m;
  }
}

/**
 * The run a page address defines: its hash, or, when it has none, its query (`?scenario=granular`:
 * some course-page tools let only one of them through). `?embed=1`, the design's form, embeds
 * either way. Other query keys (a host's own) are ignored as unknown link keys are.
 */
export function parseLocation(hash, search) {
  const h = typeof hash === 'string' ? hash.replace(/^#/, '') : '';
  const q = typeof search === 'string' ? search.replace(/^\?/, '') : '';
  let query = new URLSearchParams();
  try {
    query = new URLSearchParams(q);
  } catch { /* not a query: nothing in it */ }
  // a query that names no run key is the host's own (an LMS's session, a tracker): not a run
  const runQuery = !h && [...query.keys()].some((k) => k !== 'embed' && Object.hasOwn(FIELDS, k));
  const out = parseHash(h || (runQuery ? q : ''));
  if (!runQuery && query.get('embed') === '1') out.state.embed = true;
  return out;
}

export const MAX_PATH = 200;
/** A relative path on this site: no scheme, host or leading slash (so it resolves against the page,
 * on its own origin, also under a sub-path), no '.' or '..' segment (nothing above the page's
 * folder), no empty segment. A segment's characters are letters and digits of any script (a
 * lecturer's "Stoß ε=0.5.xyz" is a fine name) and space _ . ~ - + , ( ) = — but no space at
 * either end: the link writes spaces and non-ASCII as %-escapes, which URLSearchParams reads back. */
const SEGMENT = /^[\p{L}\p{M}\p{N}_.~+,()=-](?:[\p{L}\p{M}\p{N}_.~+,()= -]*[\p{L}\p{M}\p{N}_.~+,()=-])?$/u;
export function isSitePath(p) {
  if (typeof p !== 'string' || p.length === 0 || p.length > MAX_PATH) return false;
  return p.split('/').every((seg) => seg !== '.' && seg !== '..' && SEGMENT.test(seg));
}

/** The readable hash of a state (every field of its scenario, flags and an elastic start only when on;
 * numbers round-trip exactly). */
export function encodeState(state) {
  const parts = [`v=${URL_VERSION}`];
  // a state file's run names its file's path, and the frame it runs from if the file has several
  const file = state.file ?? null;
  for (const key of fieldsOf(state.scenario)) {
    const v = key === 'frame' && file ? (file.frames > 1 ? file.frame : undefined) : state[key];
    if (v === undefined) continue;
    if (FIELDS[key].type === 'path') {
      parts.push(`${key}=${encodeURIComponent(v).replace(/%2F/g, '/')}`);  // readable: examples/collapse-line.xyz
      continue;
    }
    if (FIELDS[key].type === 'origins') {
      if (v) parts.push(`${key}=${encodeURIComponent(v).replace(/%3A/g, ':').replace(/%2F/g, '/').replace(/%2C/g, ',')}`);
      continue;
    }
    if (FIELDS[key].type === 'species') {
      parts.push(`${key}=${encodeSpecies(v)}`);
      continue;
    }
    if (FIELDS[key].type === 'restitutions') {
      parts.push(`${key}=${Array.isArray(v) ? v.join(',') : String(v)}`);
      continue;
    }
    if (FIELDS[key].type === 'steps') {
      parts.push(`${key}=${encodeSteps(v)}`);
      continue;
    }
    if (FIELDS[key].type === 'colors') {
      if (v && v.length) parts.push(`${key}=${v.join(',')}`);
      continue;
    }
    if (FIELDS[key].type === 'bool') {
      if (v) parts.push(`${key}=1`);
    } else if (v || !FIELDS[key].omitZero) {
      parts.push(`${key}=${encodeURIComponent(String(v))}`);
    }
  }
  return '#' + parts.join('&');
}

/** HTML text (&, <, >, ") made safe inside an attribute. */
const attr = (s) => String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * The <iframe> that embeds this run in a course page (the README's snippet, for this run): the
 * same scenario and parameters from t = 0, playing, in embed mode. base: the page's address
 * without its hash.
 */
export function embedSnippet(base, state) {
  const src = base + encodeState({ ...state, t: 0, paused: false, embed: true });
  const title = `${SCENARIOS[state.scenario].title}: naive-${state.naive} vs stable event detection (edpd)`;
  return `<iframe src="${attr(src)}" width="800" height="450" style="border:0" ` +
    `title="${attr(title)}" loading="lazy" allowfullscreen></iframe>`;
}
