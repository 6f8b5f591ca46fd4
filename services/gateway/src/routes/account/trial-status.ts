// GET /api/trial-status: the trial's state as the auth service computes it.
import { Type } from 'typebox';
import type { GatewayContext } from '../../context.js';
import { errorResponses } from '../../schemas/common.js';
import { signedIn } from '../../lib/signed-in.js';

const TrialStatus = Type.Object({
  is_trial: Type.Boolean(),
  status: Type.String(),
  message: Type.String(),
  days_remaining: Type.Union([Type.Integer(), Type.Null()]),
  days_used: Type.Integer(),
  trial_days: Type.Integer(),
  warning: Type.Boolean(),
  ends_at: Type.Union([Type.String(), Type.Null()]),
  grace_ends_at: Type.Union([Type.String(), Type.Null()]),
  video_credits: Type.Integer(),
});

export function trialStatusRoute({ app, clients }: GatewayContext) {
  app.get(
    '/api/trial-status',
    { schema: { tags: ['account'], summary: 'Trial state, computed on the server', response: { 200: TrialStatus, ...errorResponses } } },
    async (request) => {
      const { userId, call } = signedIn(request);
      const t = await clients.auth.getTrialStatus({ userId }, call);
      return {
        is_trial: t.isTrial,
        status: t.status,
        message: t.message,
        days_remaining: t.daysRemaining ?? null,
        days_used: t.daysUsed,
        trial_days: t.trialDays,
        warning: t.warning,
        ends_at: t.endsAt || null,
        grace_ends_at: t.graceEndsAt || null,
        video_credits: t.videoCredits,
      };
    },
  );
}
