import { logTick, logRange, labelledGrid } from '../../web/src/view/ticks.js';

test('log-axis ticks: small decades are not rounded to 0', () => {
  expect(logTick(1)).toBe('1');
  expect(logTick(0.01)).toBe('0.01');
  expect(logTick(0.001)).toBe('1e-3');
  expect(logTick(1e-4)).toBe('1e-4');
  expect(logTick(1e5)).toBe('1e5');
  expect(logTick(100)).toBe('100');
  expect(logTick(0.05)).toBe('0.05');
  expect(logTick(3e-5)).toBe('3.0e-5');
});

test('log-axis ticks: nothing for non-positive or missing values', () => {
  for (const v of [0, -1, null, undefined, NaN, Infinity]) expect(logTick(v)).toBe('');
});

test('log-axis range: the decades around the data, no padding decade', () => {
  expect(logRange(2e-4, 1)).toEqual([1e-4, 1]); // a cooling gas from kT = 1: top at 1, not 10
  expect(logRange(0.003, 0.7)).toEqual([0.001, 1]);
  expect(logRange(0.5, 0.5)).toEqual([0.1, 1]);
  expect(logRange(1, 1)).toEqual([1, 10]);
  expect(logRange(0, 1)).toEqual([0.1, 1]); // no positive minimum: a fixed decade, never NaN
  expect(logRange(NaN, NaN)).toEqual([0.1, 1]);
});

test('log-axis grid: lines only at the splits the axis labels', () => {
  const splits = [0.01, 0.02, 0.03, 0.05, 0.09, 0.1];
  const u = { axes: [{}, { filter: (self, s) => s.map((v) => ([0.01, 0.02, 0.05, 0.1].includes(v) ? v : null)) }] };
  expect(labelledGrid(u, splits, 1, 30, 1)).toEqual([0.01, 0.02, null, 0.05, null, 0.1]);
});
