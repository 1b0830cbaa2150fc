// The gallery (model/gallery.js): a dialog of ready experiments, each a card with its thumbnail,
// its title as a link to the run, two lines on what to look for, and a button that opens it in
// the builder to change it. Keyboard: Tab through the cards' links and buttons, Esc closes.
import { GALLERY } from '../model/gallery.js';
import { el } from './el.js';

const THUMBS = Object.fromEntries(GALLERY.map((g) => [g.id, new URL(`../../../docs/gallery/${g.id}.png`, import.meta.url).href]));

export class GalleryPanel {
  /** root: the dialog; onOpen(hash): run an item's link; onEdit(hash): open it in the builder. */
  constructor(root, { onOpen, onEdit }) {
    this.root = root;
    this.opener = null;
    const list = root.querySelector('.gallery-list');
    for (const g of GALLERY) {
      const open = el('a', { href: g.hash, class: 'gallery-open' }, g.title);
      open.addEventListener('click', (e) => { if (e.button === 0 && !e.ctrlKey && !e.metaKey && !e.shiftKey) { e.preventDefault(); this.close(false); onOpen(g.hash); } });
      const edit = el('button', { type: 'button', class: 'gallery-edit', 'aria-label': `${g.title}: open in the builder` }, 'Edit in the builder');
      edit.onclick = () => { this.close(false); onEdit(g.hash); };
      list.append(el('li', { class: 'gallery-card', 'data-id': g.id },
        el('img', { src: THUMBS[g.id], alt: `${g.title}: the naive pane (left) and the stable pane (right)`, width: 480, height: 270, loading: 'lazy' }),
        el('h3', {}, open), el('p', {}, g.look), edit));
    }
    root.addEventListener('keydown', (e) => {
      if (e.key === 'Escape') { e.preventDefault(); this.close(); }
      e.stopPropagation();  // the app's keys are not for the gallery
    });
    root.querySelector('#gallery-close').onclick = () => this.close();
  }

  open() {
    this.opener = document.activeElement;
    this.root.hidden = false;
    this.root.querySelector('.gallery-open')?.focus();
  }

  close(refocus = true) {
    this.root.hidden = true;
    if (refocus) this.opener?.focus?.();
  }
}
