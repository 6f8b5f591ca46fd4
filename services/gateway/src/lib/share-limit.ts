// The public routes a share token opens (a shared project, an interactive video) have no account
// to count against: they are limited per client address.
import type { GatewayConfig } from '../config.js';

export function shareLimit(config: Pick<GatewayConfig, 'RATE_LIMIT_SHARED_MAX' | 'RATE_LIMIT_WINDOW_MS'>) {
  return { max: config.RATE_LIMIT_SHARED_MAX, timeWindow: config.RATE_LIMIT_WINDOW_MS };
}
