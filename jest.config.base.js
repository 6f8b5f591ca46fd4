// Shared jest settings: ESM test files compiled by swc; the `.js` suffix of NodeNext imports is
// mapped back to the TypeScript source.
export default {
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts', '.tsx'],
  transform: {
    '^.+\\.tsx?$': [
      '@swc/jest',
      {
        jsc: { parser: { syntax: 'typescript', tsx: true }, target: 'es2022' },
        module: { type: 'es6' },
      },
    ],
  },
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  testMatch: ['<rootDir>/test/**/*.test.ts'],
  testTimeout: 30000,
  // Suites close what they open; this only keeps a leaked handle from hanging a CI run.
  forceExit: true,
};
