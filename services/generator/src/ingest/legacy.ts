// Legacy binary Office files (.doc, .ppt) are converted to .docx/.pptx by LibreOffice and then
// read like any other upload. Each conversion runs in its own temporary directory with its own
// LibreOffice profile, so conversions can run side by side and leave nothing behind.
import { spawn } from 'node:child_process';
import { constants } from 'node:fs';
import { access, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, join, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { SourceDocument } from '../domain/types.js';
import { readDocx } from './docx.js';
import { IngestError, type LegacyExtension } from './errors.js';
import type { OfficeReadOptions } from './opc.js';
import { readPptx } from './pptx.js';

export interface LegacyReadOptions {
  /** The soffice binary (a path or a command on PATH); undefined looks for soffice/libreoffice,
   *  null disables conversion. */
  libreOfficePath?: string | null;
  /** How long one conversion may take. */
  timeoutMs?: number;
  zipLimits?: OfficeReadOptions['zipLimits'];
  maxPages?: number;
  /** Told the process id of each LibreOffice started (its process group), so a supervisor can kill it. */
  onChildProcess?: (pid: number) => void;
}

export const DEFAULT_CONVERSION_TIMEOUT_MS = 60_000;

const LIBREOFFICE_NAMES = ['soffice', 'libreoffice'];
// Installs that do not put soffice on PATH (the official Linux packages, macOS).
const LIBREOFFICE_LOCATIONS = [
  '/usr/lib/libreoffice/program/soffice',
  '/opt/libreoffice/program/soffice',
  '/Applications/LibreOffice.app/Contents/MacOS/soffice',
];
const TARGET: Record<LegacyExtension, 'docx' | 'pptx'> = { doc: 'docx', ppt: 'pptx' };
const MAX_STDERR_CHARS = 2000;

/** The LibreOffice binary to use, or null when there is none. */
export async function findLibreOffice(configured?: string | null): Promise<string | null> {
  if (configured === null) return null;
  // A bare command name ('soffice') is looked up on PATH like a shell would.
  const isPath = configured !== undefined && configured.includes(sep);
  if (configured !== undefined && isPath) return (await isExecutable(configured)) ? configured : null;
  const names = configured !== undefined ? [configured] : LIBREOFFICE_NAMES;
  const onPath = (process.env.PATH ?? '')
    .split(delimiter)
    .filter(Boolean)
    .flatMap((directory) => names.map((name) => join(directory, name)));
  for (const candidate of [...onPath, ...(configured === undefined ? LIBREOFFICE_LOCATIONS : [])]) {
    if (await isExecutable(candidate)) return candidate;
  }
  return null;
}

export async function readLegacyOffice(
  bytes: Buffer,
  origin: string,
  extension: LegacyExtension,
  options: LegacyReadOptions = {}
): Promise<SourceDocument> {
  const binary = await findLibreOffice(options.libreOfficePath);
  if (!binary) throw IngestError.converterMissing(extension);
  const converted = await convertWithLibreOffice(
    bytes,
    extension,
    binary,
    options.timeoutMs ?? DEFAULT_CONVERSION_TIMEOUT_MS,
    options.onChildProcess
  );
  const readOptions: OfficeReadOptions = { format: extension, zipLimits: options.zipLimits, maxPages: options.maxPages };
  return extension === 'doc' ? readDocx(converted, origin, readOptions) : readPptx(converted, origin, readOptions);
}

/** Converts a .doc to .docx or a .ppt to .pptx and returns the new file's bytes. */
export async function convertWithLibreOffice(
  bytes: Buffer,
  extension: LegacyExtension,
  binary: string,
  timeoutMs: number,
  onChildProcess?: (pid: number) => void
): Promise<Buffer> {
  const workDirectory = await mkdtemp(join(tmpdir(), 'trainwright-convert-'));
  try {
    const input = join(workDirectory, `input.${extension}`);
    const outputDirectory = join(workDirectory, 'out');
    const profile = join(workDirectory, 'profile');
    await mkdir(outputDirectory);
    await writeFile(input, bytes);
    await run(
      binary,
      [
        '--headless',
        '--norestore',
        '--nologo',
        '--nodefault',
        '--nolockcheck',
        // A profile of its own: a shared one is locked by whichever instance runs first.
        `-env:UserInstallation=${pathToFileURL(profile).href}`,
        '--convert-to',
        TARGET[extension],
        '--outdir',
        outputDirectory,
        input,
      ],
      // HOME too, so nothing is written to the service user's home directory.
      { ...process.env, HOME: workDirectory },
      timeoutMs,
      extension,
      onChildProcess
    );
    try {
      return await readFile(join(outputDirectory, `input.${TARGET[extension]}`));
    } catch (error) {
      // soffice exits 0 even when it could not load the input; it just writes nothing.
      throw IngestError.conversionFailed(extension, error);
    }
  } finally {
    await rm(workDirectory, { recursive: true, force: true });
  }
}

function run(
  binary: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  timeoutMs: number,
  extension: LegacyExtension,
  onChildProcess?: (pid: number) => void
): Promise<void> {
  return new Promise((resolve, reject) => {
    // Its own process group, so a timeout can stop soffice.bin as well as the launcher script.
    const child = spawn(binary, args, { env, detached: true, stdio: ['ignore', 'ignore', 'pipe'] });
    if (child.pid !== undefined) onChildProcess?.(child.pid);
    let stderr = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      if (stderr.length < MAX_STDERR_CHARS) stderr += chunk;
    });
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      killGroup(child.pid);
    }, timeoutMs);
    child.once('error', (error) => {
      clearTimeout(timer);
      const missing = (error as NodeJS.ErrnoException).code === 'ENOENT';
      reject(missing ? IngestError.converterMissing(extension) : IngestError.conversionFailed(extension, error));
    });
    // Settles only once the process is gone, so the caller's clean-up never races it.
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      if (timedOut) reject(IngestError.conversionTimedOut(extension, timeoutMs));
      else if (code === 0) resolve();
      else
        reject(
          IngestError.conversionFailed(extension, new Error(`soffice exited with ${code ?? signal}: ${stderr.trim()}`))
        );
    });
  });
}

function killGroup(pid: number | undefined): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
}

async function isExecutable(path: string): Promise<boolean> {
  try {
    await access(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}
