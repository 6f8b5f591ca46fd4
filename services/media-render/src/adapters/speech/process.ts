// What the embedded speech engines (espeak-ng, Flite) share: running the engine's program with a
// time limit, and reading the WAV file it wrote, each failure a RenderError naming the engine.
import { launch } from '@trainwright/platform/launcher';
import { rm } from 'node:fs/promises';
import { RenderError, type SpeechClip } from '../../domain/types.js';
import { readWavInfo, WavError } from './wav.js';

/** An engine's program: its name in messages ('espeak-ng') and the executable to run. */
export interface SpeechTool {
  name: string;
  binary: string;
}

export interface ToolRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the tool with `input` on stdin (or none), killed after `timeoutMs` (a retryable failure). */
export function runTool(tool: SpeechTool, args: string[], input: string | null, timeoutMs: number): Promise<ToolRun> {
  return new Promise((resolve, reject) => {
    // Started by the platform's launcher, not forked from this large process (platform launcher.ts).
    const child = launch(tool.binary, args);
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, timeoutMs);
    child.stdout!.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr!.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    // A child that exits early closes stdin under us; its exit code tells the real story.
    child.stdin!.on('error', () => undefined);
    child.on('error', (err: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      reject(
        err.code === 'ENOENT'
          ? new RenderError(`${tool.name} is not installed (no '${tool.binary}' on PATH)`)
          : new RenderError(`${tool.name} could not be started: ${err.message}`),
      );
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      if (timedOut) reject(new RenderError(`${tool.name} did not finish within ${timeoutMs} ms`, true));
      else resolve({ code, stdout, stderr });
    });
    if (input !== null) child.stdin!.end(input, 'utf8');
    else child.stdin!.end();
  });
}

/**
 * The clip a synthesis run wrote to `outPath`, tagged with the engine that spoke it. A failed run
 * (its partial output removed) or a missing or unreadable WAV is a RenderError naming the voice.
 */
export async function spokenClip(tool: SpeechTool, voice: string, result: ToolRun, outPath: string): Promise<SpeechClip> {
  if (result.code !== 0) {
    await rm(outPath, { force: true });
    const detail = (result.stderr || result.stdout).trim() || `exit code ${result.code}`;
    throw new RenderError(`${tool.name} failed for voice '${voice}': ${detail}`);
  }
  try {
    const info = readWavInfo(outPath);
    return { wavPath: outPath, durationMs: info.durationMs, engine: tool.name };
  } catch (err) {
    // Not there, a folder, or not a WAV: what the engine wrote (if anything) is unusable.
    if (err instanceof WavError || typeof (err as NodeJS.ErrnoException).code === 'string') {
      throw new RenderError(`${tool.name} wrote no usable WAV for voice '${voice}': ${(err as Error).message}`);
    }
    throw err;
  }
}
