import type { ColumnType, Generated, JSONColumnType } from 'kysely';
import type { OutboxTable, ProcessedEventsTable } from '@trainwright/platform';
import type { ScormTracking } from '@trainwright/catalogue';
import type { Activity, LearningObjective } from '../services/types.js';

/** The PostgreSQL schema the scorm service owns. */
export const SCORM_SCHEMA = 'scorm';

type CreatedAt = ColumnType<Date, Date | undefined, never>;
type UpdatedAt = ColumnType<Date, Date | undefined, Date>;

export interface PackagesTable {
  id: Generated<string>;
  project_id: string;
  company_id: string;
  created_by: string;
  package_name: string;
  scorm_version: string;
  include_tracking: boolean;
  tracking: JSONColumnType<ScormTracking, string, string>;
  objectives: JSONColumnType<LearningObjective[], string, string>;
  activities: JSONColumnType<Activity[], string, string>;
  status: string;
  progress: Generated<number>;
  error: Generated<string>;
  content_version: Generated<number>;
  has_video: Generated<boolean>;
  storage_key: string | null;
  /** bigint: pg returns it as a string. */
  size: ColumnType<string, number | undefined, number>;
  download_count: Generated<number>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface ScormDatabase {
  packages: PackagesTable;
  outbox: OutboxTable;
  processed_events: ProcessedEventsTable;
}
