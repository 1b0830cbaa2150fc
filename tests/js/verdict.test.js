// The app's vocabulary of fine, failed and finished (model/verdict.js), the bouncing ball's
// bounce plot (model/bounces.js), and coherent parameters (model/lattice.js, withParam), each
// against numbers the code did not produce: the engine's own answers and the exact ball.
import { execFileSync } from 'node:child_process';
import { paneVerdict, DEEP_OVERLAP } from '../../web/src/model/verdict.js';
import { bounceRows, exactTop, restTime, LOWEST_TOP } from '../../web/src/model/bounces.js';
import { gasStartProblem, fewestParticles } from '../../web/src/model/lattice.js';
import { withParam, defaultState } from '../../web/src/model/scenarios.js';
import { roundUp } from '../../web/src/model/format.js';
import { paneEngine } from '../../web/src/workers/pane-engine.js';
import { loadForNode, root } from './helpers.js';

const frame = (status, stats, extra = {}) => ({ n: 2000, status: { status: 'running', reason: null, event: 0, time: 0, particles: [-1, -1], ...status }, stats: { overlappingPairs: 0, maxOverlap: 0, ...stats }, ...extra });

describe('verdicts', () => {
  test('a rounding-level overlap in a stable pane is fine; beyond 1e-9 σ it is a failure in any pane', () => {
    expect(paneVerdict(frame({}, { overlappingPairs: 3, maxOverlap: 1.1e-16, stabilizingEvents: 8949 }))).toEqual({ kind: 'fine', headline: 'RUNNING — 0 overlaps', detail: '8,949 stabilising impacts' });
    expect(paneVerdict(frame({}, { overlappingPairs: 14, maxOverlap: 0.95 }), { detector: 'naive-miss' }).headline).toBe('PASSED THROUGH: 14 pairs overlap by up to 0.95 σ');
    expect(paneVerdict(frame({}, { overlappingPairs: 1, maxOverlap: 2 * DEEP_OVERLAP })).kind).toBe('failed');
    expect(paneVerdict(frame({}, { overlappingPairs: 1, maxOverlap: DEEP_OVERLAP / 2 })).kind).toBe('fine');
  });
  test('a backward clock is a failure even while no overlap shows; a halt names the impact and the reason', () => {
    expect(paneVerdict(frame({}, { negativeDtEvents: 1188 }), { detector: 'naive-rewind' })).toMatchObject({ kind: 'failed', headline: 'CLOCK RAN BACKWARDS 1,188 times' });
    expect(paneVerdict({ ...frame({ status: 'halted', reason: 'no-real-root', time: 2.99999997 }, { planeImpacts: 28 }), n: 1 }))
      .toEqual({ kind: 'failed', headline: 'HALTED at impact 28', detail: '√ of a negative number (Eq. 12)' });
    expect(paneVerdict({ ...frame({ status: 'collapse', time: 2.9999999851175985 }, { planeImpacts: 2000, stabilizingEvents: 1972 }), n: 1 }))
      .toEqual({ kind: 'finished', headline: 'AT REST at t = 2.99999999', detail: '1,972 stabilising impacts at the end' });
    expect(paneVerdict({ ...frame({}, { fellThrough: 1 }), n: 1 }).headline).toBe('FELL THROUGH THE PLATE');
    expect(paneVerdict(null).kind).toBe('loading');
    expect(paneVerdict(frame({}, {}), { error: 'boom' })).toEqual({ kind: 'error', headline: 'ERROR', detail: 'boom' });
    // a compression jams past its pressure threshold, or (elastic, the gaps at rounding) when its clock stalls first
    expect(paneVerdict(frame({ status: 'jammed', reason: 'jammed' }, { packingFractionNow: 0.84139, intervalPressureZ: 2.4e12 })))
      .toEqual({ kind: 'finished', headline: 'JAMMED at φ = 0.8414', detail: 'Z = 2.4e+12 > 10¹²' });
    expect(paneVerdict(frame({ status: 'jammed', reason: 'stalled' }, { packingFractionNow: 0.83540, intervalPressureZ: 6.09e14 })))
      .toEqual({ kind: 'finished', headline: 'JAMMED at φ = 0.8354', detail: 'the clock stalled: gaps at rounding (Z = 6.1e+14)' });
  });
  test('a ball array fails when any ball failed, and is finished when all came to rest', () => {
    const arr = (b) => ({ ...frame({}, {}), n: 100, balls: b });
    expect(paneVerdict(arr({ running: 0, halted: 19, collapse: 81, fellThrough: 0 }))).toEqual({ kind: 'failed', headline: '19 % OF THE BALLS FAILED', detail: '19 halted; 81 at rest' });
    expect(paneVerdict(arr({ running: 0, halted: 0, collapse: 100, fellThrough: 0 })).kind).toBe('finished');
    expect(paneVerdict(arr({ running: 40, halted: 0, collapse: 60, fellThrough: 0 })).kind).toBe('fine');
  });
});

describe('the bounce plot', () => {
  test('the exact line: a rebound that leaves τ to rest climbs g (1 − ε)² τ² / 8 (Fig. 7: the first bounce, τ = 2, tops at 1/8)', () => {
    expect(restTime(0.5, 1)).toBe(3);
    expect(exactTop(2, 0.5, 1)).toBeCloseTo(0.125, 15);  // speed 1/2 after the impact at t = 1: v²/2g = 1/8
    expect(restTime(1, 1)).toBeNull();
  });
  test('the engine\'s bounces lie on the exact line until the naive ball halts; the stable one goes on to rest', async () => {
    const api = await loadForNode();
    const mk = (detector) => paneEngine(api, { kind: 'balls', detector, count: 1, plateOffsets: [0.763774618976614], restitution: 0.5, gravity: 1 });
    const [a, b] = [mk('naive-halt'), mk('stable')];
    for (const p of [a, b]) p.advanceTo(4, 1e6);
    const [fa, fb] = [a.frame(), b.frame()];
    expect(fa.bounces).toHaveLength(28);  // the 28 impacts before the halt
    // each top within rounding of the exact one for the ball's measured τ, while the bounce is well above rounding
    for (const [t, h] of fa.bounces.filter(([, x]) => x > 1e-10)) expect(Math.abs(h / exactTop(3 - t, 0.5, 1) - 1)).toBeLessThan(1e-4);
    const rows = bounceRows(fa.bounces, fb.bounces, 0.5, 1);
    const lastNaive = rows.find((r) => r[1] !== null), lastStable = rows.find((r) => r[2] !== null);
    expect(lastStable[0]).toBeLessThanOrEqual(lastNaive[0]);  // the stable ball bounces on as far, to rounding
    expect(fb.status.time).toBeGreaterThan(fa.status.time);     // and comes to rest after the naive one halted
    expect(rows.every((r) => r[0] > 0 && [r[1], r[2]].every((h) => h === null || h >= LOWEST_TOP))).toBe(true);
    expect(rows.map((r) => r[0])).toEqual([...rows.map((r) => r[0])].sort((x, y) => x - y));
    a.destroy(); b.destroy();
  });
});

describe('coherent parameters', () => {
  test('the lattice rule says what the engine says, over a grid of n and φ in 2-D and 3-D', () => {
    const cases = [];
    for (const [dim, phis] of [[2, [0.3, 0.6, 0.75]], [3, [0.2, 0.3, 0.55]]]) for (const phi of phis) for (const n of [1, 7, 12, 15, 16, 30, 37, 40, 50, 88, 100, 108]) cases.push([dim, n, phi]);
    const mismatches = cases.filter(([dim, n, phi]) => {
      let ok = true;
      try {
        execFileSync(`${root}build/edpd`, ['run', '--scenario', 'granular', '--dim', String(dim), '--n', String(n), '--packing-fraction', String(phi), '--events', '1'], { stdio: 'pipe' });
      } catch { ok = false; }
      return ok !== (gasStartProblem(dim, n, phi) === null);
    });
    expect(mismatches).toEqual([]);
    expect(fewestParticles(2, 0.6, 1, 100000)).toBe(15);
  });
  test('another dimension brings its own default density; other changes keep the rest', () => {
    const s = defaultState('granular');
    expect(withParam(s, 'dim', 3)).toMatchObject({ dim: 3, phi: 0.3, n: 2000 });
    expect(withParam(withParam(s, 'dim', 3), 'dim', 2)).toMatchObject({ dim: 2, phi: 0.6 });
    expect(withParam(s, 'n', 500)).toMatchObject({ dim: 2, phi: 0.6, n: 500 });
    expect(withParam(defaultState('elastic'), 'dim', 2)).toMatchObject({ dim: 2, phi: 0.5 });
  });
  test('a paused run stops on a round time, never before the panes\' clock', () => {
    expect(roundUp(1.2000000000000002, 4 / 60)).toBe(1.21);
    expect(roundUp(13.2461, 4 / 60)).toBe(13.25);
    expect(roundUp(3, 1 / 60)).toBe(3);
    for (let k = 0; k < 200; k++) {
      const t = Math.random() * 100, r = roundUp(t, 1 / 60);
      expect(r >= t && r - t < 0.0100001 && String(r).length <= 14).toBe(true);
    }
  });
});

describe('the scenario registry', () => {
  test('every scenario module has what the app asks of it, and no other file switches on a scenario\'s name', async () => {
    const { REGISTRY, SCENARIO_IDS } = await import('../../web/src/scenarios/index.js');
    const { readdirSync, readFileSync } = await import('node:fs');
    for (const [id, sc] of Object.entries(REGISTRY)) {
      expect([id, sc.id, typeof sc.title, Array.isArray(sc.params), typeof sc.defaults, ['gas', 'balls'].includes(sc.view)]).toEqual([id, id, 'string', true, 'object', true]);
      for (const f of ['engineConfig', 'columns', 'record', 'plots', 'units']) expect([id, f, typeof sc[f]]).toEqual([id, f, 'function']);
      expect([id, typeof sc.cliFlags === 'function' || typeof sc.command === 'function']).toEqual([id, true]);
    }
    expect(SCENARIO_IDS).toEqual(['ball', 'ball-array', 'granular', 'elastic', 'square-well', 'jamming', 'table', 'shaken', 'box']);
    const files = (dir) => readdirSync(`${root}${dir}`, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(`${dir}/${e.name}`) : [`${dir}/${e.name}`]));
    const names = Object.keys(REGISTRY).map((id) => id.replace('-', '\\-')).join('|');
    const switching = new RegExp(`scenario\\s*===?\\s*'(${names})'|case '(${names})':|scenario\\.startsWith\\(`);
    const found = files('web/src').filter((f) => f.endsWith('.js') && !f.startsWith('web/src/scenarios/') && f !== 'web/src/edpd.js')
      .filter((f) => switching.test(readFileSync(`${root}${f}`, 'utf8')));
    expect(found).toEqual([]);
  });
});
