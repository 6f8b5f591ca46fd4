// The gateway's API tests: the shared jest settings, and one stack per worker that the test files
// share (test/shared-stack/).
import base from '../../jest.config.base.js';

export default {
  ...base,
  testEnvironment: '<rootDir>/test/shared-stack/environment.mjs',
  globalSetup: '<rootDir>/test/shared-stack/setup.mjs',
  globalTeardown: '<rootDir>/test/shared-stack/teardown.mjs',
};
