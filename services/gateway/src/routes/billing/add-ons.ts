// Add-ons (subscription items): preview what one charges now, buy it with that preview's amount,
// cancel it.
import { Type } from 'typebox';
import { ADD_ON_IDS } from '@trainwright/catalogue';
import { errorResponses } from '../../schemas/common.js';
import { signedIn } from '../../lib/signed-in.js';
import { confirmedCharge, type BillingRouteContext } from './return-url.js';
import { ConfirmedCharge, OriginUrl, PlanChange, Subscription, planChangeJson, subscriptionJson } from './subscription.js';

// An add-on is charged at once (prorated) too: bought only with what its preview answered, the upgrade's two fields.
const AddOnBody = Type.Object({ add_on: Type.String({ maxLength: 60 }), origin_url: OriginUrl, ...ConfirmedCharge }, { additionalProperties: false });
const AddOnPreviewBody = Type.Object({ add_on: Type.String({ maxLength: 60 }) }, { additionalProperties: false });
const ChargePreviewJson = Type.Object({ amount_cents: Type.Integer(), currency: Type.String(), proration_date: Type.Integer() });
const AddOnParams = Type.Object({ addOn: Type.String({ maxLength: 60 }) });

export function addOnRoutes({ app, clients, ownOrigins }: BillingRouteContext) {
  app.post(
    '/api/billing/add-ons/preview',
    {
      schema: {
        tags: ['billing'],
        summary: "What buying an add-on charges now, before it is bought (the provider's proration preview). It is then bought by POST /api/billing/add-ons with this amount_cents and proration_date",
        body: AddOnPreviewBody,
        response: { 200: ChargePreviewJson, ...errorResponses },
      },
    },
    async (request) => {
      const { userId, call } = signedIn(request);
      const b = request.body as Type.Static<typeof AddOnPreviewBody>;
      const p = await clients.billing.previewAddOn({ userId, addOn: b.add_on, returnUrlBase: '', idempotencyKey: '', confirmAmountCents: 0, prorationDate: 0 }, call);
      return { amount_cents: p.amountCents, currency: p.currency, proration_date: p.prorationDate };
    },
  );

  app.post(
    '/api/billing/add-ons',
    {
      schema: {
        tags: ['billing'],
        summary: 'Buy an add-on (a subscription item, charged at once prorated: only with the amount_cents and proration_date of its preview)',
        body: AddOnBody,
        response: { 200: PlanChange, ...errorResponses },
      },
    },
    async (request) => {
      const caller = signedIn(request);
      const b = request.body as Type.Static<typeof AddOnBody>;
      const r = await clients.billing.buyAddOn(
        {
          userId: caller.userId,
          addOn: b.add_on,
          ...confirmedCharge(request, b, ownOrigins),
        },
        caller.call,
      );
      return planChangeJson(clients, caller, r);
    },
  );

  app.delete(
    '/api/billing/add-ons/:addOn',
    {
      schema: {
        tags: ['billing'],
        summary: `Cancel an add-on (${ADD_ON_IDS.join(', ')})`,
        params: AddOnParams,
        response: { 200: Subscription, ...errorResponses },
      },
    },
    async (request) => {
      const { userId, call } = signedIn(request);
      const { addOn } = request.params as Type.Static<typeof AddOnParams>;
      return subscriptionJson(await clients.billing.cancelAddOn({ userId, addOn, returnUrlBase: '', idempotencyKey: '', confirmAmountCents: 0, prorationDate: 0 }, call));
    },
  );
}
