// The XLIFF 2.0 round trip with a translation agency, back: the reviewed targets replace the
// translation's, segment by segment.
import { TRANSLATION_MESSAGES, catalogueMessage } from '@trainwright/catalogue';
import { AppError } from '@trainwright/platform';
import type { ProjectInfo, TranslationWithContent } from '../types.js';
import { projectAccess } from './access.js';
import type { TranslationDeps } from './deps.js';
import { replaceTargets } from './replace-targets.js';
import { completedTranslation } from './stored-translation.js';

export async function importXliff(
  deps: Pick<TranslationDeps, 'projects' | 'memberships' | 'store' | 'glossary' | 'translator' | 'xliff'>,
  userId: string,
  projectId: string,
  language: string,
  xml: string,
): Promise<{ translation: TranslationWithContent; project: ProjectInfo }> {
  const { project } = await projectAccess(deps, userId, projectId, 'project.update');
  const t = await completedTranslation(deps, projectId, language);
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
  return { translation: await replaceTargets(deps, t, t.version, targets), project };
}
