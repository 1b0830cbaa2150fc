// The bouncing ball (the paper's Fig. 7): one ball dropped on a plate. Its plot is every bounce's
// top against the time left to the exact rest (model/bounces.js), where the last bounces show.
import { ballCollapseTime } from '../model/theory.js';
import { BOUNCE_COLUMNS, bounceRows, restTime } from '../model/bounces.js';
import { ballStory } from './stories.js';

export default {
  id: 'ball',
  title: 'Bouncing ball',
  view: 'balls',
  story: ballStory,
  // the rest time follows ε and g (Fig. 7's own case, ε = 0.5 and g = 1, gives t = 3)
  blurb: ({ e, g }) => 'One ball dropped on a plate (the paper\'s Fig. 7). ' + (e >= 1
    ? 'With ε = 1 it never comes to rest: every bounce is as high as the first. '
    : e > 0 ? `Exact solution: it comes to rest at t = ${+ballCollapseTime(e, g).toPrecision(6)} after infinitely many ever shorter bounces. `
      : `With ε = 0 it stops dead at its first impact, t = ${+ballCollapseTime(e, g).toPrecision(6)}. `) +
    'With the paper\'s ε = 0.5 and g = 1 the naive detector meets a negative square root after ~28 bounces for about a quarter of the plate offsets ' +
    '(half in the paper; the Paper page says why), the default one among them; the stable one reaches the collapse. ' +
    'The plot shows every bounce\'s top on log scales: the last ones, far too small to see in the picture, end at the rounding of the ball\'s height.',
  params: ['naive', 'e', 'g', 'plate', 'speed'],
  // speed 1: the naive ball halts about 3 s after the link opens
  defaults: { naive: 'halt', e: 0.5, g: 1, plate: 0.763774618976614, speed: 1 },
  units: () => ({ length: 'σ', time: '√(σ/g)' }),
  subject: () => 'the ball and the plate',

  engineConfig: (state, detector) => ({ kind: 'balls', detector, count: 1, plateOffsets: [state.plate], restitution: state.e, gravity: state.g }),
  cliFlags: (state, detector) => [['--scenario', 'bouncing-ball'], ['--detector', detector], ['--plate-offset', state.plate],
    ['--restitution', state.e], ['--gravity', state.g]],

  columns: () => BOUNCE_COLUMNS,
  // every bounce, however short: the last ones last far less than a frame
  record(model, [fa, fb]) { model.series.main.replace(bounceRows(fa.bounces, fb.bounces, model.state.e, model.state.g)); },
  plots: (state) => ({ main: { kind: 'bounces', logX: restTime(state.e, state.g) !== null } }),
};
