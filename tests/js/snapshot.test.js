// The state as a file (csrc/io/xyz_write.c): the app's export equals the CLI's --dump byte for byte,
// and the engine's overlap diagnostics agree with a brute-force count over all pairs of the
// dumped particles, which shares no code with the engine's cell scan.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadForNode, root } from './helpers.js';

let edpd, dir;
beforeAll(async () => { edpd = await loadForNode(); dir = mkdtempSync(join(tmpdir(), 'edpd-xyz-')); });
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Extended XYZ, as OVITO reads it: count, key=value comment line, then the Properties columns. */
function parseXyz(text) {
  const lines = text.split('\n');
  const n = Number(lines[0]);
  const info = {};
  for (const m of lines[1].matchAll(/(\w+)=("[^"]*"|\S+)/g)) info[m[1]] = m[2].replace(/"/g, '');
  const cols = info.Properties.split(':');
  const width = [];
  for (let k = 0; k < cols.length; k += 3) width.push([cols[k], cols[k + 1], Number(cols[k + 2])]);
  const rows = lines.slice(2, 2 + n).map((l) => l.split(' '));
  const lattice = info.Lattice.split(' ').map(Number);
  return {
    n, info, width, rows,
    box: [lattice[0], lattice[4], lattice[8]],
    pbc: info.pbc.split(' ').map((c) => c === 'T'),
    trailing: lines.slice(2 + n),
  };
}

/** Every pair within 1e-12 sigma of contact or deeper, over all N(N-1)/2 pairs: [i, j, depth,
 * across the periodic boundary]. */
function bruteForcePairs(f) {
  const n = f.n, r = new Float64Array(3 * n), radius = new Float64Array(n);
  f.rows.forEach((x, i) => { for (let a = 0; a < 3; a++) r[3 * i + a] = Number(x[1 + a]); radius[i] = Number(x[7]); });
  const [bx, by, bz] = f.box.map((b, a) => (f.pbc[a] ? b : 0));
  const image = (d, b) => (b ? d - b * Math.round(d / b) : d);
  const pairs = [];
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      const dx = image(r[3 * i] - r[3 * j], bx), dy = image(r[3 * i + 1] - r[3 * j + 1], by), dz = image(r[3 * i + 2] - r[3 * j + 2], bz);
      const s = radius[i] + radius[j], r2 = dx * dx + dy * dy + dz * dz;
      if (r2 < (s + 1e-12) * (s + 1e-12)) pairs.push([i, j, s - Math.sqrt(r2), dx !== r[3 * i] - r[3 * j] || dy !== r[3 * i + 1] - r[3 * j + 1]]);
    }
  }
  return pairs;
}

const CASES = [
  // the README's screenshot: naive-miss lets 14 pairs pass into each other, by up to 0.95 sigma
  { name: 'granular 2-D naive-miss to t = 60', cfg: { scenario: 'granular', detector: 'naive-miss', dim: 2, n: 2000, packingFraction: 0.6, restitution: 0.5, tc: 1e-9, seed: 1 }, t: 60 },
  // many overlaps, some of them across the periodic boundary (the minimum image is exercised)
  { name: 'granular 2-D naive-rewind to t = 100', cfg: { scenario: 'granular', detector: 'naive-rewind', dim: 2, n: 2000, packingFraction: 0.6, restitution: 0.5, tc: 1e-9, seed: 1 }, t: 100 },
  { name: 'granular 2-D naive-halt (halts)', cfg: { scenario: 'granular', detector: 'naive-halt', dim: 2, n: 2000, packingFraction: 0.6, restitution: 0.5, tc: 1e-9, seed: 1 }, t: 30 },
  { name: 'elastic 3-D with neighbour lists', cfg: { scenario: 'elastic', detector: 'stable', dim: 3, n: 864, packingFraction: 0.4, seed: 3 }, t: 5 },
  { name: 'bouncing ball naive-halt', cfg: { scenario: 'bouncing-ball', detector: 'naive-halt', n: 1, plateOffset: 0.763774618976614 }, t: 4 },
  // half into its plate at t = 4, entirely through it by t = 5
  { name: 'bouncing ball naive-miss, in the plate', cfg: { scenario: 'bouncing-ball', detector: 'naive-miss', n: 1, plateOffset: 0.763774618976614 }, t: 4 },
  { name: 'bouncing ball naive-miss, through the plate', cfg: { scenario: 'bouncing-ball', detector: 'naive-miss', n: 1, plateOffset: 0.763774618976614 }, t: 5 },
];

function cliArgs(c, t, file) {
  const a = ['run', '--scenario', c.scenario, '--detector', c.detector, '--time', String(t), '--dump', file, '--json'];
  if (c.scenario !== 'bouncing-ball') a.push('--dim', String(c.dim), '--n', String(c.n), '--packing-fraction', String(c.packingFraction), '--seed', String(c.seed));
  if (c.restitution !== undefined) a.push('--restitution', String(c.restitution));
  if (c.tc !== undefined) a.push('--tc', String(c.tc));
  if (c.plateOffset !== undefined) a.push('--plate-offset', String(c.plateOffset));
  return a;
}

describe.each(CASES)('$name', ({ cfg, t }) => {
  let text, native, file;
  beforeAll(() => {
    const sim = edpd.createSimulation(cfg);
    sim.advanceTo(t, { maxEvents: 1e9 });
    text = sim.xyz();
    sim.destroy();
    file = join(dir, `${cfg.scenario}-${cfg.detector}.xyz`);
    native = JSON.parse(execFileSync(`${root}build/edpd`, cliArgs(cfg, t, file), { encoding: 'utf8' }));
  });

  test('WebAssembly writes the same file as the CLI (byte for byte)', () => {
    expect(text).toBe(readFileSync(file, 'utf8'));
  });

  test('the file is well formed and names the run', () => {
    const f = parseXyz(text);
    expect(f.n).toBe(cfg.n);
    expect(f.rows.every((row) => row.length === 10)).toBe(true);  // species, pos 3, velo 3, radius, mass, overlap
    expect(f.trailing).toEqual(['']);
    expect(f.width.map((w) => w[0])).toEqual(['species', 'pos', 'velo', 'radius', 'mass', 'overlap']);
    expect(Number(f.info.Time)).toBe(native.time);
    expect(f.info.state_hash).toBe(native.state_hash);
    expect(f.info.detector).toBe(cfg.detector);
    expect(f.info.status).toBe(native.halted ? native.halt_reason : native.collapse ? 'collapse' : 'running');
    // every double reads back exactly: the positions' own hash is not needed, the velocities' energy is
    const ke = f.rows.reduce((sum, x) => sum + 0.5 * Number(x[8]) * (Number(x[4]) ** 2 + Number(x[5]) ** 2 + Number(x[6]) ** 2), 0);
    expect(Math.abs(ke - native.kinetic_energy)).toBeLessThanOrEqual(1e-12 * native.kinetic_energy);
  });

  test('the overlap diagnostics agree with a count from the file alone (pairs, or the ball against its plate)', () => {
    const f = parseXyz(text);
    if (cfg.scenario === 'bouncing-ball') {
      // the plate from the file's planes key: gap = n.r - offset - radius; overlapping while in
      // (-diameter, 0), through the plate below -diameter
      const [nx, ny, nz, offset] = f.info.planes.split(' ').map(Number);
      const [x, y, z, , , , radius] = f.rows[0].slice(1).map(Number);
      const gap = nx * x + ny * y + nz * z - offset - radius;
      expect(native.fell_through).toBe(gap < -2 * radius ? 1 : 0);
      expect(native.plane_overlaps).toBe(gap < 0 && gap >= -2 * radius ? 1 : 0);
      expect(Math.abs(native.max_overlap - (native.plane_overlaps ? -gap : 0))).toBeLessThanOrEqual(1e-12);
      expect(Number(f.rows[0][9])).toBe(gap < 0 ? 1 : 0);  // the flag: overlapping the plate, or through it
      if (cfg.detector === 'naive-miss') expect([native.plane_overlaps, native.fell_through]).toEqual(t === 4 ? [1, 0] : [0, 1]);
      return;
    }
    // Wrapping positions into the box (and reading them back) rounds them, so a pair at contact
    // may count on one side and not the other: only overlaps deeper than 1e-12 sigma are exact.
    const pairs = bruteForcePairs(f);
    const sure = pairs.filter((p) => p[2] > 1e-12), maybe = pairs.filter((p) => p[2] > -1e-12);
    expect(native.overlapping_pairs).toBeGreaterThanOrEqual(sure.length);
    expect(native.overlapping_pairs).toBeLessThanOrEqual(maybe.length);
    expect(Math.abs(native.max_overlap - Math.max(0, ...pairs.map((p) => p[2])))).toBeLessThanOrEqual(1e-12);
    const flag = f.rows.map((x) => Number(x[9]));
    const surely = new Set(sure.flatMap((p) => [p[0], p[1]])), perhaps = new Set(maybe.flatMap((p) => [p[0], p[1]]));
    for (let i = 0; i < f.n; i++) {
      if (surely.has(i)) expect(flag[i]).toBe(1);
      if (flag[i]) expect(perhaps.has(i)).toBe(true);
    }
    if (cfg.detector === 'naive-miss') expect(sure.length).toBe(14);  // the README's figure, counted independently
    if (cfg.detector === 'naive-rewind') expect(sure.filter((p) => p[3]).length).toBeGreaterThan(0);
  });
});

test('--dump: a path that cannot be written fails before the run, naming the flag', () => {
  let err;
  try {
    execFileSync(`${root}build/edpd`, ['run', '--scenario', 'elastic', '--n', '100', '--events', '10', '--dump', join(dir, 'no/such/dir.xyz')], { encoding: 'utf8', stdio: 'pipe' });
  } catch (e) { err = e; }
  expect(err.status).toBe(2);
  expect(err.stderr).toMatch(/--dump: cannot write '.*no\/such\/dir\.xyz': No such file or directory/);
});

describe('loadState: a simulation from a state file, the same world as run --load', () => {
  const gasArgs = ['--scenario', 'granular', '--dim', '2', '--n', '500', '--packing-fraction', '0.5', '--restitution', '0.5', '--tc', '1e-9'];
  let file;  // a gas at t = 2, ε = 0.5 and t_c = 1e-9 in the file
  beforeAll(() => {
    file = join(dir, 'load-gas.xyz');
    execFileSync(`${root}build/edpd`, ['run', ...gasArgs, '--time', '2', '--dump', file], { encoding: 'utf8' });
  });

  test('a dumped gas runs on in WebAssembly to the CLI --load run\'s state hash, on the file\'s clock', () => {
    const native = JSON.parse(execFileSync(`${root}build/edpd`, ['run', '--load', file, '--detector', 'naive-halt', '--time', '1.5', '--json'], { encoding: 'utf8' }));
    const sim = edpd.loadState(readFileSync(file, 'utf8'), { detector: 'naive-halt', name: 'load-gas.xyz' });
    try {
      expect(sim.time()).toBe(2);
      expect(sim.dim()).toBe(2);
      expect(sim.planes()).toEqual([]);  // a periodic gas meets no plane
      expect(sim.periodic()).toEqual([true, true, false]);  // the file's pbc="T T F" (2-D)
      expect(new Set(sim.diameters())).toEqual(new Set([1]));
      sim.advanceTo(3.5);
      expect(native.start_time).toBe(2);
      expect(native.restitution).toBe(0.5);  // from the file, in both
      expect(sim.time()).toBe(native.time);
      expect(sim.stateHash()).toBe(native.state_hash);
      expect(sim.stats().collisions).toBe(native.collisions);
    } finally { sim.destroy(); }
  });

  test('frames of a trajectory, each on its own clock', () => {
    const traj = join(dir, 'load-traj.xyz');
    execFileSync(`${root}build/edpd`, ['run', '--scenario', 'bouncing-ball', '--plate-offset', '0.763774618976614', '--series', '0.5', '--time', '2', '--trajectory', traj], { encoding: 'utf8' });
    const text = readFileSync(traj, 'utf8');
    // source: the frame read, and the count once the file was read to its end (frame 'last')
    for (const [frame, t, source] of [[0, 0, { frame: 0, frames: null }], [3, 1.5, { frame: 3, frames: null }], ['last', 2, { frame: 4, frames: 5 }]]) {
      const sim = edpd.loadState(text, { frame });
      expect(sim.time()).toBe(t);
      expect(sim.source).toEqual(source);
      sim.destroy();
    }
    // the ball from t = 2 rests where the unbroken run does (the README's figure, 2.9999999851175985)
    const sim = edpd.loadState(text, { frame: 4 });
    // what a viewer draws: a 3-D ball of diameter 1 over its plate z = 0.763774618976614 (ε = 0.5)
    expect(sim.dim()).toBe(3);
    expect(Array.from(sim.diameters())).toEqual([1]);
    expect(sim.planes()).toEqual([{ normal: [0, 0, 1], offset: 0.763774618976614, restitution: 0.5 }]);
    sim.advanceTo(4, { maxEvents: 100000 });
    expect(sim.status().status).toBe('collapse');
    expect(sim.status().time).toBe(2.9999999851175985);
    sim.destroy();
  });

  test('a ball array\'s file: each ball\'s plate (ownPlanes) as the app\'s ball array has it, and the CLI --load run\'s state hash', () => {
    const balls = join(dir, 'load-balls.xyz');
    execFileSync(`${root}build/edpd`, ['run', '--scenario', 'bouncing-ball', '--n', '4', '--seed', '5', '--detector', 'naive-halt', '--time', '1.5', '--dump', balls], { encoding: 'utf8' });
    const native = JSON.parse(execFileSync(`${root}build/edpd`, ['run', '--load', balls, '--detector', 'naive-halt', '--until', '4', '--json'], { encoding: 'utf8' }));
    const sim = edpd.loadState(readFileSync(balls, 'utf8'), { detector: 'naive-halt' });
    const made = edpd.createSimulation({ scenario: 'bouncing-ball', n: 4, seed: 5 });  // the plates the scenario lays out
    try {
      expect(sim.planes()).toEqual([]);  // no plane shared by all
      expect(sim.gravity()).toEqual([0, 0, -1]);  // the file's gravity=
      const plates = sim.ownPlanes();
      expect(plates.map((p) => p.particle)).toEqual([0, 1, 2, 3]);
      expect(plates).toEqual(made.ownPlanes());
      for (const p of plates) {
        expect(p.normal).toEqual(new Float64Array([0, 0, 1]));
        expect(p.restitution).toBe(0.5);
        expect(p.offset).toBeGreaterThanOrEqual(0);
        expect(p.offset).toBeLessThan(1);
      }
      sim.advanceTo(4, { maxEvents: 1e6 });
      expect(sim.stateHash()).toBe(native.state_hash);
      expect(sim.status().status === 'halted').toBe(native.halted);
    } finally { sim.destroy(); made.destroy(); }
  });

  test('restitution: the file\'s unless given', () => {
    const text = readFileSync(file, 'utf8');
    const ke = (sim) => sim.stats().kineticEnergy;
    const own = edpd.loadState(text), elastic = edpd.loadState(text, { restitution: 1 });
    const ke0 = ke(own);
    own.advance(1); elastic.advance(1);
    expect(ke(own)).toBeLessThan(0.9 * ke0);                           // inelastic: it cools
    expect(Math.abs(ke(elastic) - ke0)).toBeLessThan(1e-12 * ke0);      // elastic: conserved
    own.destroy(); elastic.destroy();
  });

  test('bad text and bad options are refused with a message, and nothing leaks', () => {
    const live = edpd.liveCount();
    const twoFrames = '1\nLattice="9 0 0 0 9 0 0 0 9"\nA 1 1 1\n1\nLattice="9 0 0 0 9 0 0 0 9"\nA 1 1 1\n';
    const cases = [
      ['x\n', {}, /^state, line 1: the first line must be the particle count/],
      ['', {}, /empty/],
      [twoFrames, {}, /has 2 frames \(a trajectory\): pick one with \{ frame: K \} \(0 to 1, or last\)/],
      [twoFrames, { frame: 5 }, /has 2 frames \(0 to 1\), not frame 5/],
      ['2\nLattice="9 0 0 0 9 0 0 0 9"\nA 1 1 1\nA 1.5 1 1\n', {}, /positions: the initial state overlaps/],
      [twoFrames, { frame: -1 }, /^frame: must be a frame number/],
      [twoFrames, { frame: 0, restitution: 2 }, /^restitution: must be a number in \[0, 1\], got 2/],
      [twoFrames, { frame: 0, detector: 'exact' }, /^detector: must be one of/],
      [42, {}, /^state: must be the text/],
      ['x\n', { name: 'my run.xyz' }, /^my run\.xyz, line 1: the first line must be the particle count/],  // messages name the file
      ['', { name: 'none.xyz' }, /^none\.xyz: empty file/],
      [twoFrames, { name: '' }, /^name: must be the file's name, 1 to 200 characters/],
    ];
    const used = () => edpd.M._wasm_heap_used();
    for (const [text, options, message] of cases) expect(() => edpd.loadState(text, options)).toThrow(message);  // warm-up
    const used0 = used();
    for (let k = 0; k < 100; k++) {
      for (const [text, options, message] of cases) expect(() => edpd.loadState(text, options)).toThrow(message);
      const sim = edpd.loadState(readFileSync(file, 'utf8'));
      sim.advance(0.1);
      sim.destroy();
    }
    expect(used()).toBe(used0);  // the reader's buffers and the text's copy are freed on every path
    expect(edpd.liveCount()).toBe(live);
  });
});

// Above 3 MB of particles the WebAssembly build asks for a particle's first line ahead of the
// pair tests; where every diameter is the same it does so by storing that diameter over its own
// (csrc/world/world.h, particle_request). A world of two diameters must take the other path: had the
// store run there, the small spheres would have grown and the trajectory left the native one.
test('a large world of two diameters (30000, above the requests\' 3 MB) runs in WebAssembly to the native state hash, its diameters kept', () => {
  const file = join(dir, 'two-sizes.xyz');
  execFileSync(`${root}build/edpd`, ['run', '--scenario', 'elastic', '--n', '30000', '--packing-fraction', '0.26', '--seed', '4', '--events', '0', '--dump', file]);
  const lines = readFileSync(file, 'utf8').split('\n');
  for (let i = 2; i < 2 + 30000; i += 2) {  // every other particle: radius 0.5 -> 0.4
    const row = lines[i].split(' ');
    expect(row[7]).toBe('0.5');
    row[7] = '0.4';
    lines[i] = row.join(' ');
  }
  writeFileSync(file, lines.join('\n'));
  const native = JSON.parse(execFileSync(`${root}build/edpd`, ['run', '--load', file, '--events', '100000', '--json'], { encoding: 'utf8' }));
  const sim = edpd.loadState(readFileSync(file, 'utf8'));
  try {
    sim.runEvents(100000);
    expect(sim.stats().events).toBe(native.events);
    expect(sim.stateHash()).toBe(native.state_hash);
    const d = sim.diameters();
    expect(d.filter((x) => x === 0.8).length).toBe(15000);
    expect(d.filter((x) => x === 1).length).toBe(15000);
  } finally { sim.destroy(); }
});
