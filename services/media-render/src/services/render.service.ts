// One render job: the project's current content and settings made into every file it offers,
// stage by stage (creating_slides: pptx; generating_documents: pdf, docx, txt; creating_video:
// narrated mp4 and mov), with real progress. Files are keyed by the render key, so a job that
// is run again (a retry, a worker killed mid-render) reuses what is done and a project ends with
// exactly one set of files.
import { TIERS, type TierId } from '@trainwright/catalogue';
import type { ObjectStorage } from '@trainwright/platform';
import type { Project } from '@trainwright/proto/trainwright/project/v1/project';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { createReadStream } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { tmpdir } from 'node:os';
import { RenderError, type DownloadFormat, type RenderBranding, type RenderInput } from '../domain/types.js';
import type { RenderRepository } from '../repositories/render.repository.js';
import { renderInputOf } from './render-input.js';

export const RENDER_QUEUE = 'render';

export interface RenderJobInput {
  project: Project;
  template: Record<string, unknown> | null;
  ownerTier: TierId;
  renderKey: string;
}

/** Where the job's facts go (the event bus in production). */
export interface RenderEvents {
  progress(projectId: string, stage: 'creating_slides' | 'generating_documents' | 'creating_video', percent: number): Promise<void>;
  completed(projectId: string): Promise<void>;
  failed(projectId: string, message: string): Promise<void>;
}

export interface Renderers {
  document(format: 'pptx' | 'pdf' | 'docx' | 'txt', input: RenderInput): Promise<Buffer>;
  /** Renders the narrated mp4 (and its WebVTT) in `workDir`. */
  video(input: RenderInput, voice: { voiceId: string; companyId: string }, workDir: string, progress: (p: number) => Promise<void>): Promise<{ videoPath: string; vttPath: string }>;
  /** The same streams in a QuickTime container (no re-encode). */
  remuxToMov(mp4Path: string, movPath: string): Promise<void>;
}

export const INTERNAL_RENDER_FAILURE = 'Rendering failed because of an internal error. Please try again.';

export class RenderService {
  constructor(
    private readonly deps: {
      load(projectId: string): Promise<RenderJobInput>;
      branding(project: Project): Promise<RenderBranding | null>;
      renderers: Renderers;
      files: RenderRepository;
      storage: ObjectStorage;
      events: RenderEvents;
      workRoot: string;
      onUnexpected: (error: unknown, projectId: string) => void;
    },
  ) {}

  async run(projectId: string, renderKey: string, job: { attempt: number; maxAttempts: number }): Promise<{ rendered: string[]; reused: string[] }> {
    const { events } = this.deps;
    try {
      const input = await this.deps.load(projectId);
      // The content changed since this job was queued: the newer job renders it.
      if (input.renderKey !== renderKey) return { rendered: [], reused: [] };
      const project = input.project;
      const done = new Map((await this.deps.files.filesOf(projectId, renderKey)).map((f) => [f.format, f]));
      const renderInput = renderInputOf(project, input.template, await this.deps.branding(project));
      const wantsVideo = project.visualFormat === 'mp4' || project.visualFormat === 'mov';
      const videoAllowed = TIERS[input.ownerTier].capabilities.videoGeneration;
      const rendered: string[] = [];
      const keep = async (format: DownloadFormat | 'vtt', body: Buffer | string) => {
        const key = `companies/${project.companyId}/projects/${projectId}/renders/${renderKey}/${fileBase(project.title)}.${format}`;
        // A killed attempt may have left a partial file under the same key.
        await this.deps.storage.delete(key);
        const { size } = await this.deps.storage.put(key, typeof body === 'string' ? createReadStream(body) : Readable.from(body));
        await this.deps.files.recordFile({ projectId, renderKey, format, companyId: project.companyId, storageKey: key, size });
        rendered.push(format);
      };

      await events.progress(projectId, 'creating_slides', 0);
      if (!done.has('pptx')) await keep('pptx', await this.deps.renderers.document('pptx', renderInput));
      await events.progress(projectId, 'creating_slides', 100);

      const documents = ['pdf', 'docx', 'txt'] as const;
      for (const [i, format] of documents.entries()) {
        await events.progress(projectId, 'generating_documents', (i / documents.length) * 100);
        if (!done.has(format)) await keep(format, await this.deps.renderers.document(format, renderInput));
      }
      await events.progress(projectId, 'generating_documents', 100);

      if (wantsVideo && videoAllowed && !(done.has('mp4') && done.has('mov'))) {
        await events.progress(projectId, 'creating_video', 0);
        const workDir = await mkdtemp(join(this.deps.workRoot || tmpdir(), 'tw-render-'));
        try {
          const voice = { voiceId: project.voiceSelection?.voiceId ?? '', companyId: project.companyId };
          const video = await this.deps.renderers.video(renderInput, voice, workDir, (p) => events.progress(projectId, 'creating_video', Math.min(95, p * 0.95)));
          const movPath = join(workDir, 'video.mov');
          await this.deps.renderers.remuxToMov(video.videoPath, movPath);
          await keep('mp4', video.videoPath);
          await keep('mov', movPath);
          if ((await stat(video.vttPath).catch(() => null))?.isFile()) await keep('vtt', video.vttPath);
        } finally {
          await rm(workDir, { recursive: true, force: true });
        }
        await events.progress(projectId, 'creating_video', 100);
      }

      for (const key of await this.deps.files.makeCurrent(projectId, renderKey)) await this.deps.storage.delete(key);
      await events.completed(projectId);
      return { rendered, reused: [...done.keys()] };
    } catch (error) {
      const known = error instanceof RenderError;
      if (!known) this.deps.onUnexpected(error, projectId);
      const retryable = known ? error.retryable : (error as { status?: number }).status !== 404;
      const message = known ? error.message : INTERNAL_RENDER_FAILURE;
      if (!retryable || job.attempt >= job.maxAttempts) {
        await events.failed(projectId, message);
        throw new RenderError(message, false);
      }
      throw new RenderError(message, true);
    }
  }
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
