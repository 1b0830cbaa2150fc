// The embedding API's checks (web/src/embed-api.js) and the link's origin allow-list
// (url-state.js): only the protocol's commands with valid fields are acted on.
import { parseCommand, allowedOrigins } from '../../web/src/embed-api.js';
import { parseHash, encodeState } from '../../web/src/model/url-state.js';

test('commands: each type with its fields; anything else refused, naming the field and its range', () => {
  expect(parseCommand({ edpd: 1, type: 'play' })).toEqual({ command: { type: 'play' } });
  expect(parseCommand({ edpd: 1, type: 'speed', value: 0.25 })).toEqual({ command: { type: 'speed', value: 0.25 } });
  expect(parseCommand({ edpd: 1, type: 'ticks', every: 0 })).toEqual({ command: { type: 'ticks', every: 0 } });
  expect(parseCommand({ edpd: 1, type: 'load', link: '#v=1&scenario=granular' }).command.link).toBe('#v=1&scenario=granular');
  const refused = [
    [null, /^a message must be an object/], ['play', /^a message must be an object/], [[1], /^a message must be an object/],
    [{ type: 'play' }, /^edpd: must be 1/], [{ edpd: '1', type: 'play' }, /^edpd: must be 1/],
    [{ edpd: 1, type: 'eval' }, /^type: must be one of load, play/], [{ edpd: 1, type: 'constructor' }, /^type: must be one of/],
    [{ edpd: 1, type: 'speed', value: '2' }, /^value: must be a number in \[0\.001, 10000\]/], [{ edpd: 1, type: 'speed', value: NaN }, /^value:/],
    [{ edpd: 1, type: 'speed', value: 1e5 }, /^value:/], [{ edpd: 1, type: 'ticks', every: -1 }, /^every:/],
    [{ edpd: 1, type: 'load', link: 'https://evil.example/#v=1' }, /^link: must be a link's hash/], [{ edpd: 1, type: 'load', link: '#' + 'x'.repeat(1024) }, /^link:/],
  ];
  for (const [m, msg] of refused) expect(parseCommand(m).error).toMatch(msg);
});

test('origin in a link: scheme://host[:port] only, several by commas; others dropped with a warning; round trip', () => {
  const ok = parseHash('#v=1&scenario=ball&embed=1&origin=https://course.example.edu,http://127.0.0.1:8080');
  expect(ok.warnings).toEqual([]);
  expect(allowedOrigins(ok.state.origin)).toEqual(['https://course.example.edu', 'http://127.0.0.1:8080']);
  expect(parseHash(encodeState(ok.state)).state.origin).toBe(ok.state.origin);
  expect(encodeState(ok.state)).toContain('&origin=https://course.example.edu,http://127.0.0.1:8080');
  const bad = parseHash('#v=1&scenario=ball&origin=*,https://a.example/path,javascript:alert(1),https://b.example');
  expect(allowedOrigins(bad.state.origin)).toEqual(['https://b.example']);
  expect(bad.warnings.map((w) => w.field)).toEqual(['origin']);
  expect(bad.warnings[0].message).toMatch(/each origin must be scheme:\/\/host\[:port\].*using https:\/\/b\.example/);
  expect(allowedOrigins(parseHash('#v=1&scenario=ball&origin=null').state.origin)).toEqual([]);
  expect(allowedOrigins(parseHash('#v=1&scenario=ball').state.origin)).toEqual([]);
});
