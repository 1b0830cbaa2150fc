// The "Paper" view: the data of `npm run reproduce` (docs/reproduction/*.json) drawn as the
// paper's Figs. 3, 5 and 7 beside its statements, each with a link to the live simulation.
import './style.css';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { axis, logAxis, logScale } from './view/axes.js';
import { palette, setTheme, storedTheme } from './view/theme.js';
import { equationOfState as eosClassic, equationOfStateLiu as eosLiu } from './model/theory.js';

const files = import.meta.glob('../../docs/reproduction/*.json', { eager: true, import: 'default' });
const data = Object.fromEntries(Object.entries(files).map(([path, json]) => [path.split('/').pop().replace('.json', ''), json]));
const $ = (id) => document.getElementById(id);
// the live app's projector mode (p there, or here) carries over: the plots take its colours when made
setTheme(storedTheme());
document.body.classList.toggle('projector', palette().name === 'projector');
const COLORS = palette().series;
window.addEventListener('keydown', (e) => {
  if (e.key !== 'p' || e.ctrlKey || e.metaKey || e.altKey || e.target instanceof HTMLInputElement) return;
  setTheme(palette().name === 'projector' ? 'dark' : 'projector', { remember: true });
  location.reload();
});

/** A uPlot chart that stays as wide as its box when the window changes (the box may shrink:
 * .plot has min-width 0). */
function plot(opts, data, el) {
  const u = new uPlot(opts, data, el);
  new ResizeObserver(() => { const w = width(el); if (Math.abs(w - u.width) > 1) u.setSize({ width: w, height: u.height }); }).observe(el);
  return u;
}
function width(el) { return Math.max(280, Math.min(720, el.clientWidth || 600)); }
function table(el, head, rows) {
  const thead = document.createElement('thead');
  const tr = document.createElement('tr');
  for (const h of head) { const th = document.createElement('th'); th.textContent = h; tr.append(th); }
  thead.append(tr);
  const tbody = document.createElement('tbody');
  for (const r of rows) {
    const row = document.createElement('tr');
    for (const c of r) { const td = document.createElement('td'); td.textContent = c; row.append(td); }
    tbody.append(row);
  }
  el.replaceChildren(thead, tbody);
}
const pct = (x) => (x === null || x === undefined ? '–' : `${(100 * x).toFixed(2)} %`);
const num = (x, d = 4) => (x === null || x === undefined || Number.isNaN(x) ? '–' : Number(Number(x).toPrecision(d)).toString());

if (!data.fig7) {
  $('provenance').textContent = 'No reproduction data in this build: run `npm run reproduce` and rebuild.';
} else {
  $('provenance').textContent = `Data: docs/reproduction/*.json, written by \`npm run reproduce\` (see docs/reproduction.md for the date, machine and command).`;

  // ---- Fig. 7 ----------------------------------------------------------------------------
  const f7 = data.fig7;
  const det = ['stable', 'naive-halt', 'naive-miss', 'naive-rewind'].filter((d) => f7[d]);
  table($('table-fig7'), ['detector', 'samples', 'halted', 'mean impacts at halt', 'fell through', 'came to rest', 'collapse time min … max'],
    det.map((d) => [d, f7[d].samples.toLocaleString('en'), pct(f7[d].halted_fraction), num(f7[d].mean_events_at_halt), pct(f7[d].fell_through_fraction),
      pct(f7[d].collapse_fraction), f7[d].final_time_min === null ? '–' : `${f7[d].final_time_min.toPrecision(10)} … ${f7[d].final_time_max.toPrecision(10)}`]));
  const xs = Array.from({ length: 60 }, (_, i) => i);
  const halt = f7['naive-halt'];
  plot({
    title: 'naive-halt: impacts before the halt (share of all samples)', width: width($('plot-fig7')), height: 220, legend: { live: false },
    scales: { x: { time: false } }, axes: [axis('impacts before the halt'), axis('share of samples')],
    series: [{ label: 'impacts' }, { label: 'naive-halt', stroke: COLORS[0], fill: palette().fills[0], paths: uPlot.paths.bars({ size: [0.8, 20] }) }],
  }, [xs, xs.map((i) => halt.events_at_halt_histogram[i] / halt.samples)], $('plot-fig7'));

  // ---- Fig. 3 ----------------------------------------------------------------------------
  const f3 = data.fig3;
  const bins = Array.from({ length: 33 }, (_, i) => i - 16);
  plot({
    title: 'Impact separation |r_ij| − σ', width: width($('plot-fig3')), height: 300, legend: { live: false },
    scales: { x: { time: false } }, axes: [axis('(|r_ij| − σ) [spacing of doubles at σ]'), axis('fraction of collisions')],
    series: [{ label: 'separation' }, ...f3.map((c, k) => ({ label: `nσ³ = ${c.density}, ε = ${c.restitution}`, stroke: COLORS[k % COLORS.length], width: 1.5, paths: uPlot.paths.stepped({ align: 0 }) }))],
  }, [bins, ...f3.map((c) => {
    const total = c.counts.reduce((a, b) => a + b, 0) + c.below + c.above;
    return bins.map((b) => c.counts[b - c.first_bin] / total);
  })], $('plot-fig3'));
  table($('table-fig3'), ['nσ³', 'ε', 'collisions', 'impacts with |r_ij| < σ'], f3.map((c) => [c.density, c.restitution, c.collisions.toLocaleString('en'), pct(c.overlapped_share)]));

  // ---- Fig. 7's share: the combinations of floating-point details (fig7_rounding) ----------
  const rounding = data['fig7-rounding'];
  if (rounding) {
    // rows that differ only in the gap's form are one finding
    const like = [];
    for (const r of rounding.rows.filter((x) => x.like_paper)) {
      const same = like.find((x) => x.offsets === r.offsets && x.g === r.g && x.update === r.update);
      if (same) same.gaps++; else like.push({ ...r, gaps: 1 });
    }
    $('fig7-note').textContent += ` Trying every combination of them (${rounding.rows.length}, ${rounding.samples.toLocaleString('en')} offsets each, \`build/fig7_rounding --combinations\`): ` +
      (like.length ? `${rounding.like_paper} give the paper's ≈ 50 % after ≈ 30 impacts — ${like.map((r) => `${r.offsets}, g = ${r.g}, ${r.update}${r.gaps > 1 ? ', either form of the gap' : ''}: ${pct(r.share)} after ${num(r.mean_impacts, 3)}`).join('; ')}.`
        : 'none gives the paper\'s ≈ 50 %.');
  }

  // ---- the summary at the top: what agrees, and the one difference, in a paragraph ----------
  const stable7 = f7.stable, f3o = f3.map((c) => c.overlapped_share);
  const items = [
    `Fig. 7, stable: every one of ${stable7.samples.toLocaleString('en')} plate offsets comes to rest at the exact time t = 3 (${stable7.final_time_min.toPrecision(10)} … ${stable7.final_time_max.toPrecision(10)}), as the paper says.`,
    `Fig. 7, naive-halt: a ball halts when the square root of Eq. (12) meets a negative number, after ${num(halt.mean_events_at_halt, 3)} impacts on average (the paper: ≈ 30) — but for ${pct(halt.halted_fraction)} of the offsets, not the paper's ≈ 50 % (below).`,
    `Fig. 3: impacts land within a few doubles' spacing of contact; ${pct(Math.min(...f3o))} to ${pct(Math.max(...f3o))} of them with the pair a rounding error inside it, the overlaps the stable rule must handle.`,
    'Figs. 4 and 5, and the naive detectors in dense granular gases: three-body events leave approaching, overlapped pairs; naive-halt stops, naive-miss lets particles pass through each other, naive-rewind runs the clock backwards, the stable detector runs on with overlaps at rounding.',
    'Beyond the paper: the elastic fluid\'s pressure against published equations of state, and homogeneous cooling against Haff\'s law (Validation, at the end).',
  ];
  $('summary-list').replaceChildren(...items.map((t) => Object.assign(document.createElement('li'), { textContent: t })));
  $('summary-fig7').textContent = `Why a quarter, not a half: ${$('fig7-note').textContent.replace(/^Why about a quarter here and a half in the paper: /, '')}`;

  // ---- Fig. 5: the campaign (npm run fig5) --------------------------------------------------
  const f5 = data.fig5?.points ?? [];
  const eps = [...new Set(f5.map((c) => c.restitution))].sort((a, b) => a - b);
  // a count of zero has nothing to draw on a log axis: its bound is in the table
  const rate = (c) => (c && c.three_body_collisions ? c.per_event : null);
  const lines = [
    ...[0.1, 0.5, 0.9].map((d, k) => ({ label: `3-D nσ³ = ${d}`, color: COLORS[k], y: eps.map((e) => rate(f5.find((x) => x.dim === 3 && x.density === d && x.restitution === e))) })),
    { label: '2-D φ = 0.6', color: COLORS[4], y: eps.map((e) => rate(f5.find((x) => x.dim === 2 && x.restitution === e))) },
  ].filter((l) => l.y.some((v) => v !== null));
  // where none was seen: the 95 % bound, hollow, one per ε (the largest over the points there)
  const bounds = eps.map((e) => {
    const zero = f5.filter((c) => c.restitution === e && c.events && !c.three_body_collisions);
    return zero.length ? Math.max(...zero.map((c) => c.per_event_high)) : null;
  });
  const paper = data.fig5?.paper;
  const ref = paper ? [{ label: 'paper: elastic, dilute ≈ 10⁻⁹', y: eps.map((e) => (e === 1 ? paper.elastic_dilute_per_event : null)) },
    { label: 'paper: inelastic ≈ 10⁻⁶', y: eps.map((e) => (e < 1 ? paper.inelastic_per_event : null)) }] : [];
  if (f5.length) {
    plot({
      title: 'Three-body collisions per event (stable detector)', width: width($('plot-fig5')), height: 280, legend: { live: false },
      scales: { x: { time: false }, y: logScale() }, axes: [axis('restitution ε'), logAxis('three-body collisions / event')],
      series: [{ label: 'ε' }, ...lines.map((l) => ({ label: l.label, stroke: l.color, width: 1.5, points: { show: true, size: 7 } })),
        ...ref.map((r) => ({ label: r.label, stroke: palette().name === 'projector' ? '#555' : '#aaa', dash: [6, 4], width: 1, points: { show: true, size: 5 } })),
        { label: 'none seen: below (95 %)', stroke: palette().name === 'projector' ? '#333' : '#ddd', width: 1.5, paths: () => null, points: { show: true, size: 9, fill: 'transparent' } }],
    }, [eps, ...lines.map((l) => l.y), ...ref.map((r) => r.y), bounds], $('plot-fig5'));
    const total = f5.reduce((a, c) => a + c.events, 0), none = f5.filter((c) => c.events && !c.three_body_collisions).length;
    $('fig5-note').textContent = `Counted as the paper counts them: collisions that rounding ends inside σ while one of the pair still overlaps a third particle. ` +
      `${total.toExponential(2)} events from the sharded campaign (\`npm run fig5\`), 10⁹ collisions at each elastic point. ` +
      `Rates with exact 95 % Poisson intervals in the table; ${none} of ${f5.length} points met none (their one-sided bound is in the table and not drawn). Dashed: the paper's figures.`;
    const sci = (x) => (x === null ? '–' : x.toExponential(1));
    table($('table-fig5'), ['dim', 'φ', 'ε', 'events', 'collisions per particle', 'three-body collisions', 'per event [95 %]', 'paper'],
      f5.map((c) => [c.dim, c.packing_fraction.toFixed(3), c.restitution, c.events.toExponential(2), Math.round(c.collisions_per_particle).toLocaleString('en'), c.three_body_collisions,
        c.three_body_collisions ? `${sci(c.per_event)} [${sci(c.per_event_low)}, ${sci(c.per_event_high)}]` : `< ${sci(c.per_event_high)}`,
        c.dim === 3 ? (c.restitution === 1 ? (c.density === 0.1 ? '≈ 1e-9' : '') : '≈ 1e-6') : '']));
  } else {
    $('fig5-note').textContent = 'No campaign data in this build: npm run fig5 -- plan, run and merge write docs/reproduction/fig5.json.';
  }

  // ---- naive failures --------------------------------------------------------------------
  const nf = data['naive-failures'] ?? [];
  table($('table-failures'), ['φ', 'ε', 'detector', 'runs that failed', 'mean events to first failure', 'halted', 'mean negative-Δt events', 'mean stabilising events', 'deepest final overlap [σ]'],
    nf.map((r) => [r.packing_fraction, r.restitution, r.detector, `${r.failed}/${r.seeds}`, num(r.mean_events_to_first_failure, 6), r.halted, num(r.mean_negative_dt_events), num(r.mean_stabilizing_events), num(r.max_final_overlap, 3)]));

  // ---- validation ------------------------------------------------------------------------
  const v = data.validation;
  if (v) {
    const phis = Array.from({ length: 61 }, (_, i) => i * 0.01);
    const pts = (dim, f) => phis.map((p) => { const r = v.eos.find((x) => x.dim === dim && Math.abs(x.packing_fraction - p) < 1e-9); return r ? f(r) : null; });
    const upTo = (lim, f) => phis.map((p) => (p <= lim ? f(p) : null));
    plot({
      title: 'Compressibility factor of elastic hard spheres and disks', width: width($('plot-eos')), height: 260, legend: { live: false },
      scales: { x: { time: false } }, axes: [axis('packing fraction φ'), axis('Z = PV / NkT')],
      series: [{ label: 'φ' },
        { label: 'Liu (2020), 3-D', stroke: COLORS[2] }, { label: 'edpd 3-D', stroke: COLORS[0], width: 0, points: { show: true, size: 8 } },
        { label: 'Liu (2020), 2-D', stroke: COLORS[3] }, { label: 'edpd 2-D', stroke: COLORS[1], width: 0, points: { show: true, size: 8 } }],
    }, [phis, upTo(0.5, (p) => eosLiu(p, 3)), pts(3, (r) => r.z), upTo(0.62, (p) => eosLiu(p, 2)), pts(2, (r) => r.z)], $('plot-eos'));
    const dev = (z, p, dim) => 100 * (z / eosLiu(p, dim) - 1);
    plot({
      title: 'Pressure relative to Liu (2020)', width: width($('plot-eos-dev')), height: 260, legend: { live: false },
      scales: { x: { time: false } }, axes: [axis('packing fraction φ'), axis('(Z − Z_Liu) / Z_Liu [%]')],
      series: [{ label: 'φ' },
        { label: 'Carnahan–Starling (3-D)', stroke: COLORS[2], dash: [6, 4] }, { label: 'edpd 3-D', stroke: COLORS[0], width: 0, points: { show: true, size: 8 } },
        { label: 'Henderson (2-D)', stroke: COLORS[3], dash: [6, 4] }, { label: 'edpd 2-D', stroke: COLORS[1], width: 0, points: { show: true, size: 8 } }],
    }, [phis, upTo(0.5, (p) => dev(eosClassic(p, 3), p, 3)), pts(3, (r) => dev(r.z, r.packing_fraction, 3)),
      upTo(0.62, (p) => dev(eosClassic(p, 2), p, 2)), pts(2, (r) => dev(r.z, r.packing_fraction, 2))], $('plot-eos-dev'));
    table($('table-eos'), ['dim', 'φ', 'N', 'seeds', 'Z (edpd)', 'Z (Liu 2020)', 'Z (classic)', 'mean free time (edpd)', 'Enskog'],
      v.eos.map((r) => [r.dim, r.packing_fraction, r.n, r.seeds, `${r.z.toFixed(4)} ± ${r.z_err.toFixed(4)}`, r.z_theory.toFixed(4),
        `${r.z_classic.toFixed(4)} (${r.classic})`,
        `${r.mean_free_time.toFixed(5)} ± ${r.mean_free_time_err.toFixed(5)}`, r.mean_free_time_enskog.toFixed(5)]));
    const h = v.haff, ts = h.curve.map((c) => c.t), tAxis = axis(`time since the switch to ε = ${h.restitution}, t [σ√(m/kT₀)]`);
    plot({
      title: `Homogeneous cooling from equilibrium (3-D, φ = ${h.packing_fraction}, ε = ${h.restitution})`, width: width($('plot-haff')), height: 260, legend: { live: false },
      scales: { x: { time: false }, y: logScale() },
      axes: [tAxis, logAxis('kT [kT₀]')],
      series: [{ label: 't' }, { label: 'edpd', stroke: COLORS[1], width: 1.5 }, { label: "Haff's law (Enskog)", stroke: COLORS[2], dash: [6, 4] }],
    }, [ts, h.curve.map((c) => c.T), h.curve.map((c) => c.T_haff)], $('plot-haff'));
    const rel = (x, c) => 100 * (x / c.T_haff - 1);
    plot({
      title: "Temperature relative to Haff's law", width: width($('plot-haff-dev')), height: 260, legend: { live: false },
      scales: { x: { time: false } }, axes: [tAxis, axis('(T − T_Haff) / T_Haff [%]')],
      series: [{ label: 't' }, { label: 'edpd', stroke: COLORS[1], width: 1.5, points: { show: true, size: 5 } },
        { label: '+ 2 standard errors', stroke: COLORS[1], width: 1, dash: [3, 3], points: { show: false } },
        { label: '− 2 standard errors', stroke: COLORS[1], width: 1, dash: [3, 3], points: { show: false } },
        { label: "Haff's law", stroke: COLORS[2], dash: [6, 4], points: { show: false } },
        { label: '+ first Sonine correction', stroke: COLORS[3], dash: [2, 3], points: { show: false } }],
    }, [ts, h.curve.map((c) => rel(c.T, c)), h.curve.map((c) => rel(c.T + 2 * c.T_err, c)), h.curve.map((c) => rel(c.T - 2 * c.T_err, c)),
      h.curve.map(() => 0), h.curve.map((c) => rel(c.T_sonine, c))], $('plot-haff-dev'));
    const last = h.curve[h.curve.length - 1], s = h.start;
    const sigmas = (T) => ((last.T - T) / last.T_err).toFixed(0);
    $('haff-note').textContent = `The gas ran elastically to t = ${h.equilibrate} first (an equilibrium fluid), so the law's start is exact: ` +
      `each impact loses (1 − ε²) kT on average. Measured over the first ${s.window} time unit: ${s.loss_per_impact.toFixed(4)} ± ` +
      `${s.loss_per_impact_err.toFixed(4)} (1 − ε²) kT per impact (${s.impacts} impacts). Later the gas cools ${h.deviation_at_end > 0 ? 'more slowly' : 'faster'} than the law: ` +
      `at t = ${last.t} it is ${Math.abs(100 * h.deviation_at_end).toFixed(2)} % ${h.deviation_at_end > 0 ? 'warmer' : 'colder'}, ${sigmas(last.T_haff)} standard errors (band: ± 2 standard ` +
      `errors over ${h.seeds} seeds). The first Sonine correction (a₂ = ${h.sonine.a2.toFixed(4)}) leaves ` +
      `${(100 * h.sonine.deviation_at_end).toFixed(2)} % (${sigmas(last.T_sonine)} standard errors): velocity correlations that the ` +
      'inelastic impacts build up, which the Enskog theory leaves out (it takes colliding pairs as uncorrelated). ' +
      h.budget.map((b, k) => `${k ? 'at' : 'At'} ε = ${b.restitution} (to kT = ${b.cooled_to.toFixed(3)}) an impact loses ${b.loss_per_impact.value.toFixed(4)} ± ` +
        `${b.loss_per_impact.err.toFixed(4)} of the Enskog–Sonine energy and impacts come at ${b.impacts.value.toFixed(4)} ± ${b.impacts.err.toFixed(4)} of the rate`).join('; ') +
      ' (1 for uncorrelated pairs).';
  }
}
