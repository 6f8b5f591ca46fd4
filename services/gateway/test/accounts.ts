// Accounts and calls for API tests: register through the gateway, call with the bearer token,
// and wait for what the pipeline does asynchronously.
import type { TierId } from '@trainwright/catalogue';
import { uniqueEmail, type Harness } from './harness.js';

export interface Account {
  id: string;
  companyId: string;
  email: string;
  auth: Record<string, string>;
}

export async function register(h: Harness, name = 'Pat Trainer', tier?: TierId): Promise<Account> {
  const email = uniqueEmail(name.split(' ')[0]!.toLowerCase());
  const res = await h.request({
    method: 'POST',
    url: '/api/auth/register',
    payload: JSON.stringify({ name, company: `${name} Co`, email, password: 'password1' }),
    headers: { 'content-type': 'application/json' },
  });
  if (res.statusCode !== 201) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
  const body = res.json();
  if (tier) await h.auth.core.accounts.setTier(email, tier);
  return { id: body.user.id, companyId: body.user.currentCompanyId, email, auth: { authorization: `Bearer ${body.token}` } };
}

export function call(h: Harness, method: string, url: string, who: Account, body?: unknown) {
  return h.request({
    method,
    url,
    payload: body === undefined ? undefined : JSON.stringify(body),
    headers: body === undefined ? who.auth : { ...who.auth, 'content-type': 'application/json' },
  });
}

export async function eventually<T>(check: () => Promise<T | undefined | false>, timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 50));
  }
}
