// Runs the auth schema's migrations (a Kubernetes Job runs this before the Deployment rolls).
import { loadConfig, commonConfigSchema } from '@trainwright/platform';
import { migrateAuth } from './main.js';

const config = loadConfig(commonConfigSchema);
const applied = await migrateAuth(config);
console.log(applied.length ? `auth: applied ${applied.join(', ')}` : 'auth: schema up to date');
