// The integration hub's routes (docs/api.md, "Integrations").
import type { GatewayContext } from '../../context.js';
import { deliveryRoutes } from './deliveries.js';
import { integrationRoutes } from './integrations.js';
import { zapierAppRoutes } from './zapier-app.js';

export function integrationHubRoutes(ctx: GatewayContext) {
  integrationRoutes(ctx);
  deliveryRoutes(ctx);
  zapierAppRoutes(ctx);
}
