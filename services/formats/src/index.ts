export * from './slide-model.js';
export * from './slide-text.js';
export * from './script-text.js';
export * from './convert.js';
export * from './text-stats.js';
export * from './random.js';
export * from './generated-content.js';
