// Projects as the screens see them (docs/api.md, "Projects, templates, uploads and live events")
// and the pure rules of the project list: grouping, status labels, quality colour bands, content
// detection. No React and no browser API here, so the unit tests run them directly.
import { detectTextFormat, type SlideDeck } from '@trainwright/formats';
import {
  DOCUMENT_FORMATS,
  PIPELINE_STAGES,
  PROJECT_STATUSES,
  PROJECT_TYPES,
  VISUAL_FORMATS,
  qualityBand as catalogueQualityBand,
  type DocumentFormat,
  type LibraryMaterial,
  type MessageParam,
  type ProjectStatus,
  type ProjectType,
  type QualityBand,
  type VisualFormat,
} from '@trainwright/catalogue';
import type { Branding, GeneratedContent } from './project-types';
import { failureMessageOf, type FailureMessage } from './errors';

export { DOCUMENT_FORMATS, PROJECT_STATUSES, VISUAL_FORMATS, type DocumentFormat, type ProjectStatus, type ProjectType, type VisualFormat };

/** The list's status filter offers only these (part 1, section 2). */
export const STATUS_FILTERS = ['completed', 'pending', 'analyzing', 'generating_content', 'failed'] as const;

/** Project types the create form offers: the three of POST /api/projects and the AI content
 * generator, whose fields and calls are its own (lib/ai.ts). */
export const CREATE_PROJECT_TYPES = ['script_to_slides', 'slides_to_script', 'software_analysis', 'ai_content_generator'] as const;
export type CreateProjectType = (typeof CREATE_PROJECT_TYPES)[number];
export const ALL_PROJECT_TYPES = PROJECT_TYPES;

/** The create form's page, started from a template when one is given. */
export function newProjectPath(templateId?: string): string {
  return templateId ? `/projects/new?template=${encodeURIComponent(templateId)}` : '/projects/new';
}

/** The pipeline stages that report progress, in pipeline order: generation (analyzing,
 * generating_content), then rendering (creating_slides, generating_documents, creating_video), review. */
export const PROGRESS_STAGES = PIPELINE_STAGES;


export interface ProjectFile {
  id: string;
  kind: 'script' | 'slides';
  filename: string;
  size: number;
  content_type: string;
}

/** A list item (GET /api/projects): a project without its long texts and what the list and the
 * dialogs it opens do not read (docs/api.md). */
export interface ProjectSummary extends FailureMessage {
  id: string;
  title: string;
  description: string;
  status: ProjectStatus | (string & {});
  project_type: ProjectType | (string & {});
  visual_format: string;
  document_format: string;
  quality_score: number | null;
  engagement_prediction: number | string | null;
  branding: Branding | null;
  created_at: string;
  updated_at?: string;
  company_id: string | null;
  company_name?: string | null;
  progress: Record<string, number> | null;
  is_collaborative: boolean;
  members: number | null;
  primary_language: string;
  available_languages: string[];
  template_id: string | null;
  font_style?: string;
  image_style?: string;
  /** The narrated video (mp4, mov) has its subtitles burned into the picture. */
  burn_subtitles?: boolean;
  input_method?: 'text' | 'file';
  files?: ProjectFile[];
  error: string | null;
  needs_regeneration?: boolean;
  /** Each edit of content or rendering settings is a new version; files_version is the version
   * whose files download (null before the first render). */
  content_version?: number;
  files_version?: number | null;
  can_edit?: boolean;
  can_delete?: boolean;
  /** Generated content, or the project's own slides or script, is present. */
  has_content: boolean;
  /** The pay-per-use narrated video: '' (none, or not pay-per-use), payment_required, queued,
   * rendering, ready, failed (the payment was refunded). */
  video_status?: VideoStatus | (string & {});
  /** 0-100 while the video renders. */
  video_progress?: number;
  /** Why the narrated video failed (its payment was refunded), and the catalogue message it is. */
  video_error?: string | null;
  video_error_message_id?: string;
  video_error_params?: MessageParam[];
  /** What the generated content drew from the company library: 'cited' passages, 'none' (the
   * library held nothing about the topic), null (neither). */
  library_material?: LibraryMaterial | null;
}

export const VIDEO_STATUSES = ['', 'payment_required', 'queued', 'rendering', 'ready', 'failed'] as const;
export type VideoStatus = (typeof VIDEO_STATUSES)[number];

/** A whole project (GET /api/projects/{id}): the summary with its texts. */
export interface Project extends ProjectSummary {
  script_content: string;
  slides_content: string;
  generated_content: GeneratedContent | null;
  software_details: string;
  software_list: string[];
  ai_instructions: string;
}

export interface ProjectStats {
  total: number;
  this_month: number;
  completed: number;
  in_progress: number;
  failed: number;
  /** Percent, 0 to 100. */
  success_rate: number;
}

export interface ProjectListResponse {
  projects: ProjectSummary[];
  total: number;
  page: number;
  page_size: number;
  stats: ProjectStats;
}

export interface ProjectQuery {
  search: string;
  status: string;
  project_type: string;
  page: number;
  page_size: number;
}

/** The query string of GET /api/projects; empty filters are left out. */
export function projectQueryString(query: ProjectQuery): string {
  const params = new URLSearchParams();
  const search = query.search.trim();
  if (search) params.set('search', search);
  if (query.status) params.set('status', query.status);
  if (query.project_type) params.set('project_type', query.project_type);
  params.set('page', String(query.page));
  params.set('page_size', String(query.page_size));
  return params.toString();
}

export interface ProjectGroup {
  /** Stable key: the company name, else the company id, else '' for projects without a company. */
  key: string;
  label: string;
  projects: ProjectSummary[];
}

/**
 * Groups projects by company name, falling back to the company id, then 'No Company'. Groups
 * appear in the order of their first project (the list is newest first), projects keep their order.
 */
export function groupProjects(projects: readonly ProjectSummary[], noCompanyLabel = 'No Company'): ProjectGroup[] {
  const groups = new Map<string, ProjectGroup>();
  for (const project of projects) {
    const name = project.company_name?.trim();
    const id = project.company_id?.trim();
    const key = name ? `name:${name}` : id ? `id:${id}` : '';
    const label = name || id || noCompanyLabel;
    let group = groups.get(key);
    if (!group) {
      group = { key, label, projects: [] };
      groups.set(key, group);
    }
    group.projects.push(project);
  }
  return [...groups.values()];
}

/** 'generating_content' -> 'Generating Content' (the English label of a status). */
export function titleCaseStatus(status: string): string {
  return status
    .split('_')
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase())
    .join(' ');
}

export type { QualityBand };

/** The catalogue's bands (90 and above green, 80-89 blue, 70-79 yellow, 60-69 orange, below 60
 * red); null when unscored. */
export function qualityBand(score: number | null | undefined): QualityBand | null {
  if (score === null || score === undefined || !Number.isFinite(score)) return null;
  return catalogueQualityBand(score);
}

export const QUALITY_BAND_CLASSES: Record<QualityBand, string> = {
  green: 'bg-green-100 text-green-800 ring-green-600/20',
  blue: 'bg-blue-100 text-blue-800 ring-blue-600/20',
  yellow: 'bg-yellow-100 text-yellow-800 ring-yellow-600/20',
  orange: 'bg-orange-100 text-orange-800 ring-orange-600/20',
  red: 'bg-red-100 text-red-800 ring-red-600/20',
};

/** The filled part of a score bar, and the ring of a score circle, in the band's colour. */
export const QUALITY_BAND_BAR: Record<QualityBand, string> = {
  green: 'bg-green-500',
  blue: 'bg-blue-500',
  yellow: 'bg-yellow-400',
  orange: 'bg-orange-500',
  red: 'bg-red-500',
};
export const QUALITY_BAND_STROKE: Record<QualityBand, string> = {
  green: 'stroke-green-500',
  blue: 'stroke-blue-500',
  yellow: 'stroke-yellow-400',
  orange: 'stroke-orange-500',
  red: 'stroke-red-500',
};

/** Stages with progress to show, in pipeline order (stages the pipeline does not know come last). */
export function stagesWithProgress(progress: Record<string, number> | null | undefined): { stage: string; percent: number }[] {
  if (!progress) return [];
  const known = PROGRESS_STAGES as readonly string[];
  return Object.entries(progress)
    .filter(([, value]) => typeof value === 'number' && Number.isFinite(value) && value > 0)
    .sort(([a], [b]) => {
      const ia = known.indexOf(a);
      const ib = known.indexOf(b);
      return (ia === -1 ? known.length : ia) - (ib === -1 ? known.length : ib);
    })
    .map(([stage, value]) => ({ stage, percent: Math.max(0, Math.min(100, Math.round(value))) }));
}

/** The payload of the `project.status_changed` event. */
export interface StatusChange extends FailureMessage {
  project_id: string;
  status?: string;
  progress?: Record<string, number> | number | null;
  error?: string | null;
}

/** A project with a status change applied (a number as progress is the progress of the new status). */
export function applyStatusChange<P extends ProjectSummary>(project: P, change: StatusChange): P {
  const status = change.status ?? project.status;
  let progress = project.progress ?? {};
  if (typeof change.progress === 'number') progress = { ...progress, [status]: change.progress };
  else if (change.progress && typeof change.progress === 'object') progress = { ...progress, ...change.progress };
  return {
    ...project,
    status,
    progress,
    ...(change.error === undefined ? {} : { error: change.error, ...failureMessageOf(change) }),
  };
}

export type ContentView = 'slides' | 'script';

/** Which view suits a text: the formats package's own rule (slide headings mean slides, script markers a script). */
export function detectContentView(text: string, fallback: ContentView = 'slides'): ContentView {
  return detectTextFormat(text) ?? fallback;
}

/** True when a deck has something to show. */
export function deckHasContent(deck: SlideDeck): boolean {
  return deck.slides.some((s) => s.title.trim() !== '' || s.points.length > 0 || s.paragraphs.length > 0 || s.notes.trim() !== '');
}

/** The text a project's preview shows: generated slides when present, else its own content. */
export function projectPreviewSource(project: Project | ProjectSummary): { text: string; view: ContentView; generated: boolean } {
  // A list item has no texts (only the fallback when GET of the project failed shows one).
  if (!('script_content' in project)) return { text: '', view: 'slides', generated: false };
  const generated = project.generated_content?.slides?.slide_content;
  if (generated && generated.trim() !== '') return { text: generated, view: 'slides', generated: true };
  if (project.slides_content && project.slides_content.trim() !== '') {
    return { text: project.slides_content, view: 'slides', generated: false };
  }
  const script = project.script_content ?? '';
  return { text: script, view: detectContentView(script, 'script'), generated: false };
}

/** http(s) addresses only: anything else (javascript:, data:) is never put in an href or src. */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}
