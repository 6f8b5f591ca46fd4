// The public, static catalogue: the plans with their limits and features, and the content languages.
import { Type } from 'typebox';
import { ADD_ONS, DEFAULT_SELECTED_TIER, TIER_IDS, TIERS, featureLines, supportedLanguages } from '@trainwright/catalogue';
import type { GatewayContext } from '../../context.js';
import { Capabilities, Limits } from '../../schemas/common.js';

const PlanCatalogue = Type.Object({
  tiers: Type.Array(
    Type.Object({
      id: Type.String(),
      name: Type.String(),
      price: Type.Number(),
      period: Type.String(),
      popular: Type.Boolean(),
      limits: Limits,
      capabilities: Capabilities,
      addOns: Type.Array(Type.String()),
      features: Type.Array(
        Type.Object({
          key: Type.String(),
          params: Type.Record(Type.String(), Type.Union([Type.String(), Type.Number()])),
          caveat: Type.Boolean(),
          text: Type.String(),
        }),
      ),
    }),
  ),
  addOns: Type.Array(Type.Object({ id: Type.String(), name: Type.String(), pricePerMonth: Type.Number(), grants: Type.String() })),
  defaultSelectedTier: Type.String(),
});

// The catalogue is static: build the answer once.
const catalogue = {
  tiers: TIER_IDS.map((id) => ({ ...TIERS[id], features: featureLines(TIERS[id]) })),
  addOns: Object.values(ADD_ONS),
  defaultSelectedTier: DEFAULT_SELECTED_TIER,
};

const SupportedLanguages = Type.Object({
  supported_languages: Type.Record(Type.String(), Type.Object({ name: Type.String(), native_name: Type.String() })),
});
const languages = { supported_languages: supportedLanguages() };

export function planRoutes({ app }: GatewayContext) {
  app.get(
    '/api/languages/supported',
    {
      config: { public: true },
      schema: { tags: ['plans'], summary: 'The content languages of the plans (code -> name, native name)', response: { 200: SupportedLanguages } },
    },
    async (_request, reply) => {
      void reply.header('cache-control', 'public, max-age=300');
      return languages;
    },
  );

  app.get(
    '/api/plans',
    { config: { public: true }, schema: { tags: ['plans'], summary: 'The plan catalogue', response: { 200: PlanCatalogue } } },
    async (_request, reply) => {
      void reply.header('cache-control', 'public, max-age=300');
      return catalogue;
    },
  );
}
