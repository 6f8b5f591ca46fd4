// The other services' facts an integration receives, one durable consumer each (one filter
// subject per consumer): a narrated video ready, a translation completed, a SCORM package built,
// a payment made, a member joined.
import type { Subscription } from '@trainwright/platform';
import { CompanyMembersChanged, PackageChanged, PaymentOutcome, TranslationChanged, VideoStatusChanged } from '@trainwright/proto/trainwright/events/v1/events';
import type { IntegrationDeps } from '../services/deps.js';
import { deliverFact } from '../services/deliveries.js';
import { memberJoinedFact, packageFact, paymentFact, translationFact, videoReadyFact } from '../services/facts.js';

export function outcomeSubscriptions(deps: IntegrationDeps): Subscription[] {
  const title = (projectId: string) => deps.titles.titleOf(projectId);
  return [
    {
      name: 'integration-videos',
      subject: 'video.status_changed',
      handle: async (event) => {
        const e = VideoStatusChanged.decode(event.data);
        const fact = e.status === 'ready' ? videoReadyFact(deps.options, event.id, e, await title(e.projectId)) : null;
        if (fact) await deliverFact(deps, fact);
      },
    },
    {
      name: 'integration-translations',
      subject: 'translation.completed',
      handle: async (event) => {
        const e = TranslationChanged.decode(event.data);
        await deliverFact(deps, translationFact(deps.options, event.id, e, await title(e.projectId)));
      },
    },
    {
      name: 'integration-packages',
      subject: 'scorm.ready',
      handle: async (event) => {
        const e = PackageChanged.decode(event.data);
        await deliverFact(deps, packageFact(deps.options, event.id, e, await title(e.projectId)));
      },
    },
    {
      name: 'integration-members',
      subject: 'member.joined',
      handle: async (event) => {
        await deliverFact(deps, memberJoinedFact(deps.options, event.id, CompanyMembersChanged.decode(event.data)));
      },
    },
    {
      name: 'integration-payments',
      subject: 'payment.succeeded',
      handle: async (event) => {
        // A payment is the account's: every company the payer owns hears of it.
        const e = PaymentOutcome.decode(event.data);
        const { companies } = await deps.memberships.companiesOf(e.userId);
        for (const company of companies.filter((c) => c.ownerUserId === e.userId)) await deliverFact(deps, paymentFact(deps.options, event.id, company.companyId, e));
      },
    },
  ];
}
