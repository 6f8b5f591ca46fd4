// Browser tests: the shared jest settings (swc, ESM) with the e2e specs and a longer timeout.
// Run against a started stack: E2E_BASE_URL (default http://localhost:3000).
import base from '../jest.config.base.js';

export default {
  ...base,
  rootDir: '.',
  testMatch: ['<rootDir>/e2e/**/*.spec.ts'],
  testTimeout: 60000,
};
