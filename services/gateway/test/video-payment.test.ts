// Pay-per-use narrated video through the gateway, with the real billing, media-render and project
// services: the documents of an mp4 project render while its video waits for payment; the
// estimate comes from the narration; a card payment (the local test checkout) or video credits
// release the render, which then downloads; bad input and other companies' projects are refused.
import { NARRATED_SCRIPT as SCRIPT, call, eventually, payForVideo, register, type Account } from './accounts.js';
import { sharedHarness, type Harness } from './harness.js';

let h: Harness;

beforeAll(async () => {
  h = await sharedHarness();
}, 60_000);

async function videoProject(who: Account, title = 'Forklift Video') {
  const res = await call(h, 'POST', '/api/projects', who, { title, project_type: 'script_to_slides', script_content: SCRIPT, visual_format: 'mp4' });
  expect(res.statusCode).toBe(201);
  const id = res.json().id as string;
  return eventually(async () => {
    const p = (await call(h, 'GET', `/api/projects/${id}`, who)).json();
    return p.status === 'completed' && p.video_status === 'payment_required' ? p : p.status === 'failed' ? Promise.reject(new Error(p.error)) : undefined;
  }, 60_000);
}

const download = (who: Account, id: string, format: string) => fetch(`${h.baseUrl}/api/projects/${id}/download/${format}`, { headers: who.auth });

const downloadIn = (who: Account, id: string, format: string, language: string) => fetch(`${h.baseUrl}/api/projects/${id}/download/${format}?language=${language}`, { headers: who.auth });

async function translated(who: Account, id: string, language: string) {
  return eventually(async () => {
    const t = (await call(h, 'GET', `/api/projects/${id}/translations`, who)).json().translations.find((x: { target_language: string }) => x.target_language === language);
    if (t?.status === 'failed') throw new Error(t.error);
    return t?.status === 'completed' ? t : undefined;
  }, 60_000);
}

describe("a translation's narrated video", () => {
  it('should be paid on its own: the English payment leaves the Spanish video 402, its own payment through the local checkout makes it download', async () => {
    const me = await register(h, 'Tess Translate', 'professional');
    const project = await videoProject(me, 'Translated Video');
    await payForVideo(h, me, project.id);
    expect((await call(h, 'POST', `/api/projects/${project.id}/bulk-translate`, me, { target_languages: ['es'] })).statusCode).toBeLessThan(300);
    await translated(me, project.id, 'es');
    await eventually(async () => (await downloadIn(me, project.id, 'pdf', 'es')).status === 200, 60_000);
    const unpaid = await downloadIn(me, project.id, 'mp4', 'es');
    expect(unpaid.status).toBe(402);

    // The language is checked: a malformed one is 400, one without a completed translation 404.
    const bad = await call(h, 'POST', `/api/billing/video-estimate?project_id=${project.id}&language=xx`, me);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Unknown language: xx.');
    const none = await call(h, 'POST', `/api/billing/video-estimate?project_id=${project.id}&language=fr`, me);
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe('This project has no completed translation into French. Translate it first, then pay for its video.');
    const estimate = await call(h, 'POST', `/api/billing/video-estimate?project_id=${project.id}&language=es`, me);
    expect(estimate.statusCode).toBe(200);
    expect(estimate.json()).toMatchObject({ from_narration: true, rate_per_minute: 1 });

    const confirmed = await call(h, 'POST', '/api/billing/confirm', me, { project_id: project.id, billing_type: 'video_generation', estimated_duration_minutes: 1, format: 'mp4', language: 'es' });
    expect(confirmed.statusCode).toBe(200);
    const checkout = (await call(h, 'GET', `/api/billing/checkout/${confirmed.json().session_id}`, me)).json();
    expect(checkout.line_items[0].description).toMatch(/^Narrated video in Spanish: /);
    expect((await call(h, 'POST', `/api/billing/checkout/${confirmed.json().session_id}/pay`, me)).statusCode).toBe(200);
    const video = await eventually(async () => {
      const r = await downloadIn(me, project.id, 'mp4', 'es');
      return r.status === 200 ? r : undefined;
    }, 120_000);
    expect(video.headers.get('content-type')).toBe('video/mp4');
    const payments = (await call(h, 'GET', '/api/billing/payments', me)).json().payments;
    expect(payments.map((p: { language: string; kind: string }) => [p.kind, p.language]).sort()).toEqual([['video', ''], ['video', 'es']]);
    // Paid once: the same Spanish video of this version is not paid again.
    const again = await call(h, 'POST', '/api/billing/confirm', me, { project_id: project.id, billing_type: 'video_generation', estimated_duration_minutes: 1, format: 'mp4', language: 'es' });
    expect(again.statusCode).toBe(409);
  }, 300_000);
});

describe('pay-per-use narrated video', () => {
  it('should render documents at once, wait for payment, estimate from the narration and render once paid', async () => {
    const me = await register(h, 'Penny Pay', 'professional');
    const project = await videoProject(me);
    // Documents are ready; the video is not, and says so.
    expect((await download(me, project.id, 'pdf')).status).toBe(200);
    const unpaid = await download(me, project.id, 'mp4');
    expect(unpaid.status).toBe(402);
    expect(((await unpaid.json()) as { code: string }).code).toBe('PAYMENT_REQUIRED');

    const estimate = await call(h, 'POST', `/api/billing/video-estimate?project_id=${project.id}`, me);
    expect(estimate.statusCode).toBe(200);
    const e = estimate.json();
    expect(e).toMatchObject({ voice_enabled: true, from_narration: true, rate_per_minute: 1 });
    expect(e.slides_count).toBeGreaterThanOrEqual(2);
    expect(e.total_estimated_minutes).toBeGreaterThanOrEqual(1);
    expect(e.total_cost_cents).toBe(e.total_estimated_minutes * 100);
    expect(e.total_cost).toBe(e.total_estimated_minutes * 1);

    await payForVideo(h, me, project.id);
    const payments = (await call(h, 'GET', '/api/billing/payments', me)).json().payments;
    expect(payments[0]).toMatchObject({ kind: 'video', status: 'succeeded', amount_cents: e.total_cost_cents, project_id: project.id });
    const video = await download(me, project.id, 'mp4');
    expect(video.status).toBe(200);
    expect(video.headers.get('content-type')).toBe('video/mp4');
  }, 180_000);

  it('should pay from video credits when they cover the cost, and refuse when they do not', async () => {
    const me = await register(h, 'Cody Credits', 'professional');
    const project = await videoProject(me, 'Credits Video');
    const short = await call(h, 'POST', '/api/billing/confirm', me, { project_id: project.id, billing_type: 'video_generation', estimated_duration_minutes: 1, format: 'mp4', use_credits: true });
    expect(short.statusCode).toBe(400);

    const bought = (await call(h, 'POST', '/api/billing/credits', me, { credits: 4 })).json();
    await call(h, 'POST', `/api/billing/checkout/${bought.session_id}/pay`, me);
    const cost = (await call(h, 'POST', `/api/billing/video-estimate?project_id=${project.id}`, me)).json().total_cost_cents as number;
    const paid = await call(h, 'POST', '/api/billing/confirm', me, { project_id: project.id, billing_type: 'video_generation', estimated_duration_minutes: 1, format: 'mp4', use_credits: true });
    expect(paid.statusCode).toBe(200);
    expect(paid.json().checkout_url).toMatch(/\/billing-success\?session_id=/);
    expect((await call(h, 'GET', `/api/billing/status/${paid.json().session_id}`, me)).json()).toMatchObject({ payment_status: 'paid', purpose: 'video', project_id: project.id });
    expect((await call(h, 'GET', '/api/billing/subscription', me)).json().credit_balance_cents).toBe(1000 - cost);
    await eventually(async () => (await call(h, 'GET', `/api/projects/${project.id}`, me)).json().video_status === 'ready', 90_000);
    // Paid and rendered: a second payment for the same render is not taken while it is rendering,
    // and the rendered video downloads.
    expect((await download(me, project.id, 'mp4')).status).toBe(200);
  }, 180_000);

  it("should refuse another company's project, bad input, a return address elsewhere, and keep one session per double click", async () => {
    const me = await register(h, 'Ida Input', 'professional');
    const stranger = await register(h, 'Stu Stranger', 'professional');
    const project = await videoProject(me, 'Input Video');
    expect((await call(h, 'POST', `/api/billing/video-estimate?project_id=${project.id}`, stranger)).statusCode).toBe(404);
    const base = { project_id: project.id, billing_type: 'video_generation', estimated_duration_minutes: 1, format: 'mp4' };
    expect((await call(h, 'POST', '/api/billing/confirm', stranger, base)).statusCode).toBe(404);
    for (const body of [{ ...base, billing_type: 'free_video' }, { ...base, format: 'gif' }, { ...base, origin_url: 'https://evil.example.com' }]) {
      const r = await call(h, 'POST', '/api/billing/confirm', me, body);
      expect({ body, status: r.statusCode }).toEqual({ body, status: 400 });
    }
    const click = { ...me.auth, 'content-type': 'application/json', 'idempotency-key': 'video-click-1' };
    const [a, b] = await Promise.all(
      [1, 2].map(() => h.request({ method: 'POST', url: '/api/billing/confirm', payload: JSON.stringify(base), headers: click })),
    );
    expect(a!.statusCode).toBe(200);
    expect(a!.json().session_id).toBe(b!.json().session_id);
  }, 180_000);

  it('should not offer video to the trial, nor estimate a PowerPoint project', async () => {
    const trial = await register(h, 'Tara Trial');
    const res = await call(h, 'POST', '/api/projects', trial, { title: 'Slides only', project_type: 'script_to_slides', script_content: SCRIPT });
    const id = res.json().id as string;
    await eventually(async () => (await call(h, 'GET', `/api/projects/${id}`, trial)).json().status === 'completed', 60_000);
    const estimate = await call(h, 'POST', `/api/billing/video-estimate?project_id=${id}`, trial);
    expect([400, 403]).toContain(estimate.statusCode);
  }, 120_000);
});
