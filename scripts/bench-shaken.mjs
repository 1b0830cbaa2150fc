// The shaken box at the app's speed 1 (docs/performance.md, "Shaken box"): 500 disks, both panes.
// 1. The simulation: the worker's engine (WebAssembly, in Node) advanced frame by frame, 1/60 of a
//    time unit each, for SECONDS of simulated time: milliseconds of computing per frame, against
//    the 16.7 ms a frame has at 60 frames per second.
// 2. The page: the built app (dist/, `npx vite build`) in Debian's headless Chromium for SECONDS
//    of wall time, running and then paused: frames drawn per second. It has no GPU: its software
//    renderer's cost per redraw of two panes is what running adds.
// Usage: node scripts/bench-shaken.mjs [SECONDS]
import { performance } from 'node:perf_hooks';
import { readFileSync } from 'node:fs';
import { loadEdpd } from '../web/src/edpd.js';
import { paneEngine } from '../web/src/workers/pane-engine.js';
import { paneConfigs, defaultState } from '../web/src/model/scenarios.js';
import { serve } from '../tests/e2e/server.js';
import { launch } from '../tests/e2e/browser.js';

const seconds = Number(process.argv[2] ?? 10);
const state = { ...defaultState('shaken'), n: 500, speed: 1 };

const api = await loadEdpd({ wasmBinary: readFileSync(new URL('../web/wasm/edpd.wasm', import.meta.url)) });
const panes = paneConfigs(state).map((spec) => paneEngine(api, spec));
const frames = Math.round(60 * seconds), ms = [];
for (let k = 1; k <= frames; k++) {
  const start = performance.now();
  for (const p of panes) { p.advanceTo(k / 60, 1e7); p.frame(); }
  ms.push(performance.now() - start);
}
ms.sort((a, b) => a - b);
const events = panes[1].frame().stats.events;
console.log(`shaken box, 500 disks at speed 1: ${seconds} time units, ${frames} frames, ${events.toLocaleString('en')} events (stable pane)`);
console.log(`   simulation per frame (both panes, WebAssembly in Node): median ${ms[frames >> 1].toFixed(2)} ms, 99th percentile ${ms[Math.floor(0.99 * frames)].toFixed(2)} ms, of 16.7 ms`);
for (const p of panes) p.destroy();

const server = await serve(new URL('../dist/', import.meta.url).pathname);
const browser = await launch();
for (const paused of [false, true]) {
  const page = await browser.newPage();
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto(`${server.url}#v=1&scenario=shaken&n=500&speed=1${paused ? '&t=1&paused=1' : ''}`);
  await page.waitForFunction(() => window.edpdApp?.model.panes[1].frame, null, { timeout: 30000 });
  await page.waitForTimeout(2000);
  const fps = await page.evaluate((wait) => new Promise((resolve) => {
    const start = performance.now();
    let n = 0;
    const tick = (now) => { n++; if (now - start < wait) requestAnimationFrame(tick); else resolve(n / ((now - start) / 1000)); };
    requestAnimationFrame(tick);
  }), seconds * 1000);
  console.log(`   headless Chromium, software rendering, ${paused ? 'paused' : 'running'}: ${fps.toFixed(1)} frames per second`);
  await page.close();
}
await browser.close();
await server.close();
