// Live plots with uPlot: axes with units, legends. Each plot observes the run model's series.
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { HIST_HALF } from '../config.js';
import { axis, logAxis, logScale, settledRange } from './axes.js';
import { palette } from './theme.js';

// colours are read from the theme when a plot is made: a theme switch rebuilds the plots

// a plot fills its column; its height follows the width up to a cap (the primary plot's is taller)
function size(el) {
  // the primary plot shares the first screen with "What happened": a third of the window at most
  const cap = el.classList?.contains('primary') ? Math.min(320, Math.max(180, 0.34 * (globalThis.innerHeight || 900))) : 240;
  return { width: Math.max(200, el.clientWidth), height: Math.max(140, Math.min(cap, el.clientWidth * 0.6)) };
}

/** The bouncing ball's bounces (model/bounces.js): each bounce's top against the time left to
 * rest, log-log, with the exact line; the naive pane's last bounce marked in the failure colour
 * once it has failed, as its particles are. */
export class BouncePlot {
  constructor(el, { labels, logX = true }) {
    const c = palette(), scene = c.scene;
    // the stable pane's bounces as rings around the naive pane's dots: where both bounced alike, both show
    const dot = (label, stroke, size = 7, fill = stroke) => ({ label, stroke, fill, paths: () => null, points: { show: true, size, width: 2, stroke, fill } });
    const failure = `#${scene.failure.toString(16).padStart(6, '0')}`;
    this.plot = new uPlot({
      title: 'Each bounce\'s top, to the last one',
      ...size(el),
      scales: { x: logX ? logScale() : { time: false }, y: logScale() },
      axes: [logX ? logAxis('time left to rest, t_rest − t [√(σ/g)]') : axis('time t [√(σ/g)]'), logAxis('top of the bounce [σ]')],
      series: [
        { label: 'time left' },
        dot(labels[0], c.panes[0], 6),
        dot(labels[1], c.panes[1], 12, 'transparent'),
        { label: 'exact', stroke: c.theory, width: 1.5, dash: [6, 4], spanGaps: true },
        dot('failed', failure, 16),
      ],
      legend: { live: false },
    }, [[], [], [], [], []], el);
    new ResizeObserver(() => this.plot.setSize(size(el))).observe(el);
  }

  /** columns: bounceRows' columns; failed: the naive pane has failed (its last bounce is marked). */
  setData(columns, { failed = false } = {}) {
    const [xs, naive, stable, exact] = columns;
    const mark = xs.map(() => null);
    if (failed) {  // the naive pane's last bounce: the smallest time left it reached
      const k = naive.findIndex((h) => h !== null);
      if (k >= 0) mark[k] = naive[k];
    }
    this.plot.setData([xs, naive, stable, exact, mark]);
  }

  destroy() { this.plot.destroy(); }
}

/** A time-series plot: the naive pane, the stable pane and the theory line. */
export class SeriesPlot {
  /** strokes: the failure plot's colours (its second series dotted, its third solid); plain: own
   * colours, drawn as the usual plot (the third series dashed). */
  constructor(el, { title, x, y, labels, logY = false, theoryLabel, yRange = null, settledY = false, strokes = null, plain = false, columns = null, single = false, pane = 0 }) {
    this.el = el;
    this.single = single;  // one series and the theory line (the second series' column dropped)
    this.theory = theoryLabel != null;  // no theory line (nor its legend entry) without a label
    this.columns = columns;  // which of the series' columns it plots (x first; null: none), else the first four
    this.x = x;
    const c = palette();
    // single: the one series is pane `pane`'s, in that pane's colour
    const [s0, s1, s2] = strokes ?? [c.panes[single ? pane : 0], c.panes[1], c.theory];
    const opts = {
      title,
      ...size(el),
      scales: { x: { time: false }, y: logY ? logScale() : yRange ? { range: () => yRange } : settledY ? { range: settledRange } : {} },
      axes: [axis(x), logY ? logAxis(y) : axis(y)],
      series: [
        { label: x },
        { label: labels[0], stroke: s0, width: 2, spanGaps: false },
        ...(single ? [] : [{ label: labels[1], stroke: s1, width: 2, spanGaps: false, ...(strokes && !plain ? { dash: [3, 3] } : {}) }]),
        ...(this.theory ? [{ label: theoryLabel, stroke: s2, width: 2, ...(strokes && !plain ? {} : { dash: [6, 4] }) }] : []),
      ],
      legend: { live: false },
    };
    this.plot = new uPlot(opts, opts.series.map(() => []), el);
    new ResizeObserver(() => this.plot.setSize(size(el))).observe(el);
  }

  setData(columns) {
    const cols = this.columns ? this.columns.map((k) => (k === null ? columns[0].map(() => null) : columns[k])) : columns.slice(0, 4);
    const keep = [0, 1, ...(this.single ? [] : [2]), ...(this.theory ? [3] : [])];
    this.plot.setData(keep.map((k) => cols[k]));
  }
  destroy() { this.plot.destroy(); }
}

/** The distance between the two panes' particles over time (log: rounding to a particle size). */
export class DistancePlot {
  constructor(el, { x, column, unit = 'σ' }) {
    this.column = column;
    this.plot = new uPlot({
      title: 'Distance between the panes',
      ...size(el),
      scales: { x: { time: false }, y: logScale() },
      axes: [axis(x), logAxis(`RMS distance [${unit}]`)],
      series: [{ label: x }, { label: 'naive − stable, RMS over particles', stroke: palette().fg, width: 1.5, spanGaps: false }],
      legend: { live: false },
    }, [[], []], el);
    new ResizeObserver(() => this.plot.setSize(size(el))).observe(el);
  }

  // zero (the identical start) has no place on a log axis: left out, as a gap
  setData(columns) { this.plot.setData([columns[0], columns[this.column].map((d) => (d > 0 ? d : null))]); }
  destroy() { this.plot.destroy(); }
}

/** Impact separations (Fig. 3): fraction of collisions per floating-point spacing, both panes. */
export class HistogramPlot {
  constructor(el) {
    this.el = el;
    const xs = Array.from({ length: 2 * HIST_HALF + 1 }, (_, i) => i - HIST_HALF);
    this.xs = xs;
    const bars = uPlot.paths.bars({ size: [0.45, 12], align: 0 });
    const c = palette();
    this.plot = new uPlot({
      title: 'Impact separation (paper Fig. 3)',
      ...size(el),
      scales: { x: { time: false, range: [-12, 12] } },
      axes: [axis('(|r_ij| − σ) [spacing of doubles at σ]'), axis('fraction of collisions')],
      series: [
        { label: 'separation' },
        { label: 'naive', stroke: c.panes[0], fill: c.fills[0], paths: bars },
        { label: 'stable', stroke: c.panes[1], fill: c.fills[1], paths: bars },
      ],
      legend: { live: false },
    }, [xs, xs.map(() => 0), xs.map(() => 0)], el);
    new ResizeObserver(() => this.plot.setSize(size(el))).observe(el);
  }

  setData(hists) {
    const cols = hists.map((h) => {
      if (!h) return this.xs.map(() => null);
      const total = h.counts.reduce((a, b) => a + b, 0) + h.below + h.above;
      return h.counts.map((c) => (total ? c / total : 0));
    });
    this.plot.setData([this.xs, cols[0], cols[1]]);
  }

  destroy() { this.plot.destroy(); }
}

/** Events at halt of the sweep, per naive variant. */
export class SweepPlot {
  constructor(el) {
    const xs = Array.from({ length: 80 }, (_, i) => i);
    this.xs = xs;
    const bars = uPlot.paths.bars({ size: [0.8, 20], align: 0 });
    this.plot = new uPlot({
      title: 'Events until the naive detector halted',
      ...size(el),
      scales: { x: { time: false } },
      axes: [axis('impacts before the halt'), axis('share of samples')],
      series: [{ label: 'impacts' }, { label: 'naive-halt', stroke: palette().panes[0], fill: palette().fills[0], paths: bars }],
      legend: { live: false },
    }, [xs, xs.map(() => 0)], el);
    new ResizeObserver(() => this.plot.setSize(size(el))).observe(el);
  }

  setData(result) {
    const total = result.samples || 1;
    this.plot.setData([this.xs, this.xs.map((i) => result.histogram[i] / total)]);
  }

  destroy() { this.plot.destroy(); }
}

/** The vibrated table's bifurcation diagram: the table's phase at each impact against Gamma, as
 * points, with the period-1 orbit's existence (Gamma_1) and period doubling (Gamma_2) as dashed
 * verticals; onPick(Gamma) for a click. */
export class BifurcationPlot {
  constructor(el, { gamma1, gamma2, range, onPick }) {
    const c = palette();
    const marks = [[gamma1, 'Γ1'], [gamma2, 'Γ2']];  // plain digits: a canvas font may lack the subscripts
    this.plot = new uPlot({
      title: 'Bifurcation diagram: the table\'s phase at each impact',
      ...size(el),
      scales: { x: { time: false, range: range }, y: { range: [0, 1] } },
      axes: [axis('Γ = Aω²/g'), axis('phase [periods]')],
      series: [{ label: 'Γ' }, { label: 'stable', stroke: c.panes[1], fill: c.panes[1], paths: () => null, points: { show: true, size: 3, width: 0, fill: c.panes[1] } }],
      legend: { show: false },
      cursor: { drag: { x: false, y: false } },
      hooks: {
        draw: [(u) => {
          const ctx = u.ctx;
          ctx.save();
          ctx.strokeStyle = c.theory; ctx.fillStyle = c.theory; ctx.setLineDash([6, 4]); ctx.lineWidth = 1.5;
          ctx.font = `${Math.round(14 * devicePixelRatio)}px sans-serif`;
          for (const [g, name] of marks) {
            const x = u.valToPos(g, 'x', true);
            if (x < u.bbox.left || x > u.bbox.left + u.bbox.width) continue;
            ctx.beginPath(); ctx.moveTo(x, u.bbox.top); ctx.lineTo(x, u.bbox.top + u.bbox.height); ctx.stroke();
            ctx.fillText(name, x + 4, u.bbox.top + 16 * devicePixelRatio);
          }
          ctx.restore();
        }],
      },
    }, [[], []], el);
    el.addEventListener('click', () => {
      const idx = this.plot.cursor.left;
      if (idx == null || idx < 0) return;
      onPick(this.plot.posToVal(idx, 'x'));
    });
    new ResizeObserver(() => this.plot.setSize(size(el))).observe(el);
  }

  setData(points) { this.plot.setData([points.gamma, points.phase]); }

  destroy() { this.plot.destroy(); }
}

/** The overlap function at the naive pane's first failure (model/overlap-function.js): the curve,
 * contact (f = 0), and each detector's answer as a point. Made anew for each failure: its axes'
 * units (powers of ten) are the failure's own. */
export class OverlapPlot {
  constructor(el, p, { naiveLabel }) {
    const c = palette();
    const nulls = p.xs.map(() => null);
    const point = (at) => { const col = nulls.slice(); if (at) col[p.xs.indexOf(at[0])] = at[1]; return col; };
    const marker = (label, stroke) => ({ label, stroke, fill: stroke, paths: () => null, points: { show: true, size: 11, width: 2, stroke, fill: stroke } });
    this.plot = new uPlot({
      ...size(el),  // titled by its section's heading
      scales: { x: { time: false } },
      axes: [axis(p.xLabel), axis(p.yLabel)],
      series: [
        { label: 'Δt' },
        { label: 'f(Δt)', stroke: c.fg, width: 2 },
        { label: 'contact, f = 0', stroke: c.theory, width: 1.5, dash: [6, 4] },
        marker(naiveLabel, c.panes[0]),
        marker('stable (Eq. 10)', c.panes[1]),
      ],
      legend: { live: false },
    }, [p.xs, p.ys, p.xs.map(() => 0), point(p.naive), point(p.stable)], el);
    new ResizeObserver(() => this.plot.setSize(size(el))).observe(el);
  }

  destroy() { this.plot.destroy(); }
}
