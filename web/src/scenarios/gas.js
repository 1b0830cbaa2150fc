// What the gases (granular, elastic, a state file) share: the panes' distance in the last
// column of their series, the histogram and distance plots, the CLI flags of a gas config.
import { paneDistance } from '../model/pane-distance.js';

export const DISTANCE = 'distance between the panes [σ]';

/** The CLI flag of each engine config field (edpd run). */
const CLI_FLAGS = { scenario: '--scenario', detector: '--detector', dim: '--dim', n: '--n', packingFraction: '--packing-fraction',
  restitution: '--restitution', tc: '--tc', elasticUntil: '--elastic-until', seed: '--seed' };

/** A gas config's flags; a field without a flag is an error, not a silent drop. */
export function gasFlags(config) {
  return Object.entries(config).map(([key, value]) => {
    if (!CLI_FLAGS[key]) throw new Error(`cliCommand: no CLI flag for the engine config field '${key}'`);
    return [CLI_FLAGS[key], value];
  });
}

/** Lengths in diameters, times in σ√(m/kT₀). */
export const gasUnits = () => ({ length: 'σ', time: 'σ√(m/kT₀)' });

export { paneDistance };
