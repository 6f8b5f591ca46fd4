// The offline engine: Debian's Apertium pairs, run as child processes. Segments go in batches of
// at most 100 KB per process call (an eighth of the text, 4 KB at least, so progress moves), each wrapped in <div id="tN"> so that every one comes back by id:
// Apertium's html format keeps tags as format and ends a sentence at a block tag, so segments
// cannot run into one another, and our <ph/> tags pass through untouched. A pair without a direct
// mode goes through one pivot, the stages piped process to process; every stage's output is
// cached, so translating into es and then fr through es runs the en>es stage once.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { termsFor, protectFixedTerms } from '../text/glossary.js';
import { hasTranslatableText } from '../text/placeholders.js';
import { abortError, batches, languageName, TranslationEngineError, type EngineResult, type EngineRoute, type TranslateOptions, type TranslationEngine, type UnknownWord } from './engine.js';

export interface ApertiumOptions {
  /** The apertium command (default 'apertium'). */
  command?: string;
  /** Bytes of segment text per process call (default 100 KB). */
  batchBytes?: number;
  /** Per process call (default 120 s). */
  timeoutMs?: number;
  /** Cached stage outputs (default 50,000 segments). */
  cacheEntries?: number;
}

// Mode names use ISO 639-3 ('eng-spa') or 639-1 ('es-fr'); the product uses 639-1 ('no' for
// Norwegian Bokmål). Variants ('eng-cat_valencia', 'spa-eng_US') and 'eco-' modes are skipped.
const ISO3: Record<string, string> = { eng: 'en', spa: 'es', fra: 'fr', cat: 'ca', ita: 'it', por: 'pt', dan: 'da', nob: 'no', nno: 'nn', swe: 'sv', deu: 'de', nld: 'nl', glg: 'gl', eus: 'eu', oci: 'oc', ron: 'ro', pol: 'pl', rus: 'ru', ukr: 'uk', tur: 'tr', fin: 'fi', ara: 'ar', hin: 'hi' };
const ALIASES: Record<string, string> = { nb: 'no' };

function toCode(part: string): string | null {
  if (/^[a-z]{2}$/.test(part)) return ALIASES[part] ?? part;
  return ISO3[part] ?? null;
}

/** from -> to -> mode name, for the modes `apertium -l` lists. */
export function apertiumPairs(modes: readonly string[]): Map<string, Map<string, string>> {
  const pairs = new Map<string, Map<string, string>>();
  for (const mode of modes) {
    const m = /^([a-z]{2,3})-([a-z]{2,3})$/.exec(mode.trim());
    if (!m) continue;
    const from = toCode(m[1]!);
    const to = toCode(m[2]!);
    if (!from || !to || from === to) continue;
    if (!pairs.has(from)) pairs.set(from, new Map());
    pairs.get(from)!.set(to, mode.trim());
  }
  return pairs;
}

// Pivot preference when several one-pivot routes exist: Spanish first. en>es>fr and en>ca>fr were
// compared by eye on the fixture's sentences and neither is clearly better: through Catalan reads
// better on some ("Les ouvriers doivent rapporter ... à son superviseur", "lever 2.5 tonnes") but
// turns imperatives, which slides are full of, into third person ("Il constate les freins", "Il a
// lu les règles") and mistranslates more headings; through Spanish keeps "Contrôle les freins".
// The deciding difference is speed: eng-cat + cat-fra took 2.0 s where eng-spa + es-fr took 0.7 s
// for the same text, and the en>es stage is then shared with the Spanish translation (cache).
const PIVOT_PREFERENCE = ['es', 'en', 'ca', 'fr', 'it', 'pt', 'da', 'no', 'sv'];

/** The modes to run from `from` to `to`: direct, else the shortest chain, preferred pivots first. */
export function findRoute(pairs: Map<string, Map<string, string>>, from: string, to: string): string[] | null {
  const direct = pairs.get(from)?.get(to);
  if (direct) return [direct];
  const rank = (code: string): number => {
    const i = PIVOT_PREFERENCE.indexOf(code);
    return i === -1 ? PIVOT_PREFERENCE.length : i;
  };
  // Breadth-first over languages; neighbours in preference order, so the first found is preferred.
  const previous = new Map<string, string>([[from, '']]);
  let frontier = [from];
  while (frontier.length > 0 && !previous.has(to)) {
    const next: string[] = [];
    for (const lang of frontier) {
      const targets = [...(pairs.get(lang)?.keys() ?? [])].sort((a, b) => rank(a) - rank(b));
      for (const t of targets) {
        if (previous.has(t)) continue;
        previous.set(t, lang);
        next.push(t);
      }
    }
    frontier = next;
  }
  if (!previous.has(to)) return null;
  const chain = [to];
  while (chain[0] !== from) chain.unshift(previous.get(chain[0]!)!);
  return chain.slice(1).map((t, i) => pairs.get(chain[i]!)!.get(t)!);
}

export async function listApertiumModes(command = 'apertium'): Promise<string[]> {
  return new Promise((resolve) => {
    // `apertium -l` lists the installed modes; a missing command simply means no pairs.
    execFile(command, ['-l'], { timeout: 10_000, maxBuffer: 1024 * 1024 }, (err, stdout) => {
      resolve(err ? [] : stdout.split(/\s+/).filter(Boolean));
    });
  });
}

// Apertium's marks: '#' before a word it could not generate, '@' before one it could not
// transfer, '*' before a word it does not know (left as written). Source hashtags, handles and
// emphasis markers are placeholders, so a mark starting a word in the output is always a mark.
// The '*' marks stay in each stage's output (the next stage marks the word again: '**hazards' is
// an English word an en>es>fr route left, '*extintor' a Spanish one) and are read at the end.
const MARKS = /(^|[^\p{L}\p{N}_&;])[#@](?=[\p{L}\p{N}])/gu;
const UNKNOWN = /(^|[^\p{L}\p{N}_&;*])(\*+)([\p{L}\p{N}][\p{L}\p{N}\p{M}'’_-]*)/gu;

export function stripMarks(text: string): string {
  return text.replace(MARKS, '$1');
}

/**
 * A final output without its unknown-word marks, and the words they marked: a word marked n times
 * on a route of k stages was unknown from stage k-n on, so it is in that stage's source language.
 */
export function unknownWords(text: string, languages: readonly string[]): { text: string; unknown: UnknownWord[] } {
  const unknown: UnknownWord[] = [];
  const stages = languages.length - 1;
  const clean = text.replace(UNKNOWN, (_m, before: string, stars: string, word: string) => {
    const language = languages[Math.max(0, stages - stars.length)]!;
    if (!unknown.some((u) => u.word === word && u.language === language)) unknown.push({ word, language });
    return before + word;
  });
  return { text: clean, unknown };
}

const SEGMENT_OUT = /<div id="t(\d+)">([\s\S]*?)<\/div>/g;

const PROGRESS_MIN_BYTES = 4 * 1024;
const PROGRESS_STEPS = 8;

function wrap(texts: readonly string[]): string {
  return texts.map((t, i) => `<div id="t${i}">${t}</div>\n`).join('');
}

/** Segment outputs by index; an index missing from the output is missing from the map. */
function unwrap(output: string): Map<number, string> {
  const found = new Map<number, string>();
  for (const m of output.matchAll(SEGMENT_OUT)) found.set(Number(m[1]), m[2]!);
  return found;
}

/** The source's own outer whitespace around the trimmed output (a dropped pronoun leaves a space). */
function reshape(source: string, output: string): string {
  const lead = /^\s*/.exec(source)![0];
  const trail = /\s*$/.exec(source)![0];
  return lead + stripMarks(output).trim() + trail;
}

export class ApertiumEngine implements TranslationEngine {
  readonly name = 'apertium';
  private readonly pairs: Map<string, Map<string, string>>;
  private readonly command: string;
  private readonly batchBytes: number;
  private readonly timeoutMs: number;
  private readonly cacheEntries: number;
  private readonly cache = new Map<string, string>();
  // One translation at a time: Apertium is CPU-bound, and the next call then finds the stages
  // the previous one ran (the es of en>es>fr) in the cache instead of running them alongside.
  private queue: Promise<unknown> = Promise.resolve();

  private constructor(modes: readonly string[], options: ApertiumOptions) {
    this.pairs = apertiumPairs(modes);
    this.command = options.command ?? 'apertium';
    this.batchBytes = options.batchBytes ?? 100_000;
    this.timeoutMs = options.timeoutMs ?? 120_000;
    this.cacheEntries = options.cacheEntries ?? 50_000;
  }

  /** Discovers the installed modes once (`apertium -l`). */
  static async create(options: ApertiumOptions = {}): Promise<ApertiumEngine> {
    return new ApertiumEngine(await listApertiumModes(options.command), options);
  }

  /** For tests and tools: an engine over a given mode list. */
  static withModes(modes: readonly string[], options: ApertiumOptions = {}): ApertiumEngine {
    return new ApertiumEngine(modes, options);
  }

  /** The language pairs this installation translates directly ('en' -> ['es', 'ca']). */
  directPairs(): Map<string, string[]> {
    return new Map([...this.pairs].map(([from, tos]) => [from, [...tos.keys()]]));
  }

  private stages(from: string, to: string): string[] | null {
    return from === to ? null : findRoute(this.pairs, from, to);
  }

  route(from: string, to: string): EngineRoute {
    const stages = this.stages(from, to);
    if (!stages) {
      return {
        ok: false,
        reason: `The offline translation engine (Apertium) cannot translate from ${languageName(from)} into ${languageName(to)}. Configure an OpenAI-compatible model or DeepL for this language.`,
        code: 'offline_no_pair',
      };
    }
    if (stages.length === 1) return { ok: true, engine: 'apertium' };
    return { ok: true, engine: `apertium:${[from, ...this.chain(stages)].join('>')}` };
  }

  /** The target language of each stage. */
  private chain(stages: readonly string[]): string[] {
    return stages.map((mode) => {
      for (const tos of this.pairs.values()) for (const [to, m] of tos) if (m === mode) return to;
      return mode;
    });
  }

  translate(texts: readonly string[], from: string, to: string, options: TranslateOptions): Promise<EngineResult> {
    const run = this.queue.then(() => this.translateNow(texts, from, to, options));
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async translateNow(texts: readonly string[], from: string, to: string, options: TranslateOptions): Promise<EngineResult> {
    const route = this.route(from, to);
    if (!route.ok) throw new TranslationEngineError(route.reason, this.name);
    const stages = this.stages(from, to)!;
    if (options.signal?.aborted) throw abortError(route.engine);
    // Fixed glossary translations: Apertium takes no glossary, so they travel as placeholders.
    const terms = termsFor(options.glossary, from, to);
    const prepared = texts.map((t) => (hasTranslatableText(t) ? protectFixedTerms(t, terms) : null));
    const unique = [...new Set(prepared.filter((p) => p !== null).map((p) => p.text))];
    const done = new Map<string, string>();
    await this.runStages(stages, unique, route.engine, options, (source, output) => done.set(source, output));
    const languages = [from, ...this.chain(stages)];
    const unknown: UnknownWord[][] = [];
    const out = texts.map((t, i) => {
      const p = prepared[i];
      if (!p) return unknown.push([]), t;
      const read = unknownWords(done.get(p.text)!, languages);
      unknown.push(read.unknown);
      return p.restore(read.text);
    });
    options.onProgress?.(texts.length, texts.length);
    return { engine: route.engine, texts: out, unknown };
  }

  private cached(mode: string, text: string): string | undefined {
    const key = `${mode}\u0000${text}`;
    const hit = this.cache.get(key);
    if (hit !== undefined) {
      this.cache.delete(key); // least recently used goes first
      this.cache.set(key, hit);
    }
    return hit;
  }

  private remember(mode: string, text: string, output: string): void {
    this.cache.set(`${mode}\u0000${text}`, output);
    while (this.cache.size > this.cacheEntries) this.cache.delete(this.cache.keys().next().value!);
  }

  /** Runs each text through the stages, starting each at its first stage not in the cache. */
  private async runStages(stages: string[], texts: string[], engine: string, options: TranslateOptions, finished: (source: string, output: string) => void): Promise<void> {
    const groups = new Map<number, Array<{ source: string; input: string }>>();
    for (const source of texts) {
      let input = source;
      let k = 0;
      for (let hit; k < stages.length && (hit = this.cached(stages[k]!, input)) !== undefined; k++) input = hit;
      if (k === stages.length) finished(source, input);
      else groups.set(k, [...(groups.get(k) ?? []), { source, input }]);
    }
    const total = texts.length;
    let count = texts.length - [...groups.values()].reduce((n, g) => n + g.length, 0);
    // Several calls for a project of some size, so its progress moves while it runs (each call
    // costs about 0.2 s of start-up: at least PROGRESS_MIN_BYTES per call, at most PROGRESS_STEPS calls).
    const size = (i: { input: string }) => Buffer.byteLength(i.input) + 24;
    const allBytes = [...groups.values()].flat().reduce((n, i) => n + size(i), 0);
    const callBytes = Math.min(this.batchBytes, Math.max(PROGRESS_MIN_BYTES, Math.ceil(allBytes / PROGRESS_STEPS)));
    for (const [k, items] of groups) {
      for (const batch of batches(items, size, callBytes)) {
        const outputs = await this.runBatch(stages.slice(k), batch.map((b) => b.input), engine, options.signal);
        batch.forEach((b, i) => finished(b.source, outputs[i]!));
        count += batch.length;
        options.onProgress?.(count, total);
      }
    }
  }

  /** One batch through the given stages; every stage's outputs are cached. */
  private async runBatch(stages: string[], inputs: string[], engine: string, signal: AbortSignal | undefined): Promise<string[]> {
    const raw = await this.pipe(stages, wrap(inputs), engine, signal);
    let current = inputs;
    let missing = false;
    for (let s = 0; s < raw.length && !missing; s++) {
      const found = unwrap(raw[s]!);
      missing = current.some((_t, i) => !found.has(i));
      if (missing) break; // not expected: then each segment goes alone below
      current = current.map((t, i) => {
        const out = reshape(inputs[i]!, found.get(i)!);
        this.remember(stages[s]!, t, out);
        return out;
      });
    }
    if (!missing) return current;
    // A segment Apertium merged or lost: translated alone, where nothing can run into it.
    const results: string[] = [];
    for (const input of inputs) {
      const alone = await this.pipe(stages, wrap([input]), engine, signal);
      let text = input;
      alone.forEach((output, s) => {
        const found = unwrap(output).get(0);
        if (found === undefined) throw new TranslationEngineError(`Apertium lost a segment while translating (${stages[s]}): ${input.slice(0, 80)}`, engine);
        const out = reshape(input, found);
        this.remember(stages[s]!, text, out);
        text = out;
      });
      results.push(text);
    }
    return results;
  }

  /** Runs `apertium -f html <mode>` per stage (unknown words marked '*'), each piped into the next; returns each stage's output. */
  private pipe(stages: string[], input: string, engine: string, signal: AbortSignal | undefined): Promise<string[]> {
    return new Promise((resolve, reject) => {
      const limit = Buffer.byteLength(input) * 8 + 1024 * 1024; // bounded: a runaway stage is killed
      const procs: ChildProcess[] = [];
      const outputs: Buffer[][] = stages.map(() => []);
      const sizes = stages.map(() => 0);
      const stderr: string[] = [];
      let exited = 0;
      let failed = false;
      const killAll = (): void => {
        for (const p of procs) {
          // The apertium script runs a pipeline of its own: the whole process group goes.
          if (p.pid && p.exitCode === null) {
            try {
              process.kill(-p.pid, 'SIGKILL');
            } catch {
              p.kill('SIGKILL');
            }
          }
        }
      };
      const fail = (err: TranslationEngineError): void => {
        if (failed) return;
        failed = true;
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        killAll();
        reject(err);
      };
      const onAbort = (): void => fail(abortError(engine));
      const timer = setTimeout(() => fail(new TranslationEngineError(`Apertium took longer than ${Math.round(this.timeoutMs / 1000)} s.`, engine, true)), this.timeoutMs);
      signal?.addEventListener('abort', onAbort, { once: true });

      stages.forEach((mode, s) => {
        // The apertium script hands /dev/stdin to its deformatter as a file name, which cannot be
        // opened when stdin is Node's socket; `cat` in front makes it a pipe.
        const proc = spawn('/bin/sh', ['-c', 'cat | "$0" -f html "$1"', this.command, mode], { stdio: ['pipe', 'pipe', 'pipe'], detached: true });
        procs.push(proc);
        proc.on('error', (err) => fail(new TranslationEngineError(`Apertium could not be started: ${err.message}`, engine)));
        proc.stderr!.on('data', (c: Buffer) => {
          if (stderr.join('').length < 4000) stderr.push(c.toString('utf8'));
        });
        proc.stdout!.on('data', (c: Buffer) => {
          sizes[s]! += c.length;
          if (sizes[s]! > limit) fail(new TranslationEngineError(`Apertium (${mode}) produced more output than expected.`, engine));
          else outputs[s]!.push(c);
        });
        proc.stdin!.on('error', () => undefined); // a stage that died is reported by its exit code
        proc.on('close', (code) => {
          if (failed) return;
          if (code !== 0) return fail(new TranslationEngineError(`Apertium (${mode}) failed with exit code ${code}: ${stderr.join('').trim().slice(0, 300)}`, engine));
          if (++exited === stages.length) {
            failed = true; // settled
            clearTimeout(timer);
            signal?.removeEventListener('abort', onAbort);
            resolve(outputs.map((chunks) => Buffer.concat(chunks).toString('utf8')));
          }
        });
      });
      // Each stage's stdout feeds the next stage's stdin (pipe keeps backpressure); the 'data'
      // listener above sees the same chunks, which is how the intermediate outputs are cached.
      for (let s = 0; s + 1 < procs.length; s++) procs[s]!.stdout!.pipe(procs[s + 1]!.stdin!);
      procs[0]!.stdin!.end(input, 'utf8');
    });
  }
}
