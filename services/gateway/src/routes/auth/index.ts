// Accounts' sessions: sign-up, sign-in, refresh and logout (public; the auth service decides) and
// the signed-in user.
import type { GatewayContext } from '../../context.js';
import { meRoute } from './me.js';
import { sessionRoutes } from './session.js';
import { signInRoutes } from './sign-in.js';

export function authRoutes(ctx: GatewayContext) {
  signInRoutes(ctx);
  sessionRoutes(ctx);
  meRoute(ctx);
}
