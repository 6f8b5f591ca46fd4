import type { ColumnType, Generated, JSONColumnType } from 'kysely';
import type { LibraryMaterial } from '@trainwright/catalogue';
import type { GeneratedContent } from '@trainwright/formats';
import type { MessageRef, OutboxTable, ProcessedEventsTable } from '@trainwright/platform';

export const PROJECT_SCHEMA = 'project';

type Timestamp = ColumnType<Date, Date | undefined, Date>;

export interface BrandingJson {
  company_name: string;
  logo_url: string;
  website: string;
}

export interface VoiceJson {
  voice_id: string;
  name: string;
  category: string;
}

export interface ProjectsTable {
  id: Generated<string>;
  company_id: string;
  owner_user_id: string;
  created_by: string;
  title: string;
  description: string;
  status: string;
  project_type: string;
  input_method: string;
  script_content: string;
  slides_content: string;
  /** The model's JSON; rows written before it may lack fields (read them with contentFromStored). */
  generated_content: JSONColumnType<GeneratedContent | null, string | null, string | null>;
  /** What the content drew from the company library (libraryMaterialOf), written with it: 'cited', 'none' or null. */
  library_material: ColumnType<LibraryMaterial | null, LibraryMaterial | null | undefined, LibraryMaterial | null>;
  software_details: string;
  software_list: JSONColumnType<string[], string, string>;
  visual_format: string;
  document_format: string;
  quality_score: number | null;
  engagement_prediction: number | null;
  branding: JSONColumnType<BrandingJson | null, string | null, string | null>;
  progress: JSONColumnType<Record<string, number>, string, string>;
  is_collaborative: Generated<boolean>;
  primary_language: Generated<string>;
  available_languages: JSONColumnType<string[], string | undefined, string>;
  ai_instructions: string;
  template_id: string;
  font_style: string;
  image_style: string;
  /** The narrated video has its subtitles burned into the picture (default false). */
  burn_subtitles: Generated<boolean>;
  voice_selection: JSONColumnType<VoiceJson | null, string | null, string | null>;
  error: Generated<string>;
  /** The catalogue message `error` is ({id, params}); null for a text of its own or no failure. */
  error_message: JSONColumnType<MessageRef | null, string | null | undefined, string | null>;
  is_sample: Generated<boolean>;
  generator_type: Generated<string>;
  request_data: JSONColumnType<Record<string, unknown> | null, string | null, string | null>;
  derived_from_project_id: string | null;
  /** Bumped by every edit of the content or of how it is rendered (the first version is 1). */
  content_version: Generated<number>;
  /** The version whose files downloads serve; null before the first render completed. */
  files_version: number | null;
  /** The version a generation is due for; null when the content needs none (generated or hand-edited). */
  generation_version: number | null;
  /** Kept by PostgreSQL: generated content, or the project's own slides or script, is present. */
  has_content: Generated<boolean>;
  /** The pay-per-use narrated video (media-render's video.status_changed): '' (none), payment_required, queued, rendering, ready, failed. */
  video_status: Generated<string>;
  /** Its render's percent. */
  video_progress: Generated<number>;
  /** Why it failed (video_status 'failed', as the payment's failure says it); '' otherwise. */
  video_error: Generated<string>;
  /** The catalogue message video_error is ({id, params}: video.changed, ...); null otherwise. */
  video_error_message: JSONColumnType<MessageRef | null, string | null | undefined, string | null>;
  /** When the video event applied last was decided (microseconds kept); null before any. */
  video_at: Date | null;
  /** Per language, when the last applied translation event was decided (RFC 3339, microseconds). */
  language_events: ColumnType<Record<string, string>, string | undefined, string>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ProjectFilesTable {
  id: Generated<string>;
  company_id: string;
  project_id: string | null;
  kind: string;
  filename: string;
  size: number;
  content_type: string;
  storage_key: string;
  created_by: string;
  created_at: Timestamp;
}

export interface ShareLinksTable {
  token: string;
  project_id: string;
  created_by: string;
  created_at: Timestamp;
  revoked_at: Date | null;
}

export interface CustomTemplatesTable {
  id: Generated<string>;
  company_id: string;
  created_by: string;
  document: JSONColumnType<Record<string, unknown>, string, string>;
  created_at: Timestamp;
}

/** Projects per company, status and month of creation, kept by triggers on projects. */
export interface ProjectCountsTable {
  company_id: string;
  status: string;
  created_month: Timestamp;
  n: number;
}

export interface CommentsTable {
  id: Generated<string>;
  project_id: string;
  /** Null for a thread's first comment. */
  thread_id: string | null;
  author_id: string;
  author_name: string;
  body: string;
  mentions: ColumnType<string[], string[] | undefined, string[]>;
  anchor_kind: string;
  anchor_slide: number | null;
  anchor_seconds: number | null;
  resolved_at: Date | null;
  resolved_by: string | null;
  created_at: Timestamp;
}

export interface LibraryDocumentsTable {
  id: Generated<string>;
  company_id: string;
  file_id: string | null;
  project_id: string | null;
  title: string;
  kind: string;
  source: string;
  size: ColumnType<string, number, number>;
  language: string;
  config: string;
  passage_count: number;
  created_by: string;
  created_at: Timestamp;
}

export interface LibraryPassagesTable {
  id: Generated<string>;
  document_id: string;
  company_id: string;
  position: number;
  heading: string;
  text: string;
  config: string;
  tsv: ColumnType<string, never, never>;
}

export interface ProjectDatabase {
  projects: ProjectsTable;
  library_documents: LibraryDocumentsTable;
  library_passages: LibraryPassagesTable;
  comments: CommentsTable;
  project_counts: ProjectCountsTable;
  project_files: ProjectFilesTable;
  share_links: ShareLinksTable;
  custom_templates: CustomTemplatesTable;
  processed_events: ProcessedEventsTable;
  outbox: OutboxTable;
}
