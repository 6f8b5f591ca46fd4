// AI quality scoring and the Enhanced AI Dashboard's services (part 2 section 7): the generator
// service scores, improves and analyses; premium gating and tenancy are decided there.
import type { GatewayContext } from '../../context.js';
import { aiServiceRoutes } from './ai-services.js';
import { assessmentRoutes } from './assessment.js';

export function qualityRoutes(ctx: GatewayContext) {
  assessmentRoutes(ctx);
  aiServiceRoutes(ctx);
}
