// A render worker process: drains the `render` queue (RENDER_CONCURRENCY jobs at once) and
// serves no API. Scale by running more of these (Kubernetes: on the queue's depth).
import { roomyHeap, runServiceProcess } from '@trainwright/platform';
import { loadMediaConfig } from './config.js';
import { migrateMedia, startMediaServer } from './main.js';

// Renders promote much: see roomyHeap.
const roomy = roomyHeap();

await runServiceProcess({
  name: 'render-worker',
  loadConfig: loadMediaConfig,
  migrate: migrateMedia,
  start: (config, logger) => {
    logger.info({ roomyHeap: roomy }, 'V8 heap growth');
    return startMediaServer(config, logger, { api: false, worker: true, videoWorker: false });
  },
});
