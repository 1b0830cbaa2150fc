// The configuration as the JavaScript API takes it (edpd.js): every key by its JavaScript name,
// with its type, range and default from the core's schema, checked before it crosses into
// WebAssembly, and errors that name the key and show the value given. No DOM, no WebAssembly.
import { SCHEMA } from './generated/schema.js';

// The configuration's fields and the statistics come from the core's schema (csrc/setup/schema.c),
// written to generated/schema.js by the set-up (`edpd schema`): names, types, ranges, defaults
// and each field's place in the C structs, so that configurations and statistics cross into
// WebAssembly by name and a bad value gets the core's own message.
export const CONFIG_FIELDS = SCHEMA.config;
export const field = (name) => CONFIG_FIELDS.find((f) => f.name === name);

export const SCENARIOS = field('scenario').values.filter((s) => s !== 'custom');  // custom worlds: loadState
export const DETECTORS = field('detector').values;
export const MAX_N = field('n').max;
/** The impact-separation histogram's bins either side of 0 (the core's EDPD_HIST_HALF). */
export const HIST_HALF = SCHEMA.limits.hist_half;
/** A mixture's most species (EDPD_MAX_SPECIES). */
export const MAX_SPECIES = SCHEMA.limits.max_species;
/** A stepped potential's most steps (EDPD_MAX_STEPS). */
export const MAX_STEPS = SCHEMA.limits.max_steps;


const JS_TYPES = { enum: 'enum', int: 'int', u32: 'int', double: 'number', gravity: 'number' };
/** Every config key by its JavaScript name: type, range, default (the granular gas's; per
 * scenario: scenarioDefaults), its index in the core's table. gravity is a magnitude along -z;
 * plateOffset null samples it from the seed. */
export const CONFIG_SCHEMA = Object.fromEntries(CONFIG_FIELDS.map((f, index) => [f.js, {
  type: JS_TYPES[f.type], index, name: f.name, help: f.help,
  ...(f.type === 'enum' ? { values: f.js === 'scenario' ? SCENARIOS : f.values } : { min: f.min, max: f.max }),
  default: defaultOf(f, 'granular'),
  ...(f.js === 'plateOffset' ? { nullable: true } : {}),
}]));

function defaultOf(f, scenario) {
  const v = f.default[scenario];
  return f.type === 'enum' ? f.values[v] : v;  // null: NaN in C (plateOffset: sampled)
}

export function scenarioDefaults(scenario) {
  return Object.fromEntries(CONFIG_FIELDS.map((f) => [f.js, f.js === 'scenario' ? scenario : defaultOf(f, scenario)]));
}

/** Checks keys and types; the ranges are the core's (createSimulation sets each field through it). */
export function normalizeConfig(config) {
  if (config === null || typeof config !== 'object' || Array.isArray(config)) {
    throw new Error('config: must be an object such as { scenario: "granular", n: 1000 }');
  }
  const scenario = config.scenario ?? 'granular';
  if (!SCENARIOS.includes(scenario)) {
    throw new Error(`scenario: must be one of ${SCENARIOS.join(', ')}, got ${shown(scenario)}`);
  }
  const out = scenarioDefaults(scenario);
  for (const [key, value] of Object.entries(config)) {
    if (key === 'steps') { if (value !== undefined) out.steps = normalizeSteps(value, config.potential); continue; }
    if (key === 'species') { if (value !== undefined) out.species = normalizeSpecies(value, config.n); continue; }
    if (key === 'wallRestitutions') { if (value !== undefined) out.wallRestitutions = normalizeWallRestitutions(value); continue; }
    const s = Object.hasOwn(CONFIG_SCHEMA, key) ? CONFIG_SCHEMA[key] : null;  // not `constructor`, `__proto__`, …
    if (!s) throw new Error(`${key}: unknown config key (allowed: ${[...Object.keys(CONFIG_SCHEMA), 'steps', 'species', 'wallRestitutions'].join(', ')})`);
    if (value === undefined) continue;
    if (s.type === 'enum') {
      if (!s.values.includes(value)) throw new Error(`${key}: must be one of ${s.values.join(', ')}, got ${shown(value)}`);
    } else if (value === null && s.nullable) {
      // keep null: "sample from the seed"
    } else {
      if (typeof value !== 'number' || !Number.isFinite(value)) {
        throw new Error(`${key}: must be a finite number in [${s.min}, ${s.max}], got ${shown(value)}`);
      }
      // the range: the core's check, with its message (createSimulation)
    }
    out[key] = value;
  }
  if (out.steps) out.potential = 'steps';
  else if (out.potential === 'steps') throw new Error(`steps: potential 'steps' needs them: steps: [[radius, energy], ...], 1 to ${MAX_STEPS}, innermost first`);
  return out;
}

/** A value as an error message shows it: its type, then the value (a string "5" is no number 5). */
export function shown(v) {
  if (typeof v === 'string') return `the string ${JSON.stringify(v.length > 40 ? `${v.slice(0, 40)}…` : v)}`;
  if (v === null || v === undefined || typeof v === 'number') return String(v);
  if (typeof v === 'boolean' || typeof v === 'bigint') return `the ${typeof v} ${String(v)}`;
  return Array.isArray(v) ? 'an array' : `${typeof v === 'function' ? 'a function' : 'an object'}`;
}

/** A stepped potential's steps, [[radius, energy], ...] innermost first (radii in diameters; the
 * ranges are the core's): a copy, or an error naming `steps`. */
export function normalizeSteps(steps, potential) {
  if (potential !== undefined && potential !== 'steps') throw new Error(`steps: only with potential: 'steps' (or without potential), got potential ${shown(potential)}`);
  const pair = (x) => Array.isArray(x) && x.length === 2 && x.every((v) => typeof v === 'number' && Number.isFinite(v));
  if (!Array.isArray(steps) || steps.length < 1 || steps.length > MAX_STEPS || !steps.every(pair)) {
    throw new Error(`steps: must be 1 to ${MAX_STEPS} pairs [radius, energy] of finite numbers, innermost first, e.g. [[1.2, -2], [1.5, -1]]; got ${Array.isArray(steps) ? `${steps.length} entries` : shown(steps)}` +
      (Array.isArray(steps) && steps.length >= 1 && steps.length <= MAX_STEPS ? `, entry ${steps.findIndex((x) => !pair(x))} not such a pair` : ''));
  }
  return steps.map(([r, u]) => [r, u]);
}

/** A mixture, [[count, diameter, mass], ...] (the ranges are the core's; n is the counts' sum): a
 * copy, or an error naming `species`. */
export function normalizeSpecies(species, n) {
  if (n !== undefined) throw new Error(`species: gives n itself (the counts' sum): not with n, got n ${shown(n)}`);
  const entry = (x) => Array.isArray(x) && x.length === 3 && Number.isInteger(x[0]) && x[0] >= 1 && x.slice(1).every((v) => typeof v === 'number' && Number.isFinite(v));
  if (!Array.isArray(species) || species.length < 1 || species.length > MAX_SPECIES || !species.every(entry)) {
    throw new Error(`species: must be 1 to ${MAX_SPECIES} entries [count, diameter, mass] (a whole count >= 1, finite numbers), e.g. [[150, 1, 1], [150, 1.4, 1]]; got ${Array.isArray(species) ? `${species.length} entries` : shown(species)}`);
  }
  return species.map(([k, d, m]) => [k, d, m]);
}
/** A box's walls, each its own restitution: [x-, x+, y-, y+(, z-, z+)] finite numbers (the core
 * checks the count against the dimension and the range): a copy, or an error naming the key. */
export function normalizeWallRestitutions(list) {
  if (!Array.isArray(list) || !(list.length === 4 || list.length === 6) || !list.every((x) => typeof x === 'number' && Number.isFinite(x))) {
    throw new Error(`wallRestitutions: must be 4 (2-D) or 6 (3-D) finite numbers, each wall's restitution (x-, x+, y-, y+, z-, z+); got ${Array.isArray(list) ? `${list.length} entries` : shown(list)}`);
  }
  return [...list];
}
/** Each wall's restitution as the CLI's --wall-restitutions reads it ("1 1 0.5 1"). */
export const wallRestitutionsText = (list) => list.join(' ');

/** The species as edpd_parse_species and the CLI's --species read them ("150 1 1; 150 1.4 1"). */
export const speciesText = (species) => species.map(([k, d, m]) => `${k} ${d} ${m}`).join('; ');

/** The steps as edpd_parse_steps and the CLI's --steps read them ("1.2 -2; 1.5 -1"); a number's
 * shortest round-trip text, so the core gets the same doubles. */
export const stepsText = (steps) => steps.map(([r, u]) => `${r} ${u}`).join('; ');
