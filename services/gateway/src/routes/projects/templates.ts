// Templates: the built-in and the company's own (documents of the @trainwright/templates shape,
// whose schema is open here), and creating one of the company's.
import { Type } from 'typebox';
import type { GatewayContext } from '../../context.js';
import { Str, errorResponses } from '../../schemas/common.js';
import { signedIn } from '../../lib/signed-in.js';

const TemplateQuery = Type.Object({
  search: Type.Optional(Str(200)),
  category: Type.Optional(Str(60)),
  level: Type.Optional(Str(40)),
  sort: Type.Optional(Str(20)),
});

const TemplateDoc = Type.Object({ id: Type.String(), name: Type.String() }, { additionalProperties: true });

export function templateRoutes({ app, clients }: GatewayContext) {
  app.get(
    '/api/templates',
    {
      schema: {
        tags: ['templates'],
        summary: 'Built-in and company templates',
        querystring: TemplateQuery,
        response: { 200: Type.Object({ templates: Type.Array(TemplateDoc), total: Type.Integer(), categories: Type.Record(Type.String(), Type.Integer()) }), ...errorResponses },
      },
    },
    async (request) => {
      const { userId, call } = signedIn(request);
      const q = request.query as Type.Static<typeof TemplateQuery>;
      const result = await clients.project.listTemplates({ userId, search: q.search ?? '', category: q.category ?? '', level: q.level ?? '', sort: q.sort ?? '' }, call);
      const templates = result.templates.map((t) => JSON.parse(t.json));
      return { templates, total: templates.length, categories: result.categories };
    },
  );

  app.post(
    '/api/templates',
    {
      schema: {
        tags: ['templates'],
        summary: "Create one of the company's own templates",
        body: Type.Object({}, { additionalProperties: true, maxProperties: 40 }),
        response: { 201: TemplateDoc, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { userId, call } = signedIn(request);
      const created = await clients.project.createTemplate({ userId, json: JSON.stringify(request.body) }, call);
      return reply.status(201).send(JSON.parse(created.json));
    },
  );
}
