// A link's state file, fetched within the app's two limits: its size (held while the response
// streams, so a server that sends no Content-Length cannot push past it) and the page's folder
// (checked on the response's own URL, after any redirect). No DOM.

export const MAX_FILE_BYTES = 128 * 1024 * 1024;  // each pane's worker keeps its own copy of the text
const MIB = 1048576;

/** A size in MiB, cut (not rounded) to the fewest decimals that show it is more than its whole
 * MiB: 128 MiB + 104 B is 128.00009 MiB, never "128" beside a cap of 128. */
export function mib(bytes) {
  const x = bytes / MIB, whole = Math.floor(x);
  if (x === whole) return `${x} MiB`;
  let d = 1;  // one byte is 9.5e-7 MiB: at most 7 decimals
  while (d < 7 && Math.floor(x * 10 ** d) / 10 ** d === whole) d++;
  return `${(Math.floor(x * 10 ** d) / 10 ** d).toFixed(d)} MiB`;
}

/** Whether the URL a response came from is in the page's folder (or below it). */
export function withinFolder(responseUrl, pageUrl) {
  const folder = new URL('.', pageUrl), at = new URL(responseUrl, pageUrl);
  return at.origin === folder.origin && at.pathname.startsWith(folder.pathname);
}

/** The response's text (UTF-8, as Response.text()), or an Error once more than maxBytes arrived. */
export async function readCapped(res, maxBytes = MAX_FILE_BYTES) {
  const tooLarge = () => new Error(`larger than the app's ${mib(maxBytes)}`);
  if (Number(res.headers.get('content-length')) > maxBytes) throw tooLarge();
  if (!res.body) return '';
  const reader = res.body.getReader(), decoder = new TextDecoder('utf-8');
  const parts = [];
  let got = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    got += value.byteLength;
    if (got > maxBytes) { await reader.cancel(); throw tooLarge(); }
    parts.push(decoder.decode(value, { stream: true }));
  }
  parts.push(decoder.decode());
  return parts.join('');
}
