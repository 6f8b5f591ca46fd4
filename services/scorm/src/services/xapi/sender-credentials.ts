// Credentials of Trainwright's own senders (docs/analytics.md, "Senders"): a published interactive
// video, a share link or a SCORM package reports with a credential of its own, made the first time
// it is needed, that may only write statements (statements/write) about its own activity: the
// project's activity and the activities under it (its quizzes, calls to action). Its secret is
// handed to every page that plays the content, so a learner's browser can report.
import { xapiIris } from '@trainwright/catalogue';
import type { LrsKeyRepository } from '../../repositories/lrs-key.repository.js';
import type { LrsAuthenticator } from './credentials.js';
import { hashLrsSecret, newLrsKey, newLrsSecret } from '../analytics/lrs-secret.js';

export interface SenderTracking {
  /** The HTTP Basic credential. */
  key: string;
  secret: string;
  /** The project's activity IRI. */
  activityId: string;
  /** The LRS's home page: the endpoint, and the home page of anonymous learners' accounts. */
  homePage: string;
  channelExtension: string;
}

export type SenderSource = 'interactive' | 'share_link' | 'package';

export interface SenderCredentials {
  tracking(input: { companyId: string; source: SenderSource; sourceId: string; projectId: string }): Promise<SenderTracking>;
  /** project.deleted: its players' and packages' credentials stop working at once. */
  forgetProject(projectId: string): Promise<void>;
  /** share_link.revoked: the links' pages' credentials (by shareLinkId) stop working. */
  forgetShareLinks(linkIds: string[]): Promise<void>;
}

export function senderCredentials(keys: Pick<LrsKeyRepository, 'sender' | 'revokeSenders'>, homePage: string, verified?: Pick<LrsAuthenticator, 'forget'>): SenderCredentials {
  const iris = xapiIris(homePage);
  return {
    async tracking(input) {
      const activityId = iris.project(input.projectId);
      const row = await keys.sender({
        companyId: input.companyId,
        source: input.source,
        sourceId: input.sourceId,
        activityId,
        fresh: async () => {
          const secret = newLrsSecret();
          return { key: newLrsKey(), secret, secretHash: await hashLrsSecret(secret) };
        },
      });
      return { key: row.key, secret: row.public_secret!, activityId: row.activity_id!, homePage: iris.learnerHomePage, channelExtension: iris.channelExtension };
    },
    async forgetProject(projectId) {
      for (const key of await keys.revokeSenders({ activityId: iris.project(projectId) })) verified?.forget(key);
    },
    async forgetShareLinks(linkIds) {
      if (linkIds.length === 0) return;
      for (const key of await keys.revokeSenders({ source: 'share_link', sourceIds: linkIds })) verified?.forget(key);
    },
  };
}
