// GET /api/projects: the caller's projects, newest first, filtered and paged, with their counts.
import { Type } from 'typebox';
import { ProjectStats } from '@trainwright/proto/trainwright/project/v1/project';
import type { GatewayContext } from '../../context.js';
import { Int32, Str, errorResponses } from '../../schemas/common.js';
import { projectSummaryJson } from '../../schemas/mappers.js';
import { signedIn } from '../../lib/signed-in.js';
import { ProjectList } from './shapes.js';

const ListQuery = Type.Object({
  search: Type.Optional(Str(200)),
  status: Type.Optional(Str(40)),
  project_type: Type.Optional(Str(40)),
  company_id: Type.Optional(Str(64)),
  page: Type.Optional(Int32({ minimum: 1, maximum: 100_000 })),
  page_size: Type.Optional(Int32({ minimum: 1, maximum: 100 })),
});

export function listProjectsRoute({ app, clients }: GatewayContext) {
  app.get(
    '/api/projects',
    { schema: { tags: ['projects'], summary: "The caller's projects, newest first", querystring: ListQuery, response: { 200: ProjectList, ...errorResponses } } },
    async (request) => {
      const { userId, call } = signedIn(request);
      const q = request.query as Type.Static<typeof ListQuery>;
      const page = await clients.project.listProjects(
        {
          userId,
          search: q.search ?? '',
          status: q.status ?? '',
          projectType: q.project_type ?? '',
          companyId: q.company_id ?? '',
          page: q.page ?? 1,
          pageSize: q.page_size ?? 20,
        },
        call,
      );
      return {
        projects: page.projects.map(projectSummaryJson),
        total: page.total,
        page: page.page,
        page_size: page.pageSize,
        stats: ProjectStats.toJSON(page.stats!),
      };
    },
  );
}
