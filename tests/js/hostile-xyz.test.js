// State files the reader once misread without a word: each is refused, naming the line and what
// is wrong, by the CLI (`edpd run --load`) and by the app (the text as a page reads a file,
// through the WebAssembly module) alike. The small ones are in the fuzzer's corpus.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadForNode, root } from './helpers.js';

let edpd, dir;
beforeAll(async () => { edpd = await loadForNode(); dir = mkdtempSync(join(tmpdir(), 'edpd-hostile-')); });
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const corpus = (name) => join(root, 'tests/fuzz/corpus-xyz', name);
const frame = (comment, rows = ['A 1 1 1 1 0 0', 'A 5 5 5 -1 0 0']) => `${rows.length}\n${comment}\n${rows.join('\n')}\n`;
const BOX = 'Lattice="10 0 0 0 10 0 0 0 10"';

const CASES = [
  // a value longer than the reader's buffer was cut: Lz = 12345… read as 12
  ['long-lattice.xyz', frame(`Lattice="10 0 0 0 10 0 0 0 1${'2'.repeat(16400)}" Properties=species:S:1:pos:R:3:velo:R:3`),
    'line 2: Lattice: its value is longer than 16383 characters'],
  // a second value of a key was ignored: an invalid restitution=2 after a valid one passed
  [corpus('hostile-key-twice.xyz'), null, 'line 2: restitution is given twice in the comment line: give it once'],
  // a column given twice: the later was used
  [corpus('hostile-column-twice.xyz'), null, 'line 2: Properties: pos is given twice: which one is meant?'],
  // 1e308 on a periodic axis was wrapped to 0
  [corpus('hostile-far-coordinate.xyz'), null, "line 3: position '1e308' on the periodic axis x lies more than 2^20 box lengths away: wrap it into the box [0, 10)"],
  // a square well without its width: refused, not run as hard spheres or a default well
  [corpus('hostile-well-no-width.xyz'), null, 'line 2: potential=square-well needs well_width=LAMBDA (a number)'],
  // UTF-16 (with or without its byte-order mark): the app read it, the CLI did not
  [corpus('hostile-utf16.xyz'), null, 'line 1: not a text file in UTF-8 or ASCII (a NUL byte, or a UTF-16 byte-order mark): save it as UTF-8'],
  [corpus('hostile-utf16le-no-bom.xyz'), null, 'line 1: not a text file in UTF-8 or ASCII (a NUL byte, or a UTF-16 byte-order mark): save it as UTF-8'],
];

describe('hostile state files: the same refusal in the CLI and the app', () => {
  test.each(CASES.map(([file, text, message]) => [file.split('/').at(-1), file, text, message]))('%s', async (name, file, text, message) => {
    const path = text === null ? file : join(dir, file);
    if (text !== null) writeFileSync(path, text);
    let cli = null;
    try {
      execFileSync(join(root, 'build/edpd'), ['run', '--load', path, '--time', '1'], { encoding: 'utf8', stdio: 'pipe' });
    } catch (e) {
      cli = e.stderr.trim();
    }
    expect(cli).toBe(`edpd: --load: ${path}, ${message}`);
    const pageText = await new Blob([readFileSync(path)]).text();  // as File.text() in the page
    expect(() => edpd.loadState(pageText, { name })).toThrow(`${name}, ${message}`);
  });

  test('what is exact still reads: a coordinate one box length out wraps to the same bits as its image', () => {
    const sim = edpd.loadState(frame(`${BOX} Properties=species:S:1:pos:R:3:velo:R:3`, ['A 11 -9 1 1 0 0', 'A 5 5 5 -1 0 0']), { name: 'wrapped' });
    expect(Array.from(sim.positions().slice(0, 3))).toEqual([1, 1, 1]);
    sim.destroy();
  });
});
