// Writing to the page only what changed: a screen reader re-reads a changed text, and a field's
// selection is lost when its value is set, so the views write through these.

/** An element's text, written only when it changes. */
export function setText(el, text) { if (el.textContent !== text) el.textContent = text; }

/** A text field's value, unless it has focus (the user may be selecting in it: a new value would
 * drop the selection at every frame while the run plays) or already holds it. */
export function setField(el, value) {
  if (document.activeElement === el || el.value === value) return;
  el.value = value;
}
