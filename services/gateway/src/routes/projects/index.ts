// Projects: create, list, read, edit and delete them; their share link and the public page it
// opens; their logo and preview slides (members', and through the share link); templates; comments. The
// project service and media-render decide; the public routes are limited per address.
import type { ObjectStorage } from '@trainwright/platform';
import type { GatewayContext } from '../../context.js';
import { commentRoutes } from './comments.js';
import { createProjectRoute } from './create-project.js';
import { listProjectsRoute } from './list-projects.js';
import { logoRoutes } from './logos.js';
import { previewSlideRoutes } from './preview-slides.js';
import { oneProjectRoutes } from './project.js';
import { shareLinkRoutes } from './share-links.js';
import { templateRoutes } from './templates.js';

export function projectRoutes(ctx: GatewayContext, storage: ObjectStorage) {
  createProjectRoute(ctx);
  listProjectsRoute(ctx);
  oneProjectRoutes(ctx);
  shareLinkRoutes(ctx);
  logoRoutes(ctx, storage);
  previewSlideRoutes(ctx);
  templateRoutes(ctx);
  commentRoutes(ctx);
}
