// The ball array: the paper's Fig. 7 sweep made visible, balls in rows each on its own plate (one
// engine world; a ball that halts or comes to rest stops alone).
// Its plot is over plate impacts, not time: every ball's fate is decided within 1e-7 of the rest.

export default {
  id: 'ball-array',
  title: 'Ball array',
  view: 'balls',
  story: () => null,  // the verdict and the plot tell it ball by ball
  blurb: 'Independent balls in rows, each on its own plate, plate offsets r_plate sampled uniformly in [0, 1): the paper\'s sweep made visible ' +
    '(magenta: a ball that halted or fell through). ' +
    'Only the floating-point representation differs between balls.',
  params: ['naive', 'n', 'e', 'g', 'seed', 'speed'],
  defaults: { naive: 'halt', n: 100, e: 0.5, g: 1, seed: 1, speed: 0.5 },
  nMax: 2000,
  units: () => ({ length: 'σ', time: '√(σ/g)' }),
  subject: (failure) => (failure ? `ball ${failure.ball} and its plate` : null),

  engineConfig: (state, detector) => ({ kind: 'balls', detector, count: state.n, seed: state.seed, restitution: state.e, gravity: state.g }),
  // one world of balls, ball i on the plate of `edpd sweep --seed S`'s sample i
  cliFlags: (state, detector) => [['--scenario', 'bouncing-ball'], ['--detector', detector], ['--n', state.n], ['--seed', state.seed],
    ['--restitution', state.e], ['--gravity', state.g]],

  columns: () => ['plate impacts', 'naive halted share', 'naive fell-through share', 'stable halted or fell-through share'],
  record(model, [fa, fb]) { model.series.main.replace(failureShares(fa, fb)); },
  plots: (state) => ({ main: { kind: 'series', failures: true, title: 'Failed by the k-th plate impact', x: 'plate impacts k', y: 'share of balls', yRange: [0, 1],
    labels: [`naive-${state.naive} halted`, `naive-${state.naive} fell through`], theoryLabel: 'stable halted or fell through' } }),
};

/** The plot rows: for k = 0 … K plate impacts, the share of balls that had halted or fallen
 * through the plate after at most k impacts (naive pane) and the stable pane's share that did
 * either (none: it never halts, and no ball passes the plate). */
export function failureShares(fa, fb) {
  const upTo = (list, k) => list.filter((x) => x <= k).length;
  const stableFailed = [...fb.failedAt.halted, ...fb.failedAt.fellThrough];
  const all = [...fa.failedAt.halted, ...fa.failedAt.fellThrough, ...stableFailed];
  const top = Math.max(30, ...all.map((k) => k + 2));
  const rows = [];
  for (let k = 0; k <= top; k++) rows.push([k, upTo(fa.failedAt.halted, k) / fa.n, upTo(fa.failedAt.fellThrough, k) / fa.n, upTo(stableFailed, k) / fb.n]);
  return rows;
}
