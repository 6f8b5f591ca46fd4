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
    /** The file served (one project, format and files version); null for downloads counted before it was kept. */
    storage_key: string | null;
    created_at: Timestamp;
  };
  project_views: {
    project_id: string;
    company_id: string;
    title: string | null;
    status: string | null;
    visual_format: string | null;
    has_content: boolean | null;
    content_version: number | null;
    state_at_us: ColumnType<number, number | undefined, number>;
    title_at_us: ColumnType<number, number | undefined, number>;
    deleted: ColumnType<boolean, boolean | undefined, boolean>;
    updated_at: Timestamp;
  };
  project_logos: {
    project_id: string;
    url: string;
    company_id: string;
    mime: ColumnType<string, string | undefined, string>;
    width: ColumnType<number, number | undefined, number>;
    height: ColumnType<number, number | undefined, number>;
    size: ColumnType<number, number | undefined, number>;
    /** Null when the logo could not be used (`problem` says why). */
    storage_key: string | null;
    problem: ColumnType<string, string | undefined, string>;
    fetched_at: Timestamp;
  };
  custom_voices: {
    id: Generated<string>;
    company_id: string;
    created_by: string;
    voice: JSONColumnType<Voice, string, string>;
    created_at: Timestamp;
  };
}
