import { describe, expect, it } from '@jest/globals';
import { canManageLrsKeys, isLrsKeyRequest, lrsKeysPath, lrsKeyWrite } from '../app/lib/lrs-keys.js';

describe('the LRS credentials calls', () => {
  it('should let only the Owner manage credentials', () => {
    expect(['owner', 'editor', 'commenter', 'viewer'].map((role) => canManageLrsKeys({ role: role as never }))).toEqual([true, false, false, false]);
  });

  it('should send each intent to its route, and refuse anything else', () => {
    expect(lrsKeyWrite({ intent: 'createKey', companyId: 'c', name: ' Moodle ' })).toEqual({ method: 'POST', path: '/analytics/lrs-keys', body: { company_id: 'c', name: 'Moodle' } });
    expect(lrsKeyWrite({ intent: 'revokeKey', companyId: 'c', keyId: 'k/1' })).toEqual({ method: 'DELETE', path: '/analytics/lrs-keys/k%2F1' });
    expect(lrsKeysPath('c 1')).toBe('/analytics/lrs-keys?company_id=c%201');
    expect(isLrsKeyRequest({ intent: 'createKey', companyId: 'c', name: 'x' })).toBe(true);
    expect(isLrsKeyRequest({ intent: 'revokeKey', companyId: 'c', keyId: 'k' })).toBe(true);
    for (const bad of [null, {}, { intent: 'createKey', name: 'x' }, { intent: 'revokeKey', companyId: 'c', keyId: '' }, { intent: 'dropTable', companyId: 'c' }, { intent: 'createKey', companyId: 'c', name: 3 }]) {
      expect(isLrsKeyRequest(bad)).toBe(false);
    }
  });
});
