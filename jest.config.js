// Jest on native ES modules (run with NODE_OPTIONS=--experimental-vm-modules; no transform).
export default {
  transform: {},
  testEnvironment: 'node',
  roots: ['<rootDir>/tests/js', '<rootDir>/tests/e2e'],
  testMatch: ['**/*.test.js'],
  testTimeout: 120000,
};
