// Runs the project schema's migrations (a Kubernetes Job runs this before the Deployment rolls).
import { commonConfigSchema, loadConfig } from '@trainwright/platform';
import { migrateProject } from './main.js';

const config = loadConfig(commonConfigSchema);
const applied = await migrateProject(config);
console.log(applied.length ? `project: applied ${applied.join(', ')}` : 'project: schema up to date');
