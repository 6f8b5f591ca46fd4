// A real HTTP server on 127.0.0.1 that answers like the gateway for the routes the page loaders
// call: sessions with rotating refresh tokens (a refresh token works once, as in the auth service),
// the project list, companies, trial status, profile, templates, shared links and published interactive videos. Tests read
// what it received.
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { INTEGRATION_CATALOGUE, INTEGRATION_MESSAGES } from '@trainwright/catalogue';
import type { User } from '../../app/lib/types';
import { projectFixture } from './project.fixture.js';

export const USER: User = {
  id: 'u-1',
  email: 'ada@example.com',
  name: 'Ada Trainer',
  company: 'Acme Learning',
  bio: '',
  currentCompanyId: 'c-1',
  role: 'owner',
  notifications: { projectUpdates: true, marketingEmails: false, systemAlerts: true },
  subscription: { tier: 'professional', plan: 'Professional', projectsUsed: 1, createdAt: '2025-01-01T00:00:00.000Z', limits: { companyLimit: 1 } },
  capabilities: { videoGeneration: true },
  created_at: '2025-01-01T00:00:00.000Z',
};

export const PROJECT_TITLE = 'Fire Safety Basics';

/** A Business plan's Owner: the integration hub is theirs (`signIn(BUSINESS_OWNER)`). */
export const BUSINESS_OWNER: User = {
  ...USER,
  id: 'u-2',
  subscription: { ...USER.subscription, tier: 'business', plan: 'Business' },
  capabilities: { ...USER.capabilities, analytics: true, integrationHub: true },
};

/** The Business Owner's integrations (GET /api/integrations/user/u-2): each status is read on its own. */
function integrationFixture(id: string, type: 'slack' | 'zapier', over: Record<string, unknown> = {}) {
  return {
    id,
    company_id: 'c-1',
    integration_id: type,
    integration_type: type,
    name: type === 'slack' ? 'Slack' : 'Zapier',
    status: 'pending',
    status_reason: '',
    status_message_id: '',
    status_params: [],
    configuration: type === 'slack' ? { webhook_url: '••••k3Yz', channel: '#training' } : { webhook_url: '••••9aBc', api_key: '••••wxyz' },
    created_at: '2026-12-05T08:00:00.000Z',
    last_delivery_at: null,
    last_delivery_status: '',
    signed: type === 'zapier',
    ...over,
  };
}
const INTEGRATIONS = [
  integrationFixture('i-paused', 'slack', { status: 'connected' }),
  integrationFixture('i-unread', 'slack', { status: 'connected' }),
  integrationFixture('i-odd', 'zapier'),
];
/** What each one's own status read answers (i-unread's fails). */
const INTEGRATION_STATUSES: Record<string, object> = {
  'i-paused': {
    id: 'i-paused',
    status: 'error',
    status_reason: INTEGRATION_MESSAGES.receiverGone,
    status_message_id: 'integrations.receiverGone',
    status_params: [],
    last_delivery_at: '2026-12-05T09:00:00.000Z',
    last_delivery_status: 'abandoned',
  },
  'i-odd': { id: 'i-odd', status: 'paused', status_reason: '', status_message_id: '', status_params: [], last_delivery_at: null, last_delivery_status: '' },
};
/** The catalogue as the gateway answers it: Zapier and Slack can be set up. */
const INTEGRATION_CATALOGUE_JSON = INTEGRATION_CATALOGUE.map((e) => ({
  id: e.id,
  name: e.name,
  description: e.description,
  category: e.category,
  features: e.features,
  required_fields: e.required.map((f) => ({ name: f.name, label: f.label, secret: f.secret, max_length: f.maxLength })),
  optional_fields: e.optional.map((f) => ({ name: f.name, label: f.label, secret: f.secret, max_length: f.maxLength })),
  help: e.help,
  available: e.id === 'zapier' || e.id === 'slack',
}));

/** What a paid plan's upgrade charges now (POST /api/billing/change-plan/preview). */
export const UPGRADE_CHARGE_CENTS = 16998;

const SUBSCRIPTION = {
  tier: 'professional',
  interval: 'month',
  status: 'active',
  current_period_start: '2025-01-01T00:00:00.000Z',
  current_period_end: '2025-02-01T00:00:00.000Z',
  cancel_at_period_end: false,
  scheduled_tier: '',
  add_ons: [],
  credit_balance_cents: 500,
  effective_tier: 'professional',
  provider: 'local',
  grace_ends_at: null,
};

/** A title POST /api/projects refuses (400 VALIDATION_FAILED naming `title`). */
export const REFUSED_TITLE = 'Taken Title';

const project = projectFixture({
  id: 'p-1',
  title: PROJECT_TITLE,
  description: 'Where the exits are',
  status: 'completed',
  quality_score: 91,
  created_at: '2025-01-02T00:00:00.000Z',
  updated_at: '2025-01-02T00:00:00.000Z',
  company_id: 'c-1',
  company_name: 'Acme Learning',
  progress: { analyzing: 100, generating_content: 100, creating_slides: 100, generating_documents: 100, creating_video: 0 },
  needs_regeneration: false,
  can_edit: true,
  can_delete: true,
});

export interface Received {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  /** The request's body as sent (empty for a GET). */
  body: string;
}

const SET = 'Max-Age=900; Path=/; HttpOnly; SameSite=Strict';

function cookiesOf(headers: IncomingHttpHeaders): Record<string, string> {
  return Object.fromEntries(
    (headers.cookie ?? '')
      .split(';')
      .map((p) => p.trim().split('='))
      .filter((p) => p.length === 2) as [string, string][],
  );
}

export class FakeGateway {
  readonly received: Received[] = [];
  private server: Server | null = null;
  private readonly accessTokens = new Set<string>();
  private readonly refreshTokens = new Set<string>();
  /** Whose session an access token is (USER when not named). */
  private readonly users = new Map<string, User>();
  private minted = 0;
  url = '';

  /** A signed-in browser's cookies: a valid access token and a refresh token (unused so far); `user`'s session (USER by default). */
  signIn(user?: User): { access: string; refresh: string } {
    this.minted += 1;
    const pair = { access: `at-${this.minted}`, refresh: `rt-${this.minted}` };
    this.accessTokens.add(pair.access);
    if (user) this.users.set(pair.access, user);
    this.refreshTokens.add(pair.refresh);
    return pair;
  }

  /** How many times POST /api/auth/refresh was called. */
  get refreshes(): number {
    return this.received.filter((r) => r.url === '/api/auth/refresh').length;
  }

  calls(prefix: string): Received[] {
    return this.received.filter((r) => r.url.startsWith(prefix));
  }

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      let body = '';
      req.setEncoding('utf8');
      req.on('data', (chunk: string) => (body += chunk));
      req.on('end', () => this.answer(req, res, body));
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  private answer(req: IncomingMessage, res: ServerResponse, body: string): void {
    this.received.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
    const cookies = cookiesOf(req.headers);
    const access = cookies.tw_at;
    const send = (status: number, body: unknown, headers: Record<string, string | string[]> = {}) => {
      res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
      res.end(JSON.stringify(body));
    };
    const path = (req.url ?? '').split('?')[0] ?? '';

    if (path === '/api/auth/refresh' && req.method === 'POST') {
      const token = cookies.tw_rt ?? '';
      if (!this.refreshTokens.delete(token)) {
        send(401, { code: 'UNAUTHENTICATED', message: 'Authentication failed. Please log in again.' }, {
          'set-cookie': ['tw_at=; Max-Age=0; Path=/', 'tw_rt=; Max-Age=0; Path=/', 'tw_rt=; Max-Age=0; Path=/api/auth'],
        });
        return;
      }
      const next = this.signIn();
      // Like the gateway: the new pair, then the refresh cookie's old path cleared.
      send(200, { token: next.access, refresh_token: next.refresh, expires_in: 900, user: USER }, {
        'set-cookie': [`tw_at=${next.access}; ${SET}`, `tw_rt=${next.refresh}; ${SET}`, 'tw_rt=; Max-Age=0; Path=/api/auth'],
      });
      return;
    }
    if (path.startsWith('/api/interactive/')) {
      if (path === '/api/interactive/good') {
        send(200, {
          title: 'Forklift Walkaround',
          version: 1,
          video_metadata: { project_id: 'p1', video_duration: 30, hotspots: [], quizzes: [], call_to_actions: [], chapters: [], branching_scenarios: [], analytics_enabled: true, completion_threshold: 85 },
          video_url: '/api/interactive/good/video',
          captions_url: null,
          branch_targets: {},
        });
      } else send(404, { code: 'NOT_FOUND', message: 'Interactive video not found' });
      return;
    }
    if (path.startsWith('/api/shared/')) {
      if (path === '/api/shared/good') send(200, { ...project, slide_content: '# Fire Safety Basics', script: null });
      else send(404, { code: 'NOT_FOUND', message: 'This link is no longer available.' });
      return;
    }
    if (access === 'slow') {
      // Answers long after any loader's time limit.
      const timer = setTimeout(() => send(200, USER), 5000);
      res.on('close', () => clearTimeout(timer));
      return;
    }
    if (access === 'unavailable') {
      send(503, { code: 'UNAVAILABLE', message: 'Server error. Please try again later.' });
      return;
    }
    if (!access || !this.accessTokens.has(access)) {
      send(401, { code: access ? 'TOKEN_EXPIRED' : 'UNAUTHENTICATED', message: 'Authentication failed. Please log in again.' });
      return;
    }
    const integration = /^\/api\/integrations\/([\w-]+)\/(status|test)$/.exec(path);
    if (path === '/api/auth/me') send(200, this.users.get(access) ?? USER);
    else if (path === '/api/integrations/catalogue') send(200, { integrations: INTEGRATION_CATALOGUE_JSON });
    else if (path === `/api/integrations/user/${BUSINESS_OWNER.id}`) send(200, { integrations: INTEGRATIONS });
    else if (integration?.[2] === 'status') {
      const status = INTEGRATION_STATUSES[integration[1]!];
      if (status) send(200, status);
      else send(500, { code: 'INTERNAL', message: 'Server error. Please try again later.' });
    } else if (integration?.[2] === 'test' && req.method === 'POST') {
      const tested = INTEGRATIONS.find((i) => i.id === integration[1]);
      if (!tested) send(404, { code: 'NOT_FOUND', message: INTEGRATION_MESSAGES.notFound, message_id: 'integrations.notFound', params: [] });
      else send(200, { success: false, error: 'The receiver answered HTTP 500.', delivery: { id: 'd-1', integration_id: tested.id, event: 'integration.test', event_id: 'test-1', status: 'abandoned', attempts: 1, next_attempt_at: null, created_at: '2026-12-05T10:00:00.000Z', attempt_log: [] }, integration: { ...tested, status: 'error' } });
    } else if (path === '/api/integrations/setup' && req.method === 'POST') {
      const posted = JSON.parse(body || '{}') as { integration_type?: string; configuration?: Record<string, string> };
      const missing = (INTEGRATION_CATALOGUE.find((e) => e.id === posted.integration_type)?.required ?? []).map((f) => f.name).filter((name) => !posted.configuration?.[name]);
      if (missing.length > 0) send(400, { code: 'VALIDATION_FAILED', message: INTEGRATION_MESSAGES.missingFields(missing.join(', ')), message_id: 'integrations.missingFields', params: [missing.join(', ')], detail: { field: missing[0], fields: missing } });
      else send(201, { success: true, integration: integrationFixture('i-new', posted.integration_type === 'zapier' ? 'zapier' : 'slack'), ...(posted.integration_type === 'zapier' ? { signing_secret: 'whsec_dGVzdHNlY3JldHRlc3RzZWNyZXQ=' } : {}) });
    } else if (path === '/api/projects' && req.method === 'POST') {
      // A title the fake refuses as the project service would, naming the field.
      const posted = JSON.parse(body || '{}') as { title?: string };
      if (posted.title === REFUSED_TITLE) send(400, { code: 'VALIDATION_FAILED', message: 'A project with this title already exists', detail: { field: 'title' } });
      else send(201, { id: 'p-new', title: posted.title });
    }
    else if (path === '/api/projects')
      send(200, {
        projects: [project],
        total: 1,
        page: 1,
        page_size: 20,
        stats: { total: 1, this_month: 1, completed: 1, in_progress: 0, failed: 0, success_rate: 100 },
      });
    else if (path === '/api/companies')
      send(200, {
        companies: [
          { id: 'c-1', name: 'Acme Learning', website: null, logo_url: null, subscription_tier: 'professional', current_users: 1, max_users: 1, current_projects: 1, created_at: '2025-01-01T00:00:00.000Z', role: 'owner' },
        ],
        current_company_id: 'c-1',
        company_limit: 1,
        owned_count: 1,
      });
    else if (path === '/api/trial-status')
      send(200, { is_trial: false, status: 'active', message: '', days_remaining: null, days_used: 0, trial_days: 0, warning: false, ends_at: null, grace_ends_at: null, video_credits: 0 });
    else if (path === '/api/profile')
      send(200, {
        name: USER.name,
        email: USER.email,
        company_name: USER.company,
        bio: 'Writes fire drills',
        notifications: USER.notifications,
        account: { tier: 'professional', plan: 'Professional', projects_used: 1, project_limit: 25, member_since: '2025-01-01T00:00:00.000Z' },
      });
    else if (path === '/api/templates')
      send(200, {
        templates: [
          {
            id: 'evacuation-drill',
            name: 'Evacuation Drill',
            title: 'Evacuation Drill',
            category: 'safety',
            difficulty: 'beginner',
            duration: '15 min',
            slides: 8,
            features: ['Checklists'],
            colorScheme: { primary: '#1d4ed8', secondary: '#1e40af', accent: '#f59e0b', background: '#ffffff', text: '#111827' },
            layout: 'standard',
            fontStyle: 'modern',
            content: { title: 'Evacuation Drill', sections: ['Exits'] },
            available: true,
            preview_image: 'data:image/svg+xml,%3Csvg%3E%3C/svg%3E',
          },
        ],
        total: 1,
        categories: { safety: 1 },
      });
    else if (path === '/api/billing/change-plan/preview' && req.method === 'POST')
      send(200, { kind: 'upgrade', amount_cents: UPGRADE_CHARGE_CENTS, currency: 'usd', proration_date: 1_800_000_000, effective_at: null });
    else if (path === '/api/auth/upgrade' && req.method === 'POST') {
      // Like billing: an amount that is not the one charged now changes nothing (409).
      const posted = JSON.parse(body || '{}') as { tier?: string; confirm_amount_cents?: number };
      if (posted.confirm_amount_cents !== UPGRADE_CHARGE_CENTS) send(409, { code: 'CONFLICT', message: 'The amount to pay has changed. Please confirm the new amount.' });
      else send(200, { checkout_url: null, session_id: null, subscription: { ...SUBSCRIPTION, tier: posted.tier }, user: USER });
    } else if (path === '/api/billing/cancel' && req.method === 'POST')
      send(200, { ...SUBSCRIPTION, cancel_at_period_end: (JSON.parse(body || '{}') as { cancel_at_period_end?: boolean }).cancel_at_period_end === true });
    else if (path === '/api/billing/subscription') send(200, SUBSCRIPTION);
    else if (path === '/api/billing/usage')
      send(200, {
        usage: [
          { key: 'projects', used: 1, limit: 25 },
          { key: 'storage', used: 1536 * 1024 * 1024, limit: 10 * 1024 * 1024 * 1024 },
          { key: 'downloads', used: 2, limit: -1 },
        ],
      });
    else if (path === '/api/billing/payments')
      send(200, {
        payments: [
          {
            id: 'pay-1',
            kind: 'subscription',
            description: 'Professional plan (monthly)',
            description_code: 'subscription',
            credits: 0,
            amount_cents: 2900,
            currency: 'usd',
            status: 'succeeded',
            created_at: '2025-01-01T00:00:00.000Z',
            invoice_url: 'https://example.com/invoice/1',
            project_id: null,
          },
        ],
      });
    else if (path === '/api/broken') send(500, { code: 'INTERNAL', message: 'Server error. Please try again later.' });
    else send(404, { code: 'NOT_FOUND', message: 'The requested resource was not found.' });
  }

  /** Stops listening: the port then refuses connections, as a gateway that is down. */
  async stop(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = null;
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}

/** An address where nothing listens (a server that was started and stopped). */
export async function deadAddress(): Promise<string> {
  const gateway = new FakeGateway();
  await gateway.start();
  await gateway.stop();
  return gateway.url;
}
