// The trial lifecycle on the server, through the real gateway and services: after the 7 active
// days nothing new is generated (grace period, then expired), and once the retention has passed
// the account's projects and files are deleted.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { purgeExpiredTrials } from '@trainwright/auth';
import { call as callAs, eventually, register, setTier, type Account } from './accounts.js';
import { sharedHarness, type Harness } from './harness.js';

let h: Harness;

beforeAll(async () => {
  h = await sharedHarness();
});

const call = (method: string, url: string, who: Account, body?: unknown) => callAs(h, method, url, who, body);
const DAY_MS = 86_400_000;

async function trialStartedDaysAgo(who: Account, days: number) {
  await h.auth.core.db.updateTable('subscriptions').set({ trial_started_at: new Date(Date.now() - days * DAY_MS) }).where('user_id', '=', who.id).execute();
}

const SCRIPT = { title: 'Forklift Safety', project_type: 'script_to_slides', script_content: '## Welcome\n- Why safety matters' };

describe('trial lifecycle', () => {
  it('should refuse new projects in the grace period and after expiry, with the trial messages', async () => {
    const who = await register(h, 'Grace Trainer');
    expect((await call('POST', '/api/projects', who, SCRIPT)).statusCode).toBe(201);

    await trialStartedDaysAgo(who, 8);
    const status = (await call('GET', '/api/trial-status', who)).json();
    expect(status).toMatchObject({ status: 'grace_period', days_remaining: 6 });
    expect(status.message).toMatch(/files will be deleted/);
    const grace = await call('POST', '/api/projects', who, SCRIPT);
    expect(grace.statusCode).toBe(403);
    expect(grace.json()).toMatchObject({ code: 'TRIAL_ENDED', message: 'Your free trial has ended. Upgrade to continue creating training content.' });
    const generator = await call('POST', '/api/ai-content-generator/projects', who, { project_name: 'Topic', generator_type: 'topic_to_content', request_data: { topic: 'Fire safety' } });
    expect(generator.statusCode).toBe(403);
    expect(generator.json().code).toBe('TRIAL_ENDED');

    await trialStartedDaysAgo(who, 20);
    const expired = await call('POST', '/api/projects', who, SCRIPT);
    expect(expired.statusCode).toBe(403);
    expect(expired.json().message).toBe('Your free trial has expired. Upgrade to continue creating training content.');
    // Reading what exists stays possible until the data is deleted.
    expect((await call('GET', '/api/projects', who)).statusCode).toBe(200);
  });

  it('should let an account that was granted a plan generate again', async () => {
    const who = await register(h, 'Upgraded Trainer');
    await trialStartedDaysAgo(who, 20);
    expect((await call('POST', '/api/projects', who, SCRIPT)).statusCode).toBe(403);
    await setTier(h, who, 'professional');
    expect((await call('POST', '/api/projects', who, SCRIPT)).statusCode).toBe(201);
  });

  it('should delete the projects and files of a trial whose retention has passed, and of nobody else', async () => {
    const expired = await register(h, 'Gone Trainer');
    const kept = await register(h, 'Kept Trainer');
    const upload = await h.request({
      method: 'POST',
      url: '/api/uploads',
      payload: ['--b', 'Content-Disposition: form-data; name="kind"', '', 'script', '--b', 'Content-Disposition: form-data; name="file"; filename="s.txt"', 'Content-Type: text/plain', '', 'Hello trainers', '--b--', ''].join('\r\n'),
      headers: { ...expired.auth, 'content-type': 'multipart/form-data; boundary=b' },
    });
    expect(upload.statusCode).toBe(201);
    const { id: fileId } = upload.json();
    const mine = (await call('POST', '/api/projects', expired, { ...SCRIPT, input_method: 'file', script_content: '', file_ids: [fileId] })).json().id as string;
    const theirs = (await call('POST', '/api/projects', kept, SCRIPT)).json().id as string;
    const companyDir = join(h.storageDir, 'companies', expired.companyId);
    expect(readdirSync(join(companyDir, 'uploads'))).toHaveLength(1);

    await trialStartedDaysAgo(expired, 15);
    expect(await purgeExpiredTrials(h.auth.core.deps)).toBeGreaterThanOrEqual(1);
    await eventually(async () => (await call('GET', `/api/projects/${mine}`, expired)).statusCode === 404, 10_000);
    await eventually(async () => !existsSync(join(companyDir, 'uploads')) || readdirSync(join(companyDir, 'uploads')).length === 0, 10_000);
    const left = (await call('GET', '/api/projects', expired)).json();
    expect(left.total).toBe(0);
    expect((await call('GET', `/api/projects/${theirs}`, kept)).statusCode).toBe(200);
    expect(await purgeExpiredTrials(h.auth.core.deps)).toBe(0);
  });
});
