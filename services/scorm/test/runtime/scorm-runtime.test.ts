// The packages run in headless Chromium against a real SCORM runtime (scorm-again) on a test LMS
// page (lms.ts): for SCORM 1.2 and 2004 the learner initialises, navigates, answers, reaches
// passed, failed and incomplete by the course's rule, leaves, resumes at the same place in a new
// session, and terminates; the CMI the runtime recorded and committed is checked. The cmi5
// package is launched by a fake LMS/LRS on the same server, with its launch parameters, and the
// statements the LRS received are checked in order.
//
// No fixed sleeps: every wait is on a condition (the player's DOM, a commit or a statement the
// server received), with a bound generous enough for a busy CI machine.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { DEFAULT_SCORM_TRACKING, type ScormTracking, type ScormVersion } from '@trainwright/catalogue';
import { XMLParser } from 'fast-xml-parser';
import type { Browser, BrowserContext, Frame, Page } from 'playwright-core';
import { decodeState, type LearnerState } from '../../player/src/state.js';
import { buildPackage, type CourseInput } from '../../src/package/index.js';
import { SERVICE_ROOT, courseInput, interactiveMetadata, makeVideo, readZip } from '../package/fixtures.js';
import { TestLms, launchChromium, type LmsCommit, type LmsVersion } from './lms.js';

// The fixture course has an overview, four slides and the quiz: screen 0 is the overview, 1-4 the
// slides, 5 the quiz. Three questions on two objectives.
const SLIDES = ['Look around', 'Speed', 'Loads', 'People'].map((title) => ({ title, points: [`About ${title.toLowerCase()}`], paragraphs: [], notes: '' }));
const QUIZ_SCREEN = 5;
const CORRECT = [0, 1, 1];
const WRONG_BUT_FIRST = [0, 0, 0];
const QUESTION_IDS = ['TW-Q-q1', 'TW-Q-q2', 'TW-Q-q3'];
const OBJECTIVE_OF_QUESTION = ['TW-OBJ-1-speed', 'TW-OBJ-2_loads', 'TW-OBJ-2_loads'];
const OBJECTIVE_IDS = ['TW-OBJ-1-speed', 'TW-OBJ-2_loads'];

type Tracking = Pick<ScormTracking, 'completion_rule' | 'status_pair'> & Partial<ScormTracking>;
const PASS_RULE: Tracking = { completion_rule: 'viewed_and_passed', status_pair: 'passed_incomplete' };
const FAIL_RULE: Tracking = { completion_rule: 'viewed_and_passed', status_pair: 'passed_failed' };
const VIEW_RULE: Tracking = { completion_rule: 'slides_viewed', status_pair: 'completed_incomplete' };

interface Call {
  method: string;
  args: string[];
  result: string;
  error: string;
}

type Cmi = Record<string, any>;

let browser: Browser;
let lms: TestLms;
let workDir: string;
const packages = new Map<string, string>();

/** Builds the fixture course as `version` with `tracking`, extracted into its own directory (built once). */
async function extractedPackage(version: ScormVersion, tracking: Tracking, variant: { name: string; input: Partial<CourseInput> } | null = null): Promise<string> {
  const key = `${version}-${tracking.completion_rule}-${tracking.status_pair}${variant ? `-${variant.name}` : ''}`;
  const existing = packages.get(key);
  if (existing) return existing;
  const input: CourseInput = courseInput(version, { slides: SLIDES, tracking: { ...DEFAULT_SCORM_TRACKING, ...tracking }, ...variant?.input });
  const zipPath = join(workDir, `${key}.zip`);
  await buildPackage(input, zipPath);
  const dir = join(workDir, key);
  for (const [name, entry] of await readZip(zipPath)) {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), entry.data);
  }
  packages.set(key, dir);
  return dir;
}

const manifestParser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', removeNSPrefix: true });

/**
 * What the LMS loads into the runtime before the first session, from the manifest as an LMS reads
 * it: 1.2 adlcp:masteryscore -> cmi.student_data.mastery_score; 2004 the primary objective's
 * minNormalizedMeasure (when satisfiedByMeasure) -> cmi.scaled_passing_score, and every objective
 * of the item -> cmi.objectives.n.id (RTE 4.2.17).
 */
function firstLaunchCmi(version: LmsVersion, manifestXml: string): Cmi {
  const item = manifestParser.parse(manifestXml).manifest.organizations.organization.item;
  // A first launch for credit (1.2 RTE 3.4.4 cmi.core.entry / credit; scorm-again leaves 1.2's credit empty).
  if (version === '1.2') {
    return { core: { entry: 'ab-initio', credit: 'credit' }, ...(item.masteryscore === undefined ? {} : { student_data: { mastery_score: String(item.masteryscore) } }) };
  }
  const objectives = item.sequencing.objectives;
  const primary = objectives.primaryObjective;
  const others = [objectives.objective ?? []].flat() as { objectiveID: string }[];
  const ids = [primary.objectiveID, ...others.map((o) => o.objectiveID)];
  return {
    entry: 'ab-initio',
    ...(primary.satisfiedByMeasure === 'true' ? { scaled_passing_score: String(primary.minNormalizedMeasure) } : {}),
    objectives: Object.fromEntries(ids.map((id, i) => [i, { id }])),
  };
}

/**
 * What an LMS carries from a session's last commit into the next launch of the same attempt: the
 * data model as committed, without the session's own elements (exit, session_time), with entry
 * 'resume' after a suspended exit (else a new attempt would start, which these tests do not do).
 */
function nextLaunchCmi(version: LmsVersion, committed: Cmi): Cmi {
  const cmi: Cmi = structuredClone(committed);
  if (version === '1.2') {
    const suspended = cmi.core.exit === 'suspend';
    delete cmi.core.exit;
    delete cmi.core.session_time;
    cmi.core.entry = suspended ? 'resume' : '';
  } else {
    const suspended = cmi.exit === 'suspend';
    delete cmi.exit;
    delete cmi.session_time;
    cmi.entry = suspended ? 'resume' : '';
  }
  return cmi;
}

/** Waits until `check` holds (polled), or fails naming `what`. */
async function waitUntil<T>(check: () => T | Promise<T>, what: string, timeoutMs = 15_000): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value as NonNullable<T>;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Console errors and warnings and uncaught errors of a page (a package's missing file shows here). */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(String(error)));
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') errors.push(`${message.text()} (${message.location().url})`);
  });
  return errors;
}

/** A learner's browser session on the LMS page. */
class Session {
  private constructor(
    readonly version: LmsVersion,
    readonly attempt: string,
    readonly context: BrowserContext,
    readonly page: Page,
    readonly errors: string[],
    /** The attempt's commits before this session: the ones after are its own. */
    private readonly commitsBefore: number,
  ) {}

  static async open(version: LmsVersion, attempt: string): Promise<Session> {
    const context = await browser.newContext();
    const page = await context.newPage();
    const errors = collectErrors(page);
    const session = new Session(version, attempt, context, page, errors, lms.commits(attempt).length);
    await session.load();
    return session;
  }

  async load(): Promise<void> {
    await this.page.goto(lms.lmsUrl(this.version, this.attempt));
    await this.sco().getByTestId('position').filter({ hasText: /\S/ }).waitFor();
  }

  async close(): Promise<void> {
    await this.context.close();
  }

  sco() {
    return this.page.frameLocator('[data-testid="sco"]');
  }

  frame(): Frame {
    const frame = this.page.frames().find((f) => f.url().includes('/content/index.html'));
    if (!frame) throw new Error('the SCO frame is not loaded');
    return frame;
  }

  async position(): Promise<string> {
    return (await this.sco().getByTestId('position').textContent()) ?? '';
  }

  async next(times = 1): Promise<void> {
    for (let i = 0; i < times; i++) await this.sco().getByTestId('next').click();
  }

  async answer(options: number[]): Promise<void> {
    for (const [q, o] of options.entries()) {
      await this.sco().locator(`[data-testid="quiz-option"][data-question-index="${q}"][data-option-index="${o}"]`).check();
    }
    await this.sco().getByTestId('submit').click();
    await this.sco().getByTestId('result').waitFor();
  }

  async exit(): Promise<void> {
    await this.sco().getByTestId('exit').click();
    await this.sco().getByTestId('exited').waitFor();
  }

  playerState(): Promise<LearnerState> {
    return this.frame().evaluate(() => (globalThis as any).__twPlayer.state());
  }

  calls(): Promise<Call[]> {
    return this.page.evaluate(() => (globalThis as any).lmsCalls);
  }

  /** The runtime's data model as it holds it now. */
  cmi(): Promise<Cmi> {
    return this.page.evaluate(() => (globalThis as any).lmsState().cmi);
  }

  /** The commit the runtime sent on termination, once the server has it (sendBeacon is not awaited). */
  terminateCommit(): Promise<LmsCommit> {
    return waitUntil(() => lms.commits(this.attempt).slice(this.commitsBefore).find((c) => c.terminate), `the terminate commit of ${this.attempt}`);
  }
}

const API = {
  '1.2': { initialize: 'LMSInitialize', terminate: 'LMSFinish', set: 'LMSSetValue', commit: 'LMSCommit' },
  '2004': { initialize: 'Initialize', terminate: 'Terminate', set: 'SetValue', commit: 'Commit' },
} as const;

/** The calls went as the runtime wants: Initialize first, every value accepted, a commit, Terminate last. */
function checkCallSequence(version: LmsVersion, calls: Call[]): void {
  const names = API[version];
  expect(calls[0]).toMatchObject({ method: names.initialize, args: [''], result: 'true', error: '0' });
  expect(calls.at(-1)).toMatchObject({ method: names.terminate, args: [''], result: 'true', error: '0' });
  expect(calls.filter((c) => c.method === names.initialize)).toHaveLength(1);
  expect(calls.filter((c) => c.method === names.terminate)).toHaveLength(1);
  // Every write and commit was accepted (a refused one names its element and error code here).
  const refused = calls.filter((c) => (c.method === names.set || c.method === names.commit) && c.result !== 'true');
  expect(refused).toEqual([]);
  checkNoLmsErrors(calls);
  const lastCommit = calls.map((c) => c.method).lastIndexOf(names.commit);
  expect(lastCommit).toBeGreaterThan(0);
  expect(lastCommit).toBeLessThan(calls.length - 1);
}

/**
 * No call left an error with the runtime: every read, write and commit, also the reads of a first
 * launch (2004 GetValue of an element not set yet is error 403, which an LMS logs).
 */
function checkNoLmsErrors(calls: Call[]): void {
  expect(calls.filter((c) => c.error !== '0')).toEqual([]);
}

const setValues = (version: LmsVersion, calls: Call[]) => calls.filter((c) => c.method === API[version].set).map((c) => [c.args[0], c.args[1]] as [string, string]);

/** The runtime's objectives as a map by id (the LMS may hold others, e.g. 2004's primary). */
function objectivesById(cmi: Cmi): Map<string, Cmi> {
  return new Map(Object.values((cmi.objectives ?? {}) as Record<string, Cmi>).map((o) => [o.id as string, o]));
}

function interactions(cmi: Cmi): Cmi[] {
  return Object.values((cmi.interactions ?? {}) as Record<string, Cmi>);
}

const SCORM12_TIMESPAN = /^\d{2,4}:\d{2}:\d{2}(\.\d{1,2})?$/;
const SCORM12_TIME = /^\d{2}:\d{2}:\d{2}(\.\d{1,2})?$/;
const ISO_DURATION = /^P(?:\d+Y)?(?:\d+M)?(?:\d+D)?(?:T(?:\d+H)?(?:\d+M)?(?:\d+(?:\.\d{1,2})?S)?)?$/;

/** cmi.interactions as the answers `chosen` were given. */
function checkInteractions(version: LmsVersion, cmi: Cmi, chosen: number[]): void {
  const recorded = interactions(cmi);
  expect(recorded).toHaveLength(chosen.length);
  recorded.forEach((interaction, q) => {
    const correct = chosen[q] === CORRECT[q];
    const letter = (i: number) => String.fromCharCode(97 + i);
    expect(interaction).toMatchObject({
      id: QUESTION_IDS[q],
      type: 'choice',
      result: correct ? 'correct' : version === '1.2' ? 'wrong' : 'incorrect',
      objectives: { 0: { id: OBJECTIVE_OF_QUESTION[q] } },
      correct_responses: { 0: { pattern: letter(CORRECT[q]!) } },
      weighting: '1',
    });
    if (version === '1.2') {
      expect(interaction.student_response).toBe(letter(chosen[q]!));
      expect(interaction.latency).toMatch(SCORM12_TIMESPAN);
      expect(interaction.time).toMatch(SCORM12_TIME);
    } else {
      expect(interaction.learner_response).toBe(letter(chosen[q]!));
      expect(interaction.latency).toMatch(ISO_DURATION);
      expect(interaction.timestamp).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,2})?Z$/);
    }
  });
}

/**
 * cmi.objectives of the course's objectives, each judged by its questions: `percent` its score,
 * passed at 80 % (1.2 status; 2004 success_status, completed once judged, and the scaled score).
 */
function checkObjectives(version: LmsVersion, cmi: Cmi, percent: Record<string, number>): void {
  const objectives = objectivesById(cmi);
  for (const id of OBJECTIVE_IDS) {
    const objective = objectives.get(id);
    expect(objective).toBeDefined();
    const score = { raw: String(percent[id]), min: '0', max: '100' };
    const status = percent[id]! >= 80 ? 'passed' : 'failed';
    if (version === '1.2') expect(objective).toMatchObject({ id, status, score });
    else expect(objective).toMatchObject({ id, success_status: status, completion_status: 'completed', score: { ...score, scaled: String(percent[id]! / 100) } });
  }
}

/** The bookmark and suspend_data: the player's state, compact. */
function checkBookmark(version: LmsVersion, cmi: Cmi, state: LearnerState): void {
  const location = version === '1.2' ? cmi.core.lesson_location : cmi.location;
  expect(location).toBe(String(state.position));
  expect(cmi.suspend_data.length).toBeLessThan(4096);
  const shape = { slides: SLIDES.length, questions: CORRECT.length, videoSeconds: 0 };
  expect(decodeState(cmi.suspend_data, shape)).toEqual(state);
}

beforeAll(async () => {
  // The packages carry the player as built now (dist/player), not an older build.
  execFileSync(process.execPath, [join(SERVICE_ROOT, 'player', 'build.mjs')]);
  workDir = mkdtempSync(join(tmpdir(), 'scorm-runtime-'));
  lms = await new TestLms().start();
  browser = await launchChromium();
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await lms?.stop();
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

let attemptCount = 0;

/** A package of the fixture course served by the LMS, and a fresh attempt's id with its first launch data. */
async function newAttempt(version: LmsVersion, tracking: Tracking, variant: Parameters<typeof extractedPackage>[2] = null): Promise<string> {
  const dir = await extractedPackage(version, tracking, variant);
  lms.serve(dir);
  const attempt = `${version}-${++attemptCount}`;
  lms.launch(attempt, firstLaunchCmi(version, readFileSync(join(dir, 'imsmanifest.xml'), 'utf8')));
  return attempt;
}

describe.each(['1.2', '2004'] as const)('SCORM %s package in the scorm-again runtime', (version) => {
  const is12 = version === '1.2';

  it('passes: initialise, view every slide, answer correctly, submit, exit (viewed_and_passed, passed_incomplete)', async () => {
    const session = await Session.open(version, await newAttempt(version, PASS_RULE));
    try {
      expect(await session.frame().evaluate(() => (globalThis as any).__twPlayer.tracker())).toBe(`scorm-${version}`);
      // The LMS's passing score reached the player (from the manifest, through the runtime).
      expect(await session.sco().getByTestId('slide').count()).toBe(0);
      await session.next(); // the first slide
      expect(await session.position()).toBe('Slide 1 of 4');
      await expect_(session.sco().getByTestId('announcer')).toHaveText('Slide 1 of 4');
      await session.next(3);
      expect(await session.position()).toBe('Slide 4 of 4');
      // All slides seen but no quiz yet: incomplete.
      let cmi = await session.cmi();
      expect(is12 ? cmi.core.lesson_status : cmi.completion_status).toBe('incomplete');
      await session.next();
      await session.answer(CORRECT);
      cmi = await session.cmi();
      if (is12) {
        expect(cmi.core.lesson_status).toBe('passed');
        expect(cmi.core.score).toMatchObject({ raw: '100', min: '0', max: '100' });
      } else {
        expect(cmi).toMatchObject({ completion_status: 'completed', success_status: 'passed', progress_measure: '1' });
        expect(cmi.score).toMatchObject({ scaled: '1', raw: '100', min: '0', max: '100' });
        expect(cmi.scaled_passing_score).toBe('0.8');
      }
      checkInteractions(version, cmi, CORRECT);
      checkObjectives(version, cmi, { 'TW-OBJ-1-speed': 100, 'TW-OBJ-2_loads': 100 });
      // 2004: the primary objective the LMS created from the manifest keeps its slot 0.
      if (!is12) expect(cmi.objectives[0].id).toBe('TW-PRIMARY');
      checkBookmark(version, cmi, await session.playerState());

      await session.exit();
      const calls = await session.calls();
      checkCallSequence(version, calls);
      const sets = setValues(version, calls);
      if (is12) {
        expect(sets).toContainEqual(['cmi.core.exit', '']);
        expect(sets.find(([element]) => element === 'cmi.core.session_time')?.[1]).toMatch(SCORM12_TIMESPAN);
      } else {
        expect(sets).toContainEqual(['cmi.exit', 'normal']);
        expect(sets).toContainEqual(['adl.nav.request', 'exitAll']);
        expect(sets.find(([element]) => element === 'cmi.session_time')?.[1]).toMatch(ISO_DURATION);
      }
      // What the LMS received on termination is what the runtime holds.
      const committed = (await session.terminateCommit()).cmi as Cmi;
      if (is12) expect(committed.core).toMatchObject({ lesson_status: 'passed', exit: '', score: { raw: '100' } });
      else expect(committed).toMatchObject({ completion_status: 'completed', success_status: 'passed', exit: 'normal', score: { scaled: '1' } });
      checkInteractions(version, committed, CORRECT);
      checkObjectives(version, committed, { 'TW-OBJ-1-speed': 100, 'TW-OBJ-2_loads': 100 });
      checkBookmark(version, committed, await session.playerState());
      expect(session.errors).toEqual([]);
    } finally {
      await session.close();
    }
  });

  it('fails: a quiz answered wrongly is reported failed with the score and each wrong answer (passed_failed)', async () => {
    const session = await Session.open(version, await newAttempt(version, FAIL_RULE));
    try {
      await session.next(4);
      // Everything seen, the quiz not yet taken: incomplete, not failed.
      let cmi = await session.cmi();
      expect(is12 ? cmi.core.lesson_status : cmi.success_status).toBe(is12 ? 'incomplete' : 'unknown');
      await session.next();
      expect(await session.position()).toMatch(/assessment/i);
      await session.answer(WRONG_BUT_FIRST);
      await expect_(session.sco().getByTestId('retry')).toBeVisible();
      cmi = await session.cmi();
      if (is12) {
        expect(cmi.core.lesson_status).toBe('failed');
        expect(cmi.core.score).toMatchObject({ raw: '33.33', min: '0', max: '100' });
      } else {
        expect(cmi).toMatchObject({ completion_status: 'completed', success_status: 'failed' });
        expect(cmi.score).toMatchObject({ scaled: '0.3333', raw: '33.33', min: '0', max: '100' });
      }
      checkInteractions(version, cmi, WRONG_BUT_FIRST);
      checkObjectives(version, cmi, { 'TW-OBJ-1-speed': 100, 'TW-OBJ-2_loads': 0 });

      await session.exit();
      const calls = await session.calls();
      checkCallSequence(version, calls);
      // 'failed' after everything was viewed is the attempt's verdict: the attempt ends (exit
      // normal, 2004 exitAll), it is not suspended as if the learner meant to go on with it. A
      // suspended attempt stays in progress at the LMS (RTE 4.2.12: only 'suspend' keeps the
      // learner attempt open); a retry is a new attempt.
      const sets = setValues(version, calls);
      if (is12) expect(sets.filter(([element]) => element === 'cmi.core.exit')).toEqual([['cmi.core.exit', '']]);
      else {
        expect(sets.filter(([element]) => element === 'cmi.exit')).toEqual([['cmi.exit', 'normal']]);
        expect(sets.filter(([element]) => element === 'adl.nav.request')).toEqual([['adl.nav.request', 'exitAll']]);
      }
      const committed = (await session.terminateCommit()).cmi as Cmi;
      if (is12) expect(committed.core).toMatchObject({ lesson_status: 'failed', exit: '', score: { raw: '33.33', min: '0', max: '100' } });
      else expect(committed).toMatchObject({ completion_status: 'completed', success_status: 'failed', exit: 'normal', score: { scaled: '0.3333', raw: '33.33' } });
      checkInteractions(version, committed, WRONG_BUT_FIRST);
      checkObjectives(version, committed, { 'TW-OBJ-1-speed': 100, 'TW-OBJ-2_loads': 0 });
      expect(session.errors).toEqual([]);
    } finally {
      await session.close();
    }
  });

  it.each([
    ['with the Exit button', true],
    ['by closing the page', false],
  ])('is incomplete when left midway (%s), then resumes at the same place and completes (slides_viewed, completed_incomplete)', async (_how, explicit) => {
    const attempt = await newAttempt(version, VIEW_RULE);
    const first = await Session.open(version, attempt);
    let resumedAt: LearnerState;
    try {
      await first.next(2); // slides 1 and 2 of 4
      expect(await first.position()).toBe('Slide 2 of 4');
      resumedAt = await first.playerState();
      expect(resumedAt).toMatchObject({ position: 2, viewedSlides: [true, true, false, false] });
      if (explicit) {
        await first.exit();
        const calls = await first.calls();
        checkCallSequence(version, calls);
        // Unfinished: suspended, and in 2004 the Exit button asks the LMS to suspend all.
        const sets = setValues(version, calls);
        if (is12) expect(sets).toContainEqual(['cmi.core.exit', 'suspend']);
        else expect(sets).toEqual(expect.arrayContaining([['cmi.exit', 'suspend'], ['adl.nav.request', 'suspendAll']]));
      } else {
        // The learner closes the LMS page: the player ends the session as the frame goes away.
        await first.page.goto('about:blank');
      }
    } finally {
      if (explicit) await first.close();
    }
    const committed = (await first.terminateCommit()).cmi as Cmi;
    if (!explicit) await first.close();
    if (is12) {
      expect(committed.core).toMatchObject({ lesson_status: 'incomplete', exit: 'suspend', lesson_location: '2' });
      expect(committed.core.session_time).toMatch(SCORM12_TIMESPAN);
    } else {
      expect(committed).toMatchObject({ completion_status: 'incomplete', success_status: 'unknown', exit: 'suspend', location: '2', progress_measure: '0.5' });
      expect(committed.session_time).toMatch(ISO_DURATION);
    }
    checkBookmark(version, committed, resumedAt);

    // The next launch of the attempt: the LMS loads what it committed.
    lms.launch(attempt, nextLaunchCmi(version, committed));
    const second = await Session.open(version, attempt);
    try {
      expect(await second.position()).toBe('Slide 2 of 4');
      await expect_(second.sco().getByTestId('slide')).toHaveAttribute('data-slide-index', '1');
      expect(await second.playerState()).toEqual(resumedAt);
      const calls = await second.calls();
      // The player read the bookmark and suspend_data the LMS handed back.
      const got = (element: string) => calls.find((c) => c.method === (is12 ? 'LMSGetValue' : 'GetValue') && c.args[0] === element);
      expect(got(is12 ? 'cmi.core.lesson_location' : 'cmi.location')).toMatchObject({ result: '2', error: '0' });
      expect(got('cmi.suspend_data')).toMatchObject({ result: committed.suspend_data, error: '0' });
      const entry = is12 ? 'cmi.core.entry' : 'cmi.entry';
      expect(await second.page.evaluate((element) => (globalThis as any).lmsApi.getCMIValue(element), entry)).toBe('resume');
      expect(calls[0]!.method).toBe(API[version].initialize);

      await second.next(2);
      expect(await second.position()).toBe('Slide 4 of 4');
      const cmi = await second.cmi();
      if (is12) expect(cmi.core.lesson_status).toBe('completed');
      else expect(cmi).toMatchObject({ completion_status: 'completed', success_status: 'unknown', progress_measure: '1' });
      await second.exit();
      checkCallSequence(version, await second.calls());
      const finished = (await second.terminateCommit()).cmi as Cmi;
      if (is12) expect(finished.core).toMatchObject({ lesson_status: 'completed', exit: '' });
      else expect(finished).toMatchObject({ completion_status: 'completed', exit: 'normal' });
      expect(second.errors).toEqual([]);
    } finally {
      await second.close();
    }
  });
});

describe.each(['1.2', '2004'] as const)('SCORM %s package: tracking that follows what it contains, reads without LMS errors', (version) => {
  const is12 = version === '1.2';
  const get = is12 ? 'LMSGetValue' : 'GetValue';
  const bookmark = [is12 ? 'cmi.core.lesson_location' : 'cmi.location', 'cmi.suspend_data'];
  const reads = (calls: Call[]) => calls.filter((c) => c.method === get).map((c) => c.args[0] ?? '');

  it('reads the bookmark only on resume: first launch and resume raise no LMS error (slides_viewed)', async () => {
    const attempt = await newAttempt(version, VIEW_RULE);
    const first = await Session.open(version, attempt);
    try {
      await first.next(2);
      await first.exit();
      const calls = await first.calls();
      checkCallSequence(version, calls);
      checkNoLmsErrors(calls);
      // A first launch has no bookmark to read (cmi.entry 'ab-initio').
      expect(reads(calls).filter((element) => bookmark.includes(element))).toEqual([]);
      expect(first.errors).toEqual([]);
    } finally {
      await first.close();
    }
    const committed = (await first.terminateCommit()).cmi as Cmi;
    lms.launch(attempt, nextLaunchCmi(version, committed));
    const second = await Session.open(version, attempt);
    try {
      expect(await second.position()).toBe('Slide 2 of 4');
      await second.next(2);
      await second.exit();
      const calls = await second.calls();
      checkCallSequence(version, calls);
      checkNoLmsErrors(calls);
      expect(reads(calls)).toEqual(expect.arrayContaining(bookmark));
      expect(second.errors).toEqual([]);
    } finally {
      await second.close();
    }
  });

  it.each([
    ['viewed_and_passed', 'passed_incomplete'],
    ['slides_viewed', 'passed_failed'],
  ] as const)('without a quiz ends completed, never passed or failed (%s, %s)', async (completion_rule, status_pair) => {
    const noQuiz = { name: 'no-quiz', input: { questions: [] } };
    const session = await Session.open(version, await newAttempt(version, { completion_rule, status_pair }, noQuiz));
    try {
      await session.next(4);
      expect(await session.position()).toBe('Slide 4 of 4');
      const cmi = await session.cmi();
      if (is12) expect(cmi.core.lesson_status).toBe('completed');
      else expect(cmi).toMatchObject({ completion_status: 'completed', success_status: 'unknown' });
      await session.exit();
      const calls = await session.calls();
      checkCallSequence(version, calls);
      checkNoLmsErrors(calls);
      const statuses = setValues(version, calls).filter(([element]) => /(lesson_status|success_status|\.status)$/.test(element));
      expect(statuses.filter(([, value]) => value === 'passed' || value === 'failed')).toEqual([]);
      const committed = (await session.terminateCommit()).cmi as Cmi;
      if (is12) expect(committed.core).toMatchObject({ lesson_status: 'completed', exit: '' });
      else expect(committed).toMatchObject({ completion_status: 'completed', success_status: 'unknown', exit: 'normal' });
      expect(session.errors).toEqual([]);
    } finally {
      await session.close();
    }
  });
});

describe('SCORM 1.2 package with an interactive video in the scorm-again runtime', () => {
  // The overview, the video (the interactive player), four slides, the quiz. A 12 s video (three
  // 5 s spans of coverage) with a required quiz at 1 s; the course completes when the video is watched.
  const VIDEO_RULE: Tracking = { completion_rule: 'video_watched', status_pair: 'completed_incomplete' };

  it('records the answered interactive quiz in cmi.interactions, and the watched video completes the course', async () => {
    const videoPath = join(workDir, 'interactive.mp4');
    makeVideo(videoPath, 12);
    const variant = {
      name: 'interactive',
      input: {
        video: { path: videoPath, mime: 'video/mp4' as const, durationSeconds: 12, captionsVtt: 'WEBVTT\n\n00:00.000 --> 00:04.000\nCheck the brakes.\n' },
        interactive: { metadata: interactiveMetadata(1) },
      },
    };
    const session = await Session.open('1.2', await newAttempt('1.2', VIDEO_RULE, variant));
    try {
      await session.next(); // the video
      expect(await session.position()).toBe('Video');
      const sco = session.sco();
      await sco.getByTestId('interactive-video').waitFor();
      // The interactive player in the course's language, over the package's own (relative) media.
      const source = await session.frame().evaluate(() => {
        const video = (globalThis as any).document.querySelector('[data-testid="interactive-video"] video');
        return { src: video.getAttribute('src'), track: video.querySelector('track')?.getAttribute('src'), lang: video.querySelector('track')?.getAttribute('srclang') };
      });
      expect(source).toEqual({ src: 'media/video.mp4', track: 'media/captions.vtt', lang: 'en' });
      await sco.getByTestId('iv-chapters').waitFor();

      await sco.getByTestId('iv-play').click();
      const quiz = sco.locator('[data-testid="iv-quiz-quiz 1"]');
      await quiz.waitFor();
      await quiz.locator('label', { hasText: 'The brakes' }).click();
      await sco.getByTestId('iv-quiz-submit').click();
      await sco.getByTestId('iv-quiz-feedback').waitFor();

      // The answer is in the runtime as the assessment's answers are: a choice interaction.
      const cmi = await waitUntil(async () => {
        const now = await session.cmi();
        return interactions(now).length ? now : null;
      }, 'the interactive quiz in cmi.interactions');
      const recorded = interactions(cmi);
      expect(recorded).toHaveLength(1);
      expect(recorded[0]).toMatchObject({ id: 'TW-IQ-quiz_1', type: 'choice', student_response: 'b', result: 'correct', correct_responses: { 0: { pattern: 'b' } }, weighting: '1' });
      expect(recorded[0]!.latency).toMatch(SCORM12_TIMESPAN);
      expect(recorded[0]!.time).toMatch(SCORM12_TIME);
      // A third of the video seen: not yet complete.
      expect(cmi.core.lesson_status).toBe('incomplete');
      expect((await session.playerState()).watchedSpans).toEqual([true, false, false]);

      // The video plays on (faster) to its end: the interactive player's complete event is the video watched.
      await session.frame().evaluate(() => {
        (globalThis as any).document.querySelector('[data-testid="interactive-video"] video').playbackRate = 3;
      });
      await sco.getByTestId('iv-quiz-continue').click();
      await waitUntil(async () => (await session.cmi()).core.lesson_status === 'completed', 'the course completed by the watched video', 20_000);
      const state = await session.playerState();
      expect(state.watchedSpans.every(Boolean)).toBe(true);

      await session.exit();
      checkCallSequence('1.2', await session.calls());
      const committed = (await session.terminateCommit()).cmi as Cmi;
      expect(committed.core).toMatchObject({ lesson_status: 'completed', exit: '' });
      expect(interactions(committed)).toMatchObject([{ id: 'TW-IQ-quiz_1', type: 'choice', student_response: 'b', result: 'correct' }]);
      expect(session.errors).toEqual([]);
    } finally {
      await session.close();
    }
  }, 60_000);
});

/** Small expect helpers over playwright locators (playwright-core has no `expect`). */
function expect_(locator: ReturnType<Page['locator']>) {
  const poll = async (check: () => Promise<boolean>, what: string) => void (await waitUntil(check, what));
  return {
    toHaveText: (text: string) => poll(async () => (await locator.textContent()) === text, `text '${text}'`),
    toHaveAttribute: (name: string, value: string) => poll(async () => (await locator.getAttribute(name)) === value, `${name}='${value}'`),
    toBeVisible: () => locator.waitFor({ state: 'visible' }),
  };
}

// cmi5: the fake LMS launches the AU as cmi5 says (9.2: endpoint, fetch, registration,
// activityId, actor on the launch URL; LMS.LaunchData in the State API) and is the LRS it reports to.
const CMI5_CATEGORY = 'https://w3id.org/xapi/cmi5/context/categories/cmi5';
const MOVEON_CATEGORY = 'https://w3id.org/xapi/cmi5/context/categories/moveon';
const SESSION_ID = 'https://w3id.org/xapi/cmi5/context/extensions/sessionid';
const MASTERY_SCORE = 'https://w3id.org/xapi/cmi5/context/extensions/masteryscore';
const VERB = (verb: string) => `http://adlnet.gov/expapi/verbs/${verb}`;
const ACTOR = { objectType: 'Agent', name: 'Ana Learner', account: { homePage: 'https://lms.test', name: 'ana' } };

interface Cmi5Au {
  id: string;
  moveOn: string;
  masteryScore: number | undefined;
  url: string;
}

/** The AU of cmi5.xml, as the LMS imported it. */
function cmi5Au(dir: string): Cmi5Au {
  const au = manifestParser.parse(readFileSync(join(dir, 'cmi5.xml'), 'utf8')).courseStructure.block.au;
  return { id: au.id, moveOn: au.moveOn, masteryScore: au.masteryScore === undefined ? undefined : Number(au.masteryScore), url: au.url };
}

/** A cmi5 launch of the fixture course (viewed_and_passed) in `registration`: the page at the AU. */
class Cmi5Launch {
  private constructor(
    readonly au: Cmi5Au,
    readonly sessionId: string,
    readonly context: BrowserContext,
    readonly page: Page,
    readonly errors: string[],
  ) {}

  static async open(registration: string, sessionId: string): Promise<Cmi5Launch> {
    const dir = await extractedPackage('cmi5', PASS_RULE);
    lms.serve(dir);
    const au = cmi5Au(dir);
    expect(au.url).toBe('index.html');
    // LMS.LaunchData (cmi5 10.2.1) from the course structure, with this session's context template.
    const url = lms.cmi5Launch({
      registration,
      activityId: au.id,
      actor: ACTOR,
      launchData: {
        contextTemplate: { contextActivities: { grouping: [{ id: au.id }] }, extensions: { [SESSION_ID]: sessionId } },
        launchMode: 'Normal',
        moveOn: au.moveOn,
        ...(au.masteryScore === undefined ? {} : { masteryScore: au.masteryScore }),
        returnURL: lms.cmi5ReturnUrl,
      },
    });
    const context = await browser.newContext();
    const page = await context.newPage();
    const launch = new Cmi5Launch(au, sessionId, context, page, collectErrors(page));
    await page.goto(url);
    await page.getByTestId('position').filter({ hasText: /\S/ }).waitFor();
    return launch;
  }

  async next(times = 1): Promise<void> {
    for (let i = 0; i < times; i++) await this.page.getByTestId('next').click();
  }

  async answer(options: number[]): Promise<void> {
    for (const [q, o] of options.entries()) await this.page.locator(`[data-testid="quiz-option"][data-question-index="${q}"][data-option-index="${o}"]`).check();
    await this.page.getByTestId('submit').click();
    await this.page.getByTestId('result').waitFor();
  }

  /** Waits until the LRS has the statement with `verb` of this launch, and returns it. */
  statement(verb: string): Promise<Record<string, any>> {
    return waitUntil(() => lms.xapiStatements().find((s) => s.verb.id === VERB(verb)), `the ${verb} statement`);
  }

  verbs(): string[] {
    return lms.xapiStatements().map((s) => String(s.verb.id).replace(VERB(''), ''));
  }

  /** The statement as cmi5 asks of every AU statement (9.4-9.6): this launch's actor, AU, registration and context template. */
  checkStatement(statement: Record<string, any>, registration: string): void {
    expect(statement).toMatchObject({
      actor: ACTOR,
      object: { id: this.au.id, objectType: 'Activity' },
      context: {
        registration,
        contextActivities: { grouping: [{ id: this.au.id }] },
        extensions: { [SESSION_ID]: this.sessionId },
      },
    });
    expect(statement.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(Number.isNaN(Date.parse(statement.timestamp))).toBe(false);
    expect(statement.context.contextActivities.category).toContainEqual({ id: CMI5_CATEGORY });
    const judged = ['completed', 'passed', 'failed'].includes(statement.verb.id.replace(VERB(''), ''));
    if (judged) expect(statement.context.contextActivities.category).toContainEqual({ id: MOVEON_CATEGORY });
    else expect(statement.context.contextActivities.category).not.toContainEqual({ id: MOVEON_CATEGORY });
    if (statement.verb.id !== VERB('initialized')) expect(statement.result.duration).toMatch(ISO_DURATION);
  }

  /** Every request to the LRS carried this launch's token and the xAPI version, and LMS.LaunchData came before any statement. */
  checkRequests(): void {
    const requests = lms.xapiRequests();
    expect(lms.cmi5TokensIssued).toBe(1);
    for (const request of requests) {
      expect(request.headers.authorization).toMatch(/^Basic /);
      expect(request.headers['x-experience-api-version']).toBe('1.0.3');
    }
    const launchData = requests.findIndex((r) => r.method === 'GET' && r.query.get('stateId') === 'LMS.LaunchData');
    const firstStatement = requests.findIndex((r) => r.path === '/xapi/statements');
    expect(launchData).toBeGreaterThanOrEqual(0);
    expect(launchData).toBeLessThan(firstStatement);
  }

  /** The AU's own state in the LRS, once it holds `expected`. */
  async savedState(expected: Partial<LearnerState>): Promise<LearnerState> {
    const shape = { slides: SLIDES.length, questions: CORRECT.length, videoSeconds: 0 };
    const matches = (state: LearnerState | null) => state !== null && Object.entries(expected).every(([key, value]) => JSON.stringify(state[key as keyof LearnerState]) === JSON.stringify(value));
    return waitUntil(() => {
      const saved = lms.xapiStateDocument('trainwright.suspend');
      const state = saved === undefined ? null : decodeState(saved, shape);
      return matches(state) ? state : null;
    }, `the saved state ${JSON.stringify(expected)}`);
  }

  /** The Exit button: the AU ends the session and goes back to the LMS (returnURL). */
  async exit(): Promise<void> {
    await this.page.getByTestId('exit').click();
    await this.page.waitForURL(lms.cmi5ReturnUrl);
  }

  /**
   * No errors, but the one a first launch of a registration must see: the State API answers 404
   * for the player's own state document, which does not exist yet (xAPI 1.0.3 part 3, 2.3), and the
   * browser logs any 404.
   */
  checkNoErrors(firstLaunch: boolean): void {
    const missingState = /status of 404 .*\/xapi\/activities\/state\?stateId=trainwright\.suspend&/;
    expect(this.errors.filter((error) => !(firstLaunch && missingState.test(error)))).toEqual([]);
  }

  async close(): Promise<void> {
    await this.context.close();
  }
}

describe('cmi5 package launched by a cmi5 LMS', () => {
  it('is launched with its parameters and sends initialized, completed, passed, terminated in order (viewed_and_passed)', async () => {
    const registration = '2c1f5e0a-8b7d-4f3e-9a6c-1d2e3f4a5b6c';
    const launch = await Cmi5Launch.open(registration, 'session-1');
    try {
      expect(launch.au).toMatchObject({ moveOn: 'CompletedAndPassed', masteryScore: 0.8 });
      expect(await launch.page.evaluate(() => (globalThis as any).__twPlayer.tracker())).toBe('cmi5');
      await launch.statement('initialized');
      await launch.next(4); // the overview, then every slide
      expect(await launch.page.getByTestId('position').textContent()).toBe('Slide 4 of 4');
      const completed = await launch.statement('completed');
      expect(completed.result).toMatchObject({ completion: true });
      await launch.next();
      await launch.answer(CORRECT);
      const passed = await launch.statement('passed');
      expect(passed.result).toMatchObject({ success: true, score: { scaled: 1 } });
      expect(passed.context.extensions[MASTERY_SCORE]).toBe(0.8);
      await launch.exit();

      const statements = lms.xapiStatements();
      expect(launch.verbs()).toEqual(['initialized', 'completed', 'passed', 'terminated']);
      for (const statement of statements) launch.checkStatement(statement, registration);
      expect(new Set(statements.map((s) => s.id)).size).toBe(statements.length);
      launch.checkRequests();
      expect(await launch.savedState({ position: QUIZ_SCREEN, answers: CORRECT, submitted: true })).toMatchObject({ viewedSlides: [true, true, true, true], attempts: 1 });
      launch.checkNoErrors(true);
    } finally {
      await launch.close();
    }
  });

  it('sends failed for a wrong quiz, then resumes in the next launch of the registration and passes on retry', async () => {
    const registration = '7d9e1b2c-3a4f-4b5c-8d6e-0f1a2b3c4d5e';
    const first = await Cmi5Launch.open(registration, 'session-1');
    try {
      await first.next(5);
      expect(await first.page.getByTestId('position').textContent()).toMatch(/assessment/i);
      await first.answer(WRONG_BUT_FIRST);
      const failed = await first.statement('failed');
      expect(failed.result).toMatchObject({ success: false, score: { scaled: 0.3333 } });
      expect(failed.context.extensions[MASTERY_SCORE]).toBe(0.8);
      // The learner closes the window: the AU still ends the session (keepalive requests).
      await first.page.goto('about:blank');
      await first.statement('terminated');
      expect(first.verbs()).toEqual(['initialized', 'completed', 'failed', 'terminated']);
      for (const statement of lms.xapiStatements()) first.checkStatement(statement, registration);
      first.checkRequests();
      await first.savedState({ position: QUIZ_SCREEN, answers: WRONG_BUT_FIRST, submitted: true, attempts: 1 });
      first.checkNoErrors(true);
    } finally {
      await first.close();
    }

    // The next launch of the registration: a new session, the quiz as the learner left it.
    const second = await Cmi5Launch.open(registration, 'session-2');
    try {
      expect(await second.page.getByTestId('position').textContent()).toMatch(/assessment/i);
      await second.page.getByTestId('retry').click();
      await second.answer(CORRECT);
      const passed = await second.statement('passed');
      expect(passed.result).toMatchObject({ success: true, score: { scaled: 1 } });
      await second.exit();
      // Completed once per registration (the first launch sent it); no failed again for the restored quiz.
      expect(second.verbs()).toEqual(['initialized', 'passed', 'terminated']);
      for (const statement of lms.xapiStatements()) second.checkStatement(statement, registration);
      second.checkRequests();
      await second.savedState({ answers: CORRECT, submitted: true, attempts: 2 });
      second.checkNoErrors(false);
    } finally {
      await second.close();
    }
  });
});
