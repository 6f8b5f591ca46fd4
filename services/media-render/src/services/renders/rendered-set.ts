// What the renders share: a set of rendered files (a project's files for one render key, of one
// content version and one language), its documents and narrated video made and kept in storage,
// and the branding the files show.
import type { Project } from '@trainwright/proto/trainwright/project/v1/project';
import type { DocumentFormat, DownloadFormat, RenderBranding, RenderInput } from '../../domain/types.js';
import type { RenderDeps } from './deps.js';

/** One set of rendered files: a project's files for one render key (of one content version). */
export interface RenderedSet {
  projectId: string;
  companyId: string;
  title: string;
  renderKey: string;
  contentVersion: number;
  /** A translation's language; absent or '' for the project's own files. */
  language?: string;
}

/** The project's branding with its logo as kept (rendered without the logo when it cannot be used). */
export async function brandingOf(deps: Pick<RenderDeps, 'logos' | 'logger'>, project: Project): Promise<RenderBranding | null> {
  if (!project.branding) return null;
  const { logo, problem } = await deps.logos.logoOf({ projectId: project.id, companyId: project.companyId, url: project.branding.logoUrl });
  if (problem) deps.logger.warn({ projectId: project.id, problem }, 'rendering without the logo');
  return { companyName: project.branding.companyName, website: project.branding.website, logo };
}

/**
 * The set's documents not rendered yet (`done` holds those that are), stage by stage:
 * creating_slides (pptx), then generating_documents (pdf, docx, txt). The formats rendered.
 */
export async function renderDocuments(
  deps: Pick<RenderDeps, 'renderers' | 'storage' | 'files'>,
  set: RenderedSet,
  input: RenderInput,
  done: ReadonlyMap<string, unknown>,
  progress: (stage: 'creating_slides' | 'generating_documents', percent: number) => Promise<void>,
): Promise<string[]> {
  const rendered: string[] = [];
  const keep = async (format: DocumentFormat) => {
    if (done.has(format)) return;
    await keepRenderedFile(deps, set, format, await deps.renderers.document(format, input));
    rendered.push(format);
  };
  await progress('creating_slides', 0);
  await keep('pptx');
  await progress('creating_slides', 100);
  const documents = ['pdf', 'docx', 'txt'] as const;
  for (const [i, format] of documents.entries()) {
    await progress('generating_documents', (i / documents.length) * 100);
    await keep(format);
  }
  await progress('generating_documents', 100);
  return rendered;
}

/** Stores a file of the set under companies/<c>/projects/<p>/renders/<key>/<Title>.<ext> and records it. */
export async function keepRenderedFile(deps: Pick<RenderDeps, 'storage' | 'files'>, set: RenderedSet, format: DownloadFormat | 'vtt', body: Buffer | { path: string }): Promise<void> {
  const key = `companies/${set.companyId}/projects/${set.projectId}/renders/${set.renderKey}/${fileBase(set.title)}.${format}`;
  const size = await deps.storage.save(key, body);
  await deps.files.recordFile({ projectId: set.projectId, renderKey: set.renderKey, contentVersion: set.contentVersion, format, companyId: set.companyId, storageKey: key, size, language: set.language ?? '' });
}

/**
 * The set's narrated mp4 and mov (and WebVTT subtitles when written), rendered in a scratch folder
 * with the project's voice and kept in the set; `progress` gets the render's percent. The formats
 * kept. `language`: a translation's, which the voice speaks (espeak-ng switches to a voice of it).
 */
export async function renderNarratedVideo(
  deps: Pick<RenderDeps, 'voices' | 'renderers' | 'workDirs' | 'storage' | 'files'>,
  project: Project,
  renderInput: RenderInput,
  set: RenderedSet,
  progress: (percent: number) => Promise<void>,
): Promise<string[]> {
  return deps.workDirs.use(async (workDir) => {
    // Spoken in the content's language (a translation's, or the project's own after its primary
    // language changed): the chosen voice, moved to that language when it speaks another.
    const voice = await deps.voices.settingsFor(project.voiceSelection?.voiceId ?? '', project.companyId);
    const video = await deps.renderers.video(renderInput, { ...voice, language: renderInput.language }, workDir, progress);
    await keepRenderedFile(deps, set, 'mp4', { path: video.mp4Path });
    await keepRenderedFile(deps, set, 'mov', { path: video.movPath });
    if (video.vttPath) await keepRenderedFile(deps, set, 'vtt', { path: video.vttPath });
    return video.vttPath ? ['mp4', 'mov', 'vtt'] : ['mp4', 'mov'];
  });
}

/** Removes files a set no longer holds from storage. */
export async function deleteStored(deps: Pick<RenderDeps, 'storage'>, keys: string[]): Promise<void> {
  for (const key of keys) await deps.storage.delete(key);
}

/** A file name from the title: letters, digits, spaces turned into underscores; never empty. */
export function fileBase(title: string): string {
  const base = title
    .normalize('NFKC')
    .replace(/[^\p{L}\p{N}]+/gu, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 100);
  return base || 'training';
}
