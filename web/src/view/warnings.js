// The notices above the panes: what a link, a file or an action could not do, each naming its
// field, as text (never HTML); Close empties the list.
export class Warnings {
  /** @param els { box, list, close } the section, its list and its Close button */
  constructor({ box, list, close }) {
    this.box = box;
    this.list = list;
    this.items = [];
    close.onclick = () => this.clear();
    this.show();
  }

  add(...items) { this.items.push(...items); this.show(); }
  /** The list for another address or run: these notices instead of the old ones. */
  replace(items) { this.items.splice(0, this.items.length, ...items); this.show(); }
  clear() { this.items.length = 0; this.show(); }
  all() { return this.items.map((w) => ({ ...w })); }

  show() {
    this.list.replaceChildren(...this.items.map((w) => {
      const li = document.createElement('li');
      li.textContent = `${w.field}: ${w.message}`;
      return li;
    }));
    this.box.hidden = this.items.length === 0;
  }
}
