import type { ColumnType, Generated, JSONColumnType } from 'kysely';
import type { Voice } from '../domain/types.js';

/** The schema media-render owns. */
export const MEDIA_SCHEMA = 'media_render';

type Timestamp = ColumnType<Date, Date | undefined, Date>;

export interface MediaDatabase {
  rendered_files: {
    project_id: string;
    render_key: string;
    format: string;
    company_id: string;
    storage_key: string;
    size: ColumnType<number, number, number>;
    content_version: ColumnType<number, number | undefined, number>;
    created_at: Timestamp;
  };
  current_renders: { project_id: string; render_key: string; content_version: ColumnType<number, number | undefined, number>; completed_at: Timestamp };
  downloads: {
    id: Generated<string>;
    owner_user_id: string;
    company_id: string;
    project_id: string;
    user_id: string;
    format: string;
    created_at: Timestamp;
  };
  custom_voices: {
    id: Generated<string>;
    company_id: string;
    created_by: string;
    voice: JSONColumnType<Voice, string, string>;
    created_at: Timestamp;
  };
}
