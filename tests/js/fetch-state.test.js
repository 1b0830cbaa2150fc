// A link's state file: the size cap holds while the response streams (a chunked response has no
// Content-Length to check), the folder rule holds on the URL the response came from, and a size
// just over the cap is not printed as the cap.
import { readCapped, withinFolder, mib } from '../../web/src/model/fetch-state.js';

/** A response streamed in chunks, without a Content-Length (as a chunked transfer arrives). */
function chunked(chunks) {
  let k = 0, cancelled = false;
  const body = new ReadableStream({
    pull(c) { if (k < chunks.length) c.enqueue(new TextEncoder().encode(chunks[k++])); else c.close(); },
    cancel() { cancelled = true; },
  });
  const res = new Response(body);
  return { res, read: () => k, cancelled: () => cancelled };
}

test('a chunked response is cut off once it passes the cap, without reading the rest', async () => {
  const chunk = 'x'.repeat(1000);
  const s = chunked(Array(100).fill(chunk));
  await expect(readCapped(s.res, 4500)).rejects.toThrow("larger than the app's 0.004 MiB");
  expect(s.read()).toBeLessThanOrEqual(6);  // stopped at the fifth chunk, 5000 bytes > 4500 (the stream pulls one ahead)
  expect(s.cancelled()).toBe(true);
});

test('within the cap the text is the response\'s, multi-byte characters split across chunks included', async () => {
  const text = '2\nLattice="1 0 0 0 1 0 0 0 1" σ=1 ü\n';
  const bytes = new TextEncoder().encode(text), cut = bytes.indexOf(0xcf) + 1;  // inside σ
  const parts = [bytes.slice(0, cut), bytes.slice(cut)];
  let k = 0;
  const res = new Response(new ReadableStream({ pull(c) { if (k < 2) c.enqueue(parts[k++]); else c.close(); } }));
  expect(await readCapped(res, 1000)).toBe(text);
  expect(await readCapped(new Response('\uFEFFabc'), 10)).toBe('abc');  // a byte-order mark dropped, as Response.text() does
});

test('a declared Content-Length over the cap is refused before reading', async () => {
  const res = new Response('small', { headers: { 'content-length': String(2 ** 27 + 104) } });
  await expect(readCapped(res)).rejects.toThrow("larger than the app's 128 MiB");
});

test('the folder rule on the response\'s URL: a redirect out of the page\'s folder is caught', () => {
  const page = 'https://example.org/course/edpd/index.html#v=1&scenario=file&state=examples/a.xyz';
  expect(withinFolder('https://example.org/course/edpd/examples/a.xyz', page)).toBe(true);
  expect(withinFolder('https://example.org/course/secret.xyz', page)).toBe(false);
  expect(withinFolder('https://example.org/course/edpd-other/a.xyz', page)).toBe(false);
  expect(withinFolder('https://evil.example/course/edpd/examples/a.xyz', page)).toBe(false);
});

test('a size just over the cap is not printed as the cap', () => {
  expect(mib(2 ** 27)).toBe('128 MiB');
  expect(mib(2 ** 27 + 104)).toBe('128.00009 MiB');
  expect(mib(3.5 * 2 ** 20)).toBe('3.5 MiB');
  expect(mib(2 ** 27 + 1)).toBe('128.0000009 MiB');
});
