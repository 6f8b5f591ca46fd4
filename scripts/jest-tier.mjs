// One tier of the current package's jest suite (run from the package's folder by its
// `test:<tier>` scripts, and so by turbo):
//   unit     every test file but *.medium.test.ts and *.timed.test.ts; pure logic and local tools
//            (LibreOffice, ffmpeg), parallel on two workers
//   medium   *.medium.test.ts: against the real PostgreSQL, Redis and NATS, one file at a time
//   api      the gateway's API tests (all but *.timed), two workers sharing one stack each
//   timed    *.timed.test.ts: wall-clock assertions, alone and last
// Further arguments go to jest (a file name, -t 'name').
// On Node 24 with its compile cache, also when turbo runs this with a filtered environment.
import './lib/ensure-node.mjs';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const TIERS = {
  unit: ['--testPathIgnorePatterns', '\\.(medium|timed)\\.test\\.tsx?$', '--maxWorkers=2'],
  medium: ['--testPathPatterns', '\\.medium\\.test\\.tsx?$', '--runInBand'],
  api: ['--testPathIgnorePatterns', '\\.timed\\.test\\.tsx?$', '--maxWorkers=2'],
  timed: ['--testPathPatterns', '\\.timed\\.test\\.tsx?$', '--runInBand'],
};

const [tier, ...rest] = process.argv.slice(2);
if (!TIERS[tier]) {
  console.error(`usage: node scripts/jest-tier.mjs ${Object.keys(TIERS).join('|')} [jest arguments]`);
  process.exit(2);
}
// A package with settings of its own has a jest.config.js; the others share the base.
const config = existsSync('jest.config.js') ? ['--config', 'jest.config.js'] : ['--config', join(ROOT, 'jest.config.base.js'), '--rootDir', '.'];
const jest = join(ROOT, 'node_modules/jest/bin/jest.js');
// Test files named on the command line replace the tier's own pattern (jest would OR them).
const named = rest.some((a) => /\.test\.tsx?$/.test(a));
const tierArgs = named ? TIERS[tier].filter((a, i, all) => a !== '--testPathPatterns' && all[i - 1] !== '--testPathPatterns') : TIERS[tier];
const result = spawnSync(process.execPath, ['--experimental-vm-modules', jest, ...config, ...tierArgs, ...rest], { stdio: 'inherit' });
process.exit(result.status ?? 1);
