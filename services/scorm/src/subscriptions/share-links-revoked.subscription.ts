// A revoked share link's page stops reporting: its LRS credential is revoked with it (the
// statements it sent stay, the company's learner history).
import type { Subscription } from '@trainwright/platform';
import { ShareLinksRevoked } from '@trainwright/proto/trainwright/events/v1/events';
import type { SenderCredentials } from '../services/xapi/sender-credentials.js';

export function shareLinksRevokedSubscription(deps: { senders: Pick<SenderCredentials, 'forgetShareLinks'> }): Subscription {
  return {
    name: 'scorm-share-links-revoked',
    subject: 'share_link.revoked',
    handle: async (event) => {
      await deps.senders.forgetShareLinks(ShareLinksRevoked.decode(event.data).linkIds);
    },
  };
}
