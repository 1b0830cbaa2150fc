// The URL codec: a schema with types, ranges and defaults; untrusted input never throws.
import { readFileSync, readdirSync } from 'fs';
import { parseHash, parseLocation, encodeState, embedSnippet, FIELDS, MAX_HASH_LENGTH, MAX_N, fieldsOf, isSitePath } from '../../web/src/model/url-state.js';
import { defaultState, SCENARIO_IDS, LINK_SCENARIOS, fileState } from '../../web/src/model/scenarios.js';

test('defaults: empty hash gives the bouncing ball with no warnings', () => {
  const { state, warnings } = parseHash('');
  expect(state).toEqual(defaultState('ball'));
  expect(warnings).toEqual([]);
});

test.each(SCENARIO_IDS)('round trip of %s, also with changed values', (id) => {
  const s = defaultState(id);
  expect(parseHash(encodeState(s)).state).toEqual(s);
  const changed = { ...s, t: 1.2345678901234567, speed: 0.3, paused: true };
  if ('seed' in s) changed.seed = 4294967295;
  if ('e' in s) changed.e = 0.1 + 0.2; // not a short decimal: must round-trip exactly
  const back = parseHash(encodeState(changed));
  expect(back.warnings).toEqual([]);
  expect(back.state).toEqual(changed);
});

test('the hash is readable and versioned', () => {
  expect(encodeState(defaultState('ball'))).toBe('#v=1&scenario=ball&naive=halt&e=0.5&g=1&plate=0.763774618976614&speed=1&t=0');
});

test('unknown keys are ignored (and reported), not warned', () => {
  const r = parseHash('#v=1&scenario=granular&colour=red&__proto__=1');
  expect(r.warnings).toEqual([]);
  expect(r.ignored).toEqual(['colour', '__proto__']);
  expect(r.state.scenario).toBe('granular');
});

test('out-of-range values are clamped with a warning naming the field', () => {
  const r = parseHash('#v=1&scenario=granular&e=1.5&phi=0.99&n=500000&speed=-2');
  const fields = r.warnings.map((w) => w.field).sort();
  expect(fields).toEqual(['e', 'n', 'phi', 'speed']);
  expect(r.state.e).toBe(1);
  expect(r.state.phi).toBe(0.78);
  expect(r.state.n).toBe(100000);
  expect(r.state.speed).toBe(FIELDS.speed.min);
  expect(r.warnings.find((w) => w.field === 'e').message).toMatch(/outside \[0, 1\].*clamped to 1/);
});

test('the square-well fluid: its keys parsed and clamped to the core\'s ranges, naming the field', () => {
  const r = parseHash('#v=1&scenario=square-well&lambda=0.9&T=-1&thermo=2&quench=5&Tq=0.3');
  expect(r.warnings.map((w) => w.field).sort()).toEqual(['T', 'lambda']);
  expect(r.state.lambda).toBe(1.05);  // lambda must exceed 1: the core refuses a well inside the core
  expect(r.state.T).toBe(0.05);
  expect([r.state.thermo, r.state.quench, r.state.Tq]).toEqual([2, 5, 0.3]);
  expect(encodeState(r.state)).toMatch(/&T=0\.05&lambda=1\.05&thermo=2&quench=5&Tq=0\.3&/);
});

test('the elastic start of the granular gas: parsed, clamped with a warning, 0 by default', () => {
  expect(parseHash('#v=1&scenario=granular&eq=20').state.eq).toBe(20);
  expect(parseHash('#v=1&scenario=granular').state.eq).toBe(0);
  const r = parseHash('#v=1&scenario=granular&eq=5000');
  expect(r.state.eq).toBe(1000);
  expect(r.warnings.map((w) => w.field)).toEqual(['eq']);
  // written only when on: a link without it reads (and writes) as before
  expect(encodeState({ ...defaultState('granular'), eq: 0 })).not.toContain('eq=');
  expect(encodeState({ ...defaultState('granular'), eq: 20 })).toContain('&eq=20&');
  expect(parseHash(encodeState({ ...defaultState('granular'), eq: 0.1 + 0.2 })).state.eq).toBe(0.1 + 0.2);
});

test('the packing-fraction ceiling follows the dimension', () => {
  const r = parseHash('#scenario=granular&dim=3&phi=0.7');
  expect(r.state.phi).toBe(0.6);
  expect(r.warnings[0].field).toBe('phi');
});

test('malformed values fall back to defaults with a warning', () => {
  const r = parseHash('#scenario=elastic&n=12abc&dim=x&naive=explode&paused=maybe&seed=1.5');
  const byField = Object.fromEntries(r.warnings.map((w) => [w.field, w.message]));
  expect(byField.n).toMatch(/not a number/);
  expect(byField.dim).toMatch(/not a number/);
  expect(byField.naive).toMatch(/not one of halt, miss, rewind/);
  expect(byField.paused).toMatch(/must be 0 or 1/);
  expect(byField.seed).toMatch(/not an integer; rounded to 2/);
  expect(r.state.n).toBe(defaultState('elastic').n);
});

test('an absurd N is clamped like any value out of range, and an over-long hash refused, each with a message', () => {
  const r = parseHash('#scenario=granular&n=1e12');
  expect(r.warnings[0]).toMatchObject({ field: 'n' });
  expect(r.warnings[0].message).toMatch(/clamped to 100000$/);
  expect(r.state.n).toBe(MAX_N);
  const long = parseHash('#scenario=granular&x=' + 'a'.repeat(MAX_HASH_LENGTH));
  expect(long.warnings[0].field).toBe('url');
  expect(long.state).toEqual(defaultState('ball'));
});

test('an unknown scenario falls back to the ball with a warning', () => {
  const r = parseHash('#scenario=<img src=x onerror=alert(1)>');
  expect(r.state.scenario).toBe('ball');
  expect(r.warnings[0].field).toBe('scenario');
});

test('a newer link version is read with a warning', () => {
  const r = parseHash('#v=7&scenario=elastic');
  expect(r.state.scenario).toBe('elastic');
  expect(r.warnings[0].field).toBe('v');
});

// Fuzz: 10^4 random and malformed hashes. No exception escapes, the state is always valid,
// and every warning names a field.
function rng(seed) {
  let s = seed >>> 0;
  return () => { s = (Math.imul(s, 1664525) + 1013904223) >>> 0; return s / 2 ** 32; };
}

function validState(s) {
  if (!LINK_SCENARIOS.includes(s.scenario)) return false;
  if (s.scenario === 'file' && !isSitePath(s.state)) return false;  // a file's run always names its file
  for (const k of fieldsOf(s.scenario)) {
    const f = FIELDS[k];
    const v = s[k];
    if (k === 'scenario' || (k === 'frame' && v === undefined)) continue;  // no frame: the last
    if (f.type === 'path' && !isSitePath(v)) return false;
    if (f.type === 'enum' && !f.values.includes(v)) return false;
    if (f.type === 'bool' && typeof v !== 'boolean') return false;
    if ((f.type === 'number' || f.type === 'int') && !(typeof v === 'number' && Number.isFinite(v) && v >= f.min && v <= f.max)) return false;
    if (f.type === 'int' && !Number.isInteger(v)) return false;
  }
  return true;
}

test('fuzz: 10^4 random hashes', () => {
  const r = rng(12345);
  const keys = [...Object.keys(FIELDS), 'v', 'zz', '', '=', '&&', '%', '%zz'];
  const values = ['', '0', '1', '-1', '1e309', 'NaN', 'Infinity', '0x10', '1e-400', '%00', '%E2%82', 'ball', 'granular', 'elastic',
    'ball-array', 'halt', 'miss', 'rewind', '3', '2', '99999999999', '0.5', '  1', '1 ', 'true', 'false', '<b>', '"', '\u0000', '💥',
    'file', 'file', 'examples/collapse-line.xyz', 'a.xyz', '//evil.example/x.xyz', 'https://evil.example/x', '/abs.xyz', 'javascript:alert(1)'];
  const fieldNames = new Set([...Object.keys(FIELDS), 'url', 'v']);
  for (let i = 0; i < 10000; i++) {
    let hash = '#';
    const parts = Math.floor(r() * 12);
    for (let k = 0; k < parts; k++) {
      if (r() < 0.1) { hash += String.fromCharCode(Math.floor(r() * 0xffff)); continue; }
      hash += `${keys[Math.floor(r() * keys.length)]}=${values[Math.floor(r() * values.length)]}&`;
    }
    if (r() < 0.01) hash += 'x'.repeat(2000);
    let out;
    expect(() => { out = parseHash(hash); }).not.toThrow();
    expect(validState(out.state)).toBe(true);
    for (const w of out.warnings) {
      expect(fieldNames.has(w.field)).toBe(true);
      expect(typeof w.message).toBe('string');
    }
    // and what it reads back encodes to a link that parses without warnings
    expect(parseHash(encodeState(out.state)).warnings).toEqual([]);
  }
});

test('a state file on this site: a relative path, read back exactly; anything that could leave the site is refused, naming the field', () => {
  const r = parseHash('#v=1&scenario=file&state=examples/collapse-line.xyz&naive=miss&frame=3&speed=2&t=5&paused=1');
  expect(r.warnings).toEqual([]);
  expect(r.state).toEqual({ scenario: 'file', state: 'examples/collapse-line.xyz', naive: 'miss', frame: 3, speed: 2, t: 5, paused: true, embed: false });
  // once loaded, the link names the path, and the frame only for a trajectory
  const run = fileState('collapse-line.xyz', 'text', { n: 3, dim: 2, time: 0, frame: 3, frames: 5 }, { state: 'examples/collapse-line.xyz', naive: 'miss', speed: 2 });
  expect(encodeState(run)).toBe('#v=1&scenario=file&state=examples/collapse-line.xyz&naive=miss&frame=3&speed=2&t=0');
  expect(encodeState({ ...run, file: { ...run.file, frame: 0, frames: 1 } })).toBe('#v=1&scenario=file&state=examples/collapse-line.xyz&naive=miss&speed=2&t=0');
  for (const bad of ['https://evil.example/x.xyz', '//evil.example/x.xyz', '/etc/passwd', 'javascript:alert(1)', 'a'.repeat(201),
    '../up.xyz', 'examples/../../up.xyz', './x.xyz', 'a//b.xyz', 'a/', ' lead.xyz', 'trail.xyz ', 'dir /x.xyz', 'a\\b.xyz',
    'a?b.xyz', 'a#b.xyz', 'a%2e.xyz', 'a\u0000b', 'a\u202eb.xyz', '\uff0e\uff0e/x.xyz', 'a\nb.xyz']) {
    const p = parseHash(`#v=1&scenario=file&state=${encodeURIComponent(bad)}`);
    expect(p.state).toEqual(defaultState('ball'));
    expect(p.warnings.map((w) => w.field)).toEqual(['state']);
    expect(p.warnings[0].message).toMatch(/is not a path on this site \(relative, below the page's folder: .* at most 200 characters/);
  }
  // names as people write them: spaces inside, any script, a few punctuation marks; the link
  // escapes them and reads them back exactly, and the path resolves on the page's own origin
  for (const good of ['a b.xyz', 'kurs/Stoß ε=0.5 (Gruppe 2).xyz', '粒子/gas-1,2+3.xyz', 'x~/.hidden.xyz', 'Ångström.extxyz']) {
    expect(isSitePath(good)).toBe(true);
    const link = parseHash(`#v=1&scenario=file&state=${encodeURIComponent(good).replace(/%2F/g, '/')}`);
    expect(link.warnings).toEqual([]);
    expect(link.state.state).toBe(good);
    const hash = encodeState(fileState(good.split('/').pop(), 'text', { n: 1, dim: 3, time: 0, frame: 0, frames: 1 }, { state: good, naive: 'halt', speed: 1 }));
    expect(hash.slice(1)).not.toMatch(/[ #?\s]|%2F/);
    expect(parseHash(hash).state.state).toBe(good);
    expect(new URL(good, 'https://course.example/edpd/index.html').href.startsWith('https://course.example/edpd/')).toBe(true);
  }
  expect(parseHash('#v=1&scenario=file').warnings[0].message).toMatch(/^a state file's run needs state=PATH/);
  // another scenario's link with a path: warned about, not used
  expect(parseHash('#v=1&scenario=elastic&state=a.xyz').warnings[0].field).toBe('state');
});

test('non-string input does not throw', () => {
  for (const x of [undefined, null, 42, {}, []]) expect(validState(parseHash(x).state)).toBe(true);
});

test('a key given twice is warned about, naming it, and the last value is used', () => {
  const r = parseHash('#v=1&scenario=granular&n=500&n=900');
  expect(r.state.n).toBe(900);
  expect(r.warnings).toHaveLength(1);
  expect(r.warnings[0].field).toBe('n');
  expect(r.warnings[0].message).toMatch(/given 2 times.*900/);
});

test('a key of another scenario is warned about, not silently dropped', () => {
  // a lecturer who writes n=50 into a ball link meant the ball array
  const r = parseHash('#v=1&scenario=ball&n=50&phi=0.3');
  expect(r.state).toEqual(defaultState('ball'));
  expect(r.warnings.map((w) => w.field).sort()).toEqual(['n', 'phi']);
  expect(r.warnings.find((w) => w.field === 'n').message).toMatch(/Bouncing ball.*Ball array/);
  // the app's own links never carry such keys
  for (const id of SCENARIO_IDS) expect(parseHash(encodeState(defaultState(id))).warnings).toEqual([]);
});

test('the embed snippet is this run from t = 0 in embed mode, and the link inside it parses back to the run', () => {
  const s = { ...defaultState('granular'), naive: 'miss', n: 500, t: 11.5, paused: true };
  const html = embedSnippet('https://x.edu/edpd/', s);
  expect(html).toMatch(/^<iframe src="https:\/\/x\.edu\/edpd\/#v=1&amp;scenario=granular&amp;naive=miss&amp;.*&amp;embed=1" width="800" height="450"/);
  expect(html).toMatch(/title="Granular gas: naive-miss vs stable event detection \(edpd\)"/);
  const src = html.match(/src="([^"]*)"/)[1].replace(/&amp;/g, '&');
  const back = parseHash(src.slice(src.indexOf('#')));
  expect(back.warnings).toEqual([]);
  expect(back.state).toEqual({ ...s, t: 0, paused: false, embed: true });
  const hostile = embedSnippet('/"><script>', s);  // attributes stay attributes
  expect(hostile).not.toMatch(/<script>/);
  expect(hostile).toMatch(/^<iframe src="\/&quot;&gt;&lt;script&gt;#v=1/);
});

test('every link in the README, the docs and the Paper page opens without a warning', () => {
  const read = (p) => readFileSync(new URL(p, import.meta.url), 'utf8');
  const pages = readdirSync(new URL('../../docs/', import.meta.url)).filter((f) => f.endsWith('.md')).map((f) => `../../docs/${f}`);
  const docs = ['../../README.md', ...pages, '../../web/paper.html'];
  const hashes = docs.flatMap((p) => [...read(p).matchAll(/#v=1[^\s`"'<>)]*/g)].map((m) => m[0].replace(/&amp;/g, '&')));
  expect(hashes.length).toBeGreaterThan(10);
  for (const h of hashes) {
    const { warnings } = parseHash(h);
    expect({ hash: h, warnings }).toEqual({ hash: h, warnings: [] });
  }
});

test('the design\'s ?embed=1 embeds; a query defines the run only when there is no hash and it names a run key', () => {
  const ball = defaultState('ball');
  expect(parseLocation('', '?embed=1')).toEqual({ state: { ...ball, embed: true }, warnings: [], ignored: [] });
  expect(parseLocation('#v=1&scenario=granular&n=500', '?embed=1').state).toMatchObject({ scenario: 'granular', n: 500, embed: true });
  expect(parseLocation('#v=1&scenario=granular&n=500', '?embed=0').state.embed).toBe(false);
  expect(parseLocation('', '?scenario=granular&n=500&embed=1').state).toMatchObject({ scenario: 'granular', n: 500, embed: true });
  expect(parseLocation('', '?scenario=granular&n=500').state).toMatchObject({ scenario: 'granular', n: 500, embed: false });
  // the hash wins over the query
  expect(parseLocation('#v=1&scenario=elastic', '?scenario=granular&n=500').state.scenario).toBe('elastic');
  // a bad value in a query run is warned about as in a hash
  // (clamped to 1, then raised to the fewest particles that start at the default density)
  expect(parseLocation('', '?scenario=granular&n=-5').warnings.map((w) => w.field)).toEqual(['n', 'n']);
  // a host's own query, however long, is not a run: no warning, the default runs
  expect(parseLocation('', `?session=${'x'.repeat(5000)}&page=3`)).toEqual({ state: ball, warnings: [], ignored: [] });
  for (const junk of [undefined, null, 42, '?%', '?&&=', '#']) expect(validState(parseLocation(junk, junk).state)).toBe(true);
});

test('a link value that would do nothing is said so: a quench without the thermostat, a number too small to hold', () => {
  const q = parseHash('#v=1&scenario=square-well&quench=5&Tq=0.3');
  expect(q.state.quench).toBe(0);
  expect(q.warnings).toEqual([{ field: 'quench', message: 'a quench at t = 5 needs the thermostat (thermo > 0), which this link leaves off; ignored' }]);
  const on = parseHash('#v=1&scenario=square-well&thermo=1&quench=5&Tq=0.3');
  expect([on.state.quench, on.warnings]).toEqual([5, []]);
  // 1e-400 is no number a double holds: it read as 0, the thermostat silently off
  const tiny = parseHash('#v=1&scenario=square-well&thermo=1e-400');
  expect(tiny.state.thermo).toBe(defaultState('square-well').thermo);
  expect(tiny.warnings[0]).toEqual({ field: 'thermo', message: '"1e-400" is below the smallest number a link can hold and would read as 0; using the default ' + defaultState('square-well').thermo });
  expect(parseHash('#v=1&scenario=square-well&thermo=0e-5').warnings).toEqual([]);  // a zero written so is a zero
});

test('a link value too large or not a number is said so, as an out-of-range one is: n=1e9 clamped, n=abc the default', () => {
  const big = parseHash('#v=1&scenario=granular&n=1e9');
  expect(big.state.n).toBe(MAX_N);
  expect(big.warnings).toEqual([{ field: 'n', message: `"1e9" is outside [1, ${MAX_N}] (${FIELDS.n.label}); clamped to ${MAX_N}` }]);
  const low = parseHash('#v=1&scenario=granular&n=-5');
  expect(low.warnings[0].message).toMatch(/^"-5" is outside \[1, \d+\] .*; clamped to 1$/);
  const text = parseHash('#v=1&scenario=granular&n=abc');
  expect(text.state.n).toBe(defaultState('granular').n);
  expect(text.warnings).toEqual([{ field: 'n', message: `"abc" is not a number; using the default ${defaultState('granular').n}` }]);
});
