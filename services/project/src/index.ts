export * from './app.js';
export * from './config.js';
export { GENERATE_QUEUE } from './repositories/generation.queue.js';
