// Unit tests of the web app (no browser, no backend): the shared settings plus the ~/ alias.
import base from '../jest.config.base.js';

export default {
  ...base,
  rootDir: '.',
  moduleNameMapper: { ...base.moduleNameMapper, '^~/(.*)$': '<rootDir>/app/$1' },
};
