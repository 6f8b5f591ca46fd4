// The voice library (part 2 section 7): voices with their plan locks, the company's own voices,
// previews we synthesise and serve, and voice matching / cloning from uploaded samples.
import type { ObjectStorage } from '@trainwright/platform';
import type { GatewayContext } from '../../context.js';
import { cloneRoute } from './clone.js';
import { libraryRoutes } from './library.js';
import { previewRoutes } from './previews.js';

export function voiceRoutes(ctx: GatewayContext, storage: ObjectStorage) {
  libraryRoutes(ctx);
  previewRoutes(ctx, storage);
  cloneRoute(ctx, storage);
}
