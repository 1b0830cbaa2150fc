// A ball on a vibrating table: the plate oscillates as A sin(w t + phi), w = 2 pi (its period is the
// time unit) and g = 1, so Gamma = A w^2 / g is the one control parameter besides the restitution.
// The default (Gamma = 1.2, e = 0.5) settles on the period-1 orbit, one bounce per period; past
// Gamma = 1.527 it bounces with period 2, further up chaos. Its plot: the ball's height and the
// table's against time.
import { tableStory } from './stories.js';

const OMEGA = 2 * Math.PI, PHASE = 2;  // the phase that starts the default on the period-1 orbit

/** The plate's oscillation of a state: amplitude A = Gamma g / w^2. */
export function shakeOf(state) { return { amplitude: state.Gamma / (OMEGA * OMEGA), frequency: OMEGA, phase: PHASE }; }

export default {
  id: 'table',
  title: 'Ball on a vibrating table',
  view: 'balls',
  story: tableStory,
  blurb: ({ e, Gamma }) => `One ball on a table that oscillates once per time unit with Γ = Aω²/g = ${Gamma} (ε = ${e}). ` +
    'The gap to a moving table is no polynomial: the stable detector finds its first root by steps that cannot pass it, and a ball that chatters to a stop rides the table until it falls away faster than gravity. ' +
    'The naive detector freezes the table\'s motion over each flight; the table, accelerating, catches the ball inside it. ' +
    `At ε = 0.5 the ball settles on one bounce per period up to Γ = 1.527, then bounces with period 2, then chaos (try Γ = 1.55 and 2.5).`,
  params: ['naive', 'e', 'Gamma', 'speed'],
  defaults: { naive: 'halt', e: 0.5, Gamma: 1.2, speed: 1 },
  units: () => ({ length: 'σ', time: 'table periods' }),
  subject: () => 'the ball and the table',
  bifurcation: true,  // the side panel's bifurcation diagram (view/bifurcation-panel.js)

  engineConfig: (state, detector) => ({ kind: 'balls', detector, count: 1, plateOffsets: [0], restitution: state.e, gravity: 1, shake: shakeOf(state) }),
  cliFlags: (state, detector) => {
    const s = shakeOf(state);
    return [['--scenario', 'bouncing-ball'], ['--detector', detector], ['--plate-offset', 0], ['--restitution', state.e], ['--gravity', 1],
      ['--plate-amplitude', s.amplitude], ['--plate-frequency', s.frequency], ['--plate-phase', s.phase]];
  },

  columns: () => ['time', 'naive ball', 'stable ball', 'table'],
  record(model, [fa, fb], t) {
    const [a, b] = model.panes;
    // a pane that halted draws no ball after its halt; the table from the stable pane
    model.series.main.push([t, a.time >= t ? fa.height : null, b.time >= t ? fb.height : null, fb.plateShift + 0.5]);
  },
  plots: (state, labels) => ({ main: { kind: 'series', title: 'Heights: the ball\'s centre and the table\'s surface + σ/2', x: 'time t [table periods]', y: 'height [σ]', labels,
    theoryLabel: 'table (+ σ/2: where the ball touches it)' } }),
};
