// Runs the integration schema's migrations (a Kubernetes Job runs this before the Deployment rolls).
import { loadConfig, commonConfigSchema } from '@trainwright/platform';
import { migrateIntegration } from './main.js';

const config = loadConfig(commonConfigSchema);
const applied = await migrateIntegration(config);
console.log(applied.length ? `integration: applied ${applied.join(', ')}` : 'integration: schema up to date');
