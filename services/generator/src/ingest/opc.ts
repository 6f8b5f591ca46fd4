// Open Packaging Conventions, the part of OOXML that .docx and .pptx share: parts are found
// through relationship files, never by guessing file names.
import { posix } from 'node:path';
import type { SourceFormat } from '../domain/types.js';
import type { SafeZip, ZipLimits } from './safe-zip.js';
import { readOfficeXml } from './xml.js';

export interface OfficeReadOptions {
  zipLimits?: Partial<ZipLimits>;
  /** The format to report, e.g. 'doc' when the file was converted from a legacy .doc. */
  format?: SourceFormat;
  /** Slides beyond this fail the file (a .pptx's page limit). */
  maxPages?: number;
}

export interface Relationship {
  id: string;
  /** The relationship type URI; compare with `isType` (Transitional and Strict differ). */
  type: string;
  /** The target part's path inside the archive, without a leading slash. */
  target: string;
}

/** Relationships of a part ('' for the package itself); none when the part has no .rels file. */
export async function readRelationships(zip: SafeZip, partPath: string, formatName: string): Promise<Relationship[]> {
  const directory = posix.dirname(partPath);
  const relsPath = partPath === '' ? '_rels/.rels' : posix.join(directory, '_rels', `${posix.basename(partPath)}.rels`);
  const bytes = await zip.readOptional(relsPath);
  if (!bytes) return [];
  const relationships: Relationship[] = [];
  readOfficeXml(bytes, formatName, {
    open(element) {
      if (element.name !== 'rel:Relationship') return;
      const { Id: id, Type: type, Target: target, TargetMode: mode } = element.attributes;
      // External targets (hyperlinks, linked files) are not in the archive.
      if (!id || !type || !target || mode === 'External') return;
      relationships.push({ id, type, target: resolveTarget(partPath === '' ? '' : directory, target) });
    },
  });
  return relationships;
}

/** `name` is the last segment of the type URI, e.g. 'officeDocument', 'slide', 'notesSlide'. */
export function isType(relationship: Relationship, name: string): boolean {
  return relationship.type.endsWith(`/${name}`);
}

export function targetOfType(relationships: Relationship[], name: string): string | undefined {
  return relationships.find((relationship) => isType(relationship, name))?.target;
}

/** dc:title from the core properties, or '' when there is none. */
export async function readCoreTitle(
  zip: SafeZip,
  packageRelationships: Relationship[],
  formatName: string
): Promise<string> {
  const corePath = targetOfType(packageRelationships, 'core-properties');
  const bytes = corePath ? await zip.readOptional(corePath) : null;
  if (!bytes) return '';
  let title = '';
  readOfficeXml(bytes, formatName, {
    text(text, path) {
      if (path[path.length - 1]?.name === 'dc:title') title += text;
    },
  });
  return title.trim();
}

function resolveTarget(baseDirectory: string, target: string): string {
  let decoded = target;
  try {
    decoded = decodeURIComponent(target);
  } catch {
    // A stray '%' is taken literally.
  }
  const joined = decoded.startsWith('/') ? decoded : posix.join(baseDirectory === '.' ? '' : baseDirectory, decoded);
  return posix.normalize(joined).replace(/^\/+/, '');
}
