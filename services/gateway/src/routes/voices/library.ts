// The voice library with its plan locks, and the company's own voices (for the company named,
// else the caller's current one).
import { Type } from 'typebox';
import type { GatewayContext } from '../../context.js';
import { errorResponses } from '../../schemas/common.js';
import { voiceJson } from '../../schemas/mappers.js';
import { signedIn } from '../../lib/signed-in.js';
import { companyOf } from '../../lib/company-of.js';
import { Voice } from './shapes.js';

const CompanyQuery = Type.Object({ company_id: Type.Optional(Type.String({ maxLength: 64 })) });

export function libraryRoutes({ app, clients }: GatewayContext) {
  app.get(
    '/api/voices/available',
    { schema: { tags: ['voices'], summary: 'The voice library with plan locks', querystring: CompanyQuery, response: { 200: Type.Object({ voices: Type.Array(Voice), categories: Type.Record(Type.String(), Type.Integer()) }), ...errorResponses } } },
    async (request) => {
      const { userId, call } = signedIn(request);
      const companyId = await companyOf(clients, userId, request.id, (request.query as Type.Static<typeof CompanyQuery>).company_id);
      const answer = await clients.media.listVoices({ userId, companyId }, call);
      return { voices: answer.voices.map(voiceJson), categories: answer.categories };
    },
  );

  app.get(
    '/api/voices/user/custom',
    { schema: { tags: ['voices'], summary: "The company's own voices", querystring: CompanyQuery, response: { 200: Type.Object({ voices: Type.Array(Voice) }), ...errorResponses } } },
    async (request) => {
      const { userId, call } = signedIn(request);
      const companyId = await companyOf(clients, userId, request.id, (request.query as Type.Static<typeof CompanyQuery>).company_id);
      const answer = await clients.media.listCustomVoices({ userId, companyId }, call);
      return { voices: answer.voices.map(voiceJson) };
    },
  );
}
