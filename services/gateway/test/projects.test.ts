// API tests of projects, templates, share links and live events through the real gateway, with
// the real auth and project services and real PostgreSQL, Redis and NATS.
import { randomUUID } from 'node:crypto';
import { GeneratedContent } from '@trainwright/proto/trainwright/content/v1/content';
import { PipelineProgress } from '@trainwright/proto/trainwright/events/v1/events';
import { addMember, call as callAs, eventually, openEventStream, register as registerAccount, setTier, type Account } from './accounts.js';
import { STACK_START_MS, startHarness, type Harness } from './harness.js';

let h: Harness;

beforeAll(async () => {
  // A stack of its own: these tests drive the status machine with their own pipeline events, so no
  // generator worker runs.
  h = await startHarness('projects', { RATE_LIMIT_LOGIN_MAX: '1000', RATE_LIMIT_REGISTER_MAX: '1000', GENERATE_WORKER: 'false' });
}, STACK_START_MS);
afterAll(async () => {
  await h?.close();
});

const register = (name = 'Pat Trainer') => registerAccount(h, name);
const call = (method: string, url: string, who: Account, body?: unknown) => callAs(h, method, url, who, body);

const script = '## Welcome\n**Content:**\n- Why safety matters\n**Speaker Notes:**\nHello and welcome.';

async function createProject(who: Account, overrides: Record<string, unknown> = {}) {
  const res = await call('POST', '/api/projects', who, { title: 'Forklift Safety', project_type: 'script_to_slides', script_content: script, ...overrides });
  expect(res.statusCode).toBe(201);
  return res.json() as { id: string; title: string };
}

async function publishPipeline(projectId: string, status: string, percent: number, id = randomUUID()) {
  const subject = status === 'completed' ? 'render.completed' : status === 'failed' ? 'generation.failed' : 'generation.progress';
  await h.bus.publish(
    subject,
    PipelineProgress.encode({ projectId, status, stage: status, percent, error: status === 'failed' ? 'The model did not answer' : '', occurredAt: new Date().toISOString() }).finish(),
    id,
  );
}

/** The account's project list once its welcome sample is completed (its render made its files). */
function sampleCompleted(who: Account) {
  return eventually(async () => {
    const body = (await call('GET', '/api/projects', who)).json();
    return body.total === 1 && body.projects[0].status === 'completed' ? body : undefined;
  }, 30_000);
}

describe('POST /api/projects', () => {
  it('should create a pending project in the current company and enqueue its generation', async () => {
    const me = await register();
    const created = await createProject(me, { description: 'For warehouse staff', template_id: 'business-employee-onboarding', font_style: 'classic' });
    expect(created.title).toBe('Forklift Safety');
    const project = (await call('GET', `/api/projects/${created.id}`, me)).json();
    expect(project).toMatchObject({
      status: 'pending',
      company_id: me.companyId,
      company_name: 'Pat Trainer Co',
      project_type: 'script_to_slides',
      script_content: script,
      template_id: 'business-employee-onboarding',
      font_style: 'classic',
      image_style: 'professional',
      visual_format: 'powerpoint',
      document_format: 'pdf',
      branding: { company_name: 'Pat Trainer Co', logo_url: '', website: '' },
      can_edit: true,
    });
    const job = await h.project.queue['queue'].getJob(`${created.id}-generate-1`);
    expect(job?.data).toEqual({ projectId: created.id, contentVersion: '1', plan: { tier: 'free-trial', trialState: 'active_trial' } });
  });

  it.each([
    [{ title: '   ' }, 'title', 'Project title is required'],
    [{ script_content: '' }, 'script_content', 'Script content is required'],
    [{ project_type: 'software_analysis', software_details: '' }, 'software_details', 'Software details are required for software analysis'],
    [{ project_type: 'slides_to_script' }, 'slides_content', 'Please upload your slides'],
    [{ input_method: 'file' }, 'file_ids', 'Please upload a script file'],
    [{ title: 'x'.repeat(201) }, 'title', 'title must be at most 200 characters'],
    [{ title: 'bell\u0007' }, 'title', 'title must not contain control characters'],
    [{ font_style: 'comic' }, 'font_style', 'font_style must be one of modern, classic, professional, creative, minimal'],
  ])('should reject bad form #%# with the message', async (override, field, message) => {
    const me = await register();
    const res = await call('POST', '/api/projects', me, { title: 'T', project_type: 'script_to_slides', script_content: script, ...override });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', message, detail: { field } });
  });

  it('should reject a title of 10,000 characters at the gateway', async () => {
    const me = await register();
    const res = await call('POST', '/api/projects', me, { title: 'x'.repeat(10_001), script_content: script });
    expect(res.statusCode).toBe(400);
  });

  it("should enforce the plan's project limit, not counting the welcome sample", async () => {
    const me = await register();
    for (let i = 0; i < 3; i++) await createProject(me, { title: `P${i}` });
    const res = await call('POST', '/api/projects', me, { title: 'Fourth', script_content: script });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ code: 'PLAN_LIMIT_REACHED', message: 'Your Free Trial plan allows only 3 projects. Upgrade to create more.' });
  });

  it('should refuse video on a plan without it, and a template beyond the plan', async () => {
    const me = await register();
    expect((await call('POST', '/api/projects', me, { title: 'V', script_content: script, visual_format: 'mp4' })).statusCode).toBe(403);
    const templates = (await call('GET', '/api/templates', me)).json().templates as Array<{ id: string; available: boolean }>;
    const locked = templates.find((t) => !t.available)!;
    const res = await call('POST', '/api/projects', me, { title: 'T', script_content: script, template_id: locked.id });
    expect(res.statusCode).toBe(403);
  });

  it('should keep HTML as text', async () => {
    const me = await register();
    const { id } = await createProject(me, { title: '<img src=x onerror=alert(1)>', description: '<script>alert(1)</script>' });
    const project = (await call('GET', `/api/projects/${id}`, me)).json();
    expect(project.title).toBe('<img src=x onerror=alert(1)>');
    expect(project.description).toBe('<script>alert(1)</script>');
  });
});

describe('GET /api/projects', () => {
  it('should start every account with the Welcome Training sample, completed once its files are rendered', async () => {
    const me = await register();
    const list = await sampleCompleted(me);
    expect(list.projects[0]).toMatchObject({ title: 'Welcome Training', status: 'completed', company_id: me.companyId, has_content: true });
    // List items leave the long texts out; the project itself has them.
    for (const long of ['script_content', 'slides_content', 'generated_content', 'software_details', 'ai_instructions', 'request_data']) {
      expect(list.projects[0]).not.toHaveProperty(long);
    }
    const sample = (await call('GET', `/api/projects/${list.projects[0].id}`, me)).json();
    expect(sample).toMatchObject({ has_content: true });
    expect(sample.generated_content.slides.slide_content).toContain('## Welcome to Trainwright');
  });

  it('should list newest first with search, filters, paging and stable stats', async () => {
    const me = await register();
    await sampleCompleted(me);
    await setTier(h, me, 'business');
    const a = await createProject(me, { title: 'Ladder safety' });
    const b = await createProject(me, { title: 'Customer service 101', project_type: 'software_analysis', software_details: 'CRM' });
    const c = await createProject(me, { title: 'Ladder inspection', description: 'Monthly checks' });
    await publishPipeline(a.id, 'failed', 0);
    await eventually(async () => (await call('GET', `/api/projects/${a.id}`, me)).json().status === 'failed');

    const all = (await call('GET', '/api/projects', me)).json();
    expect(all.projects.map((p: { id: string }) => p.id).slice(0, 3)).toEqual([c.id, b.id, a.id]);
    expect(all.stats).toMatchObject({ total: 4, this_month: 4, completed: 1, failed: 1, in_progress: 0, success_rate: 50 });

    const search = (await call('GET', '/api/projects?search=ladder', me)).json();
    expect(search.projects.map((p: { id: string }) => p.id)).toEqual([c.id, a.id]);
    expect(search.stats.total).toBe(4);
    expect((await call('GET', '/api/projects?search=monthly%20checks', me)).json().total).toBe(1);
    expect((await call('GET', '/api/projects?search=%25', me)).json().total).toBe(0);
    expect((await call('GET', '/api/projects?status=failed', me)).json().projects[0].id).toBe(a.id);
    expect((await call('GET', '/api/projects?project_type=software_analysis', me)).json().projects[0].id).toBe(b.id);
    const page2 = (await call('GET', '/api/projects?page=2&page_size=3', me)).json();
    expect(page2).toMatchObject({ total: 4, page: 2, page_size: 3 });
    expect(page2.projects).toHaveLength(1);
    expect((await call('GET', '/api/projects?status=bogus', me)).statusCode).toBe(400);
  });

  it("should never show another account's projects", async () => {
    const me = await register();
    const other = await register('Other');
    const theirs = await createProject(other, { title: 'Secret plans' });
    expect((await call('GET', '/api/projects?search=secret', me)).json().total).toBe(0);
    expect((await call('GET', `/api/projects?company_id=${other.companyId}`, me)).json().total).toBe(0);
    for (const [method, url, body] of [
      ['GET', `/api/projects/${theirs.id}`, undefined],
      ['PATCH', `/api/projects/${theirs.id}`, { title: 'Mine now' }],
      ['DELETE', `/api/projects/${theirs.id}`, undefined],
      ['POST', `/api/projects/${theirs.id}/share`, undefined],
    ] as const) {
      const res = await call(method, url, me, body);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: 'NOT_FOUND', message: 'Project not found' });
    }
    expect((await call('GET', `/api/projects/${theirs.id}`, other)).json().title).toBe('Secret plans');
    expect((await call('GET', '/api/projects/not-a-uuid', me)).statusCode).toBe(404);
  });
});

describe('roles', () => {
  it('should let a Viewer or Commenter read but not create, edit or delete', async () => {
    const owner = await register('Owner');
    const { id } = await createProject(owner);
    for (const role of ['viewer', 'commenter'] as const) {
      const member = await register(role);
      await addMember(h, owner.companyId, member, role);
      const seen = await eventually(async () => {
        const res = await call('GET', `/api/projects/${id}`, member);
        return res.statusCode === 200 ? res.json() : undefined;
      });
      expect(seen.can_edit).toBe(false);
      expect((await call('POST', '/api/projects', member, { title: 'X', script_content: script, company_id: owner.companyId })).statusCode).toBe(403);
      expect((await call('PATCH', `/api/projects/${id}`, member, { title: 'Changed' })).statusCode).toBe(403);
      expect((await call('DELETE', `/api/projects/${id}`, member)).statusCode).toBe(403);
    }
    expect((await call('GET', `/api/projects/${id}`, owner)).json().title).toBe('Forklift Safety');
  });
});

describe('PATCH and DELETE /api/projects/{id}', () => {
  it('should persist edits and mark changed content for regeneration', async () => {
    const me = await register();
    const { id } = await createProject(me);
    const renamed = (await call('PATCH', `/api/projects/${id}`, me, { title: 'Forklift Safety 2' })).json();
    expect(renamed).toMatchObject({ title: 'Forklift Safety 2', needs_regeneration: false });
    const edited = (await call('PATCH', `/api/projects/${id}`, me, { script_content: '## New\n- point', branding: null })).json();
    expect(edited).toMatchObject({ script_content: '## New\n- point', needs_regeneration: true, branding: null });
    expect((await call('PATCH', `/api/projects/${id}`, me, { status: 'completed' })).statusCode).toBe(400);
    expect((await call('GET', `/api/projects/${id}`, me)).json().status).toBe('pending');
  });

  it('should keep burn_subtitles on a video project: POST sets it, PATCH toggles it as a new version, a non-boolean is a 400', async () => {
    const me = await registerAccount(h, 'Bea Burn', 'professional');
    const { id } = await createProject(me, { visual_format: 'mp4', burn_subtitles: true });
    expect((await call('GET', `/api/projects/${id}`, me)).json()).toMatchObject({ visual_format: 'mp4', burn_subtitles: true, content_version: 1 });
    const off = (await call('PATCH', `/api/projects/${id}`, me, { burn_subtitles: false })).json();
    expect(off).toMatchObject({ burn_subtitles: false, content_version: 2, needs_regeneration: true });
    // The same value again is no new version.
    expect((await call('PATCH', `/api/projects/${id}`, me, { burn_subtitles: false })).json()).toMatchObject({ burn_subtitles: false, content_version: 2 });
    expect((await call('PATCH', `/api/projects/${id}`, me, { burn_subtitles: true })).json()).toMatchObject({ burn_subtitles: true, content_version: 3 });
    const listed = (await call('GET', '/api/projects', me)).json().projects.find((p: { id: string }) => p.id === id);
    expect(listed).toMatchObject({ burn_subtitles: true });
    // Left out on create: false.
    const plain = await createProject(me, { title: 'No burn-in' });
    expect((await call('GET', `/api/projects/${plain.id}`, me)).json().burn_subtitles).toBe(false);
    for (const [method, url] of [['POST', '/api/projects'], ['PATCH', `/api/projects/${id}`]] as const) {
      const res = await call(method, url, me, { title: 'T', script_content: script, burn_subtitles: 'true' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: 'burn_subtitles must be a boolean', detail: { field: 'burn_subtitles' } });
    }
    expect((await call('GET', `/api/projects/${id}`, me)).json()).toMatchObject({ title: 'Forklift Safety', burn_subtitles: true, content_version: 3 });
  });

  it('should delete the project', async () => {
    const me = await register();
    const { id } = await createProject(me);
    expect((await call('DELETE', `/api/projects/${id}`, me)).statusCode).toBe(204);
    expect((await call('GET', `/api/projects/${id}`, me)).statusCode).toBe(404);
  });
});

describe('pipeline events', () => {
  it('should hand a generated project on to rendering: creating_slides and one render job', async () => {
    const me = await register();
    const { id } = await createProject(me);
    const content = { script: '[SCENE: Welcome]', slides: { slide_content: '## Welcome\n- Why safety matters' } };
    for (const eventId of [randomUUID(), randomUUID()]) {
      await h.bus.publish(
        'generation.completed',
        PipelineProgress.encode({ projectId: id, status: 'generating_content', stage: 'generating_content', percent: 100, error: '', generatedContent: GeneratedContent.fromJSON(content), occurredAt: new Date().toISOString() }).finish(),
        eventId,
      );
    }
    const project = await eventually(async () => {
      const p = (await call('GET', `/api/projects/${id}`, me)).json();
      return p.status === 'creating_slides' ? p : undefined;
    });
    expect(project.progress.generating_content).toBe(100);
    expect(project.generated_content.slides.slide_content).toContain('## Welcome');
    // Keyed by the content: the second completion (same content) adds no second job.
    // Every state a job passes through: the render worker may have run it already.
    const renderJobs = async () =>
      (await h.project.renderQueue['queue'].getJobs(['waiting', 'delayed', 'active', 'prioritized', 'completed', 'failed'])).filter(
        (j: { data: { projectId: string } }) => j.data.projectId === id,
      );
    const jobs = await eventually(async () => ((await renderJobs()).length > 0 ? renderJobs() : undefined));
    // Once every event published so far is handled, both completions have been.
    await eventually(async () => (await h.bus.backlog()) === 0);
    expect(await renderJobs()).toHaveLength(1);
    expect(jobs[0].id).toBe(`${id}-render-${jobs[0].data.renderKey}`);
  });

  it('should move the status along the machine only, once per event', async () => {
    const me = await register();
    const { id } = await createProject(me);
    const status = async () => (await call('GET', `/api/projects/${id}`, me)).json();
    await publishPipeline(id, 'analyzing', 40);
    await eventually(async () => (await status()).progress.analyzing === 40);
    expect((await status()).status).toBe('analyzing');
    // Backwards is refused; a redelivered event id changes nothing.
    await publishPipeline(id, 'pending', 0);
    const dup = randomUUID();
    await publishPipeline(id, 'generating_content', 10, dup);
    await eventually(async () => (await status()).status === 'generating_content');
    await publishPipeline(id, 'generating_content', 90, dup);
    await eventually(async () => (await h.bus.backlog()) === 0);
    expect((await status()).progress).toEqual({ analyzing: 40, generating_content: 10 });
  });
});

describe('GET /api/events', () => {
  it("should stream the caller's project status changes, and only theirs", async () => {
    const me = await register();
    const other = await register('Other');
    const mine = await createProject(me);
    const theirs = await createProject(other);
    const stream = await openEventStream(h, me);
    expect(stream.contentType).toContain('text/event-stream');
    await publishPipeline(theirs.id, 'analyzing', 20);
    await publishPipeline(mine.id, 'analyzing', 30);
    // Wait for the status event itself: the stream may also carry mine's project.created, whose
    // relay can come after the stream connected.
    const expected = `"project_id":"${mine.id}","status":"analyzing","progress":{"analyzing":30}`;
    await eventually(async () => stream.text().includes(expected));
    await stream.close();
    expect(stream.text()).toContain('event: project.status_changed');
    expect(stream.text()).toContain(expected);
    expect(stream.text()).not.toContain(theirs.id);
  });
});

describe('share links', () => {
  it('should share a read-only view without sign-in until revoked', async () => {
    const me = await register();
    const { id } = await createProject(me, { title: 'Shared course' });
    const link = (await call('POST', `/api/projects/${id}/share`, me)).json();
    expect(link.url).toBe(`http://localhost:3000/shared/${link.token}`);
    expect(link.token.length).toBeGreaterThanOrEqual(32);
    expect((await call('POST', `/api/projects/${id}/share`, me)).json().token).toBe(link.token);
    const shared = await h.request({ url: `/api/shared/${link.token}` });
    expect(shared.statusCode).toBe(200);
    expect(shared.json()).toMatchObject({ title: 'Shared course', script: script, company_name: 'Pat Trainer Co' });
    expect((await call('DELETE', `/api/projects/${id}/share`, me)).statusCode).toBe(204);
    const gone = await h.request({ url: `/api/shared/${link.token}` });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe('This link is no longer available.');
    expect((await h.request({ url: '/api/shared/guess' })).statusCode).toBe(404);
  });
});

describe('templates', () => {
  it('should list built-ins with availability by plan, filters and sorting', async () => {
    const me = await register();
    const all = (await call('GET', '/api/templates', me)).json();
    expect(all.total).toBe(49);
    expect(all.categories).toMatchObject({ Business: 5, Technology: 5, Design: 25, Healthcare: 3, Education: 2, Marketing: 3, 'Human Resources': 2, Manufacturing: 2, Creative: 2 });
    expect(all.templates.filter((t: { available: boolean }) => t.available)).toHaveLength(15);
    expect(all.templates[0].preview_image).toMatch(/^data:image\/svg\+xml/);
    // The built-ins' Spanish and French names and descriptions, for the web app's cards.
    expect(all.templates[0].translations).toMatchObject({ es: { name: 'Incorporación de empleados' }, fr: { name: 'Intégration des collaborateurs' } });
    const design = (await call('GET', '/api/templates?category=Design&sort=slides', me)).json().templates as Array<{ slides: number; category: string }>;
    expect(design).toHaveLength(25);
    expect(design.map((t) => t.slides)).toEqual([...design.map((t) => t.slides)].sort((x, y) => x - y));
    expect((await call('GET', '/api/templates?search=zzzz-nothing', me)).json().total).toBe(0);
  });

  it("should store a company's own template and offer it to that company only", async () => {
    const me = await register();
    const other = await register('Other');
    const body = {
      name: 'Zebra Onboarding Kit',
      category: 'Business',
      difficulty: 'Beginner',
      slides: 8,
      colorScheme: { primary: '#1d4ed8', secondary: '#1e40af', accent: '#f59e0b', background: '#ffffff', text: '#111827' },
      layout: 'title-content',
      content: { title: 'Welcome aboard', sections: ['Who we are', 'Your first week'] },
    };
    const created = await call('POST', '/api/templates', me, body);
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ name: 'Zebra Onboarding Kit', builtIn: false, available: true, duration: '15-30 min' });
    expect((await call('GET', '/api/templates?search=zebra', me)).json().total).toBe(1);
    expect((await call('GET', '/api/templates?search=zebra', other)).json().total).toBe(0);
    const bad = await call('POST', '/api/templates', me, { ...body, name: ' ', colorScheme: { ...body.colorScheme, primary: 'blue' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Template name is required');
    expect(bad.json().detail.issues.map((i: { field: string }) => i.field)).toContain('colorScheme.primary');
    const project = await createProject(me, { template_id: created.json().id });
    expect((await call('GET', `/api/projects/${project.id}`, me)).json().template_id).toBe(created.json().id);
  });
});

describe('projects used', () => {
  it('should count projects toward the plan (not the sample) and per company (with it)', async () => {
    const me = await register();
    const a = await createProject(me, { title: 'One' });
    await createProject(me, { title: 'Two' });
    const counts = async () => {
      const used = (await call('GET', '/api/auth/me', me)).json().subscription.projectsUsed as number;
      const company = (await call('GET', '/api/companies', me)).json().companies[0].current_projects as number;
      const profile = (await call('GET', '/api/profile', me)).json().account.projects_used as number;
      return { used, company, profile };
    };
    await eventually(async () => {
      const c = await counts();
      return c.used === 2 && c.company === 3 && c.profile === 2;
    });
    await call('DELETE', `/api/projects/${a.id}`, me);
    await eventually(async () => {
      const c = await counts();
      return c.used === 1 && c.company === 2;
    });
  });
});
