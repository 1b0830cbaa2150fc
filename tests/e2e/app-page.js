// The app's pages in the end-to-end tests: opening one, its panes, what its view draws, its
// accessibility.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { serve } from './server.js';
import { launch } from './browser.js';

/** The built site (dist/). */
export const dist = fileURLToPath(new URL('../../dist/', import.meta.url));

/** For one test file: the built site served on 127.0.0.1 (with `sub`, also under a course page's
 * sub-path) and Debian's Chromium, made before its tests and closed after them; `open` opens an
 * app page there. */
export function appSite({ sub = false } = {}) {
  const site = { server: null, sub: null, browser: null };
  beforeAll(async () => {
    site.server = await serve(dist);
    if (sub) site.sub = await serve(dist, { prefix: '/course/week3/edpd/' });
    site.browser = await launch();
  });
  afterAll(async () => {
    await site.browser?.close();
    await site.server?.close();
    await site.sub?.close();
  });
  site.open = pageOpener(() => site);
  return site;
}

/** open(hash, base, viewport) for a test file's browser and server (ctx() gives them): a page of the
 * app once both panes have a state hash (or an error), and the console errors it logs. */
export function pageOpener(ctx) {
  return async function open(hash = '', base = ctx().server.url, viewport = undefined) {
    const page = await ctx().browser.newPage();
    if (viewport) await page.setViewportSize(viewport);
    const errors = [];
    page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(base + hash);
    await page.waitForFunction(() => window.edpdApp && window.edpdApp.panes().every((p) => p.stateHash || p.error), null, { timeout: 60000 });
    return { page, errors };
  };
}

export const panes = (page) => page.evaluate(() => window.edpdApp.panes());
/** Wait until the export panel's command fields show the panes' commands as they are now (the page
 * writes them on its next animation frame, which a busy machine may take long to draw). */
export const commandsShown = (page) => page.waitForFunction(() => window.edpdApp.model.panes.every((p, k) => {
  const cmd = window.edpdApp.model.commandLine(k);
  return cmd === null || document.getElementById(`cli-${k}`).value === cmd;
}), null, { timeout: 30000 });
/** How each pane draws its particles: 'mesh', 'points' (sphere impostors) or null (nothing yet). */
export const drawing = (page) => page.evaluate(() => window.edpdApp.view.panes.map((p) => (p.mesh ? (p.mesh.isPoints ? 'points' : 'mesh') : null)));

/** Per pane (left/right, or top/bottom when stacked), once the view has drawn this run: the share
 * of pixels differing from the background (ink), the mean colour of the bright ones (mean,
 * [r, g, b]) and the share in the failure colour (failure; view/theme.js: 0xff3bd4 on the dark page). */
export async function panePixels(page) {
  await page.waitForFunction(() => window.edpdApp.drawn(), null, { timeout: 30000 });
  return page.evaluate(() => {
    const src = document.querySelector('#view canvas');
    window.edpdApp.view.render();
    const c = document.createElement('canvas');
    c.width = src.width; c.height = src.height;
    const g = c.getContext('2d');
    g.drawImage(src, 0, 0);
    const { data } = g.getImageData(0, 0, c.width, c.height);
    const bg = [0x11, 0x13, 0x1c], stacked = window.edpdApp.view.stacked;
    const ink = [0, 0], failure = [0, 0], total = [0, 0], sum = [[0, 0, 0, 0], [0, 0, 0, 0]];
    for (let y = 0; y < c.height; y += 2) {
      for (let x = 0; x < c.width; x += 2) {
        const i = 4 * (y * c.width + x), [r, gr, b] = [data[i], data[i + 1], data[i + 2]];
        const k = stacked ? (y < c.height / 2 ? 0 : 1) : (x < c.width / 2 ? 0 : 1);
        total[k]++;
        if (Math.abs(r - bg[0]) + Math.abs(gr - bg[1]) + Math.abs(b - bg[2]) > 30) ink[k]++;
        // magenta: red and blue well above green (shaded: darker or lighter, the same hue)
        if (r > 90 && b > 70 && r - gr > 60 && b - gr > 40) failure[k]++;
        if (r + gr + b >= 200) {  // not background, not dim edges
          const s = sum[k];
          s[0] += r; s[1] += gr; s[2] += b; s[3]++;
        }
      }
    }
    const share = (v) => v.map((x, k) => x / total[k]);
    return { ink: share(ink), failure: share(failure), mean: sum.map((s) => s.slice(0, 3).map((v) => v / s[3])) };
  });
}
export const paneInk = async (page) => (await panePixels(page)).ink;

/** axe-core's WCAG 2.x A/AA rules on the page as it is now: the violations, one line each. (The
 * script goes in through the debugging protocol, which the page's CSP does not govern.) */
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
export async function accessibilityViolations(page) {
  await page.evaluate(axeSource);
  const r = await page.evaluate(() => window.axe.run(document, { runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] }));
  return r.violations.map((v) => `${v.impact} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
