// Runs the billing schema's migrations (a Kubernetes Job runs this before the Deployment rolls).
import { loadConfig, commonConfigSchema } from '@trainwright/platform';
import { migrateBilling } from './main.js';

const config = loadConfig(commonConfigSchema);
const applied = await migrateBilling(config);
console.log(applied.length ? `billing: applied ${applied.join(', ')}` : 'billing: schema up to date');
