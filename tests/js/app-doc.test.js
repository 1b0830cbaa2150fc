// docs/app.md as the app runs it: its tables name every scenario, key and link field the app has,
// and each number its scenario table states about a default link is the one the panes show
// (paneEngine, the worker's engine). Row 4's default link is teaching.md's experiment 5 and row 6's
// numbers are jamming.test.js's; those are checked there.
import { readFileSync } from 'node:fs';
import { loadForNode, root } from './helpers.js';
import { paneEngine } from '../../web/src/workers/pane-engine.js';
import { paneConfigs, defaultState } from '../../web/src/model/scenarios.js';
import { SCENARIO_IDS, LINK_SCENARIOS, scenarioOf } from '../../web/src/scenarios/index.js';
import { FIELDS } from '../../web/src/model/url-state.js';
import { paneVerdict } from '../../web/src/model/verdict.js';

let api;
beforeAll(async () => { api = await loadForNode(); });

const page = readFileSync(`${root}docs/app.md`, 'utf8');
/** The scenario table's row of key k: [key, scenario, what to look for]. */
function row(k) {
  const line = page.split('\n').find((l) => l.startsWith(`| \`${k}\` | **`));
  return line.split(' | ').map((c) => c.replace(/^\| |\|$/g, '').trim());
}
function run(state, t) {
  const panes = paneConfigs(state).map((spec) => paneEngine(api, spec));
  for (const p of panes) p.advanceTo(t, 1e8);
  const frames = panes.map((p) => p.frame());
  for (const p of panes) p.destroy();
  return frames;
}

test('the tables name every scenario on the menu (by its key and title), every link scenario and every link field', () => {
  SCENARIO_IDS.forEach((id, i) => expect(row(i + 1)[1]).toContain(`**${scenarioOf(id).title}**`));
  expect(page).not.toMatch(new RegExp(`^\\| \`${SCENARIO_IDS.length + 1}\` \\| \\*\\*`, 'm'));
  expect(page).toContain(`| \`1\`–\`${SCENARIO_IDS.length}\` | scenario |`);
  const scenarios = page.split('\n').find((l) => l.startsWith('| `scenario` |'));
  expect(scenarios.match(/`[a-z-]+`/g).slice(1).map((w) => w.slice(1, -1))).toEqual(LINK_SCENARIOS);
  const keyTable = page.split('\n').filter((l) => /^\| `[A-Za-z]+`(, `[A-Za-z]+`)* \|/.test(l)).join('\n');
  for (const key of Object.keys(FIELDS).filter((k) => k !== 'v')) expect(keyTable).toContain(`\`${key}\``);
});

test('1: the naive ball halts at its 28th impact (no-real-root), the stable one rests at t = 3 - 1.5e-8', () => {
  const text = row(1)[2];
  expect(text).toContain('halts at its 28th impact (`no-real-root`)');
  expect(text).toContain('t = 3 − 1.5·10⁻⁸');
  const [naive, stable] = run(defaultState('ball'), 10);
  expect([naive.status.status, naive.status.reason, naive.stats.planeImpacts]).toEqual(['halted', 'no-real-root', 28]);
  expect(stable.status.status).toBe('collapse');
  expect((3 - stable.status.time).toExponential(1)).toBe('1.5e-8');
});

test('2: 19 of the default link\'s 100 naive balls fail, no stable one', () => {
  expect(row(2)[2]).toContain('19 of the default link\'s 100 naive balls fail');
  const [naive, stable] = run(defaultState('ball-array'), 10);
  expect([naive.n, naive.stats.haltedParticles, stable.stats.haltedParticles]).toEqual([100, 19, 0]);
});

test('3: the default granular gas halts the textbook detector at t = 11.5; naive-rewind runs its clock back 1,783 times by t = 60', () => {
  const text = row(3)[2];
  expect(text).toContain('(2-D, N = 2000, φ = 0.6, ε = 0.5, t_c = 10⁻⁹)');
  expect(text).toContain('fail at t ≈ 11.5');
  expect(text).toContain('(1,783 times by t = 60)');
  const state = defaultState('granular');
  expect([state.dim, state.n, state.phi, state.e, state.tc]).toEqual([2, 2000, 0.6, 0.5, 1e-9]);
  const [naive, stable] = run(state, 12);
  expect(naive.status.status).toBe('halted');
  expect(naive.status.time.toFixed(1)).toBe('11.5');
  expect(stable.status.status).toBe('running');
  const [rewind] = run({ ...state, naive: 'rewind' }, 60);
  expect(rewind.stats.negativeDtEvents).toBe(1783);
  expect(paneVerdict(rewind, { detector: 'naive-rewind' }).kind).toBe('failed');
});

test('5: the default square-well link\'s naive pane creates 1,999 epsilon and stops at t = 0.08; the stable one conserves energy', () => {
  expect(row(5)[2]).toContain('(the default link: at t ≈ 0.08, 1,999 ε created)');
  const [naive, stable] = run(defaultState('square-well'), 2);
  expect(naive.status.time.toFixed(2)).toBe('0.08');
  expect(Math.round(naive.stats.energyDrift)).toBe(1999);
  expect(paneVerdict(naive, { detector: 'naive-miss' }).kind).toBe('failed');
  expect(stable.status.status).toBe('running');
  expect(Math.abs(stable.stats.energyDrift)).toBeLessThan(1e-9 * stable.n);
});

test('7: the vibrating table\'s naive ball halts at its 2nd impact at t = 1.80; the stable one settles on one bounce per period at the period-1 phase', () => {
  const text = row(7)[2];
  expect(text).toContain('halts at its 2nd impact (t ≈ 1.80, `no-real-root`)');
  const state = defaultState('table');
  expect([state.Gamma, state.e]).toEqual([1.2, 0.5]);
  const [naive, stable] = run(state, 30);
  expect([naive.status.status, naive.status.reason, naive.stats.planeImpacts, naive.status.time.toFixed(2)]).toEqual(['halted', 'no-real-root', 2, '1.80']);
  expect(stable.status.status).toBe('running');
  // about one impact per period to t = 30 and never a ride on the table (test_vibrated.c holds the orbit's phase)
  expect(stable.stats.planeImpacts).toBeGreaterThan(25);
  expect(stable.stats.planeImpacts).toBeLessThan(35);
  expect(stable.stats.plateLocks).toBe(0);
});

test('8: the shaken box\'s naive-miss grains fall through the floor from t = 2.3 (231 of 300 by t = 30); naive-halt stops at t = 1.50 on a pair; the stable bed runs on', () => {
  const text = row(8)[2];
  expect(text).toContain('the first grain falls through the floor at t ≈ 2.3 and 231 of the 300 by t = 30');
  expect(text).toContain('`naive=halt` stops at t ≈ 1.50 on a pair that rounding left overlapping');
  const state = defaultState('shaken');
  expect([state.naive, state.n, state.e, state.shake, state.intruder]).toEqual(['miss', 300, 0.8, 3, 4]);
  const early = run(state, 2.3)[0], [naive, stable] = run(state, 30);
  expect([early.stats.fellThrough, run(state, 2.2)[0].stats.fellThrough]).toEqual([1, 0]);
  expect(naive.stats.fellThrough).toBe(231);
  expect(paneVerdict(naive, { detector: 'naive-miss' }).headline).toBe('FELL THROUGH: 231 particles');
  expect([stable.status.status, stable.stats.fellThrough, stable.stats.overlappingPairs]).toEqual(['running', 0, 0]);
  const [halt] = run({ ...state, naive: 'halt' }, 5);
  expect([halt.status.status, halt.status.time.toFixed(2), halt.status.particles[1] >= 0]).toEqual(['halted', '1.50', true]);
});

test('9: the builder\'s default mixture: the naive floor catches grains from t = 1.6; naive-miss drops 135 of 200 by t = 30, naive-halt stops at t = 1.84; the stable bed runs on', () => {
  const text = row(9)[2];
  expect(text).toContain('150 disks of σ = 1 and 50 of σ = 1.6 as dense, shaken in a walled box at Γ = 3');
  expect(text).toContain('catch grains inside it from t ≈ 1.6 — `naive=miss` drops them through the floor (135 of the 200 by t = 30), `naive=halt` stops at t ≈ 1.84');
  const state = defaultState('box');
  expect([state.naive, state.sp, state.walls, state.floor, state.grav]).toEqual(['miss', [[150, 1, 1], [50, 1.6, 2.56]], 'xy', 3, 1]);
  expect([run(state, 1.55)[0].stats.maxOverlap <= 1e-9, run(state, 1.6)[0].stats.maxOverlap > 1e-9]).toEqual([true, true]);
  const [naive, stable] = run(state, 30);
  expect(naive.stats.fellThrough).toBe(135);
  expect([stable.status.status, stable.stats.fellThrough, stable.stats.overlappingPairs, stable.stats.maxOverlap]).toEqual(['running', 0, 0, 0]);
  const [halt] = run({ ...state, naive: 'halt' }, 5);
  expect([halt.status.status, halt.status.time.toFixed(2)]).toEqual(['halted', '1.84']);
});
