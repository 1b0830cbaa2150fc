import { logTick, logRange, labelledGrid } from '../../web/src/view/ticks.js';
import { settledRange } from '../../web/src/view/axes.js';

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

test('settled y range: the last three quarters of the run decide it, not the start transient', () => {
  // Z climbs from 1 in the first quarter, then wanders between 3.9 and 4.1; the theory line at 4
  const xs = [0, 1, 2, 3, 4, 5, 6, 7, 8];
  const z = [1, 2.5, 3.9, 4.1, 4.0, 3.95, 4.05, 4.0, 4.02];
  const [lo, hi] = settledRange({ data: [xs, z, z.map(() => null), xs.map(() => 4)] }, 1, 4.1);
  expect(lo).toBeCloseTo(3.9 - 0.03, 12);  // padded by 15 % of the span 0.2
  expect(hi).toBeCloseTo(4.1 + 0.03, 12);
  expect(settledRange({ data: [[], [], [], []] }, 0, 1)).toEqual([0, 1]);
});
