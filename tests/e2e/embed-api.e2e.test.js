// The embedding API (web/src/embed-api.js) across origins: docs/course-example.html served on one
// port embeds the built app served on another, asks its question when the naive pane fails and
// drives the embed; commands act, events arrive; a page of a third origin the link does not allow,
// and messages that are not the protocol's, are ignored with a console warning.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from './server.js';
import { launch } from './browser.js';
import { dist } from './app-page.js';

const docs = fileURLToPath(new URL('../../docs/', import.meta.url));
let app, course, foreign, browser;

beforeAll(async () => {
  app = await serve(dist);
  course = await serve(docs);
  // a page of another origin, embedding the app with a link that allows the course page only
  const dir = mkdtempSync(join(tmpdir(), 'edpd-foreign-'));
  writeFileSync(join(dir, 'index.html'), `<!doctype html><title>foreign</title><iframe id="f" width="640" height="360"></iframe>
<script>const f = document.getElementById('f'); f.src = new URLSearchParams(location.search).get('src');</script>`);
  foreign = await serve(dir);
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
  await Promise.all([app, course, foreign].map((s) => s?.close()));
});

const origin = (url) => new URL(url).origin;
/** The embedded app's frame of a page, once its panes have state hashes. */
async function appFrame(page) {
  let frame = null;
  await page.waitForFunction(() => document.querySelector('iframe')?.contentWindow, null, { timeout: 30000 });
  for (let k = 0; k < 300 && !frame; k++) {
    frame = page.frames().find((f) => f.url().startsWith(app.url) && f !== page.mainFrame()) ?? null;
    if (!frame) await page.waitForTimeout(100);
  }
  await frame.waitForFunction(() => window.edpdApp && window.edpdApp.panes().every((p) => p.stateHash), null, { timeout: 60000 });
  return frame;
}

test('the example course page: the question when the naive pane fails, the answer on request, Run it again and Slower drive the embed', async () => {
  const page = await browser.newPage();
  await page.setViewportSize({ width: 1366, height: 900 });
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`${course.url}course-example.html?app=${encodeURIComponent(app.url)}`);
  const frame = await appFrame(page);
  expect(await frame.evaluate(() => window.edpdApp.model.state.origin)).toBe(origin(course.url));
  await page.waitForSelector('#question:not([hidden])', { timeout: 60000 });
  expect(await page.textContent('#when')).toMatch(/^ at t = 2\.99999\d+$/);
  expect(await page.isHidden('#answer')).toBe(true);
  await page.click('#reveal');
  expect(await page.isVisible('#answer')).toBe(true);
  await page.waitForFunction(() => /right pane: at rest at t = 2\.99999/.test(document.getElementById('log').textContent), null, { timeout: 60000 });
  await page.screenshot({ path: 'build/screens/course-example-1366x900.png', fullPage: true });
  await page.click('#slower');  // speed 0.25, and the run again: the question goes until it fails again
  await frame.waitForFunction(() => window.edpdApp.model.state.speed === 0.25 && window.edpdApp.model.target < 1, null, { timeout: 30000 });
  await page.waitForSelector('#question', { state: 'hidden', timeout: 30000 });
  expect(errors).toEqual([]);
  await page.close();
});

test('a built experiment\'s link pasted into the course page: the page reacts to its naive pane\'s failure', async () => {
  const page = await browser.newPage();
  await page.setViewportSize({ width: 1366, height: 900 });
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  // the builder's walled binary mixture under gravity (its default: shaken at Γ = 3), as Copy link gives it
  const run = '#v=1&scenario=box&naive=miss&dim=2&sp=150x1x1,50x1.4x1.96&intruder=0&phi=0.25&walls=xy&wr=1&start=layered&grav=1&tilt=0&floor=3&e=0.8&tc=0.0001&pot=hard-sphere&lambda=1.5&T=1&thermo=0&quench=0&Tq=0.35&grow=0&seed=1&speed=4';
  await page.goto(`${course.url}course-example.html?app=${encodeURIComponent(app.url)}&run=${encodeURIComponent(run)}`);
  const frame = await appFrame(page);
  expect(await frame.evaluate(() => [window.edpdApp.model.state.scenario, window.edpdApp.model.state.sp])).toEqual(['box', [[150, 1, 1], [50, 1.4, 1.96]]]);
  await page.waitForSelector('#question:not([hidden])', { timeout: 60000 });
  expect(await page.textContent('#log')).toMatch(/^left pane: (FELL THROUGH|PASSED THROUGH)/);
  expect(errors).toEqual([]);
  await page.close();
});

test('commands act and events arrive: pause, step, speed, ticks, load; a run\'s start, verdicts and its end', async () => {
  const page = await browser.newPage();
  await page.goto(`${course.url}course-example.html?app=${encodeURIComponent(app.url)}`);
  const frame = await appFrame(page);
  await page.evaluate(() => {
    window.__events = [];
    window.addEventListener('message', (e) => { if (e.data?.edpd === 1) window.__events.push(e.data); });
  });
  const send = (m) => page.evaluate(([m, o]) => document.getElementById('edpd').contentWindow.postMessage({ edpd: 1, ...m }, o), [m, origin(app.url)]);
  await send({ type: 'pause' });
  // a step waits for both panes to reach the paused time (the model ignores it while they catch up)
  await frame.waitForFunction(() => { const m = window.edpdApp.model; return !m.playing && m.panes.every((p) => !p.busy && (p.terminal || p.time >= m.target)); }, null, { timeout: 30000 });
  const t0 = await frame.evaluate(() => window.edpdApp.model.target);
  await send({ type: 'step' });
  await frame.waitForFunction((t) => window.edpdApp.model.target > t, t0);
  await send({ type: 'speed', value: 2 });
  await frame.waitForFunction(() => window.edpdApp.model.state.speed === 2);
  await send({ type: 'ticks', every: 0.25 });
  await send({ type: 'load', link: '#v=1&scenario=granular&n=400&phi=0.65&seed=2&speed=4' });
  await frame.waitForFunction(() => window.edpdApp.model.state.scenario === 'granular' && window.edpdApp.model.state.embed, null, { timeout: 30000 });
  // naive-halt stops at t = 4.517 in this run: its verdict, its halt, and ticks on the way
  await page.waitForFunction(() => window.__events.some((e) => e.type === 'halted' && e.pane === 0), null, { timeout: 60000 });
  const events = await page.evaluate(() => window.__events);
  const started = events.find((e) => e.type === 'started');
  expect(started.scenario).toBe('granular');
  expect(started.link).toMatch(/^#v=1&scenario=granular&naive=halt&dim=2&n=400&phi=0\.65/);
  const halted = events.find((e) => e.type === 'halted');
  expect([halted.detector, halted.reason, halted.time.toFixed(3)]).toEqual(['naive-halt', 'overlap-approaching', '4.517']);
  expect(events.some((e) => e.type === 'verdict' && e.pane === 0 && e.kind === 'failed')).toBe(true);
  expect(events.some((e) => e.type === 'verdict' && e.pane === 1 && e.kind === 'fine')).toBe(true);
  const ticks = events.filter((e) => e.type === 'tick').map((e) => e.time);
  expect(ticks.length).toBeGreaterThan(3);
  for (const t of ticks) expect(Math.abs(t / 0.25 - Math.round(t / 0.25))).toBeLessThan(1e-9);
  await page.close();
});

test('a page of an origin the link does not allow, and messages that are not the protocol\'s, are ignored with a console warning', async () => {
  const page = await browser.newPage();
  const warnings = [];
  page.on('console', (m) => { if (m.type() === 'warning') warnings.push(m.text()); });
  // the embed allows the course page's origin, but sits in a page of another
  const src = `${app.url}#v=1&scenario=ball&embed=1&origin=${origin(course.url)}`;
  await page.goto(`${foreign.url}?src=${encodeURIComponent(src)}`);
  const frame = await appFrame(page);
  const post = (m) => page.evaluate(([m, o]) => document.getElementById('f').contentWindow.postMessage(m, o), [m, origin(app.url)]);
  await post({ edpd: 1, type: 'speed', value: 7 });
  await frame.waitForTimeout(500);
  expect(await frame.evaluate(() => window.edpdApp.model.state.speed)).not.toBe(7);
  expect(warnings.some((w) => w.includes(`a message from ${origin(foreign.url)} ignored`))).toBe(true);
  await page.close();

  // from the allowed page: malformed messages are warned about and answered with an error event
  const course1 = await browser.newPage();
  const warned = [];
  course1.on('console', (m) => { if (m.type() === 'warning') warned.push(m.text()); });
  await course1.goto(`${course.url}course-example.html?app=${encodeURIComponent(app.url)}`);
  const f1 = await appFrame(course1);
  await course1.evaluate(() => {
    window.__events = [];
    window.addEventListener('message', (e) => { if (e.data?.edpd === 1) window.__events.push(e.data); });
  });
  const speed = await f1.evaluate(() => window.edpdApp.model.state.speed);
  for (const m of [{ edpd: 1, type: 'explode' }, { edpd: 1, type: 'speed', value: 'fast' }, { edpd: 2, type: 'play' }, 'pause', [1, 2]]) {
    await course1.evaluate(([m, o]) => document.getElementById('edpd').contentWindow.postMessage(m, o), [m, origin(app.url)]);
  }
  await course1.waitForFunction(() => window.__events.filter((e) => e.type === 'error').length === 5, null, { timeout: 10000 });
  const errors = await course1.evaluate(() => window.__events.filter((e) => e.type === 'error').map((e) => e.message));
  expect(errors[0]).toMatch(/^type: must be one of load, play, pause, step, reset, speed, ticks/);
  expect(errors[1]).toMatch(/^value: must be a number in \[0\.001, 10000\]/);
  expect(errors[2]).toMatch(/^edpd: must be 1/);
  expect(warned.filter((w) => w.startsWith('edpd: a message ignored')).length).toBe(5);
  expect(await f1.evaluate(() => window.edpdApp.model.state.speed)).toBe(speed);
  await course1.close();
});
