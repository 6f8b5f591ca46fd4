// Unit tests of the web app (no browser, no backend): the shared settings plus the ~/ alias.
import base from '../jest.config.base.js';

export default {
  ...base,
  rootDir: '.',
  // Vite asset imports (root.tsx's `~/tailwind.css?url`; jest drops the query): a stub URL.
  moduleNameMapper: { '\\.css(\\?url)?$': '<rootDir>/test/support/asset-url.ts', ...base.moduleNameMapper, '^~/(.*)$': '<rootDir>/app/$1' },
};
