export * from './template.js';
export * from './builtin-templates.js';
export * from './rules.js';
