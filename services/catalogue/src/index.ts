export * from './plans.js';
export * from './features.js';
export * from './trial.js';
export * from './roles.js';
export * from './projects.js';
export * from './generators.js';
export * from './quality.js';
export * from './uploads.js';
