// The scenario and the speed in the toolbar, always in view (in the side panel they sat below the
// fold once a run had failed): a lecturer switches the experiment or slows the moment down
// without scrolling. They change the run through the same callbacks as the panel's controls.
import { SCENARIOS, SCENARIO_IDS } from '../model/scenarios.js';

const SPEEDS = [0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 20, 50, 100];

export class ToolbarPickers {
  /** @param scenario, speed: <select> elements; onScenario(id), onSpeed(value) */
  constructor(scenario, speed, { onScenario, onSpeed }) {
    Object.assign(this, { scenario, speed });
    scenario.addEventListener('change', () => onScenario(scenario.value));
    speed.addEventListener('change', () => onSpeed(Number(speed.value)));
  }

  /** Shows a run's scenario and speed (a state file's run, or a link's own speed, as an extra entry). */
  show(state) {
    const ids = SCENARIO_IDS.includes(state.scenario) ? SCENARIO_IDS : [...SCENARIO_IDS, state.scenario];
    this.scenario.replaceChildren(...ids.map((id) => new Option(SCENARIOS[id].title, id, false, id === state.scenario)));
    const speeds = SPEEDS.includes(state.speed) ? SPEEDS : [...SPEEDS, state.speed].sort((a, b) => a - b);
    this.speed.replaceChildren(...speeds.map((v) => new Option(`${v}×`, String(v), false, v === state.speed)));
  }
}
