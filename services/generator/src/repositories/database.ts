import type { ColumnType, Generated, JSONColumnType } from 'kysely';
import type { QualityAssessment, QualityRequest } from '../domain/types.js';

/** The schema the generator owns. */
export const GENERATOR_SCHEMA = 'generator';

export interface AssessmentsTable {
  id: Generated<string>;
  project_id: string;
  company_id: string;
  created_by: string;
  request: JSONColumnType<QualityRequest, string, string>;
  result: JSONColumnType<QualityAssessment, string, string>;
  content_hash: string;
  created_at: ColumnType<Date, Date | undefined, Date>;
}

export interface GeneratorDatabase {
  assessments: AssessmentsTable;
}
