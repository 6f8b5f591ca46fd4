// The learner views of a range as CSV (docs/api.md, "Learner analytics"): one row per view, oldest
// first, streamed a page at a time from the scorm service so an export of any size holds little in
// memory. The first page is read before the answer starts, so a refusal is a plain 4xx; csv-stringify
// quotes and escapes formulas (a title starting with "=" opens in a spreadsheet as text).
import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import { Type } from 'typebox';
import type { LearnerViews } from '@trainwright/proto/trainwright/scorm/v1/scorm';
import type { GatewayContext } from '../../context.js';
import { signedIn } from '../../lib/signed-in.js';
import { Str, errorResponses } from '../../schemas/common.js';
import { ANALYTICS_RANGES, RangeQuery, learnerQuery, type RangeQueryValue } from './dashboard.js';
import { percent } from './wording.js';

const ExportQuery = Type.Object({ ...RangeQuery.properties, project_id: Type.Optional(Str(100)) }, { additionalProperties: false });
type ExportQueryValue = RangeQueryValue & { project_id?: string };

export const EXPORT_COLUMNS = ['started_at', 'last_at', 'project_id', 'project_title', 'activity_id', 'channel', 'language', 'learner', 'length_seconds', 'watched_seconds', 'watched_percent', 'completed'] as const;
/** Titles asked of the project service at once (its limit). */
const TITLES_AT_ONCE = 100;

export function analyticsExportRoutes({ app, clients }: GatewayContext) {
  app.get(
    '/api/analytics/export.csv',
    { schema: { tags: ['analytics'], summary: 'The learner views of a range as CSV, one row per view', querystring: ExportQuery, response: { ...errorResponses } } },
    async (request, reply) => {
      const { userId, call } = signedIn(request);
      const q = request.query as ExportQueryValue;
      const range = q.range ?? '30d';
      const query = learnerQuery(userId, q, ANALYTICS_RANGES[range], q.project_id ?? '');
      const first = await clients.scorm.exportLearnerViews(query, call);
      const titles = new Map<string, string>();

      /** The titles of a page's projects not yet known. */
      async function learnTitles(page: LearnerViews) {
        const unknown = [...new Set(page.views.map((v) => v.projectId).filter((id) => id && !titles.has(id)))];
        for (let i = 0; i < unknown.length; i += TITLES_AT_ONCE) {
          const chunk = unknown.slice(i, i + TITLES_AT_ONCE);
          const found = (await clients.project.getProjectsOverview({ userId, companyId: first.companyId, projectIds: chunk }, call)).titles;
          // A project deleted since keeps an empty title; it is not asked for again.
          for (const id of chunk) titles.set(id, found[id] ?? '');
        }
      }
      async function* rows() {
        let page: LearnerViews = first;
        for (;;) {
          await learnTitles(page);
          for (const v of page.views) {
            yield [v.startedAt, v.lastAt, v.projectId, titles.get(v.projectId) ?? '', v.activityId, v.channel, v.language, v.learner, v.lengthSeconds, v.watchedSeconds, percent(v.progress), v.completed ? 'yes' : 'no'];
          }
          if (!page.next) return;
          page = await clients.scorm.exportLearnerViews({ ...query, cursor: page.next }, call);
        }
      }

      const csv = stringify({ header: true, columns: [...EXPORT_COLUMNS], escape_formulas: true });
      Readable.from(rows()).on('error', (error) => csv.destroy(error)).pipe(csv);
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="learner-views-${range}-${day}.csv"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );
}
