// The two looks: the dark default, and projector mode (dark ink on white, as PhET's projector
// mode: a dark page washes out on most lecture-hall projectors). Colours for the canvas parts
// that CSS cannot reach (uPlot axes and series, the three.js scene); the page's own colours are
// CSS variables switched by body.projector (style.css). A viewer's preference, not part of a run:
// kept in localStorage, never in the link. No DOM here but the storage.

const DARK = {
  name: 'dark',
  fg: '#c0caf5', grid: 'rgba(192,202,245,0.08)', tick: 'rgba(192,202,245,0.2)',
  panes: ['#7aa2f7', '#73daca'], fills: ['rgba(122,162,247,0.35)', 'rgba(115,218,202,0.35)'], theory: '#e0af68',
  series: ['#7aa2f7', '#73daca', '#e0af68', '#f7768e', '#bb9af7', '#9ece6a'],
  scene: { background: 0x11131c, panes: [0x7aa2f7, 0x73daca], overlap: 0xff9e3b, failure: 0xff3bd4, plate: 0x9aa5ce, box: 0x565f89 },
};
const PROJECTOR = {
  name: 'projector',
  fg: '#1a1b26', grid: 'rgba(26,27,38,0.12)', tick: 'rgba(26,27,38,0.4)',
  panes: ['#2457c5', '#0b7a6a'], fills: ['rgba(36,87,197,0.3)', 'rgba(11,122,106,0.3)'], theory: '#b25f00',
  series: ['#2457c5', '#0b7a6a', '#b25f00', '#c0233f', '#7b3fbf', '#3d7d1a'],
  scene: { background: 0xffffff, panes: [0x3d6fd6, 0x14a08b], overlap: 0xf07800, failure: 0xd0108f, plate: 0x6b7394, box: 0x8890b5 },
};
const KEY = 'edpd-theme';
let current = DARK;

/** The colours in use. */
export function palette() { return current; }

/** Switch to 'dark' or 'projector' (anything else: dark) and remember it if remember is set. */
export function setTheme(name, { remember = false } = {}) {
  current = name === 'projector' ? PROJECTOR : DARK;
  if (remember) { try { globalThis.localStorage?.setItem(KEY, current.name); } catch { /* private mode: not kept */ } }
  return current;
}

/** The remembered look, or dark. */
export function storedTheme() {
  try { return globalThis.localStorage?.getItem(KEY) === 'projector' ? 'projector' : 'dark'; } catch { return 'dark'; }
}
