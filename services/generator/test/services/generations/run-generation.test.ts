// Generation jobs with every port faked: no engine model, storage, project service, database or bus.
import { DEFAULT_ATMOSPHERE, DEFAULT_TARGET_AUDIENCE } from '@trainwright/catalogue';
import { parseSlideText, type GeneratedContent } from '@trainwright/formats';
import { contentToMessage, type Failure, type OwnerPlan } from '@trainwright/platform';
import { GenerationInput, Project } from '@trainwright/proto/trainwright/project/v1/project';
import { InProcessQuality } from '../../../src/adapters/in-process-quality.js';
import { GenerationError, type GenerationResult, type GenerationTask, type GeneratorEngine, type QualityAssessment } from '../../../src/domain/types.js';
import { scoreContent } from '../../../src/quality/index.js';
import { scorableOf } from '../../../src/services/content.js';
import { ABANDONED_GENERATION, abandonGeneration } from '../../../src/services/generations/abandon-generation.js';
import type { GenerationDeps, GenerationEvents, SourceReader } from '../../../src/services/generations/deps.js';
import { INTERNAL_FAILURE, runGeneration } from '../../../src/services/generations/run-generation.js';
import type { StoredAssessment, UsedSource } from '../../../src/services/ports.js';
import { GOOD_SLIDES, POOR_SLIDES, content, makeQuestions, request } from '../../quality/fixtures.js';

const FIRST_TRY = { attempt: 1, maxAttempts: 3 };
const ACTIVE_TRIAL = { tier: 'free-trial', trialState: 'active_trial' } as const;
const job = (projectId: string, plan: OwnerPlan = ACTIVE_TRIAL) => ({ projectId, plan });
const LAST_TRY = { attempt: 3, maxAttempts: 3 };

function project(changes: Parameters<typeof Project.fromPartial>[0] = {}): Project {
  return Project.fromPartial({
    id: 'project-1',
    companyId: 'company-1',
    title: 'Password Security',
    status: 'generating_content',
    projectType: 'script_to_slides',
    scriptContent: 'NARRATOR: Use a passphrase of unrelated words.',
    ...changes,
  });
}

function result(): GenerationResult {
  return {
    engine: 'fake',
    title: 'Password Security',
    summary: 'How to choose and keep passwords.',
    objectives: ['Choose a strong passphrase'],
    deck: parseSlideText(GOOD_SLIDES),
    questions: [],
    glossary: [{ term: 'Passphrase', definition: 'A password made of several unrelated words.' }],
    modules: [],
    notices: ['Made by the fake engine.'],
  };
}

function setup(options: { input?: Partial<GenerationInput> | Error; generate?: GeneratorEngine['generate']; assessment?: StoredAssessment; fileText?: string } = {}) {
  const log: string[] = [];
  const completed: Array<{ content: GeneratedContent; assessment: QualityAssessment }> = [];
  const unexpected: unknown[] = [];
  const failures: Failure[] = [];
  const events: GenerationEvents = {
    progress: async (_projectId, stage, percent) => void log.push(`${stage} ${percent}`),
    completed: async (_projectId, content, assessment) => {
      log.push('completed');
      completed.push({ content, assessment });
    },
    failed: async (_projectId, failure) => {
      log.push(`failed: ${failure.text}`);
      failures.push(failure);
    },
  };
  const tasks: Parameters<GeneratorEngine['generate']>[0][] = [];
  const engine: GeneratorEngine = {
    name: 'fake',
    generate: async (input, progress) => {
      tasks.push(input);
      if (options.generate) return options.generate(input, progress);
      await progress(50);
      return result();
    },
  };
  const read: string[] = [];
  const sources: SourceReader = {
    file: async (file) => {
      read.push(`file ${file.filename}`);
      return { title: file.filename, format: 'txt', origin: file.filename, sections: [], text: options.fileText };
    },
    url: async (url) => {
      read.push(`url ${url}`);
      return { title: 'Page', format: 'html', origin: url, sections: [] };
    },
    text: (text, title) => ({ title, format: 'text', origin: 'text', sections: [{ heading: '', level: 0, paragraphs: [text], bullets: [], tables: [], notes: [] }] }),
  };
  const kept: UsedSource[] = [];
  const deps: GenerationDeps = {
    projects: {
      generationInput: async () => {
        if (options.input instanceof Error) throw options.input;
        return GenerationInput.fromPartial({ project: project(), files: [], ...options.input });
      },
      indexSource: async (_projectId, source) => void kept.push(source),
    },
    sources,
    engine,
    assessments: { find: async (id, projectId) => (options.assessment?.id === id && options.assessment.projectId === projectId ? options.assessment : undefined) },
    quality: new InProcessQuality(makeQuestions),
    events: { forRun: () => events },
    logger: { error: (fields: unknown) => void unexpected.push((fields as { err: unknown }).err) },
  };
  return { deps, events, log, completed, tasks, read, unexpected, failures, kept };
}

describe(runGeneration.name, () => {
  describe('a job attempt', () => {
    it('should publish progress in order, then the content with its score', async () => {
      const { deps, events, log, completed } = setup();
      const timings = await runGeneration(deps, job('project-1'), FIRST_TRY, events);
      expect(log).toEqual(['analyzing 0', 'analyzing 100', 'generating_content 0', 'generating_content 48', 'generating_content 100', 'completed']);
      const [{ content: generated, assessment }] = completed as [(typeof completed)[number]];
      expect(generated.engine).toBe('fake');
      expect(generated.slides.slide_content).toContain('# Password Security');
      expect(generated.script).not.toBe('');
      expect(generated.glossary).toEqual(result().glossary);
      expect(generated.notices).toEqual(['Made by the fake engine.']);
      expect(generated.slides.quality_assessment).toEqual({
        overall_score: assessment.overall_score,
        quality_grade: assessment.quality_grade,
        dimension_scores: assessment.dimension_scores,
        engagement_prediction: assessment.engagement_prediction,
      });
      expect(assessment.overall_score).toBeGreaterThan(0);
      expect(timings.extractMs).toBeGreaterThanOrEqual(0);
    });

    it('should score the content as it is stored, so the card and the quality dialog show one engagement figure (issue 23 point 13)', async () => {
      const { deps, events, completed } = setup();
      await runGeneration(deps, job('project-1'), FIRST_TRY, events);
      const [{ content: generated, assessment }] = completed as [(typeof completed)[number]];
      // What the quality dialog scores with its default setup: the project's stored content.
      const stored = scorableOf(project({ generatedContent: contentToMessage(generated) }))!;
      const dialog = await new InProcessQuality(makeQuestions).score(stored, { desired_atmosphere: DEFAULT_ATMOSPHERE, target_audience: DEFAULT_TARGET_AUDIENCE, focus_areas: [], notes: '' });
      expect(dialog.engagement_prediction).toBe(assessment.engagement_prediction);
      expect(dialog.overall_score).toBe(assessment.overall_score);
    });

    it('should hand the engine the project\'s script for script_to_slides', async () => {
      const { deps, events, tasks } = setup();
      await runGeneration(deps, job('project-1'), FIRST_TRY, events);
      expect(tasks[0]).toMatchObject({ title: 'Password Security', language: 'en', task: { kind: 'script_to_slides', scriptText: 'NARRATOR: Use a passphrase of unrelated words.' } });
    });

    it('should read an uploaded .txt script written as slides as slides, notes kept as notes', async () => {
      const fileText = '## Inspect the truck\n- Check the forks\n**Speaker Notes:** Walk round it first.\n';
      const { deps, events, tasks } = setup({
        fileText,
        input: { files: [{ id: 'f1', kind: 'script', filename: 'script.txt', contentType: 'text/plain', storageKey: 'k', size: fileText.length }] },
      });
      await runGeneration(deps, job('project-1'), FIRST_TRY, events);
      const task = tasks[0]!.task as Extract<GenerationTask, { kind: 'script_to_slides' }>;
      expect(task.scriptText).toBe(fileText);
      expect(task.source.sections[0]).toMatchObject({ heading: 'Inspect the truck', bullets: ['Check the forks'], notes: ['Walk round it first.'] });
    });

    it('should hand the engine the catalogue\'s request, with the lists the message leaves out', async () => {
      const { deps, events, tasks } = setup({
        input: { project: project({ projectType: 'ai_content_generator', generatorType: 'topic_to_content', requestData: { topicToContent: { topic: 'Password hygiene', length: 'short' } } }) },
      });
      await runGeneration(deps, job('project-1'), FIRST_TRY, events);
      const task = tasks[0]!.task;
      expect(task.kind).toBe('generator');
      if (task.kind !== 'generator' || task.request.generator_type !== 'topic_to_content') throw new Error('not a topic_to_content task');
      expect(task.source).toBeNull();
      expect(task.request.request_data).toMatchObject({ topic: 'Password hygiene', length: 'short', subtopics: [], learning_objectives: [] });
    });

    it('should keep the material it read in the company library, and not a topic built from the library', async () => {
      const script = 'NARRATOR: Use a passphrase of four or more unrelated words. Never reuse a password on two sites, because one leak then opens both accounts. Turn on two-factor sign-in for email, banking and the company portal, and keep the recovery codes somewhere safe, away from the computer.';
      const scripted = setup({ input: { project: project({ scriptContent: script }) } });
      await runGeneration(scripted.deps, job('project-1'), FIRST_TRY, scripted.events);
      expect(scripted.kept).toHaveLength(1);
      expect(scripted.kept[0]).toMatchObject({ title: 'Password Security', kind: 'text', source: '', language: 'en' });
      expect(scripted.kept[0]!.passages.map((p) => p.text).join(' ')).toContain('Never reuse a password on two sites');

      // A short note is not material worth searching; a topic from the library is the library's already.
      const short = setup();
      await runGeneration(short.deps, job('project-1'), FIRST_TRY, short.events);
      expect(short.kept).toEqual([]);
      const passage = { id: 'p1', documentId: 'd1', documentTitle: 'Password policy', heading: 'Passphrases', text: script.slice(10), position: 0, score: 1 };
      const grounded = setup({
        input: { project: project({ projectType: 'ai_content_generator', generatorType: 'topic_to_content', requestData: { topicToContent: { topic: 'Passwords', useLibrary: true } } }), libraryPassages: [passage] },
      });
      await runGeneration(grounded.deps, job('project-1'), FIRST_TRY, grounded.events);
      expect(grounded.kept).toEqual([]);
      expect(grounded.tasks[0]!.task).toMatchObject({ kind: 'generator', library: { passages: [passage] } });
    });

    it('should still publish the content when the library cannot keep the material', async () => {
      const script = 'NARRATOR: ' + 'Lock your screen whenever you leave your desk, even for a minute. '.repeat(6);
      const { deps, events, completed, unexpected } = setup({ input: { project: project({ scriptContent: script }) } });
      deps.projects.indexSource = async () => {
        throw new Error('project service away');
      };
      await runGeneration(deps, job('project-1'), FIRST_TRY, events);
      expect(completed).toHaveLength(1);
      expect(unexpected).toHaveLength(1);
    });

    it('should read the page of a url_content request', async () => {
      const { deps, events, tasks, read } = setup({
        input: { project: project({ projectType: 'ai_content_generator', generatorType: 'url_content', requestData: { urlContent: { url: 'https://example.com/passwords' } } }) },
      });
      await runGeneration(deps, job('project-1'), FIRST_TRY, events);
      expect(read).toEqual(['url https://example.com/passwords']);
      expect(tasks[0]!.task).toMatchObject({ kind: 'generator', source: { origin: 'https://example.com/passwords' } });
    });

    it('should do no new work once the owner trial is over, failing with the trial message', async () => {
      const { deps, events, log, tasks } = setup();
      const error = await runGeneration(deps, job('project-1', { tier: 'free-trial', trialState: 'grace_period' }), FIRST_TRY, events).catch((e: unknown) => e);
      expect(error).toMatchObject({ message: 'Your free trial has ended. Upgrade to continue creating training content.', retryable: false });
      expect(tasks).toEqual([]);
      expect(log).toEqual(['failed: Your free trial has ended. Upgrade to continue creating training content.']);
    });

    it.each([
      ['grace_period', 'trial.ended', 'Your free trial has ended. Upgrade to continue creating training content.'],
      ['expired', 'trial.expired', 'Your free trial has expired. Upgrade to continue creating training content.'],
    ] as const)('should name a trial refusal (%s) by its catalogue id in the failure it publishes, so the web translates it', async (trialState, id, text) => {
      const { deps, events, failures, unexpected } = setup();
      const error = await runGeneration(deps, job('project-1', { tier: 'free-trial', trialState }), LAST_TRY, events).catch((e: unknown) => e);
      expect(failures).toEqual([{ text, message: { id, params: [] } }]);
      // The error the job ends with keeps it too; an expected refusal is not logged as a fault.
      expect(error).toMatchObject({ message: text, messageRef: { id, params: [] }, retryable: false });
      expect(unexpected).toEqual([]);
    });

    it('should fail at once on a permanent GenerationError and publish the failure once', async () => {
      const { deps, events, log, unexpected, failures } = setup({
        generate: async () => {
          throw new GenerationError('The document has no text to work from.');
        },
      });
      const error = await runGeneration(deps, job('project-1'), FIRST_TRY, events).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(GenerationError);
      expect(error).toMatchObject({ message: 'The document has no text to work from.', retryable: false });
      expect(log.filter((l) => l.startsWith('failed'))).toEqual(['failed: The document has no text to work from.']);
      // A text of its own: no catalogue message beside it.
      expect(failures).toEqual([{ text: 'The document has no text to work from.', message: null }]);
      expect(log).not.toContain('completed');
      expect(unexpected).toEqual([]);
    });

    it('should rethrow a transient error as retryable without publishing a failure on a non-last attempt', async () => {
      const { deps, events, log, unexpected } = setup({
        generate: async () => {
          throw new Error('socket hang up');
        },
      });
      const error = await runGeneration(deps, job('project-1'), FIRST_TRY, events).catch((e: unknown) => e);
      expect(error).toMatchObject({ message: INTERNAL_FAILURE, retryable: true });
      expect(log.some((l) => l.startsWith('failed'))).toBe(false);
      expect(unexpected).toHaveLength(1);
    });

    it('should publish the failure on the last attempt', async () => {
      const { deps, events, log, failures } = setup({
        generate: async () => {
          throw new Error('socket hang up');
        },
      });
      const error = await runGeneration(deps, job('project-1'), LAST_TRY, events).catch((e: unknown) => e);
      expect(error).toMatchObject({ message: INTERNAL_FAILURE, retryable: false });
      expect(log.filter((l) => l.startsWith('failed'))).toEqual([`failed: ${INTERNAL_FAILURE}`]);
      expect(failures).toEqual([{ text: INTERNAL_FAILURE, message: { id: 'generation.internal', params: [] } }]);
    });

    it('should fail at once when the project service says the project is gone', async () => {
      const { deps, events, log } = setup({ input: Object.assign(new Error('not found'), { status: 404 }) });
      const error = await runGeneration(deps, job('project-1'), FIRST_TRY, events).catch((e: unknown) => e);
      expect(error).toMatchObject({ message: INTERNAL_FAILURE, retryable: false });
      expect(log).toEqual([`failed: ${INTERNAL_FAILURE}`]);
    });

    describe('an enhanced version (quality_improvement)', () => {
      const original = content(POOR_SLIDES);
      const stored: StoredAssessment = {
        id: 'assessment-1',
        projectId: 'original-1',
        companyId: 'company-1',
        request: request(),
        result: scoreContent(original, request()),
      };
      const selected = stored.result.recommendations.slice(0, 2).map((r) => r.id);
      const originalContent: GeneratedContent = {
        script: '',
        slides: { slide_content: POOR_SLIDES, quality_assessment: null },
        engine: 'openai:gpt-4o-mini',
        summary: 'Passwords at work.',
        objectives: [],
        questions: [],
        glossary: [],
        modules: [{ number: 1, title: 'Basics', level: 'basic', objectives: [], topics: ['Passwords'], prerequisites: [], practice: '', estimated_minutes: 10 }],
        notices: [],
        citations: [],
      };
      const enhanced = (plan: { assessmentId: string }) =>
        GenerationInput.fromPartial({
          project: project({ id: 'enhanced-1', generatorType: 'quality_improvement', projectType: 'ai_content_generator', requestData: { qualityImprovement: { ...plan, selectedRecommendations: selected } } }),
          files: [],
          sourceProject: project({ id: 'original-1', title: 'Password Security', generatedContent: contentToMessage(originalContent) }),
        });

      it('should apply the chosen recommendations to the original and keep what the original had', async () => {
        const { deps, events, log, completed, tasks } = setup({ input: enhanced({ assessmentId: 'assessment-1' }), assessment: stored });
        await runGeneration(deps, job('enhanced-1'), FIRST_TRY, events);
        expect(tasks).toEqual([]);
        expect(log).toEqual(['analyzing 0', 'analyzing 100', 'generating_content 10', 'generating_content 100', 'completed']);
        const [{ content: improved, assessment }] = completed as [(typeof completed)[number]];
        expect(improved.engine).toBe('openai:gpt-4o-mini');
        expect(improved.summary).toBe('Passwords at work.');
        expect(improved.modules).toEqual(originalContent.modules);
        expect(improved.slides.slide_content).not.toBe(POOR_SLIDES);
        expect(improved.slides.quality_assessment?.overall_score).toBe(assessment.overall_score);
        expect(improved.notices[0]).toMatch(/^Enhanced version of "Password Security": applied \d recommendation\(s\)/);
        expect(improved.notices.at(-1)).toBe(`Quality score ${stored.result.overall_score} -> ${assessment.overall_score}.`);
      });

      it('should fail at once when the assessment no longer exists', async () => {
        const { deps, events, log } = setup({ input: enhanced({ assessmentId: 'assessment-2' }), assessment: stored });
        const error = await runGeneration(deps, job('enhanced-1'), FIRST_TRY, events).catch((e: unknown) => e);
        expect(error).toMatchObject({ retryable: false });
        expect(log).toEqual(['analyzing 0', 'failed: The quality assessment these improvements come from no longer exists.']);
      });
    });
  });
});

describe(abandonGeneration.name, () => {
  it('should fail the project with the abandoned message on its own run of the content version', async () => {
    const runs: Array<{ id: string; contentVersion: number }> = [];
    const { events, log } = setup();
    await abandonGeneration({ events: { forRun: (run) => (runs.push(run), events) } }, 'project-1', { id: 'job-1:abandoned', contentVersion: 3 });
    expect(runs).toEqual([{ id: 'job-1:abandoned', contentVersion: 3 }]);
    expect(log).toEqual([`failed: ${ABANDONED_GENERATION}`]);
  });
});
