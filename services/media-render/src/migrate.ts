// Runs the media-render schema's migrations (a Kubernetes Job runs this before the Deployment rolls).
import { commonConfigSchema, loadConfig } from '@trainwright/platform';
import { migrateMedia } from './main.js';

const config = loadConfig(commonConfigSchema);
const applied = await migrateMedia(config);
console.log(applied.length ? `media-render: applied ${applied.join(', ')}` : 'media-render: schema up to date');
