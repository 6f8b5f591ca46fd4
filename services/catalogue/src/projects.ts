// Projects' closed sets (part 1 sections 3, 4 and 9) and the status machine of section 4, shared
// by the project service and the web app.

export const PROJECT_TYPES = ['script_to_slides', 'slides_to_script', 'software_analysis', 'ai_content_generator'] as const;
export type ProjectType = (typeof PROJECT_TYPES)[number];

/** The long texts a project list item leaves out (a script may hold 2,000,000 characters); GET of one project has them. */
export const PROJECT_LONG_FIELDS = ['script_content', 'slides_content', 'generated_content', 'software_details', 'ai_instructions', 'request_data'] as const;
/** What else a list item leaves out: what no list screen reads (GET of one project has them). */
export const PROJECT_UNLISTED_FIELDS = ['software_list', 'voice_selection', 'generator_type', 'derived_from_project_id'] as const;
export const VISUAL_FORMATS = ['powerpoint', 'mp4', 'mov'] as const;
export type VisualFormat = (typeof VISUAL_FORMATS)[number];
export const DOCUMENT_FORMATS = ['pdf', 'word'] as const;
export type DocumentFormat = (typeof DOCUMENT_FORMATS)[number];
export const FONT_STYLES = ['modern', 'classic', 'professional', 'creative', 'minimal'] as const;
export type FontStyle = (typeof FONT_STYLES)[number];
export const IMAGE_STYLES = ['professional', 'modern', 'classic', 'creative', 'animated', 'abstract', 'realistic'] as const;
export type ImageStyle = (typeof IMAGE_STYLES)[number];

// The project status machine of part 1 section 4. Work moves forward through the pipeline
// (stages may be skipped: no video means no creating_video); any unfinished stage may fail; a
// failed or finished project goes back to pending when its content must be generated again.

export const PROJECT_STATUSES = [
  'pending',
  'analyzing',
  'generating_content',
  'creating_slides',
  'generating_documents',
  'creating_video',
  'review',
  'completed',
  'failed',
] as const;
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];

/** The pipeline stages that carry a progress percentage, in order. */
export const PIPELINE_STAGES = ['analyzing', 'generating_content', 'creating_slides', 'generating_documents', 'creating_video', 'review'] as const;
export type PipelineStage = (typeof PIPELINE_STAGES)[number];

const ORDER: ProjectStatus[] = ['pending', ...PIPELINE_STAGES, 'completed'];

export function isProjectStatus(value: unknown): value is ProjectStatus {
  return typeof value === 'string' && (PROJECT_STATUSES as readonly string[]).includes(value);
}

export function isPipelineStage(value: unknown): value is PipelineStage {
  return typeof value === 'string' && (PIPELINE_STAGES as readonly string[]).includes(value);
}

export function canTransition(from: ProjectStatus, to: ProjectStatus): boolean {
  if (from === to) return from !== 'completed' && from !== 'failed' && from !== 'pending';
  if (to === 'failed') return from !== 'completed' && from !== 'failed';
  if (to === 'pending') return from === 'failed' || from === 'completed' || from === 'review';
  if (from === 'failed') return false;
  const a = ORDER.indexOf(from);
  const b = ORDER.indexOf(to);
  return a >= 0 && b > a;
}

export function isInProgress(status: ProjectStatus): boolean {
  return status !== 'pending' && status !== 'completed' && status !== 'failed';
}

/** Title-cased with underscores removed, as the specification shows statuses. */
export function statusLabel(status: ProjectStatus): string {
  return status
    .split('_')
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');
}

/**
 * The one source of every project text field's limit (characters): the gateway's request schema,
 * the project service's validation and the web form all read these (docs/security.md, "Limits at
 * every door"). Part 1 names no numbers; these are ours.
 */
export const PROJECT_LIMITS = {
  title: 200,
  description: 5000,
  /** Script, slides and generated content. */
  content: 2_000_000,
  softwareDetails: 20_000,
  aiInstructions: 5000,
  /** Company name in branding. */
  brandingText: 200,
  /** logo_url and website. */
  url: 2048,
  voiceId: 200,
  voiceName: 200,
  voiceCategory: 100,
} as const;
