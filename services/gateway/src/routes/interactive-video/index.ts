// Interactive video (part 2 sections 2-5, 7-9; issue 16): members author a project's versions;
// anyone with the share token watches the published one. The scorm service checks tenancy, roles,
// the plan's videoGeneration and every rule of the elements (the catalogue's validateInteractiveVideo).
import type { ObjectStorage } from '@trainwright/platform';
import type { GatewayContext } from '../../context.js';
import { authoringRoutes } from './authoring.js';
import { publishedRoutes } from './published.js';

export function interactiveVideoRoutes(ctx: GatewayContext, storage: ObjectStorage) {
  authoringRoutes(ctx);
  publishedRoutes(ctx, storage);
}
