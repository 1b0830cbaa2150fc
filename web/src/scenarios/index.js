// The scenario registry: each scenario is one module (its parameters and defaults, texts, engine
// configuration, CLI command, plotted series and plots); the app looks a scenario up here and
// never switches on its name. A new scenario is a new module and a line below. No DOM.
import ball from './ball.js';
import ballArray from './ball-array.js';
import granular from './granular.js';
import elastic from './elastic.js';
import squareWell from './square-well.js';
import jamming from './jamming.js';
import table from './table.js';
import shaken from './shaken.js';
import box from './box.js';
import file from './file.js';
import { GasEngine, FileEngine } from './gas-engine.js';
import { BallsEngine } from './balls-engine.js';

export const REGISTRY = Object.freeze({ ball, 'ball-array': ballArray, granular, elastic, 'square-well': squareWell, jamming, table, shaken, box, file });
/** The menu and the number keys 1, 2, …, in this order. */
export const SCENARIO_IDS = Object.keys(REGISTRY).filter((id) => REGISTRY[id].menu !== false);
/** What a link may name (a state file's run too, scenario=file&state=PATH). */
export const LINK_SCENARIOS = Object.keys(REGISTRY);
export const DEFAULT_SCENARIO = SCENARIO_IDS[0];

/** The module of a scenario id (the default one for an unknown id). */
export function scenarioOf(id) { return REGISTRY[id] ?? REGISTRY[DEFAULT_SCENARIO]; }

/** The pane engines (the worker's side of a run), by the kind of engine config a scenario makes. */
const ENGINES = Object.freeze({ gas: GasEngine, file: FileEngine, balls: BallsEngine });
export function engineOf(kind) {
  const Engine = ENGINES[kind];
  if (!Engine) throw new Error(`engine config: unknown kind ${JSON.stringify(kind)} (one of ${Object.keys(ENGINES).join(', ')})`);
  return Engine;
}
