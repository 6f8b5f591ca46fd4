// Translation: a project's translations (list, start, read, edit a slide, delete, XLIFF out and
// in), its primary language, and the company glossary. Every call goes to the translation
// service, which checks tenancy, roles and the plan's languages.
import type { GatewayContext } from '../../context.js';
import { glossaryRoutes } from './glossary.js';
import { translationsRoutes } from './translations.js';
import { xliffRoutes } from './xliff.js';

export function translationRoutes(ctx: GatewayContext) {
  translationsRoutes(ctx);
  xliffRoutes(ctx);
  glossaryRoutes(ctx);
}
