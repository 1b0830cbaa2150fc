// Observables from the exact trajectory in WebAssembly (csrc/include/edpd/observer.h): an observer of a
// simulation, sampled by the caller at equal intervals of simulation time, and its results: the
// MSD on log-spaced lags and the VACF with the self-diffusion coefficient from each, g(r) with its
// contact value, the speed distribution against Maxwell-Boltzmann (its chi^2) and the free flights
// between impacts (the observer takes the simulation's event log while it lives).
//   const obs = observe(sim, 1000);
//   for (let k = 0; k < 1000; k++) { sim.advanceTo(k * 0.05, { maxEvents: 1e9 }); obs.sample(); }
//   const r = obs.results();  // { msd: [[t, msd]...], diffusionMsd, ..., gr, contactGr, speeds, speedsChi2 }
//   obs.destroy();

const WHAT = { msd: 1, vacf: 2, gr: 4, speeds: 8 };

/** An observer of sim keeping up to maxSamples samples (16 to 4096; samples x N x 48 bytes within 1 GiB). */
export function observe(sim, maxSamples) {
  sim.check();
  const { M, api } = sim;
  // an integer beyond the C int would wrap (2^32 + 16 read as 16): the range is checked here
  if (!Number.isInteger(maxSamples) || maxSamples > 2 ** 31 - 1) throw new Error(`maxSamples: must be an integer in [16, 4096], got ${maxSamples}`);
  // the observer takes the simulation's one event log for its free flights: a second one would
  // take it over, and the first one's flights would stop without a word
  if (sim.observer) throw new Error('observe: this simulation has an observer already (it holds the event log for its free flights); destroy that one first');
  let o = M._wasm_observer_create(sim.w, maxSamples, api.err);
  if (!o) throw new Error(api.fieldError());
  sim.observer = true;
  const live = () => { if (!o) throw new Error('observer: already destroyed'); sim.check(); };
  return {
    /** A sample of the simulation now (at equal intervals of its clock). */
    sample() {
      live();
      const st = sim.status();
      if (st.status !== 'running') {
        throw new Error(`observer: the simulation stopped (${st.status}${st.reason ? `: ${st.reason}` : ''} at t = ${st.time}), so it cannot be sampled at its interval any more`);
      }
      if (M._wasm_observer_sample(o, sim.w, api.err) !== 0) throw new Error(api.fieldError());
    },
    /** The observables asked for (default all; a name or a list of them) from the samples so far (at least 16). */
    results(what = ['msd', 'vacf', 'gr', 'speeds']) {
      live();
      const list = typeof what === 'string' ? [what] : what;
      if (!Array.isArray(list)) throw new Error(`what: must be one of ${Object.keys(WHAT).join(', ')} or a list of them, got ${typeof what}`);
      const mask = list.reduce((m, w) => {
        if (!WHAT[w]) throw new Error(`what: each must be one of ${Object.keys(WHAT).join(', ')}, got ${JSON.stringify(w)}`);
        return m | WHAT[w];
      }, 0);
      const size = M._wasm_observer_results_size(), out = M._malloc(8 * size);
      if (!out) throw new Error('observer: out of memory for the results');
      try {
        if (M._wasm_observer_results(o, mask, out, api.err) !== 0) throw new Error(api.fieldError());
        return parse(M.HEAPF64.slice(out / 8, out / 8 + size));
      } finally {
        M._free(out);
      }
    },
    destroy() { if (o) { M._wasm_observer_destroy(o, sim.w); o = 0; sim.observer = false; } },
  };
}

/** The flat array of wasm_observer_results, in its order. */
function parse(v) {
  let k = 0;
  const next = () => v[k++], many = (n) => Array.from(v.subarray(k, (k += n)));
  const r = { sampleDt: next(), samples: next() };
  const lags = next(), t = many(lags), msd = many(lags);
  r.msd = t.map((x, i) => [x, msd[i]]);
  r.diffusionMsd = next(); r.diffusionMsdError = next();
  const vl = next();
  r.vacf = many(vl).map((c, i) => [i * r.sampleDt, c]);
  r.diffusionGreenKubo = next(); r.diffusionGreenKuboError = next();
  const bins = next(), dr = next(), rr = many(bins), g = many(bins);
  r.gr = rr.map((x, i) => [x, g[i]]);
  r.grBinWidth = dr;
  r.contactGr = next(); r.contactGrError = next();
  r.speedsKt = next(); r.speedsChi2 = next(); r.speedsDof = next();
  const sv = many(40), so = many(40), se = many(40);
  r.speeds = sv.map((x, i) => [x, so[i], se[i]]);
  r.flights = next(); r.flightMean = next();
  const edges = many(49), counts = many(48);
  r.flightHistogram = counts.map((c, i) => [edges[i], edges[i + 1], c]);
  return r;
}
