// How long the app takes to draw one frame of both panes, as sphere impostors and as meshes, in
// Debian's Chromium headless with its software renderer (SwiftShader, as the e2e tests): the
// figures behind docs/app.md's "sphere impostors". Needs the built site (npm run build).
//   node bench/render-time.mjs ['#scenario=...' ...]
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { serve } from '../tests/e2e/server.js';
import { launch } from '../tests/e2e/browser.js';

const dist = fileURLToPath(new URL('../dist/', import.meta.url));
if (!existsSync(`${dist}index.html`)) { console.error('render-time: no dist/: run npm run build first'); process.exit(2); }
const hashes = process.argv.slice(2).length ? process.argv.slice(2)
  : ['#scenario=elastic&dim=3&n=2000&phi=0.3&paused=1', '#scenario=elastic&dim=3&n=100000&phi=0.3&paused=1'];
const server = await serve(dist);
const browser = await launch();
try {
  for (const hash of hashes) {
    const page = await browser.newPage();
    await page.goto(server.url + hash);
    await page.waitForFunction(() => window.edpdApp && window.edpdApp.drawn(), null, { timeout: 120000 });
    const row = await page.evaluate(() => {
      const v = window.edpdApp.view, gl = v.renderer.getContext(), px = new Uint8Array(4);
      const time = () => {  // median of 5 frames, each rendered and read back (the read waits for the draw)
        const ts = [];
        for (let k = 0; k < 5; k++) {
          const t0 = performance.now();
          v.render();
          gl.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, px);
          ts.push(performance.now() - t0);
        }
        return ts.sort((a, b) => a - b)[2];
      };
      const out = { n: v.lastSetup.n, size: `${v.renderer.domElement.width}x${v.renderer.domElement.height}` };
      v.impostorsAbove = 0; v.rebuild(); out.impostors = time();
      v.impostorsAbove = Infinity; v.rebuild(); out.meshes = time();
      return out;
    });
    console.log(`${hash}  N = ${row.n} per pane, canvas ${row.size}: impostors ${row.impostors.toFixed(0)} ms, meshes ${row.meshes.toFixed(0)} ms a frame`);
    await page.close();
  }
} finally {
  await browser.close();
  await server.close();
}
