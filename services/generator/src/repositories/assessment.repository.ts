// Stored quality assessments: apply-improvements and the improvement job read the exact
// recommendations the user chose from.
import type { Kysely } from 'kysely';
import type { QualityAssessment, QualityRequest } from '../domain/types.js';
import type { Assessments, StoredAssessment } from '../services/ports.js';
import type { GeneratorDatabase } from './database.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export class AssessmentRepository implements Assessments {
  constructor(private readonly db: Kysely<GeneratorDatabase>) {}

  async insert(a: { projectId: string; companyId: string; createdBy: string; request: QualityRequest; result: QualityAssessment; contentHash: string }): Promise<string> {
    const row = await this.db
      .insertInto('assessments')
      .values({
        project_id: a.projectId,
        company_id: a.companyId,
        created_by: a.createdBy,
        request: JSON.stringify(a.request),
        result: JSON.stringify(a.result),
        content_hash: a.contentHash,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** The assessment of this project with this id (another project's id is not found). */
  async find(id: string, projectId: string): Promise<StoredAssessment | undefined> {
    if (!UUID.test(id)) return undefined;
    const row = await this.db
      .selectFrom('assessments')
      .select(['id', 'project_id', 'company_id', 'request', 'result'])
      .where('id', '=', id)
      .where('project_id', '=', projectId)
      .executeTakeFirst();
    return row && { id: row.id, projectId: row.project_id, companyId: row.company_id, request: row.request, result: row.result };
  }
}
