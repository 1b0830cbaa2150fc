// What the gases (granular, elastic, a state file) share: the panes' distance in the last
// column of their series, the histogram and distance plots, the CLI flags of a gas config.
import { paneDistance } from '../model/pane-distance.js';
import { SCHEMA } from '../generated/schema.js';
import { speciesText, stepsText, wallRestitutionsText } from '../config.js';

export const DISTANCE = 'distance between the panes [σ]';

/** A gas config's flags (edpd run), each the core schema's flag of the field (csrc/setup/schema.c);
 * a field without a flag is an error, not a silent drop. */
export function gasFlags(config) {
  return Object.entries(config).map(([key, value]) => {
    if (key === 'steps') return ['--steps', stepsText(value)];
    if (key === 'species') return ['--species', speciesText(value)];
    if (key === 'wallRestitutions') return ['--wall-restitutions', wallRestitutionsText(value)];
    const flag = SCHEMA.config.find((f) => f.js === key)?.flag;
    if (!flag) throw new Error(`cliCommand: no CLI flag for the engine config field '${key}'`);
    return [flag, value];
  });
}

/** Lengths in diameters, times in σ√(m/kT₀). */
export const gasUnits = () => ({ length: 'σ', time: 'σ√(m/kT₀)' });

export { paneDistance };
