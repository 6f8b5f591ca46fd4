// An edit of a project's content or settings. An edit that changes what the content says or how
// it is rendered makes a new content version, and the version is made again: a new source
// (script, slides, AI instructions) is generated again and then rendered; hand-edited generated
// slides or script are kept as written and only rendered; new rendering settings are rendered.
// The files of the last version stay downloadable until the new ones are complete.
import { isDeepStrictEqual } from 'node:util';
import {
  DOCUMENT_FORMATS,
  FONT_STYLES,
  IMAGE_STYLES,
  TRANSLATION_MESSAGES,
  VISUAL_FORMATS,
  catalogueMessage,
  isContentLanguage,
} from '@trainwright/catalogue';
import { citationsAfterEdit, parseSlideText, plainContent, summaryAfterEdit, type GeneratedContent } from '@trainwright/formats';
import { AppError, ownerPlanOf, type CallerCompany, type OwnerPlan } from '@trainwright/platform';
import type { ProjectsTable, VoiceJson } from '../../repositories/database.js';
import { projectEvents, snapshotOfRow, type ProjectSnapshot } from '../events.js';
import { TEXT_LIMITS, branding as validBranding, flag, oneOf, text, title as validTitle, voice as validVoice, type BrandingInput } from '../validation.js';
import { loadProject, requireGenerationAllowed, requireVoiceAllowed } from './access.js';
import type { ProjectChanges, ProjectDeps, ProjectRow } from './deps.js';
import { enqueueRender } from './hand-off-to-render.js';
import { contentColumns } from './library-material.js';
import { requirePlanAllows } from './plan-gates.js';
import { projectViews, type ProjectView } from './views.js';

export interface UpdateProjectInput {
  title?: string;
  description?: string;
  scriptContent?: string;
  slidesContent?: string;
  generatedSlides?: string;
  generatedScript?: string;
  visualFormat?: string;
  documentFormat?: string;
  branding?: BrandingInput;
  clearBranding?: boolean;
  aiInstructions?: string;
  fontStyle?: string;
  imageStyle?: string;
  burnSubtitles?: boolean;
  templateId?: string;
  voiceSelection?: VoiceJson;
  /** The translation service's set-primary-language: the language the content is now in ... */
  primaryLanguage?: string;
  /** ... and the whole generated content in it (kept as written, rendered again). */
  generatedContent?: GeneratedContent;
  /** The content version the change was computed from: another one is a CONFLICT (nothing written). */
  expectedContentVersion?: number;
}

/** What the generator makes the content from: a change is generated again. */
const SOURCE_COLUMNS = ['script_content', 'slides_content', 'ai_instructions'] as const;
/** The content as written (by the engine or by hand) and how it is rendered: a change is rendered again. */
const RENDER_COLUMNS = ['generated_content', 'primary_language', 'template_id', 'font_style', 'image_style', 'burn_subtitles', 'branding', 'visual_format', 'document_format', 'voice_selection'] as const;
/** The statuses in which the project's generation is queued or running. */
const GENERATING = ['pending', 'analyzing', 'generating_content'];
/** A concurrent pipeline event or edit makes the write retry on the fresh project; this many times. */
const ATTEMPTS = 5;
export const SAVE_FAILED = 'Error saving project updates. Please try again.';
export const CONTENT_CHANGED = 'This project was changed meanwhile. Reload it and try again.';

/** The validated fields of the edit, as they are stored. */
async function editedColumns(deps: ProjectDeps, row: ProjectRow, company: CallerCompany, input: UpdateProjectInput): Promise<ProjectChanges> {
  const changes: ProjectChanges = {};
  if (input.title !== undefined) changes.title = validTitle(input.title);
  if (input.description !== undefined) changes.description = text('description', input.description, TEXT_LIMITS.description, { multiline: true });
  if (input.scriptContent !== undefined) changes.script_content = text('script_content', input.scriptContent, TEXT_LIMITS.content, { multiline: true });
  if (input.slidesContent !== undefined) changes.slides_content = text('slides_content', input.slidesContent, TEXT_LIMITS.content, { multiline: true });
  // The generated slides and script edited by hand, each over the other's current text.
  let content: GeneratedContent | undefined;
  const current = () => content ?? row.generated_content ?? plainContent('', '');
  if (input.generatedSlides !== undefined) {
    const slideContent = text('generated_slides', input.generatedSlides, TEXT_LIMITS.content, { multiline: true });
    const before = current();
    // The documents' overview prints the summary: it follows an edit of the summary slide.
    const [was, now] = [parseSlideText(before.slides.slide_content), parseSlideText(slideContent)];
    const summary = summaryAfterEdit(was, now, before.summary);
    // Citations follow their slides; an edited slide's points may no longer be the passage's.
    const citations = citationsAfterEdit(was, now, before.citations ?? []);
    content = { ...before, summary, citations, slides: { ...before.slides, slide_content: slideContent } };
  }
  if (input.generatedScript !== undefined) {
    const script = text('generated_script', input.generatedScript, TEXT_LIMITS.content, { multiline: true });
    content = { ...current(), script };
  }
  if (input.generatedContent !== undefined) {
    // A translation's content: each text within the same limits as an edit.
    const g = input.generatedContent;
    text('generated_slides', g.slides.slide_content, TEXT_LIMITS.content, { multiline: true });
    text('generated_script', g.script, TEXT_LIMITS.content, { multiline: true });
    content = g;
  }
  if (content) Object.assign(changes, contentColumns(content));
  if (input.primaryLanguage !== undefined) {
    const language = input.primaryLanguage.trim().toLowerCase();
    if (!isContentLanguage(language)) throw AppError.validation('primary_language', catalogueMessage(TRANSLATION_MESSAGES, 'unknownLanguage', language));
    changes.primary_language = language;
    // The primary language is always one of the project's languages.
    if (!row.available_languages.includes(language)) changes.available_languages = JSON.stringify([...row.available_languages, language]);
  }
  const visualFormat = input.visualFormat === undefined ? undefined : oneOf('visual_format', input.visualFormat, VISUAL_FORMATS, 'powerpoint');
  if (visualFormat !== undefined) changes.visual_format = visualFormat;
  if (input.documentFormat !== undefined) changes.document_format = oneOf('document_format', input.documentFormat, DOCUMENT_FORMATS, 'pdf');
  if (input.clearBranding) changes.branding = null;
  else if (input.branding !== undefined) changes.branding = JSON.stringify(validBranding(input.branding));
  if (input.aiInstructions !== undefined) changes.ai_instructions = text('ai_instructions', input.aiInstructions, TEXT_LIMITS.aiInstructions, { multiline: true });
  if (input.fontStyle !== undefined) changes.font_style = oneOf('font_style', input.fontStyle, FONT_STYLES, 'modern');
  if (input.imageStyle !== undefined) changes.image_style = oneOf('image_style', input.imageStyle, IMAGE_STYLES, 'professional');
  if (input.burnSubtitles !== undefined) changes.burn_subtitles = flag('burn_subtitles', input.burnSubtitles);
  if (input.voiceSelection !== undefined) changes.voice_selection = JSON.stringify(validVoice(input.voiceSelection));
  const templateId = input.templateId?.trim();
  if (templateId !== undefined) changes.template_id = templateId;
  // The same gates as create (plan-gates.ts), on what this edit sets.
  await requirePlanAllows(deps, company, { visualFormat, templateId });
  return changes;
}

/** True when the column's new value differs from the row's (jsonb columns compared as values: PostgreSQL reorders their keys). */
function differs(row: ProjectRow, changes: ProjectChanges, column: keyof ProjectsTable): boolean {
  if (!(column in changes)) return false;
  const value = changes[column];
  return !isDeepStrictEqual(typeof value === 'string' && typeof row[column] !== 'string' ? JSON.parse(value) : value, row[column]);
}

/** What the new version needs made: a generation, a render, or nothing yet (the generation under way renders it). */
export type VersionWork = 'generate' | 'render' | 'none';

/**
 * The columns of the next version and the work it needs. Hand-edited content wins over a source
 * edit in the same request (the engine does not rewrite it); a settings edit while the content is
 * still to be generated rides along with that generation (a new one when none is under way).
 */
function nextVersion(row: ProjectRow, edit: { source: boolean; handEdited: boolean }): { changes: ProjectChanges; work: VersionWork } {
  const version = row.content_version + 1;
  // The new version's render decides about its video again (pay-per-use: paid per render).
  const changes: ProjectChanges = { content_version: version, video_status: '', video_progress: 0, video_error: '', video_error_message: null };
  let generationVersion = row.generation_version;
  if (edit.handEdited) generationVersion = null;
  else if (edit.source || (generationVersion !== null && !GENERATING.includes(row.status))) generationVersion = version;
  changes.generation_version = generationVersion;
  const work: VersionWork = generationVersion === null ? 'render' : generationVersion === version ? 'generate' : 'none';
  if (work === 'none') return { changes, work };
  // The pipeline starts again: pending until a worker takes the job. A re-render keeps the
  // progress of the generation it does not repeat.
  const progress = work === 'generate' ? {} : Object.fromEntries(Object.entries(row.progress).filter(([stage]) => stage === 'analyzing' || stage === 'generating_content'));
  Object.assign(changes, { status: 'pending', progress: JSON.stringify(progress), error: '', error_message: null });
  return { changes, work };
}

export async function updateProject(deps: ProjectDeps, userId: string, projectId: string, input: UpdateProjectInput): Promise<ProjectView> {
  for (let attempt = 1; ; attempt += 1) {
    const { row, company, companies } = await loadProject(deps, userId, projectId, 'project.update');
    // Checked as on create, for the project's own company, once the caller may see the project.
    await requireVoiceAllowed(deps, userId, row.company_id, input.voiceSelection?.voice_id);
    // The write below is checked against this row's version, so a newer version committed after
    // this read comes back here on the next attempt and is refused too.
    if (input.expectedContentVersion !== undefined && row.content_version !== input.expectedContentVersion) throw new AppError('CONFLICT', CONTENT_CHANGED);
    const changes = await editedColumns(deps, row, company, input);
    const source = SOURCE_COLUMNS.some((c) => differs(row, changes, c));
    // A translation made the content (a new primary language): kept as written, never generated
    // again, also when the project has no generated content (its own slides or script translated).
    const handEdited = differs(row, changes, 'generated_content') || differs(row, changes, 'primary_language');
    let work: VersionWork | null = null;
    if (source || RENDER_COLUMNS.some((c) => differs(row, changes, c))) {
      requireGenerationAllowed(company);
      const next = nextVersion(row, { source, handEdited });
      Object.assign(changes, next.changes);
      work = next.work;
    }
    if (Object.keys(changes).length === 0) return (await projectViews(deps, [row], companies))[0]!;
    const events = [projectEvents.changed('project.updated', { projectId, companyId: row.company_id, ownerUserId: row.owner_user_id, ...committedSnapshot(row, changes) })];
    if (changes.status) {
      const progress = JSON.parse(String(changes.progress)) as Record<string, number>;
      events.push(projectEvents.statusChanged({ projectId, companyId: row.company_id, status: 'pending', progress, error: '' }));
    }
    const seen = { status: row.status, contentVersion: row.content_version };
    if (await deps.projects.updateIfUnchanged(projectId, seen, changes, events)) {
      deps.afterWrite();
      const saved = await startWork(deps, projectId, Number(changes.content_version), work, ownerPlanOf(company));
      // The caller's companies were read for this edit: the saved project needs no second look-up.
      return (await projectViews(deps, [saved ?? row], companies))[0]!;
    }
    if (attempt === ATTEMPTS) throw new AppError('CONFLICT', SAVE_FAILED);
  }
}

/**
 * The project as this write commits it: the write is checked against the status and version it
 * read, and every column the snapshot holds but the title changes only with one of those, so the
 * row read plus the changes is the row committed. The title goes along only when this write sets
 * it (a concurrent rename may have committed after the read).
 */
function committedSnapshot(row: ProjectRow, changes: ProjectChanges): ProjectSnapshot {
  const has = (column: keyof ProjectsTable) => column in changes;
  const snapshot = snapshotOfRow({
    status: has('status') ? String(changes.status) : row.status,
    visual_format: has('visual_format') ? String(changes.visual_format) : row.visual_format,
    generated_content: has('generated_content') ? changes.generated_content : row.generated_content,
    slides_content: has('slides_content') ? String(changes.slides_content) : row.slides_content,
    script_content: has('script_content') ? String(changes.script_content) : row.script_content,
    content_version: has('content_version') ? Number(changes.content_version) : row.content_version,
    // A branding edit is a new content version, so it is committed with the version checked.
    branding: has('branding') ? (changes.branding === null ? null : (JSON.parse(String(changes.branding)) as { logo_url: string })) : row.branding,
  });
  return has('title') ? { ...snapshot, title: String(changes.title) } : snapshot;
}

/**
 * Enqueues what the new version needs, unless a later edit has already made a newer one (its own
 * edit enqueues that). Returns the project as saved.
 */
async function startWork(deps: ProjectDeps, projectId: string, version: number, work: VersionWork | null, plan: OwnerPlan): Promise<ProjectRow | undefined> {
  if (work === 'generate') await deps.jobs.generate(projectId, version, plan);
  const row = await deps.projects.findById(projectId);
  if (work === 'render' && row && row.content_version === version) await enqueueRender(deps, row, plan);
  return row;
}
