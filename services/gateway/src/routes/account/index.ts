// The account: trial state, profile, companies and their teams, support tickets (the auth service answers each).
import type { GatewayContext } from '../../context.js';
import { companyRoutes } from './companies.js';
import { profileRoutes } from './profile.js';
import { supportRoutes } from './support.js';
import { teamRoutes } from './team.js';
import { trialStatusRoute } from './trial-status.js';

export function accountRoutes(ctx: GatewayContext) {
  trialStatusRoute(ctx);
  profileRoutes(ctx);
  companyRoutes(ctx);
  teamRoutes(ctx);
  supportRoutes(ctx);
}
