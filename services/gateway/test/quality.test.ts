// AI quality scoring, apply-improvements and the Enhanced AI Dashboard's services through the
// real gateway, generator worker, project service and auth service.
import { AI_SERVICE_TYPES, ANALYSIS_TYPES, QUALITY_DIMENSIONS } from '@trainwright/catalogue';
import { call, eventually, register, type Account } from './accounts.js';
import { sharedHarness, type Harness } from './harness.js';

let h: Harness;
beforeAll(async () => {
  // Every quality call answered one after another on a 2-core machine once missed the product's
  // 4 s budget: the shared stack gives the budgets room (SHARED_SETTINGS).
  h = await sharedHarness();
}, 60_000);

// A deck with measurable problems: dense slides, no notes, a placeholder, a repeated sentence.
const POOR_SLIDES = [
  '## Fire safety',
  '**Content:**',
  '- A fire needs heat, fuel and oxygen to burn',
  '- Removing one of the three puts the fire out',
  '- A water extinguisher is used on paper and wood fires',
  '- A carbon dioxide extinguisher is used on electrical fires',
  '- Foam extinguishers are used on burning liquids',
  '- Powder extinguishers are used on gas fires',
  '- Fire blankets smother small pan fires',
  '- TODO add the building plan',
  '## Evacuation',
  '**Content:**',
  '- The assembly point is the north car park',
  '- The assembly point is the north car park',
  '- In todays fast-paced world, we must leverage robust evacuation procedures to seamlessly leave the building in order to utilize the exits',
].join('\n');

async function completedProject(who: Account, slides = POOR_SLIDES): Promise<string> {
  const res = await call(h, 'POST', '/api/projects', who, { title: 'Fire Safety', project_type: 'slides_to_script', slides_content: slides });
  expect(res.statusCode).toBe(201);
  const id = res.json().id as string;
  await eventually(async () => (await call(h, 'GET', `/api/projects/${id}`, who)).json().status === 'completed', 20_000);
  return id;
}

async function assess(who: Account, id: string, body: Record<string, unknown> = {}) {
  return call(h, 'POST', `/api/projects/${id}/quality-assessment`, who, { desired_atmosphere: 'professional', target_audience: 'new staff', focus_areas: null, notes: '', ...body });
}

describe('POST /api/projects/{id}/quality-assessment', () => {
  it('should answer premium_required on plans without AI agents', async () => {
    const pro = await register(h, 'Pia Pro', 'professional');
    const id = await completedProject(pro);
    const res = await assess(pro, id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ premium_required: true, assessment: null });
  });

  it('should score the six dimensions from the content, the same content the same way', async () => {
    const me = await register(h, 'Quincy Quality', 'business');
    const id = await completedProject(me);
    const first = await assess(me, id);
    expect(first.statusCode).toBe(200);
    const a = first.json().assessment;
    expect(first.json().premium_required).toBe(false);
    expect(Object.keys(a.dimension_scores).sort()).toEqual([...QUALITY_DIMENSIONS].sort());
    for (const score of Object.values(a.dimension_scores) as number[]) {
      expect(score).toBeGreaterThanOrEqual(0);
      expect(score).toBeLessThanOrEqual(100);
    }
    expect(a.quality_grade).toMatch(/^[A-F]$/);
    expect(a.recommendations.length).toBeGreaterThan(0);
    for (const r of a.recommendations) expect(r).toMatchObject({ id: expect.any(String), action: expect.any(String), priority: expect.stringMatching(/^(high|medium|low)$/) });
    const second = (await assess(me, id)).json().assessment;
    expect(second.id).not.toBe(a.id);
    expect(second.dimension_scores).toEqual(a.dimension_scores);
    expect(second.overall_score).toBe(a.overall_score);
  });

  it('should validate the request and hide other companies’ projects', async () => {
    const me = await register(h, 'Val Valid', 'business');
    const id = await completedProject(me);
    expect((await assess(me, id, { desired_atmosphere: 'gloomy' })).statusCode).toBe(400);
    expect((await assess(me, id, { focus_areas: ['sparkle'] })).statusCode).toBe(400);
    const stranger = await register(h, 'Sly Stranger', 'business');
    expect((await assess(stranger, id)).statusCode).toBe(404);
  });
});

describe('POST /api/projects/{id}/apply-improvements', () => {
  it('should refuse an empty selection with the specification message', async () => {
    const me = await register(h, 'Ed Empty', 'business');
    const id = await completedProject(me);
    const a = (await assess(me, id)).json().assessment;
    const res = await call(h, 'POST', `/api/projects/${id}/apply-improvements`, me, { assessment_id: a.id, selected_recommendations: [], preserve_original: true });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Please select at least one recommendation to apply.');
    const unknown = await call(h, 'POST', `/api/projects/${id}/apply-improvements`, me, { assessment_id: a.id, selected_recommendations: ['make-it-magic'] });
    expect(unknown.statusCode).toBe(400);
  });

  it('should create an enhanced version that scores higher and keep the original', async () => {
    const me = await register(h, 'Ike Improve', 'business');
    const id = await completedProject(me);
    const original = (await call(h, 'GET', `/api/projects/${id}`, me)).json();
    const a = (await assess(me, id)).json().assessment;
    const selected = a.recommendations.map((r: { id: string }) => r.id);
    const res = await call(h, 'POST', `/api/projects/${id}/apply-improvements`, me, {
      assessment_id: a.id,
      selected_recommendations: selected,
      user_modifications: { [selected[0]]: 'Mention the fire marshal by name.' },
      preserve_original: true,
      improvement_notes: 'For the March induction',
    });
    expect(res.statusCode).toBe(202);
    expect(res.json().message).toBe('Quality improvements are being applied! A new enhanced version will be created while preserving your original.');
    const enhancedId = res.json().project_id as string;
    expect(enhancedId).not.toBe(id);
    const enhanced = await eventually(async () => {
      const p = (await call(h, 'GET', `/api/projects/${enhancedId}`, me)).json();
      return ['completed', 'failed'].includes(p.status) ? p : undefined;
    }, 20_000);
    expect(enhanced.status).toBe('completed');
    expect(enhanced.title).toBe('Fire Safety (Enhanced)');
    expect(enhanced.derived_from_project_id).toBe(id);
    expect(enhanced.quality_score).toBeGreaterThan(a.overall_score);
    expect(JSON.stringify(enhanced.generated_content)).toContain('Mention the fire marshal by name.');
    const after = (await call(h, 'GET', `/api/projects/${id}`, me)).json();
    expect(after.generated_content).toEqual(original.generated_content);
    // Scoring the enhanced version through the API agrees with the score the job stored.
    const rescored = (await assess(me, enhancedId)).json().assessment;
    expect(rescored.overall_score).toBeGreaterThan(a.overall_score);
  });
});

describe('the Enhanced AI Dashboard services', () => {
  it('should refuse plans without AI agents with the specification message', async () => {
    const pro = await register(h, 'Nell Noagents', 'professional');
    const id = await completedProject(pro);
    const res = await call(h, 'POST', '/api/ai-services/initialize', pro, { service_type: 'quality_optimizer', project_id: id });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Enhanced AI Agents is a Premium feature available in Professional plans and above.');
  });

  it('should run every service and every analysis type on a project', async () => {
    const me = await register(h, 'Ada Agents', 'business');
    const id = await completedProject(me);
    for (const service of AI_SERVICE_TYPES) {
      const res = await call(h, 'POST', '/api/ai-services/initialize', me, { service_type: service, project_id: id });
      expect({ service, status: res.statusCode }).toEqual({ service, status: 200 });
      const body = res.json();
      expect(body.score).toBeGreaterThanOrEqual(0);
      expect(body.score).toBeLessThanOrEqual(100);
      expect(Array.isArray(body.recommendations)).toBe(true);
      expect(Object.keys(body.insights).length).toBeGreaterThan(0);
    }
    for (const analysis of ANALYSIS_TYPES) {
      const res = await call(h, 'POST', '/api/ai-services/analyze', me, { analysis_type: analysis, project_id: id, parameters: {} });
      expect({ analysis, status: res.statusCode }).toEqual({ analysis, status: 200 });
      expect(res.json()).toMatchObject({ analysis_type: analysis, project_id: id, score: expect.any(Number) });
    }
    expect((await call(h, 'POST', '/api/ai-services/analyze', me, { analysis_type: 'horoscope', project_id: id })).statusCode).toBe(400);
    expect((await call(h, 'POST', '/api/ai-services/initialize', me, { service_type: 'oracle', project_id: id })).statusCode).toBe(400);
    // A generation and eleven calls in a row, each in a fresh worker thread, beside another test
    // file's stack on two cores: 8 s alone (20 s, and past 30 s once in a full run, while each
    // call's worker loaded the whole engine).
  }, 60_000);
});
