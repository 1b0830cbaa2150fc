// The parameter panel (lil-gui): one control per field of the current scenario. Every control
// is a native input, so all of them are reachable by keyboard (Tab, arrows, Enter).
import GUI from 'lil-gui';
import { SCENARIO_IDS, SCENARIOS, paramsOf, frameField } from '../model/scenarios.js';
import { FIELDS, maxPhi } from '../model/url-state.js';

const LABELS = {
  scenario: 'scenario', naive: 'naive pane\'s variant', n: 'N (particles / balls)', dim: 'dimension',
  phi: 'packing fraction φ', e: 'restitution ε', g: 'gravity g', tc: 'TC model t_c (0 = off)', eq: 'elastic until t (0 = off)', seed: 'seed',
  plate: 'plate offset r_plate', speed: 'speed (sim. time / s)', frame: 'frame (0 the first)',
  shake: 'floor\'s Γ = Aω²/g', intruder: 'intruder diameter (0 = none)',
  walls: 'walled axes', wr: 'walls\' restitution', start: 'start', grav: 'gravity g', tilt: 'gravity\'s tilt [°]', floor: 'vibrated floor Γ (0 = still)',
  pot: 'potential', grow: 'growth rate γ',
  T: 'temperature kT/ε', lambda: 'well width λ', thermo: 'thermostat rate (0 = off)', quench: 'quench at t (0 = none)', Tq: 'quench to kT/ε',
};

export class Controls {
  /** onChange(key, value) for run parameters; onScenario(id) for the scenario menu; onNotice({ field,
   * message }) when typed text was not taken as it stands (not a number, or outside the control's range). */
  constructor(container, { onChange, onScenario, onNotice = () => {}, onBuild = () => {} }) {
    this.container = container;
    this.onBuild = onBuild;
    this.onChange = onChange;
    this.onScenario = onScenario;
    this.onNotice = onNotice;
    this.gui = null;
  }

  build(state) {
    if (this.gui) this.gui.destroy();
    const gui = new GUI({ container: this.container, title: 'Parameters' });
    this.gui = gui;
    // lil-gui writes into these: copies, so that the run's state changes only through onChange
    const values = { ...state, ...(state.file ? { file: { ...state.file } } : {}) };
    this.values = values;
    // a state file's run is in the menu while it runs (a file is opened with Open file, not from here)
    const ids = SCENARIO_IDS.includes(state.scenario) ? SCENARIO_IDS : [...SCENARIO_IDS, state.scenario];
    const names = Object.fromEntries(ids.map((id) => [SCENARIOS[id].title, id]));
    gui.add(values, 'scenario', names).name(LABELS.scenario).onChange((v) => this.onScenario(v));
    // a built experiment: the builder edits it whole (species, colours, steps and each wall's restitution have no control here)
    if (SCENARIOS[state.scenario].builder) gui.add({ edit: () => this.onBuild() }, 'edit').name('Edit in the builder (b)');
    for (const key of paramsOf(state)) {
      const f = key === 'frame' ? frameField(state.file) : FIELDS[key];
      if (['species', 'colors', 'steps', 'restitutions'].includes(f.type)) continue;
      const holder = key === 'frame' ? values.file : values;  // a state file's frame is the file's
      let c;
      if (f.type === 'enum') c = gui.add(values, key, f.values);
      else if (key === 'dim') c = gui.add(values, key, [2, 3]);
      else if (key === 'e') c = gui.add(values, key, 0, 1, 0.01);
      else if (key === 'phi') c = gui.add(values, key, 0.01, maxPhi(state.dim), 0.001);
      else if (key === 'eq') c = gui.add(values, key, 0, f.max, 0.5);
      else if (key === 'T' || key === 'Tq') c = gui.add(values, key, 0.1, 5, 0.01);
      else if (key === 'lambda') c = gui.add(values, key, 1.05, 3, 0.01);
      else if (key === 'thermo') c = gui.add(values, key, 0, 2, 0.01);
      else if (key === 'quench') c = gui.add(values, key, 0, 200, 1);
      else if (key === 'shake') c = gui.add(values, key, f.min, f.max, 0.1);
      else if (key === 'intruder') c = gui.add(values, key, f.min, f.max, 1);
      else if (key === 'n') c = gui.add(values, key, 1, SCENARIOS[state.scenario].nMax ?? f.max, 1);
      else if (key === 'frame') c = gui.add(holder, key, f.min, f.max, 1);
      else c = gui.add(values, key).min(f.min).max(f.max);
      c.name(LABELS[key] ?? key);
      if (c.$input && typeof holder[key] === 'number') this.explainTyping(c, key);
      c.onFinishChange((v) => {
        let x = v;
        if (f.type === 'int' || key === 'dim') x = Math.round(Number(x));
        if (typeof x === 'number') {
          if (!Number.isFinite(x)) x = key === 'frame' ? state.file.frame : state[key];
          x = Math.min(f.max, Math.max(f.min, x));
        }
        this.onChange(key, x);
      });
    }
    return gui;
  }

  /** lil-gui drops typed text that is not a number and clamps a number to the control's range, both
   * silently (on touch screens the input is type=number, whose value is '' for text); say what
   * happened. Deferred, because the change event comes just before the run restarts (onFinishChange,
   * on blur), which replaces the warnings with those of the new link. */
  explainTyping(c, key) {
    c.$input.addEventListener('change', () => {
      const raw = c.$input.value.trim();
      const x = Number(raw);
      const field = LABELS[key] ?? key;
      const shown = JSON.stringify(raw.slice(0, 40));
      let message = null;
      if (raw === '' || !Number.isFinite(parseFloat(raw))) message = `${shown} is not a number; kept ${c.getValue()}`;
      else if (Number.isFinite(x) && (x < c._min || x > c._max)) message = `${raw} is outside [${c._min}, ${c._max}]; set to ${c.getValue()}`;
      if (message) setTimeout(() => this.onNotice({ field, message }), 0);
    });
  }

  setValue(key, v) {
    if (!this.gui) return;
    this.values[key] = v;
    this.gui.controllersRecursive().forEach((c) => c.property === key && c.updateDisplay());
  }
}
