// The doc check (scripts/doc-check.mjs, run by npm test) can tell a true claim from a plausible
// wrong one, and reads the docs' blocks as a reader would: continued lines, loops, comments.
import { claimHolds, fencedBlocks, shCommands, splitComment } from '../../scripts/doc-check.mjs';

const output = `bouncing-ball sweep, naive-halt detector, 100000 samples (eps = 0.5) in 0.40 s
halted 0.2480 (mean events at halt 27.49), fell through 0.0000, collapsed 0.7520
state hash 80c8ebdd908a4d97  "energy_drift": 5.0022208597511053e-11, overlaps now = 14`;

test('a claim holds only with its numbers, in its order and to its places, and its words', () => {
  expect(claimHolds('halted 0.2480 (mean events at halt 27.49)', output)).toEqual([]);
  expect(claimHolds('halted 0.248 (mean events at halt 27.5)', output)).toEqual([]);  // fewer places
  expect(claimHolds('halted 0.2481 (mean events at halt 27.49)', output)).toEqual(['0.2481']);
  expect(claimHolds('mean events at halt 27.49, halted 0.2480', output)).toEqual(['0.2480']);  // order
  expect(claimHolds('overlaps now = 15', output)).toEqual(['15']);  // an integer exactly
  expect(claimHolds('overlaps now = 1', output)).toEqual(['1']);
  expect(claimHolds('"energy_drift": 5.0e-11', output)).toEqual([]);  // to its significant digits
  expect(claimHolds('"energy_drift": 5.1e-11', output)).toEqual(['5.1e-11']);
  expect(claimHolds('state hash 80c8ebdd908a4d97', output)).toEqual([]);
  expect(claimHolds('state hash 80c8ebdd908a4d98', output)).toEqual(['"c8ebdd908a4d98"']);
  expect(claimHolds('HALTED: fell through', output)).toEqual([]);  // words, case aside
  expect(claimHolds('collapsed, stuck', output)).toEqual(['"stuck"']);
});

test('commands: continued lines joined, a loop whole, a claim beside or below its command', () => {
  const page = [
    '```sh',
    'build/edpd run --scenario granular \\',
    '  --time 60     # → stabilizing = 5070',
    '# prose about the next one',
    'build/edpd run --steps "1.2 -2; 1.5 -1" --json',
    '# → "captures": 3',
    'for e in 0.5 0.1; do',
    '  build/edpd run --restitution $e | head -1',
    'done     # → 3 and 6 collisions',
    '```',
  ].join('\n');
  const [block] = fencedBlocks(page);
  expect(block.lang).toBe('sh');
  expect(shCommands(block)).toEqual([
    { line: 2, cmd: 'build/edpd run --scenario granular --time 60', claim: 'stabilizing = 5070' },
    { line: 5, cmd: 'build/edpd run --steps "1.2 -2; 1.5 -1" --json', claim: '"captures": 3' },
    { line: 7, cmd: 'for e in 0.5 0.1; do\nbuild/edpd run --restitution $e | head -1\ndone', claim: '3 and 6 collisions' },
  ]);
  expect(splitComment("grep -E '\"a#b' x   # why")).toEqual(["grep -E '\"a#b' x", 'why']);
});
