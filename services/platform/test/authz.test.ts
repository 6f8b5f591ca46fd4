import type { Role } from '@trainwright/catalogue';
import { Authoriser, type MembershipSource } from '../src/authz.js';

// A membership table in memory stands in for the auth service: this tests the decision only.
class Table implements MembershipSource {
  constructor(private readonly rows: Record<string, Role>) {}
  async roleOf(userId: string, companyId: string) {
    return this.rows[`${userId}/${companyId}`] ?? null;
  }
}

describe(Authoriser.name, () => {
  const authoriser = new Authoriser(new Table({ 'ann/acme': 'owner', 'bob/acme': 'viewer', 'cy/acme': 'editor' }));

  it('should allow a role its actions and return the role', async () => {
    await expect(authoriser.require('ann', 'acme', 'company.update')).resolves.toBe('owner');
    await expect(authoriser.require('cy', 'acme', 'project.create')).resolves.toBe('editor');
  });

  it('should answer FORBIDDEN to a member whose role lacks the action', async () => {
    await expect(authoriser.require('bob', 'acme', 'project.create')).rejects.toMatchObject({ code: 'FORBIDDEN', status: 403 });
    await expect(authoriser.require('cy', 'acme', 'company.update')).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });

  it('should answer NOT_FOUND to a non-member, so the resource is not revealed', async () => {
    await expect(authoriser.require('eve', 'acme', 'project.read')).rejects.toMatchObject({ code: 'NOT_FOUND', status: 404 });
    await expect(authoriser.require('ann', '', 'project.read')).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('should decide from a role the caller already holds', () => {
    expect(Authoriser.decide('editor', 'project.update')).toBe('editor');
    expect(() => Authoriser.decide('viewer', 'project.update')).toThrow(expect.objectContaining({ code: 'FORBIDDEN' }));
    expect(() => Authoriser.decide(undefined, 'project.read', 'Project not found')).toThrow('Project not found');
  });

  it('should refuse a call without a user', async () => {
    await expect(authoriser.require('', 'acme', 'project.read')).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
  });
});
