// Whether a translation is outdated: the project's translatable content (every text a translation
// is made from, in the structure it keeps) changed since it was made. Settings that are not
// translated (template, styles, branding, voice, formats) make a new content version but leave the
// translations current; a new title or description makes none but outdates them.
import { createHash } from 'node:crypto';
import type { ProjectContent, ProjectInfo, TranslationRecord } from './types.js';

/** Object keys in one order, so equal content hashes equally however it was built or stored. */
function sortedKeys(_key: string, value: unknown): unknown {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
  return Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

export function sourceHashOf(content: ProjectContent): string {
  return createHash('sha256').update(JSON.stringify(content, sortedKeys)).digest('base64url');
}

export function isStale(t: Pick<TranslationRecord, 'sourceHash' | 'sourceVersion'>, project: Pick<ProjectInfo, 'sourceHash' | 'contentVersion'>): boolean {
  // A row made before the hash was kept: by content version, as then.
  return t.sourceHash ? t.sourceHash !== project.sourceHash : t.sourceVersion < project.contentVersion;
}
