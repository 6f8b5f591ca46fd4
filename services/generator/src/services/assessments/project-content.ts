// The content every assessment operation works on: the project's, refused while it has none.
import { QUALITY_MESSAGES, catalogueMessage } from '@trainwright/catalogue';
import { AppError } from '@trainwright/platform';
import type { ScorableContent } from '../../domain/types.js';
import { scorableOf } from '../content.js';
import type { Project } from '../ports.js';

export function contentOf(project: Project): ScorableContent {
  const content = scorableOf(project);
  if (!content) throw new AppError('CONFLICT', catalogueMessage(QUALITY_MESSAGES, 'notGenerated'));
  return content;
}
