// Bundles the player (player/src, TypeScript) into dist/player/player.js, one IIFE with no imports
// left, for the browsers LMSs run in (the interactive player, @trainwright/interactive-player,
// bundled in); and player.css beside it, with the interactive player's PLAYER_CSS after the
// course's own rules. buildPackage copies both into every package. Run by the package's build
// script, and by the packaging tests.
import { readFile } from 'node:fs/promises';
import { build } from 'esbuild';
import { PLAYER_CSS } from '@trainwright/interactive-player';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const outdir = join(here, '..', 'dist', 'player');

export async function buildPlayer() {
  const common = { bundle: true, minify: true, target: ['es2017', 'chrome70', 'firefox68', 'safari12'], legalComments: 'none', logLevel: 'warning' };
  await Promise.all([
    build({
      ...common,
      entryPoints: [join(here, 'src', 'main.ts')],
      outfile: join(outdir, 'player.js'),
      format: 'iife',
      platform: 'browser',
      charset: 'utf8',
      // lz-string is bundled: its licence asks for the notice.
      banner: { js: '/* Trainwright course player. Includes lz-string, Copyright (c) 2013 pieroxy, MIT licence. */' },
    }),
    build({
      ...common,
      stdin: { contents: `${await readFile(join(here, 'src', 'player.css'), 'utf8')}\n${PLAYER_CSS}`, loader: 'css', resolveDir: join(here, 'src'), sourcefile: 'player.css' },
      outfile: join(outdir, 'player.css'),
    }),
  ]);
  return outdir;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await buildPlayer();
