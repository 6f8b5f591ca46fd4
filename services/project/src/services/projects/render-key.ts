import { createHash } from 'node:crypto';
import type { AnyTemplate } from '@trainwright/templates';
import type { ProjectRow } from './deps.js';

/**
 * What a render depends on: the content version and the content and settings it stands for. The
 * same key means the same files, so an unchanged project is not rendered twice; a new version
 * always gets a new key (and job), even when an edit went back to earlier settings. The title and
 * description are not part of a version (renaming renders nothing), so they are not part of the
 * key either: a rename cannot make a queued render look stale.
 */
export function renderKeyOf(row: ProjectRow, template: AnyTemplate | null): string {
  const inputs = [
    row.content_version,
    row.generated_content,
    template,
    row.font_style,
    row.image_style,
    row.branding,
    row.visual_format,
    row.document_format,
    row.voice_selection,
    row.primary_language,
    // Only when set, so the keys of projects rendered before the setting existed stay the same.
    ...(row.burn_subtitles ? [{ burnSubtitles: true }] : []),
  ];
  return createHash('sha256').update(JSON.stringify(inputs)).digest('hex').slice(0, 24);
}
