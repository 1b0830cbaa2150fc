// End-to-end: the built site (dist/) served on 127.0.0.1, in Debian's Chromium headless with
// WebGL through SwiftShader. Checks state and pixels, never frame rate; N stays small.
import { fileURLToPath } from 'node:url';
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { appSite, panes, commandsShown, drawing, panePixels, paneInk } from './app-page.js';

const site = appSite();
const { open } = site;

test('the default link: page loads cleanly, both panes draw, naive halts and stable rests at t = 3', async () => {
  const { page, errors } = await open('');
  const ink = await paneInk(page);  // waits until the view has drawn this run
  expect(await drawing(page)).toEqual(['mesh', 'mesh']);
  expect(ink[0]).toBeGreaterThan(0.01);
  expect(ink[1]).toBeGreaterThan(0.01);
  await page.waitForFunction(() => window.edpdApp.panes().every((p) => p.status === 'halted' || p.status === 'collapse'), null, { timeout: 60000 });
  const [naive, stable] = await panes(page);
  expect(naive).toMatchObject({ detector: 'naive-halt', status: 'halted', reason: 'no-real-root' });
  expect(stable.status).toBe('collapse');
  expect(Math.abs(stable.time - 3)).toBeLessThan(1e-7);
  // each pane's verdict on the picture: failed on the left, finished on the right
  await page.waitForFunction(() => /^HALTED at impact 28√ of a negative number/.test(document.getElementById('badge-0').textContent)
    && /^AT REST at t = (3\b|2\.9999999)/.test(document.getElementById('badge-1').textContent), null, { timeout: 30000 });
  expect(await page.evaluate(() => [0, 1].map((k) => document.getElementById(`badge-${k}`).dataset.kind))).toEqual(['failed', 'finished']);
  // what happened, in words: why the naive ball stopped, and the stable one's rest
  const stories = await page.textContent('#stories');
  expect(stories).toMatch(/naive-halt stopped: .*square root in Eq\. \(12\) is of a negative number/);
  expect(stories).toMatch(/stable: the ball came to rest at t = .* \(exact: 3\)/);
  expect(await page.getAttribute('#badge-0', 'title')).toMatch(/Eq\. \(12\)/);
  // and in numbers: the overlap function where it stopped, which the stable rule bounces at its top
  expect(await page.isVisible('#overlap')).toBe(true);
  expect(await page.textContent('#overlap-caption')).toMatch(/^At t = 2\.999999978, the ball and the plate: f\(0\) = -1\.1e-16 σ, overlapping .*no real root.*naive-halt stops\. .*turning point, Δt = 7\.6e-9/);
  expect(await page.$$eval('#plot-overlap canvas', (c) => c.length)).toBe(1);
  expect(await page.isHidden('#warnings')).toBe(true);
  await page.keyboard.press('r');  // a new run has not failed yet
  await page.waitForFunction(() => document.getElementById('overlap').hidden, null, { timeout: 30000 });
  expect(errors).toEqual([]);
  await page.close();
});

test('above 1000 particles per pane both panes draw sphere impostors (point sprites), in the panes\' colours', async () => {
  const { page, errors } = await open('#scenario=elastic&dim=3&n=5000&phi=0.3&paused=1');
  const { ink, mean: rgb } = await panePixels(page);  // box edges alone ink well under 1 %
  expect(await drawing(page)).toEqual(['points', 'points']);
  expect(ink[0]).toBeGreaterThan(0.05);
  expect(ink[1]).toBeGreaterThan(0.05);
  // the mean colour of each pane's bright pixels: bluish on the left (naive), teal on the right (stable)
  // 0x7aa2f7 has blue well over green, 0x73daca green over blue (measured means: 105/140/214 and
  // 99/188/175), so swapped or uncoloured panes fail
  expect(rgb[0][2]).toBeGreaterThan(rgb[0][1] + 40);
  expect(rgb[1][1]).toBeGreaterThan(rgb[1][2] + 5);
  expect(rgb[1][1]).toBeGreaterThan(rgb[1][0] + 40);
  expect(errors).toEqual([]);
  await page.close();
});

test('a copied link reopened in a new page gives the same state hashes', async () => {
  const { page, errors } = await open('#v=1&scenario=granular&naive=rewind&dim=2&n=400&phi=0.5&e=0.6&tc=0&seed=3&speed=4');
  await page.waitForFunction(() => window.edpdApp.model.target > 1.5, null, { timeout: 60000 });
  await page.keyboard.press('Space'); // pause
  await page.waitForFunction(() => { const m = window.edpdApp.model; return !m.playing && m.panes.every((p) => !p.busy && (p.terminal || p.time >= m.target)); }, null, { timeout: 60000 });
  await page.click('#share');
  const link = await page.inputValue('#share-url');
  expect(link).toMatch(/#v=1&scenario=granular&naive=rewind&dim=2&n=400&phi=0.5&e=0.6&tc=0&seed=3&speed=4&t=[0-9.e-]+&paused=1$/);
  const hashes = (await panes(page)).map((p) => p.stateHash);
  expect(errors).toEqual([]);
  await page.close();
  const second = await site.browser.newPage();
  await second.goto(link);
  await second.waitForFunction(() => window.edpdApp && window.edpdApp.model.jumpTo === null && window.edpdApp.panes().every((p) => p.stateHash), null, { timeout: 60000 });
  expect((await panes(second)).map((p) => p.stateHash)).toEqual(hashes);
  await second.close();
});

test('each pane names its native command line, and that run ends in the same state hash', async () => {
  const root = fileURLToPath(new URL('../../', import.meta.url));
  const run = (cmd) => new Promise((resolve, reject) => {
    const [bin, ...args] = cmd.split(' ');
    execFile(join(root, bin), args, { cwd: root, maxBuffer: 16 << 20 }, (err, out, stderr) => (err ? reject(new Error(stderr || err.message)) : resolve(JSON.parse(out))));
  });
  // a granular gas with an elastic start paused at a link's time (both panes running), and the
  // bouncing ball after its end (naive halted, stable at rest: run to the lock-step time, the CLI
  // stops where they did)
  for (const hash of ['#v=1&scenario=granular&naive=miss&dim=2&n=300&phi=0.5&e=0.5&tc=1e-9&eq=1.5&seed=4&speed=4&t=3.75&paused=1',
    '#v=1&scenario=ball&naive=halt&speed=8']) {
    const { page, errors } = await open(hash);
    await page.waitForFunction(() => { const m = window.edpdApp.model; return m.jumpTo === null && m.panes.every((p) => !p.busy && (p.terminal || (!m.playing && p.time >= m.target))); }, null, { timeout: 60000 });
    await page.click('#export summary');
    await commandsShown(page);
    const cmds = [await page.inputValue('#cli-0'), await page.inputValue('#cli-1')];
    const hashes = (await panes(page)).map((p) => p.stateHash);
    for (const [k, cmd] of cmds.entries()) {
      expect(cmd).toMatch(/^build\/edpd run --scenario \S+ --detector (naive-\w+|stable) .* --time [0-9.e-]+ --json$/);
      if (hash.includes('eq=1.5')) expect(cmd).toContain(' --elastic-until 1.5 ');
      // the pane's particles (XYZ button) are the file the same command writes with --dump
      const file = join(tmpdir(), `edpd-e2e-pane-${k}.xyz`);
      expect((await run(cmd.replace(' --json', ` --dump ${file} --json`))).state_hash).toBe(hashes[k]);
      const [dl] = await Promise.all([page.waitForEvent('download'), page.click(`#export-xyz-${k}`)]);
      expect(dl.suggestedFilename()).toMatch(new RegExp(`^edpd-(granular|ball)-${(await panes(page))[k].detector}-t[0-9.e-]+\\.xyz$`));
      const chunks = [];
      for await (const c of await dl.createReadStream()) chunks.push(c);
      expect(Buffer.concat(chunks).toString()).toBe(readFileSync(file, 'utf8'));
      rmSync(file);
    }
    expect(errors).toEqual([]);
    await page.close();
  }
});

test('the link field keeps a selection while the run plays (it is not rewritten while focused)', async () => {
  const { page, errors } = await open('#v=1&scenario=elastic&n=200&dim=2&phi=0.3&speed=2');
  await page.click('#export summary');
  await page.click('#share-url');
  await page.evaluate(() => document.getElementById('share-url').select());
  const t0 = await page.evaluate(() => window.edpdApp.model.target);
  await page.waitForFunction((t) => window.edpdApp.model.target > t + 0.5, t0, { timeout: 30000 });
  const [start, end, length] = await page.evaluate(() => { const e = document.getElementById('share-url'); return [e.selectionStart, e.selectionEnd, e.value.length]; });
  expect([start, end]).toEqual([0, length]);
  expect(errors).toEqual([]);
  await page.close();
});

test("a counter's note opens on a tap or Enter as well as on hover (touch screens, keyboards)", async () => {
  const { page, errors } = await open('#v=1&scenario=elastic&n=200&dim=2&phi=0.3');
  const name = (text) => page.locator('#counters td.noted', { hasText: text });
  await name('state hash').click();
  expect(await page.isVisible('#counter-note')).toBe(true);
  expect(await page.textContent('#counter-note')).toMatch(/^state hash: .*bit-identical/);
  await name('state hash').click();  // the same name again closes it
  expect(await page.isVisible('#counter-note')).toBe(false);
  const playing = await page.evaluate(() => window.edpdApp.model.playing);
  await name('stabilising events').focus();
  await page.keyboard.press('Enter');
  await page.keyboard.press(' ');  // Space on the focused name toggles its note, not the run
  await page.keyboard.press(' ');
  expect(await page.textContent('#counter-note')).toMatch(/^stabilising events: .*Eq\. 10/);
  expect(await page.evaluate(() => window.edpdApp.model.playing)).toBe(playing);
  expect(errors).toEqual([]);
  await page.close();
});

test('f puts the two panes full screen and the view follows the size; f again leaves', async () => {
  const { page, errors } = await open('#v=1&scenario=elastic&n=200&dim=2&phi=0.3');
  const before = await page.evaluate(() => document.querySelector('#view canvas').getBoundingClientRect().width);
  await page.keyboard.press('f');
  await page.waitForFunction(() => document.fullscreenElement?.id === 'stage', null, { timeout: 5000 });
  await page.waitForFunction((w) => document.querySelector('#view canvas').getBoundingClientRect().width > w, before, { timeout: 5000 });
  await page.keyboard.press('f');
  await page.waitForFunction(() => document.fullscreenElement === null, null, { timeout: 5000 });
  expect(await page.isVisible('#warnings')).toBe(false);
  expect(errors).toEqual([]);
  await page.close();
});

test('a malformed link shows a warning naming the fields and runs with defaults', async () => {
  const { page, errors } = await open('#v=1&scenario=granular&e=7&n=abc&dim=2&bogus=1');
  expect(await page.isVisible('#warnings')).toBe(true);
  const text = await page.textContent('#warning-list');
  expect(text).toMatch(/e: "7" is outside \[0, 1\]/);
  expect(text).toMatch(/n: "abc" is not a number/);
  await page.waitForFunction(() => window.edpdApp.model.target > 0.5, null, { timeout: 60000 });
  const ps = await panes(page);
  expect(ps.every((p) => p.status === 'running' || p.status === 'halted' || p.status === 'collapse')).toBe(true);
  expect(await page.evaluate(() => window.edpdApp.model.state.n)).toBe(2000);
  expect(errors).toEqual([]);
  await page.close();
});

test('the Back button returns to the run before a scenario or parameter change', async () => {
  const { page, errors } = await open('#v=1&scenario=granular&naive=miss&dim=2&n=500&phi=0.4&e=0.7&seed=3');
  const state = () => page.evaluate(() => ({ ...window.edpdApp.model.state }));
  await page.keyboard.press('4'); // elastic gas, with its defaults
  await page.waitForFunction(() => window.edpdApp.model.state.scenario === 'elastic');
  expect(page.url()).toMatch(/scenario=elastic/);
  await page.goBack();
  await page.waitForFunction(() => window.edpdApp.model.state.scenario === 'granular');
  const back = await state();
  expect([back.naive, back.dim, back.n, back.phi, back.e, back.seed]).toEqual(['miss', 2, 500, 0.4, 0.7, 3]);
  await page.waitForFunction(() => window.edpdApp.panes().every((p) => p.stateHash));
  await page.goForward();
  await page.waitForFunction(() => window.edpdApp.model.state.scenario === 'elastic');
  await page.goBack();
  await page.waitForFunction(() => window.edpdApp.model.state.scenario === 'granular');
  // a parameter typed into the controls, then Back: n = 500 again
  const nInput = page.locator('.lil-controller', { hasText: 'N (particles' }).locator('input');
  await nInput.fill('800');
  await nInput.press('Enter');
  await page.waitForFunction(() => window.edpdApp.model.state.n === 800);
  expect(page.url()).toMatch(/n=800/);
  await page.goBack();
  await page.waitForFunction(() => window.edpdApp.model.state.n === 500);
  expect((await state()).scenario).toBe('granular');
  expect(errors).toEqual([]);
  await page.close();
});

test('exports: CSV and JSON of the plotted data and a PNG of the view download with their contents', async () => {
  const { page, errors } = await open('#v=1&scenario=elastic&n=200&dim=2&phi=0.3');
  await page.waitForFunction(() => window.edpdApp.model.series.main.length > 3, null, { timeout: 30000 });
  await page.click('#export summary');
  // the course-page snippet embeds this run from t = 0, and its link opens it in embed mode
  const snippet = await page.inputValue('#embed-code');
  expect(snippet).toMatch(/^<iframe src="http:\/\/127\.0\.0\.1:\d+\/#v=1&amp;scenario=elastic&amp;.*n=200.*&amp;t=0&amp;embed=1" width="800" height="450" .*allowfullscreen><\/iframe>$/);
  const grab = async (id) => {
    const [dl] = await Promise.all([page.waitForEvent('download'), page.click(id)]);
    const chunks = [];
    for await (const c of await dl.createReadStream()) chunks.push(c);
    return { name: dl.suggestedFilename(), body: Buffer.concat(chunks) };
  };
  const csv = await grab('#export-csv');
  expect(csv.name).toMatch(/^edpd-elastic-t.*\.csv$/);
  const lines = csv.body.toString().trim().split('\n');
  expect(lines[0].split(',')).toEqual(['time', 'naive Z (mean over t/2..t)', 'stable Z (mean over t/2..t)', 'equation of state Z', 'distance between the panes [σ]']);
  expect(lines.length).toBeGreaterThan(3);
  const json = JSON.parse((await grab('#export-json')).body.toString());
  expect(json.link).toMatch(/scenario=elastic/);
  expect(json.panes.map((p) => p.command)).toEqual([expect.stringMatching(/^build\/edpd run --scenario elastic --detector naive-/), expect.stringMatching(/--detector stable .*--json$/)]);
  const png = await grab('#export-png');
  expect(png.body.subarray(1, 4).toString()).toBe('PNG');
  // the counters table shows counts in full, with digit grouping (past 1000 events, so that a
  // count printed without grouping could not pass)
  await page.waitForFunction(() => window.edpdApp.model.panes[1].frame.stats.events > 1000, null, { timeout: 30000 });
  await page.evaluate(() => { if (window.edpdApp.model.playing) document.getElementById('play').click(); });
  // a pane busy when the pause came still answers with one more frame: compare once both are idle
  await page.waitForFunction(() => window.edpdApp.model.panes.every((p) => !p.busy), null, { timeout: 30000 });
  const counter = () => [document.querySelector('#counters tbody tr:first-child td:last-child').textContent,
    window.edpdApp.model.panes[1].frame.stats.events.toLocaleString('en')];
  // the table is redrawn on the next animation frame after the last reply: wait until it caught up
  for (let i = 0; i < 50; i++) {
    const [a, b] = await page.evaluate(counter);
    if (a === b) break;
    await page.waitForTimeout(100);
  }
  const [shown, expected] = await page.evaluate(counter);
  expect(shown).toBe(expected);
  expect(shown).toMatch(/^\d{1,3}(,\d{3})+$/);
  // the state hashes (16 hex digits) fit their cells on one line, and the row says on hover why
  // the two panes' hashes differ even when every counter agrees
  const rows = await page.evaluate(() => [...document.querySelectorAll('#counters tbody tr')].map((tr) =>
    ({ name: tr.cells[0].textContent, title: tr.cells[0].title, h: tr.getBoundingClientRect().height, hash: tr.cells[2].textContent })));
  const hashRow = rows.find((r) => r.name === 'state hash');
  expect(hashRow.hash).toMatch(/^[0-9a-f]{16}$/);
  expect(hashRow.h).toBeLessThanOrEqual(rows[0].h + 0.5);
  expect(hashRow.title).toMatch(/bit-identical.*\(−b − √D\)\/v².*c\/\(√D − b\)/);
  expect(rows.find((r) => r.name === 'stabilising events').title).toMatch(/Eq\. 10/);
  expect(png.body.length).toBeGreaterThan(1000);
  expect(errors).toEqual([]);
  await page.close();
});

test('switching the dimension picks that dimension\'s default density (a 2-D 0.7 would jam in 3-D)', async () => {
  const { page, errors } = await open('#v=1&scenario=elastic&dim=2&n=500&phi=0.7');
  await page.locator('.lil-controller', { hasText: 'dimension' }).locator('select').selectOption({ label: '3' });
  await page.waitForFunction(() => window.edpdApp.model.state.dim === 3 && window.edpdApp.panes().every((p) => p.stateHash || p.error));
  expect((await page.evaluate(() => window.edpdApp.model.state)).phi).toBe(0.3);
  expect((await panes(page)).map((p) => p.error)).toEqual([null, null]);
  expect(await page.evaluate(() => window.edpdApp.warnings())).toEqual([]);
  // and back: 2-D's own
  await page.locator('.lil-controller', { hasText: 'dimension' }).locator('select').selectOption({ label: '2' });
  await page.waitForFunction(() => window.edpdApp.model.state.dim === 2 && window.edpdApp.panes().every((p) => p.stateHash || p.error));
  expect((await page.evaluate(() => window.edpdApp.model.state)).phi).toBe(0.5);
  expect(errors).toEqual([]);
  await page.close();
});

test('typed text the parameter panel cannot take as it stands is explained, naming the field and its range', async () => {
  const { page, errors } = await open('#v=1&scenario=granular&n=500&n=600');
  expect(await page.textContent('#warning-list')).toMatch(/n: given 2 times; using the last, "600"/);
  const phi = page.locator('.lil-controller', { hasText: 'packing fraction' }).locator('input[type=text]');
  await phi.fill('1e9');
  await phi.press('Enter');
  await page.waitForFunction(() => window.edpdApp.warnings().some((w) => /outside/.test(w.message)));
  expect(await page.evaluate(() => window.edpdApp.model.state.phi)).toBe(0.78);
  expect(await page.textContent('#warning-list')).toMatch(/packing fraction φ: 1e9 is outside \[0\.01, 0\.78\]; set to 0\.78/);
  await phi.fill('abc');
  await phi.press('Enter');
  await page.waitForFunction(() => window.edpdApp.warnings().some((w) => /not a number/.test(w.message)));
  expect(await page.textContent('#warning-list')).toMatch(/packing fraction φ: "abc" is not a number; kept 0\.78/);
  expect(await page.evaluate(() => window.edpdApp.model.state.phi)).toBe(0.78);
  expect(errors).toEqual([]);
  await page.close();
});

test('without WebGL the panes say so and both runs go on (counters, plots, failure)', async () => {
  const page = await site.browser.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  // as in a browser with WebGL switched off: no context of either version
  await page.addInitScript(() => {
    const get = HTMLCanvasElement.prototype.getContext;
    HTMLCanvasElement.prototype.getContext = function (type, ...rest) { return /webgl/i.test(type) ? null : get.call(this, type, ...rest); };
  });
  await page.goto(site.server.url);
  await page.waitForFunction(() => window.edpdApp?.panes().every((p) => p.status === 'halted' || p.status === 'collapse'), null, { timeout: 60000 });
  expect((await panes(page)).map((p) => p.status)).toEqual(['halted', 'collapse']);
  expect(await page.locator('.no-gl').count()).toBe(2);
  expect(await page.textContent('.no-gl.left')).toMatch(/WebGL/);
  expect(await page.isDisabled('#export-png')).toBe(true);
  expect(await page.locator('#plot-main .uplot').count()).toBe(1);
  expect(errors).toEqual([]);
  await page.close();
});

// both panes at the naive pane's failure time, the view zoomed (z and the replay end there)
const zoomedAtFailure = () => {
  const m = window.edpdApp.model;
  return window.edpdApp.view.zoomed && m.jumpTo === null && !m.playing && m.panes[1].time === m.panes[0].frame.status.time;
};

test('z zooms both panes to the pair at which the naive detector halted, the stable pane at the same time, and z again shows the whole box', async () => {
  const { page, errors } = await open('#v=1&scenario=granular&n=400&phi=0.65&seed=2&t=6&paused=1');  // naive-halt stops at t = 4.517
  await page.waitForFunction(() => window.edpdApp.panes()[0].status === 'halted' && window.edpdApp.model.jumpTo === null, null, { timeout: 60000 });
  await page.waitForSelector('#zoom:not([hidden])');
  const target = () => page.evaluate(() => window.edpdApp.view.controls.target.toArray());
  const whole = await target();
  expect(await page.evaluate(() => window.edpdApp.model.panes[1].time)).toBe(6);
  await page.keyboard.press('z');  // like for like: the stable pane is brought back from t = 6 to the halt
  await page.waitForFunction(zoomedAtFailure, null, { timeout: 60000 });
  expect((await page.evaluate(() => window.edpdApp.model.state.t)).toFixed(3)).toBe('4.517');
  const pair = await page.evaluate(() => {
    const f = window.edpdApp.model.panes[0].frame;
    const [i, j] = f.status.particles;
    return [[f.positions[3 * i], f.positions[3 * i + 1]], [f.positions[3 * j], f.positions[3 * j + 1]], f.box];
  });
  const zoomed = await target();
  for (let k = 0; k < 2; k++) {  // the pair's midpoint, by the minimum image
    const d = pair[1][k] - pair[0][k], L = pair[2][k];
    expect(zoomed[k]).toBeCloseTo(pair[0][k] + (d - L * Math.round(d / L)) / 2, 4);
  }
  expect(await page.textContent('#zoom')).toMatch(/Whole box/);
  expect(await page.getAttribute('#zoom', 'title')).toMatch(/halted \(/);
  await page.keyboard.press('p');  // projector mode keeps the camera where it was
  expect(await target()).toEqual(zoomed);
  await page.keyboard.press('p');  // and back: the browser profile (and its localStorage) is shared by the tests
  expect(await page.evaluate(() => document.body.classList.contains('projector'))).toBe(false);
  await page.keyboard.press('z');
  expect(await target()).toEqual(whole);
  expect(errors).toEqual([]);
  await page.close();
});

test('the built page carries a Content-Security-Policy without inline script or eval', async () => {
  const { page, errors } = await open('#v=1&scenario=elastic&n=500&dim=2&phi=0.4');
  const csp = await page.getAttribute('meta[http-equiv="Content-Security-Policy"]', 'content');
  expect(csp).toMatch(/script-src 'self' 'wasm-unsafe-eval'/);
  const scriptSrc = csp.split(';').map((d) => d.trim()).find((d) => d.startsWith('script-src')).split(/\s+/);
  expect(scriptSrc).not.toContain("'unsafe-inline'");
  expect(scriptSrc).not.toContain("'unsafe-eval'");
  expect(await page.$$eval('script:not([src])', (s) => s.length)).toBe(0);
  expect(errors).toEqual([]);
  await page.close();
});

test('a worker that throws is shown in its pane, and reset recovers', async () => {
  const { page } = await open('#v=1&scenario=elastic&n=300&dim=2&phi=0.3');
  await page.evaluate(() => window.edpdApp.model.crashPane(0));
  await page.waitForFunction(() => window.edpdApp.panes()[0].status === 'error', null, { timeout: 30000 });
  await page.waitForFunction(() => /^ERRORthe simulation worker failed/.test(document.getElementById('badge-0').textContent), null, { timeout: 30000 });
  await page.keyboard.press('r');
  await page.waitForFunction(() => window.edpdApp.panes().every((p) => p.status === 'running' && p.stateHash), null, { timeout: 30000 });
  await page.close();
});

test('the square-well link: energy created on the left, conserved on the right, its three plots in ε, and the one-click quench', async () => {
  const { page, errors } = await open('#v=1&scenario=square-well');
  await page.waitForFunction(() => /^ENERGY CREATED: \+/.test(document.getElementById('badge-0').textContent)
    && /^RUNNING — energy conserved/.test(document.getElementById('badge-1').textContent), null, { timeout: 60000 });
  expect(await page.evaluate(() => [0, 1].map((k) => document.getElementById(`badge-${k}`).dataset.kind))).toEqual(['failed', 'fine']);
  // the failure is on the picture: the recaptured pair in the failure colour, and z zooms to it
  await page.waitForFunction(() => !document.getElementById('zoom').hidden, null, { timeout: 10000 });
  const fail = (await panePixels(page)).failure;
  expect(fail[0]).toBeGreaterThan(0);
  expect(fail[1]).toBe(0);
  await page.keyboard.press('z');
  await page.waitForFunction(zoomedAtFailure, null, { timeout: 60000 });
  expect(await page.textContent('#zoom')).toBe('Whole box (z)');
  expect((await panePixels(page)).failure[0]).toBeGreaterThan(0.01);  // two magenta disks fill part of the pane
  await page.keyboard.press('z');
  // drift, then temperature (pairs binding heat the fluid), then potential energy; no theory line
  // where there is none (an unlabelled series would show as "Value" in the legend)
  await page.waitForFunction(() => window.edpdApp.model.series.main.columns[0].length > 3);
  const plots = await page.evaluate(() => ['plot-main', 'plot-hist', 'plot-distance'].map((id) => {
    const el = document.getElementById(id);
    return [el.querySelector('.u-title')?.textContent, [...el.querySelectorAll('.u-legend .u-label')].map((l) => l.textContent)];
  }));
  expect(plots).toEqual([
    ['Energy drift since the start', ['naive-miss', 'stable', 'exact: 0']],
    ['Temperature', ['naive-miss', 'stable']],
    ['Potential energy per particle', ['naive-miss', 'stable']],
  ]);
  // the one-click quench: the teaching guide's link, a new history entry; Back returns
  await page.click('#experiments button');
  await page.waitForFunction(() => /^RUNNING — thermostat on/.test(document.getElementById('badge-1').textContent), null, { timeout: 30000 });
  const hash = await page.evaluate(() => location.hash);
  for (const p of ['thermo=1', 'quench=5', 'T=1', 'Tq=0.3', 'speed=4']) expect(hash.split('&')).toContain(p);
  expect(await page.textContent('#experiments button')).toBe('Thermostat off: energy conserved');
  expect(await page.textContent('#plot-main .u-title')).toBe('Temperature');
  await page.goBack();
  await page.waitForFunction(() => /thermo=0&quench=0/.test(location.hash) && /^Quench/.test(document.querySelector('#experiments button').textContent));
  expect(errors).toEqual([]);
  await page.close();
});

test('the jamming link: the packing grows in both panes, the naive one halts, the stable one jams with its contacts drawn', async () => {
  const { page, errors } = await open('#v=1&scenario=jamming&n=100&gamma=0.02&speed=16');
  await page.waitForFunction(() => /^HALTED at t = /.test(document.getElementById('badge-0').textContent)
    && /^JAMMED at φ = 0\.8/.test(document.getElementById('badge-1').textContent), null, { timeout: 120000 });
  expect(await page.evaluate(() => [0, 1].map((k) => document.getElementById(`badge-${k}`).dataset.kind))).toEqual(['failed', 'finished']);
  // the contact network over the stable packing, none over the halted one; rattlers in grey
  await page.waitForFunction(() => window.edpdApp.view.panes[1].contacts && window.edpdApp.view.panes[1].lastFrame.contacts);
  const lines = await page.evaluate(() => window.edpdApp.view.panes.map((p) => (p.contacts ? p.contacts.geometry.attributes.position.count / 2 : 0)));
  expect(lines[0]).toBe(0);
  expect(lines[1]).toBeGreaterThan(100);
  expect(await page.textContent('#stories')).toMatch(/stable compressed the packing until it jammed at φ_J = 0\.8\d+ .*contacts hold \d+ particles, [\d.]+ each — isostatic is 4; \d+ rattlers/);
  // the pressure against the packing fraction, on a log scale, with the free-volume law
  expect(await page.textContent('#plot-main .u-title')).toBe('Pressure as the packing grows');
  const phi = await page.evaluate(() => window.edpdApp.model.series.main.columns[0]);
  expect(phi[0]).toBeCloseTo(0.3, 6);
  expect(phi.at(-1)).toBeGreaterThan(0.8);
  expect(phi.every((x, k) => k === 0 || x > phi[k - 1])).toBe(true);
  expect(errors).toEqual([]);
  await page.close();
});

test('keyboard: space pauses, ? opens the help, 3 switches to the granular gas', async () => {
  const { page } = await open('#v=1&scenario=ball');
  await page.keyboard.press('Space');
  expect(await page.evaluate(() => window.edpdApp.model.playing)).toBe(false);
  await page.keyboard.press('?');
  expect(await page.isVisible('#help')).toBe(true);
  // the number keys as the menu has them, every scenario named
  expect(await page.textContent('#help-digits')).toBe('1–9');
  expect(await page.textContent('#help-scenarios')).toMatch(/^scenario: Bouncing ball.*Shaken box \(Brazil nut\), Your experiment \(builder\)$/);
  await page.keyboard.press('Escape');
  expect(await page.isHidden('#help')).toBe(true);
  await page.keyboard.press('3');
  await page.waitForFunction(() => window.edpdApp.model.state.scenario === 'granular', null, { timeout: 30000 });
  expect(await page.evaluate(() => location.hash)).toMatch(/scenario=granular/);
  await page.close();
});

test('a link to a far time shows the jump with a Stop button; space stops it, paused, where it got to', async () => {
  const { page, errors } = await open('#v=1&scenario=elastic&n=500&t=1e6');
  expect(await page.textContent('#play')).toBe('Stop');
  expect(await page.isVisible('#jump-progress')).toBe(true);
  expect(await page.textContent('#clock')).toMatch(/^jumping to t = 1\.0+e\+6: /);
  await page.keyboard.press('Space');
  await page.waitForFunction(() => window.edpdApp.model.jumpTo === null, null, { timeout: 30000 });
  await page.waitForFunction(() => !document.querySelector('#clock').textContent.startsWith('jumping'), null, { timeout: 30000 });
  expect(await page.textContent('#play')).toBe('Play');
  expect(await page.isHidden('#jump-progress')).toBe(true);
  const t = await page.evaluate(() => window.edpdApp.model.target);
  expect(t).toBeGreaterThan(0);
  expect(t).toBeLessThan(1e6);
  expect(errors).toEqual([]);
  await page.close();
});

test('the toolbar chooses the scenario and the speed: in view, and the run and its link follow', async () => {
  const { page, errors } = await open('');
  expect(await page.$eval('#scenario-pick', (s) => [s.value, [...s.options].map((o) => o.value)]))
    .toEqual(['ball', ['ball', 'ball-array', 'granular', 'elastic', 'square-well', 'jamming', 'table', 'shaken', 'box']]);
  expect(await page.$eval('#speed-pick', (s) => s.value)).toBe('1');
  await page.selectOption('#scenario-pick', 'granular');
  await page.waitForFunction(() => window.edpdApp.model.state.scenario === 'granular' && window.edpdApp.panes().every((p) => p.stateHash), null, { timeout: 30000 });
  expect(await page.evaluate(() => location.hash)).toMatch(/scenario=granular/);
  await page.selectOption('#speed-pick', '0.1');
  expect(await page.evaluate(() => [window.edpdApp.model.state.speed, location.hash.includes('speed=0.1')])).toEqual([0.1, true]);
  // the panel's speed shows the same value
  expect(await page.evaluate(() => document.querySelector('#gui').textContent.includes('speed'))).toBe(true);
  expect(errors).toEqual([]);
  await page.close();
});

test('a replay of the moment of failure: four times slower, both panes paused together at its time, zoomed to the pair', async () => {
  const { page, errors } = await open('#v=1&scenario=granular');
  await page.waitForFunction(() => !document.getElementById('replay').hidden, null, { timeout: 60000 });
  const tf = await page.evaluate(() => window.edpdApp.model.panes[0].frame.status.time);
  await page.keyboard.press('x');
  expect(await page.evaluate(() => window.edpdApp.model.state.speed)).toBe(1);  // the run's 4, slowed
  await page.waitForFunction(() => !window.edpdApp.model.playing && window.edpdApp.model.jumpTo === null && window.edpdApp.model.pauseAt === null
    && window.edpdApp.view.zoomed, null, { timeout: 60000 });
  const [ta, tb] = await page.evaluate(() => window.edpdApp.panes().map((p) => p.time));
  expect([ta, tb]).toEqual([tf, tf]);  // the same instant in both panes
  expect(await page.evaluate(() => window.edpdApp.panes().map((p) => p.status))).toEqual(['halted', 'running']);
  expect((await panePixels(page)).failure[0]).toBeGreaterThan(0.01);  // the halted pair fills part of the pane
  expect(errors).toEqual([]);
  await page.close();
});

test('the vibrating table link: the naive ball halts inside the table, the stable one bounces on, and the table moves', async () => {
  const { page, errors } = await open('#v=1&scenario=table');
  await page.waitForFunction(() => window.edpdApp.panes()[0].status === 'halted', null, { timeout: 30000 });
  expect(await page.textContent('#badge-0')).toMatch(/^HALTED at impact 2/);
  await page.waitForTimeout(400);
  const fail = (await panePixels(page)).failure;
  expect(fail[0]).toBeGreaterThan(0);
  expect(fail[1]).toBe(0);
  const z = () => page.evaluate(() => window.edpdApp.view.panes[1].extras[0].position.z);
  const z1 = await z();
  await page.waitForTimeout(300);
  expect(await z()).not.toBe(z1);  // the stable pane's table oscillates
  await page.waitForFunction(() => window.edpdApp.model.series.main.columns[0].length > 10);
  expect(await page.textContent('#stories')).toMatch(/the table as moving at its velocity of the moment/);
  expect(errors).toEqual([]);
  await page.close();
});

test('the vibrating table\'s bifurcation diagram: computed by the workers with progress, one phase below Gamma_2, and a click opens that Gamma', async () => {
  const { page, errors } = await open('#v=1&scenario=table&paused=1');
  expect(await page.isVisible('#bifurcation')).toBe(true);
  expect(await page.textContent('#bif-note')).toMatch(/Γ₁ = 1\.0472 .* Γ₂ = 1\.5268/);
  await page.fill('#bif-samples', '31');
  await page.click('#bif-run');
  await page.waitForFunction(() => /^done: 31 values of Γ/.test(document.getElementById('bif-status').textContent), null, { timeout: 120000 });
  // Gamma 1.4 (sample 4 of 31 over [1, 4]): all 32 recorded phases the period-1 orbit's, acos(pi (1 - e) / (Gamma (1 + e))) / 2 pi
  const at14 = await page.evaluate(() => {
    const p = window.edpdApp.bifurcation.points;
    return p.phase.filter((_, k) => Math.abs(p.gamma[k] - 1.4) < 1e-9);
  });
  const want = Math.acos((Math.PI * 0.5) / (1.4 * 1.5)) / (2 * Math.PI);
  expect(at14.length).toBe(32);
  for (const ph of at14) expect(Math.abs(ph - want)).toBeLessThan(1e-9);
  await page.evaluate(() => document.getElementById('plot-bif').scrollIntoView());
  const box = await page.locator('#plot-bif .u-over').boundingBox();
  await page.mouse.click(box.x + box.width * (1.6 - 1) / 3, box.y + box.height / 2);
  await page.waitForFunction(() => window.edpdApp.model.state.scenario === 'table' && Math.abs(window.edpdApp.model.state.Gamma - 1.6) < 0.02, null, { timeout: 30000 });
  expect(errors).toEqual([]);
  await page.close();
});

test('the shaken box link: the naive bed falls through the moving floor, the stable one runs on, the floor moves and the profiles fill', async () => {
  const { page, errors } = await open('#v=1&scenario=shaken');
  // grains overlap each other from t ≈ 2 (PASSED THROUGH) before the first falls through the
  // floor at t = 2.3; which of the two the first failed frame shows depends on the frame rate
  await page.waitForFunction(() => /^FELL THROUGH: \d+ particles?/.test(document.getElementById('badge-0').textContent), null, { timeout: 30000 });
  expect(await page.getAttribute('#badge-0', 'data-kind')).toBe('failed');
  expect(await page.textContent('#badge-1')).toMatch(/^RUNNING — 0 overlaps/);
  const fail = (await panePixels(page)).failure;
  expect(fail[0]).toBeGreaterThan(0);
  expect(fail[1]).toBe(0);
  // the stable pane's floor (the plane with an oscillation) moves with the clock
  const y = () => page.evaluate(() => window.edpdApp.view.panes[1].extras.find((x) => x.userData.oscillation).position.y);
  const y1 = await y();
  await page.waitForTimeout(300);
  expect(await y()).not.toBe(y1);
  // the profiles over height: the stable bed's packing fraction reaches a dense bed's
  await page.waitForFunction(() => window.edpdApp.model.panes[1].frame?.profile?.fraction.some((x) => x > 0.3), null, { timeout: 30000 });
  expect(await page.textContent('#stories')).toMatch(/grains? fell through the floor/);
  expect(await page.textContent('#plot-hist')).toMatch(/Packing fraction over height/);
  expect(await page.textContent('#plot-distance')).toMatch(/Granular temperature over height/);
  expect(errors).toEqual([]);
  await page.close();
});
