import { logTick } from '../../web/src/view/ticks.js';

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
