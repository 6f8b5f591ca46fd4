export * from './placeholders.js';
export * from './glossary.js';
export * from './segments.js';
export * from './xliff.js';
