// Changes to a finished translation by people: one slide edited by hand, the XLIFF 2.0 round trip
// with a translation agency, and making a translation the project's primary language. Each keeps
// the translation aligned with its source segment by segment, and bumps its version (an edit on
// an older version is a CONFLICT, so two editors cannot overwrite each other unseen).
import { TRANSLATION_MESSAGES, catalogueMessage } from '@trainwright/catalogue';
import { AppError } from '@trainwright/platform';
import { projectAccess } from './project-access.js';
import { escapeXml } from '../text/placeholders.js';
import type { ContentTranslator, GlossaryStore, Memberships, ProjectDirectory, TranslationStore, XliffReader, XliffWriter } from './ports.js';
import { slideLineEdits, type SlideEdit } from './slide-edit.js';
import { isStale } from './staleness.js';
import type { ProjectInfo, SegmentPair, TranslationWithContent, UnknownWord } from './types.js';

export interface TranslationEditDeps {
  store: TranslationStore;
  glossary: Pick<GlossaryStore, 'list'>;
  projects: ProjectDirectory;
  memberships: Memberships;
  translator: ContentTranslator;
  xliff: { read: XliffReader['read']; write: XliffWriter };
}

/** The slide text that renders: the generated slides when there are any, else the project's own. */
function renderedSlidesPath(t: TranslationWithContent): { path: string; text: string } {
  const generated = t.content?.generatedContent?.slides.slide_content ?? '';
  return generated.trim() ? { path: 'generated.slides', text: generated } : { path: 'slides', text: t.content?.slidesContent ?? '' };
}

/** The unknown words a fixed translation still holds (a segment put right, or the word kept on purpose, is reviewed). */
function stillUnknown(words: readonly UnknownWord[], segments: readonly SegmentPair[]): UnknownWord[] {
  const targets = segments.map((s) => s.target).join('\n');
  return words.filter((u) => new RegExp(`(?<![\\p{L}\\p{N}])${u.word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}\\p{N}])`, 'u').test(targets));
}

export function createTranslationEdits(deps: TranslationEditDeps) {
  const access = async (userId: string, projectId: string, change: boolean): Promise<ProjectInfo> =>
    (await projectAccess(deps, userId, projectId, change ? 'project.update' : 'project.read')).project;

  async function completed(projectId: string, language: string): Promise<TranslationWithContent> {
    const t = await deps.store.find(projectId, language);
    if (!t) throw AppError.notFound(catalogueMessage(TRANSLATION_MESSAGES, 'notFound'));
    if (t.status !== 'completed' || !t.content || !t.sourceContent || !t.segments) throw new AppError('CONFLICT', catalogueMessage(TRANSLATION_MESSAGES, 'notCompleted', language));
    return t;
  }

  /** Writes new segment targets through the same assembly and checks as a translation. */
  async function replaceTargets(t: TranslationWithContent, version: number, targets: Map<string, string>) {
    const pairs = t.segments!.map((s) => ({ ...s, target: targets.get(s.id) ?? s.target }));
    const result = deps.translator.reassemble(t.sourceContent!, pairs, await deps.glossary.list(t.companyId), t.sourceLanguage, t.language);
    const saved = await deps.store.replace(t.id, version, { ...result, engine: 'edited', unknownWords: stillUnknown(t.unknownWords, result.segments) });
    if (saved === 'conflict') throw new AppError('CONFLICT', catalogueMessage(TRANSLATION_MESSAGES, 'editConflict'));
    return (await deps.store.findById(t.id))!;
  }

  return {
    async editSlide(userId: string, projectId: string, language: string, slideIndex: number, edit: SlideEdit, version: number) {
      const project = await access(userId, projectId, true);
      const t = await completed(projectId, language);
      if (t.version !== version) throw new AppError('CONFLICT', catalogueMessage(TRANSLATION_MESSAGES, 'editConflict'));
      const { path, text } = renderedSlidesPath(t);
      const lines = slideLineEdits(text, slideIndex, edit);
      const targets = new Map([...lines].map(([line, value]) => [`${path}:${line}`, escapeXml(value)]));
      return { translation: await replaceTargets(t, version, targets), project };
    },

    async exportXliff(userId: string, projectId: string, language: string) {
      await access(userId, projectId, false);
      const t = await completed(projectId, language);
      const xml = deps.xliff.write({ projectId, sourceLanguage: t.sourceLanguage, targetLanguage: t.language, segments: t.segments! });
      return { filename: `translation-${t.sourceLanguage}-${t.language}-${projectId.slice(0, 8)}-v${t.version}.xlf`, xml };
    },

    async importXliff(userId: string, projectId: string, language: string, xml: string) {
      const project = await access(userId, projectId, true);
      const t = await completed(projectId, language);
      if (!xml.trim()) throw AppError.validation('xliff', 'Upload an XLIFF 2.0 document.');
      const doc = await deps.xliff.read(xml, { sourceLanguage: t.sourceLanguage, targetLanguage: t.language, unitIds: new Set(t.segments!.map((s) => s.id)) });
      // Segment ids are positions: a document made from another version of the translation would
      // put its targets in the wrong places.
      const sources = new Map(t.segments!.map((seg) => [seg.id, seg.source]));
      const moved = doc.units.find((u) => sources.get(u.id) !== u.source);
      if (moved) throw AppError.validation('xliff', catalogueMessage(TRANSLATION_MESSAGES, 'xliffOutdated', moved.id));
      const targets = new Map(doc.units.map((u) => [u.id, u.target]));
      // A round trip that changes nothing keeps the translation as it is (no new version, no render).
      if (t.segments!.every((s) => (targets.get(s.id) ?? s.target) === s.target)) return { translation: t, project };
      return { translation: await replaceTargets(t, t.version, targets), project };
    },

    /**
     * Makes a completed translation the project's content and primary language; the content it
     * replaces becomes the translation into the former primary language. Nothing is lost either way:
     * the project takes the swap only at the content version it was read at (a concurrent edit or
     * set-primary makes it a CONFLICT), and the translation is held as read until the swap is
     * written, so both sides change or neither does.
     */
    async setPrimary(userId: string, projectId: string, language: string): Promise<{ primaryLanguage: string; availableLanguages: string[] }> {
      const project = await access(userId, projectId, true);
      const code = language.trim().toLowerCase();
      const languages = async () => [project.primaryLanguage, ...(await deps.store.list(projectId)).filter((t) => t.status === 'completed').map((t) => t.language)];
      if (code === project.primaryLanguage) return { primaryLanguage: code, availableLanguages: await languages() };
      const t = await deps.store.find(projectId, code);
      if (!t || t.status !== 'completed' || !t.content || !t.sourceContent || !t.segments) throw AppError.validation('primary_language', catalogueMessage(TRANSLATION_MESSAGES, 'primaryNeedsTranslation', code));
      // Only a translation of the content as it is now may replace it (nothing edited since is lost).
      if (isStale(t, project)) throw new AppError('CONFLICT', catalogueMessage(TRANSLATION_MESSAGES, 'primaryStale', code));
      const former = t.sourceContent;
      const content = t.content;
      const segments = deps.translator.pairs(content, former, await deps.glossary.list(t.companyId), code, project.primaryLanguage);
      await deps.store.swapWithPrimary(t, async () => {
        const updated = await deps.projects.replaceContent(userId, projectId, code, content, project.contentVersion);
        return { language: project.primaryLanguage, content: former, segments, source: { version: updated.contentVersion, hash: updated.sourceHash } };
      });
      const rest = (await deps.store.list(projectId)).filter((x) => x.status === 'completed' && x.language !== code).map((x) => x.language);
      return { primaryLanguage: code, availableLanguages: [code, ...rest] };
    },
  };
}

export type TranslationEdits = ReturnType<typeof createTranslationEdits>;
