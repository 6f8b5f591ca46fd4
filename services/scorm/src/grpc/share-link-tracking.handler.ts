// Transport of the share page's tracking method of ScormService (docs/analytics.md, "Senders"):
// proto <-> domain, and its line of the access table.
import type { AccessTable, UnaryHandlers } from '@trainwright/platform';
import type { ScormServiceService } from '@trainwright/proto/trainwright/scorm/v1/scorm';
import { getShareLinkTracking, type ShareLinkTrackingDeps } from '../services/xapi/share-link-tracking.js';

type ShareLinkTrackingMethods = Pick<typeof ScormServiceService, 'getShareLinkTracking'>;

export const shareLinkTrackingAccess: AccessTable<ShareLinkTrackingMethods> = {
  getShareLinkTracking: { public: "the share link's token, resolved to a live link by the project service before the gateway asks" },
};

export function createShareLinkTrackingHandlers(deps: ShareLinkTrackingDeps): UnaryHandlers<ShareLinkTrackingMethods> {
  return {
    getShareLinkTracking: async (req) => ({ tracking: (await getShareLinkTracking(deps, { projectId: req.projectId, shareLinkId: req.shareLinkId })) ?? undefined }),
  };
}
