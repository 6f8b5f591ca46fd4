// Runs the generator schema's migrations (a Kubernetes Job runs this before the Deployment rolls).
import { commonConfigSchema, loadConfig } from '@trainwright/platform';
import { migrateGenerator } from './main.js';

const config = loadConfig(commonConfigSchema);
const applied = await migrateGenerator(config);
console.log(applied.length ? `generator: applied ${applied.join(', ')}` : 'generator: schema up to date');
