// A run from a state file (extended XYZ: the app's particles (XYZ) buttons, `edpd run --dump`,
// OVITO, ASE), opened from the computer or named by a link (`state`, a path on this site). Not
// on the menu or a number key: no run starts without a file.
import { DISTANCE, paneDistance } from './gas.js';
import { ballStory, gasStory } from './stories.js';

export default {
  id: 'file',
  title: 'From a state file',
  view: 'gas',
  menu: false,
  fromFile: true,
  story: (detector, frame, state) => (frame.n === 1 ? ballStory : gasStory)(detector, frame, state),  // one ball: the ball's story
  blurb: ({ file, state }) => `${file.name}: ${file.n.toLocaleString('en')} particle${file.n === 1 ? '' : 's'} in ${file.dim}-D from t = ${file.time}` +
    `${file.frames > 1 ? `, frame ${file.frame} of its ${file.frames} (0 the first)` : ''}. ` +
    'Both panes start from it; the impacts\' restitution and t_c are the file\'s (elastic without the TC model when it has none), as for `edpd run --load`. ' +
    (file.gravity ? 'Under the file\'s gravity kT rises and falls as the particles fall and climb: the dashed line, the start\'s kT, is only a reference. '
      : 'The dashed line is the start\'s kT, which elastic impacts without gravity keep. ') +
    (state ? `Its link names ${state} on this site.` : 'A link cannot carry a file from your computer: to share this run, share the file and the command under Share and export ' +
      '(or put it on the site beside the app and link it as state=PATH).'),
  params: ['state', 'naive', 'frame', 'speed'],
  defaults: { naive: 'halt', speed: 1 },
  // a file's units are its own
  units: () => ({ length: 'file units', time: 'file units' }),

  engineConfig: (state, detector) => ({ kind: 'file', detector, text: state.file.text, frame: state.file.frame, name: state.file.name }),
  /** --until: the clock itself (--time counts from the file's Time, and Time + (t − Time) can round
   * off t, so the run would end an ulp away from the pane's clock). */
  command(state, detector, t, shellWord) {
    const f = state.file;
    return ['build/edpd', 'run', '--load', shellWord(f.name), ...(f.frames > 1 ? ['--frame', String(f.frame)] : []),
      '--detector', detector, '--until', String(t), '--json'].join(' ');
  },

  columns: () => ['time', 'naive kT', 'stable kT', 'kT at the start', DISTANCE],
  record(model, [fa, fb], t) {
    const [a, b] = model.panes;
    // no theory for an arbitrary state: the start's kT is the line elastic impacts keep
    if (model.startKT === undefined) model.startKT = fa.stats.temperature;
    model.series.main.push([t, a.time >= t ? fa.stats.temperature : null, b.time >= t ? fb.stats.temperature : null, model.startKT, paneDistance(fa, fb)]);
  },
  plots: (state, labels) => ({ main: { kind: 'series', title: 'Kinetic temperature', x: 'time t [file units]', y: 'kT [file units]', labels, theoryLabel: 'kT at the start' },
    hist: true, distance: { column: DISTANCE } }),
};
