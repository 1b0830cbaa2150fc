// The Fig. 5 campaign's state points and its merge: shards' run results into counts, rates and
// 95 % intervals per state point (scripts/fig5.mjs drives it; the Paper page and
// docs/reproduction.md read the result, docs/reproduction/fig5.json).
import { poissonInterval } from '../web/src/model/theory.js';

/** The paper's own statements about Fig. 5 (Sect. 3), shown beside the measured rates. */
export const PAPER_FIG5 = {
  quote: 'In dilute elastic systems (ε = 1), these three-body events are extremely rare (≈ 10⁻⁹ three-body events per event processed) … ' +
    'In inelastic systems, clustering effects and partial collapse events increase the frequency of three-body events by three orders of magnitude',
  elastic_dilute_per_event: 1e-9,
  inelastic_per_event: 1e-6,
  collisions_per_case: 1e9,
  n: 13500,
};

/** 3-D as in the paper (N = 13500, nσ³ = 0.1, 0.5, 0.9 × ε = 1, 0.9, 0.7, 0.5), and 2-D disks at
 * φ = 0.6 (N = 2000), whose inelastic gases cluster fast. No TC model in 3-D: the paper names
 * none, and speaks of partial collapse events. The dense 2-D gases collapse within a few thousand
 * events without one, so they keep the report's t_c = 10⁻⁹. --tiny: two small points for the tests. */
export function fig5Points(tiny = false) {
  const pts = [];
  const add = (dim, n, density, packing_fraction, restitution) =>
    pts.push({ id: `${dim}d-n${density}-e${restitution}`, dim, n, density, packing_fraction, restitution, tc: dim === 2 && restitution < 1 ? 1e-9 : 0 });
  if (tiny) {
    add(3, 500, 0.5, 0.5 * Math.PI / 6, 1);
    add(2, 400, 0.7639, 0.6, 0.5);
    return pts;
  }
  for (const rho of [0.1, 0.5, 0.9]) for (const e of [1, 0.9, 0.7, 0.5]) add(3, 13500, rho, rho * Math.PI / 6, e);
  for (const e of [1, 0.9, 0.7, 0.5]) add(2, 2000, 0.7639, 0.6, e);
  return pts;
}

const sum = (rs, k) => rs.reduce((a, s) => a + s.result[k], 0);

/** plan: plan.json; results: {point id: [{id, chain, segment, result}]} of the finished shards. */
export function mergeFig5(plan, results) {
  const points = plan.points.map((p) => {
    const rs = results[p.id] ?? [];
    const events = sum(rs, 'events'), collisions = sum(rs, 'collisions'), k = sum(rs, 'three_body_collisions');
    const [lo, hi] = poissonInterval(k);
    const ended = rs.filter((s) => s.result.halted || s.result.collapse);
    const lastOfChain = rs.filter((s) => !rs.some((t) => t.chain === s.chain && t.segment > s.segment));
    const reached = p.target.collisions ? collisions >= p.target.collisions : events >= p.target.events;
    // a chain is through when its last segment is in, or a segment ended it (halt or collapse)
    const through = (c) => rs.some((s) => s.chain === c && (s.segment === p.segments - 1 || s.result.halted || s.result.collapse));
    return {
      id: p.id, dim: p.dim, n: p.n, density: p.density, packing_fraction: p.packing_fraction, restitution: p.restitution, tc: p.tc,
      shards_planned: p.shards.length, shards_done: rs.length, chains: p.chains, segments: p.segments, shard_events: p.shard_events,
      target: p.target, target_reached: reached, complete: Array.from({ length: p.chains }, (_, c) => through(c)).every(Boolean),
      events, collisions, collisions_per_particle: 2 * collisions / p.n / p.chains,
      three_body_collisions: k, three_body_events: sum(rs, 'three_body_events'), stabilizing_events: sum(rs, 'stabilizing_events'),
      per_event: events ? k / events : null, per_event_low: events ? lo / events : null, per_event_high: events ? hi / events : null,
      per_event_text: !events ? 'not run' : k ? `${(k / events).toExponential(2)} [${(lo / events).toExponential(1)}, ${(hi / events).toExponential(1)}]`
        : `< ${(hi / events).toExponential(1)}`,
      temperature_end: lastOfChain.length ? Math.max(...lastOfChain.map((s) => s.result.temperature)) : null,
      halted: ended.filter((s) => s.result.halted).length, collapse: ended.filter((s) => s.result.collapse).length,
      seconds: rs.reduce((a, s) => a + s.result.events / s.result.events_per_second, 0),
    };
  });
  return { command: plan.command, shard_events: plan.shard_events, interval: '95 %: exact Poisson (Garwood) for a count k > 0, one-sided for k = 0',
    counted: 'three_body_collisions: collisions ending inside sigma while one of the pair overlaps a third particle (the paper\'s "three-body collisions resulting in a doubly overlapped particle")',
    paper: PAPER_FIG5, points };
}

const exp = (x, d = 1) => (x === null || x === undefined ? '–' : x === 0 ? '0' : x.toExponential(d).replace(/e\+?(-?)(\d+)/, (_, s, e) => `·10${s ? '⁻' : ''}${[...e].map((c) => '⁰¹²³⁴⁵⁶⁷⁸⁹'[c]).join('')}`));
const rateText = (p) => (!p.events ? 'not run' : p.three_body_collisions
  ? `${exp(p.per_event, 2)} [${exp(p.per_event_low)}, ${exp(p.per_event_high)}]` : `< ${exp(p.per_event_high)}`);

/** The Fig. 5 section of docs/reproduction.md, from the merged campaign (fig5.json). */
export function fig5Markdown(m) {
  const md = [];
  const pts = m.points, total = pts.reduce((a, p) => a + p.events, 0), hours = pts.reduce((a, p) => a + p.seconds, 0) / 3600;
  md.push('## Fig. 5 — three-body collisions (stable detector)', '');
  md.push('Counted as the paper counts them, "three-body collisions resulting in a doubly overlapped particle" (`three_body_collisions`): a collision (not a stabilising impact) that rounding ends inside σ while one of the pair still overlaps a third particle. ' +
    '`three_body_events` counts every impact after which a particle overlaps two others, stabilising impacts included, so one three-body collision is counted again at each stabilising impact that follows while the overlaps last; it is shown beside.', '');
  md.push(`Measured by a sharded campaign: \`npm run fig5 -- plan\`, \`npm run fig5 -- run\` (every core; it resumes where it stopped) or \`npm run fig5 -- lines\` (GNU parallel or a Slurm array), then \`npm run fig5 -- merge\`. ` +
    `Shards of ${m.shard_events.toLocaleString('en')} events; ${exp(total, 2)} events in all, ${hours.toFixed(1)} CPU hours. ` +
    'Elastic points: independent shards (seeds) until 10⁹ collisions, as the paper collected. Inelastic points: one gas run on through consecutive shards (each loads the state the previous one dumped), as the paper\'s single runs age. ' +
    '3-D without the TC model (the paper names none and speaks of partial collapse events); the dense 2-D gases collapse within a few thousand events without it and keep t_c = 10⁻⁹. ' +
    'Rates with 95 % intervals (exact Poisson; for no count, the one-sided bound).', '');
  md.push('| dim | N | nσ^d | φ | ε | events | collisions per particle | three-body collisions | per event [95 %] | three_body_events | stabilising events | kT at the end |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|');
  for (const p of pts) {
    const note = p.complete ? '' : ` (${p.shards_done} of ${p.shards_planned} shards)`;
    md.push(`| ${p.dim} | ${p.n} | ${p.density} | ${p.packing_fraction.toFixed(3)} | ${p.restitution} | ${exp(p.events, 2)}${note} | ${Math.round(p.collisions_per_particle).toLocaleString('en')} | ${p.three_body_collisions} | ${rateText(p)} | ${p.three_body_events} | ${p.stabilizing_events} | ${p.temperature_end === null ? '–' : exp(p.temperature_end)} |`);
  }
  const el = pts.filter((p) => p.dim === 3 && p.restitution === 1), inel = pts.filter((p) => p.dim === 3 && p.restitution < 1 && p.events);
  const covers = (p, x) => p.per_event_low <= x && x <= p.per_event_high;
  md.push('', `**Paper:** "${m.paper.quote}" (≈ 10⁻⁹ elastic, ≈ 10⁻⁶ inelastic). ` +
    `**Here, elastic 3-D:** ${el.map((p) => `nσ³ = ${p.density}: ${p.three_body_collisions} in ${exp(p.collisions, 2)} collisions (${rateText(p)} per event${covers(p, 1e-9) ? ', consistent with 10⁻⁹' : p.per_event_high < 1e-9 ? `, below the paper's 10⁻⁹, which would have given about ${(1e-9 * p.events).toFixed(1)}` : ''})`).join('; ')}. ` +
    `**Inelastic 3-D:** ${inel.filter((p) => p.three_body_collisions > 0).length} of ${inel.length} gases met three-body collisions` +
    `${inel.some((p) => p.three_body_collisions > 0) ? ` (${inel.filter((p) => p.three_body_collisions > 0).map((p) => `nσ³ = ${p.density}, ε = ${p.restitution}: ${p.three_body_collisions}, ${rateText(p)} per event`).join('; ')})` : ''}; ` +
    `${inel.filter((p) => covers(p, 1e-6)).length} at a rate whose interval holds the paper's 10⁻⁶, which would have given about ${Math.round(1e-6 * Math.min(...inel.map((p) => p.events)))} in each of these runs. ` +
    `Without the TC model they cooled to kT between ${exp(Math.min(...inel.map((p) => p.temperature_end)))} and ${exp(Math.max(...inel.map((p) => p.temperature_end)))} (1 at the start). ` +
    `Every one was resolved by the stable detector: ${pts.reduce((a, p) => a + p.halted, 0)} halts in all.`, '');
  return md;
}
