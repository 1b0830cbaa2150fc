// Wires the model (run, URL, sweep: plain modules) to the views (split WebGL view, plots,
// controls, badges, clock, share panel, stories, keys). The main thread only renders and plots;
// simulations run in workers. Each view subscribes to the run model's events.
import './style.css';
import { parseHash, parseLocation, encodeState } from './model/url-state.js';
import { defaultState, SCENARIO_IDS, scenarioBlurb, scenarioExperiments } from './model/scenarios.js';
import { StateFiles } from './state-files.js';
import { FileStore, idbBackend, KEPT_FILES } from './model/file-store.js';
import { RunModel } from './model/run-model.js';
import { fmt } from './model/format.js';
import { SweepModel } from './model/sweep-model.js';
import { BifurcationModel } from './model/bifurcation-model.js';
import { SplitView } from './view/split-view.js';
import { NoGLView } from './view/no-gl-view.js';
import { OverlapView } from './view/overlap-view.js';
import { palette, setTheme, storedTheme } from './view/theme.js';
import { showExperiments } from './view/experiments.js';
import { SeriesPlot, HistogramPlot, DistancePlot, BouncePlot } from './view/plots.js';
import { ObservablesPanel } from './view/observables-panel.js';
import { CountersTable } from './view/counters.js';
import { SweepPanel } from './view/sweep-panel.js';
import { BifurcationPanel } from './view/bifurcation-panel.js';
import { withParam, scenarioOf } from './model/scenarios.js';
import { Controls } from './view/controls.js';
import { ToolbarPickers } from './view/toolbar-pickers.js';
import { Warnings } from './view/warnings.js';
import { PaneBadges } from './view/badges.js';
import { Clock } from './view/clock.js';
import { SharePanel } from './view/share-panel.js';
import { Stories } from './view/stories.js';
import { ZoomControl } from './view/zoom.js';
import { ReplayControl } from './view/replay.js';
import { bindKeys } from './view/keys.js';
import { EmbedApi, allowedOrigins } from './embed-api.js';
import { every } from './view/every.js';
import { BuilderPanel } from './view/builder-panel.js';
import { GalleryPanel } from './view/gallery-panel.js';
import { loadEdpd } from './edpd.js';
import wasmUrl from '../wasm/edpd.wasm?url';

const $ = (id) => document.getElementById(id);

// ---- URL: untrusted input, parsed against the schema -------------------------------------
const parsed = parseLocation(location.hash, location.search);
const warnings = new Warnings({ box: $('warnings'), list: $('warning-list'), close: $('warnings-close') });
warnings.add(...parsed.warnings);
if (parsed.ignored.length) console.info(`edpd: ignored unknown link keys: ${parsed.ignored.join(', ')}`);
const embed = parsed.state.embed;
if (embed) {
  document.body.classList.add('embed');
  const full = $('open-full');
  full.hidden = false;
  full.href = location.pathname + encodeState({ ...parsed.state, embed: false });
}

// ---- model and views ---------------------------------------------------------------------
applyTheme(storedTheme());
const view = makeView($('view'));
/** The WebGL view, or without WebGL a note in each pane: the runs, counters and plots go on. */
function makeView(container) {
  try {
    const v = new SplitView(container);
    // portrait (a phone): the panes one above the other, their verdicts with them
    v.onLayout = (stacked) => $('stage').classList.toggle('stacked', stacked);
    v.onLayout(v.stacked);
    return v;
  } catch (e) {
    container.replaceChildren();  // a canvas three.js may have left behind
    $('export-png').disabled = true;
    $('export-png').title = 'No picture without WebGL';
    return new NoGLView(container, String(e?.message ?? e));
  }
}
const model = new RunModel({
  createWorker: () => new Worker(new URL('./workers/sim-worker.js', import.meta.url), { type: 'module' }),
});
const stateFiles = new StateFiles({
  model,
  start: (state, options) => start(state, options),
  warn: (field, message) => warnings.add({ field, message }),
  clearWarnings: () => warnings.clear(),
  busy: (reading) => { $('open').disabled = reading; $('open').textContent = reading ? 'Reading…' : 'Open file'; },
  store: new FileStore(idbBackend()),
});
const sweep = new SweepModel({
  createWorker: () => new Worker(new URL('./workers/sweep-worker.js', import.meta.url), { type: 'module' }),
  cores: navigator.hardwareConcurrency || 2,
});
// the vibrated table's bifurcation diagram, by the same workers (view/bifurcation-panel.js)
const bifurcation = new BifurcationModel({
  createWorker: () => new Worker(new URL('./workers/sweep-worker.js', import.meta.url), { type: 'module' }),
  cores: navigator.hardwareConcurrency || 2,
});
const bifurcationPanel = new BifurcationPanel(bifurcation, (Gamma) => restartWith({ ...model.state, Gamma }));
/** A new run from changed parameters, through the link's own checks, so that a change that makes
 * another field invalid (3-D after a 2-D packing fraction of 0.7) clamps it with a warning instead
 * of failing in the engine. */
function restartWith(state) {
  const next = parseHash(encodeState({ ...state, t: 0, paused: false }));
  warnings.replace(next.warnings);
  start({ ...next.state, embed: model.state.embed }, { push: true });
}
const controls = new Controls($('gui'), {
  onChange: (key, value) => {
    if (key === 'speed') { model.state.speed = value; pickers.show(model.state); updateAddress(); return; }
    if (model.state.file) { stateFiles.change(key, value); return; }
    restartWith(withParam(model.state, key, value));  // coherent: another dimension brings its own density
  },
  onScenario: (id) => start({ ...defaultState(id), embed: model.state.embed }, { push: true }),
  onNotice: (w) => warnings.add(w),
  onBuild: () => builder.open(model.state),
});

const pickers = new ToolbarPickers($('scenario-pick'), $('speed-pick'), {
  onScenario: (id) => start({ ...defaultState(id), embed: model.state.embed }, { push: true }),
  onSpeed: (v) => { model.state.speed = v; controls.build(model.state); updateAddress(); },
});

const counters = new CountersTable($('counters'), $('counter-note'));
model.subscribe(every(100, () => { if (model.state) counters.update(model); }));
new PaneBadges(model, $);
new Clock(model, { clock: $('clock'), paneTimes: $('pane-times'), progress: $('jump-progress'), plays: [$('play'), $('embed-play')] });
new SharePanel(model, $, shareUrl);
const overlapView = new OverlapView({ section: $('overlap'), plot: $('plot-overlap'), caption: $('overlap-caption') });
new Stories(model, $, overlapView);
const zoom = new ZoomControl(model, view, $('zoom'), (w) => warnings.add(w));
const replay = new ReplayControl(model, $('replay'), (state) => start(state, { push: true }), zoom);
let plots = null;
let viewGeneration = -1;
let drawn = [null, null];

/** The address follows the run. A new scenario or parameter is a new history entry, so that the
 * Back button returns to the run before it (popstate below); the speed only replaces the entry. */
function updateAddress({ push = false } = {}) {
  if (model.state.file && !model.state.state) { stateFiles.remember(push); return; }  // from the computer: no link
  const hash = encodeState({ ...model.state, t: 0, paused: false });
  if (location.hash === hash) return;
  if (push && !model.state.embed) history.pushState(null, '', hash);  // an embed leaves the host page's Back alone
  else history.replaceState(null, '', hash);
}

/** A link's run: a state file named by the link is fetched first (StateFiles.openLinked). */
function route(state, { push = false } = {}) {
  if (scenarioOf(state.scenario).fromFile) stateFiles.openLinked(state, { push });
  else start(state, { push });
}

function start(state, { push = false, address = true } = {}) {
  stateFiles.supersede();  // a state file still being read must not replace this run when it arrives
  model.load(state);
  controls.build(model.state);
  pickers.show(model.state);
  $('blurb').textContent = scenarioBlurb(model.state);
  showExperiments($('experiments'), scenarioExperiments(model.state), (change) => restartWith({ ...model.state, ...change }));
  buildPlots();
  showLegend();
  if (state.t === 0 && address) updateAddress({ push });
  if (model.state.embed) $('open-full').href = location.pathname + encodeState({ ...model.state, embed: false });  // the run shown now
}

// Back / Forward (and a hash edited in the address bar): the run of that address, from t = 0; an
// entry of a file from the computer, its run, held in the page or else in the browser's storage
window.addEventListener('popstate', async () => {
  const entry = history.state;
  const kept = stateFiles.kept(entry);
  const clear = () => warnings.clear();  // a notice about another entry's file goes
  if (kept) { clear(); start({ ...kept, t: 0, paused: false }); return; }
  const go = stateFiles.starter();  // void if the user moves on while the storage answers
  const stored = await stateFiles.restore(entry);
  if (!go.current()) return;
  if (stored) { clear(); go({ ...stored, t: 0, paused: false }); return; }
  const p = parseLocation(entry?.before ?? location.hash, location.search);
  warnings.replace([...p.warnings, ...lostFileRun(entry)]);  // about this address, not the first one
  route({ ...p.state, embed: model.state?.embed ?? p.state.embed });
});

/** The notice for a history entry whose file's run this browser no longer keeps (or never could). */
function lostFileRun(entry) {
  return entry?.fileRun === undefined ? [] : [{ field: 'state file', message: `the run of a file opened here is no longer kept in this browser (it keeps the last ${KEPT_FILES} files); the run before it is shown` }];
}

function buildPlots() {
  if (plots) { plots.main.destroy(); plots.hist?.destroy(); plots.distance?.destroy(); }
  $('plot-main').replaceChildren();
  $('plot-hist').replaceChildren();
  $('plot-distance').replaceChildren();
  const s = model.state;
  const labels = [`naive-${s.naive}`, 'stable'];
  const sc = scenarioOf(s.scenario), spec = sc.plots(s, labels), units = sc.units(s);
  let main;
  if (spec.main.kind === 'bounces') {
    main = new BouncePlot($('plot-main'), { labels, logX: spec.main.logX });
  } else {
    // failures in the failure colour, as failed particles are drawn
    const failure = `#${palette().scene.failure.toString(16).padStart(6, '0')}`;
    main = new SeriesPlot($('plot-main'), { ...spec.main, ...(spec.main.failures ? { strokes: [failure, failure, palette().panes[1]] } : {}) });
  }
  // the middle plot: the impact separations' histogram, or a scenario's third series plot
  const hist = spec.hist ? new HistogramPlot($('plot-hist')) : spec.third ? new SeriesPlot($('plot-hist'), spec.third) : null;
  // the lowest plot: the panes' distance, or a scenario's second series plot (columns of the series)
  const distance = spec.distance ? new DistancePlot($('plot-distance'), { x: main.x, column: model.series.main.names.indexOf(spec.distance.column), unit: units.length })
    : spec.second ? new SeriesPlot($('plot-distance'), spec.second) : null;
  plots = { main, hist, distance, spec };
  observables.setup(Boolean(sc.observables), units, model.state.dim, model.state.phi);
  bifurcationPanel.setup(Boolean(sc.bifurcation), model.state.e);
}

// ---- per-frame loop: the panes drawn, the plots fed -------------------------------------
let last = performance.now();
let lastPlot = 0;
function loop(now) {
  const dt = (now - last) / 1000;
  last = now;
  model.tick(dt);
  const [a, b] = model.panes;
  if (a.frame && viewGeneration !== model.generation) {
    view.setup({ kind: scenarioOf(model.state.scenario).view, n: a.frame.n, box: a.frame.box, dim: a.frame.dim,
      diameters: a.shape?.diameters ?? null, planes: a.shape?.planes ?? [], plates: a.shape?.plates ?? [],
      species: a.shape?.species ?? null, speciesColors: scenarioOf(model.state.scenario).speciesColors?.(model.state) ?? null });
    viewGeneration = model.generation;
    view.generation = model.generation;
    drawn = [null, null];
    model.emit('view');  // a zoom that waits for this run's picture (the replay's, z's) may go now
  }
  if (viewGeneration === model.generation) {
    model.panes.forEach((p, k) => {
      if (p.frame && p.frame !== drawn[k]) { view.update(k, p.frame, { failed: p.verdict().kind === 'failed' }); drawn[k] = p.frame; view.dirty = true; }
    });
    if (view.dirty) view.render(); // software rendering is costly: draw only what changed
  }
  if (now - lastPlot > 250 && plots) {
    lastPlot = now;
    plots.main.setData(model.series.main.columns, { failed: model.panes[0].verdict().kind === 'failed' });
    // a lower plot of the scenario's own data (a shaken bed's profile over height), or of the series
    const columnsOf = (p) => (p?.data ? p.data([a.frame, b.frame]) : model.series.main.columns);
    if (plots.hist instanceof SeriesPlot) plots.hist.setData(columnsOf(plots.spec.third));
    else if (plots.hist && a.frame && b.frame) plots.hist.setData([a.frame.histogram, b.frame.histogram]);
    plots.distance?.setData(columnsOf(plots.spec.second));
    observables.update(b.frame?.observables ?? null, { dim: b.frame?.dim ?? 3, phi: model.state.phi, kT: model.state.T ?? 1 });
  }
  requestAnimationFrame(loop);
}

/** The two panes (with their labels and the clock) full screen, for a lecture's projector; the
 * view follows the new size (its ResizeObserver). Browsers without the API (or an iframe
 * without allowfullscreen) say so in the warnings instead of failing silently. */
function toggleFullscreen() {
  if (document.fullscreenElement) { document.exitFullscreen(); return; }
  const stage = $('stage');
  const refuse = (message) => warnings.add({ field: 'full screen', message });
  if (!stage.requestFullscreen) { refuse('not available in this browser'); return; }
  stage.requestFullscreen().catch((err) => refuse(`refused by the browser (${err.message}); in an embed the iframe needs allowfullscreen`));
}

function shareUrl() { return location.href.split('#')[0] + model.shareHash(); }

async function copyLink() {
  if (model.state.file && !model.state.state) {
    warnings.add({ field: 'link', message: `a run from a state file has no link: a link cannot carry ${model.state.file.name}. Share the file, and the command under Share and export` });
    return;
  }
  const url = shareUrl();
  $('share-url').value = url;
  try {
    await navigator.clipboard.writeText(url);
    flash('share', 'Copied');
  } catch {
    $('export').open = true;
    $('share-url').focus();
    $('share-url').select();
    flash('share', 'Select and copy');
  }
}

function flash(id, text) {
  const el = $(id);
  const old = el.dataset.label ?? el.textContent;
  el.dataset.label = old;
  el.textContent = text;
  setTimeout(() => { el.textContent = old; }, 1200);
}

function download(name, type, data) {
  const a = document.createElement('a');
  a.href = typeof data === 'string' && data.startsWith('data:') ? data : URL.createObjectURL(new Blob([data], { type }));
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(a.href), 5000);
}

/** The start of exported files' names: the scenario, or the state file's name without .xyz. */
function runStem() {
  const f = model.state.file;
  return f ? `edpd-${f.name.replace(/\.(ext)?xyz$/i, '').replace(/[^\w.,+=-]+/g, '_').slice(0, 80)}` : `edpd-${model.state.scenario}`;
}
function fileStem() { return `${runStem()}-t${fmt(model.target, 6)}`; }

// ---- projector mode -----------------------------------------------------------------------
/** The page's colours (CSS variables under body.projector) and the canvas colours (view/theme.js). */
function applyTheme(name, { remember = false } = {}) {
  const t = setTheme(name, { remember });
  document.body.classList.toggle('projector', t.name === 'projector');
  $('projector').setAttribute('aria-pressed', String(t.name === 'projector'));
  return t;
}
function toggleTheme() {
  applyTheme(palette().name === 'projector' ? 'dark' : 'projector', { remember: true });
  view.applyTheme();
  buildPlots();  // uPlot takes its colours when made; the data refill from the model's series
  overlapView.draw();
  sweepPanel.redrawPlot();  // its histogram, drawn once when the sweep ended
  bifurcationPanel.redrawPlot();
}
$('projector').onclick = toggleTheme;

// ---- buttons and keys --------------------------------------------------------------------
$('play').onclick = () => model.toggle();
$('step').onclick = () => model.step();
$('reset').onclick = () => { if (model.state) start({ ...model.state, t: 0, paused: false }); };
// an embed has no toolbar: its own Play and Reset beside the clock
$('embed-play').onclick = () => $('play').click();
$('embed-reset').onclick = () => $('reset').click();
$('share').onclick = copyLink;
const observables = new ObservablesPanel({ details: $('observables'), note: $('observables-note'), gr: $('plot-gr'), msd: $('plot-msd'),
  speeds: $('plot-speeds'), button: $('export-observables') }, (name, type, text) => download(`${fileStem()}-${name}`, type, text));
$('export-csv').onclick = () => download(`${fileStem()}.csv`, 'text/csv', model.series.main.toCSV());
$('export-json').onclick = () => download(`${fileStem()}.json`, 'application/json', JSON.stringify(model.exportJSON(), null, 2));
$('export-png').onclick = () => download(`${fileStem()}.png`, 'image/png', view.toPNG());
[0, 1].forEach((k) => { $(`export-xyz-${k}`).onclick = () => exportStateFile(k); });

/** Pane k's particles as a file: the worker writes it (csrc/io/xyz_write.c) at the clock its pane
 * has reached when it answers (later than the click while the run plays); the name carries the
 * detector and the file's own time. */
async function exportStateFile(k) {
  const button = $(`export-xyz-${k}`), pane = model.panes[k];
  button.disabled = true;
  try {
    const text = await model.stateFile(k);
    const t = Number(/ Time=(\S+)/.exec(text)[1]);
    download(`${runStem()}-${pane.detector}-t${fmt(t, 6)}.xyz`, 'chemical/x-xyz', text);
  } catch (err) {
    warnings.add({ field: 'particles (XYZ)', message: err.message });
  } finally {
    button.disabled = false;
  }
}

// ---- state files: Open file, o, a drop on the page, or a link's state=PATH (state-files.js) ----
$('open').onclick = () => $('open-input').click();
$('open-input').onchange = () => {
  const f = $('open-input').files[0];
  $('open-input').value = '';  // the same file again is a new choice
  if (f) stateFiles.openLocal(f);
};
window.addEventListener('dragover', (e) => { if (e.dataTransfer?.types.includes('Files')) e.preventDefault(); });
window.addEventListener('drop', (e) => {
  if (!e.dataTransfer?.files.length) return;
  e.preventDefault();
  stateFiles.openLocal(e.dataTransfer.files[0]);
});

const help = $('help');
function setHelp(open) { help.hidden = !open; if (open) $('help-close').focus(); }
$('help-open').onclick = () => setHelp(true);
$('help-close').onclick = () => setHelp(false);

// the help's number keys, from the menu itself (a new scenario is listed without editing the page)
$('help-digits').textContent = `1–${SCENARIO_IDS.length}`;
$('help-scenarios').textContent = `scenario: ${SCENARIO_IDS.map((id) => scenarioOf(id).title).join(', ')}`;
bindKeys({
  ready: () => model.state !== null,  // a link's state file may still be being fetched
  help: { open: () => !help.hidden, close: () => setHelp(false) },
  actions: {
    ' ': (e) => { if (!(e.target instanceof HTMLButtonElement)) { e.preventDefault(); model.toggle(); } },
    s: () => model.step(),
    r: () => $('reset').click(),
    l: copyLink,
    f: toggleFullscreen,
    z: () => zoom.toggle(),
    x: () => replay.replay(),
    p: toggleTheme,
    o: () => $('open-input').click(),
    b: () => builder.open(model.state),
    g: () => gallery.open(),
    '[': () => stateFileFrame(-1),
    ']': () => stateFileFrame(+1),
    '?': () => setHelp(help.hidden),
  },
  digit: (k) => { if (k <= SCENARIO_IDS.length) start({ ...defaultState(SCENARIO_IDS[k - 1]), embed: model.state.embed }, { push: true }); },
});

// ---- the experiment builder: a built experiment runs as its link would ----------------------
let builderApi = null;
const builder = new BuilderPanel($('builder'), {
  loadApi: () => (builderApi ??= loadEdpd({ locateFile: () => wasmUrl })),
  onRun: (state) => restartWith(state),
});
$('build').onclick = () => builder.open(model.state);
/** A gallery item's link, run as any link is (its warnings, if a future version changed a field, shown). */
function openLink(hash) {
  const p = parseHash(hash);
  warnings.replace(p.warnings);
  start({ ...p.state, embed: model.state.embed }, { push: true });
}
const gallery = new GalleryPanel($('gallery'), {
  onOpen: openLink,
  onEdit: (hash) => builder.open(parseHash(hash).state),
});
$('gallery-open').onclick = () => gallery.open();

/** The particles' colours under the panes: the panes' own, or a built experiment's species. */
function showLegend() {
  const legend = $('pane-legend'), sc = scenarioOf(model.state.scenario);
  const swatch = (cls, text, color) => {
    const s = document.createElement('span');
    s.className = `swatch ${cls}`;
    if (color) s.style.background = color;
    return [s, `${text} `];
  };
  const colors = sc.speciesColors?.(model.state);
  const items = colors
    ? [...model.state.sp.map(([, d], k) => swatch('species', `σ = ${fmt(d, 3)}`, colors[k])), ...(model.state.intruder > 0 ? [swatch('species', 'intruder', colors[model.state.sp.length])] : [])]
    : [swatch('naive', 'naive'), swatch('stable', 'stable')];
  legend.replaceChildren(...items.flat(), ...swatch('failed', 'failed (the particles involved)'));
}

/** A trajectory's frame before (-1) or after (+1) the one shown. */
function stateFileFrame(step) {
  if (!(model.state.file?.frames > 1)) return;
  const { frame, frames } = model.state.file;
  const next = Math.min(frames - 1, Math.max(0, frame + step));
  if (next !== frame) stateFiles.change('frame', next);
}

// ---- the embedding API: a course page drives the embed and hears its events (embed-api.js) ----
new EmbedApi(model, allowedOrigins(parsed.state.origin), {
  load: (state, ws) => { warnings.replace(ws); route({ ...state, embed, origin: parsed.state.origin }); },
  play: () => model.play(),
  pause: () => model.pause(),
  step: () => model.step(),
  reset: () => $('reset').click(),
  speed: (v) => { model.state.speed = v; controls.build(model.state); pickers.show(model.state); updateAddress(); },
});

// ---- the sweep (view/sweep-panel.js) -----------------------------------------------------
const sweepPanel = new SweepPanel(sweep);

// ---- go ----------------------------------------------------------------------------------
// Offline once loaded (built site only; the dev server has no sw.js).
if (import.meta.env.PROD && 'serviceWorker' in navigator && location.protocol.startsWith('http')) {
  navigator.serviceWorker.register('./sw.js').catch((err) => console.warn(`edpd: offline cache unavailable (${err.message})`));
}
// A reload of a file's run: its history entry has the key, the browser's storage the file.
(async () => {
  const entry = history.state, go = stateFiles.starter();
  const stored = entry?.fileRun !== undefined && !parsed.state.embed ? await stateFiles.restore(entry) : undefined;
  if (!go.current()) return;
  if (stored) { go({ ...stored, t: 0, paused: false }); return; }
  warnings.add(...lostFileRun(entry));
  // a file's run whose file is gone: the run before it, whose address the entry kept
  route(entry?.fileRun !== undefined && entry.before ? parseLocation(entry.before, '').state : parsed.state);
})();
requestAnimationFrame(loop);

// A small read-only window onto the app for end-to-end tests and the console.
window.edpdApp = {
  model, sweep, bifurcation, view, replay, plots: () => plots,
  shareUrl,
  drawn: () => viewGeneration === model.generation && drawn.every(Boolean) && !view.lost,
  warnings: () => warnings.all(),
  panes: () => model.panes.map((p) => ({ detector: p.detector, status: p.error ? 'error' : p.status, time: p.time, stateHash: p.stateHash, error: p.error, reason: p.frame?.status.reason ?? null })),
};
