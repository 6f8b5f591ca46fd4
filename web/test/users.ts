// The signed-in user the screens' tests render with: a Professional Owner of company c1, with
// the capabilities (and any other field) a test gives.
import type { User } from '../app/lib/types.js';

export function testUser(overrides: Partial<User> = {}): User {
  return {
    id: 'u1',
    email: 'ada@example.com',
    name: 'Ada',
    company: 'Acme',
    bio: '',
    currentCompanyId: 'c1',
    notifications: { projectUpdates: true, marketingEmails: false, systemAlerts: true },
    subscription: { tier: 'professional', plan: 'Professional', projectsUsed: 1, createdAt: '2025-01-01T00:00:00Z', limits: { companyLimit: 1 } },
    capabilities: { videoGeneration: true },
    created_at: '2025-01-01T00:00:00Z',
    ...overrides,
  };
}
