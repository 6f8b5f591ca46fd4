import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { launch, type LaunchedProcess, type LaunchOptions } from '../src/launcher.js';

interface Ended {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

function ended(child: LaunchedProcess): Promise<Ended> {
  return new Promise((resolve, reject) => {
    let stdout = '';
    let stderr = '';
    child.stdout?.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr?.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code: number | null, signal: NodeJS.Signals | null) => resolve({ code, signal, stdout, stderr }));
  });
}

const run = (command: string, args: string[], input: string | Buffer | null, options?: LaunchOptions) => {
  const child = launch(command, args, options);
  const done = ended(child);
  if (child.stdin) child.stdin.end(input ?? undefined);
  return done;
};

/** Fields of /proc/<pid>/stat after the command name (index 0: state, 1: parent pid, 16: nice). */
const stat = (pid: number) => {
  const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return text.slice(text.lastIndexOf(')') + 2).split(' ');
};

describe('process launcher', () => {
  test('a child reads its standard input and writes its output, with the given cwd and environment', async () => {
    expect(await run('cat', [], 'hello launcher')).toEqual({ code: 0, signal: null, stdout: 'hello launcher', stderr: '' });
    const result = await run('sh', ['-c', 'pwd; echo "$GREETING"; echo complaint >&2; exit 3'], null, {
      cwd: tmpdir(),
      env: { ...process.env, GREETING: 'bonjour' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    expect(result).toEqual({ code: 3, signal: null, stdout: `${tmpdir()}\nbonjour\n`, stderr: 'complaint\n' });
  });

  test('20 MB go through standard input, and output nobody reads does not hold back close', async () => {
    const big = Buffer.alloc(20 * 1024 * 1024, 7);
    expect((await run('wc', ['-c'], big)).stdout.trim()).toBe(String(big.length));
    const unread = launch('sh', ['-c', 'echo ignored; echo ignored too >&2'], { stdio: ['ignore', 'pipe', 'pipe'] });
    await expect(new Promise((resolve) => unread.on('close', resolve))).resolves.toBe(0);
  });

  test('a program that does not exist fails with ENOENT', async () => {
    await expect(run('no-such-program-anywhere', [], null)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  test('the child is not forked from this process, and runs with the niceness asked for', async () => {
    const child = launch('sleep', ['5'], { stdio: ['ignore', 'ignore', 'ignore'], niceness: 7 });
    await new Promise((resolve) => child.once('spawn', resolve));
    const fields = stat(child.pid!);
    expect(Number(fields[1])).not.toBe(process.pid);
    expect(Number(fields[16])).toBe(7);
    child.kill('SIGKILL');
    await expect(new Promise((resolve) => child.on('close', (code, signal) => resolve([code, signal])))).resolves.toEqual([null, 'SIGKILL']);
  });

  test('a kill sent before the child has started ends it as soon as it starts', async () => {
    const child = launch('sleep', ['30']);
    const done = ended(child);
    expect(child.kill('SIGTERM')).toBe(true);
    await expect(done).resolves.toMatchObject({ code: null, signal: 'SIGTERM' });
    expect(child.kill()).toBe(false);
  });

  test('a child that exits before reading its input ends the input (EPIPE), not this process', async () => {
    const child = launch('sh', ['-c', 'exit 0']);
    const done = ended(child);
    child.stdin!.on('error', () => undefined);
    for (let i = 0; i < 64; i++) child.stdin!.write(Buffer.alloc(64 * 1024));
    child.stdin!.end();
    await expect(done).resolves.toMatchObject({ code: 0 });
  });
});
