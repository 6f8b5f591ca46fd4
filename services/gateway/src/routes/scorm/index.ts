// SCORM export (part 2 sections 3, 7, 8; issue 16): start a package of a project (a job on the
// scorm service), list the caller's packages, follow one, download a ready one's zip. The scorm
// service checks tenancy, roles and the plan's scormCompliance; the zip streams from storage.
import type { ObjectStorage } from '@trainwright/platform';
import type { GatewayContext } from '../../context.js';
import { exportRoute } from './export.js';
import { packageRoutes } from './packages.js';

export function scormRoutes(ctx: GatewayContext, storage: ObjectStorage) {
  exportRoute(ctx);
  packageRoutes(ctx, storage);
}
