// Unit tests of the project operations: in-memory ports, a fixed clock, no database.
import { randomUUID } from 'node:crypto';
import { plainContent } from '@trainwright/formats';
import { AppError } from '@trainwright/platform';
import { getBuiltinTemplate } from '@trainwright/templates';
import type { NewProject } from '../src/services/projects/deps.js';
import { applyPipelineEvent, type PipelineEvent } from '../src/services/projects/apply-pipeline-event.js';
import { createProject, type CreateProjectInput } from '../src/services/projects/create-project.js';
import { createWelcomeSample } from '../src/services/projects/create-welcome-sample.js';
import { deleteAccountData } from '../src/services/projects/delete-account-data.js';
import { deleteProject } from '../src/services/projects/delete-project.js';
import { generationInput } from '../src/services/projects/generation-input.js';
import { completeGeneration } from '../src/services/projects/hand-off-to-render.js';
import { getProject } from '../src/services/projects/get-project.js';
import { listProjects } from '../src/services/projects/list-projects.js';
import { renderKeyOf } from '../src/services/projects/render-key.js';
import { CONTENT_CHANGED, updateProject, type UpdateProjectInput } from '../src/services/projects/update-project.js';
import { SAMPLE_TITLE } from '../src/services/sample-project.js';
import { fakeProjectDepsWithOwner, type FakeProjectDeps } from './fakes/project-deps.fake.js';
import { newProject, storeProject } from './fixtures/new-project.fixture.js';

/** The owner's plan of fakeProjectDepsWithOwner's company, as a job carries it. */
const ACTIVE_TRIAL = { tier: 'free-trial', trialState: 'active_trial' };

let deps: FakeProjectDeps;
let owner: string;
let company: string;

beforeEach(() => {
  ({ deps, owner, company } = fakeProjectDepsWithOwner());
});

const SCRIPT: CreateProjectInput = { title: 'Forklift Safety', scriptContent: '## Before you start\nCheck the forks.' };

/** The AppError an operation rejects with. */
async function failure(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof AppError)) throw new Error(`expected an AppError, got ${String(error)}`);
  return error;
}

const stored = (overrides: Partial<NewProject> = {}) => storeProject(deps.projects, newProject(company, owner, { title: 'Stored', ...overrides }));

function progress(projectId: string, overrides: Partial<PipelineEvent> = {}): PipelineEvent {
  return { source: 'generation', projectId, status: 'analyzing', stage: 'analyzing', percent: 40, error: '', ...overrides };
}

describe('project operations', () => {
  describe(createProject.name, () => {
    it('should refuse a blank title with the field named', async () => {
      const error = await failure(createProject(deps, owner, { ...SCRIPT, title: '   ' }));
      expect(error.code).toBe('VALIDATION_FAILED');
      expect(error.message).toBe('Project title is required');
      expect(error.detail).toEqual({ field: 'title' });
      expect(deps.projects.rows.size).toBe(0);
    });

    it('should refuse new projects once the owner trial is over, with the trial message', async () => {
      for (const [state, message] of [
        ['grace_period', 'Your free trial has ended. Upgrade to continue creating training content.'],
        ['expired', 'Your free trial has expired. Upgrade to continue creating training content.'],
      ] as const) {
        const user = randomUUID();
        deps.memberships.join(user, { companyId: randomUUID(), ownerTrialState: state });
        const error = await failure(createProject(deps, user, SCRIPT));
        expect(error.code).toBe('TRIAL_ENDED');
        expect(error.status).toBe(403);
        expect(error.message).toBe(message);
      }
      expect(deps.projects.rows.size).toBe(0);
      expect(deps.jobs.generated).toEqual([]);
    });

    it('should refuse a project past the plan limit and enqueue nothing', async () => {
      for (let i = 0; i < 3; i += 1) await createProject(deps, owner, SCRIPT);
      deps.jobs.generated.length = 0;
      const error = await failure(createProject(deps, owner, SCRIPT));
      expect(error.code).toBe('PLAN_LIMIT_REACHED');
      expect(error.message).toContain('allows only 3 projects');
      expect(deps.jobs.generated).toEqual([]);
    });

    it('should store a pending project and enqueue its generate job with content version 1', async () => {
      const created = await createProject(deps, owner, SCRIPT);
      expect(created.title).toBe('Forklift Safety');
      const row = deps.projects.rows.get(created.id)!;
      expect(row).toMatchObject({ status: 'pending', company_id: company, owner_user_id: owner, branding: { company_name: 'Acme', logo_url: '', website: '' } });
      expect(deps.jobs.generated).toEqual([{ projectId: created.id, contentVersion: 1, plan: ACTIVE_TRIAL }]);
      expect(deps.writes).toBe(1);
    });

    it('should store an AI generator request normalised from the request_data object', async () => {
      const created = await createProject(deps, owner, { title: 'Fire', projectType: 'ai_content_generator', generatorType: 'topic_to_content', requestData: { topic: 'Fire safety' } });
      const row = deps.projects.rows.get(created.id)!;
      expect(row.generator_type).toBe('topic_to_content');
      expect(row.request_data).toMatchObject({ topic: 'Fire safety' });
    });

    it('should refuse request_data fields the method does not have', async () => {
      const error = await failure(createProject(deps, owner, { title: 'Fire', projectType: 'ai_content_generator', generatorType: 'topic_to_content', requestData: { topic: 'x', url: 'y' } }));
      expect(error.detail).toEqual({ field: 'request_data.url' });
    });

    it('should make an enhanced version in the original company with the improvement plan', async () => {
      const original = await stored({ title: 'Ladders' });
      const plan = { assessment_id: 'a1', selected_recommendations: ['r1'] };
      const created = await createProject(deps, owner, { derivedFromProjectId: original, requestData: plan });
      expect(created.title).toBe('Ladders (Enhanced)');
      expect(deps.projects.rows.get(created.id)).toMatchObject({ generator_type: 'quality_improvement', request_data: plan, derived_from_project_id: original });
      expect(deps.jobs.generated).toEqual([{ projectId: created.id, contentVersion: 1, plan: ACTIVE_TRIAL }]);
    });

    it('should keep burn_subtitles as given, false when left out, and refuse a value that is not a boolean', async () => {
      const burned = await createProject(deps, owner, { ...SCRIPT, burnSubtitles: true });
      const plain = await createProject(deps, owner, SCRIPT);
      expect((await getProject(deps, owner, burned.id)).burn_subtitles).toBe(true);
      expect((await getProject(deps, owner, plain.id)).burn_subtitles).toBe(false);
      const refused = await failure(createProject(deps, owner, { ...SCRIPT, burnSubtitles: 'yes' as unknown as boolean }));
      expect(refused).toMatchObject({ code: 'VALIDATION_FAILED', detail: { field: 'burn_subtitles' } });
      expect(deps.projects.rows.size).toBe(2);
    });

    it('should copy burn_subtitles into an enhanced version', async () => {
      const original = await stored({ title: 'Ladders', burnSubtitles: true });
      const created = await createProject(deps, owner, { derivedFromProjectId: original, requestData: { assessment_id: 'a1', selected_recommendations: [] } });
      expect(deps.projects.rows.get(created.id)).toMatchObject({ burn_subtitles: true });
    });

    it('should refuse branding URLs at loopback, private or link-local addresses on create and edit, storing nothing', async () => {
      const refused = await failure(createProject(deps, owner, { ...SCRIPT, branding: { companyName: 'Acme', logoUrl: 'http://10.1.2.3/logo.png', website: '' } }));
      expect(refused).toMatchObject({ code: 'VALIDATION_FAILED', message: 'This address is not allowed: 10.1.2.3 is a private network address.', detail: { field: 'logo_url' } });
      expect(deps.projects.rows.size).toBe(0);
      const id = await stored();
      const edit = await failure(updateProject(deps, owner, id, { branding: { companyName: 'Acme', logoUrl: '', website: 'http://169.254.169.254/' } }));
      expect(edit.detail).toEqual({ field: 'website' });
      expect(edit.message.startsWith('This address is not allowed: 169.254.169.254')).toBe(true);
    });
  });

  describe('the voice a project names (media-render decides)', () => {
    const LOCKED = 'premium-voice';
    const refusal = new AppError('FEATURE_NOT_AVAILABLE', 'This voice requires Professional or higher subscription.');
    const voice = (voice_id: string) => ({ voice_id, name: 'Ava', category: 'premade' });

    it("should refuse a create naming a voice the company's plan locks, with media-render's refusal, storing nothing", async () => {
      deps.voices.lock(LOCKED, refusal);
      const error = await failure(createProject(deps, owner, { ...SCRIPT, voiceSelection: voice(LOCKED) }));
      expect(error).toBe(refusal);
      expect(deps.voices.asked).toEqual([{ userId: owner, companyId: company, voiceId: LOCKED }]);
      expect(deps.projects.rows.size).toBe(0);
    });

    it("should refuse another company's own voice as not found", async () => {
      deps.voices.ownedElsewhere('custom:other');
      const error = await failure(createProject(deps, owner, { ...SCRIPT, voiceSelection: { voice_id: 'custom:other', name: 'x', category: 'matched' } }));
      expect([error.code, error.message]).toEqual(['NOT_FOUND', 'Voice not found']);
      expect(deps.projects.rows.size).toBe(0);
    });

    it('should ask for the company the project is made in, and not at all without a voice', async () => {
      const other = randomUUID();
      deps.memberships.join(owner, { companyId: other, companyName: 'Other' });
      await createProject(deps, owner, SCRIPT);
      expect(deps.voices.asked).toEqual([]);
      await createProject(deps, owner, { ...SCRIPT, companyId: other, voiceSelection: voice('free-voice') });
      expect(deps.voices.asked).toEqual([{ userId: owner, companyId: other, voiceId: 'free-voice' }]);
    });

    it("should check an edit's voice for the project's company, after the caller may see the project", async () => {
      deps.voices.lock(LOCKED, refusal);
      const id = await stored();
      const stranger = randomUUID();
      deps.memberships.join(stranger, { companyId: randomUUID() });
      const hidden = await failure(updateProject(deps, stranger, id, { voiceSelection: voice(LOCKED) }));
      expect(hidden.code).toBe('NOT_FOUND');
      expect(deps.voices.asked).toEqual([]);

      expect(await failure(updateProject(deps, owner, id, { voiceSelection: voice(LOCKED) }))).toBe(refusal);
      expect(deps.voices.asked).toEqual([{ userId: owner, companyId: company, voiceId: LOCKED }]);
      expect(deps.projects.rows.get(id)!.voice_selection).toBeNull();
      const edited = await updateProject(deps, owner, id, { voiceSelection: voice('free-voice') });
      expect(edited.voice_selection).toEqual(voice('free-voice'));
    });
  });

  describe(updateProject.name, () => {
    it("should answer NOT_FOUND for another company's project", async () => {
      const id = await stored();
      const stranger = randomUUID();
      deps.memberships.join(stranger, { companyId: randomUUID() });
      const error = await failure(updateProject(deps, stranger, id, { title: 'Mine now' }));
      expect(error.code).toBe('NOT_FOUND');
      expect(deps.projects.rows.get(id)!.title).toBe('Stored');
    });

    it('should answer FORBIDDEN to a viewer', async () => {
      const id = await stored();
      const viewer = randomUUID();
      deps.memberships.join(viewer, { companyId: company, role: 'viewer', ownerUserId: owner });
      expect((await failure(updateProject(deps, viewer, id, { title: 'Renamed' }))).code).toBe('FORBIDDEN');
    });

    it('should write edited generated slides over the current script and mark the project for regeneration', async () => {
      const id = await stored({ generatedContent: plainContent('Hello.', '## One') });
      const view = await updateProject(deps, owner, id, { generatedSlides: '## Two' });
      expect(view.generated_content).toMatchObject({ script: 'Hello.', slides: { slide_content: '## Two' } });
      expect(view.needs_regeneration).toBe(true);
      expect(deps.projects.outbox.map((e) => e.subject)).toEqual(['project.updated', 'project.status_changed']);
    });

    it("should make the stored summary the edited summary slide's, and keep it through other edits (issue 23 point 8)", async () => {
      const slides = (points: string[]) => ['# Forklift Safety', '', '## Check the forks', '- Walk around the truck', '', '## Summary', ...points.map((p) => `- ${p}`), ''].join('\n');
      const generated = { ...plainContent('Say it.', slides(['Check the forks first', 'Keep the load low'])), summary: 'Check the forks before every shift and keep the load low.' };
      const id = await stored({ generatedContent: generated });
      const other = await updateProject(deps, owner, id, { generatedSlides: slides(['Check the forks first', 'Keep the load low']).replace('Walk around', 'Walk all around') });
      expect(other.generated_content!.summary).toBe(generated.summary);
      const edited = await updateProject(deps, owner, id, { generatedSlides: slides(['Check the forks first', 'Never carry a passenger']) });
      expect(edited.generated_content!.summary).toBe('Check the forks first. Never carry a passenger.');
    });

    it('should keep the library citations of the slides an edit leaves as they were, where they moved (docs/library.md)', async () => {
      const cite = (slide_index: number, passage: string) => ({ slide_index, document_id: 'd1', document_title: 'Forklift manual', passage });
      const slides = '# Forklifts\n\n## Inspection\n- Check the forks\n\n## Loads\n- Carry loads low\n';
      const id = await stored({ generatedContent: { ...plainContent('Say it.', slides), citations: [cite(0, 'Check the forks.'), cite(1, 'Carry loads low.')] } });
      const view = await updateProject(deps, owner, id, { generatedSlides: '# Forklifts\n\n## Welcome\n- Hello\n\n## Inspection\n- Check the forks\n\n## Loads\n- Carry loads high\n' });
      expect(view.generated_content!.citations).toEqual([cite(1, 'Check the forks.')]);
    });

    it('should leave a title-only change out of regeneration', async () => {
      const id = await stored();
      expect((await updateProject(deps, owner, id, { title: 'Renamed' })).needs_regeneration).toBe(false);
    });

    describe('versions', () => {
      const SLIDES = '# Forklift Safety\n\n## Check the forks first\n**Content:**\n- Walk around the truck\n';
      /** A project whose first version is generated and rendered. */
      const completed = (overrides: Partial<NewProject> = {}) =>
        stored({ status: 'completed', generatedContent: plainContent('Say it.', '## One'), progress: { analyzing: 100, generating_content: 100, creating_slides: 100, generating_documents: 100 }, ...overrides });

      it('should keep hand-edited slides exactly as written and only render the new version', async () => {
        const id = await completed();
        const view = await updateProject(deps, owner, id, { generatedSlides: SLIDES });
        expect(view).toMatchObject({ content_version: 2, status: 'pending', needs_regeneration: true, generation_version: null });
        expect(view.generated_content!.slides.slide_content).toBe(SLIDES);
        expect(view.progress).toEqual({ analyzing: 100, generating_content: 100 });
        expect(deps.jobs.generated).toEqual([]);
        expect(deps.jobs.rendered).toEqual([{ projectId: id, renderKey: renderKeyOf(deps.projects.rows.get(id)!, null), contentVersion: 2, plan: ACTIVE_TRIAL }]);
      });

      it('should keep a hand-edited script and render it', async () => {
        const id = await completed();
        const view = await updateProject(deps, owner, id, { generatedScript: 'NARRATOR: Check the forks.' });
        expect(view.generated_content).toMatchObject({ script: 'NARRATOR: Check the forks.', slides: { slide_content: '## One' } });
        expect([deps.jobs.generated.length, deps.jobs.rendered.map((j) => j.contentVersion)]).toEqual([0, [2]]);
      });

      it.each<[string, UpdateProjectInput, Partial<NewProject>?]>([
        ['template', { templateId: 'business-employee-onboarding' }],
        ['font style', { fontStyle: 'classic' }],
        ['image style', { imageStyle: 'abstract' }],
        ['branding', { branding: { companyName: 'Acme', website: 'https://acme.example' } }],
        // The trial owner may leave video (made on a plan before) but not choose it (plan-gates.ts).
        ['visual format', { visualFormat: 'powerpoint' }, { visualFormat: 'mp4' }],
        ['document format', { documentFormat: 'word' }],
        ['voice', { voiceSelection: { voice_id: 'alloy', name: 'Alloy', category: 'premade' } }],
        ['burn-in of the subtitles', { burnSubtitles: true }],
      ])('should render a new version, without generating, for a new %s', async (_name, edit, from = {}) => {
        const id = await completed(from);
        const view = await updateProject(deps, owner, id, edit);
        expect(view).toMatchObject({ content_version: 2, status: 'pending', needs_regeneration: true });
        expect(deps.jobs.generated).toEqual([]);
        expect(deps.jobs.rendered).toEqual([expect.objectContaining({ projectId: id, contentVersion: 2 })]);
      });

      it('should refuse what create refuses: video on a plan without it, nothing written', async () => {
        const id = await completed();
        const refused = await failure(updateProject(deps, owner, id, { visualFormat: 'mp4' }));
        const onCreate = await failure(createProject(deps, owner, { title: 'Video', scriptContent: 'Say it.', visualFormat: 'mp4' }));
        expect({ code: refused.code, message: refused.message }).toEqual({ code: 'FEATURE_NOT_AVAILABLE', message: onCreate.message });
        expect(deps.projects.rows.get(id)).toMatchObject({ visual_format: 'powerpoint', content_version: 1 });
      });

      it.each([
        ['script', { scriptContent: '## New start\nCheck the mast.' }],
        ['slides', { slidesContent: '## New slide' }],
        ['AI instructions', { aiInstructions: 'Use plain words.' }],
      ])('should generate a new version again for a new %s, then render it', async (_name, edit) => {
        const id = await completed();
        const view = await updateProject(deps, owner, id, edit);
        expect(view).toMatchObject({ content_version: 2, generation_version: 2, status: 'pending', progress: {}, needs_regeneration: true });
        expect(deps.jobs.generated).toEqual([{ projectId: id, contentVersion: 2, plan: ACTIVE_TRIAL }]);
        expect(deps.jobs.rendered).toEqual([]);
        // The new version's generation hands off to rendering as the first one did.
        await completeGeneration(deps, 'g2', progress(id, { status: 'generating_content', contentVersion: 2, generatedContent: plainContent('New.', '## New') }));
        expect(deps.jobs.rendered).toEqual([expect.objectContaining({ projectId: id, contentVersion: 2 })]);
      });

      it('should make no version for a title, a description or a value that did not change', async () => {
        const id = await completed({ branding: { company_name: 'Acme', logo_url: '', website: '' } });
        const view = await updateProject(deps, owner, id, {
          title: 'Renamed',
          description: 'Now described',
          fontStyle: 'modern',
          burnSubtitles: false,
          branding: { website: '', companyName: 'Acme', logoUrl: '' },
          generatedSlides: '## One',
        });
        expect(view).toMatchObject({ title: 'Renamed', content_version: 1, status: 'completed', needs_regeneration: false });
        expect([deps.jobs.generated, deps.jobs.rendered]).toEqual([[], []]);
      });

      it('should keep burn_subtitles through edits, render each change under a new key and turn it off again', async () => {
        const id = await completed();
        const before = renderKeyOf(deps.projects.rows.get(id)!, null);
        expect(await updateProject(deps, owner, id, { burnSubtitles: true })).toMatchObject({ burn_subtitles: true, content_version: 2 });
        expect(await updateProject(deps, owner, id, { title: 'Renamed' })).toMatchObject({ burn_subtitles: true, content_version: 2 });
        expect(await updateProject(deps, owner, id, { burnSubtitles: false })).toMatchObject({ burn_subtitles: false, content_version: 3 });
        const keys = deps.jobs.rendered.map((j) => j.renderKey);
        expect(new Set([before, ...keys]).size).toBe(3);
        expect(deps.jobs.rendered.map((j) => j.contentVersion)).toEqual([2, 3]);
        const refused = await failure(updateProject(deps, owner, id, { burnSubtitles: 1 as unknown as boolean }));
        expect(refused.detail).toEqual({ field: 'burn_subtitles' });
      });

      it('should key a project without burn-in as before the setting existed', async () => {
        const row = deps.projects.rows.get(await completed())!;
        const { burn_subtitles: _, ...before } = row;
        expect(renderKeyOf(row, null)).toBe(renderKeyOf(before as typeof row, null));
        expect(renderKeyOf({ ...row, burn_subtitles: true }, null)).not.toBe(renderKeyOf(row, null));
      });

      it('should keep hand-edited content over a source edit of the same request', async () => {
        const id = await completed();
        const view = await updateProject(deps, owner, id, { scriptContent: '## Other', generatedSlides: SLIDES });
        expect(view).toMatchObject({ content_version: 2, script_content: '## Other', generation_version: null });
        expect(deps.jobs.generated).toEqual([]);
        expect(deps.jobs.rendered.map((j) => j.contentVersion)).toEqual([2]);
      });

      it('should let a settings edit ride along with the generation under way', async () => {
        const id = await stored({ status: 'generating_content' });
        expect(await updateProject(deps, owner, id, { fontStyle: 'classic' })).toMatchObject({ content_version: 2, generation_version: 1, status: 'generating_content' });
        expect([deps.jobs.generated, deps.jobs.rendered]).toEqual([[], []]);
        await completeGeneration(deps, 'g1', progress(id, { status: 'generating_content', contentVersion: 1, generatedContent: plainContent('S.', '## S') }));
        const row = deps.projects.rows.get(id)!;
        expect(row).toMatchObject({ status: 'creating_slides', generation_version: null, font_style: 'classic' });
        expect(deps.jobs.rendered).toEqual([{ projectId: id, renderKey: renderKeyOf(row, null), contentVersion: 2, plan: ACTIVE_TRIAL }]);
      });

      it('should generate again when a settings edit finds the generation failed', async () => {
        const id = await stored({ status: 'failed' });
        expect(await updateProject(deps, owner, id, { imageStyle: 'abstract' })).toMatchObject({ content_version: 2, generation_version: 2, status: 'pending' });
        expect(deps.jobs.generated).toEqual([{ projectId: id, contentVersion: 2, plan: ACTIVE_TRIAL }]);
      });

      it('should decide again on the fresh project when a pipeline event changed it meanwhile', async () => {
        const id = await stored({ status: 'generating_content' });
        const write = deps.projects.updateIfUnchanged.bind(deps.projects);
        let raced = false;
        deps.projects.updateIfUnchanged = async (...args) => {
          if (!raced) {
            raced = true;
            await completeGeneration(deps, 'g1', progress(id, { status: 'generating_content', contentVersion: 1, generatedContent: plainContent('S.', '## S') }));
          }
          return write(...args);
        };
        await updateProject(deps, owner, id, { fontStyle: 'classic' });
        // The generation finished first: the settings edit now needs a render of its own.
        expect(deps.jobs.rendered.map((j) => j.contentVersion)).toEqual([1, 2]);
        expect(deps.projects.rows.get(id)).toMatchObject({ content_version: 2, status: 'pending' });
      });

      it('should refuse a new version once the trial is over, but still save a rename', async () => {
        const expired = randomUUID();
        const expiredCompany = randomUUID();
        deps.memberships.join(expired, { companyId: expiredCompany, ownerTrialState: 'expired' });
        const id = await storeProject(deps.projects, newProject(expiredCompany, expired, { status: 'completed', generatedContent: plainContent('S.', '## S') }));
        expect((await failure(updateProject(deps, expired, id, { generatedSlides: SLIDES }))).code).toBe('TRIAL_ENDED');
        expect(await updateProject(deps, expired, id, { title: 'Renamed' })).toMatchObject({ title: 'Renamed', content_version: 1 });
        expect(deps.jobs.rendered).toEqual([]);
      });

      describe('a translation made the content (set-primary-language)', () => {
        const SPANISH = { primaryLanguage: 'es', title: 'Seguridad', scriptContent: '## Antes de empezar\nRevisa las horquillas.' };

        it('should refuse it when computed from an older content version, writing nothing', async () => {
          const id = await completed();
          await updateProject(deps, owner, id, { fontStyle: 'classic' });
          const before = structuredClone(deps.projects.rows.get(id)!);
          const refused = await failure(updateProject(deps, owner, id, { ...SPANISH, expectedContentVersion: 1 }));
          expect([refused.code, refused.message]).toEqual(['CONFLICT', CONTENT_CHANGED]);
          expect(deps.projects.rows.get(id)).toEqual(before);
          expect(deps.projects.outbox.filter((e) => e.subject === 'project.updated')).toHaveLength(1);
          expect(deps.jobs.rendered.map((j) => j.contentVersion)).toEqual([2]);
          expect(await updateProject(deps, owner, id, { ...SPANISH, expectedContentVersion: 2 })).toMatchObject({ primary_language: 'es', title: 'Seguridad', content_version: 3 });
        });

        it('should refuse it when another version is committed between its read and its write', async () => {
          const id = await completed();
          const write = deps.projects.updateIfUnchanged.bind(deps.projects);
          let raced = false;
          deps.projects.updateIfUnchanged = async (...args) => {
            if (!raced) {
              raced = true;
              await updateProject(deps, owner, id, { scriptContent: '## Edited meanwhile' });
            }
            return write(...args);
          };
          expect((await failure(updateProject(deps, owner, id, { ...SPANISH, expectedContentVersion: 1 }))).code).toBe('CONFLICT');
          expect(deps.projects.rows.get(id)).toMatchObject({ primary_language: 'en', script_content: '## Edited meanwhile', content_version: 2 });
        });

        it('should render it, never generate it, when the project has no generated content', async () => {
          const id = await stored({ status: 'failed' });
          const view = await updateProject(deps, owner, id, { ...SPANISH, expectedContentVersion: 1 });
          expect(view).toMatchObject({ primary_language: 'es', script_content: SPANISH.scriptContent, content_version: 2, generation_version: null, status: 'pending' });
          expect(deps.jobs.generated).toEqual([]);
          expect(deps.jobs.rendered.map((j) => j.contentVersion)).toEqual([2]);
        });
      });
    });
  });

  describe(applyPipelineEvent.name, () => {
    it('should apply an event id once', async () => {
      const id = await stored();
      expect(await applyPipelineEvent(deps, 'e1', progress(id))).toBe(true);
      await applyPipelineEvent(deps, 'e2', progress(id, { status: 'generating_content', stage: 'generating_content', percent: 10 }));
      expect(await applyPipelineEvent(deps, 'e1', progress(id, { percent: 90 }))).toBe(false);
      const row = deps.projects.rows.get(id)!;
      expect(row.status).toBe('generating_content');
      expect(row.progress).toEqual({ analyzing: 40, generating_content: 10 });
      expect(deps.projects.outbox.filter((e) => e.subject === 'project.status_changed')).toHaveLength(2);
    });

    it('should not move the status against the machine', async () => {
      const id = await stored({ status: 'completed' });
      await applyPipelineEvent(deps, 'late', progress(id));
      expect(deps.projects.rows.get(id)!.status).toBe('completed');
      expect(deps.projects.outbox).toEqual([]);
    });

    it("should ignore the events of a job an edit made stale, but record the files it finished", async () => {
      const id = await stored({ status: 'creating_video', generatedContent: plainContent('S.', '## S') });
      await updateProject(deps, owner, id, { scriptContent: '## Edited' });
      const outbox = deps.projects.outbox.length;
      await applyPipelineEvent(deps, 'r1', progress(id, { source: 'render', status: 'creating_video', stage: 'creating_video', percent: 90, contentVersion: 1 }));
      await applyPipelineEvent(deps, 'g1', progress(id, { status: 'generating_content', stage: 'generating_content', percent: 50, contentVersion: 1 }));
      await applyPipelineEvent(deps, 'r2', progress(id, { source: 'render', status: 'completed', stage: 'completed', percent: 100, contentVersion: 1 }));
      expect(await getProject(deps, owner, id)).toMatchObject({ status: 'pending', progress: {}, content_version: 2, files_version: 1, needs_regeneration: true });
      expect(deps.projects.outbox).toHaveLength(outbox);
      // The new version's own events move it on.
      await applyPipelineEvent(deps, 'g2', progress(id, { contentVersion: 2 }));
      expect(deps.projects.rows.get(id)!.status).toBe('analyzing');
    });

    it("should complete the current version: its files are served and it needs nothing more", async () => {
      const id = await stored({ status: 'completed', generatedContent: plainContent('S.', '## S') });
      await applyPipelineEvent(deps, 'r0', progress(id, { source: 'render', status: 'completed', stage: 'completed', contentVersion: 1 }));
      expect(deps.projects.rows.get(id)).toMatchObject({ status: 'completed', files_version: 1 });
      await updateProject(deps, owner, id, { generatedSlides: '## Edited' });
      await applyPipelineEvent(deps, 'r1', progress(id, { source: 'render', status: 'creating_slides', stage: 'creating_slides', percent: 0, contentVersion: 2 }));
      expect(await getProject(deps, owner, id)).toMatchObject({ status: 'creating_slides', files_version: 1, needs_regeneration: true });
      await applyPipelineEvent(deps, 'r2', progress(id, { source: 'render', status: 'completed', stage: 'completed', percent: 100, contentVersion: 2 }));
      expect(await getProject(deps, owner, id)).toMatchObject({ status: 'completed', content_version: 2, files_version: 2, needs_regeneration: false });
    });
  });

  describe(completeGeneration.name, () => {
    it('should store the content, move to creating_slides and enqueue one render keyed by the content', async () => {
      const id = await stored({ status: 'generating_content' });
      const content = plainContent('Welcome.', '## Welcome');
      const completed = progress(id, { status: 'generating_content', stage: 'generating_content', percent: 60, generatedContent: content });
      await completeGeneration(deps, 'g1', completed);
      await completeGeneration(deps, 'g1', completed);
      const row = deps.projects.rows.get(id)!;
      expect(row).toMatchObject({ status: 'creating_slides', generated_content: content, progress: { generating_content: 100 }, generation_version: null });
      // The redelivered event applies nothing new; its render job id is the same, so it dedupes.
      expect(deps.jobs.rendered).toEqual([
        { projectId: id, renderKey: renderKeyOf(row, null), contentVersion: 1, plan: ACTIVE_TRIAL },
        { projectId: id, renderKey: renderKeyOf(row, null), contentVersion: 1, plan: ACTIVE_TRIAL },
      ]);
    });

    it("should read the owner's plan as it is now, by the company, once per render job created", async () => {
      const id = await stored({ status: 'generating_content' });
      // The owner upgraded after the generation job was created.
      Object.assign((await deps.memberships.companiesOf(owner)).companies[0]!, { ownerTier: 'business', ownerTrialState: 'active' });
      deps.memberships.reads.length = 0;
      await completeGeneration(deps, 'g1', progress(id, { status: 'generating_content', generatedContent: plainContent('S.', '## S') }));
      expect(deps.memberships.reads).toEqual([`plan ${company}`]);
      expect(deps.jobs.rendered.map((j) => j.plan)).toEqual([{ tier: 'business', trialState: 'active' }]);
    });

    it('should not hand a project without content to rendering', async () => {
      const id = await stored({ status: 'generating_content' });
      await completeGeneration(deps, 'g1', progress(id, { status: 'generating_content' }));
      expect(deps.jobs.rendered).toEqual([]);
    });
  });

  describe(createWelcomeSample.name, () => {
    const registration = () => ({ eventId: 'registered-1', redelivered: false, userId: owner, companyId: company });

    it('should create the sample once, rendering (completed by its render), and hand it to rendering', async () => {
      expect(await createWelcomeSample(deps, registration())).toBe('created');
      expect(await createWelcomeSample(deps, registration())).toBe('repeated');
      const samples = [...deps.projects.rows.values()];
      expect(samples).toHaveLength(1);
      expect(samples[0]).toMatchObject({ title: SAMPLE_TITLE, status: 'creating_slides', is_sample: true, branding: { company_name: 'Acme' } });
      expect(deps.jobs.rendered).toEqual([{ projectId: samples[0]!.id, renderKey: expect.any(String), contentVersion: 1, plan: ACTIVE_TRIAL }]);
      expect(deps.projects.outbox.map((e) => e.subject)).toEqual(['project.created']);
      expect(deps.writes).toBe(2);
    });

    it('should hand the existing sample to rendering again on a redelivery', async () => {
      await createWelcomeSample(deps, registration());
      expect(await createWelcomeSample(deps, { ...registration(), redelivered: true })).toBe('repeated');
      const [sample] = [...deps.projects.rows.values()];
      expect(deps.projects.rows.size).toBe(1);
      expect(deps.jobs.rendered.map((j) => j.projectId)).toEqual([sample!.id, sample!.id]);
      expect(new Set(deps.jobs.rendered.map((j) => j.renderKey)).size).toBe(1);
    });

    it('should not count the sample against the plan', async () => {
      await createWelcomeSample(deps, registration());
      for (let i = 0; i < 3; i += 1) await createProject(deps, owner, SCRIPT);
      expect((await listProjects(deps, owner, {})).total).toBe(4);
    });
  });

  describe(deleteProject.name, () => {
    it("should delete the project and return its files' storage keys", async () => {
      const upload = await deps.projects.insertFile({ companyId: company, kind: 'script', filename: 'a.txt', size: 3, contentType: 'text/plain', storageKey: `companies/${company}/a.txt`, createdBy: owner });
      const { id } = await createProject(deps, owner, { ...SCRIPT, inputMethod: 'file', scriptContent: '', fileIds: [upload] });
      expect(await deleteProject(deps, owner, id)).toEqual([`companies/${company}/a.txt`]);
      expect(deps.projects.rows.has(id)).toBe(false);
      expect(deps.projects.outbox.map((e) => e.subject)).toEqual(['project.created', 'project.deleted']);
    });

    it('should answer FORBIDDEN to a viewer and keep the project', async () => {
      const id = await stored();
      const viewer = randomUUID();
      deps.memberships.join(viewer, { companyId: company, role: 'viewer', ownerUserId: owner });
      expect((await failure(deleteProject(deps, viewer, id))).code).toBe('FORBIDDEN');
      expect(deps.projects.rows.has(id)).toBe(true);
    });
  });

  describe(deleteAccountData.name, () => {
    it('should delete every project the account owns as a deletion would, and name their files', async () => {
      const upload = await deps.projects.insertFile({ companyId: company, kind: 'script', filename: 'a.txt', size: 3, contentType: 'text/plain', storageKey: 'k/a', createdBy: owner });
      await createProject(deps, owner, { ...SCRIPT, inputMethod: 'file', scriptContent: '', fileIds: [upload] });
      await createWelcomeSample(deps, { eventId: 'e1', redelivered: false, userId: owner, companyId: company });
      const someoneElse = await storeProject(deps.projects, newProject(randomUUID(), randomUUID()));
      deps.projects.outbox.length = 0;
      expect(await deleteAccountData(deps, { userId: owner, companyIds: [company] })).toEqual(['k/a']);
      expect([...deps.projects.rows.keys()]).toEqual([someoneElse]);
      expect(deps.projects.outbox.map((e) => e.subject)).toEqual(['project.deleted', 'project.deleted']);
      expect(await deleteAccountData(deps, { userId: owner, companyIds: [company] })).toEqual([]);
    });
  });

  describe(generationInput.name, () => {
    it('should resolve a built-in template and key the render by it', async () => {
      const id = await stored({ templateId: 'business-employee-onboarding', generatedContent: plainContent('S', '## S') });
      const input = await generationInput(deps, id);
      const template = getBuiltinTemplate('business-employee-onboarding')!;
      expect(input.template).toEqual(template);
      expect(input.renderKey).toBe(renderKeyOf(deps.projects.rows.get(id)!, template));
      expect(input).toMatchObject({ ownerUserId: owner, sourceProject: null });
    });

    it("should read nothing from auth: the job carries the owner's plan", async () => {
      const id = await stored({ generatedContent: plainContent('S', '## S') });
      deps.memberships.reads.length = 0;
      await generationInput(deps, id);
      expect(deps.memberships.reads).toEqual([]);
    });

    it("should resolve the company's own template", async () => {
      const document = { ...getBuiltinTemplate('business-employee-onboarding')!, name: 'Ours' } as unknown as Record<string, unknown>;
      const templateId = await deps.projects.insertCustomTemplate(company, owner, document);
      const id = await stored({ templateId });
      expect((await generationInput(deps, id)).template).toMatchObject({ id: templateId, name: 'Ours', builtIn: false });
    });

    it('should answer NOT_FOUND for an id that is not a project', async () => {
      expect((await failure(generationInput(deps, 'not-a-uuid'))).code).toBe('NOT_FOUND');
      expect((await failure(generationInput(deps, randomUUID()))).code).toBe('NOT_FOUND');
    });
  });
});
