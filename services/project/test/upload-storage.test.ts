// prepareUpload's storage side: the plan's storage and the uploads of every company of the plan
// owner (not only those the caller belongs to), counted against it.
import { randomUUID } from 'node:crypto';
import { AppError } from '@trainwright/platform';
import { prepareUpload, registerUpload, storageUsage } from '../src/services/projects/uploads.js';
import { fakeProjectDeps } from './fakes/project-deps.fake.js';

function file(companyId: string, size: number) {
  return { companyId, kind: 'script', filename: 'a.txt', size, contentType: 'text/plain', storageKey: `companies/${companyId}/uploads/${randomUUID()}.txt`, createdBy: randomUUID() };
}

describe('prepareUpload storage', () => {
  it("should count the uploads of every company the plan owner owns, and no one else's", async () => {
    const deps = fakeProjectDeps();
    const owner = randomUUID();
    const member = randomUUID();
    const [first, second, foreign] = [randomUUID(), randomUUID(), randomUUID()];
    deps.memberships.join(owner, { companyId: first, ownerTier: 'business' });
    deps.memberships.join(owner, { companyId: second, ownerTier: 'business' });
    // The owner is also a member of someone else's company: its uploads are that owner's.
    deps.memberships.join(owner, { companyId: foreign, ownerUserId: randomUUID(), role: 'editor' });
    deps.memberships.join(member, { companyId: first, ownerUserId: owner, ownerTier: 'business', role: 'editor' });
    await deps.projects.insertFile(file(first, 1000));
    await deps.projects.insertFile(file(second, 500));
    await deps.projects.insertFile(file(foreign, 7000));

    const asOwner = await prepareUpload(deps, owner, first);
    expect(asOwner).toEqual({
      companyId: first,
      fileUploadLimitMB: 100,
      storageLimitBytes: 50 * 1024 ** 3,
      uploadedBytes: 1500,
      ownerCompanyIds: [first, second],
      ownerTier: 'business',
    });
    // A member who is not in the owner's second company still counts it.
    const asMember = await prepareUpload(deps, member, first);
    expect(asMember.uploadedBytes).toBe(1500);
    expect(asMember.ownerCompanyIds.sort()).toEqual([first, second].sort());
  });

  it('should give a free trial 1 GB and nothing used when there are no uploads', async () => {
    const deps = fakeProjectDeps();
    const owner = randomUUID();
    const company = randomUUID();
    deps.memberships.join(owner, { companyId: company });
    expect(await prepareUpload(deps, owner, '')).toMatchObject({ companyId: company, storageLimitBytes: 1024 ** 3, uploadedBytes: 0, ownerCompanyIds: [company] });
  });
});

describe('storageUsage', () => {
  it("should answer the caller's own plan's storage exactly as prepareUpload counts it", async () => {
    const deps = fakeProjectDeps();
    const owner = randomUUID();
    const [first, second, foreign] = [randomUUID(), randomUUID(), randomUUID()];
    // The owner works in someone else's company now: their usage is still their own plan's.
    deps.memberships.join(owner, { companyId: foreign, ownerUserId: randomUUID(), ownerTier: 'enterprise', role: 'editor' });
    deps.memberships.join(owner, { companyId: first, ownerTier: 'professional' });
    deps.memberships.join(owner, { companyId: second, ownerTier: 'professional' });
    await deps.projects.insertFile(file(first, 1000));
    await deps.projects.insertFile(file(second, 24));
    await deps.projects.insertFile(file(foreign, 7000));

    const usage = await storageUsage(deps, owner);
    expect(usage).toEqual({ storageLimitBytes: 10 * 1024 ** 3, uploadedBytes: 1024, ownerCompanyIds: [first, second], ownerTier: 'professional' });
    const { companyId: _c, fileUploadLimitMB: _f, ...target } = await prepareUpload(deps, owner, first);
    expect(target).toEqual(usage);
  });

  it('should give a new free trial 1 GB with nothing used, and NOT_FOUND to a user who owns no company', async () => {
    const deps = fakeProjectDeps();
    const owner = randomUUID();
    const company = randomUUID();
    deps.memberships.join(owner, { companyId: company });
    expect(await storageUsage(deps, owner)).toEqual({ storageLimitBytes: 1024 ** 3, uploadedBytes: 0, ownerCompanyIds: [company], ownerTier: 'free-trial' });
    const member = randomUUID();
    deps.memberships.join(member, { companyId: company, ownerUserId: owner, role: 'editor' });
    await expect(storageUsage(deps, member)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('registerUpload storage', () => {
  const upload = (companyId: string, size: number, uploadsLimitBytes?: number) => ({ ...file(companyId, size), uploadsLimitBytes });

  it("should refuse an upload past what the owner's uploads may hold, with the storage left", async () => {
    const deps = fakeProjectDeps();
    const owner = randomUUID();
    const company = randomUUID();
    deps.memberships.join(owner, { companyId: company, ownerTier: 'business' });
    await registerUpload(deps, owner, upload(company, 600, 1000));
    const refused = await registerUpload(deps, owner, upload(company, 600, 1000)).catch((e: unknown) => e as AppError);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ code: 'PLAN_LIMIT_REACHED', detail: { field: 'file', limit: 'storageGB', storage_left_bytes: 400 } });
    expect((refused as AppError).message).toMatch(/^Your Business plan includes 50 GB of storage, and this file \(600 bytes\) needs more than the 400 bytes left\./);
    expect(await deps.projects.uploadedBytes([company])).toBe(600);
  });

  it("should hold a caller who names no bound to the plan's storage", async () => {
    const deps = fakeProjectDeps();
    const owner = randomUUID();
    const company = randomUUID();
    deps.memberships.join(owner, { companyId: company });
    await expect(registerUpload(deps, owner, upload(company, 1024 ** 3 + 1))).rejects.toMatchObject({ code: 'PLAN_LIMIT_REACHED' });
    await expect(registerUpload(deps, owner, upload(company, 1024 ** 3))).resolves.toEqual(expect.objectContaining({ filename: 'a.txt' }));
  });
});
