// The gallery's thumbnails (docs/gallery/ID.png): each item's link from model/gallery.js opened in
// the built site (dist/, `npx vite build` first) in headless Chromium, embedded at 960×540, paused
// at the item's time, drawn at half scale. Run: node scripts/gallery-thumbnails.mjs [ID ...]
import { mkdirSync, writeFileSync } from 'node:fs';
import { serve } from '../tests/e2e/server.js';
import { launch } from '../tests/e2e/browser.js';
import { GALLERY } from '../web/src/model/gallery.js';

// the time each picture is taken at: after what the item is about has happened
const AT = { bed: 32, mixture: 5, tracer: 12, droplets: 40, shaken: 40 };
const only = process.argv.slice(2);
const out = new URL('../docs/gallery/', import.meta.url).pathname;
mkdirSync(out, { recursive: true });
const server = await serve(new URL('../dist/', import.meta.url).pathname);
const browser = await launch();
try {
  for (const g of GALLERY.filter((x) => !only.length || only.includes(x.id))) {
    const page = await browser.newPage();
    await page.setViewportSize({ width: 960, height: 540 });
    await page.goto(`${server.url}${g.hash}&t=${AT[g.id]}&paused=1&embed=1`);
    await page.waitForFunction(() => { const m = window.edpdApp?.model; return m && m.jumpTo === null && m.panes.every((p) => !p.busy && (p.terminal || p.time >= m.target)); }, null, { timeout: 600000 });
    await page.waitForFunction(() => window.edpdApp.drawn(), null, { timeout: 30000 });
    await page.waitForTimeout(500);
    // drawn at half scale by the page's own canvas (the site's CSP allows data: images)
    const half = await page.evaluate(async (b64) => {
      const img = new Image();
      img.src = `data:image/png;base64,${b64}`;
      await img.decode();
      const c = document.createElement('canvas');
      c.width = img.width / 2; c.height = img.height / 2;
      const x = c.getContext('2d');
      x.imageSmoothingQuality = 'high';
      x.drawImage(img, 0, 0, c.width, c.height);
      return c.toDataURL('image/png').split(',')[1];
    }, (await page.screenshot()).toString('base64'));
    writeFileSync(`${out}${g.id}.png`, Buffer.from(half, 'base64'));
    console.log(`docs/gallery/${g.id}.png: t = ${AT[g.id]}`);
    await page.close();
  }
} finally {
  await browser.close();
  await server.close();
}
