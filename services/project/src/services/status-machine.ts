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
