// The plain model modules: theory, series export, the run model driving real engines through
// an in-process stand-in for the Web Worker.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadForNode, root } from './helpers.js';
import { PaneEngine, probeStateFile } from '../../web/src/workers/pane-engine.js';
import { ballGrid, ballPosition, ROW_HEIGHT } from '../../web/src/model/ball-layout.js';
import { RunModel, fmtWithError } from '../../web/src/model/run-model.js';
import { SweepModel, summarize } from '../../web/src/model/sweep-model.js';
import { StateFiles } from '../../web/src/state-files.js';
import { Series } from '../../web/src/model/series.js';
import { LatterHalfMean } from '../../web/src/model/latter-half.js';
import { paneDistance } from '../../web/src/model/pane-distance.js';
import { failureSite } from '../../web/src/model/failure-site.js';
import { paneStory } from '../../web/src/model/what-happened.js';
import { overlapAt, overlapPlot, overlapCaption, powerOfTen } from '../../web/src/model/overlap-function.js';
import { exactBallGap, ballCollapseTime, haffTemperature, sonineA2, equationOfState, equationOfStateLiu, fluidPressure, enskogRate, zeroCountUpperBound, perEventText } from '../../web/src/model/theory.js';
import { parseHash } from '../../web/src/model/url-state.js';
import { defaultState, paneConfigs, cliCommand, scenarioBlurb, fileState, paramsOf, shellWord } from '../../web/src/model/scenarios.js';

let api;
beforeAll(async () => { api = await loadForNode(); });

/** A Worker stand-in running the same message handling as web/src/workers/sim-worker.js. */
function fakeWorker() {
  let engine = null;
  const w = {
    onmessage: null, onerror: null, terminated: false,
    postMessage(msg) {
      queueMicrotask(() => {
        if (w.terminated) return;
        try {
          if (msg.type === 'init') { engine?.destroy(); engine = new PaneEngine(api, msg.spec); }
          else if (msg.type === 'crash') { w.onerror?.({ message: 'deliberate crash' }); return; }
          else if (msg.type === 'xyz') { w.onmessage?.({ data: { type: 'xyz', id: msg.id, text: engine.xyz() } }); return; }
          else if (msg.type === 'probe') { w.onmessage?.({ data: { type: 'probe', id: msg.id, info: probeStateFile(api, msg.text, msg.frame, msg.name) } }); return; }
          const stop = msg.type === 'advance' ? engine.advanceTo(msg.t, msg.maxEvents) : 'time';
          const frame = engine.frame();
          if (msg.type === 'init') frame.shape = engine.shape();
          w.onmessage?.({ data: { type: 'frame', id: msg.id, frame, stop } });
        } catch (e) {
          w.onmessage?.({ data: { type: 'error', id: msg.id, message: e.message } });
        }
      });
    },
    terminate() { w.terminated = true; engine?.destroy(); },
  };
  return w;
}

const settle = () => new Promise((r) => setTimeout(r, 0));

async function runUntil(model, pred, maxTicks = 5000) {
  for (let i = 0; i < maxTicks && !pred(); i++) { model.tick(1 / 60); await settle(); }
}

describe('theory', () => {
  test('exact ball: impacts at t = 1, 2, 2.5 and rest at 3', () => {
    expect(exactBallGap(0)).toBe(0.5);
    expect(exactBallGap(1)).toBeCloseTo(0, 15);
    expect(exactBallGap(1.5)).toBeCloseTo(0.125, 15);
    expect(exactBallGap(2)).toBeCloseTo(0, 15);
    expect(exactBallGap(2.25)).toBeCloseTo(0.03125, 15);
    expect(exactBallGap(3.5)).toBe(0);
    expect(ballCollapseTime(0.5, 1)).toBe(3);
  });
  test('Haff: T halves when (1 + t/t0)^2 = 2; equations of state at known points', () => {
    const opts = { e: 0.9, phi: 0.1, dim: 3 };
    const t0 = 2 * 3 / ((1 - 0.81) * enskogRate(0.1, 3, 1));
    expect(haffTemperature((Math.SQRT2 - 1) * t0, opts)).toBeCloseTo(0.5, 12);
    // the first Sonine coefficient: 0 for elastic spheres, changes sign at e = 1/√2 (the known
    // property), and slows the cooling by 1 + 3 a2 / 16
    for (const dim of [2, 3]) {
      expect(sonineA2(1, dim)).toBeCloseTo(0, 15);
      expect(sonineA2(Math.SQRT1_2, dim)).toBeCloseTo(0, 15);
      expect(sonineA2(0.9, dim)).toBeLessThan(0);
      expect(sonineA2(0.5, dim)).toBeGreaterThan(0);
    }
    const a2 = sonineA2(0.9, 3);
    expect(haffTemperature((Math.SQRT2 - 1) * t0 / (1 + 3 * a2 / 16), { ...opts, a2 })).toBeCloseTo(0.5, 12);
    expect(equationOfState(0.3, 3)).toBeCloseTo(3.97376, 4); // Carnahan–Starling
    expect(equationOfState(0.4, 2)).toBeCloseTo(2.83333, 4); // Henderson
  });
  test("Liu's equations of state: the exact low-density virial coefficients, and values worked by hand", () => {
    // exact: 3-D B2 = 4, B3 = 10 (in powers of phi); 2-D B2 = 2, B3 = 4 (4/3 - sqrt(3)/pi) = 3.1280
    const h = 1e-4;
    expect((equationOfStateLiu(h, 3) - 1) / h).toBeCloseTo(4, 2);
    expect((equationOfStateLiu(h, 3) - 1 - 4 * h) / h ** 2).toBeCloseTo(10, 1);
    expect((equationOfStateLiu(h, 2) - 1) / h).toBeCloseTo(2, 3);
    expect(Math.abs((equationOfStateLiu(h, 2) - 1 - 2 * h) / h ** 2 - 4 * (4 / 3 - Math.sqrt(3) / Math.PI))).toBeLessThan(0.01);
    expect(equationOfStateLiu(0.4, 3)).toBeCloseTo(6.94507, 4); // 1.5001354 / 0.216
    expect(equationOfStateLiu(0.6, 2)).toBeCloseTo(6.45196, 4); // 1.0323143 / 0.16
  });
  test('the live fluid pressure curve stops where the fluid does (freezing 0.494 in 3-D, hexatic 0.70 in 2-D)', () => {
    expect(fluidPressure(0.3, 3)).toBe(equationOfStateLiu(0.3, 3));
    expect(fluidPressure(0.494, 3)).not.toBeNull();
    expect(fluidPressure(0.55, 3)).toBeNull(); // an FCC crystal there has Z near 12, the fluid curve 18.5
    expect(fluidPressure(0.7, 2)).not.toBeNull();
    expect(fluidPressure(0.75, 2)).toBeNull();
  });
});

describe('the overlap function at the first failure (paper Fig. 1)', () => {
  const naivePane = (state, t) => {
    const e = new PaneEngine(api, paneConfigs(state)[0]);
    e.advanceTo(t, 1e8);
    const frame = e.frame();
    e.destroy();
    return frame;
  };
  const ulp = (x) => Number.EPSILON * Math.abs(x);

  test('the ball: no real root — the curve stays below contact, the stable rule bounces at its top', () => {
    const frame = naivePane(defaultState('ball'), 4);
    expect(frame.status.status).toBe('halted');
    const f = frame.failure;
    expect(f.time).toBe(frame.status.time);
    expect(f.naive).toEqual({ dt: NaN, answer: 'no-real-root', action: 'halted' });
    const p = overlapPlot(f, { detector: 'naive-halt', timeUnit: '√(σ/g)', subject: 'the ball and the plate' });
    expect(p.naive).toBeNull();
    expect(Math.max(...p.ys)).toBeLessThan(0);  // never touches f = 0: no root to find
    // the turning point, Δt = f1 / g, is the top of the parabola: every sample lies below it
    expect(p.stable[0] * 10 ** p.xExp).toBe(f.f[1]);
    expect(Math.max(...p.ys)).toBe(p.stable[1]);
    expect(p.xs[0]).toBeLessThan(0);  // now is inside the window
    expect(p.yLabel).toBe(`f [${powerOfTen(p.yExp)} σ]`);
    expect(p.caption).toMatch(/^At t = 2\.999999978, the ball and the plate: f\(0\) = -1\.1e-16 σ, overlapping .* receding\. Textbook formula \(Eq\. 12\): no real root .* naive-halt stops\. Stable rule \(Eq\. 10, Algorithm 2\): an impact at the turning point/);
  });

  test('the granular gas: a negative root, where the stable rule collides the pair now', () => {
    const frame = naivePane(defaultState('granular'), 11.6);
    expect(frame.status).toMatchObject({ status: 'halted', reason: 'overlap-approaching' });
    const f = frame.failure;
    expect(f.particles).toEqual(frame.status.particles);
    expect(f.f[0]).toBeLessThan(0);  // overlapping ...
    expect(f.f[1]).toBeLessThan(0);  // ... and approaching
    // the textbook's dt is a root of f, to the cancellation in its −b − √(b² − ac) (√ ≈ |b| here,
    // the paper's Sect. 4.2): an error of ε b²/a in Δt·f′, 4.5e-25 here, where the cancellation-free
    // c / (√(b² − ac) − b) of Algorithm 1 gives the same root to the rounding of its terms
    const [c, b, a] = [f.f[0], f.f[1] / 2, f.f[2] / 2];
    expect(Math.abs(overlapAt(f.f, f.naive.dt))).toBeLessThan(4 * Number.EPSILON * (b * b) / a);
    const exact = c / (Math.sqrt(b * b - a * c) - b);
    expect(Math.abs(overlapAt(f.f, exact))).toBeLessThan(8 * Math.max(ulp(f.f[0]), ulp(f.f[1] * exact)));
    expect(Math.abs(f.naive.dt / exact - 1)).toBeGreaterThan(1e-14);  // the textbook root lost digits
    expect(f.naive.dt).toBeLessThan(0);
    expect(f.stable).toEqual({ dt: 0, answer: 'stabilising' });
    const p = overlapPlot(f, { detector: 'naive-halt', timeUnit: 'σ√(m/kT₀)' });
    expect(Math.abs(p.naive[1])).toBeLessThan(1e-6);  // on the contact line
    expect(p.stable).toEqual([0, f.f[0] * 10 ** -p.yExp]);
    expect(p.xs[0]).toBeLessThan(p.naive[0]);
    expect(p.xs.at(-1)).toBeGreaterThan(0);
    expect(p.yLabel).toBe(`f [${powerOfTen(p.yExp)} σ²]`);
    expect(p.caption).toMatch(new RegExp(`particles ${f.particles[0]} and ${f.particles[1]}: .*approaching\\. Textbook formula \\(Eq\\. 12\\): Δt = -\\d.*e-\\d+, an impact in the past; naive-halt stops\\. .*an impact now, Δt = 0 — a stabilising event`));
  });

  test('a ball array names the ball that failed first, as its balls alone would; a stable pane has no failure', () => {
    const state = { ...defaultState('ball-array'), naive: 'miss' };
    const frame = naivePane(state, 4);
    const f = frame.failure;
    expect(f.naive.action).toBe('ignored');
    expect(Number.isInteger(f.ball)).toBe(true);
    const spec = paneConfigs(state)[0];
    const e = new PaneEngine(api, spec);
    const times = e.plates.map((plateOffset) => {
      const s = api.createSimulation({ scenario: 'bouncing-ball', detector: spec.detector, n: 1, plateOffset, restitution: spec.restitution, gravity: spec.gravity });
      s.advanceTo(4, { maxEvents: 1e8 });
      const t = s.firstFailure()?.time ?? Infinity;
      s.destroy();
      return t;
    });
    expect(times.filter(Number.isFinite).length).toBeGreaterThan(1);  // several balls fail: the first is a choice
    expect(f.time).toBe(Math.min(...times));
    expect(times[f.ball]).toBe(f.time);
    e.destroy();
    const stable = new PaneEngine(api, paneConfigs(state)[1]);
    stable.advanceTo(4, 1e8);
    expect(stable.frame().failure).toBeNull();
    stable.destroy();
    expect(overlapCaption(f, { detector: 'naive-miss', unit: 'σ', subject: `ball ${f.ball} and its plate` }))
      .toMatch(new RegExp(`ball ${f.ball} and its plate: .*naive-miss takes it for no impact, and the sphere falls through`));
  });

  test('powers of ten in superscript', () => {
    expect(powerOfTen(-16)).toBe('10⁻¹⁶');
    expect(powerOfTen(0)).toBe('1');
    expect(powerOfTen(3)).toBe('10³');
  });
});

test('series: bounded, halves when full, CSV and JSON export', () => {
  const s = new Series(['time', 'a', 'b'], 8);
  for (let i = 0; i < 40; i++) s.push([i, i * 2, i % 3 ? null : NaN]);
  expect(s.length).toBeLessThan(8);
  const csv = s.toCSV().trim().split('\n');
  expect(csv[0]).toBe('time,a,b');
  expect(csv[1]).toBe('0,0,');
  expect(s.toJSON().time[0]).toBe(0);
});

describe('distance between the panes', () => {
  const frame = (time, positions, box = [10, 10, 10]) => ({ time, box, positions: Float64Array.from(positions) });

  test('root mean square over particles, each pair by its minimum image in the periodic box', () => {
    // particle 0: 0.2 apart across the x boundary; particle 1: (3, 4, 0) apart
    const a = frame(1, [0.1, 5, 5, 1, 1, 1]), b = frame(1, [9.9, 5, 5, 4, 5, 1]);
    expect(paneDistance(a, b)).toBeCloseTo(Math.sqrt((0.2 ** 2 + 25) / 2), 12);
    expect(paneDistance(a, a)).toBe(0);
    // 2-D: the z axis has no extent
    expect(paneDistance(frame(1, [0.5, 0.5, 0], [4, 4, 0]), frame(1, [3.5, 0.5, 0], [4, 4, 0]))).toBeCloseTo(1, 12);
    // a state file with walls on x: no folding there (9.8 apart, not 0.2)
    const walled = (positions) => ({ ...frame(1, positions), periodic: [false, true, true] });
    expect(paneDistance(walled([0.1, 5, 5]), walled([9.9, 5, 5]))).toBeCloseTo(9.8, 12);
    expect(paneDistance(walled([5, 0.1, 5]), walled([5, 9.9, 5]))).toBeCloseTo(0.2, 12);
  });

  test('none unless both panes are at the same time (a halted pane stays behind)', () => {
    expect(paneDistance(frame(1, [1, 1, 1]), frame(2, [1, 1, 1]))).toBeNull();
    expect(paneDistance(null, frame(2, [1, 1, 1]))).toBeNull();
  });
});

describe('scenario texts', () => {
  test('the ball\'s text gives the rest time of its own ε and g (exact: 3 at the default), and none at ε = 1', () => {
    expect(scenarioBlurb(defaultState('ball'))).toMatch(/comes to rest at t = 3 /);
    expect(scenarioBlurb({ ...defaultState('ball'), e: 0.9 })).toMatch(/comes to rest at t = 19 /);  // 1 + 2 * 0.9 / 0.1
    expect(scenarioBlurb({ ...defaultState('ball'), g: 4 })).toMatch(/comes to rest at t = 1\.5 /);   // (1 + 2) / 2
    expect(scenarioBlurb({ ...defaultState('ball'), e: 0 })).toMatch(/stops dead at its first impact, t = 1\./);
    const elastic = scenarioBlurb({ ...defaultState('ball'), e: 1 });
    expect(elastic).toMatch(/never comes to rest/);
    expect(elastic).not.toMatch(/comes to rest at t/);
    expect(scenarioBlurb(defaultState('elastic'))).toBe(scenarioBlurb({ ...defaultState('elastic'), n: 50 }));
  });
});

test('a state file\'s pane draws each particle at its own diameter and the planes it meets (its shape, sent once)', () => {
  const text = '2\nLattice="20 0 0 0 20 0 0 0 10" pbc="T T F" planes="0 0 1 0 1; 0 0 -1 -10 0.5" Properties=species:S:1:pos:R:3:radius:R:1\nA 2 2 5 0.05\nA 6 6 5 1.5\n';
  const engine = new PaneEngine(api, { kind: 'file', detector: 'stable', text, frame: null, name: 'two.xyz' });
  const shape = engine.shape();
  expect(Array.from(shape.diameters)).toEqual([0.1, 3]);
  expect(shape.largest).toBe(3);
  expect(shape.planes).toEqual([{ normal: [0, 0, 1], offset: 0, restitution: 1 }, { normal: [0, 0, -1], offset: -10, restitution: 0.5 }]);
  expect(engine.frame().periodic).toEqual([true, true, false]);
  engine.destroy();
});

test('a state file still being read does not replace a run started meanwhile; the latest file wins', async () => {
  const probes = [];
  const model = { state: { scenario: 'ball', naive: 'miss' }, probeFile: () => new Promise((resolve) => probes.push(resolve)) };
  const started = [], warned = [];
  const files = new StateFiles({
    model,
    start: (state) => { files.supersede(); started.push(state); },  // as main.js's start does
    warn: (field, message) => warned.push([field, message]), clearWarnings: () => {},
  });
  const file = (name) => ({ name, size: 10, text: async () => `text of ${name}` });
  const info = { n: 3, dim: 2, time: 0, frame: 0, frames: 1, speed: 0.9 };
  const settle = () => new Promise((r) => setTimeout(r, 0));
  // a file, then a scenario chosen while it is read: the file arrives and is dropped
  files.openLocal(file('a.xyz'));
  await settle();
  files.start({ scenario: 'granular' });
  probes[0](info);
  await settle();
  expect(started.map((s) => s.scenario)).toEqual(['granular']);
  // two files in a row: the first to be read does not replace the second's run
  files.openLocal(file('b.xyz'));
  files.openLocal(file('c.xyz'));
  await settle();
  probes[2](info);
  await settle();
  probes[1](info);
  await settle();
  expect(started.map((s) => s.file?.name ?? s.scenario)).toEqual(['granular', 'c.xyz']);
  expect(started[1]).toMatchObject({ naive: 'miss', speed: 0.9, file: { name: 'c.xyz', text: 'text of c.xyz' } });
  expect(warned).toEqual([]);
});

describe('run model', () => {
  test('state files: a pane\'s particles are the file its command line writes with --dump, the ball array\'s too', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'edpd-state-'));
    const m = new RunModel({ createWorker: fakeWorker });
    m.load({ ...defaultState('granular'), naive: 'miss', n: 300, phi: 0.5, seed: 2, speed: 4 });
    await runUntil(m, () => m.target >= 1.5);
    m.pause();
    await runUntil(m, () => m.panes.every((p) => !p.busy));
    for (const k of [0, 1]) {
      const text = await m.stateFile(k);
      expect(text.split('\n')[0]).toBe('300');
      const file = join(dir, `pane-${k}.xyz`);
      const [bin, ...args] = m.commandLine(k).replace(' --json', ` --dump ${file}`).split(' ');
      execFileSync(join(root, bin), args);
      expect(text).toBe(readFileSync(file, 'utf8'));
    }
    // a restart drops a pending request with a reason instead of leaving it unanswered
    const pending = m.stateFile(0);
    m.reset();
    await expect(pending).rejects.toThrow('the run was restarted');
    m.load({ ...defaultState('ball-array'), n: 4, speed: 4 });
    await runUntil(m, () => m.target >= 1);
    m.pause();
    await runUntil(m, () => m.panes.every((p) => !p.busy));
    const text = await m.stateFile(1), file = join(dir, 'balls.xyz');
    expect(text.split('\n')[0]).toBe('4');
    const [bin, ...args] = m.commandLine(1).replace(' --json', ` --dump ${file}`).split(' ');
    execFileSync(join(root, bin), args);
    expect(text).toBe(readFileSync(file, 'utf8'));
    m.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  test('a run from a state file: checked first, both panes from its frame on its clock, and its command lines end in the panes\' state hashes', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'edpd-open-'));
    const run = (cmd) => {
      const [bin, ...args] = cmd.split(' ');
      return JSON.parse(execFileSync(join(root, bin), args, { cwd: dir, encoding: 'utf8' }));
    };
    const m = new RunModel({ createWorker: fakeWorker });
    m.load(defaultState('ball'));
    await runUntil(m, () => m.panes.every((p) => p.frame));
    // a bad file is refused with the reader's message, naming the line; the run goes on
    await expect(m.probeFile('3\nLattice="9 0 0 0 9 0 0 0 9"\nA 1 1 1\n', { name: 'cut.xyz' })).rejects.toThrow(/^cut\.xyz: ends after 1 of 3 particles/);
    await expect(m.probeFile('1\nLattice="9 0 0 0 9 0 0 0 9"\nA 1 x 1\n', { name: 'bad.xyz' })).rejects.toThrow(/^bad\.xyz, line 3: position 'x' is not a finite number/);
    expect(m.state.scenario).toBe('ball');

    // the three disks of docs/examples/collapse-line.xyz (elastic: the file has no restitution)
    const text = readFileSync(join(root, 'docs/examples/collapse-line.xyz'), 'utf8');
    const info = await m.probeFile(text);
    // speed: half a diameter (1) per second at the RMS speed √(2·KE/N) = √(1/3): 0.866, to 1 digit
    expect(info).toEqual({ n: 3, dim: 2, time: 0, frame: 0, frames: 1, speed: 0.9, gravity: false });
    m.load(fileState('collapse-line.xyz', text, info, { naive: 'halt', speed: 2 }));
    expect(paramsOf(m.state)).toEqual(['naive', 'speed']);  // one frame: nothing to pick
    expect(m.shareHash()).toBeNull();                        // a link cannot carry the file
    await runUntil(m, () => m.target >= 7.3);
    m.pause();
    await runUntil(m, () => m.panes.every((p) => !p.busy));
    expect(m.panes[0].shape).toEqual({ planes: [], plates: [], diameters: null, largest: 1 });
    expect([m.panes[0].frame.dim, m.panes[0].frame.periodic]).toEqual([2, [true, true, false]]);
    // the disk meets the pair at t = 4 and the far one leaves at speed 1 (elastic, equal masses)
    const v = m.panes[1].frame;
    expect(v.positions[6]).toBeCloseTo(11 + (m.target - 4), 9);
    expect(m.series.main.names).toContain('kT at the start');
    writeFileSync(join(dir, 'collapse-line.xyz'), text);
    for (const k of [0, 1]) {
      const cmd = m.commandLine(k);
      expect(cmd).toMatch(/^build\/edpd run --load collapse-line\.xyz --detector (naive-halt|stable) --until [0-9.]+ --json$/);
      expect(run(cmd).state_hash).toBe(m.panes[k].stateHash);  // run in the file's folder
    }
    const json = m.exportJSON();
    expect(json.link).toBeNull();
    expect(json.state.file).toEqual({ name: 'collapse-line.xyz', frame: 0, frames: 1, n: 3, dim: 2, time: 0, speed: 0.9, gravity: false });  // not its text

    // a trajectory: its frame 3 (t = 1.5) of 5, a ball over its plate; the clock starts there
    const traj = join(dir, 'ball traj.xyz');
    execFileSync(join(root, 'build/edpd'), ['run', '--scenario', 'bouncing-ball', '--plate-offset', '0.763774618976614', '--series', '0.5', '--time', '2', '--trajectory', traj]);
    const ttext = readFileSync(traj, 'utf8');
    const last = await m.probeFile(ttext);
    expect(last).toEqual({ n: 1, dim: 3, time: 2, frame: 4, frames: 5, speed: 2, gravity: true });  // leaving the plate at 0.25
    const f3 = await m.probeFile(ttext, { frame: 3 });
    expect(f3).toEqual({ n: 1, dim: 3, time: 1.5, frame: 3, frames: null, speed: 1, gravity: true });  // at its apex: at rest, so 1
    m.load(fileState('ball traj.xyz', ttext, { ...f3, frames: last.frames }, { naive: 'halt', speed: 50 }));
    expect(paramsOf(m.state)).toEqual(['naive', 'frame', 'speed']);
    await runUntil(m, () => m.panes.every((p) => p.frame));
    expect(m.target).toBe(1.5);
    expect(m.panes[1].shape.planes).toEqual([{ normal: [0, 0, 1], offset: 0.763774618976614, restitution: 0.5 }]);
    await runUntil(m, () => m.panes.every((p) => p.terminal));
    expect(m.panes[0].status).toBe('halted');
    expect(m.panes[1].status).toBe('collapse');
    expect(m.panes[1].frame.status.time).toBe(2.9999999851175985);  // as the unbroken run (README)
    // a link's time before the file's clock (t = 1 for a frame at t = 1.5) is no jump backwards: it plays from 1.5
    const early = new RunModel({ createWorker: fakeWorker });
    early.load(fileState('ball traj.xyz', ttext, { ...f3, frames: last.frames }, { speed: 1, t: 1 }));
    await runUntil(early, () => early.panes.every((p) => p.frame));
    expect([early.jumpTo, early.target, early.playing]).toEqual([null, 1.5, true]);
    await runUntil(early, () => early.target > 1.6);
    expect(early.panes[1].time).toBeGreaterThan(1.5);
    early.destroy();
    for (const k of [0, 1]) {
      const cmd = m.commandLine(k);
      expect(cmd).toContain("--load 'ball traj.xyz' --frame 3 ");
      const args = cmd.replace("'ball traj.xyz'", 'TRAJ').split(' ').slice(1).map((a) => (a === 'TRAJ' ? traj : a));
      const out = JSON.parse(execFileSync(join(root, 'build/edpd'), args, { encoding: 'utf8' }));
      expect(out.start_time).toBe(1.5);
      expect(out.frame).toBe(3);
      expect(out.state_hash).toBe(m.panes[k].stateHash);
    }
    m.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  test('default ball link: naive halts, stable comes to rest near t = 3, in lock-step', async () => {
    const m = new RunModel({ createWorker: fakeWorker });
    m.load({ ...defaultState('ball'), speed: 50 });
    await runUntil(m, () => m.panes.every((p) => p.terminal));
    const [naive, stable] = m.panes;
    expect(naive.status).toBe('halted');
    expect(naive.frame.status.reason).toBe('no-real-root');
    expect(stable.status).toBe('collapse');
    expect(Math.abs(stable.time - 3)).toBeLessThan(8.4e-8);
    expect(naive.badge().text).toMatch(/^halted: no-real-root, at event 28/);
    expect(m.series.main.length).toBeGreaterThan(2);
    m.destroy();
  });

  test('granular gas with an elastic start: kT stays 1 until eq, and Haff\'s law starts there', async () => {
    const m = new RunModel({ createWorker: fakeWorker });
    m.load({ ...defaultState('granular'), dim: 3, n: 500, phi: 0.1, e: 0.9, tc: 0, eq: 2, seed: 3, speed: 10 });
    await runUntil(m, () => m.target >= 4 && m.panes.every((p) => !p.busy && p.time >= 4), 20000);
    const [t, naive, stable, haff] = m.series.main.columns;
    const before = t.map((x, k) => k).filter((k) => t[k] <= 2), after = t.map((x, k) => k).filter((k) => t[k] > 2.5);
    expect(before.length).toBeGreaterThan(1);
    expect(after.length).toBeGreaterThan(1);
    for (const k of before) {
      expect(haff[k]).toBe(1);
      expect(naive[k]).toBeCloseTo(1, 12);
      expect(stable[k]).toBeCloseTo(1, 12);
    }
    for (const k of after) {
      expect(haff[k]).toBe(haffTemperature(t[k], { t1: 2, T1: 1, e: 0.9, phi: 0.1, dim: 3 }));
      expect(stable[k]).toBeLessThan(0.97);
    }
    m.destroy();
  });

  test('elastic gas: the pressure shown is the mean over [t/2, t], at the equation of state once the lattice start has left it', async () => {
    // φ = 0.45 in 3-D, N = 2000, to t = 10. Ten seeds with the CLI (edpd run --series 0.25) gave a
    // latter-half mean of 9.394 ± 0.022 (one run's standard deviation) against Liu's 9.404, and a
    // mean since t = 0 of 9.225 ± 0.013: 8 standard deviations low, still carrying the lattice start.
    const m = new RunModel({ createWorker: fakeWorker });
    m.load({ ...defaultState('elastic'), dim: 3, n: 2000, phi: 0.45, seed: 1, speed: 10 });
    await runUntil(m, () => m.target >= 10 && m.panes.every((p) => !p.busy && p.time >= 10), 20000);
    const liu = equationOfStateLiu(0.45, 3);
    const shown = m.pressureZ(1), sinceStart = m.panes[1].frame.stats.pressureZ;
    expect(Math.abs(shown - liu)).toBeLessThan(4 * 0.022);
    expect(sinceStart).toBeLessThan(shown);
    expect(m.series.main.columns[2].at(-1)).toBe(shown);  // the plot shows what the table shows
    m.destroy();
  });

  test('ball array: the plot counts failures by plate impact (every naive halt after 27-28 impacts, as in Fig. 7), never for the stable pane', async () => {
    const m = new RunModel({ createWorker: fakeWorker });
    m.load({ ...defaultState('ball-array'), speed: 50 });
    await runUntil(m, () => m.panes.every((p) => p.terminal));
    await runUntil(m, () => m.series.main.length > 0, 50);
    const [k, halted, fell, stable] = m.series.main.columns;
    const naive = m.panes[0].frame;
    expect(naive.balls.halted).toBeGreaterThan(0);
    expect(halted.at(-1)).toBeCloseTo(naive.balls.halted / naive.n, 12);
    expect(fell.at(-1)).toBe(0);  // naive-halt stops instead of letting a ball through
    expect(halted[k.indexOf(26)]).toBe(0);
    expect(halted[k.indexOf(28)]).toBeCloseTo(halted.at(-1), 12);
    expect(stable.every((x) => x === 0)).toBe(true);
    expect(m.panes[1].frame.balls.collapse).toBe(m.panes[1].frame.n);
    // the finished naive array, with failed balls, is badged as failed; the stable one as done
    expect(m.panes.map((p) => p.badge().kind)).toEqual(['halted', 'done']);
    // every failed ball is flagged 2 (drawn magenta), the others at most 1 (touching their plate)
    expect(naive.flags.filter((f) => f === 2).length).toBe(naive.balls.halted);
    expect(m.panes[1].frame.flags.every((f) => f < 2)).toBe(true);
    m.destroy();
  });

  test('ball array: balls are drawn in rows, each row on its own plate, every ball at its height above its plate', () => {
    expect(ballGrid(1)).toEqual({ cols: 1, rows: 1 });
    expect(ballGrid(10)).toEqual({ cols: 10, rows: 1 });
    expect(ballGrid(100)).toEqual({ cols: 15, rows: 7 });
    expect(ballGrid(2000)).toEqual({ cols: 64, rows: 32 });
    const seen = new Set();
    for (let i = 0; i < 100; i++) {
      const [x, y, z] = ballPosition(i, 100, 0.5);  // resting on its plate
      const row = Math.round((0.5 - z) / ROW_HEIGHT);
      expect(z).toBeCloseTo(0.5 - ROW_HEIGHT * row, 12);
      expect(y).toBe(0);
      seen.add(`${x},${row}`);
    }
    expect(seen.size).toBe(100);  // no two balls drawn at one place
    // one that fell through hangs under its own plate, clear of the row below (whose balls reach 1 above it)
    const fallen = ballPosition(15, 100, -40)[2], below = ballPosition(30, 100, 0.5)[2];
    expect(fallen).toBe(-ROW_HEIGHT - 0.6);
    expect(fallen - 0.5).toBeGreaterThan(below + 0.5);
    expect(ballPosition(0, 1, -40)[2]).toBe(-40);  // a single ball falls out of sight
  });

  test('a shared link reproduces the run bit for bit (same state hashes)', async () => {
    const m = new RunModel({ createWorker: fakeWorker });
    m.load({ ...defaultState('granular'), n: 400, speed: 3 });
    await runUntil(m, () => m.target > 2 && m.panes.every((p) => !p.busy && p.time >= m.target));
    m.pause();
    await runUntil(m, () => m.panes.every((p) => !p.busy && (p.terminal || p.time >= m.target)));
    const link = m.shareHash();
    const hashes = m.panes.map((p) => p.stateHash);
    m.destroy();
    const { state, warnings } = parseHash(link);
    expect(warnings).toEqual([]);
    const m2 = new RunModel({ createWorker: fakeWorker });
    const progress = [];
    m2.subscribe((what, model) => { if (what === 'frame') progress.push(model.jumpProgress); });
    m2.load(state);
    await runUntil(m2, () => m2.jumpTo === null && m2.panes.every((p) => p.frame && !p.busy));
    expect(m2.panes.map((p) => p.stateHash)).toEqual(hashes);
    // the jump's progress: in [0, 1], never backwards, null once the link's time is reached
    const during = progress.filter((x) => x !== null);
    expect(during.length).toBeGreaterThan(2);
    expect(during.every((x, k) => x >= 0 && x <= 1 && (k === 0 || x >= during[k - 1]))).toBe(true);
    expect(m2.jumpProgress).toBeNull();
    expect(m2.playing).toBe(false);
    m2.destroy();
  });

  test('a jump past the naive halt reports the running pane\'s time, not the halted one\'s', async () => {
    // the default gas: naive-halt stops at t = 11.53; a link to t = 14 goes on with the stable pane
    const m = new RunModel({ createWorker: fakeWorker });
    m.load({ ...defaultState('granular'), t: 14, paused: true });
    const seen = [];
    m.subscribe((what, model) => { if (what === 'frame' && model.jumpTo !== null) seen.push([model.panes[0].terminal, model.jumpTime, model.panes[1].time]); });
    await runUntil(m, () => m.jumpTo === null, 5000);
    expect(m.jumpTo).toBeNull();
    expect(m.panes[0].terminal).toBe(true);
    const afterHalt = seen.filter(([halted]) => halted);
    expect(afterHalt.length).toBeGreaterThan(0);
    for (const [, t, stable] of afterHalt) expect(t).toBe(stable);
    expect(afterHalt.at(-1)[1]).toBeGreaterThan(12);
    // the halted pane's temperature line ends at its halt (no frozen kT drawn on to t = 14)
    const { time, 'naive kT': naiveKT, 'stable kT': stableKT } = m.series.main.toJSON();
    const after = time.map((t, i) => [t, naiveKT[i], stableKT[i]]).filter(([t]) => t > m.panes[0].time);
    expect(after.length).toBeGreaterThan(0);
    for (const [, naive, stable] of after) { expect(naive).toBeNull(); expect(stable).toBeGreaterThan(0); }
    m.destroy();
  });

  test('pause during a jump to a far link stops the jump where it is, and the link says where', async () => {
    const m = new RunModel({ createWorker: fakeWorker });
    m.load({ ...defaultState('elastic'), n: 300, t: 1000 });
    // the stand-in workers answer in microtasks, so the whole jump runs within one tick: press
    // pause from the frame listener, as a user would between two frames
    let pressedAt = null;
    m.subscribe((what, model) => {
      if (what === 'frame' && pressedAt === null && model.jumpTime > 20) { pressedAt = model.jumpTime; model.toggle(); }
    });
    await runUntil(m, () => pressedAt !== null);
    expect(pressedAt).toBeLessThan(100);
    expect(m.jumpTo).toBeNull();
    expect(m.playing).toBe(false);
    const target = m.target;
    expect(target).toBeLessThan(1000);
    await runUntil(m, () => m.panes.every((p) => !p.busy && p.time >= target), 3000);
    for (let i = 0; i < 20; i++) { m.tick(1 / 60); await settle(); }
    expect(m.target).toBe(target);
    expect(m.panes.map((p) => p.time)).toEqual([target, target]);
    expect(parseHash(m.shareHash()).state.t).toBe(target);
    m.destroy();
  });

  test('the elastic gas: the panes start identical and part ways by chaos, from rounding to the size of a particle', async () => {
    // the two detectors compute the same collision time by different formulas (Eq. 12 and
    // Algorithm 1's cancellation-free form), one-ulp apart at times; hard-sphere dynamics
    // multiplies such a difference by about e with every few collisions per particle
    const m = new RunModel({ createWorker: fakeWorker });
    let partedAt = null;  // collisions per particle when the distance first reaches 0.1 σ
    m.subscribe((what, model) => {
      const [a, b] = model.panes;
      if (what === 'frame' && partedAt === null && paneDistance(a.frame, b.frame) > 0.1) partedAt = 2 * b.frame.stats.collisions / b.frame.n;
    });
    m.load({ ...defaultState('elastic'), n: 500, t: 8, paused: true });
    await runUntil(m, () => m.jumpTo === null, 3000);
    // "a few dozen collisions per particle" (the app's text): natively, build-bench/pane_distance 3 0.3 500 24
    // gives 48.6 with a spread of 2.7 over 24 seeds (seed 1: 51.2); 4 spreads either side, and the
    // frames' spacing above (the distance is sampled at frames, not at every event)
    expect(partedAt).toBeGreaterThan(38);
    expect(partedAt).toBeLessThan(62);
    const col = m.series.main.columns[m.series.main.names.indexOf('distance between the panes [σ]')];
    const d = col.filter((x) => x !== null);
    expect(d.length).toBeGreaterThan(20);
    expect(col[0]).toBe(0);                       // identical start
    expect(Math.max(...d.slice(0, 3))).toBeLessThan(1e-12);
    expect(d.at(-1)).toBeGreaterThan(0.1);
    expect(m.panes.every((p) => p.frame.stats.overlappingPairs === 0)).toBe(true);
    m.destroy();
  });

  test('plots: a row is recorded only once both running panes have reached its time', async () => {
    // the panes answer one after the other: a row written between the two answers would plot the
    // slower pane's previous frame at the new time (a kink in every curve of a cooling gas)
    const m = new RunModel({ createWorker: fakeWorker });
    m.load({ ...defaultState('granular'), dim: 2, n: 300, t: 3, paused: true });
    await runUntil(m, () => m.jumpTo === null && m.panes.every((p) => p.frame && !p.busy), 3000);
    const { time, ...cols } = m.series.main.toJSON();
    const rows = time.map((t, i) => [t, ...Object.values(cols).map((c) => c[i])]);
    expect(rows.length).toBeGreaterThan(10);
    const first = new Map();
    for (const r of rows) {
      if (!first.has(r[0])) first.set(r[0], r);
      expect(r).toEqual(first.get(r[0])); // one time, one set of values
    }
    expect(time.every((t, i) => i === 0 || t >= time[i - 1])).toBe(true);
    m.destroy();
  });

  test('ball array: a link past the collapse (t = 5) arrives; balls that came to rest keep their own clock', async () => {
    const m = new RunModel({ createWorker: fakeWorker });
    m.load({ ...defaultState('ball-array'), naive: 'miss', n: 30, t: 5, paused: true });
    await runUntil(m, () => m.jumpTo === null, 3000);
    expect(m.jumpTo).toBeNull();
    const [naive, stable] = m.panes;
    expect(naive.time).toBe(5);
    expect(naive.frame.balls.fellThrough).toBeGreaterThan(0);
    expect(naive.frame.balls.fellThrough + naive.frame.balls.collapse).toBe(30);
    expect(stable.frame.balls.collapse).toBe(30);
    m.destroy();
  });

  test('a worker that fails is shown as an error in its pane, and reset recovers', async () => {
    const m = new RunModel({ createWorker: fakeWorker });
    m.load(defaultState('elastic'));
    await runUntil(m, () => m.panes.every((p) => p.frame));
    m.crashPane(0);
    await settle();
    expect(m.panes[0].error).toMatch(/worker failed/);
    expect(m.panes[0].badge().kind).toBe('error');
    m.reset();
    await runUntil(m, () => m.panes.every((p) => p.frame));
    expect(m.panes[0].error).toBeNull();
    m.destroy();
  });

  test('an engine error (lattice too dense for N) reaches the pane', async () => {
    const m = new RunModel({ createWorker: fakeWorker });
    m.load({ ...defaultState('granular'), dim: 3, n: 1000, phi: 0.6 });
    await runUntil(m, () => m.panes.every((p) => p.error));
    expect(m.panes[0].error).toMatch(/^packingFraction: /);
    m.destroy();
  });

  test('both panes get the identical initial state', () => {
    const [a, b] = paneConfigs(defaultState('granular'));
    const ea = new PaneEngine(api, a), eb = new PaneEngine(api, b);
    expect(Array.from(ea.frame().positions)).toEqual(Array.from(eb.frame().positions));
    ea.destroy(); eb.destroy();
  });
});

test('sweep model: shards on a worker pool add up to the single-call result', async () => {
  const sweepWorker = () => {
    const w = { onmessage: null, onerror: null, postMessage(m) { queueMicrotask(() => w.onmessage?.({ data: { type: 'result', id: m.id, result: api.sweep(m) } })); }, terminate() {} };
    return w;
  };
  const s = new SweepModel({ createWorker: sweepWorker, cores: 3 });
  const done = new Promise((r) => s.subscribe((what) => what === 'done' && r()));
  s.start({ samples: 1000, shard: 137, detectors: ['naive-halt', 'stable'] });
  await done;
  const whole = api.sweep({ detector: 'naive-halt', count: 1000 });
  expect(s.results['naive-halt'].halted).toBe(whole.halted);
  expect(s.results['naive-halt'].histogram).toEqual(whole.histogram);
  expect(summarize(s.results.stable).haltedFraction).toBe(0);
  expect(() => s.start({ samples: 0 })).toThrow(/samples/);
});

test('a count of zero gives the Poisson upper bound on the rate, not 1/n', () => {
  // P(0 | rate λ, n trials) = exp(−λn) = 1 − level  ⇒  λ = −ln(1 − level)/n (the "rule of three").
  expect(zeroCountUpperBound(1e7)).toBeCloseTo(2.9957e-7, 10);
  expect(Math.exp(-zeroCountUpperBound(1e7) * 1e7)).toBeCloseTo(0.05, 12);
  expect(zeroCountUpperBound(100, 0.99)).toBeCloseTo(Math.log(100) / 100, 12);
  expect(zeroCountUpperBound(0)).toBe(Infinity); // no trials: no bound
  expect(perEventText(0, 1e7)).toBe('< 3.0e-7 (95 %)');
  expect(perEventText(121844, 1e7)).toBe('1.22e-2');
});

test('latter-half mean: a start transient leaves the window as the run goes on', () => {
  // instantaneous value 2 until t = 1, then 5: the running mean since t = 0 at t = 8 is 4.625,
  // the mean over [4, 8] exactly 5
  const running = (t) => (2 * Math.min(t, 1) + 5 * Math.max(t - 1, 0)) / t;
  const m = new LatterHalfMean();
  expect(m.value).toBeNull();
  m.push(0.25, running(0.25));
  expect(m.value).toBeCloseTo(2, 12);  // nothing recorded at or before t/2 yet: the running mean
  for (let k = 2; k <= 32; k++) m.push(k / 4, running(k / 4));
  expect(running(8)).toBeCloseTo(4.625, 12);
  expect(m.value).toBeCloseTo(5, 12);
  // bounded memory: thinned samples give a coarser window start, the same exact mean here
  const small = new LatterHalfMean(16);
  for (let k = 1; k <= 4000; k++) small.push(k / 100, running(k / 100));
  expect(small.times.length).toBeLessThanOrEqual(16);
  expect(small.value).toBeCloseTo(5, 12);
  // non-finite or out-of-order samples are ignored
  small.push(NaN, 1); small.push(1, 99); small.push(50, NaN);
  expect(small.value).toBeCloseTo(5, 12);
});

test('latter-half mean: its standard error from 8 blocks of the window', () => {
  // instantaneous value alternating 1 and 3 in blocks of the window [4, 8]: block means
  // 1, 3, 1, 3, ... → mean 2, sample sd of 8 block means = sqrt(8/7), standard error sd/sqrt(8)
  const inst = (t) => (Math.floor((t - 4) * 2) % 2 === 0 ? 1 : 3);
  const m = new LatterHalfMean();
  let integral = 0, last = 0;
  for (let k = 1; k <= 800; k++) {
    const t = k / 100;
    integral += inst((last + t) / 2) * (t - last); last = t;
    m.push(t, integral / t);
  }
  expect(m.value).toBeCloseTo(2, 10);
  expect(m.error).toBeCloseTo(Math.sqrt(8 / 7) / Math.sqrt(8), 10);
  const short = new LatterHalfMean();
  for (let k = 1; k <= 10; k++) short.push(k, 1);
  expect(short.error).toBeNull();  // fewer than 2 samples per block: no estimate
});

test('a value with its standard error is written to the error\'s second significant digit', () => {
  expect(fmtWithError(3.98166, 0.00934)).toBe('3.9817 ±\u00a00.0093');
  expect(fmtWithError(3.98166, 0.2)).toBe('3.98 ±\u00a00.20');
  expect(fmtWithError(16.8282, 1.7)).toBe('16.8 ±\u00a01.7');
  expect(fmtWithError(123.4, 25)).toBe('123 ±\u00a025');
  expect(fmtWithError(3.98166, null)).toBe('3.98166');
});

test('latter-half mean: its standard error is honest (the spread of Z over seeds, elastic gas)', () => {
  // 24 independent runs: the root mean square of the runs' block errors against the standard
  // deviation of their means. Sampling: the deviation's estimate is good to 1/sqrt(2·23) ≈ 15 %,
  // so [0.55, 1.45] is about 3 of those; without the 1/sqrt(8) the ratio would be ≈ 2.8
  const zs = [], errs = [];
  for (let seed = 1; seed <= 24; seed++) {
    const e = new PaneEngine(api, paneConfigs({ ...defaultState('elastic'), n: 300, seed })[1]);
    const lh = new LatterHalfMean();
    for (let k = 1; k <= 200; k++) { e.advanceTo(k / 20, 1e9); lh.push(k / 20, e.frame().stats.pressureZ); }
    zs.push(lh.value); errs.push(lh.error);
    e.destroy();
  }
  const mean = zs.reduce((a, b) => a + b) / zs.length;
  const sd = Math.sqrt(zs.reduce((a, z) => a + (z - mean) ** 2, 0) / (zs.length - 1));
  const rmsErr = Math.sqrt(errs.reduce((a, x) => a + x * x, 0) / errs.length);
  expect(rmsErr / sd).toBeGreaterThan(0.55);
  expect(rmsErr / sd).toBeLessThan(1.45);
});

test('the command line of a pane: the native run with the same configuration, to the same time', () => {
  const gas = { ...defaultState('granular'), naive: 'miss', dim: 2, n: 2000, phi: 0.6, e: 0.5, tc: 1e-9, seed: 7 };
  expect(cliCommand(gas, 'naive-miss', 13.25)).toBe(
    'build/edpd run --scenario granular --detector naive-miss --dim 2 --n 2000 --packing-fraction 0.6 --restitution 0.5 --tc 1e-9 --seed 7 --time 13.25 --json');
  expect(cliCommand({ ...defaultState('elastic'), dim: 3, n: 500, phi: 0.3, seed: 2 }, 'stable', 1 / 3)).toBe(
    'build/edpd run --scenario elastic --detector stable --dim 3 --n 500 --packing-fraction 0.3 --seed 2 --time 0.3333333333333333 --json');
  expect(cliCommand(defaultState('ball'), 'naive-halt', 3.5)).toBe(
    'build/edpd run --scenario bouncing-ball --detector naive-halt --plate-offset 0.763774618976614 --restitution 0.5 --gravity 1 --time 3.5 --json');
  // the ball array is one world: its command line reaches the pane's state, hash for hash
  const balls = { ...defaultState('ball-array'), n: 40, seed: 5 };
  const arrayCmd = cliCommand(balls, 'naive-halt', 2.999999999);  // after the first halts, before any ball rests
  expect(arrayCmd).toBe('build/edpd run --scenario bouncing-ball --detector naive-halt --n 40 --seed 5 --restitution 0.5 --gravity 1 --time 2.999999999 --json');
  const pane = new PaneEngine(api, paneConfigs(balls)[0]);
  pane.advanceTo(2.999999999, 1e8);
  const native = JSON.parse(execFileSync(join(root, 'build/edpd'), arrayCmd.split(' ').slice(1), { encoding: 'utf8' }));
  expect(pane.frame().balls.halted).toBeGreaterThan(0);  // a state in which some balls stopped and the others ran on
  expect(native.halted_particles).toBe(pane.frame().balls.halted);
  expect(pane.stateHash()).toBe(native.state_hash);
  pane.destroy();
  expect(cliCommand(gas, 'stable', 0)).toContain('--time 0 ');
  // an elastic start is the config field elasticUntil, the CLI's --elastic-until (--time stays absolute)
  expect(cliCommand({ ...gas, eq: 20 }, 'stable', 25)).toBe(
    'build/edpd run --scenario granular --detector stable --dim 2 --n 2000 --packing-fraction 0.6 --restitution 0.5 --tc 1e-9 --elastic-until 20 --seed 7 --time 25 --json');
  expect(paneConfigs({ ...gas, eq: 20 }).map((c) => c.config.elasticUntil)).toEqual([20, 20]);
  expect(paneConfigs(gas).map((c) => 'elasticUntil' in c.config)).toEqual([false, false]);
});

test('the square-well fluid\'s command line, thermostat and quench included, reaches the pane\'s state hash', () => {
  const sw = { ...defaultState('square-well'), n: 300, thermo: 0.5, quench: 2, Tq: 0.4 };
  const cmd = cliCommand(sw, 'stable', 3);
  expect(cmd).toBe('build/edpd run --scenario elastic --detector stable --dim 2 --n 300 --packing-fraction 0.25 --seed 1 --temperature 1 ' +
    '--potential square-well --lambda 1.5 --thermostat-rate 0.5 --bath-temperature 1 --quench-at 2 --quench-to 0.4 --time 3 --json');
  const pane = new PaneEngine(api, paneConfigs(sw)[1]);
  pane.advanceTo(3, 1e8);
  const native = JSON.parse(execFileSync(join(root, 'build/edpd'), cmd.split(' ').slice(1), { encoding: 'utf8' }));
  expect(native.thermostat_kicks).toBeGreaterThan(0);
  expect(pane.stateHash()).toBe(native.state_hash);
  pane.destroy();
  // without a thermostat no thermostat flags: the run conserves energy
  expect(cliCommand(defaultState('square-well'), 'naive-miss', 1)).not.toMatch(/thermostat|quench/);
});

test('a state file\'s command line stops on the pane\'s clock itself (--until), which no --time reaches from a negative Time; odd names are quoted', () => {
  const dir = mkdtempSync(join(tmpdir(), 'edpd-until-'));
  const text = '2\nLattice="10 0 0 0 10 0 0 0 10" Time=-2546.685791655451 Properties=species:S:1:pos:R:3:velo:R:3\nA 2 5 5 1 0 0\nA 8 5 5 -1 0 0\n';
  writeFileSync(join(dir, 'rewound.xyz'), text);
  const t = 5.465473157333879e-7;
  const run = fileState('rewound.xyz', text, { n: 2, dim: 3, time: -2546.685791655451, frame: 0, frames: 1 });
  const cmd = cliCommand(run, 'stable', t);
  expect(cmd).toBe('build/edpd run --load rewound.xyz --detector stable --until 5.465473157333879e-7 --json');
  const [, ...args] = cmd.split(' ');
  expect(JSON.parse(execFileSync(join(root, 'build/edpd'), args, { cwd: dir, encoding: 'utf8' })).time).toBe(t);
  expect(-2546.685791655451 + (t - -2546.685791655451)).not.toBe(t);  // why not --time t − Time
  rmSync(dir, { recursive: true, force: true });
  expect(shellWord('state.xyz')).toBe('state.xyz');
  expect(shellWord("it's a state.xyz")).toBe("'it'\\''s a state.xyz'");
});

describe('failure site (where the view zooms)', () => {
  const frame = (pos, extra) => ({ n: pos.length / 3, dim: 3, box: [10, 10, 10], positions: Float64Array.from(pos), flags: new Uint8Array(pos.length / 3), status: { status: 'running' }, ...extra });
  test('a halted pair: its midpoint, by the minimum image across the periodic boundary', () => {
    const f = frame([0.2, 5, 5, 3, 3, 3, 9.4, 5, 5], { status: { status: 'halted', reason: 'overlap-approaching', particles: [0, 2] } });
    const s = failureSite(f);
    expect(s.particles).toEqual([0, 2]);
    expect(s.point[0]).toBeCloseTo(-0.2, 12);  // 0.2 and 9.4 touch across x = 0 (9.4 is -0.6 by the minimum image)
    expect(s.point.slice(1)).toEqual([5, 5]);
    expect(s.what).toMatch(/halted \(overlap-approaching\)/);
  });
  test('no halt: the first overlapping particle and the nearest other one; nothing when nothing overlaps', () => {
    const f = frame([1, 1, 1, 5, 5, 5, 1.5, 1, 1, 9, 9, 9]);
    expect(failureSite(f)).toBeNull();
    f.flags.set([1, 0, 1, 1]);
    expect(failureSite(f).particles).toEqual([0, 2]);
    expect(failureSite(f).point).toEqual([1.25, 1, 1]);
    expect(failureSite(null)).toBeNull();
  });
});

describe('what happened (the panes explained)', () => {
  const frame = (status, stats) => ({ status: { status: 'running', reason: null, particles: [-1, -1], ...status }, stats: { stabilizingEvents: 0, negativeDtEvents: 0, maxOverlap: 0, overlappingPairs: 0, fellThrough: 0, ...stats } });
  test('each way a run can stop or go wrong has its sentence, with the paper\'s reason', () => {
    const ball = defaultState('ball'), gas = defaultState('granular');
    expect(paneStory(ball, 'naive-halt', frame({ status: 'halted', reason: 'no-real-root', time: 2.9999 }))).toMatch(/square root in Eq\. \(12\) is of a negative number/);
    expect(paneStory(gas, 'naive-halt', frame({ status: 'halted', reason: 'overlap-approaching', time: 11.5, particles: [4, 7] }))).toMatch(/particles 4 and 7 overlap .* negative Δt/);
    expect(paneStory(ball, 'stable', frame({ status: 'collapse', time: 2.99999998 }, { stabilizingEvents: 1972 }))).toMatch(/came to rest at t = 2\.99999998 \(exact: 3\).*1,972 stabilising impacts among them/);
    expect(paneStory(gas, 'stable', frame({ status: 'collapse', time: 4.6 }))).toMatch(/inelastic collapse at t = 4\.6/);
    expect(paneStory(gas, 'naive-halt', frame({ status: 'halted', reason: 'something-new', time: 2 }))).toBe('naive-halt stopped at t = 2: something-new.');
    expect(paneStory(gas, 'naive-miss', frame({}, { overlappingPairs: 14, maxOverlap: 0.95 }))).toMatch(/14 pairs now overlap by up to 0\.95 σ/);
    expect(paneStory(gas, 'naive-miss', frame({}, { overlappingPairs: 1, maxOverlap: 0.0145 }))).toMatch(/1 pair now overlaps by up to 0\.0145 σ/);
    expect(paneStory(ball, 'naive-miss', frame({}, { fellThrough: 1 }))).toMatch(/fell through the plate/);
    expect(paneStory(gas, 'naive-rewind', frame({}, { negativeDtEvents: 1 }))).toMatch(/1 impact at negative Δt .*the clock ran backwards\.$/);
    expect(paneStory(gas, 'naive-rewind', frame({}, { negativeDtEvents: 69, maxOverlap: 0.6 }))).toMatch(/69 impacts .* overlaps followed \(deepest now 0\.6 σ\)/);
    expect(paneStory(gas, 'stable', frame({}, { stabilizingEvents: 8949, maxOverlap: 0 }))).toMatch(/8,949 stabilising events/);
  });
  test('nothing to say while nothing notable happened, nor for the ball array (its badge counts the balls)', () => {
    expect(paneStory(defaultState('granular'), 'naive-halt', frame({}))).toBeNull();
    expect(paneStory(defaultState('granular'), 'naive-miss', frame({}, { overlappingPairs: 3, maxOverlap: 2e-16 }))).toBeNull();  // rounding
    expect(paneStory(defaultState('ball-array'), 'naive-halt', frame({ status: 'halted', reason: 'no-real-root' }))).toBeNull();
    expect(paneStory(defaultState('granular'), 'stable', null)).toBeNull();
  });
});
