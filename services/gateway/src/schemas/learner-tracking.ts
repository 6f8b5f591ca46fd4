// Where a public page's player reports learners' statements (docs/analytics.md, "Senders"): the
// `tracking` of the published interactive video and of the share page, from the scorm service's
// XapiTracking (the page's sender credential).
import { Type } from 'typebox';
import type { XapiTracking } from '@trainwright/proto/trainwright/scorm/v1/scorm';

export const LearnerTrackingJson = Type.Union([
  Type.Object({
    endpoint: Type.String(),
    authorization: Type.String(),
    activity_id: Type.String(),
    learner_home_page: Type.String(),
    channel_extension: Type.String(),
    language: Type.String(),
  }),
  Type.Null(),
]);

export function learnerTrackingJson(t: XapiTracking | undefined): Type.Static<typeof LearnerTrackingJson> {
  if (!t) return null;
  return {
    // The web app serves /api from the gateway: the page reports to its own origin.
    endpoint: '/api/xapi/',
    authorization: `Basic ${Buffer.from(`${t.key}:${t.secret}`).toString('base64')}`,
    activity_id: t.activityId,
    learner_home_page: t.homePage,
    channel_extension: t.channelExtension,
    language: t.language,
  };
}
