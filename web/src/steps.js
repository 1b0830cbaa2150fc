// A stepped potential's steps in the JavaScript API (edpd.js): the list's form checked here, the
// values' ranges by the core (edpd_parse_steps reads stepsText). No DOM, no WebAssembly.
import { shown } from './shown.js';

export const MAX_STEPS = 8;  // EDPD_MAX_STEPS

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

/** The steps as edpd_parse_steps and the CLI's --steps read them ("1.2 -2; 1.5 -1"); a number's
 * shortest round-trip text, so the core gets the same doubles. */
export const stepsText = (steps) => steps.map(([r, u]) => `${r} ${u}`).join('; ');
