// The experiment builder: a dialog with the box scenario's fields in groups (model/experiment.js),
// each a native input with its range and a one-line help, species as rows of count, diameter,
// mass and colour. Every change is checked at once — the field's range, then the core's verdict
// on the whole (by the WebAssembly module, loaded here when the builder first opens) — and the
// message stands under the field it is about; Run stays off while anything is wrong, so a built
// experiment never starts a dead run. Keyboard: Tab through the fields, Enter runs, Esc closes.
import { GROUPS, FORM_FIELDS, SPECIES_RANGE, checkExperiment, describeExperiment, wallsFor } from '../model/experiment.js';
import { FIELDS, parseSteps, encodeSteps } from '../model/url-state.js';
import { MAX_SPECIES } from '../config.js';
import { defaultState, scenarioOf } from '../model/scenarios.js';
import box, { SPECIES_COLORS, INTRUDER_COLOR } from '../scenarios/box.js';
import { el } from './el.js';

const BUILT = box.id;  // the scenario a built experiment runs as


export class BuilderPanel {
  /** root: the dialog element; loadApi: () => Promise of the WebAssembly API; onRun(state): start
   * the built experiment (a box-scenario state). */
  constructor(root, { loadApi, onRun }) {
    this.root = root;
    this.loadApi = loadApi;
    this.onRun = onRun;
    this.api = null;
    this.state = null;
    this.opener = null;
    root.addEventListener('keydown', (e) => {
      if (e.key === 'Escape') { e.preventDefault(); this.close(); }
      if (e.key === 'Enter' && e.target.tagName === 'INPUT' && e.target.type !== 'color') { e.preventDefault(); this.commit(e.target); this.run(); }
      e.stopPropagation();  // the app's own keys (space, r, digits) are not for the form
    });
  }

  get isOpen() { return !this.root.hidden; }

  /** Open with a state: a built experiment's own, else the builder's defaults (with the run's
   * dimension and naive variant, where it has them). */
  async open(current) {
    this.opener = document.activeElement;
    const base = defaultState(BUILT);
    this.state = current && scenarioOf(current.scenario).builder
      ? structuredClone({ ...current, t: 0, paused: false })
      : { ...base, dim: current?.dim === 3 ? 3 : 2, walls: current?.dim === 3 ? 'xyz' : base.walls, naive: current?.naive ?? base.naive };
    this.render();
    this.root.hidden = false;
    this.root.querySelector('select, input')?.focus();
    if (!this.api) {
      this.setStatus('loading the engine to check the experiment…');
      try { this.api = await this.loadApi(); } catch (e) { this.setStatus(`the engine failed to load: ${e?.message ?? e}`); return; }
    }
    this.check();
  }

  close() {
    this.root.hidden = true;
    this.opener?.focus?.();
  }

  render() {
    const form = el('form', { class: 'builder-form', noValidate: true });
    form.addEventListener('submit', (e) => { e.preventDefault(); this.run(); });
    for (const g of GROUPS) {
      const fs = el('fieldset', { 'data-group': g.title }, el('legend', {}, g.title));
      for (const f of g.fields) fs.append(this.field(f));
      form.append(fs);
    }
    const box = this.root.querySelector('.builder-body');
    box.replaceChildren(form);
    this.form = form;
    this.root.querySelector('#builder-run').onclick = () => this.run();
    this.root.querySelector('#builder-close').onclick = () => this.close();
    this.showApplicable();
  }

  /** One field's row: label, input, help, and the place of its error. */
  field(f) {
    const id = `b-${f.key}`;
    const row = el('div', { class: 'b-row', 'data-key': f.key });
    const help = el('small', { class: 'b-help', id: `${id}-help` }, f.help);
    const error = el('p', { class: 'b-error', id: `${id}-error`, role: 'alert', hidden: true });
    let input;
    if (f.kind === 'select') {
      input = el('select', { id, 'aria-describedby': `${id}-help ${id}-error` },
        ...f.options.map((o) => el('option', { value: String(o), selected: String(this.state[f.key]) === String(o) }, String(o))));
      input.addEventListener('change', () => this.commit(input));
    } else if (f.kind === 'axes') {
      input = el('span', { class: 'b-axes', id, role: 'group', 'aria-label': 'walled axes', 'aria-describedby': `${id}-help ${id}-error` });
      for (const a of ['x', 'y', 'z']) {
        const cb = el('input', { type: 'checkbox', id: `b-wall-${a}`, checked: this.state.walls.includes(a), 'data-axis': a });
        cb.addEventListener('change', () => this.commit(cb));
        input.append(el('label', { class: 'b-axis', 'data-axis': a }, cb, ` ${a}`));
      }
    } else if (f.kind === 'species') {
      input = this.speciesTable(id);
    } else if (f.kind === 'restitutions') {
      input = this.restitutions(id, f);
    } else if (f.kind === 'steps') {
      const v = this.state.steps;
      input = el('input', { id, type: 'text', spellcheck: false, value: typeof v === 'string' ? v : encodeSteps(v), 'aria-describedby': `${id}-help ${id}-error` });
      input.addEventListener('change', () => this.commit(input));
    } else {
      const r = FIELDS[f.key];
      input = el('input', { id, type: 'number', inputMode: 'decimal', step: String(f.step ?? 'any'), min: String(r.min), max: String(r.max), value: String(this.state[f.key]),
        'aria-describedby': `${id}-help ${id}-error` });
      input.addEventListener('change', () => this.commit(input));
      help.textContent = `${f.help} [${r.min} – ${r.max}]`;
    }
    input.dataset.key = f.key;
    const label = f.kind === 'axes' || f.kind === 'species' ? el('span', { class: 'b-label' }, f.label) : el('label', { class: 'b-label', htmlFor: id }, f.label);
    row.append(label, input, help, error);
    return row;
  }

  /** The walls' restitution: one for all, or (ticked) each wall its own, x-, x+, y-, y+ (z-, z+). */
  restitutions(id, f) {
    const r = FIELDS.wr, v = this.state.wr, each = Array.isArray(v);
    const wrap = el('div', { class: 'b-walls-e', id, role: 'group', 'aria-label': 'walls\' restitution' });
    const all = el('input', { type: 'number', inputMode: 'decimal', step: String(f.step), min: String(r.min), max: String(r.max), value: String(each ? v[0] : v), disabled: each,
      'aria-label': 'every wall\'s restitution', 'data-wr': 'all' });
    all.addEventListener('change', () => this.commit(all));
    const tick = el('input', { type: 'checkbox', id: 'b-wr-each', checked: each, 'data-wr': 'each' });
    tick.addEventListener('change', () => this.commit(tick));
    wrap.append(all, el('label', { class: 'b-axis' }, tick, ' each wall its own'));
    if (each) {
      const grid = el('div', { class: 'b-wr-grid' });
      ['x', 'y', 'z'].slice(0, this.state.dim).forEach((a, k) => {
        for (const [side, j] of [['−', 0], ['+', 1]]) {
          const i = el('input', { type: 'number', inputMode: 'decimal', step: String(f.step), min: String(r.min), max: String(r.max), value: String(v[2 * k + j]),
            disabled: !this.state.walls.includes(a), 'aria-label': `restitution of the wall at ${a}${side}`, 'data-wr': String(2 * k + j) });
          i.addEventListener('change', () => this.commit(i));
          grid.append(el('label', { class: 'b-wr-one' }, `${a}${side} `, i));
        }
      });
      wrap.append(grid);
    }
    return wrap;
  }

  /** The species: a row each (count, diameter, mass, colour, remove), and Add species. */
  speciesTable(id) {
    const wrap = el('div', { class: 'b-species', id, role: 'group', 'aria-label': 'species' });
    const head = el('div', { class: 'b-sp-row b-sp-head', 'aria-hidden': 'true' }, el('span', {}, '#'), el('span', {}, 'count'), el('span', {}, 'diameter [σ]'), el('span', {}, 'mass'), el('span', {}, 'colour'), el('span'));
    wrap.append(head);
    const colors = this.state.col ?? [];
    this.state.sp.forEach(([count, d, m], k) => {
      const num = (what, v, [lo, hi], step) => {
        const i = el('input', { type: 'number', inputMode: 'decimal', value: String(v), min: String(lo), max: String(hi), step: String(step), 'aria-label': `species ${k + 1} ${what}`, 'data-sp': `${k}:${what}` });
        i.addEventListener('change', () => this.commit(i));
        return i;
      };
      const color = el('input', { type: 'color', value: `#${colors[k] ?? SPECIES_COLORS[k % SPECIES_COLORS.length]}`, 'aria-label': `species ${k + 1} colour`, 'data-sp': `${k}:colour` });
      color.addEventListener('input', () => this.commit(color));
      const remove = el('button', { type: 'button', class: 'b-remove', disabled: this.state.sp.length === 1, 'aria-label': `remove species ${k + 1}` }, '×');
      remove.onclick = () => { this.state.sp.splice(k, 1); this.state.col = (this.state.col ?? []).filter((_, j) => j !== k); this.rerender(); };
      wrap.append(el('div', { class: 'b-sp-row' }, el('span', { class: 'b-sp-k' }, String(k + 1)),
        num('count', count, SPECIES_RANGE.count, 1), num('diameter', d, SPECIES_RANGE.diameter, 0.1), num('mass', m, SPECIES_RANGE.mass, 0.1), color, remove));
    });
    const add = el('button', { type: 'button', class: 'b-add', disabled: this.state.sp.length >= MAX_SPECIES }, 'Add species');
    add.onclick = () => {
      const [, d, m] = this.state.sp[this.state.sp.length - 1];
      this.state.sp.push([50, d, m]);
      this.rerender('.b-add');
    };
    wrap.append(add);
    return wrap;
  }

  /** Redraw the form (a species added or removed), keeping focus near where it was. */
  rerender(focus = null) {
    this.render();
    (focus ? this.root.querySelector(focus) : null)?.focus();
    this.check();
  }

  /** Take one input's value into the state, then check the whole. */
  commit(input) {
    const s = this.state;
    if (input.dataset.wr) {
      const w = input.dataset.wr, v = s.wr;
      if (w === 'each') { s.wr = input.checked ? Array(2 * s.dim).fill(Array.isArray(v) ? v[0] : v) : (Array.isArray(v) ? v[0] : v); this.rerender('#b-wr-each'); return; }
      const x = input.value.trim() === '' ? NaN : Number(input.value);
      if (w === 'all') s.wr = x;
      else { s.wr = [...v]; s.wr[Number(w)] = x; }
    } else if (input.dataset.axis) {
      const ticked = [...this.root.querySelectorAll('.b-axes input')].filter((c) => c.checked).map((c) => c.dataset.axis).join('');
      s.walls = wallsFor(ticked, s.dim);
      if (Array.isArray(s.wr)) { this.rerender(`#b-wall-${input.dataset.axis}`); return; }
    } else if (input.dataset.sp) {
      const [k, what] = input.dataset.sp.split(':');
      if (what === 'colour') {
        const col = [...(s.col ?? [])];
        for (let j = 0; j < s.sp.length; j++) col[j] = col[j] ?? SPECIES_COLORS[j % SPECIES_COLORS.length];
        col[s.sp.length] = col[s.sp.length] ?? INTRUDER_COLOR;
        col[Number(k)] = input.value.slice(1).toLowerCase();
        s.col = col.slice(0, s.sp.length + 1);
      } else {
        s.sp[Number(k)][{ count: 0, diameter: 1, mass: 2 }[what]] = input.value.trim() === '' ? NaN : Number(input.value);
      }
    } else {
      const key = input.dataset.key, f = FORM_FIELDS[key];
      if (f.kind === 'select') s[key] = key === 'dim' ? Number(input.value) : input.value;
      else if (f.kind === 'steps') { const st = parseSteps(input.value.trim()); s[key] = typeof st === 'string' ? input.value.trim() : st; }
      else s[key] = input.value.trim() === '' ? NaN : Number(input.value);
      if (key === 'dim') {  // the other dimension's axes: z walled with the others in 3-D, dropped in 2-D
        s.walls = s.dim === 3 && s.walls === 'xy' ? 'xyz' : wallsFor(s.walls, s.dim);
        if (Array.isArray(s.wr)) s.wr = Array.from({ length: 2 * s.dim }, (_, k) => s.wr[k] ?? 1);
        this.rerender(`#b-dim`);
        return;
      }
    }
    this.showApplicable();
    this.check();
  }

  /** The fields that apply to this experiment (a tilt only with gravity, λ only with a well, z
   * only in 3-D); the others are hidden, their values kept. */
  showApplicable() {
    for (const row of this.root.querySelectorAll('.b-row')) {
      const f = FORM_FIELDS[row.dataset.key];
      row.hidden = f.show ? !f.show(this.state) : false;
    }
    const z = this.root.querySelector('.b-axis[data-axis="z"]');
    if (z) z.hidden = this.state.dim !== 3;
  }

  /** The check (model/experiment.js): the message under its field, Run on only when all is well. */
  check() {
    for (const e of this.root.querySelectorAll('.b-error')) { e.hidden = true; e.textContent = ''; }
    for (const i of this.root.querySelectorAll('[aria-invalid]')) i.removeAttribute('aria-invalid');
    const problem = checkExperiment(this.state, this.api);
    const run = this.root.querySelector('#builder-run');
    run.disabled = Boolean(problem) || !this.api;
    if (problem) {
      const key = problem.field && this.root.querySelector(`.b-row[data-key="${problem.field}"]`) && !this.root.querySelector(`.b-row[data-key="${problem.field}"]`).hidden ? problem.field : null;
      const place = key ? this.root.querySelector(`#b-${key}-error`) : this.root.querySelector('#builder-status');
      place.textContent = problem.message;
      place.hidden = false;
      if (key) this.root.querySelector(`#b-${key}`)?.setAttribute('aria-invalid', 'true');
      if (key) this.setStatus('fix the field marked in red to run');
      return problem;
    }
    this.setStatus(this.api ? `${describeExperiment(this.state, this.api)}: ready to run` : 'loading the engine…');
    return null;
  }

  setStatus(text) {
    const s = this.root.querySelector('#builder-status');
    s.hidden = false;
    s.textContent = text;
  }

  /** Run the built experiment in both panes (only when it checks out). */
  run() {
    if (!this.api || this.check()) return;
    const s = this.state;
    this.root.hidden = true;
    // steps typed wrong while another potential is chosen: not built, so back to the default
    const steps = typeof s.steps === 'string' ? defaultState(BUILT).steps : s.steps.map((x) => [...x]);
    this.onRun({ ...s, sp: s.sp.map((x) => [...x]), col: [...(s.col ?? [])], steps, wr: Array.isArray(s.wr) ? [...s.wr] : s.wr, t: 0, paused: false });
  }
}
