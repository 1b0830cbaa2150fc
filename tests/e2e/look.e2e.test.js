// End-to-end: how the app looks and who can use it: embeds, WCAG A/AA (axe-core), projector
// mode, a WebGL context lost and restored.
import { appSite, paneInk, accessibilityViolations } from './app-page.js';

const site = appSite({ sub: true });
const { open } = site;

test('embed mode renders one scenario with minimal chrome, also from a sub-path', async () => {
  const { page, errors } = await open('#v=1&scenario=ball-array&n=20&embed=1', site.sub.url);
  expect(await page.evaluate(() => document.body.classList.contains('embed'))).toBe(true);
  expect(await page.isHidden('aside')).toBe(true);
  expect(await page.isHidden('header')).toBe(true);
  const ink = await paneInk(page);
  expect(ink[0]).toBeGreaterThan(0.005);
  expect(ink[1]).toBeGreaterThan(0.005);
  expect(await page.getAttribute('#open-full', 'href')).not.toMatch(/embed=1/);
  // "open in edpd" follows the run the embed shows, also after a key switched the scenario
  expect(await page.getAttribute('#open-full', 'href')).toMatch(/scenario=ball-array&.*n=20/);
  await page.keyboard.press('1');
  await page.waitForFunction(() => window.edpdApp.model.state.scenario === 'ball');
  expect(await page.getAttribute('#open-full', 'href')).toMatch(/scenario=ball(&|$)/);
  expect(errors).toEqual([]);
  await page.close();
});

test('the design\'s ?embed=1 embeds too, and a query without a hash defines the run', async () => {
  const { page, errors } = await open('?embed=1');
  expect(await page.evaluate(() => [document.body.classList.contains('embed'), window.edpdApp.model.state.scenario])).toEqual([true, 'ball']);
  await page.goto(site.server.url + '?scenario=granular&n=300&embed=1');
  await page.waitForFunction(() => window.edpdApp?.model?.state?.scenario === 'granular' && window.edpdApp.panes().every((p) => p.stateHash), null, { timeout: 60000 });
  expect(await page.evaluate(() => [document.body.classList.contains('embed'), window.edpdApp.model.state.n, window.edpdApp.warnings()])).toEqual([true, 300, []]);
  expect(errors).toEqual([]);
  await page.close();
});

test('embed mode at the README iframe size (800 x 450) gives the whole frame to the panes', async () => {
  // 800 px is also the narrow-screen breakpoint, whose stacked layout must not apply to an embed
  const { page, errors } = await open('#v=1&scenario=granular&n=500&embed=1', site.server.url, { width: 800, height: 450 });
  const box = await page.evaluate(() => {
    const r = document.querySelector('#view canvas').getBoundingClientRect();
    return { top: r.top, bottom: r.bottom, width: r.width, height: r.height };
  });
  expect(box.top).toBe(0);
  expect(box.width).toBe(800);
  // the panes above, the clock and caption below them, not over them
  const foot = await page.evaluate(() => document.getElementById('stage-foot').getBoundingClientRect().toJSON());
  expect(box.height).toBeGreaterThan(380);
  expect(box.bottom).toBeLessThanOrEqual(foot.top + 1);
  expect(foot.bottom).toBeLessThanOrEqual(450);
  expect(await page.isHidden('#embed-story')).toBe(true);  // nothing has happened yet
  expect(errors).toEqual([]);
  await page.close();
});

test('an embed has no side panel: a caption under the panes says what each detector did', async () => {
  const { page, errors } = await open('#v=1&scenario=ball&embed=1', site.server.url, { width: 800, height: 450 });
  await page.waitForFunction(() => window.edpdApp.panes()[0].status === 'halted', null, { timeout: 60000 });
  await page.waitForSelector('#embed-story:not([hidden])');
  expect(await page.textContent('#embed-story')).toMatch(/^Same start, two detectors: naive-halt \(left\) halted at impact 28; stable \(right\) (running|at rest)/);
  await page.waitForFunction(() => window.edpdApp.panes()[1].status === 'collapse', null, { timeout: 60000 });
  await page.waitForFunction(() => /stable \(right\) at rest at t = 2\.9999999/.test(document.getElementById('embed-story').textContent), null, { timeout: 30000 });
  expect(await page.isHidden('#what-happened')).toBe(true);  // in the hidden side panel
  expect(errors).toEqual([]);
  await page.close();
});

test('accessibility: no WCAG A/AA violation on each scenario (panels and help open), in embed mode, on the Paper page', async () => {
  for (const hash of ['#v=1&scenario=ball&speed=1', '#v=1&scenario=ball-array&n=20', '#v=1&scenario=granular&n=300', '#v=1&scenario=elastic&n=300&phi=2']) {
    const { page } = await open(hash);
    await page.evaluate(() => document.querySelectorAll('details').forEach((d) => { d.open = true; }));
    // the state-file buttons, for each pane of every scenario
    await page.waitForFunction(() => !document.getElementById('xyz-row').hidden, null, { timeout: 30000 });
    expect([hash, await accessibilityViolations(page)]).toEqual([hash, []]);
    if (hash.includes('=ball&')) {  // the help is the same on every scenario
      await page.keyboard.press('?');
      expect([hash + ' help', await accessibilityViolations(page)]).toEqual([hash + ' help', []]);
    }
    await page.close();
  }
  const { page } = await open('#v=1&scenario=granular&n=300&embed=1');
  expect(await accessibilityViolations(page)).toEqual([]);
  await page.goto(site.server.url + 'paper.html');
  await page.waitForSelector('#table-fig7 tbody tr', { timeout: 30000 });
  expect(await accessibilityViolations(page)).toEqual([]);
  await page.close();
});

/** The colour of the view's top-left pixel (background) after a render. With `until`, read again
 * for up to 10 s until it is that colour: a context lost to a GPU reset draws nothing until restored. */
async function cornerColour(page, until = null) {
  const read = () => page.evaluate(() => {
    window.edpdApp.view.render();
    const c = document.createElement('canvas');
    c.width = 4; c.height = 4;
    c.getContext('2d').drawImage(document.querySelector('#view canvas'), 0, 0, 4, 4, 0, 0, 4, 4);
    return [...c.getContext('2d').getImageData(0, 0, 1, 1).data.slice(0, 3)];
  });
  let rgb = await read();
  for (let tries = 0; until && tries < 50 && rgb.join() !== until.join(); tries++) {
    await new Promise((r) => setTimeout(r, 200));
    rgb = await read();
  }
  return rgb;
}

test('a WebGL context lost to a GPU reset comes back with both panes drawn on the background', async () => {
  const { page, errors } = await open('#v=1&scenario=granular&n=300&t=2&paused=1');
  const before = await paneInk(page);
  const drawnWhileLost = await page.evaluate(() => new Promise((resolve) => {
    const canvas = document.querySelector('#view canvas');
    const lose = window.edpdApp.view.renderer.getContext().getExtension('WEBGL_lose_context');
    let drawn;
    canvas.addEventListener('webglcontextlost', () => setTimeout(() => { drawn = window.edpdApp.drawn(); lose.restoreContext(); }, 50), { once: true });
    canvas.addEventListener('webglcontextrestored', () => setTimeout(() => resolve(drawn), 0), { once: true });
    lose.loseContext();
  }));
  expect(drawnWhileLost).toBe(false);  // what the pixel tests wait for
  expect(await cornerColour(page)).toEqual([0x11, 0x13, 0x1c]);  // three.js alone restores black
  const after = await paneInk(page);  // without the scissor the stable pane's clear wipes the naive one
  after.forEach((ink, k) => { expect(ink).toBeGreaterThan(0.5 * before[k]); expect(ink).toBeLessThan(2 * before[k]); });
  expect(errors).toEqual([]);
  await page.close();
});

test('projector mode (p): dark ink on white in page, view and plots, remembered, and still WCAG A/AA', async () => {
  const { page, errors } = await open('#v=1&scenario=granular&n=300&t=2&paused=1');
  expect(await page.evaluate(() => localStorage.getItem('edpd-theme'))).not.toBe('projector');  // no earlier test left it on
  expect(await cornerColour(page)).toEqual([0x11, 0x13, 0x1c]);
  await page.keyboard.press('p');
  expect(await page.evaluate(() => document.body.classList.contains('projector'))).toBe(true);
  expect(await page.getAttribute('#projector', 'aria-pressed')).toBe('true');
  expect(await cornerColour(page, [255, 255, 255])).toEqual([255, 255, 255]);
  expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(255, 255, 255)');
  // the plots were made again in the projector's colours (the naive series' dark blue)
  await page.waitForFunction(() => window.edpdApp.plots().main.plot.series[1].stroke(window.edpdApp.plots().main.plot, 1) === '#2457c5');
  await page.evaluate(() => document.querySelectorAll('details').forEach((d) => { d.open = true; }));
  expect(await accessibilityViolations(page)).toEqual([]);
  await page.reload();  // remembered in this browser, not in the link
  await page.waitForFunction(() => window.edpdApp?.panes().every((p) => p.stateHash));
  expect(await page.evaluate(() => document.body.classList.contains('projector'))).toBe(true);
  expect(await page.evaluate(() => location.hash)).not.toMatch(/projector|theme/);
  await page.goto(site.server.url + 'paper.html');
  await page.waitForSelector('#table-fig7 tbody tr', { timeout: 30000 });
  expect(await page.evaluate(() => document.body.className)).toMatch(/projector/);
  expect(await accessibilityViolations(page)).toEqual([]);
  await page.keyboard.press('p');  // off again (here the page reloads): the tests share one browser profile
  await page.waitForFunction(() => !document.body.classList.contains('projector') && localStorage.getItem('edpd-theme') === 'dark');
  expect(errors).toEqual([]);
  await page.close();
});
