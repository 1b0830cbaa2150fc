// The gallery's experiments: each link reads back without a warning as a built experiment the
// builder's check accepts, has its thumbnail, is listed in docs/teaching.md with its title, and
// its panes run.
import { existsSync, readFileSync } from 'node:fs';
import { loadForNode, root } from './helpers.js';
import { paneEngine } from '../../web/src/workers/pane-engine.js';
import { paneConfigs } from '../../web/src/model/scenarios.js';
import { parseHash, encodeState } from '../../web/src/model/url-state.js';
import { checkExperiment } from '../../web/src/model/experiment.js';
import { GALLERY } from '../../web/src/model/gallery.js';

let api;
beforeAll(async () => { api = await loadForNode(); });
const guide = readFileSync(`${root}docs/teaching.md`, 'utf8');

test('at least the four the course material asks for, each id once', () => {
  const ids = GALLERY.map((g) => g.id);
  expect(new Set(ids).size).toBe(ids.length);
  for (const id of ['bed', 'mixture', 'tracer', 'droplets']) expect(ids).toContain(id);
});

for (const g of GALLERY) {
  test(`${g.id}: a clean link the builder accepts, its thumbnail, its entry in teaching.md, and both panes run`, () => {
    const p = parseHash(g.hash);
    expect(p.warnings).toEqual([]);
    expect(p.state.scenario).toBe('box');
    expect(encodeState(p.state)).toBe(`${g.hash}&t=0`);  // written as the app writes links: it reads back the same
    expect(checkExperiment(p.state, api)).toBeNull();
    expect(g.look.split('. ').length).toBeGreaterThanOrEqual(2);
    expect(existsSync(`${root}docs/gallery/${g.id}.png`)).toBe(true);
    expect(guide).toContain(`\`${g.hash}\``);
    expect(guide).toContain(`**${g.title}**`);
    if (g.id === 'bed') {  // the look's numbers: the textbook detector halts once the bed rests, at t ≈ 29
      const naive = paneEngine(api, paneConfigs(p.state)[0]);
      naive.advanceTo(40, 1e8);
      const f = naive.frame();
      expect([f.status.status, f.status.reason, f.status.time.toFixed(0)]).toEqual(['halted', 'overlap-approaching', '29']);
      naive.destroy();
    }
    for (const spec of paneConfigs(p.state)) {
      const pane = paneEngine(api, spec);
      pane.advanceTo(0.5, 1e8);
      expect(pane.frame().time).toBeGreaterThan(0);
      pane.destroy();
    }
  });
}
