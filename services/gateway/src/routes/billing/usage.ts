// GET /api/billing/usage: the plan's limits against what the account uses. The plan's counts come
// from auth; storage and downloads from the services that own them, each optional.
import { Type } from 'typebox';
import { TIERS, accountUsage, isTierId, isUnlimited } from '@trainwright/catalogue';
import type { GatewayContext } from '../../context.js';
import { errorResponses } from '../../schemas/common.js';
import { signedIn } from '../../lib/signed-in.js';

const UsageItem = Type.Object({ key: Type.String(), used: Type.Integer(), limit: Type.Integer() });
type UsageFigure = Type.Static<typeof UsageItem>;

export function usageRoute({ app, clients }: GatewayContext) {
  app.get(
    '/api/billing/usage',
    {
      schema: {
        tags: ['billing'],
        summary: "Usage against the plan's limits (-1: unlimited)",
        response: { 200: Type.Object({ usage: Type.Array(UsageItem) }), ...errorResponses },
      },
    },
    async (request) => {
      const { userId, call } = signedIn(request);
      /** A figure another service owns: when it cannot be had, the page shows the others (logged). */
      const optional = (key: string, read: () => Promise<UsageFigure>) =>
        read().catch((err: unknown) => {
          request.log.warn({ err, usage: key }, 'usage figure unavailable');
          return undefined;
        });
      const [me, companies, storage, downloads] = await Promise.all([
        clients.auth.getMe({ userId }, call),
        clients.auth.listCompanies({ userId }, call),
        // The plan's storage as an upload counts it: the uploads of the companies the caller owns
        // (the project service) plus their rendered files (media-render).
        optional('storage', async () => {
          const s = await clients.project.getStorageUsage({ userId }, call);
          const rendered = await clients.media.getRenderedBytes({ companyIds: s.ownerCompanyIds }, call);
          return { key: 'storage', used: s.uploadedBytes + rendered.bytes, limit: s.storageLimitBytes };
        }),
        // The downloads counted against the plan in its period (the month, or the whole trial).
        optional('downloads', async () => {
          const d = await clients.media.getDownloadUsage({ userId }, call);
          return { key: 'downloads', used: d.used, limit: d.limit };
        }),
      ]);
      const tier = me.subscription?.tier;
      const limits = TIERS[isTierId(tier) ? tier : 'free-trial'].limits;
      const used = accountUsage({ projectsUsed: me.subscription?.projectsUsed ?? 0, companies: companies.companies }, userId);
      const usage: UsageFigure[] = [
        { key: 'projects', used: used.projectsUsed, limit: limits.projectLimit },
        { key: 'companies', used: used.companiesOwned, limit: limits.companyLimit },
        // The members of the owner's largest company (the plan's users per company).
        { key: 'users', used: used.largestCompanyMembers, limit: limits.userLimit },
      ];
      for (const figure of [storage, downloads]) if (figure) usage.push(figure);
      return { usage: usage.map((u) => ({ ...u, limit: isUnlimited(u.limit) || u.limit < 0 ? -1 : u.limit })) };
    },
  );
}
