export * from './app.js';
export * from './config.js';
export { RENDER_QUEUE } from './services/render.service.js';
