// Files a package takes from this service rather than from the course: the bundled player
// (dist/player, built by player/build.mjs) and the schemas a SCORM package carries at its root.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ScormVersion } from '@trainwright/catalogue';
import type { ZipSource } from './zip-writer.js';

// This module runs as src/package/*.ts in tests and as dist/src/package/*.js in the service.
const PACKAGE_ROOT = fileURLToPath(new URL(import.meta.url.endsWith('.ts') ? '../../' : '../../../', import.meta.url));
export const PLAYER_BUNDLE_DIR = join(PACKAGE_ROOT, 'dist', 'player');
export const SCHEMAS_DIR = join(PACKAGE_ROOT, 'schemas');

export interface PlayerBundle {
  script: Buffer;
  style: Buffer;
}

let bundle: Promise<PlayerBundle> | null = null;

/** The bundled player.js and player.css, read once. */
export function playerBundle(): Promise<PlayerBundle> {
  bundle ??= Promise.all([readFile(join(PLAYER_BUNDLE_DIR, 'player.js')), readFile(join(PLAYER_BUNDLE_DIR, 'player.css'))]).then(
    ([script, style]) => ({ script, style }),
    (error: unknown) => {
      bundle = null;
      throw new Error(`the player bundle is missing from ${PLAYER_BUNDLE_DIR} (build it: node player/build.mjs): ${String(error)}`);
    },
  );
  return bundle;
}

const SCHEMA_FOLDERS: Record<ScormVersion, string | null> = { '1.2': 'scorm/scorm12', '2004': 'scorm/scorm2004-4ed', cmi5: null };

/**
 * The XSDs a SCORM manifest's xsi:schemaLocation names, placed at the package root where
 * conformance checkers look for them (none for cmi5). They are no files of the SCO's resource.
 */
export async function controlSchemaFiles(version: ScormVersion): Promise<ZipSource[]> {
  const folder = SCHEMA_FOLDERS[version];
  if (!folder) return [];
  const root = join(SCHEMAS_DIR, folder);
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(root.length + 1).split('\\').join('/'))
    .sort()
    .map((name) => ({ name, path: join(root, name), compress: true }));
}
