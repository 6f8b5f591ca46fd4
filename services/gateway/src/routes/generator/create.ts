// POST /api/ai-content-generator/projects: a generator project from a JSON body.
import type { GatewayContext } from '../../context.js';
import { errorResponses } from '../../schemas/common.js';
import { signedIn } from '../../lib/signed-in.js';
import { Created, GeneratorBody, createGeneratorProject, type GeneratorInput } from './generator-project.js';

export function createRoute({ app, clients }: GatewayContext) {
  app.post(
    '/api/ai-content-generator/projects',
    {
      schema: {
        tags: ['generator'],
        summary: 'Create a project with an AI generator method',
        body: GeneratorBody,
        response: { 201: Created, ...errorResponses },
      },
    },
    async (request, reply) => {
      const created = await createGeneratorProject(clients, signedIn(request), request.body as GeneratorInput, []);
      return reply.status(201).send({ project_id: created.id, title: created.title });
    },
  );
}
