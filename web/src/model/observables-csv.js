// The stable pane's observables as CSV (view/observables-panel.js exports it). No DOM.

/** The three tables, one after another, each with its header line. */
export function observablesCsv(obs) {
  const table = (head, rows) => [head, ...rows.map((r) => r.join(','))].join('\n');
  return [
    `# ${obs.samples} samples every ${obs.sampleDt}; D (MSD) ${obs.diffusionMsd} +- ${obs.diffusionMsdError}; D (Green-Kubo) ${obs.diffusionGreenKubo} +- ${obs.diffusionGreenKuboError}; g(sigma+) ${obs.contactGr} +- ${obs.contactGrError}; speeds chi2 ${obs.speedsChi2} (${obs.speedsDof} dof)`,
    table('r,g', obs.gr), '', table('lag,msd', obs.msd), '', table('lag,vacf', obs.vacf), '', table('speed,observed,maxwell_boltzmann', obs.speeds),
  ].join('\n') + '\n';
}
