// The keyboard: one key per action (the help dialog lists them), never while the user types in a
// field or holds a modifier (the browser's own shortcuts), and only Escape and ? while the help
// is open.

/** @param opts.ready () => whether a run is on screen (a link's state file may still be coming)
 *  @param opts.help { open: () => bool, close: () => void }
 *  @param opts.actions { key: (event) => void }; '1'..'9' may be given as one `digit: (n, event)` */
export function bindKeys({ ready, help, actions, digit }) {
  window.addEventListener('keydown', (e) => {
    if (!ready()) return;
    if (e.target instanceof HTMLInputElement || e.target instanceof HTMLSelectElement || e.target instanceof HTMLTextAreaElement) return;
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    if (e.key === 'Escape') { help.close(); return; }
    if (help.open() && e.key !== '?') return;
    const act = actions[e.key];
    if (act) act(e);
    else if (digit && /^[1-9]$/.test(e.key)) digit(Number(e.key), e);
  });
}
