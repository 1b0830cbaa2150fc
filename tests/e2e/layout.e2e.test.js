// In front of a class: at the sizes a lecture hall, a laptop, a phone and two course-page embeds
// give, the verdicts, the primary plot and "What happened" are in view and nothing overlaps; the
// failure colour marks exactly the pane that failed. Each size's screenshot is kept in
// build/screens/ for a person to look at.
import { serve } from './server.js';
import { launch } from './browser.js';
import { fileURLToPath } from 'node:url';
import { mkdirSync } from 'node:fs';
import { panePixels } from './app-page.js';

const dist = fileURLToPath(new URL('../../dist/', import.meta.url));
const screens = fileURLToPath(new URL('../../build/screens/', import.meta.url));
const docs = fileURLToPath(new URL('../../docs/', import.meta.url));
let server, browser;

beforeAll(async () => {
  mkdirSync(screens, { recursive: true });
  server = await serve(dist);
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function open(hash, viewport) {
  const page = await browser.newPage();
  await page.setViewportSize(viewport);
  const errors = [];
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(server.url + hash);
  await page.waitForFunction(() => window.edpdApp && window.edpdApp.panes().every((p) => p.stateHash || p.error), null, { timeout: 60000 });
  return { page, errors };
}

/** Bounding boxes of the visible elements among ids (hidden ones left out). */
const boxes = (page, ids) => page.evaluate((ids) => Object.fromEntries(ids.map((id) => {
  const el = document.getElementById(id);
  if (!el || el.hidden || el.closest('[hidden]') || getComputedStyle(el).display === 'none') return [id, null];
  const r = el.getBoundingClientRect();
  return [id, r.width > 0 && r.height > 0 ? { left: r.left, top: r.top, right: r.right, bottom: r.bottom } : null];
}).filter(([, b]) => b)), ids);

const inside = (b, v) => b.left >= -0.5 && b.top >= -0.5 && b.right <= v.width + 0.5 && b.bottom <= v.height + 0.5;
const overlap = (a, b) => Math.min(a.right, b.right) - Math.max(a.left, b.left) > 0.5 && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 0.5;
function pairwiseOverlaps(bs) {
  const ids = Object.keys(bs), out = [];
  for (let i = 0; i < ids.length; i++) for (let j = i + 1; j < ids.length; j++) if (overlap(bs[ids[i]], bs[ids[j]])) out.push(`${ids[i]} × ${ids[j]}`);
  return out;
}
const fontPx = (page, selector) => page.$eval(selector, (el) => parseFloat(getComputedStyle(el).fontSize));
const halted = (page) => page.waitForFunction(() => window.edpdApp.panes().every((p) => p.status === 'halted' || p.status === 'collapse'), null, { timeout: 60000 });

/** Per pane: the share of its pixels in the failure colour (app-page.js). */
const failurePixels = async (page) => (await panePixels(page)).failure;

const SIZES = [
  { name: 'lecture-1920x1080', viewport: { width: 1920, height: 1080 }, hash: '' },
  { name: 'laptop-1366x768', viewport: { width: 1366, height: 768 }, hash: '', readme: 'screenshot.png' },
  { name: 'phone-390x844', viewport: { width: 390, height: 844 }, hash: '', phone: true, readme: 'screenshot-phone.png' },
  { name: 'embed-800x450', viewport: { width: 800, height: 450 }, hash: '#v=1&scenario=ball&embed=1', embed: true },
  { name: 'embed-640x360', viewport: { width: 640, height: 360 }, hash: '#v=1&scenario=ball&embed=1', embed: true },
];

for (const size of SIZES) {
  test(`${size.name}: verdicts${size.embed ? ', caption' : size.phone ? ' stacked' : ', primary plot and What happened'} in view, nothing overlapping`, async () => {
    const { page, errors } = await open(size.hash, size.viewport);
    await halted(page);
    await page.waitForFunction(() => document.getElementById('badge-1').dataset.kind === 'finished', null, { timeout: 30000 });
    if (!size.phone) await page.waitForTimeout(400);  // the plots' next refresh
    await page.screenshot({ path: `${screens}${size.name}.png` });
    // EDPD_UPDATE_SCREENSHOTS=1: the README's pictures (docs/) from this run
    if (process.env.EDPD_UPDATE_SCREENSHOTS === '1' && size.readme) await page.screenshot({ path: `${docs}${size.readme}` });
    // the page itself never scrolls: toolbar and panes stay, only the side panel scrolls
    expect(await page.evaluate(() => [document.documentElement.scrollHeight, document.body.scrollHeight])).toEqual([size.viewport.height, size.viewport.height]);
    if (size.phone) {  // touch targets of at least 44 px
      const small = await page.$$eval('header button, header a', (els) => els.filter((e) => e.offsetParent)
        .map((e) => [e.id || e.textContent.trim(), e.getBoundingClientRect()]).filter(([, r]) => r.width < 44 || r.height < 44).map(([id]) => id));
      expect(small).toEqual([]);
    }
    const overlays = await boxes(page, ['badge-0', 'badge-1', 'label-0', 'label-1', 'zoom', 'clock', 'embed-story', 'open-full', 'embed-play', 'embed-reset']);
    expect(Object.keys(overlays)).toEqual(expect.arrayContaining(['badge-0', 'badge-1', 'clock']));
    for (const [id, b] of Object.entries(overlays)) expect([id, inside(b, size.viewport)]).toEqual([id, true]);
    expect(pairwiseOverlaps(overlays)).toEqual([]);
    if (size.embed) {
      expect(Object.keys(overlays)).toContain('embed-story');  // the caption, for both panes
      // an embed's own Play and Reset (it has no toolbar)
      expect(Object.keys(overlays)).toEqual(expect.arrayContaining(['embed-play', 'embed-reset']));
      await page.click('#embed-play');
      expect(await page.evaluate(() => [window.edpdApp.model.playing, document.getElementById('embed-play').textContent])).toEqual([false, 'Play']);
      await page.click('#embed-play');
      expect(await page.evaluate(() => window.edpdApp.model.playing)).toBe(true);
      expect(await page.textContent('#embed-story')).toMatch(/naive-halt \(left\) halted .*; stable \(right\) at rest/);
      const canvas = await page.$eval('#view canvas', (c) => c.getBoundingClientRect().toJSON());
      expect(overlays['embed-story'].top).toBeGreaterThanOrEqual(canvas.bottom - 0.5);  // under the picture, not over it
    } else if (size.phone) {
      // stacked: the stable pane's verdict below the naive one's, each as wide as it needs
      expect(overlays['badge-1'].top).toBeGreaterThan(overlays['badge-0'].bottom);
      expect(await page.evaluate(() => window.edpdApp.view.stacked)).toBe(true);
    } else {
      const side = await boxes(page, ['plot-main', 'what-happened']);
      expect(Object.keys(side).sort()).toEqual(['plot-main', 'what-happened']);
      for (const [id, b] of Object.entries(side)) expect([id, inside(b, size.viewport)]).toEqual([id, true]);
      expect(await fontPx(page, '#badge-0 .headline')).toBeGreaterThanOrEqual(20);
      expect(await fontPx(page, '#stories')).toBeGreaterThanOrEqual(15);
    }
    // the failure colour: in the naive pane, not in the stable one
    const fail = await failurePixels(page);
    expect(fail[0]).toBeGreaterThan(0.002);
    expect(fail[1]).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  });
}

for (const viewport of [{ width: 1366, height: 768 }, { width: 390, height: 844 }]) {
  test(`the help dialog fits ${viewport.width}x${viewport.height}: it scrolls within the window, Close in view`, async () => {
    const { page, errors } = await open('', viewport);
    await page.keyboard.press('?');
    const box = await page.$eval('.help-box', (b) => b.getBoundingClientRect().toJSON());
    expect(inside(box, viewport)).toBe(true);
    const close = await page.$eval('#help-close', (b) => b.getBoundingClientRect().toJSON());
    expect(inside(close, viewport)).toBe(true);
    await page.screenshot({ path: `${screens}help-${viewport.width}x${viewport.height}.png` });
    await page.click('#help-close');  // clickable where it is: nothing covers it
    expect(await page.$eval('#help', (h) => h.hidden)).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBe(viewport.height);
    expect(errors).toEqual([]);
    await page.close();
  });
}

test('projector mode: body text ≥ 16 px, verdicts and key numbers ≥ 20 px, the Projector button shows it is on', async () => {
  const { page, errors } = await open('', { width: 1366, height: 768 });
  await page.keyboard.press('p');
  await halted(page);
  await page.waitForFunction(() => document.getElementById('badge-1').dataset.kind === 'finished', null, { timeout: 30000 });
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${screens}projector-1366x768.png` });
  expect(await fontPx(page, 'body')).toBeGreaterThanOrEqual(16);
  expect(await fontPx(page, '#stories')).toBeGreaterThanOrEqual(16);
  expect(await fontPx(page, '#counters')).toBeGreaterThanOrEqual(16);
  for (const sel of ['#badge-0 .headline', '#badge-1 .headline', '#clock']) expect([sel, await fontPx(page, sel) >= 20]).toEqual([sel, true]);
  expect(await page.getAttribute('#projector', 'aria-pressed')).toBe('true');
  const [on, off] = await page.$eval('#projector', (b) => [getComputedStyle(b).backgroundColor, getComputedStyle(document.getElementById('reset')).backgroundColor]);
  expect(on).not.toBe(off);
  const side = await boxes(page, ['plot-main', 'what-happened']);
  for (const [id, b] of Object.entries(side)) expect([id, inside(b, { width: 1366, height: 768 })]).toEqual([id, true]);
  expect(errors).toEqual([]);
  await page.close();
});

/** Visible text under 16 px: "size tag.class text" for each (hidden, screen-reader and closed parts left out). */
const smallText = (page) => page.evaluate(() => (() => {
  const out = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    if (!n.textContent.trim()) continue;
    const el = n.parentElement;
    if (!el || el.closest('[hidden], .sr-only, details:not([open]) > :not(summary)')) continue;
    const r = el.getBoundingClientRect();
    if (r.width < 2 || r.height < 2 || r.bottom < 0 || r.top > innerHeight || r.right < 0 || r.left > innerWidth) continue;
    const cs = getComputedStyle(el);
    if (cs.visibility === 'hidden' || cs.display === 'none' || +cs.opacity === 0) continue;
    const px = parseFloat(cs.fontSize);
    if (px < 16) out.push(`${px} ${el.tagName}.${el.className} ${n.textContent.trim().slice(0, 30)}`);
  }
  return out;
})());

test('projector mode scales with the room: larger type on a 1920x1080 projector than on a laptop, none under 16 px', async () => {
  const sizes = {};
  for (const viewport of [{ width: 1366, height: 768 }, { width: 1920, height: 1080 }]) {
    const { page, errors } = await open('', viewport);
    await page.evaluate(() => { if (!document.body.classList.contains('projector')) document.getElementById('projector').click(); });
    await halted(page);
    await page.waitForTimeout(400);
    await page.screenshot({ path: `${screens}projector-${viewport.width}x${viewport.height}.png` });
    expect(await smallText(page)).toEqual([]);
    sizes[viewport.height] = await fontPx(page, '#badge-0 .headline');
    // the verdict's line is ~5 % of the picture's height (the panes' area): 4.9 % and 4.5 % here
    const share = await page.evaluate(() => document.querySelector('#badge-0 .headline').getBoundingClientRect().height
      / document.getElementById('view-area').getBoundingClientRect().height);
    expect([viewport.height, share > 0.04 && share < 0.06]).toEqual([viewport.height, true]);
    expect(errors).toEqual([]);
    await page.click('#projector');  // off again: the browser remembers the mode for the next tests
    await page.close();
  }
  // the verdict keeps its share of the picture: about 3.4 % of the window's height at both sizes
  expect(sizes[1080] / sizes[768]).toBeGreaterThan(1.3);
  expect(sizes[1080] / 1080).toBeCloseTo(sizes[768] / 768, 2);
});

test('the default link shows the failure within 10 s of simulated play: the naive ball halts before t = 10 × speed', async () => {
  const { page } = await open('', { width: 1366, height: 768 });
  await halted(page);
  const [speed, naive] = await page.evaluate(() => [window.edpdApp.model.state.speed, window.edpdApp.panes()[0]]);
  expect(naive.status).toBe('halted');
  expect(naive.time / speed).toBeLessThan(5);  // seconds of play before the verdict turns, at the default speed
  await page.close();
});

test('the ball array: failed balls in the failure colour on the left only; naive-rewind\'s verdict says the clock ran backwards', async () => {
  const { page, errors } = await open('#v=1&scenario=ball-array&t=3.5&paused=1', { width: 1366, height: 768 });
  await halted(page);
  const fail = await failurePixels(page);
  expect(fail[0]).toBeGreaterThan(0.001);
  expect(fail[1]).toBe(0);
  expect(await page.$eval('#badge-0', (b) => [b.dataset.kind, b.querySelector('.headline').textContent])).toEqual(['failed', expect.stringMatching(/^\d+ % OF THE BALLS FAILED$/)]);
  expect(await page.$eval('#badge-1', (b) => b.dataset.kind)).toBe('finished');
  await page.goto(`${server.url}#v=1&scenario=granular&naive=rewind&n=2000&t=13&paused=1`);
  await page.waitForFunction(() => window.edpdApp?.model?.jumpTo === null && window.edpdApp.model.target === 13 && window.edpdApp.panes().every((p) => p.time >= 13), null, { timeout: 90000 });
  await page.waitForFunction(() => document.getElementById('badge-0').dataset.kind === 'failed', null, { timeout: 30000 });
  expect(await page.textContent('#badge-0 .headline')).toMatch(/^CLOCK RAN BACKWARDS [\d,]+ times?$/);
  expect(await page.$eval('#badge-1', (b) => [b.dataset.kind, b.querySelector('.headline').textContent])).toEqual(['fine', 'RUNNING — 0 overlaps']);
  expect(errors).toEqual([]);
  await page.close();
});

test('a link with clamped values runs in both panes, with warnings naming what changed', async () => {
  const { page, errors } = await open('#v=1&scenario=granular&n=-5&phi=abc&e=7', { width: 1366, height: 768 });
  const ps = await page.evaluate(() => window.edpdApp.panes());
  expect(ps.map((p) => [p.status, p.error])).toEqual([['running', null], ['running', null]]);
  const w = await page.evaluate(() => window.edpdApp.warnings());
  expect(w.map((x) => x.field)).toEqual(['n', 'phi', 'e', 'n']);
  expect(w[3].message).toMatch(/raised to \d+/);
  await page.waitForFunction(() => window.edpdApp.model.target > 0.2, null, { timeout: 30000 });
  expect(await page.textContent('#play')).toBe('Pause');
  expect(errors).toEqual([]);
  await page.close();
});

// Every scenario's failure on the picture, for every naive detector: failure-coloured pixels in
// the naive pane (none in the stable one) within 10 s of play at the link's speed. Headless
// software rendering runs slower than a lecture hall's browser, so the wait is counted in
// simulated time: the time shown when the colour first appears, over the speed.
for (const scenario of ['ball', 'ball-array', 'granular', 'square-well', 'table', 'shaken', 'box']) {
  for (const naive of ['halt', 'miss', 'rewind']) {
    test(`${scenario} / naive-${naive}: the failure in the failure colour within 10 s of play`, async () => {
      const { page, errors } = await open(`#v=1&scenario=${scenario}&naive=${naive}`, { width: 1366, height: 768 });
      let seenAt = null;
      for (let k = 0; k < 120 && seenAt === null; k++) {
        await page.waitForTimeout(250);
        const fail = await failurePixels(page);
        if (fail[0] > 0) {
          expect(fail[1]).toBe(0);
          seenAt = await page.evaluate(() => window.edpdApp.model.target / window.edpdApp.model.state.speed);
        }
      }
      expect(seenAt).not.toBeNull();
      expect(seenAt).toBeLessThan(10);
      // the badge says so too (it is redrawn a moment after the picture)
      await page.waitForFunction(() => document.getElementById('badge-0').dataset.kind === 'failed', null, { timeout: 5000 });
      expect(errors).toEqual([]);
      await page.close();
    }, 60000);
  }
}
