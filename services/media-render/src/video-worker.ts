// A video-processing worker process: drains the `video` queue (VIDEO_CONCURRENCY jobs at once) and
// serves no API. Scaled apart from the render workers (Kubernetes: on the video queue's depth), so
// a long batch never holds up a narrated video and the reverse.
import { runServiceProcess } from '@trainwright/platform';
import { loadMediaConfig } from './config.js';
import { migrateMedia, startMediaServer } from './main.js';

await runServiceProcess({
  name: 'video-worker',
  loadConfig: loadMediaConfig,
  migrate: migrateMedia,
  start: (config, logger) => startMediaServer(config, logger, { api: false, worker: false, videoWorker: true }),
});
