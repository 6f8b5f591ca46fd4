export * from './app.js';
export * from './config.js';
export { GENERATE_QUEUE } from './jobs/generate.job.js';
