// Runs the scorm schema's migrations (a Kubernetes Job runs this before the Deployment rolls).
import { loadConfig, commonConfigSchema } from '@trainwright/platform';
import { migrateScorm } from './main.js';

const config = loadConfig(commonConfigSchema);
const applied = await migrateScorm(config);
console.log(applied.length ? `scorm: applied ${applied.join(', ')}` : 'scorm: schema up to date');
