// One translated slide edited by hand: the words of its lines, never its shape (slide-edit.ts).
import { TRANSLATION_MESSAGES, catalogueMessage } from '@trainwright/catalogue';
import { AppError } from '@trainwright/platform';
import { escapeXml } from '../../text/placeholders.js';
import { slideLineEdits, type SlideEdit } from '../slide-edit.js';
import type { ProjectInfo, TranslationWithContent } from '../types.js';
import { projectAccess } from './access.js';
import type { TranslationDeps } from './deps.js';
import { replaceTargets } from './replace-targets.js';
import { completedTranslation } from './stored-translation.js';

/** The slide text that renders: the generated slides when there are any, else the project's own. */
function renderedSlidesPath(t: TranslationWithContent): { path: string; text: string } {
  const generated = t.content?.generatedContent?.slides.slide_content ?? '';
  return generated.trim() ? { path: 'generated.slides', text: generated } : { path: 'slides', text: t.content?.slidesContent ?? '' };
}

export async function updateTranslatedSlide(
  deps: Pick<TranslationDeps, 'projects' | 'memberships' | 'store' | 'glossary' | 'translator'>,
  userId: string,
  projectId: string,
  language: string,
  slideIndex: number,
  edit: SlideEdit,
  version: number,
): Promise<{ translation: TranslationWithContent; project: ProjectInfo }> {
  const { project } = await projectAccess(deps, userId, projectId, 'project.update');
  const t = await completedTranslation(deps, projectId, language);
  if (t.version !== version) throw new AppError('CONFLICT', catalogueMessage(TRANSLATION_MESSAGES, 'editConflict'));
  const { path, text } = renderedSlidesPath(t);
  const lines = slideLineEdits(text, slideIndex, edit);
  const targets = new Map([...lines].map(([line, value]) => [`${path}:${line}`, escapeXml(value)]));
  return { translation: await replaceTargets(deps, t, version, targets), project };
}
