// A scenario's one-click experiments (scenarios' experiments): a button each, above the plots.

/** Fills container with a button per experiment ({ label, change }); onPick(change) on a click.
 * The container hides when there is none. */
export function showExperiments(container, experiments, onPick) {
  const buttons = experiments.map(({ label, change }) => {
    const b = document.createElement('button');
    b.type = 'button';
    b.textContent = label;
    b.onclick = () => onPick(change);
    return b;
  });
  container.replaceChildren(...buttons);
  container.hidden = buttons.length === 0;
}
