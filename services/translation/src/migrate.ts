// Runs the translation schema's migrations (a Kubernetes Job runs this before the Deployment rolls).
import { loadConfig, commonConfigSchema } from '@trainwright/platform';
import { migrateTranslation } from './main.js';

const config = loadConfig(commonConfigSchema);
const applied = await migrateTranslation(config);
console.log(applied.length ? `translation: applied ${applied.join(', ')}` : 'translation: schema up to date');
