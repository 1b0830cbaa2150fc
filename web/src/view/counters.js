// The counters table under the panes: one row per quantity, a column per pane; a counter with a
// note says what it counts on hover, tap or Enter (shown below the table).
import { fmt, fmtWithError } from '../model/format.js';
import { scenarioOf } from '../model/scenarios.js';

/** [name, (stats, pane index, model) => value] */
const COUNTERS = [
  ['events', (s) => s.events],
  ['impacts', (s) => (s.collisions ?? 0) + (s.planeImpacts ?? 0)],
  ['stabilising events', (s) => s.stabilizingEvents],
  ['negative-Δt events', (s) => s.negativeDtEvents],
  ['three-body collisions', (s) => s.threeBodyCollisions ?? 0],
  ['overlaps now', (s) => (s.overlappingPairs ?? 0) + (s.planeOverlaps ?? 0)],
  ['deepest overlap [σ]', (s) => s.maxOverlap],
  ['kT', (s) => s.temperature],
  ['Z = PV/NkT', (s, k, model) => {
    const z = model.pressureZ(k), se = model.pressureError(k);
    return z !== null && se !== null ? fmtWithError(z, se) : z;
  }],
  ['state hash', (s) => s.stateHash],
];

const COUNTER_NOTES = {
  'stabilising events': 'Impacts of pairs that already overlap and approach (the paper\'s Eq. 10): the stable detector collides them now instead of letting the overlap grow.',
  'three-body collisions': 'Collisions that rounding ends inside σ while one of the pair still overlaps a third particle: a doubly overlapped particle, as the paper counts for its Figs. 4 and 5. What follows is the case naive detectors cannot resolve.',
  'deepest overlap [σ]': 'The largest σ − |r_ij| over all pairs (and ball–plate gaps) now, in units of σ (σ_ij, the mean of the two diameters; a state file\'s own length unit for its runs). A few 1e-16 is rounding; a visible fraction of σ means particles passed through each other.',
  'Z = PV/NkT': 'The compressibility factor from the collision virial. In the elastic gas the mean over the latter half of the run, t/2 to t, so that the lattice start leaves the average ' +
    '(the CLI\'s pressure_z is the mean since t = 0, or since --equilibrate), ± its standard error from 8 blocks of that window; in the granular gas the mean since t = 0. ' +
    'The fluid\'s equation of state (Liu 2020) is the dashed line in the plot.',
  'state hash': 'A hash of the clock, the event count and every particle\'s position and velocity bits: equal hashes mean bit-identical runs (compare the CLI\'s state_hash). ' +
    'The two panes\' hashes part within the first impacts even when nothing goes wrong: the naive detector computes the impact time as (−b − √D)/v², the stable one as c/(√D − b), two roundings of the same number.',
};

export class CountersTable {
  constructor(table, note) {
    this.table = table;
    this.note = note;
  }

  /** Rows made once; cells rewritten from the panes' latest frames. */
  build() {
    const tbody = this.table.tBodies[0];
    tbody.replaceChildren(...COUNTERS.map(([name]) => {
      const tr = document.createElement('tr');
      const th = document.createElement('td'); th.textContent = name;
      if (COUNTER_NOTES[name]) {
        // on hover (title), and on a tap or Enter for touch screens and keyboards: shown below the table
        th.title = COUNTER_NOTES[name];
        th.classList.add('noted');
        th.tabIndex = 0;
        th.setAttribute('role', 'button');
        const show = () => { const note = this.note; const same = !note.hidden && note.dataset.name === name; note.hidden = same; note.dataset.name = name; note.textContent = `${name}: ${COUNTER_NOTES[name]}`; };
        th.onclick = show;
        th.onkeydown = (e) => { if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); e.stopPropagation(); show(); } };
      }
      if (name === 'state hash') tr.className = 'hash';
      tr.append(th, document.createElement('td'), document.createElement('td'));
      return tr;
    }));
  }

  update(model) {
    const tbody = this.table.tBodies[0];
    if (tbody.rows.length !== COUNTERS.length) this.build();
    // a state file's lengths are its own: its deepest overlap is in file units, not σ
    const unit = `[${scenarioOf(model.state.scenario).units(model.state).length}]`;
    COUNTERS.forEach(([name, f], r) => {
      const label = name.replace('[σ]', unit), cell = tbody.rows[r].cells[0];
      if (cell.textContent !== label) cell.textContent = label;
      model.panes.forEach((p, k) => {
        const v = p.frame ? f(p.frame.stats, k, model) : null;
        // counts in full (1,280,120 rather than 1.28012e+6), measured values to 6 digits
        tbody.rows[r].cells[k + 1].textContent = typeof v === 'string' ? v : Number.isInteger(v) ? v.toLocaleString('en') : fmt(v, 6);
      });
    });
  }
}
