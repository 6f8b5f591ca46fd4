import { createHash } from 'node:crypto';
import type { AnyTemplate } from '@trainwright/templates';
import type { ProjectRow } from './deps.js';

/**
 * What a render depends on: the content and every setting that changes the files. The same key
 * means the same files, so an unchanged project is not rendered twice.
 */
export function renderKeyOf(row: ProjectRow, template: AnyTemplate | null): string {
  const inputs = [
    row.generated_content,
    row.title,
    row.description,
    template,
    row.font_style,
    row.image_style,
    row.branding,
    row.visual_format,
    row.document_format,
    row.voice_selection,
    row.primary_language,
  ];
  return createHash('sha256').update(JSON.stringify(inputs)).digest('hex').slice(0, 24);
}
