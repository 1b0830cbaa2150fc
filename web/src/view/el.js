// An element made in one expression: el('button', { type: 'button', class: 'x' }, 'text', child).
// Properties the element has are set as properties, the others as attributes (aria-*, data-*).
// Text goes in as text nodes, never as HTML.
export function el(tag, props = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(props)) {
    if (k === 'class') e.className = v;
    else if (k.startsWith('data-')) e.setAttribute(k, v);
    else if (k in e) e[k] = v;
    else e.setAttribute(k, v);
  }
  for (const c of children) if (c != null) e.append(c);
  return e;
}
