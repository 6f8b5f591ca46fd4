import type { Role } from '@trainwright/catalogue';
import { Access, type MembershipFacts, type MembershipLookup } from '../src/access.js';
import type { MembershipReadOptions } from '../src/memberships.js';

type Row = MembershipFacts & { companyId: string };

// A membership table in memory stands in for the auth service: this tests the decision only. It
// records whether each read asked for a fresh answer.
class Table implements MembershipLookup<Row> {
  readonly reads: Array<{ userId: string; fresh: boolean }> = [];
  constructor(private readonly rows: Record<string, { role: Role; capabilities?: string[] }>) {}
  async find(userId: string, companyId: string, options: MembershipReadOptions = {}) {
    this.reads.push({ userId, fresh: options.fresh === true });
    const row = this.rows[`${userId}/${companyId}`];
    return row ? { companyId, role: row.role, capabilities: row.capabilities ?? [] } : null;
  }
}

describe(Access.name, () => {
  const table = new Table({
    'ann/acme': { role: 'owner', capabilities: ['scormCompliance'] },
    'bob/acme': { role: 'viewer' },
    'cy/acme': { role: 'editor' },
    'di/acme': { role: 'commenter' },
  });
  const access = new Access(table);

  it("should allow a role its actions and return the caller's membership", async () => {
    await expect(access.require({ userId: 'ann', companyId: 'acme', action: 'company.update' })).resolves.toEqual({ companyId: 'acme', role: 'owner', capabilities: ['scormCompliance'] });
    await expect(access.require({ userId: 'cy', companyId: 'acme', action: 'project.create' })).resolves.toMatchObject({ role: 'editor' });
    await expect(access.require({ userId: 'cy', companyId: 'acme', action: 'voice.create' })).resolves.toMatchObject({ role: 'editor' });
  });

  it('should answer FORBIDDEN to a member whose role lacks the action', async () => {
    await expect(access.require({ userId: 'bob', companyId: 'acme', action: 'project.create' })).rejects.toMatchObject({ code: 'FORBIDDEN', status: 403 });
    await expect(access.require({ userId: 'cy', companyId: 'acme', action: 'company.update' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(access.require({ userId: 'bob', companyId: 'acme', action: 'voice.create' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(access.require({ userId: 'di', companyId: 'acme', action: 'voice.create' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });

  it('should answer NOT_FOUND, with the message given, to a non-member, so the resource is not revealed', async () => {
    await expect(access.require({ userId: 'eve', companyId: 'acme', action: 'project.read' })).rejects.toMatchObject({ code: 'NOT_FOUND', status: 404 });
    await expect(access.require({ userId: 'ann', companyId: '', action: 'project.read', notFoundMessage: 'Project not found' })).rejects.toThrow('Project not found');
  });

  it("should refuse a capability the company's plan lacks, once the role allows the action", async () => {
    await expect(access.require({ userId: 'ann', companyId: 'acme', action: 'scorm.export', capability: 'scormCompliance' })).resolves.toMatchObject({ role: 'owner' });
    await expect(access.require({ userId: 'cy', companyId: 'acme', action: 'scorm.export', capability: 'scormCompliance' })).rejects.toMatchObject({
      code: 'FEATURE_NOT_AVAILABLE',
      message: expect.stringContaining('Enterprise plan or higher'),
    });
    // A stranger learns nothing about the plan: NOT_FOUND comes first.
    await expect(access.require({ userId: 'eve', companyId: 'acme', action: 'scorm.export', capability: 'scormCompliance' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('should read memberships afresh for every action but a read, unless told', async () => {
    table.reads.length = 0;
    await access.require({ userId: 'cy', companyId: 'acme', action: 'project.read' });
    await access.require({ userId: 'cy', companyId: 'acme', action: 'project.update' });
    await access.require({ userId: 'cy', companyId: 'acme', action: 'project.read', fresh: true });
    expect(table.reads.map((r) => r.fresh)).toEqual([false, true, true]);
  });

  it('should decide from a role the caller already holds', () => {
    expect(Access.decide('editor', 'project.update')).toBe('editor');
    expect(() => Access.decide('viewer', 'project.update')).toThrow(expect.objectContaining({ code: 'FORBIDDEN' }));
    expect(() => Access.decide(undefined, 'project.read', 'Project not found')).toThrow('Project not found');
  });

  it('should keep, of a list of the caller\'s companies, those whose role allows the action', () => {
    const companies = [{ id: 'a', role: 'viewer' as const }, { id: 'b', role: 'editor' as const }, { id: 'c', role: 'owner' as const }];
    expect(Access.among(companies, 'project.read').map((c) => c.id)).toEqual(['a', 'b', 'c']);
    expect(Access.among(companies, 'project.update').map((c) => c.id)).toEqual(['b', 'c']);
    expect(Access.among(companies, 'company.update').map((c) => c.id)).toEqual(['c']);
  });

  it('should refuse a call without a user', async () => {
    await expect(access.require({ userId: '', companyId: 'acme', action: 'project.read' })).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
  });
});
