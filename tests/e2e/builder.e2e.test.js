// The experiment builder in the browser, at a laptop's 1366×768 and a phone's 390×844: a lecturer
// builds a walled binary mixture under gravity from another scenario's page, meets an invalid
// combination where it is entered (Run off), fixes it, runs it; the run's link reopened in a new
// page gives the same state hashes, and each pane's command line ends in its pane's hash.
import { fileURLToPath } from 'node:url';
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { appSite, panes, commandsShown } from './app-page.js';

const site = appSite();
const { open } = site;
const root = fileURLToPath(new URL('../../', import.meta.url));
const cli = (cmd) => new Promise((resolve, reject) => {
  // the species' value is one quoted shell word
  const args = cmd.match(/'[^']*'|\S+/g).map((w) => w.replace(/^'|'$/g, ''));
  execFile(join(root, args[0]), args.slice(1), { cwd: root, maxBuffer: 16 << 20 }, (err, out, stderr) => (err ? reject(new Error(stderr || err.message)) : resolve(JSON.parse(out))));
});

/** Type a value into an input and leave it (its change event), as a user does. */
async function enter(page, selector, value) {
  await page.fill(selector, String(value));
  await page.press(selector, 'Tab');
}
const status = (page) => page.textContent('#builder-status');
const runOff = (page) => page.$eval('#builder-run', (b) => b.disabled);

for (const [width, height] of [[1366, 768], [390, 844]]) {
  test(`${width}×${height}: build a walled binary mixture under gravity, meet an invalid input where it is entered, run it, share it`, async () => {
    const { page, errors } = await open('#v=1&scenario=granular&n=200', undefined, { width, height });
    await page.keyboard.press('b');
    await page.waitForSelector('#builder:not([hidden])');
    await page.waitForFunction(() => /ready to run$/.test(document.getElementById('builder-status').textContent), null, { timeout: 30000 });
    expect(await page.evaluate(() => document.activeElement.id)).toBe('b-dim');  // the keyboard starts at the first field
    // the second species: diameter 1.4, as dense as the first, and its own colour
    await enter(page, '[data-sp="1:diameter"]', 1.4);
    await enter(page, '[data-sp="1:mass"]', 1.96);
    await page.$eval('[data-sp="1:colour"]', (i) => { i.value = '#dd3311'; i.dispatchEvent(new Event('input', { bubbles: true })); });
    // gravity along y with no walls on y: said under the gravity field, and Run is off
    await page.uncheck('#b-wall-y');
    await page.waitForFunction(() => !document.getElementById('b-grav-error').hidden);
    expect(await page.textContent('#b-grav-error')).toMatch(/^Gravity g: g = 1 pulls along y, which has no walls \(particles would fall for ever\): add y to walls or set gravity 0$/);
    expect(await page.getAttribute('#b-grav', 'aria-invalid')).toBe('true');
    expect(await runOff(page)).toBe(true);
    await page.check('#b-wall-y');
    await page.waitForFunction(() => document.getElementById('b-grav-error').hidden);
    // a packing fraction out of range, then one too dense for the layers
    await enter(page, '#b-phi', 0.9);
    expect(await page.textContent('#b-phi-error')).toBe('Packing fraction φ: must be in [0.001, 0.78]');
    expect(await runOff(page)).toBe(true);
    await enter(page, '#b-phi', 0.7);
    expect(await page.textContent('#b-phi-error')).toMatch(/^Packing fraction φ: 0\.7 is too dense for a layered start/);
    await enter(page, '#b-phi', 0.25);
    // a sticky floor: each wall its own restitution, the floor (y-) 0.3
    await page.check('#b-wr-each');
    await page.waitForSelector('[data-wr="2"]');
    expect(await page.$$eval('.b-wr-grid input', (i) => i.map((x) => x.getAttribute('aria-label')))).toEqual(
      ['restitution of the wall at x−', 'restitution of the wall at x+', 'restitution of the wall at y−', 'restitution of the wall at y+']);
    await enter(page, '[data-wr="2"]', 0.3);
    await page.waitForFunction(() => /^200 disks in a box [0-9.]+ σ wide: ready to run$/.test(document.getElementById('builder-status').textContent));
    expect(await runOff(page)).toBe(false);
    await page.click('#builder-run');
    await page.waitForSelector('#builder', { state: 'hidden' });
    // the run is the link's: the built experiment in the address, both panes from it
    await page.waitForFunction(() => window.edpdApp.model.state.scenario === 'box' && window.edpdApp.panes().every((p) => p.stateHash));
    const hash = await page.evaluate(() => location.hash);
    expect(hash).toMatch(/^#v=1&scenario=box&naive=halt&dim=2&sp=150x1x1,50x1\.4x1\.96&col=4e8fe8,dd3311,b0703a&intruder=0&phi=0\.25&walls=xy&wr=1,1,0\.3,1&start=layered&grav=1&tilt=0&floor=3&/);
    expect(await page.textContent('#pane-legend')).toMatch(/σ = 1 σ = 1\.4 failed/);
    // the naive pane (the granular page's variant, halt) fails: the frozen floor catches grains; the stable one runs on
    await page.waitForFunction(() => document.getElementById('badge-0').dataset.kind === 'failed', null, { timeout: 30000 });
    expect(await page.textContent('#badge-1')).toMatch(/^RUNNING — 0 overlaps/);
    await page.keyboard.press('Space');
    await page.waitForFunction(() => { const m = window.edpdApp.model; return !m.playing && m.panes.every((p) => !p.busy && (p.terminal || p.time >= m.target)); }, null, { timeout: 60000 });
    await page.click('#share');
    const link = await page.inputValue('#share-url');
    const hashes = (await panes(page)).map((p) => p.stateHash);
    // each pane's command line: the same experiment natively, the same state hash
    await page.click('#export summary');
    await commandsShown(page);
    for (const k of [0, 1]) {
      const cmd = await page.inputValue(`#cli-${k}`);
      expect(cmd).toMatch(/^build\/edpd run --scenario box --detector (naive-halt|stable) --dim 2 --species '150 1 1; 50 1\.4 1\.96' --packing-fraction 0\.25 --walls xy --start layered .*--wall-restitutions '1 1 0\.3 1'/);
      expect((await cli(cmd)).state_hash).toBe(hashes[k]);
    }
    expect(errors).toEqual([]);
    await page.close();
    // the link in a new page: the same panes, bit for bit
    const second = await site.browser.newPage();
    await second.setViewportSize({ width, height });
    await second.goto(link);
    await second.waitForFunction(() => window.edpdApp && window.edpdApp.model.jumpTo === null && window.edpdApp.panes().every((p) => p.stateHash), null, { timeout: 60000 });
    expect((await panes(second)).map((p) => p.stateHash)).toEqual(hashes);
    // and the builder opens on it again, every field as built
    await second.click('#build');
    await second.waitForSelector('#builder:not([hidden])');
    expect(await second.inputValue('[data-sp="1:diameter"]')).toBe('1.4');
    expect(await second.inputValue('#b-phi')).toBe('0.25');
    await second.keyboard.press('Escape');
    await second.waitForSelector('#builder', { state: 'hidden' });
    await second.close();
  }, 180000);
}

test('a species added and removed, a 3-D box with its z axis, the fields that apply shown', async () => {
  const { page, errors } = await open('#v=1&scenario=box&speed=1', undefined, { width: 1366, height: 768 });
  await page.click('#build');
  await page.waitForFunction(() => /ready to run$/.test(document.getElementById('builder-status').textContent), null, { timeout: 30000 });
  expect(await page.isVisible('#b-wall-z')).toBe(false);
  await page.selectOption('#b-dim', '3');
  await page.waitForFunction(() => document.getElementById('b-wall-z')?.checked === true);
  expect(await page.isVisible('#b-wall-z')).toBe(true);
  await page.click('.b-add');
  expect(await page.$$eval('.b-sp-row:not(.b-sp-head)', (r) => r.length)).toBe(3);
  await page.click('[aria-label="remove species 3"]');
  expect(await page.$$eval('.b-sp-row:not(.b-sp-head)', (r) => r.length)).toBe(2);
  // the tilt and the floor apply only with gravity, λ only with a square well
  expect(await page.isVisible('#b-lambda')).toBe(false);
  await page.selectOption('#b-pot', 'square-well');
  expect(await page.isVisible('#b-lambda')).toBe(true);
  await enter(page, '#b-grav', 0);
  expect(await page.isVisible('#b-tilt')).toBe(false);
  // a vibrated floor's start in layers needs gravity: said under Start
  expect(await page.textContent('#b-start-error')).toMatch(/^Start: layered puts the particles in layers on the floor, which needs gravity > 0/);
  await page.selectOption('#b-start', 'random');
  await page.waitForFunction(() => /^200 spheres in a box [0-9.]+ σ wide: ready to run$/.test(document.getElementById('builder-status').textContent), null, { timeout: 10000 });
  await page.press('#b-seed', 'Enter');  // Enter runs
  await page.waitForSelector('#builder', { state: 'hidden' });
  await page.waitForFunction(() => window.edpdApp.model.state.dim === 3 && window.edpdApp.model.state.pot === 'square-well' && window.edpdApp.panes().every((p) => p.stateHash || p.error));
  expect((await panes(page)).map((p) => p.error ?? null)).toEqual([null, null]);
  expect(errors).toEqual([]);
  await page.close();
}, 120000);

test('the gallery (g): every card has its thumbnail; a title opens its run, "Edit in the builder" opens it there', async () => {
  const { page, errors } = await open('#v=1&scenario=ball', undefined, { width: 1366, height: 768 });
  await page.keyboard.press('g');
  await page.waitForSelector('#gallery:not([hidden])');
  expect(await page.evaluate(() => document.activeElement.className)).toBe('gallery-open');
  const cards = await page.$$eval('.gallery-card', (cs) => cs.map((c) => c.dataset.id));
  expect(cards).toEqual(['bed', 'mixture', 'tracer', 'droplets', 'shaken']);
  // thumbnails are lazy: scrolled into view, each one loads
  for (const id of cards) {
    await page.$eval(`.gallery-card[data-id="${id}"] img`, (img) => img.scrollIntoView());
    await page.waitForFunction((k) => { const img = document.querySelector(`.gallery-card[data-id="${k}"] img`); return img.complete && img.naturalWidth === 480; }, id, { timeout: 10000 });
  }
  const href = await page.getAttribute('.gallery-card[data-id="mixture"] a', 'href');
  await page.click('.gallery-card[data-id="mixture"] a');
  await page.waitForSelector('#gallery', { state: 'hidden' });
  await page.waitForFunction((h) => location.hash === `${h}&t=0`, href);
  await page.waitForFunction(() => window.edpdApp.panes().every((p) => p.stateHash));
  expect(await page.evaluate(() => window.edpdApp.model.state.sp)).toEqual([[150, 1, 1], [50, 2, 4]]);
  await page.click('#gallery-open');
  await page.click('.gallery-card[data-id="droplets"] .gallery-edit');
  await page.waitForSelector('#builder:not([hidden])');
  expect(await page.inputValue('#b-pot')).toBe('square-well');
  expect(await page.inputValue('#b-quench')).toBe('5');
  await page.keyboard.press('Escape');
  expect(errors).toEqual([]);
  await page.close();
}, 120000);
