// GET /api/auth/me: the signed-in user.
import type { GatewayContext } from '../../context.js';
import { ErrorBody, User } from '../../schemas/common.js';
import { userJson } from '../../schemas/mappers.js';
import { signedIn } from '../../lib/signed-in.js';

export function meRoute({ app, clients }: GatewayContext) {
  app.get(
    '/api/auth/me',
    { schema: { tags: ['auth'], summary: 'The signed-in user', response: { 200: User, 401: ErrorBody, 503: ErrorBody } } },
    async (request) => {
      const { userId, call } = signedIn(request);
      return userJson(await clients.auth.getMe({ userId }, call));
    },
  );
}
