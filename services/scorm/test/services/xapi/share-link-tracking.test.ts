// The share page's tracking (docs/analytics.md, "Senders"): the link's own sender credential for the
// project's activity, in the project's language and company, only on a plan with analytics; the link
// is named by the SHA-256 of its token, never the token.
import { createHash, randomUUID } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { getShareLinkTracking, type ShareLinkTrackingDeps } from '../../../src/services/xapi/share-link-tracking.js';
import type { ProjectSource } from '../../../src/services/types.js';

const companyId = randomUUID();
const projectId = randomUUID();
const shareLinkId = createHash('sha256').update('a-share-token').digest('hex');

function deps(capabilities: string[]) {
  const asked: Array<Parameters<ShareLinkTrackingDeps['senders']['tracking']>[0]> = [];
  const d: ShareLinkTrackingDeps = {
    projects: { source: async (id) => ({ project: { id, companyId, language: 'fr' } as ProjectSource }) },
    plans: { companyCapabilities: async (id: string) => (id === companyId ? capabilities : []) },
    senders: {
      tracking: async (input) => {
        asked.push(input);
        return { key: 'k', secret: 's', activityId: `https://lrs.test/api/xapi/activities/projects/${input.projectId}`, homePage: 'https://lrs.test/api/xapi/', channelExtension: 'https://lrs.test/api/xapi/extensions/channel' };
      },
    },
  };
  return { d, asked };
}

describe('getShareLinkTracking', () => {
  it("hands out the link's credential for the project's activity, in the project's language, on a plan with analytics", async () => {
    const { d, asked } = deps(['analytics', 'videoGeneration']);
    const tracking = await getShareLinkTracking(d, { projectId, shareLinkId });
    expect(tracking).toMatchObject({ key: 'k', secret: 's', activityId: expect.stringContaining(projectId), language: 'fr' });
    expect(asked).toEqual([{ companyId, source: 'share_link', sourceId: shareLinkId, projectId }]);
  });

  it('makes no credential on a plan without analytics', async () => {
    const { d, asked } = deps(['videoGeneration']);
    expect(await getShareLinkTracking(d, { projectId, shareLinkId })).toBeNull();
    expect(asked).toEqual([]);
  });

  it('refuses a link named by anything but a SHA-256, and a project id that is not one', async () => {
    const { d, asked } = deps(['analytics']);
    await expect(getShareLinkTracking(d, { projectId, shareLinkId: 'a-share-token' })).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    await expect(getShareLinkTracking(d, { projectId: 'x', shareLinkId })).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(asked).toEqual([]);
  });
});
