// The caller's packages: the list, one package's settings and build, and a ready one's zip
// (streamed from storage, counted in its download_count).
import { create as contentDisposition } from 'content-disposition';
import { Type } from 'typebox';
import type { ObjectStorage } from '@trainwright/platform';
import type { GatewayContext } from '../../context.js';
import { Str, errorResponses } from '../../schemas/common.js';
import { signedIn } from '../../lib/signed-in.js';
import { PackageJson, packageJson } from './shapes.js';

const PackageParams = Type.Object({ id: Str(100) });
const ListQuery = Type.Object({ project_id: Type.Optional(Str(100)) }, { additionalProperties: false });

export function packageRoutes({ app, clients }: GatewayContext, storage: ObjectStorage) {
  app.get(
    '/api/scorm/packages',
    { schema: { tags: ['scorm'], summary: "The caller's packages, newest first (one project's with ?project_id=)", querystring: ListQuery, response: { 200: Type.Object({ packages: Type.Array(PackageJson) }), ...errorResponses } } },
    async (request) => {
      const { userId, call } = signedIn(request);
      const { project_id = '' } = request.query as Type.Static<typeof ListQuery>;
      const list = await clients.scorm.listPackages({ userId, projectId: project_id }, call);
      return { packages: list.packages.map(packageJson) };
    },
  );

  app.get(
    '/api/scorm/packages/:id',
    { schema: { tags: ['scorm'], summary: 'One package: its settings and its build (status, progress, error)', params: PackageParams, response: { 200: PackageJson, ...errorResponses } } },
    async (request) => {
      const { userId, call } = signedIn(request);
      const { id } = request.params as Type.Static<typeof PackageParams>;
      return packageJson(await clients.scorm.getPackage({ userId, packageId: id }, call));
    },
  );

  app.get(
    '/api/scorm/packages/:id/download',
    { schema: { tags: ['scorm'], summary: "A ready package's zip (counted in its download_count)", params: PackageParams, response: { ...errorResponses } } },
    async (request, reply) => {
      const { userId, call } = signedIn(request);
      const { id } = request.params as Type.Static<typeof PackageParams>;
      const file = await clients.scorm.openPackage({ userId, packageId: id }, call);
      reply.header('content-type', 'application/zip');
      reply.header('content-length', String(file.size));
      reply.header('content-disposition', contentDisposition(file.filename, { type: 'attachment' }));
      reply.header('cache-control', 'private, no-store');
      return reply.send(storage.get(file.storageKey));
    },
  );
}
