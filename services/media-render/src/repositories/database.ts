import type { ColumnType, Generated, JSONColumnType } from 'kysely';
import type { MessageRef, OutboxTable, ProcessedEventsTable } from '@trainwright/platform';
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
    /** '' for the project's own files, else the translation's language. */
    language: ColumnType<string, string | undefined, string>;
    created_at: Timestamp;
  };
  /** The current set per project and language. */
  current_renders: {
    project_id: string;
    render_key: string;
    content_version: ColumnType<number, number | undefined, number>;
    language: ColumnType<string, string | undefined, string>;
    completed_at: Timestamp;
  };
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
  /** Paid narrated videos (pay-per-use): one render each. */
  video_entitlements: {
    payment_id: string;
    project_id: string;
    company_id: ColumnType<string, string | undefined, string>;
    amount_cents: ColumnType<string | number, number | undefined, number>;
    status: ColumnType<string, string | undefined, string>;
    content_version: number | null;
    /** The content version the payment was priced for (null: a payment from before versions). */
    paid_version: ColumnType<number | null, number | null | undefined, number | null>;
    /** The language whose video it pays for: '' the project's own, else a translation's. */
    language: ColumnType<string, string | undefined, string>;
    render_key: string | null;
    error: ColumnType<string, string | undefined, string>;
    /** The catalogue message `error` is ({id, params}); null for a text of its own or before any failure. */
    error_message: JSONColumnType<MessageRef | null, string | null | undefined, string | null>;
    created_at: Timestamp;
    updated_at: Timestamp;
  };
  processed_events: ProcessedEventsTable;
  outbox: OutboxTable;
  custom_voices: {
    id: Generated<string>;
    company_id: string;
    created_by: string;
    voice: JSONColumnType<Voice, string, string>;
    created_at: Timestamp;
  };
  /** The education centre's library, one row per edition of the courses (services/education). */
  education_libraries: {
    library_key: string;
    status: ColumnType<string, string | undefined, string>;
    progress: ColumnType<number, number | undefined, number>;
    run: ColumnType<number, number | undefined, number>;
    error: ColumnType<string, string | undefined, string>;
    error_message: JSONColumnType<MessageRef | null, string | null | undefined, string | null>;
    updated_at: Timestamp;
  };
  education_files: {
    library_key: string;
    slug: string;
    format: string;
    storage_key: string;
    size: ColumnType<number, number, number>;
    duration_ms: ColumnType<number, number | undefined, number>;
    created_at: Timestamp;
  };
  /** Advanced video processing: a company's videos and images (services/processing). */
  video_files: {
    id: string;
    company_id: string;
    created_by: string;
    kind: string;
    origin: string;
    upload_id: string | null;
    project_id: string | null;
    job_id: string | null;
    storage_key: string;
    filename: string;
    content_type: string;
    size: ColumnType<number, number, number>;
    duration_ms: ColumnType<number, number | undefined, number>;
    width: ColumnType<number, number | undefined, number>;
    height: ColumnType<number, number | undefined, number>;
    has_audio: ColumnType<boolean, boolean | undefined, boolean>;
    video_codec: ColumnType<string, string | undefined, string>;
    created_at: Timestamp;
  };
  video_processing_jobs: {
    id: string;
    company_id: string;
    created_by: string;
    operation: string;
    status: ColumnType<string, string | undefined, string>;
    progress: ColumnType<number, number | undefined, number>;
    stage: ColumnType<string, string | undefined, string>;
    file_ids: string[];
    background_file_id: string | null;
    params: JSONColumnType<Record<string, unknown>, string, string>;
    data: JSONColumnType<object | null, string | null | undefined, string | null>;
    error: ColumnType<string, string | undefined, string>;
    error_message: JSONColumnType<MessageRef | null, string | null | undefined, string | null>;
    created_at: Timestamp;
    updated_at: Timestamp;
  };
  /** A batch's chunks, shared between the video workers (services/processing/share-batch-chunks.ts). */
  video_batch_chunks: {
    job_id: string;
    file_index: number;
    chunk_index: number;
    duration_seconds: number;
    width: number;
    height: number;
    input_key: string;
    status: ColumnType<string, string | undefined, string>;
    claimed_by: string | null;
    progress: ColumnType<number, number | undefined, number>;
    beat_at: Date | null;
    output_key: string | null;
    output_width: number | null;
    output_height: number | null;
  };
}
